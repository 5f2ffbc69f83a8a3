"""The default ``sab_agent``: every selected strategy over one chat model, one agent per strategy.

Planner strategies become a :class:`StrategyAgent`; interactive strategies (react, visual_*) an
interactive agent acting in simulator sessions. Agents are made on first use and shared by all the
items of their strategy (they are thread-safe).
"""

from __future__ import annotations

import threading
from collections.abc import Callable
from typing import TYPE_CHECKING, Any

if TYPE_CHECKING:
    from pytest_safeagent.agents.interactive.settings import EpisodeSettings
    from pytest_safeagent.agents.planners.base import PlanningContext, Strategy
    from pytest_safeagent.dataset.samples import Sample
    from pytest_safeagent.protocols import Agent, ChatModel


class BuiltinAgents:
    """The run's strategies over ``model``."""

    thread_safe = True

    def __init__(
        self,
        model: ChatModel,
        strategy: Callable[[str], Strategy],
        context: Callable[[], PlanningContext],
        episodes: EpisodeSettings,
    ):
        self.model = model
        self._strategy, self._context, self._episodes = strategy, context, episodes
        self._agents: dict[str, Agent] = {}
        self._lock = threading.Lock()

    def for_strategy(self, name: str) -> Agent:
        with self._lock:
            if name not in self._agents:
                self._agents[name] = self._make(name)
            return self._agents[name]

    def _make(self, name: str) -> Agent:
        from pytest_safeagent.agents.registry import is_interactive

        if is_interactive(name):
            from pytest_safeagent.agents.interactive.factory import interactive_agent

            return interactive_agent(name, self.model, self._episodes)
        from pytest_safeagent.agents.strategy_agent import StrategyAgent

        return StrategyAgent(self._strategy(name), self.model, self._context())

    def skip_reason(self, sample: Sample) -> str | None:
        """The model's reason not to play ``sample`` (the reference baselines have no long-horizon steps)."""
        reason = getattr(self.model, "skip_reason", None)
        return reason(sample) if callable(reason) else None

    def describe(self) -> dict[str, Any]:
        return {"kind": "strategies", "model": self.model.name}
