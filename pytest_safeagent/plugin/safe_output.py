"""The pytest layer's output boundary for outside text: what a benchmark item's report carries to
the terminal, the JUnit XML, the results log and the JSON report is scrubbed of the run's API keys,
cleaned of lone surrogates and, where a terminal shows it, of control characters.

Everything an item reports passes :func:`make_report_safe` once, where the report is made, so
every later writer (pytest's terminal, junitxml, the controller) sees only safe text.
"""

from __future__ import annotations

import json
from typing import Any

import pytest

from pytest_safeagent.core.secret_scrub import hold_env, may_hold_secret, safe_text, scrub
from pytest_safeagent.core.textsafe import for_terminal, has_surrogates, map_json_strings


def safe_payload(payload: dict[str, Any]) -> dict[str, Any]:
    """A JSON payload with every string scrubbed and cleaned; ``payload`` itself (the same object) when
    nothing in it needs either, which one look at its JSON text tells (a walk over every string costs
    ten times as much, and almost every record is clean)."""
    text = json.dumps(payload, ensure_ascii=False)
    if not has_surrogates(text) and not may_hold_secret(text):
        return payload
    result = map_json_strings(payload, safe_text)  # one walk: scrubbed, then cleaned
    assert isinstance(result, dict)
    return result


def terminal_text(text: str) -> str:
    """Outside text as a terminal (and an XML file) may show it."""
    return for_terminal(scrub(text))


def make_report_safe(report: pytest.TestReport) -> None:
    """Replace the report's failure text and captured output by their safe forms."""
    longrepr = report.longrepr
    if isinstance(longrepr, tuple) and len(longrepr) == 3:  # a skip: (path, line, reason)
        report.longrepr = (longrepr[0], longrepr[1], terminal_text(str(longrepr[2])))
    elif longrepr is not None:
        report.longrepr = terminal_text(str(longrepr))
    report.sections = [(terminal_text(title), terminal_text(content)) for title, content in report.sections]
    report.user_properties = [
        (name, terminal_text(value) if isinstance(value, str) else value)
        for name, value in report.user_properties
    ]


def start_of_run(key_env_names: list[str | None]) -> None:
    """Hold the API keys of this run (named by the options) so every output can scrub them."""
    hold_env(key_env_names)
