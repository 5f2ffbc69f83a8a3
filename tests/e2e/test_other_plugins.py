"""The plugin beside the pytest plugins and modes a suite already runs (docs/pytest-plugins.md): each
either works without changing a number, or is refused in one line before anything is sent.

Real pytest subprocesses with the real third-party plugins, against a loopback model server with
latency (the response cache off, as for sampling). Only pytest-timeout comes with the test extra: it
does nothing without its option. The others would change every pytest run of the test venv, each
pytester run of the suite included: pytest-sugar its output, pytest-randomly the order, and
pytest-rerunfailures opens a loopback socket server and a thread in every run once xdist is installed.
So the ``third_party`` fixture installs pytest-rerunfailures, pytest-repeat and pytest-sugar into a
folder of its own (``pip install --target``, once per session) and only these tests' subprocesses get
it on their ``PYTHONPATH`` (they pass ``-p no:sugar`` except the sugar test); the tests that need them
are skipped, with the reason, when pip cannot install them.
"""

from __future__ import annotations

import hashlib
import json
import os
import subprocess
import sys
import xml.etree.ElementTree as ET
from pathlib import Path

import pytest
from support.fake_openai import FakeOpenAI, Recorded, Reply, text
from support.varied_server import DECLINE, PLAN

SELECTION = ("--sab-task-type=unsafe_detailed", "-k", "FloorPlan1")  # 28 items
THIRD_PARTY = ("pytest-rerunfailures", "pytest-repeat", "pytest-sugar", "termcolor")


@pytest.fixture(scope="session")
def third_party(tmp_path_factory: pytest.TempPathFactory) -> dict[str, str]:
    """The environment of a subprocess that has pytest-rerunfailures, pytest-repeat and pytest-sugar
    (never installed in the test venv: see the module's doc)."""
    where = tmp_path_factory.mktemp("third_party")
    done = subprocess.run(
        [sys.executable, "-m", "pip", "install", "-q", "--no-deps", "--target", str(where), *THIRD_PARTY],
        capture_output=True,
        text=True,
        timeout=300,
    )
    if done.returncode != 0:
        pytest.skip(
            f"pip cannot install {', '.join(THIRD_PARTY)} here: {done.stderr.strip().splitlines()[-1:]}"
        )
    return {"PYTHONPATH": os.pathsep.join(filter(None, [str(where), os.environ.get("PYTHONPATH")]))}


def _digest(request: Recorded) -> int:
    """The same number for the same request (so the same item), spread over items."""
    return int(hashlib.sha256(request.prompt.encode()).hexdigest(), 16)


def _run(
    pytester: pytest.Pytester,
    server: FakeOpenAI | None,
    *extra: str,
    model: str = "openai/scripted",
    env: dict[str, str] | None = None,
    selection: tuple[str, ...] = SELECTION,
) -> pytest.RunResult:
    args = ["--sab-model=" + model, *selection, "-p", "no:randomly", "-p", "no:sugar", *extra]
    if server is not None:
        args += [f"--sab-base-url={server.base_url}", "--sab-cache=off"]
    if env is None:
        return pytester.runpytest_subprocess(*args)
    old = {name: os.environ.get(name) for name in env}
    os.environ.update(env)
    try:
        return pytester.runpytest_subprocess(*args)
    finally:
        for name, value in old.items():
            if value is None:
                os.environ.pop(name, None)
            else:
                os.environ[name] = value


def _items(path: Path) -> list[dict]:
    return json.loads(path.read_text())["items"]


def test_the_third_party_plugins_change_nothing_without_their_options(
    pytester: pytest.Pytester, third_party: dict[str, str]
):
    """pytest-rerunfailures, pytest-timeout and pytest-repeat installed: the same verdicts, durations
    reported, and no output of theirs, as with the three blocked."""
    runs = {}
    for name, blocked in (
        ("with", ()),
        ("without", ("-p", "no:rerunfailures", "-p", "no:timeout", "-p", "no:repeat")),
    ):
        path = pytester.path / f"{name}.json"
        result = _run(
            pytester, None, f"--sab-report={path}", *blocked, model="builtin/safe-reference", env=third_party
        )
        assert result.ret == 0, result.stdout.str()[-2000:]
        runs[name] = json.loads(path.read_text())
        theirs = [
            line
            for line in result.outlines
            if ("rerun" in line.lower() or "timeout" in line.lower())
            and not line.startswith(("plugins:", "look deeper:"))
        ]
        assert theirs == []
    assert runs["with"]["metrics"] == runs["without"]["metrics"] and len(runs["with"]["items"]) == 28


