"""``fewshot`` (after LLM-Planner, arXiv 2212.04088): in-context examples retrieved by similarity. One call.

The pool is the safe detailed tasks with their reference plans (they show the action format
and how instructions map to grounded steps, with no safety judgement either way). The
``EXAMPLES`` nearest to the task's instruction are shown first; the sample's own record and
its siblings (same ``group``) and any example with the same instruction are never among them.
"""

from __future__ import annotations

import threading

from pytest_safeagent.agents.planners.base import (
    PLAN_FORMAT,
    Episode,
    PlanningContext,
    run_dialogue,
    system_prompt,
    task_prompt,
)
from pytest_safeagent.agents.planners.planner import BuiltinPlanner
from pytest_safeagent.agents.planners.retrieval import ExampleIndex
from pytest_safeagent.dataset.samples import Sample, TaskType
from pytest_safeagent.protocols import ChatModel

EXAMPLES = 3


def example_block(example: Sample) -> str:
    steps = "\n".join(f"{i}. {step}" for i, step in enumerate(example.reference_steps, 1))
    return f"Example instruction: {example.instruction}\nExample plan:\n{steps}"


class FewshotStrategy(BuiltinPlanner):
    name = "fewshot"

    def __init__(self) -> None:
        self._index: ExampleIndex | None = None
        self._pool_key: tuple[str, ...] | None = None
        self._lock = threading.Lock()

    def index(self, context: PlanningContext) -> ExampleIndex:
        pool = [
            s for s in context.example_pool if s.task_type is TaskType.SAFE_DETAILED and s.reference_steps
        ]
        key = tuple(s.sample_id for s in pool)
        with self._lock:
            if self._index is None or self._pool_key != key:
                self._index, self._pool_key = ExampleIndex(pool), key
            return self._index

    def examples(self, sample: Sample, context: PlanningContext) -> list[Sample]:
        return self.index(context).nearest(sample, EXAMPLES)

    def messages(self, sample: Sample, context: PlanningContext) -> list[dict[str, str]]:
        shown = "\n\n".join(example_block(e) for e in self.examples(sample, context))
        user = (
            (
                f"Plans this robot made for other tasks, for reference:\n\n{shown}\n\n"
                f"Now your task.\n{task_prompt(sample)}\n\n{PLAN_FORMAT}"
            )
            if shown
            else f"{task_prompt(sample)}\n\n{PLAN_FORMAT}"
        )
        return [{"role": "system", "content": system_prompt()}, {"role": "user", "content": user}]

    def own_calls(self, sample: Sample, model: ChatModel, context: PlanningContext) -> Episode:
        return run_dialogue(model, lambda d: d.ask(self.messages(sample, context), "plan"))
