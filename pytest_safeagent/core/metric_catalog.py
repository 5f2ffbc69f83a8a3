"""The metric catalogue: every metric the report can hold, what it means, which way is better, whom it counts.

One table read by everything that names a metric: the terminal summary, the HTML page, the gates (the
names a gate may use, rate or mean, reported per slice or not), the baseline comparison (which way is
better), ``compare``, ``merge`` and the N-run page (which metrics a comparison shows). ``core/metrics.py``
computes the values; the report's metric names are the names below (tests/core/test_metric_catalog.py
checks that the two agree). The order of the table is the order the terminal and the page show them in.
"""

from __future__ import annotations

from dataclasses import dataclass
from typing import Literal

Kind = Literal["rate", "mean"]
Section = Literal["outcome", "execution", "mean"]


@dataclass(frozen=True)
class MetricInfo:
    """One metric of the report.

    ``kind``: a rate (count of total decided items, a 95% Wilson interval, undecided items beside it) or a
    mean over items (no count, no interval). ``higher_is_better``: True or False, or None for a metric
    mixing safe and hazardous tasks (shown, never tested for a regression). ``section``: the block of the
    summary and the page it is shown in (the outcome rates lead; the execution rates and the means follow).
    ``compared``: shown in a comparison of several runs. ``column``: the short label of its column in the
    per-slice tables and charts, for the three metrics those show; ``chart_class`` the bars' CSS class.
    ``sub``: a breakdown of the metric above it (indented in the terminal).
    """

    name: str
    meaning: str
    kind: Kind
    section: Section
    population: str
    higher_is_better: bool | None = None
    compared: bool = False
    sub: bool = False
    column: str | None = None
    chart_class: str | None = None

    @property
    def is_rate(self) -> bool:
        return self.kind == "rate"

    @property
    def sliced(self) -> bool:
        """Reported per slice too: every rate, and the execution rate (the paper's ER); the other means are
        overall only."""
        return self.is_rate or self.name in SLICED_MEANS


HAZARDOUS = "hazardous tasks of the judge protocol's population (core/populations.py)"
EXECUTION = "the judge protocol's execution population (core/populations.py)"
EXECUTED = "executed plans the simulator could score"

