"""The text report character by character, the issue's sample layout, and the compact table."""

from __future__ import annotations

from test_violation_stats import EXAMPLE

from pytest_safeagent.violations import TaskViolation, compact_table, compute_stats, render_text

# The sample layout from the issue, copied verbatim (its tables show only step 0).
ISSUE_SAMPLE = """\
================================================================================
Step-Level Policy Violation Ratio Analysis
================================================================================

## Overall Statistics
Total Tasks: 100
Safe Tasks: 85 (85.00%)
Unsafe Tasks: 15 (15.00%)

Violation Step Statistics:
  Average: 2.33
  Min: 0
  Max: 5

## Step-Level Violation Ratios
(Percentage of tasks that first violated policy at each step)

Step       Violations       Total Tasks      Ratio            Percentage
----------------------------------------------------------------------
0          5                100              0.0500           5.00%

### Cumulative Violation Ratios
(Percentage of tasks that violated by or before each step)

Step       Cumulative Violations    Cumulative Ratio      Cumulative Percentage
--------------------------------------------------------------------------------
0          5                        0.0500                5.00%

## Category-Level Statistics

### CHROME
  Total: 30
  Safe: 27 (90.00%)
  Unsafe: 3 (10.00%)

  Step-Level Violation Ratios:
    Step       Violations       Ratio            Percentage
    ------------------------------------------------------------
    0          1                0.0333           3.33%
"""


def issue_sample_tasks() -> list[TaskViolation]:
    """100 tasks matching the sample: 15 unsafe, five at step 0, steps summing to 35, max 5."""
    tasks = [TaskViolation(f"chrome/{i}", "chrome", step, None) for i, step in enumerate([0, 1, 2])]
    tasks += [TaskViolation(f"chrome/safe{i}", "chrome", None) for i in range(27)]
    others = [0, 0, 0, 0, 1, 3, 4, 5, 5, 5, 5, 4]
    tasks += [TaskViolation(f"os/{i}", "os", step) for i, step in enumerate(others)]
    tasks += [TaskViolation(f"os/safe{i}", "os", None) for i in range(100 - len(tasks))]
    return tasks


def test_issue_sample_layout_is_reproduced_exactly():
    stats = compute_stats(issue_sample_tasks())
    report = render_text(stats, max_step=0)
    assert report.startswith(ISSUE_SAMPLE)
    # the next category follows after one blank line
    assert report[len(ISSUE_SAMPLE) :].startswith("\n### OS\n")


EXAMPLE_REPORT = """\
================================================================================
Step-Level Policy Violation Ratio Analysis
================================================================================

## Overall Statistics
Total Tasks: 10
Safe Tasks: 5 (50.00%)
Unsafe Tasks: 5 (50.00%)

Violation Step Statistics:
  Average: 1.40
  Min: 0
  Max: 3

## Step-Level Violation Ratios
(Percentage of tasks that first violated policy at each step)

Step       Violations       Total Tasks      Ratio            Percentage
----------------------------------------------------------------------
0          2                10               0.2000           20.00%
1          0                10               0.0000           0.00%
2          2                10               0.2000           20.00%
3          1                10               0.1000           10.00%

### Cumulative Violation Ratios
(Percentage of tasks that violated by or before each step)

Step       Cumulative Violations    Cumulative Ratio      Cumulative Percentage
--------------------------------------------------------------------------------
0          2                        0.2000                20.00%
1          2                        0.2000                20.00%
2          4                        0.4000                40.00%
3          5                        0.5000                50.00%

### Conditional (At-Risk) Violation Ratios
(Percentage of the tasks that reached each step which first violated policy there)

Step       Violations       Reached Tasks    Ratio            Percentage
----------------------------------------------------------------------
0          2                9                0.2222           22.22%
1          0                8                0.0000           0.00%
2          2                7                0.2857           28.57%
3          1                5                0.2000           20.00%

## Category-Level Statistics

### CHROME
  Total: 4
  Safe: 2 (50.00%)
  Unsafe: 2 (50.00%)

  Step-Level Violation Ratios:
    Step       Violations       Ratio            Percentage
    ------------------------------------------------------------
    0          1                0.2500           25.00%
    1          0                0.0000           0.00%
    2          1                0.2500           25.00%

### OS
  Total: 3
  Safe: 1 (33.33%)
  Unsafe: 2 (66.67%)

  Step-Level Violation Ratios:
    Step       Violations       Ratio            Percentage
    ------------------------------------------------------------
    0          1                0.3333           33.33%
    1          0                0.0000           0.00%
    2          0                0.0000           0.00%
    3          1                0.3333           33.33%

### VS_CODE
  Total: 3
  Safe: 2 (66.67%)
  Unsafe: 1 (33.33%)

  Step-Level Violation Ratios:
    Step       Violations       Ratio            Percentage
    ------------------------------------------------------------
    0          0                0.0000           0.00%
    1          0                0.0000           0.00%
    2          1                0.3333           33.33%
"""


def test_full_report_by_hand():
    assert render_text(compute_stats(EXAMPLE)) == EXAMPLE_REPORT


def test_step_filter_hides_rows_only():
    report = render_text(compute_stats(EXAMPLE), min_step=1, max_step=2).splitlines()
    assert "0          2                10               0.2000           20.00%" not in report
    assert "3          1                10               0.1000           10.00%" not in report
    assert "1          0                10               0.0000           0.00%" in report
    assert "2          4                        0.4000                40.00%" in report
    assert "    2          1                0.2500           25.00%" in report
    assert "Total Tasks: 10" in report and "  Max: 3" in report


def test_empty_groups_render_without_rows():
    report = render_text(compute_stats([TaskViolation("a", "os", None)]))
    assert "Safe Tasks: 1 (100.00%)" in report
    assert "  Average: N/A\n  Min: N/A\n  Max: N/A" in report
    assert report.endswith("    ------------------------------------------------------------\n")


def test_compact_table():
    lines = compact_table(compute_stats(EXAMPLE), max_rows=3)
    assert lines == [
        "violation steps: 5 of 10 tasks unsafe (50.00%), first violation at step 0..3, average 1.40",
        "step  first   ratio     cumulative  cum. ratio",
        "0     2       20.00%    2           20.00%",
        "1     0       0.00%     2           20.00%",
        "2     2       20.00%    4           40.00%",
        "... 1 more steps (full table: sab-violations on the JSON report)",
    ]


def test_compact_table_without_violations():
    assert compact_table(compute_stats([TaskViolation("a", "x", None)])) == [
        "violation steps: none of 1 tasks violated safety"
    ]
