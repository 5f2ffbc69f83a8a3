"""The statistics against hand-computed figures and against their definitions (hypothesis)."""

from __future__ import annotations

from fractions import Fraction

import pytest
from hypothesis import given, settings
from hypothesis import strategies as st

from pytest_safeagent.violations import TaskViolation, compute_stats, render_text, stats_to_json
from pytest_safeagent.violations.text import fixed, percent

F = Fraction

# Ten tasks in three domains; every figure below is worked out by hand from this table.
EXAMPLE = [
    TaskViolation("t1", "chrome", 0, 4),
    TaskViolation("t2", "chrome", 2, 5),
    TaskViolation("t3", "chrome", None, 3),
    TaskViolation("t4", "chrome", None, 6),
    TaskViolation("t5", "os", 0, 1),
    TaskViolation("t6", "os", 3, 4),
    TaskViolation("t7", "os", None, 2),
    TaskViolation("t8", "vs_code", 2, 2),  # violated at index 2 of 2 steps: reached step 2
    TaskViolation("t9", "vs_code", None, 0),
    TaskViolation("t10", "vs_code", None, 8),
]


def test_overall_figures_by_hand():
    overall = compute_stats(EXAMPLE).overall
    assert (overall.total, overall.safe, overall.unsafe) == (10, 5, 5)
    assert overall.unsafe_share == F(1, 2)
    assert overall.average_step == F(7, 5)  # (0 + 2 + 0 + 3 + 2) / 5
    assert (overall.min_step, overall.max_step) == (0, 3)
    assert [r.step for r in overall.rows] == [0, 1, 2, 3]
    assert [r.violations for r in overall.rows] == [2, 0, 2, 1]
    assert [r.cumulative for r in overall.rows] == [2, 2, 4, 5]
    assert [overall.step_ratio(r) for r in overall.rows] == [F(1, 5), 0, F(1, 5), F(1, 10)]
    assert [overall.cumulative_ratio(r) for r in overall.rows] == [F(1, 5), F(1, 5), F(2, 5), F(1, 2)]


def test_conditional_ratio_by_hand():
    overall = compute_stats(EXAMPLE).overall
    # reach: t1 4, t2 5, t3 3, t4 6, t5 1, t6 4, t7 2, t8 max(2, 2+1)=3, t9 0, t10 8
    assert [r.reached for r in overall.rows] == [9, 8, 7, 5]
    assert [overall.conditional_ratio(r) for r in overall.rows] == [F(2, 9), 0, F(2, 7), F(1, 5)]
    assert overall.steps_known == 10


def test_categories_by_hand():
    categories = {g.name: g for g in compute_stats(EXAMPLE).categories}
    assert list(categories) == ["chrome", "os", "vs_code"]
    chrome, os_, vs_code = categories["chrome"], categories["os"], categories["vs_code"]
    assert (chrome.total, chrome.unsafe, [r.violations for r in chrome.rows]) == (4, 2, [1, 0, 1])
    assert (os_.total, os_.unsafe, [r.violations for r in os_.rows]) == (3, 2, [1, 0, 0, 1])
    assert (vs_code.total, vs_code.unsafe, [r.violations for r in vs_code.rows]) == (3, 1, [0, 0, 1])
    assert [os_.step_ratio(r) for r in os_.rows] == [F(1, 3), 0, 0, F(1, 3)]
    assert [r.cumulative for r in os_.rows] == [1, 1, 1, 2]


def test_unknown_step_counts_leave_conditional_out():
    stats = compute_stats([TaskViolation("a", "x", 1), TaskViolation("b", "x", None)])
    assert not stats.has_step_counts
    assert [r.reached for r in stats.overall.rows] == [None, None]
    assert stats.overall.conditional_ratio(stats.overall.rows[0]) is None
    assert "Conditional" not in render_text(stats)


def test_partly_known_step_counts_use_only_known_tasks():
    stats = compute_stats(
        [TaskViolation("a", "x", 0, 2), TaskViolation("b", "x", 0), TaskViolation("c", "x", None, 1)]
    )
    row = stats.overall.rows[0]
    assert (row.violations, row.known_violations, row.reached) == (2, 1, 2)
    assert stats.overall.conditional_ratio(row) == F(1, 2)


def test_empty_input():
    stats = compute_stats([])
    assert stats.overall.total == 0 and stats.overall.rows == () and stats.categories == ()
    assert stats.overall.unsafe_share == 0 and stats.overall.average_step is None


def test_duplicate_task_ids_are_refused():
    with pytest.raises(ValueError, match="'a' appears twice"):
        compute_stats([TaskViolation("a", "x", 0), TaskViolation("a", "y", None)])


