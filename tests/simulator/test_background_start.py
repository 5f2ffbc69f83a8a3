"""SimulatorPool.start_in_background: a started server is launched ahead of the first session, and a
launch that fails is the first asker's error (once), as if that item had launched it itself."""

from __future__ import annotations

import os
import time
from pathlib import Path

import pytest

from pytest_safeagent.simulator.client import SimulatorError
from pytest_safeagent.simulator.pool import SimulatorPool
from pytest_safeagent.simulator.simulation import SimulationSettings

SCENES = os.environ.get("SAB_SCENES_DIR", str(Path(__file__).resolve().parents[3] / "shared" / "thor_scenes"))


def settings(tmp_path: Path, scenes_dir: str) -> SimulationSettings:
    return SimulationSettings(
        urls=(), backend="symbolic", scenes_dir=scenes_dir, log_dir=tmp_path, sessions=2
    )


def test_the_server_launched_in_the_background_serves_the_first_session(tmp_path):
    pool = SimulatorPool(settings(tmp_path, SCENES))
    try:
        pool.start_in_background()
        deadline = time.monotonic() + 60
        while not pool.started_processes() and time.monotonic() < deadline:  # no session asked for yet
            time.sleep(0.02)
        (process,) = pool.started_processes()
        assert process.is_alive()
        with pool.session() as world:
            assert world.reset("FloorPlan1")["scene"] == "FloorPlan1"
        assert pool.started_processes() == [process]  # the session used it: no second launch
    finally:
        pool.close()
    assert not process.is_alive()


def test_a_failed_background_launch_is_the_first_askers_error_then_the_next_one_tries_again(tmp_path):
    missing = tmp_path / "no-scenes"
    pool = SimulatorPool(settings(tmp_path, str(missing)))
    try:
        pool.start_in_background()
        for _ in range(2):  # the kept error, then a launch of the asker's own: the same failure
            with pytest.raises(SimulatorError, match="no-scenes"):
                with pool.session():
                    pass
    finally:
        pool.close()


def test_the_servers_asked_to_stop_exit_before_the_pool_closes(tmp_path):
    pool = SimulatorPool(settings(tmp_path, SCENES))
    try:
        with pool.session() as world:
            world.reset("FloorPlan1")
        (process,) = pool.started_processes()
        pool.ask_to_stop()
        process._process.wait(timeout=30)  # exits on its own, before close() collects it
        assert not process.is_alive()
    finally:
        pool.close()
