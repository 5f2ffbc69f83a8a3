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
