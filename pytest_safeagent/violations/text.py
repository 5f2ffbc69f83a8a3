"""The plain-text report (a fixed layout meant for diffing two runs) and the compact terminal table.

Every figure is rounded half-up from its exact fraction (1/8 prints as 0.13, 1/160 as 0.63%),
so the report agrees with a hand computation to the last digit.
"""

from __future__ import annotations

import math
from fractions import Fraction

from pytest_safeagent.violations.model import LoadedTasks
from pytest_safeagent.violations.step_stats import GroupStats, ViolationStats

RULE = "=" * 80
STEP_HEADER = "Step       Violations       Total Tasks      Ratio            Percentage"
CUMULATIVE_HEADER = "Step       Cumulative Violations    Cumulative Ratio      Cumulative Percentage"
CONDITIONAL_HEADER = "Step       Violations       Reached Tasks    Ratio            Percentage"
CATEGORY_HEADER = "Step       Violations       Ratio            Percentage"

FORMAT_TITLES = {
    "pytest-safeagent": "pytest-safeagent JSON report",
    "os-harm": "OS-Harm batch judgment file",
}
SOURCE_TITLES = {
    "judge": "judge (the judge's first violating step)",
    "execution": "execution (first step after which the hazardous final_state held)",
    "auto": "auto (execution where the simulator compared a final_state, else judge)",
}


def fixed(value: Fraction, places: int) -> str:
    """``value`` (>= 0) with ``places`` decimals, rounded half-up from the exact value."""
    if value < 0:
        raise ValueError(f"expected a value >= 0, got {value}")
    scaled = math.floor(Fraction(value) * 10**places + Fraction(1, 2))
    if not places:
        return str(scaled)
    digits = str(scaled).rjust(places + 1, "0")
    return f"{digits[:-places]}.{digits[-places:]}"


def percent(value: Fraction) -> str:
    return f"{fixed(value * 100, 2)}%"


def _count_line(label: str, count: int, group: GroupStats) -> str:
    return f"{label}: {count} ({percent(Fraction(count, group.total) if group.total else Fraction(0))})"


def _overall(group: GroupStats) -> list[str]:
    average = group.average_step
    return [
        "## Overall Statistics",
        f"Total Tasks: {group.total}",
        _count_line("Safe Tasks", group.safe, group),
        _count_line("Unsafe Tasks", group.unsafe, group),
        "",
        "Violation Step Statistics:",
        f"  Average: {fixed(average, 2) if average is not None else 'N/A'}",
        f"  Min: {group.min_step if group.min_step is not None else 'N/A'}",
        f"  Max: {group.max_step if group.max_step is not None else 'N/A'}",
    ]


def _step_table(group: GroupStats, min_step: int | None, max_step: int | None) -> list[str]:
    lines = [
        "## Step-Level Violation Ratios",
        "(Percentage of tasks that first violated policy at each step)",
        "",
        STEP_HEADER,
        "-" * 70,
    ]
    for row in group.rows_between(min_step, max_step):
        ratio = group.step_ratio(row)
        lines.append(
            f"{row.step:<11}{row.violations:<17}{group.total:<17}{fixed(ratio, 4):<17}{percent(ratio)}"
        )
    return lines


def _cumulative_table(group: GroupStats, min_step: int | None, max_step: int | None) -> list[str]:
    lines = [
        "### Cumulative Violation Ratios",
        "(Percentage of tasks that violated by or before each step)",
        "",
        CUMULATIVE_HEADER,
        "-" * 80,
    ]
    for row in group.rows_between(min_step, max_step):
        ratio = group.cumulative_ratio(row)
        lines.append(f"{row.step:<11}{row.cumulative:<25}{fixed(ratio, 4):<22}{percent(ratio)}")
    return lines


def _conditional_table(group: GroupStats, min_step: int | None, max_step: int | None) -> list[str]:
    lines = [
        "### Conditional (At-Risk) Violation Ratios",
        "(Percentage of the tasks that reached each step which first violated policy there)",
    ]
    if group.steps_known < group.total:
        lines.append(
            f"(Step counts known for {group.steps_known} of {group.total} tasks; only those are counted here)"
        )
    lines += ["", CONDITIONAL_HEADER, "-" * 70]
    for row in group.rows_between(min_step, max_step):
        ratio = group.conditional_ratio(row)
        ratio_text = fixed(ratio, 4) if ratio is not None else "N/A"
        percent_text = percent(ratio) if ratio is not None else "N/A"
        lines.append(
            f"{row.step:<11}{row.known_violations:<17}{row.reached:<17}{ratio_text:<17}{percent_text}"
        )
    return lines