@pytest.mark.parametrize("bad", [-1, True, 2.0, "3"])
def test_task_violation_refuses_non_steps(bad):
    with pytest.raises(ValueError, match="task 'a'"):
        TaskViolation("a", "x", bad)
    with pytest.raises(ValueError, match="steps_taken"):
        TaskViolation("a", "x", None, bad)


@pytest.mark.parametrize(
    ("value", "places", "text"),
    [
        (F(1, 8), 2, "0.13"),  # half-up from the exact value (float formatting gives 0.12)
        (F(1, 3), 4, "0.3333"),
        (F(2, 3), 4, "0.6667"),
        (F(0), 4, "0.0000"),
        (F(999995, 1000000), 4, "1.0000"),
        (F(7, 5), 2, "1.40"),
        (F(35, 15), 2, "2.33"),
        (F(12345, 10), 0, "1235"),
    ],
)
def test_fixed_rounds_half_up_from_the_exact_value(value, places, text):
    assert fixed(value, places) == text


def test_percent():
    assert percent(F(1, 160)) == "0.63%"
    assert percent(F(1)) == "100.00%"


# --- properties -------------------------------------------------------------------------------

task_rows = st.lists(
    st.tuples(
        st.sampled_from(["chrome", "os", "thunderbird"]),
        st.none() | st.integers(min_value=0, max_value=12),
        st.none() | st.integers(min_value=0, max_value=15),
    ),
    max_size=40,
)


def _tasks(rows):
    return [TaskViolation(f"t{i}", cat, step, steps) for i, (cat, step, steps) in enumerate(rows)]


def _groups(stats):
    return [stats.overall, *stats.categories]


@settings(max_examples=200, deadline=None, database=None)
@given(task_rows)
def test_cumulative_never_decreases_and_ends_at_the_unsafe_share(rows):
    for group in _groups(compute_stats(_tasks(rows))):
        ratios = [group.cumulative_ratio(r) for r in group.rows]
        assert ratios == sorted(ratios)
        if group.rows:
            assert ratios[-1] == group.unsafe_share
        else:
            assert group.unsafe == 0


@settings(max_examples=200, deadline=None, database=None)
@given(task_rows)
def test_step_ratios_sum_to_the_unsafe_share(rows):
    for group in _groups(compute_stats(_tasks(rows))):
        assert sum((group.step_ratio(r) for r in group.rows), F(0)) == group.unsafe_share
        assert group.safe_share + group.unsafe_share == (1 if group.total else 0)


@settings(max_examples=200, deadline=None, database=None)
@given(task_rows)
def test_rows_match_the_definitions(rows):
    tasks = _tasks(rows)
    overall = compute_stats(tasks).overall
    for row in overall.rows:
        s = row.step
        assert row.violations == sum(t.violation_step == s for t in tasks)
        assert row.cumulative == sum(t.violation_step is not None and t.violation_step <= s for t in tasks)
        known = [t for t in tasks if t.steps_taken is not None]
        if known:
            reached = [
                t
                for t in known
                if t.steps_taken > s or (t.violation_step is not None and t.violation_step >= s)
            ]
            assert row.reached == len(reached)
            ratio = overall.conditional_ratio(row)
            assert ratio is None or 0 <= ratio <= 1


@settings(max_examples=200, deadline=None, database=None)
@given(task_rows)
def test_categories_partition_the_tasks(rows):
    stats = compute_stats(_tasks(rows))
    assert sum(g.total for g in stats.categories) == stats.overall.total
    assert sum(g.unsafe for g in stats.categories) == stats.overall.unsafe


@settings(max_examples=150, deadline=None, database=None)
@given(task_rows, st.none() | st.integers(0, 14), st.none() | st.integers(0, 14))
def test_step_filter_changes_no_total(rows, min_step, max_step):
    stats = compute_stats(_tasks(rows))
    full = stats_to_json(stats)
    shown = stats_to_json(stats, min_step=min_step, max_step=max_step)
    for whole, part in [(full["overall"], shown["overall"])] + [
        (full["categories"][name], shown["categories"][name]) for name in full["categories"]
    ]:
        assert {k: v for k, v in whole.items() if k != "steps"} == {
            k: v for k, v in part.items() if k != "steps"
        }
        expected = [
            r
            for r in whole["steps"]
            if (min_step is None or r["step"] >= min_step) and (max_step is None or r["step"] <= max_step)
        ]
        assert part["steps"] == expected
    text_full = render_text(stats).splitlines()
    text_shown = render_text(stats, min_step=min_step, max_step=max_step).splitlines()
    summary = text_full[: text_full.index("## Step-Level Violation Ratios")]
    assert text_shown[: len(summary)] == summary
