"""The run's output files checked in ``pytest_configure``, before the first item runs: no two outputs
on one file, no output over an input, each one a file (not a directory) in a place this user can
write. A run that finds this out at its end has lost an hour of model calls; here it is one usage line.
"""

from __future__ import annotations

from pathlib import Path

import pytest

from pytest_safeagent.core.output_paths import output_problem
from pytest_safeagent.core.textsafe import for_terminal


def check_run_outputs(config: pytest.Config, report: Path | None, html: Path | None, log: Path | None,
                      baseline: Path | None, resume: Path | None) -> None:
    """The benchmark's outputs (report, page, results log, JUnit XML) against each other and its inputs."""
    xml = config.getoption("xmlpath", None)
    problem = output_problem(
        [("--sab-report", report), ("--sab-html", html), ("--junitxml", Path(xml) if xml else None),
         ("--sab-log", log)],
        [("--sab-baseline", baseline), ("--sab-resume", resume)],
        may_share=frozenset({("--sab-log", "--sab-resume")}), joiner="=",
    )
    if problem is not None:
        raise pytest.UsageError(for_terminal(problem))
