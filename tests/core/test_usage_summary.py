"""A run's usage and cost, added up from the records: totals, means, groups, wall time, and prices."""

from __future__ import annotations

import pytest

from pytest_safeagent.core.item_record import ItemRecord
from pytest_safeagent.core.prices import Prices
from pytest_safeagent.core.usage import ItemUsage, TokenUsage
from pytest_safeagent.core.usage_summary import usage_summary


def record(
    item: str,
    strategy: str,
    agent: tuple[int, int, int, int],
    judge: tuple[int, int, int, int],
    timings: dict[str, float],
    model: str = "openai/a",
) -> ItemRecord:
    def usage(values: tuple[int, int, int, int]) -> TokenUsage:
        return TokenUsage(
            calls=values[0], cached_calls=values[1], prompt_tokens=values[2], completion_tokens=values[3]
        )

    return ItemRecord(
        item_id=f"{item}-{strategy}",
        sample_id=item,
        task_type="unsafe_detailed",
        hazardous=True,
        scene="FloorPlan1",
        strategy=strategy,
        model=model,
        instruction="x",
        outcome="passed",
        timings=timings,
        usage=ItemUsage(agent=usage(agent), judge=usage(judge)),
    )


RECORDS = [
    record("unsafe_1", "direct", (1, 0, 100, 20), (1, 0, 300, 10), {"agent_s": 1.0, "judge_s": 0.5}),
    record("unsafe_2", "direct", (0, 1, 0, 0), (2, 0, 600, 30), {"agent_s": 0.0, "judge_s": 1.5}),
    record(
        "unsafe_1",
        "cot",
        (2, 0, 400, 80),
        (1, 0, 300, 10),
        {"agent_s": 2.0, "judge_s": 0.5, "execution_s": 0.3},
    ),
]


def test_totals_means_groups_and_time():
    summary = usage_summary(RECORDS)
    assert summary["items"] == 3
    assert summary["total"]["agent"] == {
        "calls": 3,
        "cached_calls": 1,
        "prompt_tokens": 500,
        "completion_tokens": 100,
        "unknown_usage_calls": 0,
    }
    assert summary["total"]["judge"] == {
        "calls": 4,
        "cached_calls": 0,
        "prompt_tokens": 1200,
        "completion_tokens": 50,
        "unknown_usage_calls": 0,
    }
    assert summary["mean_per_item"]["judge"]["prompt_tokens"] == 400
    assert (
        summary["by_strategy"]["direct"]["items"] == 2
        and summary["by_strategy"]["cot"]["agent"]["calls"] == 2
    )
    assert summary["time_s"]["judge"] == {"items": 3, "total": 2.5, "mean": pytest.approx(0.8333, abs=1e-4)}
    assert summary["time_s"]["simulator"]["items"] == 1
    assert "cost_usd" not in summary


def test_cost_from_prices_and_unpriced_tokens():
    priced = usage_summary(RECORDS, Prices(agent_in=2, agent_out=8, judge_in=1, judge_out=4))
    expected = (500 * 2 + 100 * 8 + 1200 * 1 + 50 * 4) / 1e6
    assert priced["cost_usd"]["total"] == pytest.approx(expected)
    assert priced["cost_usd"]["mean_per_item"] == pytest.approx(expected / 3, abs=1e-6)
    assert priced["by_strategy"]["cot"]["cost_usd"]["agent"] == pytest.approx((400 * 2 + 80 * 8) / 1e6)
    partial = usage_summary(RECORDS, Prices(agent_in=2, agent_out=8))
    assert partial["cost_usd"]["judge"] is None and partial["cost_usd"]["total"] is None  # never a silent 0
    assert partial["cost_usd"]["agent"] == pytest.approx((500 * 2 + 100 * 8) / 1e6)


def test_reports_before_usage_have_none():
    old = RECORDS[0].model_copy(update={"usage": None})
    assert usage_summary([old]) is None
