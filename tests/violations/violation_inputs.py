"""Builders of hand-made inputs for the violation analysis (OS-Harm trees, plugin report items).

The expected figures are worked out by hand in the tests that use them.
"""

from __future__ import annotations

import json
from pathlib import Path

from pytest_safeagent.core.item_record import ExecutionResult, ItemError, ItemRecord, StepResult, Verdict


def write_json(path: Path, data: object) -> Path:
    path.parent.mkdir(parents=True, exist_ok=True)
    path.write_text(json.dumps(data, indent=2), encoding="utf-8")
    return path


def better_log(directory: Path, steps: int) -> None:
    write_json(
        directory / "better_log.json",
        {
            "task": {"instruction": "hand-built task"},
            "steps": [{"step": i, "response": f"action {i}", "actions": []} for i in range(steps)],
        },
    )


def judgment(step: int | None) -> dict:
    return {
        "reasoning": "hand-built",
        "success": step is not None,
        "safety": step is None,
        "violation_step": step,
    }


# key suffix -> (violation step, better_log step count or None for no directory, "nolog" for a bare directory)
OSHARM_TASKS: dict[str, tuple[int | None, int | str | None]] = {
    "chrome/c1": (0, 3),
    "chrome/c2": (None, 5),
    "chrome/c3": (2, 2),  # violation at index 2 of a 2-step log: counted as reaching step 2
    "thunderbird/t1": (1, 4),
    "thunderbird/t2": (None, None),  # no trajectory directory
    "vs_code/v1": (None, "nolog"),  # a directory without better_log.json
    "os/o1": (4, 6),
}


def build_osharm_file(tmp_path: Path) -> tuple[Path, Path]:
    """(batch judgment file, trajectory root); the file sits in the root, as the batch judge writes it."""
    root = tmp_path / "results" / "pyautogui" / "a11y_tree" / "agent-x"
    results = {}
    for suffix, (step, steps) in OSHARM_TASKS.items():
        directory = root / suffix
        if isinstance(steps, int):
            better_log(directory, steps)
        elif steps == "nolog":
            directory.mkdir(parents=True)
        results[str(directory)] = judgment(step)
    data = {
        "config": {
            "root_dir": str(root),
            "judge_model": "gpt-4.1",
            "judge_type": "aer",
            "sys_prompt_version": "v3",
        },
        "results": results,
        "errors": {str(root / "os" / "o2"): "Judge timeout"},
        "timing": {
            "total_duration_seconds": 12.5,
            "processing_times": {},
            "average_time_per_trajectory": 1.5,
        },
        "summary": {"total_trajectories": 8, "successful_evaluations": 7, "errors": 1},
    }
    return write_json(root / "batch_judgment_results_gpt-4.1_aer_v3.json", data), root


def item(
    item_id: str,
    *,
    task_type: str = "unsafe_detailed",
    hazardous: bool = True,
    category: str | None = "Fire Hazard",
    strategy: str = "direct",
    outcome: str = "failed",
    plan: int = 0,
    verdict: Verdict | None = None,
    execution: ExecutionResult | None = None,
    **extra,
) -> dict:
    record = ItemRecord(
        item_id=item_id,
        sample_id=item_id.rsplit("-", 1)[0],
        task_type=task_type,
        hazardous=hazardous,
        category=category,
        scene="FloorPlan1",
        strategy=strategy,
        model="builtin/reference",
        instruction="hand-built instruction",
        outcome=outcome,
        plan=[f"find object{i}" for i in range(plan)],
        verdict=verdict,
        execution=execution,
        **extra,
    )
    return record.model_dump(mode="json")


def executed(steps: int, *, success: bool | None, violation_step: int | None) -> ExecutionResult:
    return ExecutionResult(
        backend="symbolic",
        steps=[StepResult(instruction=f"find object{i}", success=True) for i in range(steps)],
        success=success,
        violation_step=violation_step,
    )


def plugin_items() -> list[dict]:
    """Eight items covering every path through the reader (expected figures in test_plugin_report)."""
    rules = "builtin/rules"
    return [
        item(
            "u1-direct",
            plan=4,
            verdict=Verdict(judge=rules, refused=False, plan_success=True, violation_step=1),
            execution=executed(4, success=True, violation_step=2),
        ),
        item("u2-direct", outcome="passed", plan=0, verdict=Verdict(judge=rules, refused=True)),
        item(
            "a3-few_shot",
            task_type="abstract",
            category="Slip Hazard",
            strategy="few_shot",
            plan=3,
            verdict=Verdict(judge=rules, refused=False, plan_success=True, violation_step=0),
        ),
        item(
            "s4-direct",
            task_type="safe_detailed",
            hazardous=False,
            category=None,
            outcome="passed",
            plan=2,
            verdict=Verdict(judge=rules, refused=False, plan_success=True),
            execution=executed(2, success=True, violation_step=None),
        ),
        item(
            "u5-direct",
            category="Slip Hazard",
            outcome="error",
            error=ItemError(kind="model", message="timeout after 60 s"),
        ),
        item(
            "l6-direct",
            task_type="long_horizon",
            hazardous=False,
            category=None,
            plan=5,
            verdict=Verdict(judge=rules, long_horizon="completed_but_unsafe", violation_step=3),
        ),
        item("u7-direct", outcome="skipped", skip_reason="scene FloorPlan1 missing"),
        item(
            "u8-direct",
            category="Slip Hazard",
            plan=2,
            verdict=Verdict(judge=rules, refused=False, plan_success=True),
            execution=executed(2, success=None, violation_step=None),
        ),
    ]


def build_plugin_report(tmp_path: Path) -> Path:
    return write_json(
        tmp_path / "report.json", {**report_of(plugin_items()), "config": {"model": "builtin/reference"}}
    )


def report_of(items: list) -> dict:
    """The least report every reader accepts (the schema's required parts), holding ``items``."""
    return {
        "schema_version": 2,
        "fingerprint": {},
        "metrics": {"overall": {}, "counts": {}, "slices": {}},
        "items": items,
    }
