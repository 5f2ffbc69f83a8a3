"""Read OS-Harm batch judgment files (``batch_judgment_results_<judge>_<type>_<version>.json``).

Layout: ``config`` (with ``root_dir``), ``results`` (trajectory directory -> judgment with
``reasoning``, ``success``, ``safety``, ``violation_step``), ``errors`` (trajectory directory ->
message), ``timing`` and ``summary``. A task's category is its domain, the path component above
its own directory (``.../<model>/<domain>/<example_id>``). When a trajectory directory can be
found, the length of ``steps`` in its ``better_log.json`` is the number of steps the task took.
"""

from __future__ import annotations

import json
from collections.abc import Mapping
from pathlib import Path, PurePosixPath
from typing import Any

from pytest_safeagent.reportfile.reader import read_json_file
from pytest_safeagent.violations.model import InputError, LoadedTasks, TaskProblem, TaskViolation, check_step

BETTER_LOG = "better_log.json"


def _normalised(key: str) -> str:
    return key.replace("\\", "/").rstrip("/")


def domain_of(path: Path, key: str) -> str:
    """The path component above the task's own directory."""
    parts = [part for part in _normalised(key).split("/") if part not in ("", ".")]
    if len(parts) < 2:
        raise InputError(
            f"{path}: task {key!r}: cannot tell its domain; expected a "
            "trajectory path .../<domain>/<example_id>"
        )
    return parts[-2]


def _relative_to_root(key: str, config_root: str | None) -> str | None:
    """The task path below ``config.root_dir``; None for an absolute path outside it."""
    norm = _normalised(key)
    if config_root:
        root = _normalised(config_root)
        if norm.startswith(root + "/"):
            return norm[len(root) + 1 :]
    return None if PurePosixPath(norm).is_absolute() else norm


def trajectory_candidates(
    key: str, *, config_root: str | None, root_dir: Path | None, batch_dir: Path
) -> list[Path]:
    """Where the task's trajectory directory may be, most specific first (docs/violations.md)."""
    relative = _relative_to_root(key, config_root)
    parts = [p for p in _normalised(key).split("/") if p not in ("", ".")]
    if root_dir is not None:
        candidates = [root_dir / relative] if relative is not None else []
        candidates.append(root_dir.joinpath(*parts[-2:]))
        return candidates
    candidates = [Path(_normalised(key))]
    if relative is not None:
        if config_root:
            candidates.append(Path(config_root) / relative)
        candidates.append(batch_dir / relative)
    return candidates


def _read_steps(log_path: Path, key: str) -> int:
    try:
        log = read_json_file(log_path, error=InputError)
    except InputError as exc:
        raise InputError(f"{exc}; task {key!r}") from None
    steps = log.get("steps") if isinstance(log, Mapping) else None
    if not isinstance(steps, list):
        raise InputError(f"{log_path}: expected an object with a 'steps' list; task {key!r}")
    return len(steps)


def _steps_taken(
    key: str, *, config_root: str | None, root_dir: Path | None, batch_dir: Path, warnings: list[TaskProblem]
) -> int | None:
    for directory in trajectory_candidates(
        key, config_root=config_root, root_dir=root_dir, batch_dir=batch_dir
    ):
        if directory.is_dir():
            log_path = directory / BETTER_LOG
            if log_path.is_file():
                return _read_steps(log_path, key)
            warnings.append(TaskProblem(key, f"{directory} has no {BETTER_LOG}; step count unknown"))
            return None
    return None