def _category(group: GroupStats, min_step: int | None, max_step: int | None) -> list[str]:
    lines = [
        f"### {group.name.upper()}",
        f"  Total: {group.total}",
        "  " + _count_line("Safe", group.safe, group),
        "  " + _count_line("Unsafe", group.unsafe, group),
        "",
        "  Step-Level Violation Ratios:",
        f"    {CATEGORY_HEADER}",
        "    " + "-" * 60,
    ]
    for row in group.rows_between(min_step, max_step):
        ratio = group.step_ratio(row)
        lines.append(f"    {row.step:<11}{row.violations:<17}{fixed(ratio, 4):<17}{percent(ratio)}")
    return lines


def _input_notes(loaded: LoadedTasks) -> list[str]:
    """The trailing sections: which source was used, what was left out and why."""
    lines: list[str] = []
    if loaded.format == "pytest-safeagent":
        lines += ["", "## Input", f"Format: {FORMAT_TITLES[loaded.format]}"]
        counts = ", ".join(f"{name} {n}" for name, n in sorted(loaded.source_counts.items()))
        lines.append(f"Violation source: {SOURCE_TITLES.get(loaded.source or '', loaded.source)}")
        lines.append(f"Tasks by source: {counts or 'none'}")
        lines.append(f"Grouped by: {loaded.group_by}")
        if loaded.include_safe:
            lines.append("Safe tasks: included (--include-safe)")
        else:
            lines.append(f"Safe tasks left out: {loaded.excluded_safe} (add --include-safe to analyse them)")
    if loaded.errors:
        lines += ["", f"## Errors ({len(loaded.errors)} tasks left out of every count above)"]
        lines += [f"  {problem.task_id}: {problem.reason}" for problem in loaded.errors]
    if loaded.warnings:
        lines += ["", f"## Warnings ({len(loaded.warnings)} tasks counted with an adjustment)"]
        lines += [f"  {problem.task_id}: {problem.reason}" for problem in loaded.warnings]
    return lines


def render_text(
    stats: ViolationStats,
    *,
    loaded: LoadedTasks | None = None,
    min_step: int | None = None,
    max_step: int | None = None,
) -> str:
    """The full report. ``min_step``/``max_step`` only hide rows; every total stays the same."""
    overall = stats.overall
    lines = [RULE, "Step-Level Policy Violation Ratio Analysis", RULE, ""]
    lines += _overall(overall)
    lines += [""] + _step_table(overall, min_step, max_step)
    lines += [""] + _cumulative_table(overall, min_step, max_step)
    if overall.has_step_counts:
        lines += [""] + _conditional_table(overall, min_step, max_step)
    lines += ["", "## Category-Level Statistics"]
    for group in stats.categories:
        lines += [""] + _category(group, min_step, max_step)
    if loaded is not None:
        lines += _input_notes(loaded)
    return "\n".join(lines) + "\n"


def compact_table(stats: ViolationStats, max_rows: int = 10) -> list[str]:
    """A short step-level and cumulative table for the pytest terminal summary."""
    if max_rows < 1:
        raise ValueError(f"max_rows must be >= 1, got {max_rows}")
    overall = stats.overall
    if not overall.unsafe:
        return [f"violation steps: none of {overall.total} tasks violated safety"]
    average = overall.average_step
    lines = [
        f"violation steps: {overall.unsafe} of {overall.total} tasks "
        f"unsafe ({percent(overall.unsafe_share)}), "
        f"first violation at step {overall.min_step}..{overall.max_step}, "
        f"average {fixed(average, 2) if average is not None else 'N/A'}",
        f"{'step':<6}{'first':<8}{'ratio':<10}{'cumulative':<12}cum. ratio",
    ]
    for row in overall.rows[:max_rows]:
        lines.append(
            f"{row.step:<6}{row.violations:<8}{percent(overall.step_ratio(row)):<10}"
            f"{row.cumulative:<12}{percent(overall.cumulative_ratio(row))}"
        )
    hidden = len(overall.rows) - max_rows
    if hidden > 0:
        lines.append(f"... {hidden} more steps (full table: sab-violations on the JSON report)")
    return lines
