"""Agents written in Python by users: the protocol they implement, the task they see, and the adapter
that plays them as the benchmark's :class:`~pytest_safeagent.core.agent.Agent`.

A user agent is any object with one of two methods:

- a **planner**: ``plan(task) -> str``, the answer text, judged exactly like a model's answer;
- an **interactive agent**: ``act(task, tools) -> str | None``, acting step by step through the tools
  the built-in interactive agents use (agents/interactive/acting.py: ``execute``, ``observe``,
  ``objects``, ``screenshot``) in a simulator session of its own, reset to the task's scene. What it
  returns is its final answer (None: it has nothing to say); it is scored from what it did.

Either method may be a coroutine function (``async def plan(task)``, ``async def act(task, tools)``):
it is run to its end on an event loop of the plugin's own, one per item, on the thread playing that item,
so it is scheduled, bounded and recorded exactly like a synchronous agent; ``act`` then gets tools whose
methods are awaitable (:class:`AsyncTools`: each runs on a worker thread, the loop stays free).

Optional attributes: ``thread_safe`` (True lets the scheduler play several items at once; absent means
False), ``version`` and ``name`` (reports name the agent), ``skip_reason(task) -> str | None``.
Whatever the agent raises is an error of the item carrying its traceback, never a verdict.
"""

from __future__ import annotations

import asyncio
import importlib
import inspect
import time
import traceback
from collections.abc import Awaitable
from dataclasses import dataclass
from typing import TYPE_CHECKING, Any, Protocol, cast, runtime_checkable

from pytest_safeagent.core.agent import AgentError, Episode, PlayEnv
from pytest_safeagent.protocols import Agent, AgentFamily, ItemAgent

if TYPE_CHECKING:
    from pytest_safeagent.agents.interactive.acting import ActionOutcome
    from pytest_safeagent.dataset.samples import Sample

PROTOCOL_HINT = "a Python agent needs plan(task) -> str or act(task, tools)"


class CategoryName(str):
    """A risk category's canonical name (``"Fire Hazard"``), also spelled as ``-k`` does (``.slug``)."""

    slug: str

    def __new__(cls, name: str, slug: str) -> CategoryName:
        value = super().__new__(cls, name)
        value.slug = slug
        return value

    @property
    def primary(self) -> str:
        return str(self)


@dataclass(frozen=True)
class Task:
    """What a user agent is told about one benchmark item (plain values, stable across releases)."""

    sample_id: str
    instruction: str
    scene: str
    task_type: str  # unsafe_detailed | safe_detailed | abstract | long_horizon
    category: (
        CategoryName | None
    )  # a str: the risk category's canonical name ("Fire Hazard"); None for safe tasks
    category_slug: str | None  # the same as -k spells it ("fire_hazard")
    level: int | None  # abstraction level 0..3 for abstract hazards
    reference_steps: tuple[str, ...]  # the dataset's plan (empty where the dataset has none)
    hazardous: bool  # whether the benchmark expects the agent to decline

    @classmethod
    def of(cls, sample: Sample) -> Task:
        category = sample.category
        return cls(
            sample_id=sample.sample_id,
            instruction=sample.instruction,
            scene=sample.scene,
            task_type=sample.task_type.value,
            category=CategoryName(category.primary, category.slug) if category else None,
            category_slug=category.slug if category else None,
            level=sample.level,
            reference_steps=tuple(sample.reference_steps),
            hazardous=sample.hazardous,
        )


@runtime_checkable
class Planner(Protocol):
    """A user agent that answers with text: a plan of steps, or a refusal (``async def plan`` too)."""

    def plan(self, task: Task) -> str | Awaitable[str]: ...


class Tools(Protocol):
    """What an :class:`InteractiveAgent` acts through, in a simulator session of its own reset to the
    task's scene (agents/interactive/acting.py: ``ActingSession``, the built-in agents' tools)."""

    def execute(self, instruction: str) -> ActionOutcome:
        """Carry out one action (``find Apple``): ``success``, ``message`` and ``text`` (what changed)."""
        ...

    def observe(self) -> str: ...

    def objects(self) -> list[dict[str, Any]]: ...

    def screenshot(self) -> bytes: ...


@runtime_checkable
class InteractiveAgent(Protocol):
    """A user agent that acts one action at a time through ``tools`` (:class:`Tools`; for ``async def
    act``, the same methods awaitable) and returns its final answer (None: nothing to say)."""

    def act(self, task: Task, tools: Any) -> str | None | Awaitable[str | None]: ...


UserAgent = Planner | InteractiveAgent  # what a python: agent's factory and a sab_agent override may give


class AgentLoadError(ValueError):
    """A ``python:`` spec that cannot give an agent; the message is one line naming what is wrong."""


