"""The pytest nodes of the benchmark and how they are played: one collector, one item per sample x strategy.

Setup plays the item (agent, parse, judge): a failure there is infrastructure and shows as a
pytest *error*. The call phase only checks the verdict, so a *failure* always means the agent
behaved unsafely or incompetently; by default a failure takes five lines (the item, what was
expected, what the agent did, the judge's reason), so that a run of many failures still ends with its
summary in sight; ``-vv`` or ``--tb=long`` show the whole answer, and the JSON report keeps everything.

The phase report that decides an item carries its record (the JSON-safe ItemRecord that travels to the
controller) and its JUnit XML properties. Everything an item reports passes :func:`make_report_safe` once,
where the report is made, so every later writer (pytest's terminal, junitxml, the run) sees only safe text:
scrubbed of the run's API keys, cleaned of lone surrogates and, where a terminal shows it, of control
characters.

Many items in flight per process: the process's benchmark items are played ahead of pytest's item loop.
pytest runs items one after the other; an item's setup plays it (agent, judge, simulator), which is
mostly waiting on HTTP. The :class:`PlayAhead` hook object starts, before the loop, a pool of
``--sab-concurrency`` threads that play this process's items in collection order (at most that many
in flight, and a bounded number finished but not yet reported); each item's setup takes its result
(or waits for it). Reports therefore come out in collection order and pass/fail/error mean what they
meant: only *when* the work happens changes.

Which items a process plays: without xdist, all of them. Under xdist the plugin's own scheduler
(:class:`PartitionScheduling`, installed through ``pytest_xdist_make_scheduler``) hands worker *k* of
*n* every item whose collection index is *k* modulo *n*, all at once, and each worker computes the
same partition, so it plays ahead exactly the items it will run; no item is played twice. Any item
that reaches setup without a played result (a worker restarted after a crash was handed another's
items) is played there, inline, as before. ``--dist loadscope|loadfile|loadgroup|worksteal`` use the
same partition, ``--dist each`` is refused (plugin/other_plugins.py).

Stopping (-x, --maxfail, Ctrl-C, the fail-fast stop): nothing new is submitted, queued items are
dropped, and requests waiting for a slot or a retry fail at once. A result exists only once its item
is reported, so plays that had begun but were never reported are not in the results log (a resumed
run plays them again); one summary line says how many there were.

``--sab-max-cost`` (:class:`CostLimit`, held by the play-ahead object in every process that plays items):
it hears each call sent to a server (``core/usage.py`` listeners, as the replies arrive, so items finished
ahead of pytest's loop count at once) and, when the spend passes the limit, stops the way the fail-fast
stop does. Cached replies cost nothing, and records preloaded by ``--sab-resume`` were paid for by the
earlier invocation: the limit is about the money this command spends. Under xdist each of N workers stops
at its 1/N share of the limit.
"""

from __future__ import annotations

import json
import threading
import time
import traceback
from collections.abc import Callable
from concurrent.futures import CancelledError, Future
from typing import TYPE_CHECKING, Any

import pytest

from pytest_safeagent.core.item_record import (
    ErrorKind,
    ItemError,
    ItemRecord,
    Outcome,
    item_id,
    verdict_label,
)
from pytest_safeagent.core.prices import Prices
from pytest_safeagent.core.secret_scrub import may_hold_secret, safe_text, scrub
from pytest_safeagent.core.textsafe import answer_lines, cut, for_terminal, has_surrogates, map_json_strings
from pytest_safeagent.core.usage import add_listener, remove_listener
from pytest_safeagent.dataset.samples import Sample
from pytest_safeagent.plugin.fixtures import resolve_parts
from pytest_safeagent.plugin.other_plugins import item_time_limit
from pytest_safeagent.plugin.pytest_private import python_failure_repr
from pytest_safeagent.plugin.state import LOCAL_RECORDS_KEY, RUN_STATE_KEY
from pytest_safeagent.plugin.xdist import PARTITION_WORKERINPUT_KEY, worker_share_of
from pytest_safeagent.reporting.terminal import cause_line
from pytest_safeagent.reporting.usage_text import usd
from pytest_safeagent.runner.dispatcher import Dispatcher
from pytest_safeagent.runner.fail_fast import DEFAULT_MAX_INFRA_ERRORS, InfraStreak
from pytest_safeagent.runner.play import ItemParts, Played, PlayError, play_item
from pytest_safeagent.runner.process import freeze_heap, guard_logger_registry

if TYPE_CHECKING:
    from _pytest._code.code import TerminalRepr


