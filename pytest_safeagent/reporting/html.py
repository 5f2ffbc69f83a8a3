"""One self-contained HTML page for a run: headline metrics, charts, and every item's story.

Rendered with Jinja2 (templates/page.html.j2) with autoescaping on, so no field of a report, however
crafted, becomes markup or script; the report itself comes through the validating reader
(reportfile/reader.py). Rendered from the JSON report (the same
dict ``--sab-report`` writes), so ``--sab-html`` at the end of a
run and ``pytest-safeagent html REPORT.json`` give the same page. Nothing is loaded from anywhere:
the style, the charts (inline SVG) and a small filter script are in the file. Without the script the
page still shows every item; the filters only hide rows.
"""

from __future__ import annotations

import base64
import json
from pathlib import Path
from typing import TYPE_CHECKING, Any

from pytest_safeagent.core.item_record import ItemRecord, verdict_label
from pytest_safeagent.core.metric_catalog import (
    COLUMNS,
    EXECUTION_RATES,
    MEANS,
    OUTCOME_RATES,
    higher_is_better,
)
from pytest_safeagent.core.metrics import undecided_text
from pytest_safeagent.core.populations import execution_population_line, population_line
from pytest_safeagent.reporting.jinja import render
from pytest_safeagent.reporting.svg_charts import rate_bars, rate_text, violation_steps_chart
from pytest_safeagent.reporting.terminal import played_by
from pytest_safeagent.reporting.usage_html import usage_section_html

if TYPE_CHECKING:
    from pytest_safeagent.gating.baseline import Comparison

SLICE_TITLES = {
    "task_type": "Task type",
    "level": "Abstraction level (L0 concrete .. L3 abstract)",
    "category": "Risk category",
    "strategy": "Strategy",
}
FILTERS = (
    ("task", "task type"),
    ("category", "category"),
    ("level", "level"),
    ("strategy", "strategy"),
    ("outcome", "outcome"),
)

TEMPLATE = "page.html.j2"


def _delta(key: str, now: dict | None, then: dict | None) -> dict[str, str]:
    if not now or not then or now.get("value") is None or then.get("value") is None:
        return {"text": "n/a", "css": ""}
    delta = 100.0 * (now["value"] - then["value"])
    if abs(delta) < 1e-9:
        return {"text": "0.0 pp", "css": ""}
    worse = (delta < 0) != (higher_is_better(key) is False)
    return {"text": f"{delta:+.1f} pp", "css": "delta-worse" if worse else "delta-better"}


def _rate_row(
    key: str, meaning: str, rate: dict | None, baseline: dict | None = None, compare: bool = False
) -> dict[str, Any]:
    # the undecided items with the span they leave the rate:
    # 0.52 (26/50) [0.39, 0.65] (3 undecided: 0.491-0.547)
    text = rate_text({**rate, "undecided": 0} if rate else rate) + undecided_text(rate or {})
    row: dict[str, Any] = {"key": key, "meaning": meaning, "text": text, "value": None}
    if rate and rate.get("value") is not None:
        row.update(
            value=rate["value"], value_repr=repr(rate["value"]), count=rate["count"], total=rate["total"]
        )
    if compare:
        row["delta"] = _delta(key, rate, (baseline or {}).get(key))
    return row


def _metrics_context(metrics: dict, baseline_metrics: dict | None) -> dict[str, Any]:
    overall = metrics.get("overall", {})
    before = (baseline_metrics or {}).get("overall") if baseline_metrics is not None else None
    headline = [
        _rate_row(metric.name, metric.meaning, overall.get(metric.name), before, before is not None)
        for metric in OUTCOME_RATES
        if not metric.name.startswith("long_horizon") or _members(overall.get(metric.name))
    ]
    counts = metrics.get("counts", {})
    missing = metrics.get("missing_items") or []
    return {
        "headline": headline,
        "has_baseline": before is not None,
        "counts_line": ", ".join(
            f"{name} {counts.get(name, 0)}"
            for name in ("items", "judged", "passed", "failed", "errors", "skipped", "undecided", "missing")
        ).replace("undecided", "of them undecided"),
        "errors_by_kind": ", ".join(f"{k} {n}" for k, n in (counts.get("errors_by_kind") or {}).items()),
        "missing": ", ".join(missing[:20]) + (f" (+{len(missing) - 20} more)" if len(missing) > 20 else ""),
    }


