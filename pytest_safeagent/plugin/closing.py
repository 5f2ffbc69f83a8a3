"""The last lines of a benchmark run: where its records went and how to look deeper.

Printed after every other summary section (metrics, results log, gates), so the last screen of
a run is its summary. pytest's own "short test summary info", which would follow with one line
per failed item, is left out of benchmark runs unless ``-r`` is given explicitly: a failed
item is a verdict, already counted in the summary and kept in the JSON report.
"""

from __future__ import annotations

import os
import shlex
import tempfile
from pathlib import Path
from typing import Any

import pytest

from pytest_safeagent.plugin.run_state import RUN_STATE_KEY


def explicit_report_chars(config: pytest.Config) -> bool:
    """Did the user ask for pytest's short summary (``-r...``/``--report-chars``) on the command line or in addopts?"""
    words = list(config.invocation_params.args)
    try:
        words += shlex.split(os.environ.get("PYTEST_ADDOPTS", ""))
        words += list(config.getini("addopts"))
    except ValueError:
        pass  # unbalanced quotes or no addopts: pytest itself has reported what it could not read
    return any(
        str(w).startswith("--report-chars") or (str(w).startswith("-r") and not str(w).startswith("--"))
        for w in words
    )


def closing_lines(config: pytest.Config) -> list[str]:
    from pytest_safeagent.plugin.output_paths import unwritten_outputs

    run = config.stash[RUN_STATE_KEY].run
    unwritten = unwritten_outputs(config)
    lines = []
    if run.report_path is not None and "--sab-report" not in unwritten:
        report = str(run.report_path)
        lines.append(f"JSON report: {report} (every item: answer, plan, verdict, timings)")
    elif run.report_path is not None:
        report = "run.json"
        lines.append(f"JSON report: {run.report_path} could not be written (see the line above)")
    else:
        report = "run.json"
        lines.append(
            "JSON report: not written; add --sab-report=run.json to keep every item's answer, plan and verdict"
        )
    if run.html_path is not None and "--sab-html" not in unwritten:
        lines.append(f"HTML page: {run.html_path} (charts, filters, every item's story)")
    simulation = run.simulation
    if simulation is not None and not simulation.urls:
        log_dir = simulation.log_dir or Path(tempfile.gettempdir()) / "pytest-safeagent"
        lines.append(f"simulator logs: {log_dir}{os.sep}thor_server-*.log")
    lines.append(
        f"look deeper: -vv or --tb=long (whole answers of failed items), "
        f"pytest-safeagent violations {report} (step-level analysis), --lf (rerun the failures; "
        f"answers come from the response cache)"
    )
    return lines


class ClosingLines:
    """Registered after the other summary plugins; its trylast summary hook therefore runs last."""

    @pytest.hookimpl(trylast=True)
    def pytest_terminal_summary(self, terminalreporter: Any, exitstatus: int, config: pytest.Config) -> None:
        controller = config.pluginmanager.get_plugin("safeagent-controller")
        if controller is not None and controller.plays_nothing():  # --co: pytest's own output only
            return
        if not explicit_report_chars(config):
            terminalreporter.reportchars = ""  # read by pytest's short test summary, printed after this hook
        from pytest_safeagent.plugin.other_plugins import quiet_sugar_results

        quiet_sugar_results(terminalreporter)  # pytest-sugar's closing block would list every failed item
        terminalreporter.write_sep("-", "where to look")
        for line in closing_lines(config):
            terminalreporter.write_line(line)
