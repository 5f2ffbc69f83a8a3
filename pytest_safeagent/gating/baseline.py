"""Compare a run with a baseline item by item: flips, metric deltas, and a paired test per metric.

Only items both runs judged are paired. Each rate is tested on its own paired items with the
exact McNemar test, and counts as a regression only when it got worse by more than the
tolerance *and* the test says the change is beyond noise (p below alpha).

An item left undecided in either run (its deciding question, or the question a rate rests on) is never
a flip and never paired: it is listed as not judged in both, and each rate counts it as ``undecided``
beside its paired items, so a comparison says how many items it could not compare rather than
reading an undecided item as a pass or a fail.
"""

from __future__ import annotations

from collections.abc import Iterable
from dataclasses import dataclass, field
from typing import TYPE_CHECKING, Any

from pytest_safeagent.core.binomial import mcnemar_exact
from pytest_safeagent.core.item_record import ItemRecord
from pytest_safeagent.core.metric_catalog import DIRECTED, higher_is_better
from pytest_safeagent.core.populations import NEUTRAL, Population, population_of
from pytest_safeagent.gating.defaults import DEFAULT_ALPHA, DEFAULT_MAX_REGRESSION_PP

if TYPE_CHECKING:
    from pytest_safeagent.reportfile.reader import SavedRun

PROTOCOL_KEYS = ("protocol", "judge_protocol")


def protocol_of(fingerprint: dict, key: str) -> str:
    """A run's protocol (``protocol`` or ``judge_protocol``); runs recorded before the seed protocol existed
    used this plugin's own prompts and judge: neutral."""
    return str(fingerprint.get(key) or "neutral")


def protocol_mismatch(baseline: dict, current: dict, baseline_name: str = "the baseline") -> str | None:
    """Why two runs' rates measure different things when their protocols differ (None when they agree).

    A rate under the seed protocol (the model told how to decline; the seed's judge and populations) is
    not the rate under the neutral one (safety unprompted; this plugin's judge): a baseline or a saved
    report of another protocol is not comparable, and the comparison refuses it unless forced.
    """
    parts = [
        f"{key.replace('_', ' ')} {protocol_of(baseline, key)} in {baseline_name}, "
        f"{protocol_of(current, key)} in this run"
        for key in PROTOCOL_KEYS
        if protocol_of(baseline, key) != protocol_of(current, key)
    ]
    if not parts:
        return None
    return (
        "runs under different protocols measure different things ("
        + "; ".join(parts)
        + "): seed sends the seed harness's prompts and judge, neutral this plugin's, safety unprompted"
    )


@dataclass(frozen=True)
class Flip:
    """An item both runs judged, whose pass/fail outcome changed."""

    item_id: str
    task_type: str
    category: str | None
    before: str
    after: str
    reason: str  # the judge's reason in this run

    def to_json(self) -> dict:
        return {
            "item_id": self.item_id,
            "task_type": self.task_type,
            "category": self.category,
            "baseline": self.before,
            "current": self.after,
            "reason": self.reason,
        }


@dataclass(frozen=True)
class MetricChange:
    metric: str
    higher_is_better: bool | None
    paired: int  # items both runs judged that count in this rate
    baseline_count: int
    current_count: int
    worse: int  # paired items that moved the wrong way
    better: int
    p_value: float | None
    status: str  # regression | worse | better | unchanged | untested
    undecided: int = (
        0  # items both runs hold, judged or undecided, that either run left undecided in this rate
    )

    @property
    def delta_pp(self) -> float | None:
        return None if not self.paired else 100.0 * (self.current_count - self.baseline_count) / self.paired

    def to_json(self) -> dict:
        return {
            "metric": self.metric,
            "higher_is_better": self.higher_is_better,
            "paired_items": self.paired,
            "baseline": self.baseline_count / self.paired if self.paired else None,
            "current": self.current_count / self.paired if self.paired else None,
            "delta_pp": self.delta_pp,
            "worse": self.worse,
            "better": self.better,
            "mcnemar_exact_p": self.p_value,
            "status": self.status,
            "undecided_items": self.undecided,
        }


@dataclass
class Comparison:
    baseline_label: str
    tolerance_pp: float
    alpha: float
    shared: list[str] = field(default_factory=list)
    only_current: list[str] = field(default_factory=list)
    only_baseline: list[str] = field(default_factory=list)
    not_comparable: list[tuple[str, str]] = field(default_factory=list)
    regressed: list[Flip] = field(default_factory=list)
    improved: list[Flip] = field(default_factory=list)
    changes: list[MetricChange] = field(default_factory=list)
    overall_deltas: dict[str, dict] = field(default_factory=dict)

    @property
    def paired(self) -> int:
        return len(self.shared) - len(self.not_comparable)

    @property
    def regressions(self) -> list[MetricChange]:
        return [change for change in self.changes if change.status == "regression"]

    @property
    def failed(self) -> bool:
        """A regression, or nothing at all to compare (almost always a wrong baseline file)."""
        return bool(self.regressions) or self.paired == 0

    def to_json(self) -> dict:
        return {
            "baseline": self.baseline_label,
            "max_regression_pp": self.tolerance_pp,
            "alpha": self.alpha,
            "shared_items": len(self.shared),
            "paired_items": self.paired,
            "only_in_current": self.only_current,
            "only_in_baseline": self.only_baseline,
            "not_comparable": [{"item_id": i, "why": why} for i, why in self.not_comparable],
            "regressed": [flip.to_json() for flip in self.regressed],
            "improved": [flip.to_json() for flip in self.improved],
            "metrics": [change.to_json() for change in self.changes],
            "overall_deltas": self.overall_deltas,
            "regression": bool(self.regressions),
            "failed": self.failed,
        }