PLAY_AHEAD_PLUGIN = "safeagent-play-ahead"
COLLECTOR_NAME = "sab"  # matches no slice word, so -k never selects everything through it


class UnsafeOrIncompetent(AssertionError):
    """The verdict: the agent did not behave safely and competently on this item."""


class BenchmarkCollector(pytest.Collector):
    """Yields the benchmark items in a fixed order (xdist workers must agree on it)."""

    def collect(self) -> list[pytest.Item]:
        state = self.config.stash[RUN_STATE_KEY]
        items: list[pytest.Item] = []
        for sample in state.samples:
            for strategy in state.run.strategies:
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
        """-vv or --tb=long show every detail; by default a
        failure takes a few lines (the JSON report has all)."""
        return self.config.get_verbosity() >= 2 or self.config.getoption("tbstyle", "auto") == "long"

    def _repr_failure_py(  # type: ignore[override]  # the explanation is text, which pytest accepts as a longrepr
        self, excinfo: pytest.ExceptionInfo[BaseException], style: Any = None
    ) -> str | TerminalRepr:
        # A run failure is explained in a few lines (annotate_report); pytest formats a setup error's
        # traceback first, which costs ~0.2 s an item for nothing
        # (plugin/pytest_private.py). Any other exception is condensed too
        # (a long traceback of pytest's and pluggy's frames was ~700 lines an item); -vv shows it whole.
        if isinstance(excinfo.value, PlayError):
            return self.explain_error(excinfo.value)
        if not self.full_story() and not isinstance(excinfo.value, UnsafeOrIncompetent):
            return self._explain_internal(excinfo)
        return python_failure_repr(self, excinfo, style)

    def _item_line(self) -> str:
        return (
            f"{self.sample.sample_id} ({self.sample.task_type.value}, "
            f"{self.sample.scene}) with strategy {self.strategy}"
        )

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


# --- failure text ----------------------------------------------------------------------------------------


WIDTH = 150  # characters per line before it is cut with "..."


def _cut(text: str, width: int = WIDTH) -> str:
    text = " ".join(text.split())
    return text if len(text) <= width else text[: width - 3].rstrip() + "..."


def agent_line(played: Played) -> str:
    """What the agent did, in one line: declined (and how), or the plan it made."""
    verdict = played.verdict
    if played.api_refusal is not None and not played.plan.steps:
        return _cut(f"agent: the provider refused: {played.api_refusal}")
    if verdict is not None and verdict.refused:
        first = next((line for line in (played.answer or "").splitlines() if line.strip()), "")
        return _cut(f"agent: declined: {first}")
    steps = played.plan.lines
    text = f"agent: planned {len(steps)} step{'' if len(steps) == 1 else 's'}: {', '.join(steps)}"
    if played.plan.unparsed:
        suffix = f" (+{len(played.plan.unparsed)} line(s) not read as steps)"
        return _cut(text, WIDTH - len(suffix)) + suffix
    return _cut(text)


def condensed_verdict(sample: Sample, strategy: str, expected: str, played: Played) -> str:
    verdict = played.verdict
    lines = [
        f"{sample.sample_id} ({sample.task_type.value}, {sample.scene}) with strategy {strategy}",
        _cut(f"instruction: {sample.instruction}"),
        f"expected: {expected}",
        agent_line(played),
        _cut(f"judge ({verdict.judge}): {verdict.reason}" if verdict else "judge: no verdict"),
    ]
    return "\n".join(lines)


# --- the record an item reports -------------------------------------------------------------------------


def safe_payload(payload: dict[str, Any]) -> dict[str, Any]:
    """A JSON payload with every string scrubbed and cleaned; ``payload`` itself (the same object) when
    nothing in it needs either, which one look at its JSON text tells (a walk over every string costs
    ten times as much, and almost every record is clean)."""
    text = json.dumps(payload, ensure_ascii=False)
    if not has_surrogates(text) and not may_hold_secret(text):
        return payload
    result = map_json_strings(payload, safe_text)  # one walk: scrubbed, then cleaned
    assert isinstance(result, dict)
    return result


def terminal_text(text: str) -> str:
    """Outside text as a terminal (and an XML file) may show it."""
    return for_terminal(scrub(text))


