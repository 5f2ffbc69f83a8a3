"""A server the pool started serves only this process, so the pool keeps each sound session open for the
next item, which resets it: one request instead of opening one session and closing another. A reset asks
for the world's objects in the same request, and the state read right after it is that answer."""

from __future__ import annotations

import time
from pathlib import Path

import pytest

from pytest_safeagent.simulator import ThorServerProcess
from pytest_safeagent.simulator.client import SimulatorError, ThorClient
from pytest_safeagent.simulator.pool import SimulatorPool
from pytest_safeagent.simulator.simulation import SimulationSettings


def _sessions(pool: SimulatorPool) -> dict:
    with ThorClient(pool.started_processes()[0].url) as client:
        return client.health()["sessions"]


def _candle(objects: list[dict]) -> dict:
    return next(o for o in objects if o["objectType"] == "Candle")


def test_the_next_item_resets_the_session_the_last_one_left_open(started_pool: SimulatorPool) -> None:
    seen: list[tuple[str | None, bool]] = []

    def light_the_candle(world) -> None:
        world.reset("FloorPlan401")
        seen.append((world.session_id, _candle(world.state())["isToggled"]))  # a fresh world every time
        world.execute("find Candle")
        assert world.execute("turn_on Candle")["success"] is True

    for _ in range(3):
        started_pool.run(light_the_candle)
    assert [lit for _, lit in seen] == [False, False, False]
    assert len({session for session, _ in seen}) == 1
    assert _sessions(started_pool)["opened"] == 1 and _sessions(started_pool)["open"] == 1


def test_a_reused_session_refuses_everything_but_a_reset_first(started_pool: SimulatorPool) -> None:
    with started_pool.session() as world:
        world.reset("FloorPlan401")
        world.execute("find Candle")
    with started_pool.session() as world:
        for act in (
            lambda: world.execute("find Candle"),
            world.state,
            world.screenshot,
            lambda: world.execute_plan(["find Candle"]),
        ):
            with pytest.raises(SimulatorError, match="reset it to a scene first"):
                act()
        world.reset("FloorPlan401")
        assert world.execute("find Candle")["success"] is True


def test_a_session_with_a_failed_request_is_closed_not_handed_on(started_pool: SimulatorPool) -> None:
    with started_pool.session() as world:
        first = world.session_id
        with pytest.raises(SimulatorError):
            world.reset("FloorPlan999")
    with started_pool.session() as world:
        assert world.session_id != first
        world.reset("FloorPlan401")
    assert _sessions(started_pool)["open"] == 1  # the failed one was closed on the server


def test_a_session_kept_past_half_the_servers_idle_timeout_is_closed_and_a_new_one_opened(
    started_pool: SimulatorPool,
) -> None:
    with started_pool.session() as world:
        world.reset("FloorPlan401")
        first = world.session_id
    server = started_pool._servers[0]  # as if the server closed idle sessions after 0.2 s
    server.idle_timeout_s = 0.2
    time.sleep(0.15)
    with started_pool.session() as world:
        assert world.session_id != first
        world.reset("FloorPlan401")
    assert _sessions(started_pool)["open"] == 1


def test_sessions_of_url_servers_are_closed_after_each_item(scenes_dir: Path, tmp_path: Path) -> None:
    """Other processes may share a --sab-thor-url server: a session kept open would hold one of its slots."""
    with ThorServerProcess("symbolic", scenes_dir=scenes_dir, log_path=tmp_path / "server.log") as server:
        pool = SimulatorPool(
            SimulationSettings(urls=(server.url,), backend="symbolic", scenes_dir=None, log_dir=tmp_path)
        )
        try:
            ids = []
            for _ in range(2):
                with pool.session() as world:
                    world.reset("FloorPlan401")
                    ids.append(world.session_id)
        finally:
            pool.close()
        with server.client() as client:
            sessions = client.health()["sessions"]
    assert ids[0] != ids[1] and sessions["opened"] == 2 and sessions["open"] == 0


def test_the_state_right_after_a_reset_is_the_resets_answer(scenes_dir: Path, tmp_path: Path) -> None:
    """Counted in the server's own request log: the reset carries the objects, and a state read asks only
    once the world has changed since."""
    log = tmp_path / "server.log"
    with ThorServerProcess(
        "symbolic", scenes_dir=scenes_dir, log_path=log, extra_args=["--log-requests"]
    ) as server:
        pool = SimulatorPool(
            SimulationSettings(urls=(server.url,), backend="symbolic", scenes_dir=None, log_dir=tmp_path)
        )
        try:
            with pool.session() as world:
                world.reset("FloorPlan401")
                after_reset = world.state()
                requests_then = log.read_text().count("GET /state")
                world.execute("find Candle")
                assert world.execute("turn_on Candle")["success"] is True
                lit = world.state()
        finally:
            pool.close()
        with server.client() as client:
            client.reset("FloorPlan401")
            assert after_reset == client.state()
    assert requests_then == 0 and log.read_text().count("GET /state") == 2  # the pool's read, then ours
    assert _candle(after_reset)["isToggled"] is False and _candle(lit)["isToggled"] is True
