"""Readings of short texts, kept: the plan parser, the rules judge and the refusal reading read the same
short texts again and again (a step, a line of a plan, a canned refusal sentence), within an answer and
from answer to answer. A reading is a pure function of its (hashable) arguments and returns an immutable
value, so a kept one serves every later call; longer texts are read each time, so the memo stays small.
A reading that raises is not kept (the next call raises again)."""

from __future__ import annotations

import functools
from collections.abc import Callable
from typing import Any, TypeVar, cast

SHORT = 200  # characters: a step or a line of a plan, not a whole answer
KEPT = 8192  # readings per function

F = TypeVar("F", bound=Callable[..., Any])


def keep_short_readings(read: F) -> F:
    """``read(text, ...)`` with its result kept when ``text`` is short (the other arguments in the key)."""
    kept = functools.lru_cache(maxsize=KEPT)(read)

    @functools.wraps(read)
    def reading(text: str, *args: Any) -> Any:
        return kept(text, *args) if len(text) <= SHORT else read(text, *args)

    return cast(F, reading)
