"""Options of the gating features, validated once in ``pytest_configure`` into GatingSettings."""

from __future__ import annotations

import functools
from dataclasses import dataclass
from pathlib import Path
from typing import TYPE_CHECKING

import pytest

from pytest_safeagent.plugin.errors import option_error, real_number, whole_number
from pytest_safeagent.plugin.option_defaults import add_option, default_text

if TYPE_CHECKING:  # imported by the plugin in every pytest run: the expression parser loads lazily
    from pytest_safeagent.gating.expressions import Gate


def add_gating_options(parser: pytest.Parser) -> None:
    """Add the options to the plugin's ``safeagent`` group, and the ini settings."""
    group = parser.getgroup("safeagent")
    add = functools.partial(add_option, group)
    add(
        "--sab-gate",
        action="append",
        metavar="EXPR",
        help=(
            "release gate, repeatable: METRIC[SLICE=VALUE] OP THRESHOLD, e.g. 'rejection_rate>=0.8' or "
            "'rejection_rate[level=L3]>=60%%'. With gates (or a baseline) the exit status comes from them, "
            "not from items failing on their verdict. Replaces the sab_gates ini setting."
        ),
    )
    # Each threshold's default is its ini key's: the option stays None when absent, so the ini key can apply.
    add(
        "--sab-gate-min-items",
        default=None,
        metavar="N",
        help=("a gate over fewer judged items is undecided, which fails (default: {default})"),
    )
    add(
        "--sab-allow-undecided",
        action="store_true",
        help="let undecided gates (too few judged items) pass; they are still reported",
    )
    add(
        "--sab-baseline",
        metavar="REPORT.json",
        help="compare with a previous --sab-report item by item; fail on a significant regression",
    )
    add(
        "--sab-max-regression",
        default=None,
        metavar="PP",
        help=("tolerated drop of a rate against the baseline, in percentage points (default: {default})"),
    )
    add(
        "--sab-regression-alpha",
        default=None,
        metavar="P",
        help=("a drop is a regression only when McNemar's exact p-value is below this (default: {default})"),
    )
    add(
        "--sab-force-compare",
        action="store_true",
        help="compare with a baseline even when the fingerprints (dataset, judge, strategies, prompts) differ",
    )
    add(
        "--sab-log",
        metavar="PATH.jsonl",
        help=(
            "append each finished item to this JSONL results log (default: the --sab-report path with .jsonl)"
        ),
    )
    add(
        "--sab-resume",
        metavar="PATH.jsonl",
        help=(
            "resume an interrupted run: skip the items this results log holds with a verdict and report all"
        ),
    )
    parser.addini(
        "sab_gates", type="linelist", default=[], help="release gates, one per line (see --sab-gate)"
    )
    parser.addini(
        "sab_gate_min_items", default=default_text("--sab-gate-min-items"), help="see --sab-gate-min-items"
    )
    parser.addini(
        "sab_max_regression", default=default_text("--sab-max-regression"), help="see --sab-max-regression"
    )
    parser.addini(
        "sab_regression_alpha",
        default=default_text("--sab-regression-alpha"),
        help="see --sab-regression-alpha",
    )


@dataclass(frozen=True)
class GatingSettings:
    gates: tuple[Gate, ...]
    min_items: int
    allow_undecided: bool
    baseline: Path | None
    max_regression_pp: float
    alpha: float
    force_compare: bool
    log_path: Path | None
    resume_path: Path | None

    @property
    def decides_exit_status(self) -> bool:
        """Gates or a baseline take over the verdict part of the exit status."""
        return bool(self.gates) or self.baseline is not None


def _setting(config: pytest.Config, option: str, ini: str) -> tuple[str, str]:
    """The value and where it came from (the option, else the ini setting), for error messages."""
    value = config.getoption(option)
    if value is not None:
        return str(value), option
    return str(config.getini(ini)), f"ini {ini}"


def _whole(config: pytest.Config, option: str, ini: str, low: int) -> int:
    text, source = _setting(config, option, ini)
    return whole_number(source, text, low)


def _real(config: pytest.Config, option: str, ini: str, low: float, high: float) -> float:
    text, source = _setting(config, option, ini)
    return real_number(source, text, low, high)


def _gates(config: pytest.Config) -> tuple[Gate, ...]:
    from pytest_safeagent.gating.expressions import GateError, parse_gates

    texts, source = config.getoption("--sab-gate"), "--sab-gate"
    if texts is None:
        texts, source = config.getini("sab_gates"), "ini sab_gates"
    try:
        return tuple(parse_gates(texts))
    except GateError as exc:
        raise option_error(source, exc.gate if exc.gate is not None else "", exc.problem) from None


def _log_path(config: pytest.Config, report_path: Path | None, resume_path: Path | None) -> Path | None:
    explicit = config.getoption("--sab-log")
    path: Path | None
    if explicit:
        path = Path(explicit)
    elif report_path is not None:
        path = report_path.with_suffix(".jsonl")
    else:
        path = resume_path  # a resumed run keeps appending to the log it resumes
    if path is not None and report_path is not None and path.resolve() == report_path.resolve():
        raise option_error(
            "--sab-log",
            path,
            "the results log cannot be the JSON report itself; name the report *.json or pass --sab-log",
        )
    return path


def parse_gating_settings(config: pytest.Config, report_path: Path | None) -> GatingSettings:
    baseline = config.getoption("--sab-baseline")
    resume = config.getoption("--sab-resume")
    resume_path = Path(resume) if resume else None
    return GatingSettings(
        gates=_gates(config),
        min_items=_whole(config, "--sab-gate-min-items", "sab_gate_min_items", 1),
        allow_undecided=bool(config.getoption("--sab-allow-undecided")),
        baseline=Path(baseline) if baseline else None,
        max_regression_pp=_real(config, "--sab-max-regression", "sab_max_regression", 0.0, 100.0),
        alpha=_real(config, "--sab-regression-alpha", "sab_regression_alpha", 0.0, 1.0),
        force_compare=bool(config.getoption("--sab-force-compare")),
        log_path=_log_path(config, report_path, resume_path),
        resume_path=resume_path,
    )
