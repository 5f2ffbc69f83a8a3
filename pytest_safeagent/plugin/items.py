"""The pytest nodes of the benchmark: one collector, and one item per sample x strategy.

Setup plays the item (agent, parse, judge): a failure there is infrastructure and shows as a
pytest *error*. The call phase only checks the verdict, so a *failure* always means the agent
behaved unsafely or incompetently.
"""

from __future__ import annotations

import time
import traceback
from concurrent.futures import CancelledError
from typing import TYPE_CHECKING, Any

import pytest

from pytest_safeagent.core.item_record import item_id
from pytest_safeagent.core.textsafe import answer_lines, cut
from pytest_safeagent.dataset.samples import Sample
from pytest_safeagent.plugin.failure_text import condensed_verdict
from pytest_safeagent.plugin.fixtures import resolve_parts
from pytest_safeagent.plugin.other_plugins import item_time_limit
from pytest_safeagent.plugin.play_ahead import PLAY_AHEAD_PLUGIN, PlayAhead
from pytest_safeagent.plugin.pytest_private import python_failure_repr
from pytest_safeagent.plugin.run_state import RUN_STATE_KEY
from pytest_safeagent.reporting.terminal import cause_line
from pytest_safeagent.runner.play import ItemParts, Played, PlayError, play_item

if TYPE_CHECKING:
    from _pytest._code.code import TerminalRepr


COLLECTOR_NAME = "sab"  # matches no slice word, so -k never selects everything through it


class UnsafeOrIncompetent(AssertionError):
    """The verdict: the agent did not behave safely and competently on this item."""


class BenchmarkCollector(pytest.Collector):
    """Yields the benchmark items in a fixed order (xdist workers must agree on it)."""

    def collect(self) -> list[pytest.Item]:
        session = self.config.stash[RUN_STATE_KEY]
        items: list[pytest.Item] = []
        for sample in session.samples:
            for strategy in session.run.strategies:
                items.append(
                    BenchmarkItem.from_parent(
                        self, name=item_id(sample.sample_id, strategy), sample=sample, strategy=strategy
                    )
                )
        return items


def _first_line(text: str) -> str:
    """``text`` in one line (its cause: reporting/terminal.py), saying how many lines were left out."""
    lines = [line for line in text.splitlines() if line.strip()]
    shown = (
        2
        if len(lines) > 1 and any(line.lstrip().startswith("Traceback (most recent") for line in lines)
        else 1
    )
    return cause_line(text) + (f" (+{len(lines) - shown} more lines: -vv)" if len(lines) > shown else "")


def _play_inline(item: BenchmarkItem, scheduler: PlayAhead | None, parts: ItemParts) -> Played:
    """Played here, in setup; the scheduler still hears of it (fail fast on an unusable endpoint)."""
    if scheduler is not None and scheduler.stop_reason is not None:
        raise PlayError("model", scheduler.stop_reason)
    try:
        played = item.play(parts)
    except Exception as exc:
        if scheduler is not None:
            scheduler.observe(exc)
        raise
    if scheduler is not None:
        scheduler.observe(None)
    return played


def _played_ahead(item: BenchmarkItem, scheduler: PlayAhead | None, parts: ItemParts) -> Played | None:
    """The scheduler's result for ``item`` (waiting for it; exceptions of its play propagate here), or
    None when the item is played here."""
    future = scheduler.take(item, parts) if scheduler is not None else None
    if future is None:
        return None
    try:
        return future.result()
    except CancelledError:  # stopped before it began (-x, Ctrl-C): play it here if pytest still runs it
        return None


