"""The pytest layer's output boundary for outside text: what a benchmark item's report carries to
the terminal, the JUnit XML, the results log and the JSON report is scrubbed of the run's API keys,
cleaned of lone surrogates and, where a terminal shows it, of control characters.

Everything an item reports passes :func:`make_report_safe` once, where the report is made, so
every later writer (pytest's terminal, junitxml, the controller) sees only safe text.
"""

from __future__ import annotations

from typing import Any

import pytest

from pytest_safeagent.core.secret_scrub import hold_env, scrub, scrub_json
from pytest_safeagent.core.textsafe import clean_json, for_terminal


def safe_payload(payload: dict[str, Any]) -> dict[str, Any]:
    """A record's JSON payload with every string scrubbed and cleaned."""
    result = clean_json(scrub_json(payload))
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
    report.user_properties = [(name, terminal_text(value) if isinstance(value, str) else value)
                              for name, value in report.user_properties]


def start_of_run(key_env_names: list[str | None]) -> None:
    """Hold the API keys of this run (named by the options) so every output can scrub them."""
    hold_env(key_env_names)
