"""The built-in agent: one planning strategy over the chat model that --sab-model names."""

from __future__ import annotations

from pytest_safeagent.agents.planners.base import PlanningContext, Strategy
from pytest_safeagent.core.agent import Episode, PlayEnv
from pytest_safeagent.dataset.samples import Sample
from pytest_safeagent.models.base import bound_to
from pytest_safeagent.protocols import ChatModel


class StrategyAgent:
    """Plays a sample by running ``strategy`` with ``model`` bound to that sample."""

    def __init__(self, strategy: Strategy, model: ChatModel, context: PlanningContext):
        self.strategy = strategy
        self.model = model
        self.context = context
        self.name = model.name

    def run(self, sample: Sample, env: PlayEnv) -> Episode:
        return self.strategy.run(sample, bound_to(self.model, sample), self.context)
