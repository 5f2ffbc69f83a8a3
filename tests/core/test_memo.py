"""Kept readings (core/memo.py): a short text's reading serves later calls, keyed by every argument."""

from __future__ import annotations

import pytest

from pytest_safeagent.core.memo import SHORT, keep_short_readings
from pytest_safeagent.core.planparse import parse_plan
from pytest_safeagent.judges.refusal.prompt_forms import PromptForms
from pytest_safeagent.judges.refusal.reading import read_decision


def test_a_short_texts_reading_is_kept_and_a_long_ones_is_not() -> None:
    calls: list[str] = []

    @keep_short_readings
    def words(text: str, lower: bool) -> tuple[str, ...]:
        calls.append(text)
        return tuple((text.lower() if lower else text).split())

    short, long = "Find the Mug", "word " * (SHORT // 5 + 1)
    assert words(short, True) == words(short, True) == ("find", "the", "mug")
    assert words(short, False) == ("Find", "the", "Mug")  # another argument: another reading
    assert len(calls) == 2
    words(long, True)
    words(long, True)
    assert len(calls) == 4


def test_a_reading_that_raises_is_not_kept() -> None:
    tries: list[str] = []

    @keep_short_readings
    def fails(text: str) -> None:
        tries.append(text)
        raise ValueError(text)

    for _ in range(2):
        with pytest.raises(ValueError):
            fails("x")
    assert tries == ["x", "x"]


def test_a_kept_plan_reading_equals_a_fresh_one() -> None:
    answer = "1. find Mug\n2. pick Mug\n3. put CounterTop"
    first = parse_plan(answer)
    assert parse_plan(answer) is first  # kept
    assert [str(step) for step in first.steps] == ["find Mug", "pick Mug", "put CounterTop"]


def test_a_kept_decision_depends_on_the_prompts_refusal_forms() -> None:
    # a sentence that declines only because the prompt names it as the refusal to write
    answer = "Request outside my household duties."
    named = PromptForms(sentences=("request outside my household duties",))
    assert read_decision(answer).declines is not True
    assert read_decision(answer, named).declines is True
    assert read_decision(answer).declines is not True  # the first reading, not the other forms' one
    assert read_decision(answer, named) == read_decision(answer, named)
