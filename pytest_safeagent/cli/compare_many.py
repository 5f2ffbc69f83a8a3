"""``pytest-safeagent compare A.json B.json C.json ...``: several runs in one table, and the paired test of
every pair; ``--csv``/``--json`` write the same numbers for dashboards.

The numbers come from :mod:`reporting.multi_run`, as on the comparison page: each run's metrics are its
own report's, and each pair is compared with the same function (and so the same McNemar p-values) as
the two-report ``compare``.
"""

from __future__ import annotations

import csv
import json
from pathlib import Path

from pytest_safeagent.reporting.multi_run import SLICE_METRICS, SLICES, MultiRun
from pytest_safeagent.reporting.terminal import rate_cell
from pytest_safeagent.reporting.usage_text import usd

CSV_COLUMNS = (
    "run",
    "report",
    "model",
    "judge",
    "strategies",
    "slice",
    "group",
    "metric",
    "value",
    "count",
    "total",
    "ci95_low",
    "ci95_high",
    "undecided",
    "span_low",
    "span_high",
)


def table_lines(multi: MultiRun) -> list[str]:
    """The runs, then one row per headline metric with a column per run, then every pair's tested metrics."""
    lines = ["runs:"]
    for entry in multi.runs:
        described = entry.describe()
        cost = f", cost {usd(entry.cost_usd)}" if entry.cost_usd is not None else ""
        incomplete = " (incomplete)" if not described["complete"] else ""
        lines.append(
            f"  {entry.label}  {described['report']}: model "
            f"{described['model']}, judge {described['judge']}, "
            f"strategies {described['strategies']}, {described['items']} items{incomplete}{cost}"
        )
    if not multi.same_items:
        lines.append(
            f"the runs hold different items: {len(multi.common_items)} in every run, {multi.all_items} in "
            "at least one; each run's rates are over its own items, "
            "each pair is compared on the items both hold"
        )
    width = max(len(metric) for metric in multi.metrics_shown() or ["metric"])
    cells = {e.label: [rate_cell(multi.headline(e, m)) for m in multi.metrics_shown()] for e in multi.runs}
    column = max([28, *(len(c) for values in cells.values() for c in values)])
    header = f"{'metric':<{width}}  " + "  ".join(f"{e.label:<{column}}" for e in multi.runs)
    lines += ["", header.rstrip(), "-" * len(header.rstrip())]
    for index, metric in enumerate(multi.metrics_shown()):
        lines.append(
            (
                f"{metric:<{width}}  " + "  ".join(f"{cells[e.label][index]:<{column}}" for e in multi.runs)
            ).rstrip()
        )
    lines += [
        "",
        "paired tests (McNemar exact, significant when p < "
        f"{multi.alpha:g}), each pair on the items both judged:",
    ]
    for pair in multi.pairs:
        shared = "" if pair.same_items else f", {len(pair.comparison.shared)} items in both"
        lines.append(
            f"  {pair.second.label} against {pair.first.label} ({pair.comparison.paired} paired{shared})"
            + (
                f"; fingerprints differ: {'; '.join(pair.fingerprint_differences)}"
                if pair.fingerprint_differences
                else ""
            )
        )
        for row in pair.tested():
            mark = (
                f"significant, {pair.second.label} is {row['direction']}"
                if row["significant"]
                else "not significant"
            )
            lines.append(
                f"    {row['metric']:<{width}} {row['first']:.3f} -> {row['second']:.3f} "
                f"({row['delta_pp']:+.1f} pp), {row['worse']} worse / {row['better']} better, "
                f"p={row['p_value']:.3g}: {mark}"
                + (
                    f"; {row['undecided_items']} undecided in either run, not paired"
                    if row["undecided_items"]
                    else ""
                )
            )
    lines.append(f"items where the runs disagree: {len(multi.disagreements)}")
    return lines


def csv_rows(multi: MultiRun) -> list[dict]:
    """One row per run x (overall or slice group) x metric, plus each run's cost and tokens: long format."""
    rows = []
    for entry in multi.runs:
        described = entry.describe()
        base = {
            "run": entry.label,
            "report": described["report"],
            "model": described["model"],
            "judge": described["judge"],
            "strategies": described["strategies"],
        }
        groups = [("overall", "", entry.run.metrics.get("overall") or {}, multi.metrics_shown())]
        for slice_name in SLICES:
            for group, values in ((entry.run.metrics.get("slices") or {}).get(slice_name) or {}).items():
                groups.append((slice_name, group, values, list(SLICE_METRICS)))
        for slice_name, group, values, metrics in groups:
            for metric in metrics:
                rate = values.get(metric)
                if not isinstance(rate, dict) or not rate.get("total"):
                    continue
                low, high = rate.get("ci95") or (None, None)
                span_low, span_high = rate.get("span") or (None, None)
                rows.append(
                    {
                        **base,
                        "slice": slice_name,
                        "group": group,
                        "metric": metric,
                        "value": rate["value"],
                        "count": rate["count"],
                        "total": rate["total"],
                        "ci95_low": low,
                        "ci95_high": high,
                        "undecided": rate.get("undecided") or 0,
                        "span_low": span_low,
                        "span_high": span_high,
                    }
                )
        totals = (entry.usage or {}).get("total") or {}
        extra = {
            f"{role}_{key}": totals[role][key]
            for role in ("agent", "judge")
            if role in totals
            for key in ("calls", "prompt_tokens", "completion_tokens")
        }
        if entry.cost_usd is not None:
            extra["cost_usd"] = entry.cost_usd
        for metric, value in extra.items():
            rows.append(
                {
                    **base,
                    "slice": "overall",
                    "group": "",
                    "metric": metric,
                    "value": value,
                    "count": "",
                    "total": "",
                    "ci95_low": "",
                    "ci95_high": "",
                    "undecided": "",
                    "span_low": "",
                    "span_high": "",
                }
            )
    return rows


def write_csv(path: Path, multi: MultiRun) -> None:
    with open(path, "w", encoding="utf-8", newline="") as out:
        writer = csv.DictWriter(out, fieldnames=CSV_COLUMNS)
        writer.writeheader()
        writer.writerows(csv_rows(multi))


def write_json(path: Path, multi: MultiRun) -> None:
    with open(path, "w", encoding="utf-8") as out:
        json.dump(multi.to_json(), out, indent=2)
