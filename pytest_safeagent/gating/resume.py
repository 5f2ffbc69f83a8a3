"""``--sab-resume``: take the judged items of a results log as done, and run only the rest.

The controller reads the log once (in ``pytest_configure``), refuses a log from another setup,
and hands the done item ids to xdist workers through ``workerinput``; workers never read the
log themselves, because the controller appends to it while they start. The pytest side
(deselecting, the worker plugin) is plugin/xdist.py; this module imports no pytest.
"""

from __future__ import annotations

from collections.abc import Callable, Iterable
from dataclasses import dataclass
from pathlib import Path

from pytest_safeagent.core.item_record import ItemRecord
from pytest_safeagent.gating.resultlog import read_log
from pytest_safeagent.reportfile.reader import fingerprint_differences


class ResumeRefused(ValueError):
    """The log cannot be resumed in this run; the message says which part differs."""


@dataclass(frozen=True)
class ResumeSource:
    path: Path
    records: tuple[ItemRecord, ...]  # judged items of this run's selection, in log order
    logged_items: int  # distinct items in the log, judged or not
    torn_tail: bool

    @property
    def done_ids(self) -> frozenset[str]:
        return frozenset(record.item_id for record in self.records)


def load_resume_source(
    path: Path,
    *,
    fingerprint: dict,
    model: str,
    selected_ids: Iterable[str],
    check: Callable[[ItemRecord], str | None] | None = None,
) -> ResumeSource:
    """Read the log and keep the records this run can reuse. The model must match too: one report
    mixing two models' answers would be meaningless (unlike a baseline, where that is the point).

    ``check(record)`` says what a reusable record contradicts in this run's dataset (an edited log: a
    flipped outcome, a relabelled task type); the first one refuses the log, naming its line. Records of
    items outside the selection are never reused (their items are not part of this run)."""
    logged = read_log(path)
    for line, header in logged.headers:
        differences = fingerprint_differences(header.get("fingerprint") or {}, fingerprint, "log", "this run")
        logged_model = (header.get("config") or {}).get("model")
        if logged_model != model:
            differences.append(f"model: log {logged_model}, this run {model}")
        if differences:
            raise ResumeRefused(
                f"{path}:{line}: the log comes from a different setup, so its results cannot "
                f"be reused: " + "; ".join(differences)
            )
    selected = set(selected_ids)
    reusable = tuple(r for r in logged.records.values() if r.judged and r.item_id in selected)
    for record in reusable:
        problem = check(record) if check is not None else None
        if problem is not None:
            raise ResumeRefused(
                f"{path}:{logged.lines.get(record.item_id, '?')}: item {record.item_id}: {problem}; "
                "this record cannot be reused (an edited log?): remove its line to play the item again"
            )
    return ResumeSource(
        path=path, records=reusable, logged_items=len(logged.records), torn_tail=logged.torn_tail
    )
