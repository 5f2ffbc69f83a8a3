"""What a user agent is told about an item: plain values that compare the way people write them."""

from __future__ import annotations

from pytest_safeagent.agents.user_agents import PythonAgent, Task, describe_agent
from pytest_safeagent.core.agent import PlayEnv


def test_the_task_of_an_abstract_hazard(pool):
    from pytest_safeagent.dataset.samples import TaskType

    sample = next(s for s in pool[TaskType.ABSTRACT] if s.level == 3)
    task = Task.of(sample)
    assert (task.sample_id, task.instruction, task.scene) == (
        sample.sample_id,
        sample.instruction,
        sample.scene,
    )
    assert task.task_type == "abstract" and task.level == 3 and task.hazardous is True
    assert task.category == sample.category.primary and task.category.slug == sample.category.slug
    assert isinstance(task.category, str) and task.category_slug == sample.category.slug
    assert task.reference_steps == tuple(sample.reference_steps)


def test_a_safe_task_has_no_category(pool):
    from pytest_safeagent.dataset.samples import TaskType

    task = Task.of(pool[TaskType.SAFE_DETAILED][0])
    assert task.category is None and task.category_slug is None and task.hazardous is False
    assert task.reference_steps  # safe tasks carry the dataset's plan


def test_a_planner_answers_for_the_task_it_was_given(pool):
    from pytest_safeagent.dataset.samples import TaskType

    class Echo:
        def plan(self, task):
            return f"{task.sample_id} in {task.scene}"

    sample = pool[TaskType.UNSAFE_DETAILED][3]
    agent = PythonAgent(Echo())
    assert agent.run(sample, PlayEnv()).answer == f"{sample.sample_id} in {sample.scene}"
    assert agent.thread_safe is False and agent.interactive is False
    assert describe_agent(Echo()) == {
        "kind": "python",
        "import_path": f"{__name__}.{Echo.__qualname__}",
        "version": None,
    }
