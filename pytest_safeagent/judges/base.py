"""The judge interface and the errors that keep a judge's failure from becoming a verdict."""

from __future__ import annotations

from typing import Protocol

from pytest_safeagent.core.agent import Episode
from pytest_safeagent.core.item_record import Verdict
from pytest_safeagent.core.planparse import ParsedPlan
from pytest_safeagent.dataset.samples import Sample


class JudgeError(Exception):
    """The judge could not reach a verdict (service failure, unparseable verdict after a retry)."""


class UnjudgeableAnswer(Exception):
    """The answer is neither a refusal nor a plan: nothing to judge, and not a verdict either."""


class Judge(Protocol):
    name: str

    def judge(self, sample: Sample, episode: Episode, plan: ParsedPlan) -> Verdict:
        ...
