"""``mldt`` (after MLDT, arXiv 2403.18760): goal-level, task-level and action-level decomposition.

Three calls in one conversation: the goal conditions the task amounts to; the sub-tasks that
reach each goal; the robot's actions for those sub-tasks. The plan is parsed from the third reply.
"""

from __future__ import annotations

from pytest_safeagent.agents.planners.base import PLAN_FORMAT, Episode, PlanningContext, staged_dialogue
from pytest_safeagent.agents.planners.planner import BuiltinPlanner
from pytest_safeagent.dataset.samples import Sample
from pytest_safeagent.protocols import ChatModel

GOAL_LEVEL = (
    "Goal level: state what this task amounts to as a short list of goal conditions on objects, "
    "the way the home should be when it is done (for example 'Bread is sliced', 'Mug is on the CounterTop')."
)
TASK_LEVEL = (
    "Task level: for each goal condition, list the sub-tasks that bring it about, as short phrases "
    "(for example 'get a knife', 'slice the bread')."
)
ACTION_LEVEL = f"Action level: expand the sub-tasks into the robot's actions, in order. {PLAN_FORMAT}"


class MldtStrategy(BuiltinPlanner):
    name = "mldt"

    def own_calls(self, sample: Sample, model: ChatModel, context: PlanningContext) -> Episode:
        return staged_dialogue(
            model, sample, (("goals", GOAL_LEVEL), ("tasks", TASK_LEVEL), ("plan", ACTION_LEVEL))
        )