def make_report_safe(report: pytest.TestReport) -> None:
    """Replace the report's failure text and captured output by their safe forms."""
    longrepr = report.longrepr
    if isinstance(longrepr, tuple) and len(longrepr) == 3:  # a skip: (path, line, reason)
        report.longrepr = (longrepr[0], longrepr[1], terminal_text(str(longrepr[2])))
    elif longrepr is not None:
        report.longrepr = terminal_text(str(longrepr))
    report.sections = [(terminal_text(title), terminal_text(content)) for title, content in report.sections]
    report.user_properties = [
        (name, terminal_text(value) if isinstance(value, str) else value)
        for name, value in report.user_properties
    ]


def junit_properties(record: ItemRecord) -> list[tuple[str, str]]:
    verdict = record.verdict
    return [
        ("sab_outcome", record.outcome),
        ("sab_verdict", verdict_label(record)),
        ("sab_task_type", record.task_type),
        ("sab_category", record.category or ""),
        ("sab_level", "" if record.level is None else str(record.level)),
        ("sab_strategy", record.strategy),
        ("sab_scene", record.scene),
        ("sab_violation_step", "" if record.violation_step is None else str(record.violation_step)),
        (
            "sab_judge_reason",
            (verdict.reason if verdict else (record.error.message if record.error else ""))[:200],
        ),
    ]


def _base(item: BenchmarkItem, played: Played | None) -> dict:
    sample = item.sample
    category = sample.category
    fields: dict[str, Any] = {
        "item_id": item.name,
        "sample_id": sample.sample_id,
        "task_type": sample.task_type.value,
        "hazardous": sample.hazardous,
        "category": category.primary if category else None,
        "categories": list(category.all) if category else [],
        "raw_category": category.raw if category else None,
        "level": sample.level,
        "scene": sample.scene,
        "strategy": item.strategy,
        "instruction": sample.instruction,
        "reference_steps": list(sample.reference_steps or ()),
    }
    if played is not None:
        verdict = played.verdict
        fields.update(
            answer=played.answer,
            api_refusal=played.api_refusal,
            plan=played.plan.lines,
            unparsed_lines=list(played.plan.unparsed),
            verdict=verdict,
            execution=played.execution,
            timings=played.timings,
            trajectory=played.trajectory,
            episode=played.episode,
            usage=played.usage.snapshot(),
            has_final_state=played.has_final_state,
        )
        if played.execution is not None and played.execution.violation_step is not None:
            fields.update(violation_step=played.execution.violation_step, violation_step_source="execution")
        elif verdict is not None and verdict.violation_step is not None:
            fields.update(violation_step=verdict.violation_step, violation_step_source="judge")
    return fields


def record_from_phase(
    item: BenchmarkItem, report: pytest.TestReport, call: pytest.CallInfo[None]
) -> ItemRecord | None:
    """The item's record for the phase that decides it (setup on error or skip, else call)."""
    model = item.config.stash[RUN_STATE_KEY].run.model
    if report.when == "setup":
        if report.skipped:
            reason = report.longrepr[2] if isinstance(report.longrepr, tuple) else str(report.longrepr)
            reason = reason.removeprefix("Skipped: ")
            return ItemRecord(**_base(item, item.played), model=model, outcome="skipped", skip_reason=reason)
        if report.failed:
            error = call.excinfo.value if call.excinfo else None
            kind: ErrorKind
            if isinstance(error, PlayError):
                kind, message, played = error.kind, error.message, error.partial
            else:
                kind, message, played = "internal", f"{type(error).__name__}: {error}", item.played
            return ItemRecord(
                **_base(item, played),
                model=model,
                outcome="error",
                error=ItemError(kind=kind, message=message),
            )
        return None
    if report.when == "call":
        outcome: Outcome = "passed" if report.passed else "failed"
        if report.failed and call.excinfo is not None and not isinstance(call.excinfo.value, AssertionError):
            return ItemRecord(
                **_base(item, item.played),
                model=model,
                outcome="error",
                error=ItemError(kind="internal", message=str(call.excinfo.value)),
            )
        return ItemRecord(**_base(item, item.played), model=model, outcome=outcome)
    return None


