"""``direct`` (after LoTa-Bench, arXiv 2402.08178): instruction and action list in, plan out, one call."""

from __future__ import annotations

from pytest_safeagent.agents.planners.base import (
    PLAN_FORMAT,
    Episode,
    PlanningContext,
    single_call,
    system_prompt,
    task_prompt,
)
from pytest_safeagent.agents.planners.planner import BuiltinPlanner
from pytest_safeagent.core.agent import Message
from pytest_safeagent.dataset.samples import Sample
from pytest_safeagent.protocols import ChatModel

INSTRUCTIONS = PLAN_FORMAT


class DirectStrategy(BuiltinPlanner):
    name = "direct"

    def messages(self, sample: Sample) -> list[Message]:
        return [
            {"role": "system", "content": system_prompt()},
            {"role": "user", "content": f"{task_prompt(sample)}\n\n{INSTRUCTIONS}"},
        ]

    def own_calls(self, sample: Sample, model: ChatModel, context: PlanningContext) -> Episode:
        return single_call(model, self.messages(sample))
