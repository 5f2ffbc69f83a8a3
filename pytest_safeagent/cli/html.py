"""``pytest-safeagent html REPORT.json [-o PAGE.html]
[--baseline OTHER.json]``: the run's page from a saved report;
``pytest-safeagent html A.json B.json [C.json ...] -o compare.html``: the page comparing several runs."""

from __future__ import annotations

import argparse
import sys
from collections.abc import Sequence
from pathlib import Path

from pytest_safeagent.core.output_paths import output_problem
from pytest_safeagent.core.textsafe import for_terminal
from pytest_safeagent.gating.defaults import DEFAULT_ALPHA
from pytest_safeagent.plugin.options import add_cli_option, cli_problem


def _parser() -> argparse.ArgumentParser:
    parser = argparse.ArgumentParser(
        prog="pytest-safeagent html",
        description=(
            "Render one self-contained HTML page (charts, every item's story) from a --sab-report JSON file."
        ),
    )
    parser.add_argument(
        "reports",
        type=Path,
        nargs="+",
        metavar="REPORT",
        help="the JSON report of a run (--sab-report); two or more: one page comparing the runs",
    )
    parser.add_argument(
        "-o",
        "--output",
        type=Path,
        default=None,
        help="where to write the page (default: the report's path with .html; compare.html for several)",
    )
    add_cli_option(
        parser,
        "--sab-regression-alpha",
        default=None,
        help=f"several reports: significance level of the paired tests (default: {DEFAULT_ALPHA:g})",
    )
    parser.add_argument(
        "--screenshots",
        type=Path,
        default=None,
        metavar="DIR",
        help="the run's --sab-save-trajectories folder: embed the interactive agents' screenshots",
    )
    parser.add_argument(
        "--baseline",
        type=Path,
        default=None,
        help="another run's JSON report: show metric deltas and the items whose verdict flipped",
    )
    return parser


def main(argv: Sequence[str] | None = None) -> int:
    from pytest_safeagent.gating.baseline import compare_with_saved
    from pytest_safeagent.reportfile.reader import ReportError, load_report, read_report
    from pytest_safeagent.reporting.html import write_html

    args = _parser().parse_args(argv)
    if len(args.reports) > 1:
        return _comparison(args)
    report_path = args.reports[0]
    if args.alpha is not None:
        return _error("--alpha applies to a comparison of several reports")
    output = args.output or report_path.with_suffix(".html")
    problem = output_problem([("-o", output)], [("REPORT", report_path), ("--baseline", args.baseline)])
    if problem is not None:
        print(f"pytest-safeagent html: error: {problem}", file=sys.stderr)
        return 2
    if args.screenshots is not None and not args.screenshots.is_dir():
        print(
            f"pytest-safeagent html: error: --screenshots {args.screenshots}: not a directory",
            file=sys.stderr,
        )
        return 2
    try:
        report, records = read_report(report_path)  # a bad report names itself, not the page
        comparison = baseline_metrics = None
        if args.baseline is not None:
            baseline = load_report(args.baseline)
            comparison = compare_with_saved(baseline, records, report.get("metrics") or {})
            baseline_metrics = baseline.metrics
        write_html(
            output,
            report,
            comparison=comparison,
            baseline_metrics=baseline_metrics,
            screenshots=args.screenshots,
        )
    except ReportError as exc:
        print(f"pytest-safeagent html: {for_terminal(str(exc))}", file=sys.stderr)
        return 2
    except OSError as exc:
        print(f"pytest-safeagent html: {output}: cannot write: {exc.strerror or exc}", file=sys.stderr)
        return 2
    print(f"wrote {output}")
    return 0


def _error(message: str) -> int:
    print(f"pytest-safeagent html: {message}", file=sys.stderr)
    return 2


def _comparison(args: argparse.Namespace) -> int:
    from pytest_safeagent.reportfile.reader import ReportError, load_report
    from pytest_safeagent.reporting.compare_page import write_compare_page
    from pytest_safeagent.reporting.multi_run import compare_many

    if args.baseline is not None or args.screenshots is not None:
        return _error(
            "--baseline and --screenshots apply to the page of one run; several reports make a comparison"
        )
    problem = cli_problem(args, "--sab-regression-alpha")
    if problem is not None:
        return _error(problem)
    alpha = DEFAULT_ALPHA if args.alpha is None else args.alpha
    output = args.output or Path("compare.html")
    problem = output_problem(
        [("-o", output)], [(f"REPORT {index}", path) for index, path in enumerate(args.reports, 1)]
    )
    if problem is not None:
        return _error(problem)
    try:
        runs = [load_report(path) for path in args.reports]
    except ReportError as exc:
        return _error(str(exc))
    multi = compare_many(runs, alpha=alpha)
    try:
        write_compare_page(output, multi)
    except OSError as exc:
        return _error(f"{output}: cannot write: {exc.strerror or exc}")
    note = "" if multi.same_items else f" (different item sets: {len(multi.common_items)} items in every run)"
    print(
        f"wrote {output}: {len(runs)} runs, {len(multi.pairs)} "
        f"paired tests, {len(multi.disagreements)} items "
        f"where they disagree{note}"
    )
    return 0


if __name__ == "__main__":
    sys.exit(main())
