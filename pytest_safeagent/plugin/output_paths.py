"""The run's output files checked before the first item runs: no two outputs on one file, no
output over an input, each one a file (not a directory) in a place this user can write.

A run that finds this out at its end has lost an hour of model calls; here it is one usage line.
"""

from __future__ import annotations

import os
from pathlib import Path

import pytest

from pytest_safeagent.plugin.errors import option_error


def place_problem(path: Path) -> str | None:
    """Why ``path`` cannot be written as a file, or None when it can (as far as can be told now)."""
    if path.is_dir():
        return "is a directory; name a file"
    if path.exists():
        return None if os.access(path, os.W_OK) else "exists and is not writable"
    parent = path.parent.resolve()
    while not parent.exists():  # missing folders are created when the file is written
        parent = parent.parent
    if not parent.is_dir():
        return f"cannot be created: {parent} is not a directory"
    if not os.access(parent, os.W_OK | os.X_OK):
        return f"cannot be created: the directory {parent} is not writable"
    return None


def check_output_paths(outputs: list[tuple[str, Path | None]], inputs: list[tuple[str, Path | None]],
                       *, may_append: set[tuple[str, str]] | None = None) -> None:
    """Raise the usage error for the first output that collides with another output or an input, or
    that cannot be written. ``may_append`` names (output, input) pairs that may be one file (a resumed
    results log)."""
    allowed = may_append or set()
    seen: dict[Path, str] = {}
    for option, path in inputs:
        if path is not None:
            seen.setdefault(path.resolve(), option)
    for option, path in outputs:
        if path is None:
            continue
        resolved = path.resolve()
        other = seen.get(resolved)
        if other is not None and (option, other) not in allowed:
            raise option_error(option, path, f"is also the {other} file; every output needs a file of its own "
                                             "and never replaces an input")
        seen[resolved] = option
        problem = place_problem(path)
        if problem is not None:
            raise option_error(option, path, problem)


def check_run_outputs(config: pytest.Config, report: Path | None, html: Path | None, log: Path | None,
                      baseline: Path | None, resume: Path | None) -> None:
    """The benchmark's outputs (report, page, results log, JUnit XML) against each other and its inputs."""
    xml = config.getoption("xmlpath", None)
    check_output_paths(
        [("--sab-report", report), ("--sab-html", html), ("--junitxml", Path(xml) if xml else None),
         ("--sab-log", log)],
        [("--sab-baseline", baseline), ("--sab-resume", resume)],
        may_append={("--sab-log", "--sab-resume")},
    )
