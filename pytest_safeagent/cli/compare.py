"""``pytest-safeagent compare BASELINE.json CURRENT.json``: the baseline comparison for two saved reports.

The same comparison, gates and verdict as ``--sab-baseline``/``--sab-gate`` inside pytest, for
pipelines that keep the run and the decision apart. Exit status: 0 pass, 1 fail (regression,
failed gate, errors or an incomplete current report), 2 unusable input.

With three or more reports: the runs side by side and the paired test of every pair
(:mod:`.compare_many`); exit status 0, or 2 for unusable input. ``--csv`` writes the side-by-side
numbers for dashboards with any number of reports.
"""

from __future__ import annotations

import argparse
import sys
from collections.abc import Sequence
from pathlib import Path

from pytest_safeagent.core.atomic_write import write_json_atomic
from pytest_safeagent.core.output_paths import output_problem
from pytest_safeagent.core.populations import population_of
from pytest_safeagent.core.textsafe import clean_json, for_terminal
from pytest_safeagent.gating.baseline import compare_runs, protocol_mismatch
from pytest_safeagent.gating.evaluate import evaluate_gates
from pytest_safeagent.gating.expressions import GateError, ItemShape, check_gates_measurable, parse_gates
from pytest_safeagent.gating.render import comparison_lines, gate_lines, population_note, verdict_lines
from pytest_safeagent.gating.verdict import decide
from pytest_safeagent.plugin.options import add_cli_option, cli_problem
from pytest_safeagent.reportfile.reader import ReportError, fingerprint_differences, load_report

PROG = "pytest-safeagent compare"
USAGE_ERROR = 2


def _parser() -> argparse.ArgumentParser:
    parser = argparse.ArgumentParser(
        prog=PROG,
        description=(
            "Compare two pytest-safeagent JSON reports item by item: "
            "flips, metric deltas, McNemar's exact test."
        ),
    )
    parser.add_argument(
        "reports",
        nargs="+",
        metavar="REPORT.json",
        help=(
            "two reports: BASELINE.json (for example the last "
            "release) and CURRENT.json (the report to judge); "
            "three or more: the runs side by side, with the paired test of every pair"
        ),
    )
    add_cli_option(parser, "--sab-max-regression")
    add_cli_option(parser, "--sab-regression-alpha")
    add_cli_option(parser, "--sab-force-compare", "--force")
    add_cli_option(
        parser, "--sab-gate", help="also apply a gate to CURRENT (same syntax as --sab-gate), repeatable"
    )
    add_cli_option(parser, "--sab-gate-min-items")
    add_cli_option(parser, "--sab-allow-undecided")
    parser.add_argument(
        "--json",
        metavar="PATH",
        help=(
            "also write the comparison, gates and verdict as JSON "
            "(three or more reports: the runs, slices and paired tests)"
        ),
    )
    parser.add_argument(
        "--csv",
        metavar="PATH",
        help=(
            "also write every run's metrics (overall and per slice, with intervals), tokens and cost as CSV, "
            "one row per run, group and metric"
        ),
    )
    return parser


def _error(message: str) -> int:
    print(f"{PROG}: error: {for_terminal(message)}", file=sys.stderr)
    return USAGE_ERROR


