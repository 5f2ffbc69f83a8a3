"""The public fixtures, and how the benchmark items obtain their parts through them.

Every part an item plays with comes from a session-scoped fixture, so a ``conftest.py`` at the rootdir
that overrides one (``sab_agent`` above all) changes what the benchmark runs, with the same summary,
gates, reports and xdist behaviour. :func:`resolve_parts` resolves them once per process, in the first
benchmark item's setup on pytest's main thread (the fixture machinery needs the session on its setup
stack); the scheduler starts playing ahead only after that, and then every thread only reads them.

The fixtures work in your own tests too (``sab_dataset``, ``sab_simulator``, ``sab_judge`` even
without ``--sab-model``): see docs/agents-python.md.
"""

from __future__ import annotations

import threading
from collections.abc import Iterator
from typing import TYPE_CHECKING, Any

import pytest

from pytest_safeagent.plugin.pytest_private import fixture_request, fixture_scope
from pytest_safeagent.plugin.state import RUN_STATE_KEY, USER_AGENT_KEY, RunState

if TYPE_CHECKING:
    from pytest_safeagent.runner.play import ItemParts

PART_FIXTURES = ("sab_agent", "sab_judge", "sab_simulator")


def _run_state(request: pytest.FixtureRequest) -> RunState | None:
    return request.config.stash.get(RUN_STATE_KEY, None)


def _needs_run(request: pytest.FixtureRequest) -> RunState:
    state = _run_state(request)
    if state is None:
        pytest.fail(
            f"the {request.fixturename} fixture needs a benchmark run: pass --sab-model=PROVIDER/NAME "
            "(builtin/reference runs offline)",
            pytrace=False,
        )
    return state


@pytest.fixture(scope="session")
def sab_config(request: pytest.FixtureRequest):
    """SafeAgentBench: the run's settings (RunConfig), parsed once from the --sab-* options."""
    return _needs_run(request).run


@pytest.fixture(scope="session")
def sab_dataset(request: pytest.FixtureRequest):
    """SafeAgentBench: the run's selected samples in benchmark order (all 1050 without --sab-model)."""
    state = _run_state(request)
    if state is not None:
        return state.samples
    from pytest_safeagent.plugin.state import read_samples

    return read_samples(request.config.getoption("--sab-data-dir"))


@pytest.fixture(scope="session")
def sab_model(request: pytest.FixtureRequest):
    """SafeAgentBench: the chat model --sab-model names (None when it names a python: agent)."""
    return _needs_run(request).model


@pytest.fixture(scope="session")
def sab_judge(request: pytest.FixtureRequest):
    """SafeAgentBench: the judge --sab-judge names (builtin/rules without --sab-model)."""
    state = _run_state(request)
    if state is not None:
        return state.judge
    from pytest_safeagent.runner.parts import make_judge

    return make_judge("builtin/rules")


@pytest.fixture(scope="session")
def sab_simulator(request: pytest.FixtureRequest) -> Iterator[Any]:
    """SafeAgentBench: the process's simulator pool; `with
    sab_simulator.session() as world:` reset, execute, observe, screenshot."""
    state = _run_state(request)
    pool = state.simulator_pool if state is not None else None
    if pool is not None:
        yield pool  # the run's own: closed with the run
        return
    from pytest_safeagent.plugin.options import simulator_settings
    from pytest_safeagent.simulator.pool import SimulatorPool

    pool = SimulatorPool(simulator_settings(request.config))  # its server starts on the first session
    try:
        yield pool
    finally:
        pool.close()


@pytest.fixture(scope="session")
def sab_agent(request: pytest.FixtureRequest, sab_model: Any):
    """SafeAgentBench: what plays the benchmark items (the selected
    strategies over sab_model); override it with your agent."""
    return _needs_run(request).default_agent(sab_model, request.config.stash.get(USER_AGENT_KEY, None))


@pytest.fixture(scope="session")
def sab_openai_client(request: pytest.FixtureRequest):
    """SafeAgentBench: an openai.OpenAI configured from the --sab-* options whose calls go through the plugin
    (the item's usage and cost, the response cache, the concurrency gate, --sab-max-cost); imports openai."""
    _needs_run(request)
    from pytest_safeagent.runner.sdk import openai_client

    return openai_client()


@pytest.fixture(scope="session")
def sab_async_openai_client(request: pytest.FixtureRequest):
    """SafeAgentBench: the same as an openai.AsyncOpenAI, for async agents."""
    _needs_run(request)
    from pytest_safeagent.runner.sdk import async_openai_client

    return async_openai_client()


_PARTS_KEY = pytest.StashKey["ItemParts"]()


def resolved_parts(config: pytest.Config) -> ItemParts | None:
    """The process's parts once :func:`resolve_parts` has run (a lookup, safe from any thread)."""
    return config.stash.get(_PARTS_KEY, None)


def resolve_parts(item: pytest.Item) -> ItemParts:
    """The parts of ``item``'s process through the fixtures: resolved on the first call, which must run
    on pytest's main thread inside a benchmark item's setup; later calls are a lookup."""
    parts = resolved_parts(item.config)
    if parts is not None:
        return parts
    if threading.current_thread() is not threading.main_thread():
        raise RuntimeError(
            "the benchmark's fixtures are resolved on pytest's main thread, in an item's setup"
        )
    try:
        parts = _resolve(item)
    except Exception as exc:  # an unusable override, or a fixture that raised: the same for every item
        item.session.shouldstop = f"safeagent: the benchmark's parts could not be set up: {exc}".splitlines()[
            0
        ]
        raise
    item.config.stash[_PARTS_KEY] = parts
    return parts


def _resolve(item: pytest.Item) -> ItemParts:
    from pytest_safeagent.agents.user_agents import AgentLoadError, NotAnAgent, item_agent
    from pytest_safeagent.runner.play import ItemParts

    request = _request_for(item)
    try:
        agent = item_agent(request.getfixturevalue("sab_agent"))
    except (NotAnAgent, AgentLoadError) as exc:
        raise pytest.UsageError(str(exc)) from None
    state = item.config.stash[RUN_STATE_KEY]
    state.agent_description = agent.description
    needs_world = state.simulator_pool is not None or agent.interactive
    simulator = request.getfixturevalue("sab_simulator") if needs_world else None
    judge = request.getfixturevalue("sab_judge")
    # a judge of the user's may leave the optional attribute out (protocols.py: Judge)
    settle = not getattr(judge, "reads_final_answer_only", False)
    return ItemParts(agent=agent, judge=judge, simulator=simulator, settle_interactive=settle)


def _request_for(item: pytest.Item) -> pytest.FixtureRequest:
    """A fixture request for the one item that resolves the parts (the others pay nothing). A part
    fixture must be session-scoped: the scheduler keeps it for every item of the process."""
    for name in PART_FIXTURES:
        found = fixture_scope(item, name)
        if found is not None and found[0] != "session":
            scope, where = found
            raise pytest.UsageError(
                f"the {name} fixture in {where} has scope {scope!r}: the "
                "benchmark keeps it for every item, so declare it "
                '@pytest.fixture(scope="session")'
            )
    return fixture_request(item)