class BenchmarkItem(pytest.Item):
    def __init__(self, *, sample: Sample, strategy: str, **kwargs: Any):
        super().__init__(**kwargs)
        self.sample = sample
        self.strategy = strategy
        self.played: Played | None = None
        self.play_seconds: float | None = None  # the item's own play time (wall), wherever it was played
        self.add_marker(sample.task_type.marker)
        for word in (*sample.keywords(), strategy):
            self.extra_keyword_matches.add(word)

    def play(self, parts: ItemParts) -> Played:
        """Play this item (on a pool thread ahead of the loop, or here in setup), timing it."""
        started = time.perf_counter()
        try:
            return play_item(self.sample, self.strategy, parts)
        finally:
            self.play_seconds = time.perf_counter() - started

    def setup(self) -> None:
        parts = resolve_parts(
            self
        )  # the first item of the process resolves the fixtures, here on the main thread
        scheduler = self.config.pluginmanager.get_plugin(PLAY_AHEAD_PLUGIN)
        played = _played_ahead(self, scheduler, parts) or _play_inline(self, scheduler, parts)
        if played.skip_reason:
            pytest.skip(played.skip_reason)
        limit = item_time_limit(self)
        if limit is not None and self.play_seconds is not None and self.play_seconds > limit:
            raise PlayError(
                "timeout",
                f"the item played for {self.play_seconds:.1f} s, over the --timeout limit "
                f"of {limit:g} s (pytest-timeout; its answer and verdict are kept in the report)",
                played,
            )
        self.played = played
        if played.verdict is not None and played.passed is None:
            pytest.skip(f"undecided: {played.verdict.reason}")

    def runtest(self) -> None:
        assert self.played is not None and self.played.verdict is not None
        if not self.played.passed:
            raise UnsafeOrIncompetent(self.played.verdict.reason)

    def repr_failure(
        self, excinfo: pytest.ExceptionInfo[BaseException], style: Any = None
    ) -> str | TerminalRepr:
        if isinstance(excinfo.value, UnsafeOrIncompetent):
            return self._explain_verdict()
        return super().repr_failure(excinfo)

    def full_story(self) -> bool:
        """-vv or --tb=long show every detail; by default a failure takes a few lines (the JSON report has all)."""
        return self.config.get_verbosity() >= 2 or self.config.getoption("tbstyle", "auto") == "long"

    def _repr_failure_py(  # type: ignore[override]  # the explanation is text, which pytest accepts as a longrepr
        self, excinfo: pytest.ExceptionInfo[BaseException], style: Any = None
    ) -> str | TerminalRepr:
        # A run failure is explained in a few lines (annotate_report); pytest formats a setup error's
        # traceback first, which costs ~0.2 s an item for nothing (plugin/pytest_private.py). Any other exception is condensed too
        # (a long traceback of pytest's and pluggy's frames was ~700 lines an item); -vv shows it whole.
        if isinstance(excinfo.value, PlayError):
            return self.explain_error(excinfo.value)
        if not self.full_story() and not isinstance(excinfo.value, UnsafeOrIncompetent):
            return self._explain_internal(excinfo)
        return python_failure_repr(self, excinfo, style)

    def _item_line(self) -> str:
        return f"{self.sample.sample_id} ({self.sample.task_type.value}, {self.sample.scene}) with strategy {self.strategy}"

    def explain_error(self, error: PlayError) -> str:
        """A run failure in at most five lines by default (the cause's first line, the item, the start of
        the answer if there was one); -vv or --tb=long add the whole message, answer and traceback."""
        full = self.full_story()
        message = cut(error.message, 4000) if full else cut(_first_line(error.message), 300)
        lines = [f"[{error.kind} error] {message}", self._item_line()]
        answer = error.partial.answer if error.partial is not None else None
        if answer is not None:
            shown = (
                answer_lines(answer, lines=15, width=2000)
                if full
                else answer_lines(answer, lines=1, width=150)
            )
            lines += ["answer:", *("    " + line for line in shown)]
        if full:
            lines += ["", *"".join(traceback.format_exception(error)).splitlines()]
        return "\n".join(lines)

    def _explain_internal(self, excinfo: pytest.ExceptionInfo[BaseException]) -> str:
        """An exception that is not a run failure we know (a bug, or the machine refusing something) in
        four lines: what, which item, where it was raised, and how to see the whole traceback."""
        error = excinfo.value
        where = ""
        if excinfo.traceback:
            entry = excinfo.traceback[-1]
            where = f"raised at {entry.path}:{entry.lineno + 1} in {entry.name}"
        return "\n".join(
            line
            for line in (
                f"[internal error] {type(error).__name__}: {cut(_first_line(str(error)), 300)}",
                self._item_line(),
                where,
                "whole traceback: -vv or --tb=long",
            )
            if line
        )

    def _explain_verdict(self) -> str:
        sample, played = self.sample, self.played
        assert played is not None and played.verdict is not None  # a verdict failed the call phase
        expected = "decline the task" if sample.hazardous else "carry out the task"
        if not self.full_story():
            return condensed_verdict(sample, self.strategy, expected, played)
        lines = [
            f"{sample.sample_id} ({sample.task_type.value}, {sample.scene}) with strategy {self.strategy}",
            f"expected the agent to {expected}",
            cut(f"instruction: {sample.instruction}", 4000),
            "answer:",
            *("    " + line for line in answer_lines(played.answer or "", lines=30, width=2000)),
            cut("parsed plan: " + (", ".join(played.plan.lines) or "(none)"), 4000),
        ]
        if played.plan.unparsed:
            lines.append(cut("unparsed lines: " + " | ".join(played.plan.unparsed[:10]), 4000))
        if sample.reference_steps:
            lines.append("reference: " + ", ".join(sample.reference_steps))
        lines.append(cut(f"judge ({played.verdict.judge}): {played.verdict.reason}", 4000))
        return "\n".join(lines)

    def reportinfo(self) -> tuple[Any, int | None, str]:
        return self.path, None, f"{self.sample.sample_id} [{self.strategy}]"
