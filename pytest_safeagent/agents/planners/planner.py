"""A planner plays the run's prompt set: the seed harness's calls for its name, or this plugin's own texts.

The choice is made here, once for the seven planners, from the run's :class:`~..prompt_sets.PromptSet`;
each planner writes only its own calls (``own_calls``).
"""

from __future__ import annotations

from pytest_safeagent.agents.planners.base import PlanningContext
from pytest_safeagent.agents.planners.seed_calls import play_seed
from pytest_safeagent.core.agent import Episode
from pytest_safeagent.dataset.samples import Sample
from pytest_safeagent.protocols import ChatModel


class BuiltinPlanner:
    """The :class:`~.base.Strategy` of a built-in planner (not the ``Planner`` protocol of a Python agent,
    agents/user_agents.py); subclasses name themselves and write ``own_calls``."""

    name: str

    def run(self, sample: Sample, model: ChatModel, context: PlanningContext) -> Episode:
        if context.prompt_set.upstream:
            return play_seed(self.name, sample, model, context)
        return self.own_calls(sample, model, context)

    def own_calls(self, sample: Sample, model: ChatModel, context: PlanningContext) -> Episode:
        """The planner's calls with this plugin's texts (the neutral prompt set)."""
        raise NotImplementedError
