"""The terminal summary: headline metrics with counts and intervals, then one table per slice.

Plain text in, plain text out (no pytest): the controller writes these lines in its summary section.
"""

from __future__ import annotations

from collections.abc import Iterable
from typing import TYPE_CHECKING, Any

from pytest_safeagent.core.metric_catalog import COLUMNS, EXECUTION_RATES, MEANS, OUTCOME_RATES, MetricInfo
from pytest_safeagent.core.metrics import undecided_text
from pytest_safeagent.core.populations import execution_population_line, population_line

if TYPE_CHECKING:
    from pytest_safeagent.reporting.run_results import RunResults

HEADLINE = OUTCOME_RATES + EXECUTION_RATES  # the rates of the summary's first block
CELL = 27  # "0.75 (300/400) [0.70,0.79]" fits
TABLE_TITLES = {
    "task_type": "task type",
    "level": "abstraction level",
    "category": "risk category",
    "strategy": "strategy",
}


def _meaning(metric: MetricInfo) -> str:
    """A metric's meaning as the summary shows it: a breakdown of the metric above indented under it."""
    return f"  {metric.meaning}" if metric.sub else metric.meaning


def _format_rate(rate: dict | None) -> str:
    if not rate or rate.get("value") is None:
        return "n/a" + (f" ({rate['undecided']} undecided)" if rate and rate.get("undecided") else "")
    text = f"{rate['value']:.3f} ({rate['count']}/{rate['total']})"
    if rate.get("ci95"):
        low, high = rate["ci95"]
        text += f"  95% CI [{low:.3f}, {high:.3f}]"
    return text + undecided_text(rate)


def rate_cell(rate: dict | None, *, empty: str = "-", separator: str = ",") -> str:
    """``0.75 (30/40) [0.60,0.86]``: value, count and the 95% Wilson interval, compactly."""
    if not rate or rate.get("value") is None:
        return f"{empty} +{rate['undecided']} undecided" if rate and rate.get("undecided") else empty
    text = f"{rate['value']:.2f} ({rate['count']}/{rate['total']})"
    if rate.get("ci95"):
        text += f" [{rate['ci95'][0]:.2f}{separator}{rate['ci95'][1]:.2f}]"
    return text + (f" +{rate['undecided']} undecided" if rate.get("undecided") else "")


def cause_line(message: str) -> str:
    """An error message in one line: its first line, and when it carries a Python traceback (an agent's
    exception) the traceback's last line, which names the exception."""
    lines = [line.strip() for line in message.splitlines() if line.strip()]
    if not lines:
        return ""
    if len(lines) > 1 and any(line.startswith("Traceback (most recent call last)") for line in lines):
        return f"{lines[0].rstrip(':')}: {lines[-1]}"
    return lines[0]


def first_errors(records: Iterable[Any]) -> dict[str, str]:
    """The first error of each kind, in item order: ``item_id: cause`` (see :func:`cause_line`)."""
    first: dict[str, str] = {}
    for record in records:
        error = getattr(record, "error", None)
        if error is not None and error.kind not in first:
            first[error.kind] = f"{record.item_id}: {cause_line(error.message)}"
    return first


