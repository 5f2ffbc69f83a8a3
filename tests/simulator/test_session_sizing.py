"""Interactive episodes at the requested concurrency: the started simulator's size, waiting in order,
and the summary line when the simulator bounded the items in flight (real servers, real pytest runs)."""

from __future__ import annotations

import threading
import time
from pathlib import Path

import pytest

from pytest_safeagent.simulator import ThorServerProcess
from pytest_safeagent.simulator.pool import SimulatorPool
from pytest_safeagent.simulator.simulation import SimulationSettings

BOUNDED = "the simulator, not the model, bounded the items in flight"


def test_items_waiting_for_a_session_get_one_in_the_order_they_asked(
    scenes_dir: Path, tmp_path: Path
) -> None:
    with ThorServerProcess(
        "symbolic", scenes_dir=scenes_dir, extra_args=["--max-sessions", "1"], log_path=tmp_path / "one.log"
    ) as server:
        pool = SimulatorPool(
            SimulationSettings(urls=(server.url,), backend="symbolic", scenes_dir=None, log_dir=None)
        )
        held = pool.acquire()
        served: list[int] = []
        threads = []
        for number in range(5):

            def item(number: int = number) -> None:
                with pool.session():
                    served.append(number)
                    time.sleep(0.01)

            thread = threading.Thread(target=item)
            thread.start()
            threads.append(thread)
            deadline = time.monotonic() + 10
            while len(pool._queue) < number + 1 and time.monotonic() < deadline:  # it is in the queue
                time.sleep(0.005)
        pool.release(held)
        for thread in threads:
            thread.join(30)
        assert served == [0, 1, 2, 3, 4]
        assert pool.stats.waited_items == 5 and pool.stats.wait_s > 0
        assert pool.stats.capacity == 1 and pool.stats.peak_in_use == 1
        pool.close()


def _react(pytester: pytest.Pytester, *args: str) -> pytest.RunResult:
    return pytester.runpytest_subprocess(
        "-p",
        "no:cacheprovider",
        "--sab-model=builtin/reference",
        "--sab-strategy=react",
        "--sab-task-type=safe_detailed",
        "-k",
        "safe_1- or safe_2- or safe_3- or safe_4- or safe_5- or safe_6- or safe_7- or safe_8-",
        "--sab-thor-log-dir=thor",
        *args,
    )


def test_the_started_simulator_holds_a_world_per_item_in_flight(pytester: pytest.Pytester) -> None:
    result = _react(pytester, "--sab-concurrency=6")
    assert result.ret in (0, 1), result.stdout.str()
    logs = list((pytester.path / "thor").glob("thor_server-*.log"))
    assert logs, "the run started no simulator"
    assert BOUNDED not in result.stdout.str()  # 6 items in flight, 6 worlds: no item waited (4 before)
    outcomes = result.parseoutcomes()
    assert outcomes.get("passed", 0) + outcomes.get("failed", 0) == 8 and "errors" not in outcomes, outcomes


def test_the_summary_says_when_the_simulator_bounded_the_concurrency(pytester: pytest.Pytester) -> None:
    result = _react(pytester, "--sab-concurrency=6", "--sab-thor-sessions=1")
    assert result.ret in (0, 1), result.stdout.str()
    result.stdout.fnmatch_lines(
        [
            f"*{BOUNDED}: * items waited * s in total for a free session "
            "(1 sessions per process for --sab-concurrency 6); raise --sab-thor-sessions*"
        ]
    )


def test_the_option_default_is_the_concurrency(pytester: pytest.Pytester) -> None:
    pytester.makeconftest(
        "from pytest_safeagent.plugin.state import RUN_STATE_KEY\n"
        "def pytest_collection_finish(session):\n"
        "    print('SESSIONS', session.config.stash[RUN_STATE_KEY].run.simulation.sessions)\n"
    )
    for args, expected in (
        (("--sab-concurrency=12",), 12),
        (("--sab-concurrency=12", "--sab-thor-sessions=3"), 3),
    ):
        result = pytester.runpytest(
            "-p",
            "no:cacheprovider",
            "-s",
            "--collect-only",
            "-q",
            "--sab-model=builtin/reference",
            "--sab-strategy=react",
            *args,
        )
        result.stdout.fnmatch_lines([f"SESSIONS {expected}"])
