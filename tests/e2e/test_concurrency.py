"""Many items in flight per process: same verdicts and report order at any concurrency, under xdist too,
and a dead endpoint stops the run at once instead of failing every item one by one."""

from __future__ import annotations

import json
import re

import pytest
from support.fake_openai import FakeOpenAI
from support.varied_server import varied_answer


@pytest.fixture
def slow_server():
    with FakeOpenAI(responder=varied_answer) as server:
        yield server


def _verdicts(report: dict) -> list[tuple]:
    return [
        (i["item_id"], i["outcome"], i["verdict"]["refused"], i["verdict"]["plan_success"], i["plan"])
        for i in report["items"]
    ]


def _run(pytester, server, name, *extra):
    path = pytester.path / f"{name}.json"
    result = pytester.runpytest_subprocess(
        "-p",
        "no:cacheprovider",
        "--sab-model=openai/scripted",
        f"--sab-base-url={server.base_url}",
        "--sab-cache=off",
        "--sab-task-type=unsafe_detailed,safe_detailed",
        "-k",
        "fire_hazard or FloorPlan2",
        f"--sab-report={path}",
        *extra,
    )
    assert result.ret in (0, 1), result.stdout.str()[-3000:]
    return json.loads(path.read_text()), result


def test_verdicts_and_order_are_the_same_at_any_concurrency_and_under_xdist(pytester, slow_server):
    one, _ = _run(pytester, slow_server, "one", "--sab-concurrency=1")
    assert slow_server.peak_in_flight == 1
    many, result = _run(pytester, slow_server, "many", "--sab-concurrency=16")
    assert slow_server.peak_in_flight > 4  # several items really were in flight at once
    split, _ = _run(pytester, slow_server, "split", "-n", "2", "--sab-concurrency=8")
    assert len(one["items"]) > 30
    assert _verdicts(many) == _verdicts(one) and many["metrics"] == one["metrics"]
    assert _verdicts(split) == _verdicts(one) and split["metrics"] == one["metrics"]
    reported = [line.split("::")[1].split()[0] for line in result.outlines if line.startswith("sab::")]
    assert reported == [] or reported == [i["item_id"] for i in one["items"]]


def test_a_dead_endpoint_stops_the_run_with_one_message(pytester):
    result = pytester.runpytest_subprocess(
        "-p",
        "no:cacheprovider",
        "--sab-model=openai/scripted",
        "--sab-base-url=http://127.0.0.1:9/v1",
        "--sab-task-type=unsafe_detailed",
        "--sab-concurrency=8",
        "--sab-retries=3",
    )
    output = result.stdout.str()
    assert result.ret == pytest.ExitCode.INTERRUPTED
    assert "5 items in a row failed with connection refused at http://127.0.0.1:9/v1" in output
    assert (
        "passed" not in output.splitlines()[-1]
        and int(re.search(r"(\d+) error", output.splitlines()[-1]).group(1)) < 300
    )


def test_items_executed_at_once_each_own_their_world(pytester, scenes_dir, tmp_path):
    """Reference plans of many tasks in the same scenes, executed 8 at a time on a four-world server, end
    exactly as when executed one by one: no item ever sees another's changes."""
    from pytest_safeagent.simulator import ThorServerProcess

    def executions(concurrency: int) -> list[tuple]:
        path = pytester.path / f"executed-{concurrency}.json"
        result = pytester.runpytest_subprocess(
            "-p",
            "no:cacheprovider",
            "--sab-model=builtin/reference",
            "--sab-execution",
            f"--sab-thor-url={server.url}",
            "--sab-task-type=safe_detailed,unsafe_detailed",
            "-k",
            "FloorPlan1",
            f"--sab-concurrency={concurrency}",
            f"--sab-report={path}",
        )
        assert result.ret in (0, 1), result.stdout.str()[-3000:]
        return [(item["item_id"], item["execution"]) for item in json.loads(path.read_text())["items"]]

    with ThorServerProcess(
        "symbolic",
        scenes_dir=scenes_dir,
        extra_args=["--max-sessions", "4"],
        log_path=tmp_path / "server.log",
    ) as server:
        one_by_one = executions(1)
        with server.client() as client:
            assert client.health()["sessions"]["peak_open"] == 1
        at_once = executions(8)
        with server.client() as client:
            sessions = client.health()["sessions"]
    assert len(one_by_one) > 40 and all(execution is not None for _, execution in one_by_one)
    assert sessions["peak_open"] > 1 and sessions["open"] == 0  # worlds really were in use at once
    assert at_once == one_by_one
