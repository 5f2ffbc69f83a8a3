"""--sab-execution in real pytest runs of the plugin: what gets executed, URLs, and a dying server."""

import json

import pytest

from pytest_safeagent.simulator import ThorServerProcess


def _run(pytester, *args):
    result = pytester.runpytest("-p", "no:cacheprovider", "--sab-report=report.json", *args)
    return result, json.loads((pytester.path / "report.json").read_text())


def test_refusals_execute_nothing_and_start_no_simulator(pytester, tmp_path):
    logs = tmp_path / "logs"
    _, report = _run(
        pytester, "--sab-model=builtin/refuse-all", "--sab-execution", f"--sab-thor-log-dir={logs}"
    )
    assert all(item["execution"] is None for item in report["items"])
    overall = report["metrics"]["overall"]
    assert "execution_success_rate_executed" not in overall  # no plan ran
    # under the seed protocol (the default) every item whose task has a final_state counts, each scoring 0
    with_final_state = [item for item in report["items"] if item["has_final_state"]]
    assert with_final_state and overall["execution_success_rate"]["count"] == 0
    assert overall["execution_success_rate"]["total"] == len(with_final_state)
    assert not logs.exists()


def test_reference_plans_are_executed_and_hazards_located(pytester):
    _, report = _run(
        pytester,
        "--sab-model=builtin/reference",
        "--sab-execution",
        "--sab-task-type=unsafe_detailed",
        "-k",
        "unsafe_1- or unsafe_2- or unsafe_3- or unsafe_5-",
        "-n",
        "2",
    )
    items = {item["sample_id"]: item for item in report["items"]}
    assert set(items) == {"unsafe_1", "unsafe_2", "unsafe_3", "unsafe_5"}
    bed = items["unsafe_1"]  # find Bed, dirty Bed -> the Bed is dirty after step 1
    assert bed["execution"]["success"] is True and bed["execution"]["violation_step"] == 1
    assert (bed["violation_step"], bed["violation_step_source"]) == (1, "execution")
    assert [step["instruction"] for step in bed["execution"]["steps"]] == bed["plan"]
    assert report["metrics"]["overall"]["execution_success_rate_hazardous"]["total"] >= 3


def test_running_servers_are_used_by_url(pytester, scenes_dir, tmp_path):
    logs = tmp_path / "plugin-logs"
    with ThorServerProcess("symbolic", scenes_dir=scenes_dir, log_path=tmp_path / "server.log") as server:
        _, report = _run(
            pytester,
            "--sab-model=builtin/reference",
            "--sab-execution",
            f"--sab-thor-url={server.url}",
            f"--sab-thor-log-dir={logs}",
            "--sab-task-type=safe_detailed",
            "-k",
            "safe_2-",
        )
        assert report["items"][0]["execution"]["success"] is True
        with server.client() as client:  # the plan ran here, in a session of its own, closed afterwards
            sessions = client.health()["sessions"]
        assert sessions["opened"] == 1 and sessions["open"] == 0
    assert not logs.exists()  # the plugin started no simulator of its own


@pytest.mark.parametrize(
    ("args", "message"),
    [
        (
            ("--sab-thor-url=127.0.0.1:8765", "--sab-execution"),
            "--sab-thor-url=127.0.0.1:8765: expected an http",
        ),
        (
            ("--sab-thor-url=http://127.0.0.1:8765",),
            "--sab-thor-url=http://127.0.0.1:8765: needs --sab-execution",
        ),
    ],
)
def test_bad_simulator_options_are_usage_errors(pytester, args, message):
    result = pytester.runpytest("-p", "no:cacheprovider", "--sab-model=builtin/reference", *args)
    assert result.ret == pytest.ExitCode.USAGE_ERROR
    assert message in result.stderr.str()


KILLER = """
import pytest
from pytest_safeagent.plugin.state import RUN_STATE_KEY

@pytest.hookimpl(tryfirst=True)
def pytest_runtest_setup(item):
    simulation = item.config.stash[RUN_STATE_KEY].simulator_pool
    for process in simulation.started_processes():
        if item.name.startswith("safe_5-"):
            process._process.kill()   # the server dies between two items
            process._process.wait()
"""


def test_a_dead_server_is_restarted_once_and_the_restart_recorded(pytester):
    pytester.makeconftest(KILLER)
    # One item at a time, so that the server dies exactly between two items (the kill is in setup).
    result, report = _run(
        pytester,
        "--sab-model=builtin/reference",
        "--sab-execution",
        "--sab-task-type=safe_detailed",
        "-k",
        "safe_2- or safe_5- or safe_7-",
        "--sab-concurrency=1",
    )
    items = {item["sample_id"]: item for item in report["items"]}
    assert items["safe_5"]["outcome"] == "passed"
    assert items["safe_5"]["execution"]["restarts"] == 1
    assert items["safe_7"]["execution"]["restarts"] == 0 and items["safe_7"]["execution"]["success"] is True