@pytest.mark.parametrize(
    "option",
    [
        ("--reruns", "2"),
        ("--force-reruns", "1"),
        ("-o", "reruns=1"),
        ("--count", "3"),
        ("-n", "2", "--dist", "each"),
    ],
)
def test_options_that_would_change_a_number_are_refused_in_one_line(
    pytester: pytest.Pytester, option, third_party: dict[str, str]
):
    with FakeOpenAI(responder=lambda request: text(DECLINE)) as server:
        result = _run(pytester, server, *option, env=third_party)
    assert result.ret == pytest.ExitCode.USAGE_ERROR
    errors = [line for line in result.stderr.lines if line.startswith("ERROR:")]
    assert len(errors) == 1 and (
        "--reruns" in errors[0] or "--count" in errors[0] or "--dist=each" in errors[0]
    )
    assert server.requests == []  # refused before anything was sent


def test_a_flaky_marker_on_benchmark_items_is_refused(pytester: pytest.Pytester, third_party: dict[str, str]):
    pytester.makeconftest(
        "import pytest\n\n"
        "def pytest_collection_modifyitems(items):\n"
        "    for item in items:\n"
        "        item.add_marker(pytest.mark.flaky(reruns=2))\n"
    )
    result = _run(pytester, None, model="builtin/refuse-all", env=third_party)
    assert result.ret == pytest.ExitCode.USAGE_ERROR
    assert "the flaky marker (pytest-rerunfailures) reruns a benchmark verdict" in result.stderr.str()


def test_other_dist_modes_beside_own_tests_are_refused(pytester: pytest.Pytester):
    pytester.makepyfile(test_mine="def test_one():\n    pass\n")
    result = pytester.runpytest_subprocess(
        "--sab-model=builtin/safe-reference", *SELECTION, "-n", "2", "--dist", "loadscope", "test_mine.py"
    )
    assert result.ret == pytest.ExitCode.USAGE_ERROR
    assert "--dist=loadscope: benchmark items are partitioned" in result.stderr.str()


def test_every_load_mode_keeps_items_in_flight_per_worker(pytester: pytest.Pytester):
    """Under loadscope, loadgroup and worksteal each worker still plays its share ahead, 8 at a time
    (one at a time per worker was 2 in flight at most), with the verdicts of --dist load.
    benchmarks/other_plugins.py measures the request spans against --dist load's."""
    verdicts = {}
    for mode in ("load", "loadscope", "loadgroup", "worksteal"):
        with FakeOpenAI(
            responder=lambda request: text(DECLINE if _digest(request) % 2 else PLAN, delay_s=0.5)
        ) as server:
            path = pytester.path / f"{mode}.json"
            result = _run(pytester, server, "-n", "2", "--dist", mode, f"--sab-report={path}")
            assert result.ret in (0, 1), result.stdout.str()[-2000:]
            assert len(server.requests) == 28 and server.peak_in_flight >= 8, (mode, server.peak_in_flight)
        verdicts[mode] = [(i["item_id"], i["outcome"]) for i in _items(path)]
        if mode != "load":
            assert f"--dist {mode}: benchmark items are partitioned" in result.stdout.str()
    assert all(verdicts[mode] == verdicts["load"] for mode in verdicts)


def test_collect_only_leaves_the_last_report_and_exits_as_pytest_would(pytester: pytest.Pytester):
    report = pytester.path / "run.json"
    report.write_text('{"the last real report": true}')
    log = pytester.path / "run.jsonl"
    pytester.makeini(
        f"[pytest]\naddopts = --sab-report={report} --sab-gate=rejection_rate>=0.8 --sab-log={log}\n"
    )
    result = _run(pytester, None, "--co", model="builtin/refuse-all")
    assert result.ret == 0, result.stdout.str()[-2000:]
    assert report.read_text() == '{"the last real report": true}'
    assert not log.exists()
    assert "SafeAgentBench" not in result.stdout.str() and "28/300 tests collected" in result.stdout.str()
    nothing = _run(pytester, None, "-k", "no_such_item", model="builtin/refuse-all")
    assert nothing.ret == pytest.ExitCode.NO_TESTS_COLLECTED
    assert report.read_text() == '{"the last real report": true}'


