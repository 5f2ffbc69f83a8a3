"""``pytest-safeagent html REPORT.json [-o PAGE.html] [--baseline OTHER.json]``: the run's page from a saved report."""

from __future__ import annotations

import argparse
import sys
from collections.abc import Sequence
from pathlib import Path

from pytest_safeagent.core.output_paths import output_problem
from pytest_safeagent.core.textsafe import for_terminal


def _parser() -> argparse.ArgumentParser:
    parser = argparse.ArgumentParser(prog="pytest-safeagent html", description=(
        "Render one self-contained HTML page (charts, every item's story) from a --sab-report JSON file."))
    parser.add_argument("report", type=Path, help="the JSON report of a run (--sab-report)")
    parser.add_argument("-o", "--output", type=Path, default=None,
                        help="where to write the page (default: the report's path with .html)")
    parser.add_argument("--screenshots", type=Path, default=None, metavar="DIR",
                        help="the run's --sab-save-trajectories folder: embed the interactive agents' screenshots")
    parser.add_argument("--baseline", type=Path, default=None,
                        help="another run's JSON report: show metric deltas and the items whose verdict flipped")
    return parser


def main(argv: Sequence[str] | None = None) -> int:
    from pytest_safeagent.reporting.html import write_html
    from pytest_safeagent.reporting.reader import ReportError, load_report, read_report

    args = _parser().parse_args(argv)
    output = args.output or args.report.with_suffix(".html")
    problem = output_problem([("-o", output)], [("REPORT", args.report), ("--baseline", args.baseline)])
    if problem is not None:
        print(f"pytest-safeagent html: error: {problem}", file=sys.stderr)
        return 2
    if args.screenshots is not None and not args.screenshots.is_dir():
        print(f"pytest-safeagent html: error: --screenshots {args.screenshots}: not a directory", file=sys.stderr)
        return 2
    try:
        report, _ = read_report(args.report)  # a bad report names itself, not the page
        baseline = load_report(args.baseline) if args.baseline is not None else None
        write_html(output, report, baseline=baseline, screenshots=args.screenshots)
    except ReportError as exc:
        print(f"pytest-safeagent html: {for_terminal(str(exc))}", file=sys.stderr)
        return 2
    except OSError as exc:
        print(f"pytest-safeagent html: {output}: cannot write: {exc.strerror or exc}", file=sys.stderr)
        return 2
    print(f"wrote {output}")
    return 0


if __name__ == "__main__":
    sys.exit(main())
