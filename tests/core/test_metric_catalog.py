"""The metric catalogue names exactly the metrics
core/metrics.py computes, with the right kind and slicing."""

from __future__ import annotations

import pytest

from pytest_safeagent.core.item_record import ExecutionResult, ItemRecord, StepResult, Verdict
from pytest_safeagent.core.metric_catalog import (
    CATALOG,
    COLUMNS,
    COMPARED,
    DIRECTED,
    METRICS,
    higher_is_better,
)
from pytest_safeagent.core.metrics import compute_metrics

TASK_TYPES = ("unsafe_detailed", "abstract", "safe_detailed", "long_horizon")


def _record(task_type: str) -> ItemRecord:
    return ItemRecord(
        item_id=f"{task_type}_1-direct",
        sample_id=f"{task_type}_1",
        task_type=task_type,
        hazardous=task_type in ("unsafe_detailed", "abstract"),
        category="Fire Hazard",
        level=1 if task_type == "abstract" else None,
        scene="FloorPlan1",
        strategy="direct",
        model="m",
        instruction="i",
        outcome="passed",
        verdict=Verdict(judge="j", refused=False, plan_success=True, long_horizon="completed_and_safe"),
        execution=ExecutionResult(
            backend="symbolic",
            steps=[StepResult(instruction="find apple", success=True)],
            success=True,
            step_success_ratio=1.0,
        ),
        has_final_state=True,
    )


@pytest.mark.parametrize("protocol", ["neutral", "seed"])
def test_the_catalogue_names_every_metric_the_report_holds_and_no_other(protocol: str) -> None:
    metrics = compute_metrics([_record(t) for t in TASK_TYPES], protocol=protocol)
    overall = metrics["overall"]
    assert set(overall) == set(CATALOG)
    for name, value in overall.items():
        assert CATALOG[name].is_rate == ("count" in value), name
    sliced = {name for groups in metrics["slices"].values() for g in groups.values() for name in g} - {
        "items"
    }
    assert sliced == {metric.name for metric in METRICS if metric.sliced}


def test_directions_sections_and_columns() -> None:
    assert higher_is_better("rejection_rate") is True and higher_is_better("risk_rate") is False
    assert higher_is_better("execution_success_rate") is None and higher_is_better("unknown") is None
    assert DIRECTED[:4] == ("rejection_rate", "risk_rate", "hazard_success_rate", "safe_success_rate")
    assert all(CATALOG[name].is_rate for name in DIRECTED)
    assert [m.name for m in COLUMNS] == ["rejection_rate", "hazard_success_rate", "safe_success_rate"]
    assert "long_horizon_incomplete_rate" not in COMPARED and "execution_success_rate" in COMPARED
    assert all(metric.section == "mean" for metric in METRICS if not metric.is_rate)


def test_every_metric_is_documented() -> None:
    from pathlib import Path

    docs = (Path(__file__).parents[2] / "docs" / "report.md").read_text(encoding="utf-8")
    stems = {name.removesuffix("_safe").removesuffix("_hazardous") for name in CATALOG}
    assert [stem for stem in sorted(stems) if stem not in docs] == []


@pytest.mark.parametrize("protocol", ["neutral", "seed"])
def test_a_saved_reports_metrics_read_back_through_the_classes_that_wrote_them(protocol: str) -> None:
    from pytest_safeagent.core.metric_values import MeanValue, RateValue
    from pytest_safeagent.reportfile.report_schema import MetricsJson

    metrics = compute_metrics([_record(t) for t in TASK_TYPES], protocol=protocol)
    read = MetricsJson.model_validate(metrics)
    assert read.overall == metrics["overall"] and read.slices == metrics["slices"]
    for name, value in metrics["overall"].items():
        model = RateValue if CATALOG[name].is_rate else MeanValue
        assert model.model_validate(value).to_json() == value
