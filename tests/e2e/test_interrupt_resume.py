"""A real pytest process interrupted half-way (SIGINT, or killed outright), then resumed, ends with
exactly the metrics and items of a run straight through."""

from __future__ import annotations

import json
import signal
import subprocess
import time
from pathlib import Path

import pytest
from gating_helpers import PYTEST, run_benchmark_subprocess, subprocess_env

ITEMS = 130  # the default mix
# Slows every item a little, so that the run is still going when the signal arrives.
SLOW_PLUGIN = "import time\n\ndef pytest_runtest_setup(item):\n    time.sleep(0.03)\n"


@pytest.fixture
def workdir(tmp_path: Path, data_dir: Path) -> Path:
    (tmp_path / "pytest.ini").write_text("[pytest]\nasyncio_default_fixture_loop_scope = function\n")
    (tmp_path / "sab_slow.py").write_text(SLOW_PLUGIN)
    return tmp_path


@pytest.fixture(scope="module")
def straight(tmp_path_factory: pytest.TempPathFactory, data_dir: Path) -> dict:
    where = tmp_path_factory.mktemp("straight")
    (where / "pytest.ini").write_text("[pytest]\nasyncio_default_fixture_loop_scope = function\n")
    done = run_benchmark_subprocess(where, "--sab-model=builtin/reference", "--sab-report=straight.json")
    assert done.returncode == 1, done.stderr
    return json.loads((where / "straight.json").read_text())


def _logged_items(log: Path) -> int:
    if not log.exists():
        return 0
    return sum(1 for line in log.read_text().splitlines() if line.startswith('{"kind":"item"'))


def _start_and_stop_half_way(workdir: Path, how: signal.Signals) -> subprocess.CompletedProcess:
    command = [*PYTEST, "-p", "sab_slow", "--sab-model=builtin/reference", "--sab-report=run.json"]
    with open(workdir / "first.out", "w") as output:
        process = subprocess.Popen(
            command,
            cwd=workdir,
            env=subprocess_env(workdir),
            stdout=output,
            stderr=subprocess.STDOUT,
            text=True,
        )
        try:
            deadline = time.monotonic() + 120
            while _logged_items(workdir / "run.jsonl") < ITEMS // 2:
                assert process.poll() is None, "the run finished before it could be interrupted"
                assert time.monotonic() < deadline, "the results log did not grow"
                time.sleep(0.01)
            process.send_signal(how)
            process.wait(timeout=60)
        finally:
            if process.poll() is None:
                process.kill()
                process.wait()
    return subprocess.CompletedProcess(command, process.returncode, (workdir / "first.out").read_text(), "")


def _assert_same_run(report: dict, straight: dict) -> None:
    assert report["complete"] is True
    assert report["metrics"] == straight["metrics"]
    assert [item["item_id"] for item in report["items"]] == [item["item_id"] for item in straight["items"]]
    strip = lambda item: {k: v for k, v in item.items() if k != "timings"}  # noqa: E731
    assert [strip(i) for i in report["items"]] == [strip(i) for i in straight["items"]]


def test_sigint_half_way_then_resume_gives_the_straight_metrics(workdir, straight):
    first = _start_and_stop_half_way(workdir, signal.SIGINT)
    assert first.returncode == pytest.ExitCode.INTERRUPTED, first.stdout
    logged = _logged_items(workdir / "run.jsonl")
    assert ITEMS // 2 <= logged < ITEMS
    partial = json.loads((workdir / "run.json").read_text())  # written at the end, also when interrupted
    # the signal can land between the log's append and the controller's, so they may differ by one item
    assert partial["complete"] is False and abs(len(partial["items"]) - logged) <= 1
    assert partial["metrics"]["counts"]["missing"] == ITEMS - len(partial["items"])
    assert "to finish this run: rerun the same command with --sab-resume run.jsonl" in first.stdout
    log = [json.loads(line) for line in (workdir / "run.jsonl").read_text().splitlines()[1:]]
    reused = sum(1 for line in log if line["record"]["outcome"] in ("passed", "failed"))

    resumed = run_benchmark_subprocess(
        workdir, "--sab-model=builtin/reference", "--sab-report=run.json", "--sab-resume=run.jsonl"
    )
    assert resumed.returncode == 1, resumed.stdout  # the straight run's status: items failed on their verdict
    assert f"{reused} deselected" in resumed.stdout
    _assert_same_run(json.loads((workdir / "run.json").read_text()), straight)


def test_killed_half_way_with_a_torn_line_then_resume_gives_the_straight_metrics(workdir, straight):
    first = _start_and_stop_half_way(workdir, signal.SIGKILL)
    assert first.returncode == -signal.SIGKILL
    assert not (workdir / "run.json").exists()  # a crash writes no report; the log is what survives
    with open(workdir / "run.jsonl", "a") as log:
        log.write('{"kind":"item","record":{"item_id":"unsafe_')  # as if killed in the middle of a line
    resumed = run_benchmark_subprocess(
        workdir,
        "--sab-model=builtin/reference",
        "--sab-report=run.json",
        "--sab-resume=run.jsonl",
        "--sab-gate=safe_success_rate>=0.65",  # the reference plans: 20 of 30
    )
    assert resumed.returncode == 0, resumed.stdout  # the gate decides, and it passes
    assert "a torn last line was ignored" in resumed.stdout
    _assert_same_run(json.loads((workdir / "run.json").read_text()), straight)
    assert all(json.loads(line) for line in (workdir / "run.jsonl").read_text().splitlines())


def test_resume_under_xdist_runs_only_the_rest(workdir, straight):
    first = run_benchmark_subprocess(workdir, "--sab-model=builtin/reference", "--sab-report=full.json")
    assert first.returncode == 1
    lines = (workdir / "full.jsonl").read_text().splitlines()
    (workdir / "partial.jsonl").write_text("\n".join(lines[:41]) + "\n")  # the header and 40 items
    reused = sum(1 for line in lines[1:41] if json.loads(line)["record"]["outcome"] in ("passed", "failed"))
    resumed = run_benchmark_subprocess(
        workdir,
        "-n",
        "2",
        "--sab-model=builtin/reference",
        "--sab-report=run.json",
        "--sab-resume=partial.jsonl",
        extra_path=workdir,
    )
    assert resumed.returncode == 1, resumed.stdout
    _assert_same_run(json.loads((workdir / "run.json").read_text()), straight)
    log = (workdir / "run.jsonl").read_text().splitlines()
    assert len(log) == 1 + reused + (
        ITEMS - reused
    )  # header, the reused records, and only the rest run again
