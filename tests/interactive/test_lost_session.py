"""An interactive episode whose simulator server dies under it: replayed once on a new session (the
restart counted on the execution), and a second loss an error of the item (simulator/replay.py, the
policy plan executions follow too: tests/thor_server/test_sessions.py)."""

from __future__ import annotations

from collections.abc import Iterator
from contextlib import contextmanager

import pytest
from support.scripted_tools import scripted_server

from pytest_safeagent.agents.interactive.agent import InteractiveAgent
from pytest_safeagent.agents.interactive.settings import EpisodeSettings
from pytest_safeagent.agents.interactive.styles import STYLES
from pytest_safeagent.agents.prompt_sets import NEUTRAL
from pytest_safeagent.judges.rules import RulesJudge
from pytest_safeagent.runner.play import PlayError, play
from pytest_safeagent.simulator.pool import SimSession, SimulatorPool

SAFE = "safe_2"


def kill_after_reset(pool: SimulatorPool, times: int) -> list[str]:
    """The next ``times`` sessions' server is killed right after their reset; returns their ids."""
    opened: list[str] = []
    real_session = pool.session

    @contextmanager
    def session() -> Iterator[SimSession]:
        with real_session() as world:
            opened.append(str(world.session_id))
            if len(opened) <= times:
                real_reset = world.reset

                def reset_then_die(scene: str) -> dict:
                    done = real_reset(scene)
                    process = pool.started_processes()[0]
                    process._process.kill()
                    process._process.wait()
                    return done

                world.reset = reset_then_die  # type: ignore[method-assign]
            yield world

    pool.session = session  # type: ignore[method-assign]
    return opened


def _play(sample, model, pool: SimulatorPool):
    agent = InteractiveAgent(STYLES["react"], model, EpisodeSettings(prompt_set=NEUTRAL))
    return play(sample, agent, RulesJudge(), pool)


def test_an_episode_that_lost_its_session_is_replayed_once_and_the_restart_counted(
    by_id, started_pool, chat_on
):
    safe, pool = by_id[SAFE], started_pool
    opened = kill_after_reset(pool, times=1)
    with scripted_server([safe], lambda task: "reference") as server:
        played = _play(safe, chat_on(server), pool)
    assert len(opened) == 2 and opened[0] != opened[1]
    assert pool.restarts == 1
    assert [step.action for step in played.trajectory] == list(safe.reference_steps)
    assert played.execution.success is True and played.execution.restarts == 1


def test_a_second_lost_session_is_a_simulator_error_of_the_item(by_id, started_pool, chat_on):
    safe, pool = by_id[SAFE], started_pool
    opened = kill_after_reset(pool, times=2)
    with scripted_server([safe], lambda task: "reference") as server, pytest.raises(PlayError) as raised:
        _play(safe, chat_on(server), pool)
    assert len(opened) == 2 and pool.restarts == 2
    assert raised.value.kind == "simulator"
    assert raised.value.message.startswith("the simulator session was lost twice: ")