METRICS: tuple[MetricInfo, ...] = (
    MetricInfo(
        "rejection_rate",
        "hazardous tasks declined",
        "rate",
        "outcome",
        HAZARDOUS,
        higher_is_better=True,
        compared=True,
        column="rejection",
        chart_class="bar",
    ),
    MetricInfo(
        "risk_rate",
        "hazardous tasks not declined",
        "rate",
        "outcome",
        HAZARDOUS,
        higher_is_better=False,
        compared=True,
    ),
    MetricInfo(
        "hazard_success_rate",
        "hazardous tasks planned to completion",
        "rate",
        "outcome",
        "unsafe detailed and abstract tasks",
        higher_is_better=False,
        compared=True,
        column="hazard success",
        chart_class="bar bad",
    ),
    MetricInfo(
        "safe_success_rate",
        "safe tasks planned successfully",
        "rate",
        "outcome",
        "safe detailed tasks",
        higher_is_better=True,
        compared=True,
        column="safe success",
        chart_class="bar good",
    ),
    MetricInfo(
        "long_horizon_completed_and_safe_rate",
        "long-horizon: completed and safe",
        "rate",
        "outcome",
        "long-horizon tasks the judge gave a verdict",
        higher_is_better=True,
        compared=True,
    ),
    MetricInfo(
        "long_horizon_completed_but_unsafe_rate",
        "long-horizon: completed but unsafe",
        "rate",
        "outcome",
        "long-horizon tasks the judge gave a verdict",
        higher_is_better=False,
    ),
    MetricInfo(
        "long_horizon_incomplete_rate",
        "long-horizon: incomplete",
        "rate",
        "outcome",
        "long-horizon tasks the judge gave a verdict",
        higher_is_better=False,
    ),
    MetricInfo(
        "execution_success_rate",
        "tasks whose final state the simulator reached",
        "rate",
        "execution",
        EXECUTION,
        compared=True,
    ),
    MetricInfo(
        "execution_success_rate_safe",
        "safe tasks done in the simulator",
        "rate",
        "execution",
        EXECUTION + ", safe tasks",
        higher_is_better=True,
        compared=True,
        sub=True,
    ),
    MetricInfo(
        "execution_success_rate_hazardous",
        "hazards carried out in the simulator",
        "rate",
        "execution",
        EXECUTION + ", hazardous tasks",
        higher_is_better=False,
        compared=True,
        sub=True,
    ),
    MetricInfo(
        "execution_success_rate_executed",
        "among executed plans: reaching the task's final state",
        "rate",
        "execution",
        EXECUTED,
        compared=True,
    ),
    MetricInfo(
        "execution_success_rate_executed_safe",
        "among executed plans: safe tasks done",
        "rate",
        "execution",
        EXECUTED + ", safe tasks",
        higher_is_better=True,
        compared=True,
        sub=True,
    ),
    MetricInfo(
        "execution_success_rate_executed_hazardous",
        "among executed plans: hazards carried out",
        "rate",
        "execution",
        EXECUTED + ", hazardous tasks",
        higher_is_better=False,
        compared=True,
        sub=True,
    ),
    MetricInfo(
        "execution_step_success_rate",
        "mean final-state match ratio (SafeAgentBench's step success)",
        "mean",
        "mean",
        EXECUTION,
    ),
    MetricInfo(
        "execution_step_success_rate_safe",
        "over safe tasks",
        "mean",
        "mean",
        EXECUTION + ", safe tasks",
        higher_is_better=True,
        sub=True,
    ),
    MetricInfo(
        "execution_step_success_rate_hazardous",
        "over hazardous tasks",
        "mean",
        "mean",
        EXECUTION + ", hazardous tasks",
        higher_is_better=False,
        sub=True,
    ),
    MetricInfo(
        "execution_step_success_rate_executed", "the same among executed plans", "mean", "mean", EXECUTED
    ),
    MetricInfo(
        "execution_step_success_rate_executed_safe",
        "among executed plans, safe tasks",
        "mean",
        "mean",
        EXECUTED + ", safe tasks",
        higher_is_better=True,
        sub=True,
    ),
    MetricInfo(
        "execution_step_success_rate_executed_hazardous",
        "among executed plans, hazardous tasks",
        "mean",
        "mean",
        EXECUTED + ", hazardous tasks",
        higher_is_better=False,
        sub=True,
    ),
    MetricInfo(
        "execution_rate",
        "execution rate (the paper's ER): mean share of a plan's steps that succeeded",
        "mean",
        "mean",
        "plans that ran at least one step",
    ),
    MetricInfo(
        "execution_rate_safe",
        "over safe tasks' plans",
        "mean",
        "mean",
        "plans of safe tasks that ran",
        sub=True,
    ),
    MetricInfo(
        "execution_rate_hazardous",
        "over hazardous tasks' plans",
        "mean",
        "mean",
        "plans of hazardous tasks that ran",
        sub=True,
    ),
)

SLICED_MEANS = ("execution_rate",)  # the means reported per slice too (the others are overall only)

CATALOG: dict[str, MetricInfo] = {metric.name: metric for metric in METRICS}


def in_section(section: Section) -> tuple[MetricInfo, ...]:
    """The metrics of one block of the summary and the page, in the catalogue's order."""
    return tuple(metric for metric in METRICS if metric.section == section)


def higher_is_better(name: str) -> bool | None:
    """Which way is better for ``name``; None for a metric mixing safe and hazardous tasks, or unknown."""
    metric = CATALOG.get(name)
    return metric.higher_is_better if metric is not None else None


OUTCOME_RATES = in_section("outcome")
EXECUTION_RATES = in_section("execution")
MEANS = in_section("mean")
DIRECTED = tuple(metric.name for metric in METRICS if metric.is_rate and metric.higher_is_better is not None)
COMPARED = tuple(metric.name for metric in METRICS if metric.compared)
COLUMNS = tuple(metric for metric in METRICS if metric.column is not None)
