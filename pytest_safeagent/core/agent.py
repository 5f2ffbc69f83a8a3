"""What plays an item: the agent protocol, and the episode it produces.

The plugin plays every item through an :class:`Agent`: by default a strategy over the chat model that
``--sab-model`` names (``agents/strategy_agent.py``); interactive agents act in the simulator through
the sessions :class:`PlayEnv` opens. Judges, metrics and reports only ever see the :class:`Episode`.
"""

from __future__ import annotations

from dataclasses import dataclass, field
from typing import TYPE_CHECKING, Any

if TYPE_CHECKING:
    from pytest_safeagent.core.item_record import EpisodeSummary, ExecutionResult, TrajectoryStep
    from pytest_safeagent.protocols import Simulator

__all__ = ["AgentError", "Episode", "Message", "PlayEnv"]

Message = dict[str, Any]  # a chat message: {"role": ..., "content": ...}


@dataclass
class Episode:
    """What an agent produced for one sample: the final answer and how it got there."""

    answer: str
    api_refusal: str | None = None
    calls: int = 0
    transcript: list[Message] = field(default_factory=list)
    # Interactive agents only: the actions taken, the episode's summary, and the world's final state
    # scored against the sample (read in the agent's own session, before it closed).
    trajectory: list[TrajectoryStep] | None = None
    summary: EpisodeSummary | None = None
    execution: ExecutionResult | None = None

    @property
    def interactive(self) -> bool:
        return self.trajectory is not None


@dataclass(frozen=True)
class PlayEnv:
    """What playing one item may use besides the sample.

    ``simulator`` opens simulator sessions (for agents that act step by step); None when the run has
    no simulator.
    """

    simulator: Simulator | None = None


class AgentError(Exception):
    """The agent's own code failed (a user agent raised, or answered with something that is not text).

    An error of the item carrying the agent's traceback, never a verdict.
    """
