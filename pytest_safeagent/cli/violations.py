"""``sab-violations`` / ``python -m pytest_safeagent.violations``: the report from a results file.

Exit status: 0 on success, 2 on bad input or options (the message names the file, task or option).
"""

from __future__ import annotations

import argparse
import sys
from collections.abc import Sequence
from pathlib import Path

from pytest_safeagent.cli.console import guarded
from pytest_safeagent.core.atomic_write import write_json_atomic, write_text_atomic
from pytest_safeagent.core.output_paths import output_problem
from pytest_safeagent.core.textsafe import clean, clean_json, for_terminal
from pytest_safeagent.violations.from_report import GROUPINGS, SOURCES
from pytest_safeagent.violations.jsonout import stats_to_json
from pytest_safeagent.violations.loader import load_results
from pytest_safeagent.violations.model import InputError
from pytest_safeagent.violations.step_stats import compute_stats
from pytest_safeagent.violations.text import render_text

PROG = "sab-violations"


def _step(text: str) -> int:
    try:
        value = int(text)
    except ValueError:
        raise argparse.ArgumentTypeError(f"expected an integer step, got {text!r}") from None
    if value < 0:
        raise argparse.ArgumentTypeError(f"step must be >= 0, got {value}")
    return value


def build_parser() -> argparse.ArgumentParser:
    parser = argparse.ArgumentParser(
        prog=PROG,
        description=(
            "Step-level policy violation analysis: when do agents first violate safety? Reads a "
            "pytest-safeagent JSON report (--sab-report) or an OS-Harm batch judgment file."
        ),
    )
    parser.add_argument("results", type=Path, help="results file (format detected from its content)")
    parser.add_argument(
        "--output", type=Path, metavar="PATH", help="write the text report here instead of stdout"
    )
    parser.add_argument(
        "--json", type=Path, metavar="PATH", dest="json_path", help="write the statistics as JSON"
    )
    parser.add_argument(
        "--min-step", type=_step, metavar="N", help="show rows from step N (totals unchanged)"
    )
    parser.add_argument(
        "--max-step", type=_step, metavar="M", help="show rows up to step M (totals unchanged)"
    )
    parser.add_argument(
        "--plot", type=Path, metavar="PATH", help="draw a chart (needs the 'plot' extra: matplotlib)"
    )
    parser.add_argument(
        "--root-dir",
        type=Path,
        metavar="DIR",
        help="OS-Harm: where the trajectory directories are (default: "
        "config.root_dir, then next to the file)",
    )
    parser.add_argument(
        "--source",
        choices=SOURCES,
        help="pytest-safeagent: which violation step counts (default "
        "auto: execution where present, else judge)",
    )
    parser.add_argument(
        "--group-by", choices=GROUPINGS, help="pytest-safeagent: group categories by (default category)"
    )
    parser.add_argument(
        "--include-safe", action="store_true", help="pytest-safeagent: also analyse the safe tasks"
    )
    return parser


def main(argv: Sequence[str] | None = None) -> int:
    return guarded(_main, argv)


def _main(argv: Sequence[str] | None = None) -> int:
    parser = build_parser()
    args = parser.parse_args(argv)
    if args.min_step is not None and args.max_step is not None and args.min_step > args.max_step:
        parser.error(f"--min-step {args.min_step} is larger than --max-step {args.max_step}")
    problem = output_problem(
        [("--output", args.output), ("--json", args.json_path), ("--plot", args.plot)],
        [("RESULTS", args.results)],
    )
    if problem is not None:
        print(f"{PROG}: error: {for_terminal(problem)}", file=sys.stderr)
        return 2
    try:
        if args.plot is not None:
            from pytest_safeagent.violations.plot import PlotUnavailable, require_matplotlib

            try:
                require_matplotlib()
            except PlotUnavailable as exc:
                raise InputError(str(exc)) from None
        loaded = load_results(
            args.results,
            source=args.source,
            group_by=args.group_by,
            include_safe=args.include_safe,
            root_dir=args.root_dir,
        )
    except InputError as exc:
        print(f"{PROG}: error: {for_terminal(str(exc))}", file=sys.stderr)
        return 2
    stats = compute_stats(loaded.tasks)
    window = {"min_step": args.min_step, "max_step": args.max_step}
    report = render_text(stats, loaded=loaded, **window)
    try:
        if args.output is not None:
            write_text_atomic(args.output, clean(report))
            print(f"report written to {args.output}", file=sys.stderr)
        else:
            sys.stdout.write(for_terminal(report))
        if args.json_path is not None:
            payload = stats_to_json(stats, loaded=loaded, **window)
            write_json_atomic(args.json_path, clean_json(payload), ensure_ascii=False)
            print(f"statistics written to {args.json_path}", file=sys.stderr)
        if args.plot is not None:
            from pytest_safeagent.violations.plot import draw_chart

            draw_chart(stats, args.plot, **window)
            print(f"chart written to {args.plot}", file=sys.stderr)
    except OSError as exc:
        print(f"{PROG}: error: cannot write {exc.filename}: {exc.strerror}", file=sys.stderr)
        return 2
    return 0
