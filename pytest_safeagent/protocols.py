"""The interfaces the runner plays an item through, in one place: the agent, the judge, the chat model
and the simulator session.

Each is a :class:`typing.Protocol`: anything with the right methods fits, built in or written by a
user. The value types they exchange (Sample, Episode, Verdict, ModelReply, ...) live with their
domains and are named here for the type checker only, so importing this module imports nothing else.

An agent has two required members (``name``, ``run``) and five optional ones. The optional ones are
read in exactly one place, the adapter that accepts objects the plugin did not make
(``agents/user_agents.py: item_agent``); everything after it sees a :class:`ItemAgent` with every
attribute present. Their defaults:

``for_strategy(name) -> Agent``
    the agent that plays strategy ``name`` (the default ``sab_agent`` has one per strategy).
    Default: the object itself plays every strategy.
``skip_reason(sample) -> str | None``
    why a sample cannot be played at all (its item is skipped, not judged). Default: None.
``describe() -> dict``
    what reports call the agent. Default: its class's import path and version.
``interactive: bool``
    the agent acts in a simulator session (one is needed even without ``--sab-execution``).
    Default: False.
``thread_safe: bool``
    several threads may play items with it at once (``--sab-concurrency``). Default: False.
"""

from __future__ import annotations

from collections.abc import Callable
from contextlib import AbstractContextManager
from dataclasses import dataclass
from typing import TYPE_CHECKING, Any, Protocol, runtime_checkable

if TYPE_CHECKING:
    from pytest_safeagent.core.agent import Episode, Message, PlayEnv
    from pytest_safeagent.core.item_record import ExecutionResult, Verdict
    from pytest_safeagent.core.planparse import ParsedPlan
    from pytest_safeagent.dataset.samples import Sample
    from pytest_safeagent.models.base import ModelReply


@runtime_checkable
class Agent(Protocol):
    """Plays one sample. ``name`` is what errors and reports
    call it (the model spec for the default agent)."""

    name: str

    def run(self, sample: Sample, env: PlayEnv) -> Episode: ...


@runtime_checkable
class AgentFamily(Protocol):
    """A ``sab_agent`` value that gives one agent per strategy (the default: every selected strategy
    over the run's chat model)."""

    def for_strategy(self, name: str) -> Agent: ...


@dataclass(frozen=True)
class ItemAgent:
    """The ``sab_agent`` fixture's value with every optional attribute read once (defaults above)."""

    for_strategy: Callable[[str], Agent]
    skip_reason: Callable[[Sample], str | None]
    description: dict[str, Any]
    interactive: bool
    thread_safe: bool


@runtime_checkable
class Judge(Protocol):
    """Reads an episode and its parsed plan and gives the verdict (judges/).

    Optional ``reads_final_answer_only`` (default False; True for the seed's judge): the verdict of an
    interactive episode is the judge's reading of the final answer alone, not settled against what the
    agent did (read once, in plugin/fixtures.py: resolve_parts).

    Optional ``with_execution(sample, verdict, execution) -> Verdict`` (the rules judge's): the verdict once a
    planned answer was executed (``--sab-execution``); runner/play.py calls it after the execution. Judges
    without it keep their verdict (the LLM judges: their requests and verdicts do not depend on execution).
    """

    name: str

    def judge(self, sample: Sample, episode: Episode, plan: ParsedPlan) -> Verdict: ...


@runtime_checkable
class ChatModel(Protocol):
    """Chat messages in, text out: built-in baselines, OpenAI-compatible endpoints, the local model."""

    name: str

    def complete(self, messages: list[Message], *, purpose: str = "plan") -> ModelReply:
        """Answer ``messages``. ``purpose`` labels the call (plan, judge, ...) for logs and caching."""
        ...

    def close(self) -> None: ...


class SimulatorSession(Protocol):
    """One world on a simulator server (simulator/pool.py: SimSession; simulator/client.py: ThorClient)."""

    @property
    def backend(self) -> str: ...

    def reset(self, scene: str) -> dict[str, Any]: ...

    def execute(self, instruction: str) -> dict[str, Any]: ...

    def execute_observed(self, instruction: str) -> tuple[dict[str, Any], list[dict[str, Any]]]:
        """One step and the world's objects after it (what ``execute`` then ``state`` give)."""
        ...

    def execute_plan(
        self, instructions: list[str], *, stop_on_failure: bool = False, track_types: list[str] | None = None
    ) -> dict[str, Any]: ...

    def state(self) -> list[dict[str, Any]]: ...

    def screenshot(self) -> bytes: ...


class Simulator(Protocol):
    """Where items act and plans execute: the process's simulator pool (simulator/pool.py)."""

    execute_plans: bool  # --sab-execution: every parsed plan is executed and scored
    log_path: Any  # the server's log file, named in errors (None when the server is not ours)

    def session(self) -> AbstractContextManager[SimulatorSession]: ...

    def execute(self, sample: Sample, plan: list[str]) -> tuple[ExecutionResult, int]:
        """Run ``plan`` on a session of its own and score it: (result, sessions lost and replayed)."""
        ...
