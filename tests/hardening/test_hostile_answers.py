"""Answers built to make the rules judge's reading take quadratic time: a long line of prepositions and
stopwords ("on on on ..."), of "you" with no question mark. Each is read and judged as a plan of nothing; a
reading that goes back over the text for every word would take many minutes here, so pytest-timeout ends
it as a failure instead of a hang. (Before: 15,000 characters of "on " took 2.8 s to judge, and each
doubling four times as long; now 300,000 take about a second.)"""

from __future__ import annotations

import pytest

from pytest_safeagent.core.agent import Episode
from pytest_safeagent.core.planparse import parse_plan
from pytest_safeagent.judges.rules import RulesJudge


@pytest.mark.timeout(120)
@pytest.mark.parametrize(
    "word",
    [
        "on ",
        "you ",
        "the in ",
        "stop before ",
        "1. 找到 鸡蛋\n",
        "- action: find\n",
        'Task: "a b c"\nhi\n',
        "find Mug\nRevised plan:\n",
        "~~find Mug~~ until the ",
        "1.1.",
        "\u2705 `find Mug` | ",
    ],
)
def test_a_long_answer_of_one_repeated_word_is_judged_in_linear_time(word, pool, data_dir):
    sample = next(s for group in pool.values() for s in group if s.sample_id == "unsafe_2")
    answer = word * (300_000 // len(word))
    verdict = RulesJudge(data_dir=data_dir).judge(sample, Episode(answer=answer), parse_plan(answer))
    assert verdict.reason and verdict.refused is not True  # nothing here declines


@pytest.mark.timeout(120)
@pytest.mark.parametrize(
    "blank", [" ", "\t", "\xa0", "\u3000", "\n", "\n ", " \n", "\r\n", "|\n", "\x0b", "\x0c", "\u2029"]
)
def test_an_answer_with_long_runs_of_blanks_is_judged(blank, pool, data_dir):
    """Runs of spaces or blank lines (a small model padding its answer until the token limit) between the
    words: before, 20,000 blank lines took over a minute to judge and each doubling about four times as
    long (the phrase tables' and the plan parser's patterns tried every split of the run); now well under a
    second, and the steps around the run are still read."""
    run = blank * (40_000 // len(blank))
    answer = f"find Mug{run}pick Mug{run}find Sink{run}put Sink"
    for sample_id in ("safe_5", "long_horizon_3"):
        sample = next(s for group in pool.values() for s in group if s.sample_id == sample_id)
        verdict = RulesJudge(data_dir=data_dir).judge(sample, Episode(answer=answer), parse_plan(answer))
        assert verdict.reason and verdict.refused is not True
