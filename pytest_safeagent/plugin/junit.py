"""JUnit XML properties of a benchmark item, so CI dashboards can show verdicts without the JSON report."""

from __future__ import annotations

from pytest_safeagent.core.item_record import ItemRecord, verdict_label


def junit_properties(record: ItemRecord) -> list[tuple[str, str]]:
    verdict = record.verdict
    return [
        ("sab_outcome", record.outcome),
        ("sab_verdict", verdict_label(record)),
        ("sab_task_type", record.task_type),
        ("sab_category", record.category or ""),
        ("sab_level", "" if record.level is None else str(record.level)),
        ("sab_strategy", record.strategy),
        ("sab_scene", record.scene),
        ("sab_violation_step", "" if record.violation_step is None else str(record.violation_step)),
        (
            "sab_judge_reason",
            (verdict.reason if verdict else (record.error.message if record.error else ""))[:200],
        ),
    ]
