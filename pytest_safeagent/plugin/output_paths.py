"""The run's output files checked in ``pytest_configure``, before the first item runs: no two outputs
on one file, no output over an input, each one a file (not a directory) in a place this user can
write. A run that finds this out at its end has lost an hour of model calls; here it is one usage line.

At the end, :func:`write_output` writes each one: a failure is one summary line, and an interrupt
(Ctrl-C, SIGTERM) while writing leaves the previous file intact but moved aside to ``<name>.stale``
(no stale report looks current), skips the outputs not yet written (their previous files moved aside
too) and lets the run print its summary. The "where to look" block leaves out what was not written.
"""

from __future__ import annotations

from collections.abc import Callable
from pathlib import Path

import pytest

from pytest_safeagent.core.atomic_write import mark_stale
from pytest_safeagent.core.output_paths import output_problem
from pytest_safeagent.core.textsafe import for_terminal
from pytest_safeagent.plugin.safe_output import terminal_text


def check_run_outputs(
    config: pytest.Config,
    report: Path | None,
    html: Path | None,
    log: Path | None,
    baseline: Path | None,
    resume: Path | None,
) -> None:
    """The benchmark's outputs (report, page, results log, JUnit XML) against each other and its inputs."""
    xml = config.getoption("xmlpath", None)
    problem = output_problem(
        [
            ("--sab-report", report),
            ("--sab-html", html),
            ("--junitxml", Path(xml) if xml else None),
            ("--sab-log", log),
        ],
        [("--sab-baseline", baseline), ("--sab-resume", resume)],
        may_share=frozenset({("--sab-log", "--sab-resume")}),
        joiner="=",
        in_place=frozenset({"--sab-log"}),
    )
    if problem is not None:
        raise pytest.UsageError(for_terminal(problem))


UNWRITTEN_KEY = pytest.StashKey[dict[str, str]]()  # option -> why its output was not written
_INTERRUPTED = "interrupted"


def write_output(config: pytest.Config, option: str, path: Path, write: Callable[[], None]) -> str | None:
    """Run ``write`` for the output of ``option``; the one summary line when it was not written, else None."""
    unwritten = config.stash.setdefault(UNWRITTEN_KEY, {})
    try:
        if _INTERRUPTED in unwritten.values():
            raise KeyboardInterrupt  # an earlier output was interrupted: this one is not started
        write()
    except KeyboardInterrupt:
        first = _INTERRUPTED not in unwritten.values()
        unwritten[option] = _INTERRUPTED
        stale = mark_stale(path)
        kept = f"; the previous file is kept as {stale}" if stale is not None else ""
        when = "interrupted while writing" if first else "the run was interrupted while writing its outputs"
        return terminal_text(f"{option} {path}: not written: {when}{kept}")
    except Exception as exc:  # noqa: BLE001 - any failure of one output is reported, the others still written
        reason = exc.strerror if isinstance(exc, OSError) and exc.strerror else f"{type(exc).__name__}: {exc}"
        unwritten[option] = reason
        return terminal_text(f"{option} {path}: not written: {reason}")
    return None


def unwritten_outputs(config: pytest.Config) -> dict[str, str]:
    """The outputs (by option) that could not be written, and why."""
    return config.stash.get(UNWRITTEN_KEY, {})


def interrupted_writing(config: pytest.Config) -> bool:
    """Was the run interrupted (Ctrl-C, SIGTERM) while it wrote its outputs? Its exit status then says so."""
    return _INTERRUPTED in unwritten_outputs(config).values()