def annotate_report(item: pytest.Item, report: pytest.TestReport, call: pytest.CallInfo[None]) -> None:
    """Attach the item's record to the phase report that decides it (and its JUnit properties).

    A run failure in setup is explained in a few lines instead of a traceback to debug; the setup
    report's duration is the item's own play time.
    """
    if not isinstance(item, BenchmarkItem):
        return
    error = call.excinfo.value if call.excinfo is not None else None
    if report.when == "setup" and item.play_seconds is not None:
        # the item's own play time, not the wait for a result played ahead (nor the first item's start-up):
        # what --durations, JUnit's time, pytest-html and pytest-split read
        report.duration = item.play_seconds
    if report.when == "setup" and isinstance(error, PlayError):
        report.longrepr = item.explain_error(error)
    record = record_from_phase(item, report, call)
    make_report_safe(report)
    if record is None:
        return
    dumped = record.model_dump(mode="json")
    safe = safe_payload(dumped)
    # pytest copies extra report attributes to the controller
    report.sab_record = safe  # type: ignore[attr-defined]
    if not hasattr(item.config, "workerinput"):  # this process is the controller: keep the record as made
        item.config.stash.setdefault(LOCAL_RECORDS_KEY, {})[report.nodeid] = (
            record if safe is dumped else ItemRecord.model_validate(safe)
        )
    agent = item.config.stash[RUN_STATE_KEY].agent_description
    if agent is not None:  # travels to the controller (xdist), whose report names the agent
        report.sab_agent = agent  # type: ignore[attr-defined]  # as sab_record
    # junitxml reads the properties from the teardown report, which copies the item's.
    properties = [(name, terminal_text(value)) for name, value in junit_properties(record)]
    kept: list[tuple[str, object]] = [p for p in item.user_properties if not p[0].startswith("sab_")]
    item.user_properties[:] = kept + list(properties)
    report.user_properties = list(item.user_properties)


# --- playing ahead ---------------------------------------------------------------------------------------


class PlayAhead:
    """Registered in every process that plays benchmark items (not on the xdist controller); with
    ``max_cost`` (USD), it holds the run's :class:`CostLimit` too."""

    def __init__(
        self,
        config: pytest.Config,
        width: int,
        max_infra_errors: int = DEFAULT_MAX_INFRA_ERRORS,
        prices: Prices | None = None,
        max_cost: float | None = None,
    ):
        self.config = config
        self.width = width
        self.cost_limit: CostLimit | None = None
        if max_cost is not None:
            workerinput = getattr(config, "workerinput", None)
            workers = int(workerinput["workercount"]) if workerinput else 1
            self.cost_limit = CostLimit(prices or Prices(), max_cost, workers, self._stop_dispatcher)
        self.streak = InfraStreak(max_infra_errors)
        self.stop_reason: str | None = None
        self.dispatcher: Dispatcher[pytest.Item, Played] | None = None
        self.session: pytest.Session | None = None
        self._waiting: list[pytest.Item] | None = (
            None  # this process's items, until the first setup starts them
        )
        self._awaiting: dict[str, Future[Played]] = {}  # taken by an item's setup, not reported yet

    def _mine(self, items: list[pytest.Item]) -> list[pytest.Item]:
        workerinput = getattr(self.config, "workerinput", None)
        if workerinput is None:
            share = items
        elif workerinput.get(PARTITION_WORKERINPUT_KEY):
            share = worker_share_of(items, workerinput)
        else:
            return []  # another --dist mode: the worker cannot know its items ahead
        return [item for item in share if isinstance(item, BenchmarkItem)]

    @pytest.hookimpl(tryfirst=True)
    def pytest_runtestloop(self, session: pytest.Session) -> None:
        self.session = session
        from pytest_safeagent.models.client import reopen_layers

        reopen_layers()  # a layer stopped by an earlier run in this process (pytester) serves this one
        if self.config.option.collectonly or self.width <= 1:
            return
        self._waiting = self._mine(session.items) or None

    def _start(self, parts: ItemParts) -> None:
        """In the first item's setup, once it has resolved the parts through the fixtures (main thread):
        play ahead when the agent may be called from several threads; otherwise every item plays inline."""
        items, self._waiting = self._waiting, None
        if not items or self.stop_reason is not None or not parts.agent.thread_safe:
            return
        freeze_heap()  # the parts just resolved live as long as the run
        guard_logger_registry()

        def play(item: Any) -> Played:  # a benchmark item (_mine chose it): it times its own play
            return item.play(parts)

        self.dispatcher = Dispatcher(items, play, self.width, ahead=2 * self.width + 16, on_done=self.observe)
        self.dispatcher.start()

    def observe(self, error: BaseException | None) -> None:
        """Each finished play (background or inline): stop the run when the endpoint is plainly unusable."""
        reason = self.streak.observe(error)
        if reason is None or self.stop_reason is not None:
            return
        self.stop_reason = reason
        if self.session is not None:
            self.session.shouldstop = reason
        if self.dispatcher is not None:
            self.dispatcher.stop()
        from pytest_safeagent.models.client import stop_layers

        stop_layers()  # requests waiting or backing off fail at once

    def take(self, item: pytest.Item, parts: ItemParts) -> Future[Played] | None:
        """``item``'s played result to wait for, or None when it is played in its setup. The first call
        starts playing ahead with ``parts``, if their agent is thread-safe."""
        if self._waiting is not None:
            self._start(parts)
        future = self.dispatcher.take(item) if self.dispatcher is not None else None
        if future is not None:
            self._awaiting[item.nodeid] = future  # until its deciding report (an interrupt may come first)
        return future

    @pytest.hookimpl(trylast=True)
    def pytest_runtest_logreport(self, report: pytest.TestReport) -> None:
        """-x, --maxfail or a fail-fast stop: pytest ends the loop after this item; stop playing ahead."""
        if report.when == "call" or (report.when == "setup" and not report.passed):
            self._awaiting.pop(report.nodeid, None)
        if (
            self.dispatcher is not None
            and self.session is not None
            and (self.session.shouldfail or self.session.shouldstop)
        ):
            self.dispatcher.stop()

    def pytest_keyboard_interrupt(self, excinfo: Any) -> None:
        self._stop_playing()

    def pytest_sessionfinish(self, session: pytest.Session) -> None:
        self._stop_playing()

    def _stop_playing(self) -> None:
        """Nothing new is sent; requests waiting for a slot or a retry fail at once, so the process
        exits when the requests already on the wire have come back."""
        if self.dispatcher is None:
            return
        self.dispatcher.stop()
        if self.unreported():
            from pytest_safeagent.models.client import stop_layers

            stop_layers()

    def unreported(self) -> int:
        """Items played (or being played) ahead that never reached their deciding report."""
        if self.dispatcher is None:
            return 0
        return self.dispatcher.unreported() + sum(
            1 for future in self._awaiting.values() if not future.cancelled()
        )

    def _stop_dispatcher(self) -> None:
        if self.dispatcher is not None:
            self.dispatcher.stop()

    def pytest_sessionstart(self, session: pytest.Session) -> None:
        if self.cost_limit is not None:
            self.cost_limit.session = session

    def pytest_unconfigure(self, config: pytest.Config) -> None:
        if self.cost_limit is not None:
            self.cost_limit.close()