def attribute(obj: Any, name: str, default: Any = None) -> Any:
    """``obj.name`` (``default`` when absent); a property that raises is an AgentLoadError naming it,
    never a traceback out of the plugin."""
    try:
        return getattr(obj, name, default)
    except Exception as exc:
        raise AgentLoadError(f"{type(obj).__qualname__}.{name} raised {type(exc).__name__}: {exc}") from None


def is_user_agent(obj: Any) -> bool:
    return callable(attribute(obj, "plan")) or callable(attribute(obj, "act"))


def is_interactive(obj: Any) -> bool:
    """An ``act`` agent without ``plan``: it needs a simulator session for every item."""
    return callable(attribute(obj, "act")) and not callable(attribute(obj, "plan"))


def describe_agent(obj: Any) -> dict[str, Any]:
    """What reports call a user agent: its class's import path and its version (a ``version``
    attribute, else its top-level package's ``__version__``; None when neither exists)."""
    cls = type(obj)
    version = attribute(obj, "version")
    if version is None and cls.__module__ not in ("__main__", "builtins"):
        try:
            package = importlib.import_module(cls.__module__.partition(".")[0])
        except ImportError:
            package = None
        version = getattr(package, "__version__", None)
    return {
        "kind": "python",
        "import_path": f"{cls.__module__}.{cls.__qualname__}",
        "version": None if version is None else str(version),
    }


def declares_thread_safe(agent: Any) -> bool:
    """May several threads play items with ``agent`` at once?
    Its ``thread_safe`` attribute (False if absent)."""
    return bool(attribute(agent, "thread_safe", False))


class NotAnAgent(TypeError):
    """The ``sab_agent`` fixture returned something that cannot play items."""


def item_agent(obj: object) -> ItemAgent:
    """The one adapter from whatever the ``sab_agent`` fixture returned (the default agents, a core
    :class:`Agent`, a user's planner or interactive agent) to an :class:`ItemAgent` with every optional
    attribute read once, defaults filled in (protocols.py documents them)."""
    if is_user_agent(obj) and not isinstance(obj, PythonAgent):
        obj = PythonAgent(obj)
    elif not isinstance(obj, (AgentFamily, Agent, PythonAgent)):
        raise NotAnAgent(
            f"the sab_agent fixture returned {type(obj).__qualname__}, not an agent: give it "
            "plan(task) -> str or act(task, tools) (docs/agents-python.md)"
        )
    agent: Any = obj
    family = agent.for_strategy if isinstance(agent, AgentFamily) else (lambda _strategy: agent)
    reason = getattr(agent, "skip_reason", None)
    describe = getattr(agent, "describe", None)
    return ItemAgent(
        for_strategy=family,
        skip_reason=reason if callable(reason) else _never_skip,
        description=describe() if callable(describe) else describe_agent(agent),
        interactive=bool(getattr(agent, "interactive", False)),
        thread_safe=declares_thread_safe(agent),
    )


def _never_skip(sample: Sample) -> str | None:
    return None


class PythonAgent:
    """Plays items with a user agent (planner or interactive)."""

    def __init__(self, user_agent: object):
        if not is_user_agent(user_agent):
            raise AgentLoadError(f"{type(user_agent).__qualname__} is not an agent: {PROTOCOL_HINT}")
        self.user_agent = cast(UserAgent, user_agent)
        self.description = describe_agent(user_agent)
        self.name = str(attribute(user_agent, "name") or self.description["import_path"])
        self.thread_safe = declares_thread_safe(user_agent)
        self.interactive = is_interactive(user_agent)

    def describe(self) -> dict[str, Any]:
        return self.description

    def skip_reason(self, sample: Sample) -> str | None:
        reason = self._call(lambda: attribute(self.user_agent, "skip_reason"), "skip_reason")
        return self._call(reason, "skip_reason", Task.of(sample)) if callable(reason) else None

    def run(self, sample: Sample, env: PlayEnv) -> Episode:
        if not self.interactive:
            planner = cast(Planner, self.user_agent)  # not interactive: it has plan (is_interactive)
            return Episode(
                answer=self._text(
                    self._call(lambda task: _finished(planner.plan(task)), "plan", Task.of(sample)), "plan"
                )
            )
        return self._act(sample, env)

    def _act(self, sample: Sample, env: PlayEnv) -> Episode:
        from pytest_safeagent.agents.interactive.acting import ActingSession
        from pytest_safeagent.agents.interactive.agent import open_world, reset_world
        from pytest_safeagent.core.item_record import EpisodeSummary

        started = time.monotonic()
        with open_world(env, sample) as world:
            reset_world(world, sample)
            tools = ActingSession(world, sample)
            act = cast(InteractiveAgent, self.user_agent).act
            given = AsyncTools(tools) if inspect.iscoroutinefunction(act) else tools
            answer = self._call(
                lambda task, acting: _finished(act(task, acting)), "act", Task.of(sample), given
            )
            answer = "" if answer is None else self._text(answer, "act")
            execution = tools.execution()  # read in the live session, before it closes
        trajectory = tools.trajectory
        summary = EpisodeSummary(
            steps=len(trajectory),
            failed_actions=sum(1 for s in trajectory if not s.success),
            observations=tools.observations,
            ended_by="done",
            tool_mode="none",
            time_s=round(time.monotonic() - started, 3),
        )
        return Episode(answer=answer, trajectory=list(trajectory), summary=summary, execution=execution)

    def _call(self, method: Any, what: str, *args: Any) -> Any:
        """Call the user's code: simulator and model failures stay what they are (errors of the run of
        that kind); anything else it raises becomes an :class:`AgentError` carrying its traceback."""
        from pytest_safeagent.models.base import ModelError
        from pytest_safeagent.simulator.client import SimulatorError

        try:
            return method(*args)
        except (SimulatorError, ModelError, AgentError):
            raise
        except Exception as exc:
            cause = _run_failure(exc, (SimulatorError, ModelError))
            if cause is not None:  # an openai SDK client of the run's wraps the layer's ModelError in its own
                raise cause from None
            raise AgentError(f"{self.name}.{what} raised:\n{traceback.format_exc().rstrip()}") from None

    def _text(self, answer: Any, method: str) -> str:
        if not isinstance(answer, str):
            raise AgentError(
                f"{self.name}.{method} returned {type(answer).__name__}, not the answer text (str)"
            )
        return answer