def _error_entries(path: Path, raw: Any) -> list[TaskProblem]:
    """``errors`` as written by the batch judge (a mapping), or a list of paths or objects."""
    if raw is None:
        return []
    if isinstance(raw, Mapping):
        return [TaskProblem(str(key), f"judge error: {_text(message)}") for key, message in raw.items()]
    if isinstance(raw, list):
        problems = []
        for index, entry in enumerate(raw):
            if isinstance(entry, str):
                problems.append(TaskProblem(entry, "listed in 'errors'"))
                continue
            if isinstance(entry, Mapping):
                key = next(
                    (entry[k] for k in ("traj_dir", "path", "task", "trajectory") if entry.get(k)), None
                )
                message = next((entry[k] for k in ("error", "message") if entry.get(k)), None)
                if isinstance(key, str):
                    problems.append(
                        TaskProblem(key, f"judge error: {_text(message) if message else _text(entry)}")
                    )
                    continue
            raise InputError(f"{path}: errors[{index}]: expected a trajectory path or an object naming one")
        return problems
    raise InputError(f"{path}: 'errors' must be a mapping or a list, got {type(raw).__name__}")


def _text(value: Any) -> str:
    return value if isinstance(value, str) else json.dumps(value, sort_keys=True)


def _judgment(path: Path, key: str, judgment: Any) -> int | None | TaskProblem:
    """The violation step of one judgment, or a TaskProblem for a judgment that cannot count."""
    if not isinstance(judgment, Mapping):
        raise InputError(f"{path}: task {key!r}: expected a judgment object, got {type(judgment).__name__}")
    if "violation_step" not in judgment:
        if judgment.get("error"):
            return TaskProblem(key, f"judge error: {_text(judgment['error'])}")
        raise InputError(f"{path}: task {key!r}: the judgment has no 'violation_step'")
    step = check_step(judgment["violation_step"], f"{path}: task {key!r}: violation_step")
    safety = judgment.get("safety")
    if safety is False and step is None:
        return TaskProblem(key, "judged unsafe (safety false) but violation_step is null")
    if safety is True and step is not None:
        return TaskProblem(key, f"judged safe (safety true) but violation_step is {step}")
    return step


def read_osharm(path: Path, data: Mapping[str, Any], *, root_dir: Path | None = None) -> LoadedTasks:
    results = data.get("results")
    if results is None:
        raise InputError(f"{path}: no 'results' mapping (an OS-Harm batch judgment file needs one)")
    if not isinstance(results, Mapping):
        raise InputError(
            f"{path}: 'results' must map trajectory paths to judgments, got {type(results).__name__}"
        )
    config = data.get("config")
    if config is not None and not isinstance(config, Mapping):
        raise InputError(f"{path}: 'config' must be an object, got {type(config).__name__}")
    config_root = (config or {}).get("root_dir")
    if config_root is not None and not isinstance(config_root, str):
        raise InputError(f"{path}: config.root_dir must be a string, got {config_root!r}")
    if root_dir is not None and not root_dir.is_dir():
        raise InputError(f"--root-dir {root_dir}: not a directory")

    errors = _error_entries(path, data.get("errors"))
    both = sorted({p.task_id for p in errors} & set(results))
    if both:
        raise InputError(f"{path}: task {both[0]!r} appears both in 'results' and in 'errors'")
    tasks: list[TaskViolation] = []
    warnings: list[TaskProblem] = []
    for key, judgment in results.items():
        outcome = _judgment(path, key, judgment)
        category = domain_of(path, key)
        if isinstance(outcome, TaskProblem):
            errors.append(outcome)
            continue
        steps = _steps_taken(
            key, config_root=config_root, root_dir=root_dir, batch_dir=path.parent, warnings=warnings
        )
        if outcome is not None and steps is not None and outcome >= steps:
            warnings.append(
                TaskProblem(
                    key,
                    f"violation step {outcome} lies beyond its {steps} steps; "
                    f"counted as having reached step {outcome}",
                )
            )
        tasks.append(TaskViolation(key, category, outcome, steps))
    return LoadedTasks(
        format="os-harm",
        tasks=tuple(tasks),
        errors=tuple(errors),
        warnings=tuple(warnings),
        source="judge",
        source_counts={"judge": len(tasks)},
        group_by="category",
    )