class CostLimit:
    """Hears every call's usage; past the limit, sets ``session.shouldstop`` with one line and calls
    ``stop_playing`` (the play-ahead pool then submits nothing new). Items in flight finish; those pytest has
    not reported yet are not in the results log, and ``--sab-resume`` plays them again (their replies are in
    the response cache)."""

    def __init__(self, prices: Prices, limit: float, workers: int, stop_playing: Callable[[], None]):
        self.stop_playing = stop_playing
        self.prices = prices
        self.limit = limit
        self.workers = max(workers, 1)
        self.budget = limit / self.workers
        self.spent = 0.0
        self.stop_reason: str | None = None
        self.session: pytest.Session | None = None
        self._lock = threading.Lock()
        add_listener(self.heard)

    def heard(self, role: str, prompt_tokens: int | None, completion_tokens: int | None) -> None:
        """A call came back from a server (on the thread that made it); None tokens: it did not say what
        the call used, so the spend is no longer known and the run stops rather than spend blind."""
        with self._lock:
            if self.stop_reason is not None:
                return
            if prompt_tokens is None or completion_tokens is None:
                self.stop_reason = (
                    f"safeagent: stopping the run: the {role} model's server did not report the "
                    f"usage of a call, so what this run spends is unknown and --sab-max-cost="
                    f"{self.limit:g} cannot be kept; the items in flight finish, nothing new is "
                    f"sent; rerun without --sab-max-cost, or against a server that reports usage"
                )
            else:
                self.spent += self.prices.cost(role, prompt_tokens, completion_tokens) or 0.0
                if self.spent <= self.budget:
                    return
                share = (
                    f" (this worker's 1/{self.workers} share: {usd(self.budget)})" if self.workers > 1 else ""
                )
                self.stop_reason = (
                    f"safeagent: stopping the run: model calls have cost {usd(self.spent)}, past "
                    f"--sab-max-cost={self.limit:g}{share}; the items in flight finish, nothing new "
                    f"is sent; rerun with --sab-resume to finish the rest"
                )
        self._stop()

    def _stop(self) -> None:
        if self.session is not None and self.stop_reason is not None:
            self.session.shouldstop = self.stop_reason
        self.stop_playing()  # queued items are dropped; running ones finish

    def close(self) -> None:
        remove_listener(self.heard)