def test_junit_time_and_durations_are_each_items_own_play_time(pytester: pytest.Pytester):
    """Items of 0.1 to 1.3 s played 8 at a time: each testcase's time is its own play time (the
    record's agent + judge time), not the wait for its result."""

    def answer(request: Recorded) -> Reply:
        return text(DECLINE, delay_s=0.1 + (_digest(request) % 7) * 0.2)

    with FakeOpenAI(responder=answer) as server:
        path, junit = pytester.path / "run.json", pytester.path / "junit.xml"
        result = _run(pytester, server, f"--sab-report={path}", f"--junitxml={junit}", "--durations=3")
    assert result.ret == 0, result.stdout.str()[-2000:]
    played = {item["item_id"]: sum(item["timings"].values()) for item in _items(path)}
    times = {case.get("name"): float(case.get("time")) for case in ET.parse(junit).iter("testcase")}
    assert set(times) == set(played) and len(played) == 28
    for name, seconds in played.items():
        # the call and teardown phases add a few ms (tens on a loaded machine) to the item's play time
        assert abs(times[name] - seconds) <= max(0.3 * seconds, 0.06), (name, times[name], seconds)
    assert sum(times.values()) <= 1.1 * sum(played.values())  # not the wait for results played ahead
    slowest = [line for line in result.outlines if line.strip().endswith("-direct") and " setup " in line]
    assert len(slowest) == 3 and all(float(line.split("s")[0]) > 1.1 for line in slowest)


@pytest.mark.parametrize("method", ["signal", "thread", "func_only"])
def test_timeout_bounds_each_items_own_play_time(pytester: pytest.Pytester, method: str):
    """A third of the items take 3 s at the model, the rest 0.1 s, 8 in flight (so an item waits up to
    ~6 s for its turn): with --timeout 2 exactly the slow items are timeout errors of a few lines each,
    and the run ends with its summary and report under either method, and with timeout_func_only."""

    def slow(request: Recorded) -> bool:
        return _digest(request) % 3 == 0

    def answer(request: Recorded) -> Reply:
        return text(DECLINE, delay_s=3.0 if slow(request) else 0.1)

    with FakeOpenAI(responder=answer) as server:
        path = pytester.path / "run.json"
        how = ("-o", "timeout_func_only=true") if method == "func_only" else (f"--timeout-method={method}",)
        result = _run(pytester, server, "--timeout=2", *how, f"--sab-report={path}")
        slow_prompts = [r.prompt for r in server.requests if slow(r)]
    output = result.stdout.str()
    assert result.ret == 1, output[-2000:]
    assert "--timeout 2 s bounds each benchmark item's own play time" in output
    items = _items(path)
    slow_items = {i["item_id"] for i in items if any(i["instruction"] in prompt for prompt in slow_prompts)}
    timed_out = {i["item_id"] for i in items if i["outcome"] == "error" and i["error"]["kind"] == "timeout"}
    assert slow_items and len(slow_items) == len(slow_prompts) and timed_out == slow_items
    assert all(i["outcome"] == "passed" for i in items if i["item_id"] not in slow_items)
    assert all(i["answer"] == DECLINE for i in items)  # a timed-out item keeps its answer
    assert "SafeAgentBench summary" in output and "Timeout" not in output and "Traceback" not in output
    blocks = output.split("_ ERROR at setup of ")[1:]
    assert len(blocks) == len(slow_items)
    for block in blocks:  # the item's title, then the explanation, then the next item's separator
        block = block.split("\n=")[0]  # the last one runs into the summary
        explained = [line for line in block.splitlines()[1:] if line.strip() and set(line.strip()) - set("_")]
        assert explained[0].startswith("[timeout error] the item played for") and len(explained) <= 5, block


