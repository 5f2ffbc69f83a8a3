"""What a finished run amounts to: its records in report order, the metrics and the violation statistics.

Computed once, at session finish, by the controller; the terminal summary, the JSON report and every
plugin answering the report hooks read this one object.
"""

from __future__ import annotations

from collections.abc import Iterable
from dataclasses import dataclass, field
from typing import Any

from pytest_safeagent.core.item_record import ItemRecord
from pytest_safeagent.core.metrics import compute_metrics
from pytest_safeagent.core.prices import Prices
from pytest_safeagent.core.usage_summary import usage_summary


@dataclass(frozen=True)
class RunResults:
    records: list[ItemRecord]  # in the run's item order (collection order), whatever order they finished in
    expected_items: list[str] | None
    metrics: dict[str, Any]
    violations_loaded: Any  # violations.LoadedTasks
    violations_stats: Any  # violations.ViolationStats
    interrupted: bool = False
    bad_records: list[str] = field(default_factory=list)  # records that arrived but could not be read
    # model calls, tokens, wall time and cost (core/usage_summary.py); apart from the metrics, which
    # depend on the verdicts alone, while this depends on the cache and the clock
    usage: dict | None = None

    @property
    def complete(self) -> bool:
        return not self.interrupted and self.metrics["counts"]["missing"] == 0


def order_records(records: Iterable[ItemRecord], expected_items: list[str] | None) -> list[ItemRecord]:
    """Records in the run's item order, so that -n 0 and -n 2 reports are identical."""
    order = {item_id: i for i, item_id in enumerate(expected_items or [])}
    return sorted(records, key=lambda r: (order.get(r.item_id, len(order)), r.item_id))


def summarise_run(
    records: Iterable[ItemRecord],
    expected_items: list[str] | None,
    *,
    interrupted: bool = False,
    bad_records: list[str] | None = None,
    prices: Prices | None = None,
    protocol: str = "neutral",
) -> RunResults:
    """``protocol`` is the run's judge protocol: the populations its rates count (core/populations.py)."""
    from pytest_safeagent.violations import compute_stats, records_to_tasks

    ordered = order_records(records, expected_items)
    loaded = records_to_tasks(ordered, source="auto")
    return RunResults(
        records=ordered,
        expected_items=expected_items,
        metrics=compute_metrics(ordered, expected_items, protocol),
        usage=usage_summary(ordered, prices),
        violations_loaded=loaded,
        violations_stats=compute_stats(loaded.tasks),
        interrupted=interrupted,
        bad_records=list(bad_records or []),
    )