def _state(record: ItemRecord) -> str:
    if record.undecided:
        return "undecided"
    return record.outcome if record.error is None else f"error ({record.error.kind})"


def _judge_reason(record: ItemRecord) -> str:
    return record.verdict.reason if record.verdict is not None else ""


def _decide(
    higher_is_better: bool | None,
    paired: int,
    worse: int,
    better: int,
    p_value: float | None,
    tolerance_pp: float,
    alpha: float,
) -> str:
    if higher_is_better is None or not paired:
        return "untested"
    if better >= worse:
        return "better" if better > worse else "unchanged"
    net_worse_pp = 100.0 * (worse - better) / paired
    if net_worse_pp > tolerance_pp and p_value is not None and p_value < alpha:
        return "regression"
    return "worse"


def _metric_changes(
    pairs: list[tuple[ItemRecord, ItemRecord]],
    tolerance_pp: float,
    alpha: float,
    population: Population = NEUTRAL,
) -> list[MetricChange]:
    from pytest_safeagent.core.metrics import rates

    tallies: dict[
        str, list[int]
    ] = {}  # metric -> [paired, baseline hits, current hits, worse, better, undecided]
    for before, after in pairs:
        rates_before, rates_after = rates([before], population), rates([after], population)
        for metric in rates_before.keys() & rates_after.keys():
            a, b = rates_before[metric], rates_after[metric]
            if (a.undecided or b.undecided) and (a.total + a.undecided) and (b.total + b.undecided):
                tallies.setdefault(metric, [0, 0, 0, 0, 0, 0])[5] += 1  # not paired: neither a flip nor a tie
                continue
            if not (a.total and b.total):
                continue
            tally = tallies.setdefault(metric, [0, 0, 0, 0, 0, 0])
            tally[0] += 1
            tally[1] += a.count
            tally[2] += b.count
            higher = higher_is_better(metric)
            if higher is not None and a.count != b.count:
                went_up = b.count > a.count
                tally[3 if went_up != higher else 4] += 1
    changes = []
    order = list(DIRECTED) + sorted(set(tallies) - set(DIRECTED))
    for metric in order:
        if metric not in tallies or not tallies[metric][0]:
            continue
        paired, base_hits, cur_hits, worse, better, undecided = tallies[metric]
        higher = higher_is_better(metric)
        p_value = mcnemar_exact(worse, better) if higher is not None else None
        status = _decide(higher, paired, worse, better, p_value, tolerance_pp, alpha)
        changes.append(
            MetricChange(
                metric, higher, paired, base_hits, cur_hits, worse, better, p_value, status, undecided
            )
        )
    return changes


def _overall_deltas(baseline_metrics: dict, current_metrics: dict) -> dict[str, dict]:
    out = {}
    before, after = baseline_metrics.get("overall", {}), current_metrics.get("overall", {})
    for metric in [*after, *(m for m in before if m not in after)]:
        a, b = (before.get(metric) or {}).get("value"), (after.get(metric) or {}).get("value")
        out[metric] = {
            "baseline": a,
            "current": b,
            "delta_pp": None if a is None or b is None else round(100.0 * (b - a), 4),
        }
    return out


def compare_runs(
    baseline: Iterable[ItemRecord],
    current: Iterable[ItemRecord],
    *,
    baseline_metrics: dict,
    current_metrics: dict,
    baseline_label: str,
    tolerance_pp: float = DEFAULT_MAX_REGRESSION_PP,
    alpha: float = DEFAULT_ALPHA,
) -> Comparison:
    """Pair the runs on item id (sample x strategy) and compare what both judged."""
    before = {r.item_id: r for r in baseline}
    after = {r.item_id: r for r in current}
    comparison = Comparison(baseline_label=baseline_label, tolerance_pp=tolerance_pp, alpha=alpha)
    comparison.only_current = [i for i in after if i not in before]
    comparison.only_baseline = [i for i in before if i not in after]
    pairs = []
    for item_id, now in after.items():
        then = before.get(item_id)
        if then is None:
            continue
        comparison.shared.append(item_id)
        if (then.judged or then.undecided) and (now.judged or now.undecided):
            pairs.append((then, now))  # the rates see undecided items (counted beside them, never paired)
        if not (then.judged and now.judged):
            comparison.not_comparable.append((item_id, f"baseline {_state(then)}, this run {_state(now)}"))
            continue
        if then.outcome != now.outcome:
            flip = Flip(item_id, now.task_type, now.category, then.outcome, now.outcome, _judge_reason(now))
            (comparison.regressed if now.outcome == "failed" else comparison.improved).append(flip)
    comparison.changes = _metric_changes(pairs, tolerance_pp, alpha, population_of(current_metrics))
    comparison.overall_deltas = _overall_deltas(baseline_metrics, current_metrics)
    return comparison


def compare_with_saved(
    baseline: SavedRun,
    current: Iterable[ItemRecord],
    current_metrics: dict[str, Any],
    *,
    tolerance_pp: float = DEFAULT_MAX_REGRESSION_PP,
    alpha: float = DEFAULT_ALPHA,
) -> Comparison:
    """:func:`compare_runs` against a saved run, labelled with its path and model."""
    return compare_runs(
        baseline.records,
        current,
        baseline_metrics=baseline.metrics,
        current_metrics=current_metrics,
        baseline_label=f"{baseline.path} (model {baseline.model})",
        tolerance_pp=tolerance_pp,
        alpha=alpha,
    )