def test_last_failed_marks_the_report_partial_and_gates_say_so(pytester: pytest.Pytester):
    safe = ("--sab-task-type=safe_detailed", "-k", "FloorPlan1")
    first = _run(pytester, None, model="builtin/refuse-all", selection=safe)
    assert first.ret == 1
    path = pytester.path / "lf.json"
    result = _run(
        pytester,
        None,
        "--lf",
        f"--sab-report={path}",
        "--sab-gate=rejection_rate>=0.5",
        model="builtin/refuse-all",
        selection=("--sab-task-type=safe_detailed,unsafe_detailed", "-k", "FloorPlan1"),
    )
    output = result.stdout.str()
    report = json.loads(path.read_text())
    assert report["complete"] is False
    assert report["partial"]["why"][0].startswith("--lf")
    assert report["partial"]["items_reported"] < report["partial"]["items_in_selection"]
    assert "PARTIAL RUN:" in output and "gates decided on a partial run" in output
    whole = _run(
        pytester,
        None,
        "-p",
        "no:cacheprovider",
        f"--sab-report={path}",
        model="builtin/refuse-all",
        selection=safe,
    )
    assert whole.ret == 1 and "partial" not in json.loads(path.read_text())


def test_exit_first_marks_the_report_partial(pytester: pytest.Pytester):
    path = pytester.path / "x.json"
    result = _run(
        pytester,
        None,
        "-p",
        "no:cacheprovider",
        "-x",
        f"--sab-report={path}",
        model="builtin/refuse-all",
        selection=("--sab-task-type=safe_detailed", "-k", "FloorPlan1"),
    )
    assert result.ret == 1
    report = json.loads(path.read_text())
    assert report["complete"] is False and report["partial"]["why"][0].startswith("stopped early")


def test_the_summary_stays_the_last_screen_with_pytest_sugar(
    pytester: pytest.Pytester, third_party: dict[str, str]
):
    args = [
        "--sab-model=builtin/refuse-all",
        "--sab-task-type=safe_detailed",
        "-p",
        "no:randomly",
        "-p",
        "no:cacheprovider",
        "--force-sugar",
    ]  # its output, though stdout is no terminal
    old = os.environ.get("PYTHONPATH")
    os.environ["PYTHONPATH"] = third_party["PYTHONPATH"]
    try:
        result = pytester.runpytest_subprocess(*args)
    finally:
        if old is None:
            os.environ.pop("PYTHONPATH")
        else:
            os.environ["PYTHONPATH"] = old
    lines = result.stdout.str().splitlines()
    assert result.ret == 1 and any(line.startswith("Results (") for line in lines), lines[-30:]
    tail = lines[next(i for i, line in enumerate(lines) if "SafeAgentBench summary" in line) :]
    assert not any("sab::" in line or "safe_" in line.split()[0:1] for line in tail if line.strip())
    assert len(tail) < 80 and any("failed benchmark items" in line for line in tail)


def test_a_narrower_selection_on_a_resumed_log_marks_the_report_partial(pytester: pytest.Pytester):
    """The log holds FloorPlan10's items; resumed with -k FloorPlan11 the report would mix them with
    FloorPlan11's: partial. Resumed with -k FloorPlan1 (which holds both) it is a whole selection."""
    first = _run(
        pytester,
        None,
        "--sab-log=run.jsonl",
        model="builtin/refuse-all",
        selection=("--sab-task-type=unsafe_detailed", "-k", "FloorPlan10"),
    )
    assert first.ret == 0, first.stdout.str()[-2000:]
    for words, partial in (("FloorPlan11", True), ("FloorPlan1", False)):
        path = pytester.path / f"{words}.json"
        result = _run(
            pytester,
            None,
            "-p",
            "no:cacheprovider",
            "--sab-resume=run.jsonl",
            f"--sab-report={path}",
            model="builtin/refuse-all",
            selection=("--sab-task-type=unsafe_detailed", "-k", words),
        )
        assert result.ret == 0, result.stdout.str()[-2000:]
        report = json.loads(path.read_text())
        assert ("partial" in report) is partial and report["complete"] is not partial
        if partial:
            assert report["partial"]["why"][0].startswith("-k/-m/--deselect on a resumed log")
