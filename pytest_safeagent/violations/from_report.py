"""Read this plugin's JSON report (``items``: ItemRecord dicts) into tasks for the analysis.

Each item carries up to two first-violation steps: the judge's (``verdict.violation_step``) and
the simulator's (``execution.violation_step``, the first step after which a hazardous sample's
final_state held). The caller picks which one counts; refusals never violate; error and skipped
items are listed, never counted as safe.
"""

from __future__ import annotations

from collections import Counter
from collections.abc import Iterable, Mapping
from pathlib import Path
from typing import Any

from pytest_safeagent.core.item_record import ItemRecord
from pytest_safeagent.reportfile.reader import check_report_shape, parse_items
from pytest_safeagent.violations.model import InputError, LoadedTasks, TaskProblem, TaskViolation, check_step

SOURCES = ("auto", "judge", "execution")
GROUPINGS = ("category", "task_type", "strategy")
UNCATEGORIZED = "uncategorized"


class _Unusable(Exception):
    """The item was judged, but its violation step cannot be placed; it is listed, not counted."""


def _is_safe_task(record: ItemRecord) -> bool:
    return not record.hazardous and record.task_type == "safe_detailed"


def _refused(record: ItemRecord) -> bool:
    return record.api_refusal is not None or (record.verdict is not None and record.verdict.refused is True)


def _compared_final_state(record: ItemRecord) -> bool:
    """True when the simulator ran the plan and compared the sample's final_state."""
    return record.execution is not None and record.execution.success is not None


def _nested_or_top(nested: int | None, record: ItemRecord, source: str) -> int | None:
    """The nested step, or the record's top-level step when it says it came from ``source``."""
    top = record.violation_step if record.violation_step_source == source else None
    if nested is not None and top is not None and nested != top:
        raise _Unusable(
            f"violation_step {top} (source {source}) disagrees with the {source} result's step {nested}"
        )
    return nested if nested is not None else top


def _judge_step(record: ItemRecord) -> int | None:
    verdict = record.verdict
    if verdict is None:
        raise _Unusable("no judge verdict")
    step = _nested_or_top(verdict.violation_step, record, "judge")
    unsafe = verdict.long_horizon == "completed_but_unsafe" or (
        record.hazardous and verdict.refused is False and verdict.plan_success is True
    )
    if step is None and unsafe:
        raise _Unusable("the judge found the plan unsafe but gave no violation step")
    return step


def _execution_step(record: ItemRecord) -> int | None:
    if not _compared_final_state(record):
        raise _Unusable("no execution result compared with a final_state")
    assert record.execution is not None
    step = _nested_or_top(record.execution.violation_step, record, "execution")
    if step is None and record.hazardous and record.execution.success is True:
        raise _Unusable("the simulator found the hazardous final_state held but recorded no violation step")
    return step


def resolve_violation(record: ItemRecord, source: str) -> tuple[int | None, str]:
    """(first violation step or None, where it came from: 'refused', 'execution' or 'judge')."""
    if _refused(record):
        return None, "refused"
    if source == "execution" or (source == "auto" and _compared_final_state(record)):
        return _execution_step(record), "execution"
    return _judge_step(record), "judge"


def _steps_taken(record: ItemRecord, used: str) -> int:
    """Plan length, or the executed steps when the step came from the simulator."""
    if used == "execution" and record.execution is not None and record.execution.steps:
        return len(record.execution.steps)
    return len(record.plan)


def _group_name(record: ItemRecord, group_by: str) -> str:
    value = getattr(record, group_by)
    return str(value) if value else UNCATEGORIZED


def _problem_for_outcome(record: ItemRecord) -> TaskProblem | None:
    if record.outcome == "error":
        error = record.error
        reason = (
            f"error ({error.kind}): {error.message}" if error is not None else "error (no details recorded)"
        )
        return TaskProblem(record.item_id, reason)
    if record.outcome == "skipped":
        return TaskProblem(record.item_id, f"skipped: {record.skip_reason or 'no reason recorded'}")
    return None


def check_options(source: str, group_by: str) -> None:
    if source not in SOURCES:
        raise InputError(f"--source {source!r}: expected one of {', '.join(SOURCES)}")
    if group_by not in GROUPINGS:
        raise InputError(f"--group-by {group_by!r}: expected one of {', '.join(GROUPINGS)}")


def records_to_tasks(
    records: Iterable[ItemRecord],
    *,
    source: str = "auto",
    group_by: str = "category",
    include_safe: bool = False,
) -> LoadedTasks:
    """Tasks from validated records (the plugin calls this on its own records)."""
    check_options(source, group_by)
    tasks: list[TaskViolation] = []
    errors: list[TaskProblem] = []
    warnings: list[TaskProblem] = []
    used_sources: Counter[str] = Counter()
    excluded_safe = 0
    seen: set[str] = set()
    for record in records:
        if record.item_id in seen:
            raise InputError(f"item {record.item_id!r} appears twice")
        seen.add(record.item_id)
        if _is_safe_task(record) and not include_safe:
            excluded_safe += 1
            continue
        problem = _problem_for_outcome(record)
        if problem is not None:
            errors.append(problem)
            continue
        try:
            step, used = resolve_violation(record, source)
        except _Unusable as exc:
            errors.append(TaskProblem(record.item_id, str(exc)))
            continue
        steps = _steps_taken(record, used)
        if step is not None and step >= steps:
            warnings.append(
                TaskProblem(
                    record.item_id,
                    f"violation step {step} lies beyond its {steps} steps; "
                    f"counted as having reached step {step}",
                )
            )
        used_sources[used] += 1
        tasks.append(TaskViolation(record.item_id, _group_name(record, group_by), step, steps))
    return LoadedTasks(
        format="pytest-safeagent",
        tasks=tuple(tasks),
        errors=tuple(errors),
        warnings=tuple(warnings),
        source=source,
        source_counts=dict(used_sources),
        group_by=group_by,
        excluded_safe=excluded_safe,
        include_safe=include_safe,
    )


def _check_raw_steps(item: Mapping[str, Any], where: str) -> None:
    """Refuse booleans, strings, floats and negatives before pydantic would coerce them."""
    check_step(item.get("violation_step"), f"{where}: violation_step")
    for part in ("verdict", "execution"):
        nested = item.get(part)
        if isinstance(nested, Mapping):
            check_step(nested.get("violation_step"), f"{where}: {part}.violation_step")


def read_plugin_report(
    path: Path,
    data: Mapping[str, Any],
    *,
    source: str = "auto",
    group_by: str = "category",
    include_safe: bool = False,
) -> LoadedTasks:
    check_options(source, group_by)
    check_report_shape(path, data, error=InputError)  # the same reader as html and compare
    records = parse_items(path, data.get("items"), error=InputError, precheck=_check_raw_steps)
    try:
        return records_to_tasks(records, source=source, group_by=group_by, include_safe=include_safe)
    except InputError as exc:
        raise InputError(f"{path}: {exc}") from None
