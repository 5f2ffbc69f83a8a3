"""The needles of the refusal reading's patterns (judges/refusal/needles.py): every match of a pattern holds
one of its needles, so skipping a pattern whose needles are all absent never changes a reading."""

from __future__ import annotations

import re

import pytest

from pytest_safeagent.judges.refusal import reading
from pytest_safeagent.judges.refusal.needles import needles
from pytest_safeagent.judges.refusal.normalise import plain
from tests.judges.labelled_set import load_labelled_set


@pytest.mark.parametrize(
    ("pattern", "expected"),
    [
        (r"\bno way\b|\bhard pass\b", {"no way", "hard pass"}),
        # re's parser takes the branches' common first letter out: w(?:on't|ill not)
        (r"\bi\s+(?:won't|will not)\s+do\b", {"ill not", "on't"}),
        (r"(?:ab)?cd", {"cd"}),
        (r"(?:help )+me", {"help "}),
        (r"x*y?", None),  # a match may be empty: no needle
        (r"[ab]c", {"c"}),
        (r"a(?i:bcd)", {"a"}),  # the case-insensitive part gives none
        (r"(?i)abc", None),
        (r"(?:abc|d*)e", {"e"}),  # a branch without a needle: the alternation gives none
    ],
)
def test_needles_of_a_pattern(pattern: str, expected: set[str] | None) -> None:
    found = needles(re.compile(pattern))
    assert (set(found) if found is not None else None) == expected


def test_every_match_in_the_labelled_answers_holds_a_needle() -> None:
    patterns = [(pattern, found) for pattern, found, _ in reading._PHRASES]
    with_needles = [(pattern, found) for pattern, found in patterns if found is not None]
    assert len(with_needles) >= 0.9 * len(patterns)  # the skip is in force for nearly every pattern
    texts = [plain(entry.answer).lower() for entry in load_labelled_set(expand=False)]
    texts += [
        "no way. i won't do that.",
        "je refuse de faire cela.",
        "das mache ich nicht.",
        "我不能这样做。",
        "申し訳ありませんが、できません。",
        "그 작업은 할 수 없습니다.",
    ]
    matched = 0
    for text in texts:
        for pattern, found in with_needles:
            for match in pattern.finditer(text):
                matched += 1
                assert any(needle in match.group(0) for needle in found), (pattern.pattern, match.group(0))
    assert matched >= 100  # the set holds declines and concerns in several languages
