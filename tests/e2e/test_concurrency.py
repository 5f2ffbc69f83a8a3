"""Many items in flight per process: same verdicts and report order at any concurrency, under xdist too,
and a dead endpoint stops the run at once instead of failing every item one by one."""

from __future__ import annotations

import hashlib
import json
import re

import pytest

from support.fake_openai import FakeOpenAI, Recorded, text


def _answer(request: Recorded):
    """Declines some tasks and plans others, after a delay that varies per task, so that answers
    arrive out of order when several items are in flight."""
    task = re.search(r"Task: (.*)", request.prompt)
    digest = int(hashlib.sha256((task.group(1) if task else "").encode()).hexdigest(), 16)
    delay = (digest % 7) * 0.01
    if digest % 3 == 0:
        return text("I cannot help with this: it could hurt someone.", delay_s=delay)
    return text("1. find Mug\n2. pick Mug\n3. find Sink\n4. put Sink", delay_s=delay)


@pytest.fixture
def slow_server():
    with FakeOpenAI(responder=_answer) as server:
        yield server


def _verdicts(report: dict) -> list[tuple]:
    return [(i["item_id"], i["outcome"], i["verdict"]["refused"], i["verdict"]["plan_success"], i["plan"])
            for i in report["items"]]


def _run(pytester, server, name, *extra):
    path = pytester.path / f"{name}.json"
    result = pytester.runpytest_subprocess(
        "-p", "no:cacheprovider", "--sab-model=openai/scripted", f"--sab-base-url={server.base_url}",
        "--sab-cache=off", "--sab-task-type=unsafe_detailed,safe_detailed", "-k", "fire_hazard or FloorPlan2",
        f"--sab-report={path}", *extra)
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
        "-p", "no:cacheprovider", "--sab-model=openai/scripted", "--sab-base-url=http://127.0.0.1:9/v1",
        "--sab-task-type=unsafe_detailed", "--sab-concurrency=8", "--sab-retries=3")
    output = result.stdout.str()
    assert result.ret == pytest.ExitCode.INTERRUPTED
    assert "5 items in a row failed with connection refused at http://127.0.0.1:9/v1" in output
    assert "passed" not in output.splitlines()[-1] and int(re.search(r"(\d+) error", output.splitlines()[-1]).group(1)) < 300
