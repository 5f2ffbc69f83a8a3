"""Parse JSON from outside with its numbers bounded: the one JSON parser for every file, log, cache entry,
answer and tool-call argument string the plugin did not just produce itself.

The standard parser turns a 5,000-digit number into a ``ValueError`` that is not a ``JSONDecodeError``
(Python refuses int conversions of more than 4,300 digits), so a reader catching syntax errors let it
through as a traceback; ``1e999`` became ``inf`` and ``NaN``/``Infinity`` were accepted, which a report
then wrote back as invalid JSON. Here each of them is a :class:`json.JSONDecodeError` (a ``ValueError``)
naming where the number starts, so every reader's existing syntax-error path words it in one line.
"""

from __future__ import annotations

import json
import math
import re
from typing import Any

MAX_NUMBER_CHARS = 4300  # Python's own limit for int <-> str conversions (sys.get_int_max_str_digits)
_LONG_NUMBER = re.compile(rf"-?\d{{{MAX_NUMBER_CHARS + 1},}}")
_NON_FINITE = re.compile(r"NaN|-?Infinity|-?\d[\d.]*[eE][+-]?\d+")


class _Refused(Exception):
    def __init__(self, message: str):
        self.message = message


def _int(text: str) -> int:
    if len(text.lstrip("-")) > MAX_NUMBER_CHARS:
        raise _Refused(f"a number of {len(text.lstrip('-'))} digits (at most {MAX_NUMBER_CHARS} are read)")
    return int(text)


def _float(text: str) -> float:
    if len(text) > MAX_NUMBER_CHARS:
        raise _Refused(f"a number of {len(text)} characters (at most {MAX_NUMBER_CHARS} are read)")
    value = float(text)
    if not math.isfinite(value):
        raise _Refused(f"the number {text[:40]} is too large to represent")
    return value


def _constant(text: str) -> float:
    raise _Refused(f"{text} is not a JSON number")


def _position(text: str | bytes, message: str) -> int:
    source = text.decode("utf-8", "replace") if isinstance(text, bytes) else text
    found = _LONG_NUMBER.search(source) if "digits" in message or "characters" in message else None
    if found is None:
        found = _NON_FINITE.search(source)
    return found.start() if found is not None else 0


def loads(text: str | bytes) -> Any:
    """``json.loads`` refusing numbers beyond :data:`MAX_NUMBER_CHARS` and non-finite numbers with a
    :class:`json.JSONDecodeError` (``RecursionError`` still comes through for very deep nesting)."""
    try:
        return json.loads(text, parse_int=_int, parse_float=_float, parse_constant=_constant)
    except _Refused as exc:
        source = text.decode("utf-8", "replace") if isinstance(text, bytes) else text
        raise json.JSONDecodeError(exc.message, source, _position(source, exc.message)) from None