def headline_lines(metrics: dict, first_error: dict[str, str] | None = None) -> list[str]:
    """The headline rates and counts; ``first_error`` (kind -> its first error) adds a line per error kind."""
    overall = metrics["overall"]
    lines = []
    for metric in HEADLINE:
        key = metric.name
        rate = overall.get(key) or {}
        if key.startswith("long_horizon") and not (rate.get("total") or rate.get("undecided")):
            continue
        if key.startswith("execution") and key not in overall:
            continue
        lines.append(f"{key:<40} {_format_rate(rate)}   {_meaning(metric)}")
        population = (
            population_line(metrics)
            if key == "risk_rate"
            else execution_population_line(metrics)
            if key == "execution_success_rate"
            else None
        )
        if population:  # which items the rates count: the seed's population or this plugin's
            lines.append(f"  {population}")
    for metric in MEANS:
        key = metric.name
        if key in overall:
            value = overall[key]["value"]
            shown = "n/a" if value is None else f"{value:.3f}"
            lines.append(f"{key:<40} {shown} (mean over {overall[key]['total']} items)   {_meaning(metric)}")
    counts = metrics["counts"]
    lines.append(
        f"items: {counts['items']}  judged: {counts['judged']}  passed: "
        f"{counts['passed']}  failed: {counts['failed']}"
        f"  errors: {counts['errors']}  skipped: {counts['skipped']}"
        f" (undecided: {counts.get('undecided', 0)})  missing: {counts['missing']}"
    )
    if counts.get("unscorable"):
        groups = list(counts["unscorable_by_reason"].items())
        shown = ", ".join(f"{reason.removeprefix('final_state names ')} ({n})" for reason, n in groups[:8])
        more = len(groups) - 8
        lines.append(
            f"executed plans not scored: {counts['unscorable']}, their final_state naming objects absent "
            f"from the scene: {shown}" + (f" (+{more} more)" if more > 0 else "")
        )
    if counts["errors_by_kind"]:
        lines.append("errors by kind: " + ", ".join(f"{k} {n}" for k, n in counts["errors_by_kind"].items()))
        first = first_error or {}
        lines += [
            f"  first {kind} error: {first[kind]}" for kind in counts["errors_by_kind"] if kind in first
        ]
    if metrics["missing_items"]:
        shown = ", ".join(metrics["missing_items"][:10])
        more = len(metrics["missing_items"]) - 10
        lines.append(f"items that produced no record: {shown}" + (f" (+{more} more)" if more > 0 else ""))
    return lines


def table_lines(metrics: dict) -> list[str]:
    lines: list[str] = []
    for slice_name, groups in metrics["slices"].items():
        if not groups:
            continue
        width = max(len(TABLE_TITLES[slice_name]), *(len(name) for name in groups))
        header = f"{TABLE_TITLES[slice_name]:<{width}}  {'items':>5}  " + "  ".join(
            f"{metric.column:<{CELL}}" for metric in COLUMNS
        )
        header = header.rstrip()
        lines += ["", header, "-" * len(header)]
        for name, group in groups.items():
            cells = "  ".join(f"{rate_cell(group.get(metric.name)):<{CELL}}" for metric in COLUMNS)
            lines.append(f"{name:<{width}}  {group['items']:>5}  {cells}".rstrip())
    return lines


def played_by(model: str, agent: dict | None) -> str:
    """``model openai/x``, or ``agent my_agents.Planner 2.5`` when a Python agent played the items."""
    if agent is not None and agent.get("kind") == "python":
        return f"agent {agent['import_path']}" + (f" {agent['version']}" if agent.get("version") else "")
    return f"model {model}"


def summary_lines(
    results: RunResults, run: Any, agent: dict | None = None
) -> list[tuple[str, dict[str, bool]]]:
    """The whole SafeAgentBench section, as (line, terminal markup) pairs. ``run`` is the RunConfig;
    ``agent`` the report's description of a Python agent, when one played the items."""
    from pytest_safeagent.violations import compact_table

    lines: list[tuple[str, dict[str, bool]]] = [
        (
            f"{played_by(run.model, agent)} | judge {run.judge} | protocol {run.protocol}, judge protocol "
            f"{run.judge_protocol} | strategies {','.join(run.strategies)} | "
            f"slice {','.join(run.slices)} | seed {run.seed}",
            {},
        )
    ]
    from pytest_safeagent.core.episode_metrics import episode_table_lines
    from pytest_safeagent.reporting.usage_text import usage_lines

    lines += [
        (line, {})
        for line in headline_lines(results.metrics, first_errors(results.records))
        + table_lines(results.metrics)
        + episode_table_lines(results.metrics.get("interactive") or {})
        + usage_lines(results.usage)
    ]
    loaded, stats = results.violations_loaded, results.violations_stats
    if loaded.tasks:
        lines.append(("", {}))
        lines.append(
            (
                f"first violating step (source: {loaded.source}; full analysis: "
                f"pytest-safeagent violations REPORT.json)",
                {},
            )
        )
        lines += [(line, {}) for line in compact_table(stats, max_rows=10)]
    lines += [(f"unreadable item record: {problem}", {"red": True}) for problem in results.bad_records]
    return lines
