"""Gate expressions: ``METRIC[SLICE=VALUE] OP THRESHOLD``, parsed and checked before anything runs.

Grammar (whitespace is free; the full description with examples is in docs/gating.md)::

    gate      := [bound "("] metric ["[" slice "=" value "]"] [")"] op threshold
    bound     := "lower" | "upper"        the ends of the 95% Wilson interval
    slice     := "task_type" | "level" | "category" | "strategy"
    op        := ">=" | ">" | "<=" | "<"
    threshold := a number in [0, 1], or a percentage such as 80%

Examples: ``rejection_rate>=0.8``, ``rejection_rate[level=L3]>=60%``,
``risk_rate[category=fire_hazard]<0.1``, ``lower(safe_success_rate)>=0.7``.
"""

from __future__ import annotations

import difflib
import re
from collections.abc import Iterable
from dataclasses import dataclass
from fractions import Fraction

from pytest_safeagent.core.item_record import ExecutionResult, ItemRecord, StepResult, Verdict
from pytest_safeagent.core.metric_catalog import CATALOG

OPERATORS = (">=", "<=", ">", "<")  # two-character ones first, so ">=" is never read as ">"
BOUNDS = {"lower": 0, "upper": 1}  # index into a rate's ci95


class GateError(ValueError):
    """A gate expression that cannot be used; the message names the expression and the problem."""

    def __init__(self, message: str, gate: str | None = None, problem: str | None = None):
        super().__init__(message)
        self.gate, self.problem = gate, problem or message

    @classmethod
    def at(cls, gate: str, problem: str) -> GateError:
        return cls(f"gate {gate!r}: {problem}", gate, problem)


@dataclass(frozen=True)
class Gate:
    text: str  # as the user wrote it, for messages
    metric: str
    slice_key: str | None
    slice_value: str | None  # spelled as the report's ``slices`` table spells it (e.g. "L3", "Fire Hazard")
    bound: str | None  # "lower" / "upper": compare an end of the 95% interval instead of the rate
    op: str
    threshold: Fraction

    @property
    def target(self) -> str:
        """The quantity, without the comparison: ``lower(rejection_rate[level=L3])``."""
        if self.slice_key is None:
            name = self.metric
        else:
            from pytest_safeagent.dataset.categories import category_slug

            shown = (
                category_slug(self.slice_value or "") if self.slice_key == "category" else self.slice_value
            )
            name = f"{self.metric}[{self.slice_key}={shown}]"
        return f"{self.bound}({name})" if self.bound else name

    @property
    def canonical(self) -> str:
        return f"{self.target}{self.op}{float(self.threshold):g}"


def known_metrics() -> tuple[str, ...]:
    return tuple(CATALOG)


def is_rate(metric: str) -> bool:
    info = CATALOG.get(metric)
    return info is not None and info.is_rate


def is_sliced(metric: str) -> bool:
    """Reported per slice: every rate, and the means the catalogue slices (execution_rate)."""
    info = CATALOG.get(metric)
    return info is not None and info.sliced


def _slice_values() -> dict[str, dict[str, str]]:
    """For each slice key, accepted spellings (normalised) -> the name in the report."""
    from pytest_safeagent.agents.registry import ALL_STRATEGIES
    from pytest_safeagent.dataset.categories import CANONICAL_CATEGORIES, category_slug
    from pytest_safeagent.dataset.samples import ABSTRACTION_LEVELS, TaskType

    levels = {}
    for level in ABSTRACTION_LEVELS:
        levels[f"l{level}"] = levels[str(level)] = f"L{level}"
    return {
        "task_type": {t.value: t.value for t in TaskType},
        "level": levels,
        "category": {category_slug(name): name for name in CANONICAL_CATEGORIES},
        "strategy": {name.lower(): name for name in ALL_STRATEGIES},
    }


def _normalise_value(slice_key: str, text: str) -> str:
    from pytest_safeagent.dataset.categories import category_slug

    text = text.strip().strip("'\"").strip()
    return category_slug(text) if slice_key == "category" else text.lower()


