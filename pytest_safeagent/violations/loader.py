"""Open a results file, tell which format it is, and hand it to the matching reader.

A JSON object with ``items`` is this plugin's report; one with ``results`` (or the other
OS-Harm batch keys) is an OS-Harm batch judgment file. Options that do not apply to the
detected format are errors, not silently ignored.
"""

from __future__ import annotations

from pathlib import Path

from pytest_safeagent.reportfile.reader import read_json_file
from pytest_safeagent.violations.from_report import read_plugin_report
from pytest_safeagent.violations.model import InputError, LoadedTasks
from pytest_safeagent.violations.osharm import read_osharm

OSHARM_KEYS = ("results", "config", "errors", "timing", "summary")


def detect_format(path: Path, data: object) -> str:
    if not isinstance(data, dict):
        raise InputError(f"{path}: expected a JSON object at the top level, got {type(data).__name__}")
    if "items" in data:
        return "pytest-safeagent"
    if any(key in data for key in OSHARM_KEYS):
        return "os-harm"
    raise InputError(
        f"{path}: neither a pytest-safeagent JSON report (no 'items' list) "
        f"nor an OS-Harm batch judgment file (no 'results' mapping)"
    )


def load_results(
    path: str | Path,
    *,
    source: str | None = None,
    group_by: str | None = None,
    include_safe: bool = False,
    root_dir: str | Path | None = None,
) -> LoadedTasks:
    """Tasks from either format; None options take the format's default (source auto, by category)."""
    path = Path(path)
    data = read_json_file(path, error=InputError)
    kind = detect_format(path, data)
    assert isinstance(data, dict)
    if kind == "pytest-safeagent":
        if root_dir is not None:
            raise InputError("--root-dir applies only to OS-Harm batch judgment files")
        return read_plugin_report(
            path, data, source=source or "auto", group_by=group_by or "category", include_safe=include_safe
        )
    if source not in (None, "auto", "judge"):
        raise InputError(f"--source {source}: OS-Harm batch judgment files hold judge verdicts only")
    if group_by not in (None, "category"):
        raise InputError(
            f"--group-by {group_by}: OS-Harm batch judgment files group by domain (category) only"
        )
    if include_safe:
        raise InputError("--include-safe applies only to pytest-safeagent JSON reports")
    return read_osharm(path, data, root_dir=Path(root_dir) if root_dir is not None else None)
