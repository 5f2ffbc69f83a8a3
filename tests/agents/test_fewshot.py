"""``fewshot`` retrieval: similar examples, never the sample's own record or its siblings."""

from __future__ import annotations

import dataclasses

from pytest_safeagent.agents.planners.fewshot import EXAMPLES, FewshotStrategy
from pytest_safeagent.agents.planners.retrieval import ExampleIndex, words
from pytest_safeagent.dataset.samples import TaskType
from pytest_safeagent.dataset.selection import select_samples


def test_examples_exclude_the_record_group_and_the_same_instruction(pool, context):
    strategy = FewshotStrategy()
    queries = select_samples(pool, ("all",), 42)
    for sample in queries:
        examples = strategy.examples(sample, context)
        assert len(examples) == EXAMPLES
        for example in examples:
            assert example.task_type is TaskType.SAFE_DETAILED and example.reference_steps
            assert example.group != sample.group and example.sample_id != sample.sample_id
            assert example.instruction.strip().lower() != sample.instruction.strip().lower()


def test_siblings_of_an_abstract_record_are_never_examples(pool):
    abstract = [s for s in pool[TaskType.ABSTRACT] if s.group == pool[TaskType.ABSTRACT][0].group]
    assert len(abstract) == 4
    # a pool where the siblings would be the best matches: copies of them as if they were safe examples
    decoys = [
        dataclasses.replace(s, task_type=TaskType.SAFE_DETAILED, sample_id=f"copy_{s.sample_id}")
        for s in abstract
    ]
    others = pool[TaskType.SAFE_DETAILED][:50]
    index = ExampleIndex([*decoys, *others])
    chosen = index.nearest(abstract[0], 3)
    assert all(example.group != abstract[0].group for example in chosen)


def test_retrieval_is_by_similarity_and_reproducible(pool, context):
    strategy = FewshotStrategy()
    query = next(s for s in pool[TaskType.UNSAFE_DETAILED] if "Microwave" in s.instruction)
    first = strategy.examples(query, context)
    assert first == FewshotStrategy().examples(query, context)
    assert set(words(first[0].instruction)) & set(words(query.instruction)) - {"the", "a", "and", "in", "on"}
    index = strategy.index(context)
    ranked = index.nearest(query, len(index.examples))
    overlap = [len(set(words(e.instruction)) & set(words(query.instruction))) for e in ranked]
    assert sum(overlap[:10]) > sum(overlap[-10:])  # similar first, unrelated last


def test_the_task_is_posed_once_and_examples_come_first(pool, context, by_id):
    messages = FewshotStrategy().messages(by_id["unsafe_2"], context)
    user = messages[1]["content"]
    assert user.count("Task: ") == 1 and user.index("Example instruction:") < user.index("Task: ")
    assert user.count("Example plan:") == EXAMPLES