def main(argv: Sequence[str] | None = None) -> int:
    args = _parser().parse_args(argv)
    if len(args.reports) < 2:
        return _error("give at least two reports")
    problem = cli_problem(args, "--sab-max-regression", "--sab-regression-alpha", "--sab-gate-min-items")
    if problem is not None:
        return _error(problem)
    problem = output_problem(
        [("--json", Path(args.json) if args.json else None), ("--csv", Path(args.csv) if args.csv else None)],
        [(f"REPORT {index}", Path(path)) for index, path in enumerate(args.reports, 1)],
    )
    if problem is not None:
        return _error(problem)
    if len(args.reports) > 2:
        return _many(args)
    try:
        baseline, current = load_report(args.reports[0]), load_report(args.reports[1])
        gates = parse_gates(args.gate)
        check_gates_measurable(
            gates,
            [
                ItemShape(
                    r.task_type,
                    r.hazardous,
                    r.category,
                    r.level,
                    r.strategy,
                    r.execution is not None or r.has_final_state is not None,
                )
                for r in current.records
            ],
            population_of(current.metrics).protocol,
        )
    except (ReportError, GateError) as exc:
        return _error(str(exc))
    differences = fingerprint_differences(baseline.fingerprint, current.fingerprint)
    protocols = protocol_mismatch(baseline.fingerprint, current.fingerprint, str(baseline.path))
    if differences and not args.force:
        return _error(
            "the reports are not comparable, their fingerprints differ: "
            + "; ".join(differences)
            + (f". {protocols}" if protocols else "")
            + " (pass --force to compare anyway)"
        )
    comparison = compare_runs(
        baseline.records,
        current.records,
        baseline_metrics=baseline.metrics,
        current_metrics=current.metrics,
        baseline_label=f"{baseline.path} (model {baseline.model})",
        tolerance_pp=args.max_regression,
        alpha=args.alpha,
    )
    results = evaluate_gates(gates, current.metrics, args.gate_min_items)
    verdict = decide(
        gate_results=results,
        comparison=comparison,
        counts=current.metrics["counts"],
        interrupted=not current.complete,
        unreadable_records=0,
        allow_undecided=args.allow_undecided,
        interrupted_text=f"{current.path} is marked incomplete (the run was interrupted or lost items)",
    )
    print(for_terminal(f"current {current.path} (model {current.model})"))
    for note in baseline.notes + current.notes:
        print(for_terminal(note))
    if differences:
        print(for_terminal("fingerprints differ (compared anyway, --force): " + "; ".join(differences)))
    if protocols:
        print(for_terminal(f"WARNING: {protocols}; the deltas below compare different measures"))
    lines = comparison_lines(comparison, ("--max-regression", "--alpha"))
    if results:
        gates_note = population_note(results, current.metrics)
        lines += [""] + gate_lines(results) + ([gates_note] if gates_note else [])
    for line in lines + [""] + verdict_lines(verdict):
        print(for_terminal(line))
    if args.json:
        payload = {
            "baseline": str(baseline.path),
            "current": str(current.path),
            "notes": list(baseline.notes + current.notes),
            "fingerprint_differences": differences,
            "protocol_mismatch": protocols,
            "comparison": comparison.to_json(),
            "gates": [r.to_json() for r in results],
            "verdict": verdict.to_json(),
        }
        try:
            write_json_atomic(Path(args.json), clean_json(payload), ensure_ascii=False)
        except OSError as exc:
            return _error(f"--json {args.json}: cannot write: {exc.strerror or exc}")
    if args.csv and (status := _write(args, [baseline, current], json_too=False)):
        return status
    return 0 if verdict.passed else 1


def _write(args: argparse.Namespace, runs: list, *, json_too: bool) -> int:
    """Write --csv (and for several reports --json); 0, or the usage-error status."""
    from pytest_safeagent.cli.compare_many import write_csv, write_json
    from pytest_safeagent.reporting.multi_run import compare_many

    multi = compare_many(runs, alpha=args.alpha)
    for option, path, write in (
        ("--csv", args.csv, write_csv),
        ("--json", args.json if json_too else None, write_json),
    ):
        if path:
            try:
                write(Path(path), multi)
            except OSError as exc:
                return _error(f"{option} {path}: cannot write: {exc.strerror or exc}")
    return 0


def _many(args: argparse.Namespace) -> int:
    """Three or more reports: the runs side by side and every pair's paired test."""
    from pytest_safeagent.cli.compare_many import table_lines
    from pytest_safeagent.reporting.multi_run import compare_many

    if args.gate:
        return _error("--gate judges one run against one baseline: give two reports")
    try:
        runs = [load_report(path) for path in args.reports]
    except ReportError as exc:
        return _error(str(exc))
    multi = compare_many(runs, alpha=args.alpha)
    differing = [
        f"{p.second.label} against {p.first.label}: {'; '.join(p.fingerprint_differences)}"
        for p in multi.pairs
        if p.fingerprint_differences
    ]
    if differing and not args.force:
        return _error(
            "the reports are not comparable, their fingerprints differ: "
            + " | ".join(differing)
            + " (pass --force to compare anyway)"
        )
    for note in (note for run in runs for note in run.notes):
        print(note)
    for line in table_lines(multi):
        print(line)
    return _write(args, runs, json_too=True)


if __name__ == "__main__":
    sys.exit(main())