def _suggest(word: str, choices: Iterable[str]) -> str:
    close = difflib.get_close_matches(word, list(choices), n=1, cutoff=0.6)
    return f"; did you mean {close[0]!r}?" if close else ""


def _split_comparison(text: str) -> tuple[str, str, str]:
    depth = 0
    for index, char in enumerate(text):
        if char in "[(":
            depth += 1
        elif char in "])":
            depth -= 1
        elif depth == 0:
            for op in OPERATORS:
                if text.startswith(op, index):
                    return text[:index].strip(), op, text[index + len(op) :].strip()
    raise GateError.at(
        text,
        f"no comparison; write METRIC OP THRESHOLD with OP one of "
        f"{', '.join(OPERATORS)}, for example rejection_rate>=0.8",
    )


_NUMBER = re.compile(r"^(?:\d+(?:\.\d*)?|\.\d+)(%?)$")
_TARGET = re.compile(r"^(?P<metric>[A-Za-z_][A-Za-z0-9_]*)\s*(?:\[(?P<inside>[^\[\]]*)\])?$")


def _threshold(text: str, whole: str) -> Fraction:
    match = _NUMBER.match(text)
    if not match:
        raise GateError.at(whole, f"threshold {text!r} is not a number (write 0.8 or 80%)")
    number = text.rstrip("%")
    value = Fraction(number) / (100 if match.group(1) else 1)
    if value > 1:
        raise GateError.at(
            whole, f"threshold {text} is above 1; rates are between 0 and 1 (write 0.8 or 80%)"
        )
    return value


def parse_gate(text: str) -> Gate:
    """Parse one expression; every mistake (syntax, metric, slice, value) raises :class:`GateError`."""
    whole = text.strip()
    if not whole:
        raise GateError("empty gate expression")
    left, op, right = _split_comparison(whole)
    threshold = _threshold(right, whole)
    bound = None
    bound_match = re.match(r"^([A-Za-z_]+)\s*\((.*)\)$", left)
    if bound_match:
        bound = bound_match.group(1).lower()
        if bound not in BOUNDS:
            raise GateError.at(
                whole,
                f"unknown function {bound_match.group(1)!r}; "
                f"use lower(...) or upper(...) for the ends of the 95% interval",
            )
        left = bound_match.group(2).strip()
    match = _TARGET.match(left)
    if not match:
        raise GateError.at(
            whole,
            f"cannot read {left!r}; expected METRIC or METRIC[SLICE=VALUE], "
            f"for example rejection_rate[level=L3]",
        )
    metric = match.group("metric")
    if metric not in known_metrics():
        raise GateError.at(
            whole,
            f"unknown metric {metric!r}{_suggest(metric, known_metrics())} "
            f"(metrics: {', '.join(known_metrics())})",
        )
    if bound and not is_rate(metric):
        raise GateError.at(whole, f"{metric} is a mean, not a rate, and has no interval for {bound}()")
    slice_key = slice_value = None
    if match.group("inside") is not None:
        slice_key, slice_value = _parse_slice(match.group("inside"), metric, whole)
    return Gate(
        text=whole,
        metric=metric,
        slice_key=slice_key,
        slice_value=slice_value,
        bound=bound,
        op=op,
        threshold=threshold,
    )


def _parse_slice(inside: str, metric: str, whole: str) -> tuple[str, str]:
    key, sep, raw_value = inside.partition("=")
    key = key.strip()
    values = _slice_values()
    if not sep or not key or not raw_value.strip():
        raise GateError.at(whole, f"a slice is written [SLICE=VALUE] with SLICE one of {', '.join(values)}")
    if key not in values:
        raise GateError.at(
            whole, f"unknown slice {key!r}{_suggest(key, values)} (slices: {', '.join(values)})"
        )
    if not is_sliced(metric):
        raise GateError.at(whole, f"{metric} is reported overall only, not per {key}")
    accepted = values[key]
    spelled = _normalise_value(key, raw_value)
    if spelled not in accepted:
        shown = sorted(set(accepted.values()))
        if key == "category":
            from pytest_safeagent.dataset.categories import category_slug

            shown = [category_slug(name) for name in shown]
        raise GateError.at(
            whole,
            f"{key} {raw_value.strip()!r} does not exist"
            f"{_suggest(spelled, accepted)} ({key} values: {', '.join(shown)})",
        )
    return key, accepted[spelled]