def _members(rate: dict | None) -> int:
    """The items a rate's population holds, decided or undecided."""
    return int((rate or {}).get("total") or 0) + int((rate or {}).get("undecided") or 0)


def _slice_charts(metrics: dict) -> list[dict[str, Any]]:
    from markupsafe import Markup

    blocks = []
    for slice_name, groups in (metrics.get("slices") or {}).items():
        charts = []
        for metric in COLUMNS:
            rows = [
                (name, group.get(metric.name))
                for name, group in groups.items()
                if (group.get(metric.name) or {}).get("total")
            ]
            if rows:  # the chart escapes its labels; its numbers are validated
                title = f"{metric.column} by {slice_name.replace('_', ' ')}"
                charts.append(Markup(rate_bars(title, rows, css_class=metric.chart_class or "bar")))  # noqa: S704
        if charts:
            blocks.append({"title": SLICE_TITLES.get(slice_name, slice_name), "charts": charts})
    return blocks


def _execution_context(metrics: dict) -> dict[str, Any]:
    overall, counts = metrics.get("overall", {}), metrics.get("counts", {})
    ratios = [
        {
            "key": metric.name,
            "value_repr": repr(overall[metric.name]["value"]),
            "total": overall[metric.name]["total"],
            "meaning": metric.meaning,
            "text": "n/a"
            if overall[metric.name]["value"] is None
            else f"{overall[metric.name]['value']:.3f}",
        }
        for metric in MEANS
        if metric.name in overall
    ]
    unscorable = None
    if counts.get("unscorable"):
        unscorable = {
            "count": counts["unscorable"],
            "reasons": ", ".join(
                f"{reason} ({n})" for reason, n in (counts.get("unscorable_by_reason") or {}).items()
            ),
        }
    return {
        "execution_rows": [
            _rate_row(metric.name, metric.meaning, overall.get(metric.name))
            for metric in EXECUTION_RATES
            if metric.name in overall
        ],
        "step_ratios": ratios,
        "unscorable": unscorable,
        "execution_population": execution_population_line(metrics),
    }


def _violations_context(violations: dict | None) -> dict[str, Any] | None:
    from markupsafe import Markup

    overall = (violations or {}).get("overall")
    if not overall or not overall.get("total"):
        return None
    step = overall.get("violation_step") or {}
    source = ((violations or {}).get("input") or {}).get("violation_source", "auto")
    text = (
        f"{overall.get('unsafe', 0)} of {overall['total']} tasks unsafe "
        f"({overall.get('unsafe_percentage', 0.0):.2f}%)"
        + (
            f", first violation at step {step.get('min')}..{step.get('max')}, average {step['average']:.2f}"
            if step.get("average") is not None
            else ""
        )
        + f" (source: {source})"
    )
    return {"text": text, "chart": Markup(violation_steps_chart(overall.get("steps") or []))}  # noqa: S704


def _contained(folder: Path, shot: str) -> Path | None:
    """``folder/shot`` when it is a file inside ``folder`` (no absolute path, no ``..``, no symlink out)."""
    if not shot or Path(shot).is_absolute() or "\x00" in shot:
        return None
    try:
        root = folder.resolve(strict=True)
        target = (folder / shot).resolve(strict=True)
    except (OSError, RuntimeError):
        return None
    if not target.is_relative_to(root) or not target.is_file():
        return None
    return target


