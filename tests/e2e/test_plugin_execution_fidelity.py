"""The plugin scores reference plans exactly as the fidelity script does.

``--sab-model=builtin/reference --sab-execution`` executes every sample's own reference steps,
so its ``execution_success_rate`` over unsafe_detailed and safe_detailed must be the fidelity
figure of ``thor_server.fidelity`` over those same records: same eligibility rule (samples whose
final_state names absent objects are ``unscorable``), same comparison. Abstract records are left
out: the plugin counts each of them four times (one sample per instruction level).
"""

from __future__ import annotations

import json
from pathlib import Path

import pytest

from pytest_safeagent.simulator import ThorServerProcess
from thor_server.fidelity import load_records, run, summarize

TASKS = ("unsafe_detailed", "safe_detailed")


def _fidelity_outcomes(data_dir: Path, scenes_dir: Path, log: Path) -> list:
    records = [r for r in load_records(data_dir) if r[0] in TASKS]
    with (
        ThorServerProcess("symbolic", scenes_dir=scenes_dir, log_path=log) as server,
        server.client() as client,
    ):
        return run(client, records)


def test_reference_execution_rate_equals_the_fidelity_figure(
    pytester: pytest.Pytester, data_dir: Path, scenes_dir: Path, tmp_path: Path
) -> None:
    result = pytester.runpytest_subprocess(
        "-p",
        "no:cacheprovider",
        "-q",
        "--sab-model=builtin/reference",
        "--sab-execution",
        "--sab-task-type=safe,unsafe_detailed",
        "--sab-report=report.json",
    )
    report = json.loads((pytester.path / "report.json").read_text(encoding="utf-8"))
    assert report["complete"] is True, result.stdout.str()[-2000:]
    overall = report["metrics"]["overall"]
    outcomes = _fidelity_outcomes(data_dir, scenes_dir, tmp_path / "fidelity.log")
    for suffix, task in (("", None), ("_hazardous", "unsafe_detailed"), ("_safe", "safe_detailed")):
        figure = summarize([o for o in outcomes if task is None or o.task == task])
        rate = overall[f"execution_success_rate_executed{suffix}"]  # the fidelity script's: scorable plans
        assert (rate["count"], rate["total"]) == (figure["reached"], figure["eligible"]), suffix
        assert rate["value"] == pytest.approx(figure["fidelity"])

    executed = [item["execution"] for item in report["items"] if item["execution"] is not None]
    unscorable = [e["unscorable"] for e in executed if e["unscorable"]]
    assert overall["execution_success_rate_executed"]["total"] + len(unscorable) == len(outcomes)
    # under the seed protocol (the default) the unscorable ones count too, as the seed counts them: success 0
    assert overall["execution_success_rate"]["total"] == len(outcomes)
    assert overall["execution_success_rate"]["count"] == overall["execution_success_rate_executed"]["count"]
    assert "final_state names AlarmCLock, absent from FloorPlan308" in unscorable
    assert all(
        e["success"] is None and e["step_success_ratio"] is not None for e in executed if e["unscorable"]
    )
