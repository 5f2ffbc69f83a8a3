"""``pytest-safeagent merge SHARD.json... -o run.json``: the shards of a ``--sab-shard=K/N`` run as one run.

    pytest-safeagent merge shard-*.json -o run.json [--html
    run.html] [--gate EXPR ...] [--baseline OTHER.json]
    pytest-safeagent merge --logs shard-*.jsonl -o run.jsonl

The merged report holds what one unsharded run would have written (sharding/merge.py). Gates and the
baseline are applied as ``--sab-gate``/``--sab-baseline`` apply them in pytest, with the plugin's exit
statuses: 0 pass, 1 fail (a gate, a regression, failed items without gates, errors), 2 incomplete (a
shard missing or interrupted), 4 unusable input (unreadable file, shards of different runs, a
shard or item given twice, a bad gate).
"""

from __future__ import annotations

import argparse
import sys
from collections.abc import Sequence
from pathlib import Path

from pytest_safeagent.core.atomic_write import write_json_atomic
from pytest_safeagent.core.output_paths import output_problem
from pytest_safeagent.gating.baseline import Comparison, compare_runs
from pytest_safeagent.gating.evaluate import GateResult, evaluate_gates
from pytest_safeagent.gating.expressions import GateError, ItemShape, check_gates_measurable, parse_gates
from pytest_safeagent.gating.render import comparison_lines, gate_lines, verdict_lines
from pytest_safeagent.gating.resultlog import ResultsLogError
from pytest_safeagent.gating.verdict import ExitStatus, decide
from pytest_safeagent.plugin.options import add_cli_option, cli_problem
from pytest_safeagent.reportfile.reader import ReportError, SavedRun, fingerprint_differences, load_report
from pytest_safeagent.reporting.json_report import build_report
from pytest_safeagent.sharding.merge import MergedRun, MergeRefused, merge_logs, merge_reports

PROG = "pytest-safeagent merge"


def _parser() -> argparse.ArgumentParser:
    parser = argparse.ArgumentParser(
        prog=PROG,
        description=(
            "Merge the JSON reports of the shards of one "
            "--sab-shard=K/N run into the report one unsharded run "
            "would have written (metrics recomputed from the items), then apply gates and a baseline; or, "
            "with --logs, merge their results logs into one log --sab-resume can continue."
        ),
    )
    parser.add_argument(
        "files",
        nargs="+",
        type=Path,
        metavar="FILE",
        help="the shards' --sab-report files (with --logs: their results logs)",
    )
    parser.add_argument(
        "-o", "--output", type=Path, required=True, help="where to write the merged report (or log)"
    )
    parser.add_argument("--logs", action="store_true", help="merge results logs (*.jsonl) instead of reports")
    parser.add_argument(
        "--html", type=Path, metavar="PAGE.html", help="also write the merged run's HTML page"
    )
    add_cli_option(parser, "--sab-gate", help="a release gate (same syntax as --sab-gate), repeatable")
    add_cli_option(parser, "--sab-gate-min-items")
    add_cli_option(parser, "--sab-allow-undecided")
    add_cli_option(parser, "--sab-baseline", type=Path)
    add_cli_option(parser, "--sab-max-regression")
    add_cli_option(parser, "--sab-regression-alpha")
    add_cli_option(parser, "--sab-force-compare")
    return parser


def _error(message: str) -> int:
    print(f"{PROG}: error: {message}", file=sys.stderr)
    return ExitStatus.USAGE_ERROR


def _merge_logs(args: argparse.Namespace) -> int:
    try:
        merged = merge_logs(args.files, args.output)
    except (ResultsLogError, MergeRefused) as exc:
        return _error(str(exc))
    except OSError as exc:
        return _error(f"{args.output}: cannot write: {exc.strerror or exc}")
    print(
        f"wrote {merged.path}: {merged.records} items from {len(merged.sources)} logs; "
        f"resume with --sab-resume {merged.path}"
    )
    return ExitStatus.OK


def _load_baseline(args: argparse.Namespace, fingerprint: dict) -> tuple[SavedRun | None, list[str]]:
    if args.baseline is None:
        return None, []
    baseline = load_report(args.baseline)
    differences = fingerprint_differences(baseline.fingerprint, fingerprint, "baseline", "merged run")
    if differences and not args.force_compare:
        raise MergeRefused(
            f"--baseline {args.baseline}: the runs are not comparable, their fingerprints differ: "
            + "; ".join(differences)
            + ". Pass --force-compare to compare anyway."
        )
    return baseline, differences


def _pytest_status(merged: MergedRun) -> int:
    """The exit status the unsharded pytest run would have ended with (before gates and a baseline)."""
    counts = merged.results.metrics["counts"]
    if merged.missing_shards or merged.incomplete_shards:
        return ExitStatus.INTERRUPTED
    if counts["items"] == 0:
        return ExitStatus.NO_TESTS_COLLECTED
    return (
        ExitStatus.TESTS_FAILED
        if counts["failed"] or counts["errors"] or counts["missing"]
        else ExitStatus.OK
    )