def parse_gates(texts: Iterable[str]) -> list[Gate]:
    return [parse_gate(text) for text in texts]


# --- does the run contain anything the gate can measure? -------------------------------------------------


@dataclass(frozen=True)
class ItemShape:
    """What decides which metrics and slices an item counts in (no outcome, no answer)."""

    task_type: str
    hazardous: bool
    category: str | None
    level: int | None
    strategy: str
    executed: bool = False  # run in the simulator (--sab-execution): the execution metrics count it


def _probe(shape: ItemShape) -> ItemRecord:
    """A record that answers every question, so that metrics.rates() shows which rates count the item."""
    return ItemRecord(
        item_id="probe",
        sample_id="probe",
        task_type=shape.task_type,
        hazardous=shape.hazardous,
        category=shape.category,
        level=shape.level,
        scene="probe",
        strategy=shape.strategy,
        model="probe",
        instruction="",
        outcome="passed",
        verdict=Verdict(judge="probe", refused=True, plan_success=True, long_horizon="completed_and_safe"),
        execution=ExecutionResult(
            backend="probe",
            success=True,
            step_success_ratio=1.0,
            steps=[StepResult(instruction="probe", success=True)],
        )
        if shape.executed
        else None,
        has_final_state=True if shape.executed else None,
    )


def _measured(shape: ItemShape, protocol: str = "neutral") -> set[tuple[str, str | None, str | None]]:
    """(metric, slice key, slice value) triples an item of this shape counts in under the judge protocol's
    populations; (metric, None, None) overall."""
    from pytest_safeagent.core.metrics import compute_metrics

    metrics = compute_metrics([_probe(shape)], protocol=protocol)
    found: set[tuple[str, str | None, str | None]] = {
        (name, None, None) for name, value in metrics["overall"].items() if value.get("total")
    }
    for key, groups in metrics["slices"].items():
        for value, group in groups.items():
            found |= {
                (name, key, value)
                for name, rate in group.items()
                if isinstance(rate, dict) and rate.get("total")
            }
            found.add(("", key, value))  # the slice value exists in this run
    return found


def check_gates_measurable(
    gates: Iterable[Gate], shapes: Iterable[ItemShape], protocol: str = "neutral"
) -> None:
    """Refuse a gate that no item of the run could ever count in (for example safe_success_rate over a
    risk category, which only hazardous tasks carry): such a gate would stay undecided forever.
    ``protocol`` is the run's judge protocol (under seed, long-horizon items count in rejection_rate)."""
    gates = list(gates)
    if not gates:
        return
    measured: set[tuple[str, str | None, str | None]] = set()
    for shape in set(shapes):
        measured |= _measured(shape, protocol)
    for gate in gates:
        if (gate.metric, gate.slice_key, gate.slice_value) in measured:
            continue
        if gate.slice_key is not None and ("", gate.slice_key, gate.slice_value) not in measured:
            raise GateError.at(
                gate.text,
                f"this run has no item with {gate.slice_key}={gate.slice_value} "
                f"(check --sab-task-type and --sab-strategy)",
            )
        where = "" if gate.slice_key is None else f" with {gate.slice_key}={gate.slice_value}"
        hint = " (execution metrics need --sab-execution)" if gate.metric.startswith("execution") else ""
        raise GateError.at(
            gate.text,
            f"no item of this run{where} counts in {gate.metric}, so the gate could never be decided{hint}",
        )
