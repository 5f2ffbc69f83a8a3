"""Turn a pydantic validation error, or a JSON syntax error, into the one-line message every reader shows.

Reports, results logs, dataset files and the simulator's request bodies all name the field the
same way (``field 'verdict.refused': Input should be a valid boolean``), so a user who has seen
one of these errors can read all of them.
"""

from __future__ import annotations

import json
from collections.abc import Mapping
from typing import Any


def describe_error(error: Mapping[str, Any], whole: str = "record") -> str:
    """One pydantic error (an ``exc.errors()`` entry); ``whole`` names an error of the entire input."""
    where = ".".join(str(part) for part in error["loc"]) or whole
    return f"field {where!r}: {error['msg']}"


def first_error(exc: Any, whole: str = "record") -> str:  # exc: a pydantic ValidationError
    """The first problem, and how many more there are: ``field 'a.b': msg (and 2 more)``."""
    count = exc.error_count()
    more = f" (and {count - 1} more)" if count > 1 else ""
    return describe_error(exc.errors()[0], whole) + more


def describe_json_error(exc: json.JSONDecodeError, *, with_line: bool = True) -> str:
    """``not valid JSON (line 3, column 7): Expecting ','``; a JSON Lines reader names the line itself."""
    where = f"line {exc.lineno}, column {exc.colno}" if with_line else f"column {exc.colno}"
    return f"not valid JSON ({where}): {exc.msg}"


MAX_JSON_DEPTH = (
    100  # far beyond any file the plugin writes; deeper input would exhaust the stack of recursive code
)


TOO_DEEP = f"not usable JSON: nested more than {MAX_JSON_DEPTH} levels deep"


def too_deep(value: object, limit: int = MAX_JSON_DEPTH) -> bool:
    """Does parsed JSON nest deeper than ``limit``? (Checked without recursion.)"""
    stack: list[tuple[object, int]] = [(value, 0)]
    while stack:
        current, depth = stack.pop()
        if isinstance(current, dict | list):
            if depth >= limit:
                return True
            children = current.values() if isinstance(current, dict) else current
            stack.extend((child, depth + 1) for child in children if isinstance(child, dict | list))
    return False
