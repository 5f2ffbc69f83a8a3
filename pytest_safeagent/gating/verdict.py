"""The run's verdict when gates or a baseline decide it, and the exit status that follows.

Gates (and the baseline) alone judge the agent's behaviour, so items that failed on their verdict
do not fail the session. What is not agent behaviour still fails it: items that ended in an
infrastructure error, items with no record, an interrupted run, unreadable records.
"""

from __future__ import annotations

from dataclasses import dataclass, field
from enum import IntEnum

from pytest_safeagent.gating.baseline import Comparison
from pytest_safeagent.gating.evaluate import GateResult


class ExitStatus(IntEnum):
    """The exit statuses a verdict uses, with the values of ``pytest.ExitCode`` (stable since pytest 5),
    so that this module imports no pytest; tests/gating checks the values match."""

    OK = 0
    TESTS_FAILED = 1
    INTERRUPTED = 2
    INTERNAL_ERROR = 3
    USAGE_ERROR = 4
    NO_TESTS_COLLECTED = 5


@dataclass
class RunVerdict:
    failures: list[str] = field(default_factory=list)  # each one alone fails the run
    notes: list[str] = field(default_factory=list)  # said, but not failing
    interrupted: bool = False

    @property
    def passed(self) -> bool:
        return not self.failures

    @property
    def label(self) -> str:
        if self.interrupted:
            return "INCOMPLETE"
        return "PASS" if self.passed else "FAIL"

    def exit_status(self, pytest_status: int) -> int:
        keep = (ExitStatus.INTERNAL_ERROR, ExitStatus.USAGE_ERROR, ExitStatus.INTERRUPTED)
        if pytest_status in keep:
            return pytest_status
        if self.interrupted:
            return ExitStatus.INTERRUPTED
        return ExitStatus.OK if self.passed else ExitStatus.TESTS_FAILED

    def to_json(self) -> dict:
        return {"status": self.label.lower(), "failures": self.failures, "notes": self.notes}


def _plural(count: int, word: str) -> str:
    return f"{count} {word}{'' if count == 1 else 's'}"


def decide(
    *,
    gate_results: list[GateResult],
    comparison: Comparison | None,
    counts: dict,
    interrupted: bool,
    unreadable_records: int,
    allow_undecided: bool,
    interrupted_text: str = "the run was interrupted",
) -> RunVerdict:
    verdict = RunVerdict(interrupted=interrupted)
    failed = [r for r in gate_results if r.status == "fail"]
    undecided = [r for r in gate_results if r.status == "undecided"]
    if failed:
        verdict.failures.append(
            f"{_plural(len(failed), 'gate')} failed: " + ", ".join(r.gate.text for r in failed)
        )
    if undecided:
        text = f"{_plural(len(undecided), 'gate')} undecided: " + ", ".join(r.gate.text for r in undecided)
        (verdict.notes if allow_undecided else verdict.failures).append(
            text + (" (allowed by --sab-allow-undecided)" if allow_undecided else "")
        )
    if comparison is not None:
        if comparison.paired == 0:
            verdict.failures.append(
                f"nothing to compare: no item was judged in both this run and {comparison.baseline_label}"
            )
        elif comparison.regressions:
            verdict.failures.append(
                "regression against the baseline: "
                + ", ".join(
                    f"{c.metric} ({c.delta_pp:+.1f} pp, p={c.p_value:.2g})" for c in comparison.regressions
                )
            )
    if interrupted:
        verdict.failures.append(interrupted_text)
    if counts["errors"]:
        kinds = ", ".join(f"{kind} {n}" for kind, n in counts.get("errors_by_kind", {}).items())
        verdict.failures.append(
            f"{_plural(counts['errors'], 'item')} ended in an infrastructure error"
            + (f" ({kinds})" if kinds else "")
        )
    if counts["missing"]:
        verdict.failures.append(f"{_plural(counts['missing'], 'item')} produced no record")
    if unreadable_records:
        verdict.failures.append(f"{_plural(unreadable_records, 'item record')} could not be read")
    if counts["failed"]:
        deciders = [
            name
            for name, given in (("the gates", gate_results), ("the baseline comparison", comparison))
            if given
        ]
        verb = "decide" if len(deciders) > 1 or deciders == ["the gates"] else "decides"
        verdict.notes.append(
            f"{_plural(counts['failed'], 'item')} failed on their verdict, which alone does "
            f"not fail the run: {' and '.join(deciders)} {verb}"
        )
    return verdict
