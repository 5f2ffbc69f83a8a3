"""Several saved runs side by side: their headline and slice metrics, cost, the paired test of every pair,
and the items where they disagree. What the comparison page, the N-way ``compare`` table and its CSV/JSON
show, computed once here.

Each run's metrics are its own report's (so the numbers match that report). Every pair is compared with
:func:`gating.baseline.compare_runs`, the function ``compare`` uses, on the items both runs hold; when
the runs' item sets differ, that is said, with how many items each pair shares.
"""

from __future__ import annotations

import string
from collections.abc import Sequence
from dataclasses import dataclass, field
from itertools import combinations

from pytest_safeagent.core.item_record import ItemRecord, verdict_label
from pytest_safeagent.core.metric_catalog import COLUMNS, COMPARED
from pytest_safeagent.gating.baseline import Comparison, compare_runs
from pytest_safeagent.gating.defaults import DEFAULT_ALPHA
from pytest_safeagent.reportfile.reader import SavedRun, fingerprint_differences

SLICE_METRICS = tuple(metric.name for metric in COLUMNS)  # the per-slice tables' columns
SLICES = ("task_type", "level", "category", "strategy")


@dataclass(frozen=True)
class RunEntry:
    """One saved run and the short label (A, B, ...) the tables use for it."""

    label: str
    run: SavedRun

    @property
    def config(self) -> dict:
        return self.run.config

    @property
    def usage(self) -> dict | None:
        usage = self.run.extras.get("usage")
        return usage if isinstance(usage, dict) else None

    @property
    def cost_usd(self) -> float | None:
        return ((self.usage or {}).get("cost_usd") or {}).get("total")

    def describe(self) -> dict:
        """Model, strategies, prompt set, judge and date, as the run's report records them."""
        config = self.config
        agent = config.get("agent") or {}
        model = (f"{agent.get('import_path')}" if agent.get("kind") == "python" else None) or self.run.model
        return {
            "label": self.label,
            "report": str(self.run.path),
            "model": model,
            "strategies": ",".join(config.get("strategies") or []) or "?",
            "slices": ",".join(config.get("slices") or []) or "?",
            "prompts": f"{config.get('prompt_version', '?')}"
            + (f", {config['response_format']} answers" if config.get("response_format") else ""),
            "judge": str(config.get("judge", "?")),
            "created": self.run.created or "?",
            "complete": self.run.complete,
            "items": len(self.run.records),
        }


@dataclass(frozen=True)
class PairTest:
    """``compare FIRST SECOND``: the second run judged against the first as baseline."""

    first: RunEntry
    second: RunEntry
    comparison: Comparison
    fingerprint_differences: list[str]

    @property
    def same_items(self) -> bool:
        return not (self.comparison.only_current or self.comparison.only_baseline)

    def tested(self) -> list[dict]:
        """One row per tested metric: paired items, both rates, discordant counts, p and significance."""
        alpha = self.comparison.alpha
        rows = []
        for change in self.comparison.changes:
            if change.higher_is_better is None:
                continue
            significant = (
                change.p_value is not None and change.p_value < alpha and change.worse != change.better
            )
            direction = (
                "better"
                if change.better > change.worse
                else "worse"
                if change.worse > change.better
                else "same"
            )
            rows.append(
                {
                    "metric": change.metric,
                    "paired_items": change.paired,
                    "first": change.baseline_count / change.paired,
                    "second": change.current_count / change.paired,
                    "delta_pp": change.delta_pp,
                    "worse": change.worse,
                    "better": change.better,
                    "p_value": change.p_value,
                    "significant": significant,
                    "direction": direction,
                    "status": change.status,
                    "undecided_items": change.undecided,
                }
            )
        return rows

    def to_json(self) -> dict:
        return {
            "first": self.first.label,
            "second": self.second.label,
            "first_report": str(self.first.run.path),
            "second_report": str(self.second.run.path),
            "shared_items": len(self.comparison.shared),
            "paired_items": self.comparison.paired,
            "only_first": len(self.comparison.only_baseline),
            "only_second": len(self.comparison.only_current),
            "alpha": self.comparison.alpha,
            "fingerprint_differences": self.fingerprint_differences,
            "metrics": self.tested(),
        }


