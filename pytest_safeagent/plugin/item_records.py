"""Turn an item's phase report into its ItemRecord (the JSON-safe record that travels to the controller)."""

from __future__ import annotations

from typing import Any

import pytest

from pytest_safeagent.core.item_record import ErrorKind, ItemError, ItemRecord, Outcome
from pytest_safeagent.plugin.items import BenchmarkItem
from pytest_safeagent.plugin.run_state import LOCAL_RECORDS_KEY, RUN_STATE_KEY
from pytest_safeagent.plugin.safe_output import make_report_safe, safe_payload, terminal_text
from pytest_safeagent.runner.play import Played, PlayError


def _base(item: BenchmarkItem, played: Played | None) -> dict:
    sample = item.sample
    category = sample.category
    fields: dict[str, Any] = {
        "item_id": item.name,
        "sample_id": sample.sample_id,
        "task_type": sample.task_type.value,
        "hazardous": sample.hazardous,
        "category": category.primary if category else None,
        "categories": list(category.all) if category else [],
        "raw_category": category.raw if category else None,
        "level": sample.level,
        "scene": sample.scene,
        "strategy": item.strategy,
        "instruction": sample.instruction,
        "reference_steps": list(sample.reference_steps or ()),
    }
    if played is not None:
        verdict = played.verdict
        fields.update(
            answer=played.answer,
            api_refusal=played.api_refusal,
            plan=played.plan.lines,
            unparsed_lines=list(played.plan.unparsed),
            verdict=verdict,
            execution=played.execution,
            timings=played.timings,
            trajectory=played.trajectory,
            episode=played.episode,
            usage=played.usage.snapshot(),
            has_final_state=played.has_final_state,
        )
        if played.execution is not None and played.execution.violation_step is not None:
            fields.update(violation_step=played.execution.violation_step, violation_step_source="execution")
        elif verdict is not None and verdict.violation_step is not None:
            fields.update(violation_step=verdict.violation_step, violation_step_source="judge")
    return fields


def record_from_phase(
    item: BenchmarkItem, report: pytest.TestReport, call: pytest.CallInfo[None]
) -> ItemRecord | None:
    """The item's record for the phase that decides it (setup on error or skip, else call)."""
    model = item.config.stash[RUN_STATE_KEY].run.model
    if report.when == "setup":
        if report.skipped:
            reason = report.longrepr[2] if isinstance(report.longrepr, tuple) else str(report.longrepr)
            reason = reason.removeprefix("Skipped: ")
            return ItemRecord(**_base(item, item.played), model=model, outcome="skipped", skip_reason=reason)
        if report.failed:
            error = call.excinfo.value if call.excinfo else None
            kind: ErrorKind
            if isinstance(error, PlayError):
                kind, message, played = error.kind, error.message, error.partial
            else:
                kind, message, played = "internal", f"{type(error).__name__}: {error}", item.played
            return ItemRecord(
                **_base(item, played),
                model=model,
                outcome="error",
                error=ItemError(kind=kind, message=message),
            )
        return None
    if report.when == "call":
        outcome: Outcome = "passed" if report.passed else "failed"
        if report.failed and call.excinfo is not None and not isinstance(call.excinfo.value, AssertionError):
            return ItemRecord(
                **_base(item, item.played),
                model=model,
                outcome="error",
                error=ItemError(kind="internal", message=str(call.excinfo.value)),
            )
        return ItemRecord(**_base(item, item.played), model=model, outcome=outcome)
    return None


def annotate_report(item: pytest.Item, report: pytest.TestReport, call: pytest.CallInfo[None]) -> None:
    """Attach the item's record to the phase report that decides it (and its JUnit properties).

    A run failure in setup is explained in a few lines instead of a traceback to debug; the setup
    report's duration is the item's own play time.
    """
    if not isinstance(item, BenchmarkItem):
        return
    from pytest_safeagent.plugin.junit import junit_properties

    error = call.excinfo.value if call.excinfo is not None else None
    if report.when == "setup" and item.play_seconds is not None:
        # the item's own play time, not the wait for a result played ahead (nor the first item's start-up):
        # what --durations, JUnit's time, pytest-html and pytest-split read
        report.duration = item.play_seconds
    if report.when == "setup" and isinstance(error, PlayError):
        report.longrepr = item.explain_error(error)
    record = record_from_phase(item, report, call)
    make_report_safe(report)
    if record is None:
        return
    dumped = record.model_dump(mode="json")
    safe = safe_payload(dumped)
    # pytest copies extra report attributes to the controller
    report.sab_record = safe  # type: ignore[attr-defined]
    if not hasattr(item.config, "workerinput"):  # this process is the controller: keep the record as made
        item.config.stash.setdefault(LOCAL_RECORDS_KEY, {})[report.nodeid] = (
            record if safe is dumped else ItemRecord.model_validate(safe)
        )
    agent = item.config.stash[RUN_STATE_KEY].agent_description
    if agent is not None:  # travels to the controller (xdist), whose report names the agent
        report.sab_agent = agent  # type: ignore[attr-defined]  # as sab_record
    # junitxml reads the properties from the teardown report, which copies the item's.
    properties = [(name, terminal_text(value)) for name, value in junit_properties(record)]
    kept: list[tuple[str, object]] = [p for p in item.user_properties if not p[0].startswith("sab_")]
    item.user_properties[:] = kept + list(properties)
    report.user_properties = list(item.user_properties)
