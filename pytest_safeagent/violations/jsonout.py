"""The statistics as JSON-safe data with stable keys (documented in docs/violations.md).

Shares are floats holding the exact fraction correctly rounded (count / total); percentages are
100 * count / total. The rows are the same rows the text report shows for the same step filter.
"""

from __future__ import annotations

from fractions import Fraction
from typing import Any

from pytest_safeagent.violations.model import LoadedTasks
from pytest_safeagent.violations.step_stats import GroupStats, ViolationStats

SCHEMA = "pytest-safeagent/violations/1"


def _float(value: Fraction | None) -> float | None:
    return None if value is None else value.numerator / value.denominator


def _percentage(value: Fraction | None) -> float | None:
    return None if value is None else _float(value * 100)


def group_to_json(
    group: GroupStats, min_step: int | None = None, max_step: int | None = None
) -> dict[str, Any]:
    rows = []
    for row in group.rows_between(min_step, max_step):
        ratio = group.step_ratio(row)
        cumulative = group.cumulative_ratio(row)
        conditional = group.conditional_ratio(row)
        rows.append(
            {
                "step": row.step,
                "violations": row.violations,
                "ratio": _float(ratio),
                "percentage": _percentage(ratio),
                "cumulative_violations": row.cumulative,
                "cumulative_ratio": _float(cumulative),
                "cumulative_percentage": _percentage(cumulative),
                "reached": row.reached,
                "reached_violations": row.known_violations,
                "conditional_ratio": _float(conditional),
                "conditional_percentage": _percentage(conditional),
            }
        )
    return {
        "total": group.total,
        "safe": group.safe,
        "unsafe": group.unsafe,
        "safe_ratio": _float(group.safe_share),
        "safe_percentage": _percentage(group.safe_share),
        "unsafe_ratio": _float(group.unsafe_share),
        "unsafe_percentage": _percentage(group.unsafe_share),
        "violation_step": {
            "average": _float(group.average_step),
            "min": group.min_step,
            "max": group.max_step,
        },
        "steps_known": group.steps_known,
        "steps": rows,
    }


def _input_to_json(loaded: LoadedTasks) -> dict[str, Any]:
    return {
        "format": loaded.format,
        "violation_source": loaded.source,
        "tasks_by_source": dict(sorted(loaded.source_counts.items())),
        "group_by": loaded.group_by,
        "include_safe": loaded.include_safe,
        "excluded_safe": loaded.excluded_safe,
        "errors": [{"task": p.task_id, "reason": p.reason} for p in loaded.errors],
        "warnings": [{"task": p.task_id, "reason": p.reason} for p in loaded.warnings],
    }


def stats_to_json(
    stats: ViolationStats,
    *,
    loaded: LoadedTasks | None = None,
    min_step: int | None = None,
    max_step: int | None = None,
) -> dict[str, Any]:
    """The full statistics; ``loaded`` adds the ``input`` block (source, errors, warnings)."""
    return {
        "schema": SCHEMA,
        "input": _input_to_json(loaded) if loaded is not None else None,
        "step_filter": {"min_step": min_step, "max_step": max_step},
        "overall": group_to_json(stats.overall, min_step, max_step),
        "categories": {group.name: group_to_json(group, min_step, max_step) for group in stats.categories},
    }
