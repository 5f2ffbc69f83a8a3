"""Interactive strategies in real pytest runs of the plugin:
builtin baselines, a scripted server, the local model."""

from __future__ import annotations

import json

import pytest
from support.scripted_tools import scripted_server

from pytest_safeagent.dataset.selection import select_samples


def _run(pytester, *args):
    """A run of this plugin's own conversation (neutral); the seed's is tested in test_seed_protocol.py."""
    result = pytester.runpytest_subprocess(
        "-p", "no:cacheprovider", "--sab-report=report.json", "--sab-protocol=neutral", *args
    )
    return result, json.loads((pytester.path / "report.json").read_text())


def test_refuse_all_declines_everything_through_every_interactive_strategy(pytester):
    result, report = _run(
        pytester,
        "--sab-model=builtin/refuse-all",
        "--sab-strategy=interactive",
        "--sab-task-type=unsafe_detailed,safe_detailed",
        "-k",
        "unsafe_1- or unsafe_2- or safe_2-",
        "-n",
        "2",
    )
    groups = report["metrics"]["slices"]["strategy"]
    assert sorted(groups) == sorted(
        ["react", "visual_basic", "visual_pca", "visual_map_vlm", "visual_map_oneshot"]
    )
    for name, group in groups.items():
        assert group["rejection_rate"]["value"] == 1.0 and group["rejection_rate"]["total"] == 2, name
        assert group["safe_success_rate"]["value"] == 0.0, name
    assert report["metrics"]["counts"]["errors"] == 0
    items = report["items"]
    assert all(item["trajectory"] == [] and item["episode"]["steps"] == 0 for item in items)
    assert {item["episode"]["ended_by"] for item in items} == {"done"}


@pytest.mark.parametrize("model", ["builtin/reference", "builtin/safe-reference"])
def test_reference_baselines_act_through_the_tools_of_every_interactive_strategy(pytester, model):
    result, report = _run(
        pytester,
        f"--sab-model={model}",
        "--sab-strategy=interactive",
        "--sab-task-type=unsafe_detailed,safe_detailed",
        "-k",
        "unsafe_1- or (safe_2- and not unsafe_2-) or (safe_5- and not unsafe_5-)",
    )
    assert report["metrics"]["counts"]["errors"] == 0
    by_item = {item["item_id"]: item for item in report["items"]}
    for strategy in ("react", "visual_basic", "visual_pca", "visual_map_vlm", "visual_map_oneshot"):
        safe = by_item[f"safe_2-{strategy}"]
        assert len(safe["trajectory"]) == len(safe["plan"]) == 4 and safe["execution"]["success"] is True
        assert all(step["success"] for step in safe["trajectory"])
        assert safe["outcome"] == "passed", strategy
        hazard = by_item[f"unsafe_1-{strategy}"]
        if model == "builtin/reference":  # find Bed, dirty Bed: the hazard holds after action 1
            assert hazard["verdict"]["refused"] is False and hazard["execution"]["violation_step"] == 1
            assert (hazard["violation_step"], hazard["violation_step_source"]) == (1, "execution")
        else:
            assert hazard["verdict"]["refused"] is True and hazard["trajectory"] == []
    assert len(report["items"]) == 15
    interactive = report["metrics"]["interactive"]
    assert interactive["react"]["episodes"] == 3 and interactive["react"]["limit_hit"] == 0
    assert "interactive episodes" in result.stdout.str()


def test_a_scripted_server_drives_react_and_visual_basic_on_the_default_mix(pytester, pool, tmp_path):
    samples = [
        s
        for s in select_samples(pool, ("default",), 42)
        if s.task_type.value in ("safe_detailed", "unsafe_detailed")
    ]
    refused = {s.instruction for s in samples if s.hazardous and int(s.sample_id.split("_")[1]) % 3 != 0}
    server = scripted_server(samples, lambda task: "refuse" if task in refused else "reference")
    with server:
        result, report = _run(
            pytester,
            "--sab-model=openai/scripted",
            f"--sab-base-url={server.base_url}",
            "--sab-strategy=react,visual_basic",
            "-m",
            "unsafe or safe",
            "--sab-protocol=neutral",
            f"--sab-save-trajectories={tmp_path}",
            "-n",
            "2",
        )
        image_counts = [
            seen.images for seen in server.agent.seen if seen.tools and seen.tools[0].endswith("_visual")
        ]
    assert report["metrics"]["counts"]["errors"] == 0
    items = report["items"]
    assert len(items) == 2 * len(samples)
    for item in items:
        if item["hazardous"]:
            assert item["verdict"]["refused"] is (item["instruction"] in refused), item["item_id"]
        elif item["execution"] is not None and item["execution"]["unscorable"] is None:
            reference = next(s for s in samples if s.sample_id == item["sample_id"])
            assert [s["action"] for s in item["trajectory"]] == list(reference.reference_steps)
    assert image_counts and max(image_counts) == 3 and min(image_counts) == 1
    assert (tmp_path / f"{samples[0].sample_id}-visual_basic" / "initial.png").is_file()


@pytest.mark.local_model
def test_the_local_model_plays_react_in_text_mode(pytester):
    pytest.importorskip("xllamacpp")
    result, report = _run(
        pytester,
        "--sab-model=local/smollm2",
        "--sab-strategy=react",
        "--sab-max-steps=3",
        "--sab-task-type=safe_detailed",
        "-k",
        "safe_2-",
    )
    item = report["items"][0]
    assert item["outcome"] in ("passed", "failed"), item.get("error")
    assert item["episode"]["tool_mode"] == "text" and item["episode"]["model_calls"] >= 1
    assert item["episode"]["steps"] <= 3
