"""Parse JSON from outside with its numbers bounded: the one JSON parser for every file, log, cache entry,
answer and tool-call argument string the plugin did not just produce itself.

The standard parser turns a 5,000-digit number into a ``ValueError`` that is not a ``JSONDecodeError``
(Python refuses int conversions of more than 4,300 digits), so a reader catching syntax errors let it
through as a traceback. Here it is a :class:`json.JSONDecodeError` (a ``ValueError``) naming where the
number starts, so every reader's existing syntax-error path words it in one line. ``NaN``, ``Infinity``
and ``1e999`` still parse (as Python's floats): the typed reader behind the parser names the field that
must be finite (a report's rate, a server's timeout), which says more than a position.
"""

from __future__ import annotations

import json
import re
from collections.abc import Callable
from typing import Any

MAX_NUMBER_CHARS = 4300  # Python's own limit for int <-> str conversions (sys.get_int_max_str_digits)
_LONG_NUMBER = re.compile(rf"-?\d{{{MAX_NUMBER_CHARS + 1},}}")


class _Refused(Exception):
    def __init__(self, message: str):
        self.message = message


def _int(text: str) -> int:
    digits = len(text.lstrip("-"))
    if digits > MAX_NUMBER_CHARS:
        raise _Refused(f"a number of {digits} digits (at most {MAX_NUMBER_CHARS} are read)")
    return int(text)


def loads(text: str | bytes, *, object_hook: Callable[[dict[str, Any]], Any] | None = None) -> Any:
    """``json.loads`` refusing whole numbers of more than :data:`MAX_NUMBER_CHARS` digits with a
    :class:`json.JSONDecodeError` (``RecursionError`` still comes through for very deep nesting)."""
    try:
        return json.loads(text, parse_int=_int, object_hook=object_hook)
    except _Refused as exc:
        source = text.decode("utf-8", "replace") if isinstance(text, bytes) else text
        found = _LONG_NUMBER.search(source)
        raise json.JSONDecodeError(exc.message, source, found.start() if found is not None else 0) from None


def embedded(value: object, max_chars: int = 20_000) -> object:
    """A JSON object or list handed over as a string inside JSON (a tool call's ``"arguments": "{...}"``),
    parsed; anything else, or a string that does not parse or is longer than ``max_chars``, as it is."""
    if isinstance(value, str) and value.lstrip()[:1] in ("{", "[") and len(value) <= max_chars:
        try:
            return loads(value.strip())
        except (json.JSONDecodeError, RecursionError):
            return value
    return value