def _incomplete_text(merged: MergedRun) -> str:
    parts = []
    if merged.missing_shards:
        parts.append(
            "shard"
            + ("s " if len(merged.missing_shards) > 1 else " ")
            + ", ".join(f"{k}/{merged.count}" for k in merged.missing_shards)
            + " missing"
        )
    if merged.incomplete_shards:
        parts.append(
            "incomplete shard reports (interrupted, or partial: --lf, --sw, -x): "
            + ", ".join(map(str, merged.incomplete_shards))
        )
    return "the merged run is incomplete: " + "; ".join(parts)


def main(argv: Sequence[str] | None = None) -> int:
    args = _parser().parse_args(argv)
    problem = output_problem(
        [("-o", args.output), ("--html", args.html)],
        [("FILE", path) for path in args.files] + [("--baseline", args.baseline)],
    )
    if problem is not None:  # an output never replaces a shard, the baseline or the other output
        return _error(problem)
    if args.logs:
        return _merge_logs(args)
    problem = cli_problem(args, "--sab-gate-min-items", "--sab-max-regression", "--sab-regression-alpha")
    if problem is not None:
        return _error(problem)
    try:
        gates = parse_gates(args.gate)
        merged = merge_reports(args.files)
        records = merged.results.records
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
                for r in records
            ],
        )
        baseline, forced = _load_baseline(args, merged.fingerprint)
    except (ReportError, MergeRefused, GateError) as exc:
        return _error(str(exc))
    results, metrics = merged.results, merged.results.metrics
    incomplete = bool(merged.missing_shards or merged.incomplete_shards)
    sections: dict = {}
    gate_results: list[GateResult] = []
    comparison: Comparison | None = None
    if gates:
        gate_results = evaluate_gates(gates, metrics, args.gate_min_items)
        sections["gates"] = [result.to_json() for result in gate_results]
    if baseline is not None:
        comparison = compare_runs(
            baseline.records,
            records,
            baseline_metrics=baseline.metrics,
            current_metrics=metrics,
            baseline_label=f"{baseline.path} (model {baseline.model})",
            tolerance_pp=args.max_regression,
            alpha=args.alpha,
        )
        sections["baseline_comparison"] = {
            **comparison.to_json(),
            "fingerprint_differences": forced,
            "baseline_notes": list(baseline.notes),
        }
    status = _pytest_status(merged)
    verdict = None
    if gates or baseline is not None:
        verdict = decide(
            gate_results=gate_results,
            comparison=comparison,
            counts=metrics["counts"],
            interrupted=incomplete,
            unreadable_records=0,
            allow_undecided=args.allow_undecided,
            interrupted_text=_incomplete_text(merged) if incomplete else "",
        )
        sections["verdict"] = verdict.to_json()
        if not (status == ExitStatus.NO_TESTS_COLLECTED and not metrics["counts"]["items"]):
            status = verdict.exit_status(status)
    from pytest_safeagent.violations import stats_to_json

    report = build_report(
        configuration=merged.config,
        fingerprint=merged.fingerprint,
        metrics=metrics,
        items=[record.model_dump(mode="json") for record in records],
        complete=results.complete and not incomplete,
        extra={
            "violations": stats_to_json(results.violations_stats, loaded=results.violations_loaded),
            **sections,
            "merged": merged.section(),
        },
    )
    try:
        write_json_atomic(args.output, report)
        if args.html is not None:
            from pytest_safeagent.reporting.html import write_html

            write_html(
                args.html,
                report,
                comparison=comparison,
                baseline_metrics=baseline.metrics if baseline is not None else None,
            )
    except OSError as exc:
        return _error(f"cannot write the merged report: {exc.strerror or exc}")
    _print_summary(args, merged, incomplete)
    lines: list[str] = []
    if comparison is not None:
        lines += comparison_lines(comparison, ("--max-regression", "--alpha")) + [""]
    if gate_results:
        lines += gate_lines(gate_results) + [""]
    if verdict is not None:
        lines += verdict_lines(verdict)
    for line in lines:
        print(line)
    return int(status)


def _print_summary(args: argparse.Namespace, merged: MergedRun, incomplete: bool) -> None:
    counts = merged.results.metrics["counts"]
    print(
        f"merged {len(merged.shards)} of {merged.count} shards "
        f"({', '.join(str(s.path) for s in merged.shards)}): "
        f"{counts['items']} items, {counts['judged']} judged, "
        f"{counts['passed']} passed, {counts['failed']} failed, "
        f"{counts['errors']} errors, {counts['skipped']} skipped ({counts.get('undecided', 0)} undecided), "
        f"{counts['missing']} missing"
    )
    if incomplete:
        print(
            _incomplete_text(merged)
            + f"; {counts['missing']} of {len(merged.selection)} selected items have no "
            "record (rerun the missing shards, or resume them with --sab-resume and their logs)"
        )
    if merged.missing_items and not merged.missing_shards:
        print(
            f"items without a record in their shard's report: {', '.join(merged.missing_items[:10])}"
            + (" ..." if len(merged.missing_items) > 10 else "")
        )
    print(f"wrote {args.output}" + (f" and {args.html}" if args.html is not None else ""))


if __name__ == "__main__":
    sys.exit(main())