@dataclass(frozen=True)
class Disagreement:
    """An item at least two runs hold whose outcomes differ;
    ``records`` in run order (None: not in that run)."""

    item_id: str
    records: tuple[ItemRecord | None, ...]

    @property
    def first(self) -> ItemRecord:
        return next(r for r in self.records if r is not None)

    def labels(self) -> list[str]:
        return ["-" if r is None else verdict_label(r) for r in self.records]


@dataclass
class MultiRun:
    runs: list[RunEntry]
    alpha: float
    pairs: list[PairTest] = field(default_factory=list)
    common_items: list[str] = field(default_factory=list)  # in every run
    all_items: int = 0  # in any run
    disagreements: list[Disagreement] = field(default_factory=list)

    @property
    def same_items(self) -> bool:
        return len(self.common_items) == self.all_items

    def metrics_shown(self) -> list[str]:
        present = {
            key
            for entry in self.runs
            for key, rate in entry.run.metrics.get("overall", {}).items()
            if isinstance(rate, dict) and rate.get("total")
        }
        return [key for key in COMPARED if key in present]

    def headline(self, entry: RunEntry, metric: str) -> dict | None:
        rate = entry.run.metrics.get("overall", {}).get(metric)
        return rate if isinstance(rate, dict) else None

    def slice_table(self, slice_name: str) -> list[tuple[str, list[dict | None]]]:
        """``[(group, [group metrics of each run or None])]`` for one slice, groups in first-seen order."""
        groups: dict[str, None] = {}
        for entry in self.runs:
            groups.update(dict.fromkeys((entry.run.metrics.get("slices") or {}).get(slice_name) or {}))
        return [
            (
                group,
                [
                    ((entry.run.metrics.get("slices") or {}).get(slice_name) or {}).get(group)
                    for entry in self.runs
                ],
            )
            for group in groups
        ]

    def to_json(self) -> dict:
        metrics = self.metrics_shown()
        return {
            "alpha": self.alpha,
            "same_items": self.same_items,
            "common_items": len(self.common_items),
            "all_items": self.all_items,
            "runs": [
                {
                    **entry.describe(),
                    "cost_usd": entry.cost_usd,
                    "usage": (entry.usage or {}).get("total"),
                    "overall": {metric: self.headline(entry, metric) for metric in metrics},
                    "counts": entry.run.metrics.get("counts"),
                }
                for entry in self.runs
            ],
            "slices": {
                name: {
                    group: dict(zip([e.label for e in self.runs], cells, strict=True))
                    for group, cells in self.slice_table(name)
                }
                for name in SLICES
            },
            "pairs": [pair.to_json() for pair in self.pairs],
            "disagreements": [
                {
                    "item_id": d.item_id,
                    "outcomes": dict(zip([e.label for e in self.runs], d.labels(), strict=True)),
                }
                for d in self.disagreements
            ],
        }


def run_labels(count: int) -> list[str]:
    """A, B, ..., Z, then AA, AB, ..."""
    letters = string.ascii_uppercase
    return [letters[i] if i < 26 else letters[i // 26 - 1] + letters[i % 26] for i in range(count)]


def compare_many(saved: Sequence[SavedRun], *, alpha: float = DEFAULT_ALPHA) -> MultiRun:
    runs = [RunEntry(label, run) for label, run in zip(run_labels(len(saved)), saved, strict=True)]
    result = MultiRun(runs=runs, alpha=alpha)
    for first, second in combinations(runs, 2):
        comparison = compare_runs(
            first.run.records,
            second.run.records,
            baseline_metrics=first.run.metrics,
            current_metrics=second.run.metrics,
            baseline_label=f"{first.run.path} (model {first.run.model})",
            alpha=alpha,
        )
        differences = fingerprint_differences(
            first.run.fingerprint, second.run.fingerprint, f"{first.label}", f"{second.label}"
        )
        result.pairs.append(PairTest(first, second, comparison, differences))
    by_run = [{r.item_id: r for r in entry.run.records} for entry in runs]
    order: dict[str, None] = {}
    for records in by_run:
        order.update(dict.fromkeys(records))
    result.all_items = len(order)
    result.common_items = [i for i in order if all(i in records for records in by_run)]
    for item in order:
        held = tuple(records.get(item) for records in by_run)
        present = [r for r in held if r is not None]
        if len(present) >= 2 and len({verdict_label(r) for r in present}) > 1:
            result.disagreements.append(Disagreement(item, held))
    return result