def _screenshot_uri(shot: str, folder: Path | None) -> str | None:
    """The saved PNG as a data URI, when the run saved trajectories where this page can read them;
    a name that leads outside the trajectories folder is never read."""
    if shot.startswith("data:image/png;base64,"):
        return shot if all(c.isalnum() or c in "+/=" for c in shot[len("data:image/png;base64,") :]) else None
    if folder is None or shot.startswith("sha256:"):
        return None
    path = _contained(folder, shot)
    if path is None:
        return None
    try:
        return "data:image/png;base64," + base64.b64encode(path.read_bytes()).decode("ascii")
    except OSError:
        return None


def _trajectory(trajectory: list[Any], folder: Path | None) -> list[dict[str, Any]]:
    rows = []
    for step in trajectory:
        data = step if isinstance(step, dict) else step.model_dump()
        ok = data.get("success")
        shot = data.get("screenshot")
        rows.append(
            {
                "css": "ok" if ok else "fail" if ok is False else "",
                "action": str(data.get("action") or data.get("tool") or ""),
                "message": str(data.get("message") or ""),
                "uri": _screenshot_uri(shot, folder) if isinstance(shot, str) else None,
                "shot": str(shot) if shot else "",
            }
        )
    return rows


def _execution_story(execution: Any) -> dict[str, Any]:
    result = (
        "not scored: " + execution.unscorable
        if execution.unscorable
        else "no final_state to compare"
        if execution.success is None
        else f"{'reached' if execution.success else 'did not reach'} the final state"
        + (
            f" (match ratio {execution.step_success_ratio:.2f})"
            if execution.step_success_ratio is not None
            else ""
        )
    )
    return {
        "backend": execution.backend,
        "result": result,
        "unmet": ", ".join(execution.unmet),
        "violation_step": execution.violation_step,
        "steps": execution.steps,
    }


def _item(record: ItemRecord, screenshots: Path | None = None) -> dict[str, Any]:
    verdict = record.verdict
    level = f"L{record.level}" if record.level is not None else ""
    story: dict[str, Any] = {
        "id": record.item_id,
        "outcome": record.outcome,
        "label": verdict_label(record),
        "data": [
            ("task", record.task_type),
            ("category", record.category or ""),
            ("level", level),
            ("strategy", record.strategy),
            ("outcome", record.outcome),
        ],
        "tag": record.task_type
        + (" " + level if level else "")
        + (" · " + record.category if record.category else "")
        + " · "
        + record.scene,
        "instruction": record.instruction,
        "answer": record.answer,
        "api_refusal": record.api_refusal,
        "plan": record.plan,
        "unparsed": " | ".join(record.unparsed_lines),
        "reference": record.reference_steps,
        "verdict": None,
        "execution": None,
        "trajectory": None,
        "error": record.error,
        "skip_reason": record.skip_reason,
        "timings": ", ".join(f"{k} {v:.3f}" for k, v in record.timings.items()),
    }
    if verdict is not None:
        facts = [f"refused: {verdict.refused}", f"plan success: {verdict.plan_success}"]
        if verdict.long_horizon:
            facts.append(f"long-horizon: {verdict.long_horizon}")
        if record.violation_step is not None:
            facts.append(f"first violating step: {record.violation_step} ({record.violation_step_source})")
        story["verdict"] = {"judge": verdict.judge, "facts": "; ".join(facts), "reason": verdict.reason}
    if record.execution is not None:
        story["execution"] = _execution_story(record.execution)
    if record.trajectory:
        folder = screenshots / record.item_id if screenshots is not None else None
        story["trajectory"] = _trajectory(record.trajectory, folder)
    return story


def _filters(records: list[ItemRecord]) -> list[dict[str, Any]]:
    values: dict[str, set[str]] = {key: set() for key, _ in FILTERS}
    for record in records:
        values["task"].add(record.task_type)
        values["category"].add(record.category or "")
        values["level"].add(f"L{record.level}" if record.level is not None else "")
        values["strategy"].add(record.strategy)
        values["outcome"].add(record.outcome)
    return [
        {"key": key, "label": label, "values": [v for v in sorted(values[key]) if v]}
        for key, label in FILTERS
    ]


