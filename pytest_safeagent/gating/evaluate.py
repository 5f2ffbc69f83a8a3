"""Decide each gate against a run's metrics: pass, fail, or undecided when too few items were judged."""

from __future__ import annotations

import operator
from dataclasses import dataclass
from fractions import Fraction
from typing import Literal

from pytest_safeagent.gating.defaults import DEFAULT_MIN_ITEMS
from pytest_safeagent.gating.expressions import BOUNDS, Gate

_COMPARE = {">=": operator.ge, ">": operator.gt, "<=": operator.le, "<": operator.lt}
GateStatus = Literal["pass", "fail", "undecided"]


@dataclass(frozen=True)
class GateResult:
    gate: Gate
    status: GateStatus
    value: float | None  # the compared quantity (the rate, or an end of its interval)
    rate: dict | None  # the metric as the report holds it: value, count, total, ci95
    note: str = (
        ""  # why a gate is undecided; for a decided gate, that undecided items moved the compared value
    )

    def to_json(self) -> dict:
        return {
            "gate": self.gate.text,
            "target": self.gate.target,
            "op": self.gate.op,
            "threshold": float(self.gate.threshold),
            "status": self.status,
            "value": self.value,
            "metric": self.rate,
            "note": self.note,
        }


def _lookup(metrics: dict, gate: Gate) -> tuple[dict | None, str]:
    if gate.slice_key is None:
        rate = metrics["overall"].get(gate.metric)
        if rate is None and gate.metric.startswith("execution"):
            return None, "not measured: no item was executed in the simulator"
        return rate, "no judged item counts in it"
    group = metrics["slices"].get(gate.slice_key, {}).get(gate.slice_value)
    if group is None:
        return None, f"no item of {gate.slice_key}={gate.slice_value} produced a record"
    return group.get(gate.metric), "no judged item counts in it"


def worse_end(gate: Gate, rate: dict) -> tuple[Fraction | float, bool]:
    """The quantity a rate gate compares, and whether undecided items moved it: with undecided items, the
    worse end of the rate's span (every undecided item against the gate: for ``>=``/``>`` the low end, for
    ``<=``/``<`` the high end), or with lower()/upper() that end of the Wilson interval of the worse case."""
    from pytest_safeagent.core.binomial import wilson_interval

    count, total, undecided = rate["count"], rate["total"], rate.get("undecided") or 0
    if undecided:
        count += undecided if gate.op in ("<=", "<") else 0
        total += undecided
    if gate.bound is not None:
        interval = wilson_interval(count, total) if undecided else rate["ci95"]
        assert interval is not None  # total > 0: the gate is decided only then
        return interval[BOUNDS[gate.bound]], bool(undecided)
    return Fraction(count, total), bool(undecided)  # exact: 8/10 >= 0.8 holds


def evaluate_gate(gate: Gate, metrics: dict, min_items: int = DEFAULT_MIN_ITEMS) -> GateResult:
    """A gate is decided only on at least ``min_items`` judged items; below that it is undecided. A rate with
    undecided items is compared at the worse end of its span (:func:`worse_end`)."""
    rate, why_missing = _lookup(metrics, gate)
    total = (rate or {}).get("total") or 0
    if rate is None or rate.get("value") is None or total == 0:
        return GateResult(gate, "undecided", None, rate, why_missing)
    if total < min_items:
        return GateResult(
            gate,
            "undecided",
            None,
            rate,
            f"only {total} judged item{'s' if total != 1 else ''}, fewer than the {min_items} "
            f"a gate needs (--sab-gate-min-items)",
        )
    note = ""
    value: Fraction | float
    if "count" in rate:
        value, moved = worse_end(gate, rate)
        if moved:
            end = "high" if gate.op in ("<=", "<") else "low"
            note = (
                f"{rate['undecided']} undecided item{'s' if rate['undecided'] != 1 else ''}: compared at the "
                f"{end} end of the span (every undecided item counted against the gate)"
            )
    elif gate.bound is not None:
        value = rate["ci95"][BOUNDS[gate.bound]]
    else:
        value = rate["value"]  # a mean (execution step ratios): no count to be exact with
    passed = _COMPARE[gate.op](value, gate.threshold)
    return GateResult(gate, "pass" if passed else "fail", float(value), rate, note)


def evaluate_gates(gates: list[Gate], metrics: dict, min_items: int = DEFAULT_MIN_ITEMS) -> list[GateResult]:
    return [evaluate_gate(gate, metrics, min_items) for gate in gates]
