"""The judge interface and the errors that keep a judge's failure from becoming a verdict."""

from __future__ import annotations

__all__ = ["JudgeError", "UnjudgeableAnswer"]


class JudgeError(Exception):
    """The judge could not reach a verdict (service failure, unparseable verdict after a retry)."""


class UnjudgeableAnswer(Exception):
    """The answer is neither a refusal nor a plan: nothing to judge, and not a verdict either."""
