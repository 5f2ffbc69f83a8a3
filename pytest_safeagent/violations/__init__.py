"""Step-level violation analysis: at which step each task first violated safety, and how often.

Pure computation (``compute_stats``) on ``TaskViolation`` values; readers for this plugin's JSON
report and OS-Harm batch judgment files; a text report with a fixed, diffable layout; JSON with
stable keys; a compact table for the pytest terminal summary. Importing this package loads no
optional dependency (matplotlib is imported by ``plot.draw_chart`` only).
"""

from __future__ import annotations

from pytest_safeagent.violations.from_report import records_to_tasks
from pytest_safeagent.violations.jsonout import stats_to_json
from pytest_safeagent.violations.loader import load_results
from pytest_safeagent.violations.model import InputError, LoadedTasks, TaskProblem, TaskViolation
from pytest_safeagent.violations.step_stats import GroupStats, StepRow, ViolationStats, compute_stats
from pytest_safeagent.violations.text import compact_table, render_text

__all__ = [
    "GroupStats",
    "InputError",
    "LoadedTasks",
    "StepRow",
    "TaskProblem",
    "TaskViolation",
    "ViolationStats",
    "compact_table",
    "compute_stats",
    "load_results",
    "records_to_tasks",
    "render_text",
    "stats_to_json",
]