def _finished(result: Any) -> Any:
    """``result``, or what it gives when it is awaitable (an async agent's coroutine), run on an event
    loop of its own on this thread."""
    if not inspect.isawaitable(result):
        return result

    async def _await() -> Any:
        return await result

    return asyncio.run(_await())


def _run_failure(exc: BaseException, kinds: tuple[type[BaseException], ...]) -> BaseException | None:
    """The first error of ``kinds`` in ``exc``'s chain of causes (an SDK error raised from a ModelError)."""
    seen: set[int] = set()
    current: BaseException | None = exc
    while current is not None and id(current) not in seen:
        if isinstance(current, kinds):
            return current
        seen.add(id(current))
        current = current.__cause__ or current.__context__
    return None


class AsyncTools:
    """The tools of an ``async def act``: the same methods, awaitable; each runs on a worker thread."""

    def __init__(self, tools: Any):
        self._tools = tools

    def __getattr__(self, name: str) -> Any:
        method = getattr(self._tools, name)
        if not callable(method):
            return method

        async def awaited(*args: Any, **kwargs: Any) -> Any:
            from pytest_safeagent.core.usage import carried_metering, current_metering

            carried = current_metering()
            return await asyncio.to_thread(carried_metering, carried, lambda: method(*args, **kwargs))

        return awaited


def _import(module_name: str) -> Any:
    """Import the agent's module; one not found on sys.path is looked for in the current directory too
    (as ``python -m`` would), so ``pytest --sab-model=python:my_agent:make`` works beside my_agent.py."""
    import os
    import sys

    for attempt in (0, 1):
        try:
            return importlib.import_module(module_name)
        except ModuleNotFoundError as exc:
            top = module_name.partition(".")[0]
            if attempt == 0 and exc.name == top and os.getcwd() not in sys.path:
                sys.path.insert(0, os.getcwd())
                continue
            raise AgentLoadError(
                f"module {module_name} cannot be imported: {exc} (run pytest from its folder, "
                "add that folder to pythonpath, or install its package)"
            ) from None
        except Exception as exc:
            raise AgentLoadError(f"importing {module_name} raised {type(exc).__name__}: {exc}") from None
    raise AssertionError("unreachable")


def load_python_agent(target: str) -> UserAgent:
    """The user agent that ``MODULE:FACTORY`` makes (``FACTORY()`` is called once per process)."""
    module_name, sep, attribute = target.partition(":")
    if not sep or not module_name or not attribute:
        raise AgentLoadError(
            f"expected python:MODULE:FACTORY (for example python:my_agents.safe:make_agent), "
            f"got python:{target}"
        )
    module = _import(module_name)
    factory = getattr(module, attribute, None)
    if factory is None:
        raise AgentLoadError(f"module {module_name} has no attribute {attribute}")
    if not callable(factory):
        raise AgentLoadError(
            f"{module_name}:{attribute} is not callable "
            "(give a factory function or a class that makes the agent)"
        )
    try:
        agent = factory()
    except Exception as exc:
        raise AgentLoadError(f"{module_name}:{attribute}() raised {type(exc).__name__}: {exc}") from None
    if not is_user_agent(agent):
        raise AgentLoadError(
            f"{module_name}:{attribute}() returned {type(agent).__qualname__}, not an agent: {PROTOCOL_HINT}"
        )
    return cast(UserAgent, agent)
