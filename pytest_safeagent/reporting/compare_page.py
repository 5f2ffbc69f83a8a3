"""The comparison page of several saved runs (``pytest-safeagent html A.json B.json ... -o compare.html``).

One self-contained file rendered with Jinja2 (autoescaped) from ``templates/compare.html.j2``: the runs
with their headline metrics, intervals and cost, the slices side by side, the paired test of every pair,
and the items where the runs disagree (filterable, each opening to every run's answer). No network, no
colour needed to read it (every mark has a word or a symbol), prints with every item open.
"""

from __future__ import annotations

from datetime import datetime, timezone
from pathlib import Path
from typing import Any

from pytest_safeagent.core.atomic_write import write_text_atomic
from pytest_safeagent.core.item_record import ItemRecord, verdict_label
from pytest_safeagent.core.metric_catalog import CATALOG
from pytest_safeagent.core.metrics import undecided_text
from pytest_safeagent.reporting.jinja import render
from pytest_safeagent.reporting.multi_run import SLICE_METRICS, SLICES, MultiRun
from pytest_safeagent.reporting.terminal import TABLE_TITLES
from pytest_safeagent.reporting.usage_text import usd

CHART_WIDTH, ROW_HEIGHT, LABEL_WIDTH = 360, 22, 40


def rate_text(rate: dict | None) -> str:
    """``0.750 [0.700, 0.790] (300/400)``; ``-`` when the run has no such items."""
    cell = rate_cell(rate)
    return f"{cell['value']} {cell['detail']}".strip()


def rate_cell(rate: dict | None) -> dict[str, str]:
    """The value (``0.750``) and its detail (``[0.700, 0.790] 300/400``), shown on two lines."""
    if not rate or rate.get("value") is None:
        return {"value": "-", "detail": "", "count": "", "total": ""}
    interval = f"[{rate['ci95'][0]:.3f}, {rate['ci95'][1]:.3f}] " if rate.get("ci95") else ""
    return {
        "value": f"{rate['value']:.3f}",
        "detail": f"{interval}({rate['count']}/{rate['total']}){undecided_text(rate)}",
        "count": str(rate["count"]),
        "total": str(rate["total"]),
    }


def interval_chart(runs: list[tuple[str, dict | None]]) -> dict:
    """Coordinates of a dot-and-whisker chart (one row per run, 0..1 across) for the template's SVG."""
    rows = []
    for index, (label, rate) in enumerate(runs):
        y = 10 + index * ROW_HEIGHT
        row: dict[str, Any] = {"label": label, "y": y, "text": rate_text(rate)}
        if rate and rate.get("value") is not None:
            low, high = rate.get("ci95") or (rate["value"], rate["value"])
            scale = CHART_WIDTH - LABEL_WIDTH - 10
            row.update(
                x=LABEL_WIDTH + rate["value"] * scale,
                x1=LABEL_WIDTH + low * scale,
                x2=LABEL_WIDTH + high * scale,
            )
        rows.append(row)
    ticks = [
        {"x": LABEL_WIDTH + t * (CHART_WIDTH - LABEL_WIDTH - 10), "text": f"{t:g}"}
        for t in (0, 0.25, 0.5, 0.75, 1)
    ]
    return {"rows": rows, "ticks": ticks, "width": CHART_WIDTH, "height": 24 + len(runs) * ROW_HEIGHT}


def _answer(record: ItemRecord | None) -> dict | None:
    if record is None:
        return None
    verdict = record.verdict
    return {
        "label": verdict_label(record),
        "outcome": record.outcome,
        "answer": record.answer or "",
        "api_refusal": record.api_refusal,
        "plan": record.plan,
        "reason": verdict.reason if verdict is not None else (record.error.message if record.error else ""),
        "judge": verdict.judge if verdict is not None else "",
    }


def page_context(multi: MultiRun) -> dict:
    """Everything the template shows, as plain values (the template only lays them out)."""
    labels = [entry.label for entry in multi.runs]
    metrics = multi.metrics_shown()
    runs = []
    for entry in multi.runs:
        usage = entry.usage or {}
        totals = usage.get("total") or {}
        runs.append(
            {
                **entry.describe(),
                "cost": usd(entry.cost_usd) if entry.cost_usd is not None else "-",
                "cost_usd": "" if entry.cost_usd is None else repr(entry.cost_usd),
                "tokens": sum(
                    totals.get(role, {}).get(key, 0)
                    for role in ("agent", "judge")
                    for key in ("prompt_tokens", "completion_tokens")
                )
                if totals
                else None,
                "rates": [rate_cell(multi.headline(entry, metric)) for metric in metrics],
            }
        )
    charts = [
        {
            "metric": metric,
            "meaning": CATALOG[metric].meaning,
            "chart": interval_chart([(e.label, multi.headline(e, metric)) for e in multi.runs]),
        }
        for metric in metrics
    ]
    slices = []
    for name in SLICES:
        table = multi.slice_table(name)
        if not table:
            continue
        rows = [
            {
                "group": group,
                "counts": [cell["items"] if cell else "-" for cell in cells],
                "cells": [
                    [rate_cell((cell or {}).get(metric)) for cell in cells] for metric in SLICE_METRICS
                ],
            }
            for group, cells in table
        ]
        slices.append({"name": name, "title": TABLE_TITLES[name], "rows": rows})
    pairs = [
        {
            "title": f"{p.second.label} against {p.first.label}",
            "first": p.first.label,
            "second": p.second.label,
            "shared": len(p.comparison.shared),
            "paired": p.comparison.paired,
            "same_items": p.same_items,
            "only_first": len(p.comparison.only_baseline),
            "only_second": len(p.comparison.only_current),
            "differences": p.fingerprint_differences,
            "rows": p.tested(),
        }
        for p in multi.pairs
    ]
    values: dict[str, set[str]] = {"task": set(), "category": set(), "level": set(), "strategy": set()}
    items: list[dict[str, Any]] = []
    for disagreement in multi.disagreements:
        record = disagreement.first
        outcome_labels = disagreement.labels()
        level = f"L{record.level}" if record.level is not None else ""
        tags = {
            "task": record.task_type,
            "category": record.category or "",
            "level": level,
            "strategy": record.strategy,
        }
        for key, value in tags.items():
            if value:
                values[key].add(value)
        items.append(
            {
                "id": disagreement.item_id,
                "instruction": record.instruction,
                "tags": tags,
                "outcomes": list(zip(labels, outcome_labels, strict=True)),
                "pattern": " ".join(
                    f"{label}:{outcome}" for label, outcome in zip(labels, outcome_labels, strict=True)
                ),
                "answers": [
                    (label, _answer(r)) for label, r in zip(labels, disagreement.records, strict=True)
                ],
            }
        )
    patterns = sorted({str(item["pattern"]) for item in items})
    return {
        "labels": labels,
        "runs": runs,
        "metrics": metrics,
        "charts": charts,
        "slices": slices,
        "slice_metrics": SLICE_METRICS,
        "pairs": pairs,
        "alpha": multi.alpha,
        "same_items": multi.same_items,
        "common_items": len(multi.common_items),
        "all_items": multi.all_items,
        "items": items,
        "filters": {key: sorted(v) for key, v in values.items()},
        "patterns": patterns,
        "generated": datetime.now(timezone.utc).isoformat(timespec="seconds"),
    }


def render_compare_page(multi: MultiRun) -> str:
    return render("compare.html.j2", page_context(multi))


def write_compare_page(path: Path, multi: MultiRun) -> None:
    write_text_atomic(path, render_compare_page(multi))
