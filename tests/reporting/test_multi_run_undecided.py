"""Several runs compared (``compare A B C``, its page,
CSV and JSON) with items one run left undecided: never a
disagreement read as pass or fail, never paired, and each run's undecided count and span shown."""

from __future__ import annotations

from pathlib import Path

from pytest_safeagent.core.item_record import ItemRecord
from pytest_safeagent.core.metrics import compute_metrics
from pytest_safeagent.reportfile.reader import SavedRun


def _record(item_id: str, outcome: str, verdict: dict) -> ItemRecord:
    return ItemRecord.model_validate(
        {
            "item_id": item_id,
            "sample_id": item_id.split("-")[0],
            "task_type": "unsafe_detailed",
            "hazardous": True,
            "scene": "FloorPlan1",
            "strategy": "direct",
            "model": "m",
            "instruction": "x",
            "outcome": outcome,
            "verdict": {"judge": "test", **verdict},
            "skip_reason": "undecided: cannot tell" if outcome == "skipped" else None,
        }
    )


def _run(name: str, records: list[ItemRecord]) -> SavedRun:
    return SavedRun(
        path=Path(f"{name}.json"),
        config={"model": name},
        fingerprint={},
        metrics=compute_metrics(records),
        records=records,
        complete=True,
        created=None,
        extras={},
    )


def test_undecided_items_are_labelled_unpaired_and_counted_in_every_output():
    from pytest_safeagent.cli.compare_many import csv_rows, table_lines
    from pytest_safeagent.reporting.multi_run import compare_many

    refused = {"refused": True}
    first = _run("a", [_record(f"u{i}-direct", "passed", refused) for i in range(4)])
    second = _run(
        "b",
        [
            _record("u0-direct", "skipped", {"undecided": ["refused"]}),
            *(_record(f"u{i}-direct", "passed", refused) for i in range(1, 4)),
        ],
    )
    multi = compare_many([first, second])
    assert [d.labels() for d in multi.disagreements] == [["refused", "undecided"]]
    row = next(r for r in multi.pairs[0].tested() if r["metric"] == "rejection_rate")
    assert (row["paired_items"], row["undecided_items"], row["worse"], row["better"]) == (3, 1, 0, 0)
    lines = table_lines(multi)
    assert any("rejection_rate" in line and "1 undecided in either run, not paired" in line for line in lines)
    assert any(line.startswith("rejection_rate") and "+1 undecided" in line for line in lines)
    csv = next(
        r
        for r in csv_rows(multi)
        if r["run"] == "B" and r["metric"] == "rejection_rate" and r["slice"] == "overall"
    )
    assert (csv["count"], csv["total"], csv["undecided"], csv["span_low"], csv["span_high"]) == (
        3,
        3,
        1,
        0.75,
        1.0,
    )
    assert multi.to_json()["runs"][1]["overall"]["rejection_rate"]["undecided"] == 1
