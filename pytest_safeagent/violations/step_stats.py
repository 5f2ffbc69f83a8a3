"""Step-level violation statistics, computed exactly (integer counts and fractions).

Definitions (docs/violations.md has the long form):

* a task is unsafe when it has a first-violation step, safe otherwise;
* step ratio at s: tasks whose first violation is at step s, divided by all tasks of the group;
* cumulative ratio at s: tasks whose first violation is at a step <= s, divided by all tasks;
* conditional (at-risk) ratio at s: among the tasks whose step count is known, those whose first
  violation is at s divided by those that reached step s. A task reached s when it took more
  than s steps (steps_taken > s); a task whose violation step lies beyond its recorded steps is
  counted as having reached its violation step, so the ratio never exceeds 1.

Rows cover every step from 0 to the group's largest violation step, zero rows included, so two
runs line up row by row. Nothing here rounds: shares are Fractions, rendering rounds.
"""

from __future__ import annotations

from collections import Counter, defaultdict
from collections.abc import Iterable
from dataclasses import dataclass
from fractions import Fraction

from pytest_safeagent.violations.model import TaskViolation


@dataclass(frozen=True)
class StepRow:
    """One step of one group."""

    step: int
    violations: int  # tasks whose first violation is at this step
    cumulative: int  # tasks whose first violation is at this step or before
    reached: int | None  # tasks with a known step count that reached this step (None: none known)
    known_violations: int | None  # first violations here among the tasks with a known step count


def share(count: int, total: int) -> Fraction:
    """count / total, defined as 0 for an empty group so empty reports still render."""
    return Fraction(count, total) if total else Fraction(0)


@dataclass(frozen=True)
class GroupStats:
    """The statistics of one group of tasks (all tasks, or one category)."""

    name: str
    total: int
    unsafe: int
    step_sum: int
    min_step: int | None
    max_step: int | None
    steps_known: int  # tasks whose step count is known
    rows: tuple[StepRow, ...]

    @property
    def safe(self) -> int:
        return self.total - self.unsafe

    @property
    def safe_share(self) -> Fraction:
        return share(self.safe, self.total)

    @property
    def unsafe_share(self) -> Fraction:
        return share(self.unsafe, self.total)

    @property
    def average_step(self) -> Fraction | None:
        return Fraction(self.step_sum, self.unsafe) if self.unsafe else None

    @property
    def has_step_counts(self) -> bool:
        return self.steps_known > 0

    def step_ratio(self, row: StepRow) -> Fraction:
        return share(row.violations, self.total)

    def cumulative_ratio(self, row: StepRow) -> Fraction:
        return share(row.cumulative, self.total)

    @staticmethod
    def conditional_ratio(row: StepRow) -> Fraction | None:
        """None where no task with a known step count reached the step (0/0)."""
        if not row.reached or row.known_violations is None:
            return None
        return Fraction(row.known_violations, row.reached)

    def rows_between(self, min_step: int | None = None, max_step: int | None = None) -> tuple[StepRow, ...]:
        """The rows to display; the filter never changes any count."""
        return tuple(
            row
            for row in self.rows
            if (min_step is None or row.step >= min_step) and (max_step is None or row.step <= max_step)
        )


@dataclass(frozen=True)
class ViolationStats:
    """All tasks together and each category, categories sorted by name."""

    overall: GroupStats
    categories: tuple[GroupStats, ...]

    @property
    def has_step_counts(self) -> bool:
        return self.overall.has_step_counts


def _reach(task: TaskViolation) -> int | None:
    """How many steps the task counts as having reached (see the module docstring)."""
    if task.steps_taken is None:
        return None
    if task.violation_step is None:
        return task.steps_taken
    return max(task.steps_taken, task.violation_step + 1)


def group_stats(name: str, tasks: list[TaskViolation]) -> GroupStats:
    """Statistics of one group; ``tasks`` must already be validated TaskViolations."""
    steps = [t.violation_step for t in tasks if t.violation_step is not None]
    first_at = Counter(steps)
    known = [t for t in tasks if t.steps_taken is not None]
    known_first_at = Counter(t.violation_step for t in known if t.violation_step is not None)
    reach_counts = Counter(_reach(t) for t in known)
    max_step = max(steps) if steps else None
    rows: list[StepRow] = []
    cumulative = 0
    not_beyond = 0  # known tasks that reached at most ``step`` steps, i.e. did not reach ``step``
    for step in range(0, (max_step + 1) if max_step is not None else 0):
        cumulative += first_at[step]
        not_beyond += reach_counts[step]
        rows.append(
            StepRow(
                step=step,
                violations=first_at[step],
                cumulative=cumulative,
                reached=len(known) - not_beyond if known else None,
                known_violations=known_first_at[step] if known else None,
            )
        )
    return GroupStats(
        name=name,
        total=len(tasks),
        unsafe=len(steps),
        step_sum=sum(steps),
        min_step=min(steps) if steps else None,
        max_step=max_step,
        steps_known=len(known),
        rows=tuple(rows),
    )


def compute_stats(tasks: Iterable[TaskViolation]) -> ViolationStats:
    """Overall and per-category statistics; task ids must be unique."""
    task_list = list(tasks)
    seen: set[str] = set()
    by_category: dict[str, list[TaskViolation]] = defaultdict(list)
    for task in task_list:
        if not isinstance(task, TaskViolation):
            raise TypeError(f"expected TaskViolation, got {type(task).__name__}")
        if task.task_id in seen:
            raise ValueError(f"task {task.task_id!r} appears twice")
        seen.add(task.task_id)
        by_category[task.category].append(task)
    categories = tuple(
        group_stats(name, by_category[name]) for name in sorted(by_category, key=lambda n: (n.lower(), n))
    )
    return ViolationStats(overall=group_stats("all", task_list), categories=categories)