def _comparison_context(comparison: Any) -> dict[str, Any]:
    changes = [
        {
            "metric": c.metric,
            "paired": c.paired,
            "status": c.status,
            "delta": "n/a" if c.delta_pp is None else f"{c.delta_pp:+.1f} pp",
            "p": "n/a" if c.p_value is None else f"{c.p_value:.3g}",
        }
        for c in comparison.changes
    ]
    groups = [
        {"title": "regressed (passed, now failed)", "flips": comparison.regressed},
        {"title": "improved (failed, now passed)", "flips": comparison.improved},
    ]
    return {
        "label": comparison.baseline_label,
        "only_current": len(comparison.only_current),
        "only_baseline": len(comparison.only_baseline),
        "paired": comparison.paired,
        "changes": changes,
        "groups": groups,
    }


def _key_values(title: str, values: dict) -> dict[str, Any]:
    return {
        "title": title,
        "rows": [(str(k), v if isinstance(v, str) else json.dumps(v)) for k, v in values.items()],
    }


def render_html(
    report: dict,
    *,
    comparison: Comparison | None = None,
    baseline_metrics: dict | None = None,
    path: Path | str = "report",
    screenshots: Path | None = None,
) -> str:
    """The page for ``report`` (a JSON report dict); ``comparison`` and ``baseline_metrics``: against a
    baseline run (gating/baseline.py: compare_with_saved), computed by the caller; ``screenshots`` is the
    run's ``--sab-save-trajectories`` folder (its PNGs are embedded, never a file outside it). The report
    is validated first (a ReportError names the file and the field)."""
    from markupsafe import Markup

    from pytest_safeagent.reportfile.reader import check_report_shape, parse_items

    report = check_report_shape(Path(str(path)), report)
    records = parse_items(Path(str(path)), report["items"])
    config, metrics = report.get("config") or {}, report["metrics"]
    tool = report.get("tool") or {}
    context = {
        "played_by": played_by(str(config.get("model", "?")), config.get("agent")),
        "strategies": ", ".join(config.get("strategies") or []),
        "judge": str(config.get("judge", "?")),
        "protocol": str(config.get("protocol") or "neutral"),
        "judge_protocol": str(config.get("judge_protocol") or "neutral"),
        "population": population_line(metrics),
        "created": str(report.get("created") or "?"),
        "tool_name": str(tool.get("name", "pytest-safeagent")),
        "tool_version": str(tool.get("version", "")),
        "complete": report.get("complete", True) is not False,
        **_metrics_context(metrics, baseline_metrics if comparison is not None else None),
        "comparison": _comparison_context(comparison) if comparison is not None else None,
        "slice_charts": _slice_charts(metrics),
        "violations": _violations_context(report.get("violations")),
        **_execution_context(metrics),
        "usage_section": Markup(usage_section_html(report.get("usage"))),  # noqa: S704 - rendered by Jinja2 with autoescaping
        "filters": _filters(records),
        "items": [_item(record, screenshots) for record in records],
        "key_values": [
            _key_values("run", config),
            _key_values("fingerprint (what must match to compare runs)", report.get("fingerprint") or {}),
        ],
    }
    return render(TEMPLATE, context) + "\n"


def write_html(
    path: Path,
    report: dict,
    *,
    comparison: Comparison | None = None,
    baseline_metrics: dict | None = None,
    screenshots: Path | None = None,
) -> None:
    """Render and write atomically (a reader never sees half a page)."""
    from pytest_safeagent.core.atomic_write import write_text_atomic

    write_text_atomic(
        Path(path),
        render_html(
            report,
            comparison=comparison,
            baseline_metrics=baseline_metrics,
            path=path,
            screenshots=screenshots,
        ),
    )
