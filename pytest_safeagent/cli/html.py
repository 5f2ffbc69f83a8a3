"""``pytest-safeagent html REPORT.json [-o PAGE.html] [--baseline OTHER.json]``: the run's page from a saved report."""

from __future__ import annotations

import argparse
import sys
from collections.abc import Sequence
from pathlib import Path


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
    from pytest_safeagent.gating.baseline import compare_with_saved
    from pytest_safeagent.reporting.html import write_html
    from pytest_safeagent.reporting.reader import (
        ReportError,
        check_report_shape,
        load_report,
        parse_items,
        read_json_file,
    )

    args = _parser().parse_args(argv)
    output = args.output or args.report.with_suffix(".html")
    try:
        report = check_report_shape(args.report, read_json_file(args.report))
        comparison = baseline_metrics = None
        if args.baseline is not None:
            baseline = load_report(args.baseline)
            current = parse_items(args.report, report.get("items", []))
            comparison = compare_with_saved(baseline, current, report.get("metrics") or {})
            baseline_metrics = baseline.metrics
        write_html(output, report, comparison=comparison, baseline_metrics=baseline_metrics,
                   screenshots=args.screenshots)
    except ReportError as exc:
        print(f"pytest-safeagent html: {exc}", file=sys.stderr)
        return 2
    except OSError as exc:
        print(f"pytest-safeagent html: {output}: cannot write: {exc.strerror or exc}", file=sys.stderr)
        return 2
    print(f"wrote {output}")
    return 0


if __name__ == "__main__":
    sys.exit(main())
