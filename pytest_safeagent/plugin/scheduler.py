"""Many items in flight per process: play the process's benchmark items ahead of pytest's item loop.

pytest runs items one after the other; an item's setup plays it (agent, judge, simulator), which is
mostly waiting on HTTP. The :class:`PlayAhead` plugin starts, before the loop, a pool of
``--sab-concurrency`` threads that play this process's items in collection order (at most that many
in flight, and a bounded number finished but not yet reported); each item's setup takes its result
(or waits for it). Reports therefore come out in collection order and pass/fail/error mean what they
meant: only *when* the work happens changes.

Which items a process plays: without xdist, all of them. Under xdist the plugin's own scheduler
(:class:`PartitionScheduling`, installed through ``pytest_xdist_make_scheduler``) hands worker *k* of
*n* every item whose collection index is *k* modulo *n*, all at once, and each worker computes the
same partition, so it plays ahead exactly the items it will run; no item is played twice. Any item
that reaches setup without a played result (a worker restarted after a crash was handed another's
items; another ``--dist`` mode) is played there, inline, as before.

Stopping (-x, --maxfail, Ctrl-C, the fail-fast stop): nothing new is submitted, queued items are
dropped, and requests waiting for a slot or a retry fail at once. A result exists only once its item
is reported, so plays that had begun but were never reported are not in the results log (a resumed
run plays them again); one summary line says how many there were.
"""

from __future__ import annotations

import threading
from collections import deque
from collections.abc import Callable
from concurrent.futures import Future, ThreadPoolExecutor
from dataclasses import dataclass
from typing import Any

import pytest

WORKERINPUT_KEY = "sab_partition"  # set on every worker when the controller's scheduler is ours
DEFAULT_MAX_INFRA_ERRORS = 5


class InfraStreak:
    """Counts items in a row (in the order they finish) failing with the same endpoint failure
    (connection refused, DNS, 401/403/404); names it once ``limit`` is reached (0: never)."""

    def __init__(self, limit: int):
        self.limit = limit
        self._cause: tuple[str, str] | None = None
        self._count = 0
        self._lock = threading.Lock()

    def observe(self, error: BaseException | None) -> str | None:
        cause = _endpoint_failure(error)
        with self._lock:
            if cause is None or cause != self._cause:
                self._cause, self._count = cause, (1 if cause else 0)
            else:
                self._count += 1
            if self.limit and cause is not None and self._count >= self.limit:
                what, endpoint = cause
                return (f"safeagent: stopping the run: {self._count} items in a row failed with {what} "
                        f"at {endpoint} (--sab-max-infra-errors={self.limit}); check the endpoint and its "
                        f"settings, then rerun with --sab-resume to finish the rest")
        return None


def _endpoint_failure(error: BaseException | None) -> tuple[str, str] | None:
    """(cause, endpoint) of a model failure that says the endpoint is unusable, else None."""
    seen = 0
    while error is not None and seen < 5:
        cause = getattr(error, "infra_cause", None)
        if cause:
            return cause, getattr(error, "endpoint", None) or "the endpoint"
        error, seen = error.__cause__, seen + 1
    return None


@dataclass(frozen=True)
class Played:
    """A background result: the item's Played, or the reason it is skipped."""

    played: Any = None
    skip: str | None = None


def worker_share(index: int, worker: int, workers: int) -> bool:
    """Round robin over collection indices: worker ``worker`` of ``workers`` runs index ``index``."""
    return index % workers == worker


class Dispatcher:
    """Plays items on a thread pool in the order given, at most ``width`` in flight and at most ``ahead``
    finished but not yet taken; ``take(item)`` returns an item's result (waiting for it)."""

    def __init__(self, items: list[Any], play: Callable[[Any], Played], width: int, ahead: int,
                 on_done: Callable[[BaseException | None], None] = lambda error: None):
        self._on_done = on_done
        self._queue: deque[Any] = deque(items)
        self._futures: dict[int, Future[Played]] = {}
        self._play = play
        self._width = width
        self._ahead = max(ahead, width)
        self._in_flight = 0
        self._unconsumed = 0
        self._stopped = False
        self._lock = threading.Lock()
        self._executor = ThreadPoolExecutor(max_workers=width, thread_name_prefix="sab-item")

    def start(self) -> None:
        with self._lock:
            self._fill()

    def _fill(self) -> None:  # under the lock
        while (not self._stopped and self._queue and self._in_flight < self._width
               and self._unconsumed < self._ahead):
            self._submit(self._queue.popleft())

    def _submit(self, item: Any) -> Future[Played]:  # under the lock
        self._in_flight += 1
        self._unconsumed += 1
        future = self._executor.submit(self._run, item)
        self._futures[id(item)] = future
        return future

    def _run(self, item: Any) -> Played:
        """On a pool thread: play, then make room for the next item (never under the submitter's lock)."""
        error: BaseException | None = None
        try:
            return self._play(item)
        except BaseException as exc:
            error = exc
            raise
        finally:
            with self._lock:
                self._in_flight -= 1
                self._fill()
            self._on_done(error)

    def take(self, item: Any) -> Future[Played] | None:
        """The future of ``item`` (submitted now if it was still queued), or None if this dispatcher
        does not play it (or has stopped before it began)."""
        with self._lock:
            future = self._futures.pop(id(item), None)
            if future is None and not self._stopped and item in self._queue:
                self._queue.remove(item)
                future = self._submit(item)
                self._futures.pop(id(item))
            if future is not None:
                self._unconsumed -= 1
                self._fill()
            return future

    def unreported(self) -> int:
        """Items whose play began but whose result was never taken (a stop came first)."""
        with self._lock:
            return sum(1 for future in self._futures.values() if not future.cancelled())

    def stop(self) -> None:
        """No new submissions; queued items are dropped (setup plays them inline if they still run)."""
        with self._lock:
            self._stopped = True
            self._queue.clear()
            pending = list(self._futures.values())
        for future in pending:
            future.cancel()
        self._executor.shutdown(wait=False, cancel_futures=True)


class PlayAhead:
    """Registered in every process that plays benchmark items (not on the xdist controller)."""

    def __init__(self, config: pytest.Config, width: int, max_infra_errors: int = DEFAULT_MAX_INFRA_ERRORS):
        self.config = config
        self.width = width
        self.streak = InfraStreak(max_infra_errors)
        self.stop_reason: str | None = None
        self.dispatcher: Dispatcher | None = None
        self.session: pytest.Session | None = None
        self._waiting: list[pytest.Item] | None = None  # this process's items, until the first setup starts them
        self._awaiting: dict[str, Future[Played]] = {}  # taken by an item's setup, not reported yet

    def _mine(self, items: list[pytest.Item]) -> list[pytest.Item]:
        from pytest_safeagent.plugin.items import BenchmarkItem

        workerinput = getattr(self.config, "workerinput", None)
        if workerinput is None:
            share = items
        elif workerinput.get(WORKERINPUT_KEY):
            share = [item for index, item in enumerate(items)
                     if worker_share(index, worker_number(workerinput), int(workerinput["workercount"]))]
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

    def _start(self) -> None:
        """In the first item's setup, once it has resolved the parts through the fixtures (main thread):
        play ahead when the agent may be called from several threads; otherwise every item plays inline."""
        items, self._waiting = self._waiting, None
        from pytest_safeagent.plugin.fixtures import resolved_parts

        parts = resolved_parts(self.config)
        if not items or self.stop_reason is not None or parts is None or not parts.thread_safe:
            return
        from pytest_safeagent.plugin.heap import freeze_heap
        from pytest_safeagent.plugin.items import play_in_background

        freeze_heap()  # the parts just resolved live as long as the run
        guard_logger_registry()
        self.dispatcher = Dispatcher(items, play_in_background, self.width, ahead=2 * self.width + 16,
                                     on_done=self.observe)
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

    def take(self, item: pytest.Item) -> Future[Played] | None:
        if self._waiting is not None:
            self._start()
        future = self.dispatcher.take(item) if self.dispatcher is not None else None
        if future is not None:
            self._awaiting[item.nodeid] = future  # until its deciding report (an interrupt may come first)
        return future

    @pytest.hookimpl(trylast=True)
    def pytest_runtest_logreport(self, report: pytest.TestReport) -> None:
        """-x, --maxfail or a fail-fast stop: pytest ends the loop after this item; stop playing ahead."""
        if report.when == "call" or (report.when == "setup" and not report.passed):
            self._awaiting.pop(report.nodeid, None)
        if self.dispatcher is not None and self.session is not None and (
                self.session.shouldfail or self.session.shouldstop):
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
        return self.dispatcher.unreported() + sum(1 for future in self._awaiting.values() if not future.cancelled())

    def pytest_terminal_summary(self, terminalreporter: Any) -> None:
        unreported = self.unreported()
        if unreported:
            terminalreporter.write_line(
                f"safeagent: {unreported} item{'s were' if unreported > 1 else ' was'} being played ahead when the run "
                f"stopped and never reported: not in the results log or the report (--sab-resume plays "
                f"{'them' if unreported > 1 else 'it'} again)")


class _SnapshotValues(dict):
    """A dict whose ``values()`` is a copy taken in one step (a C-level copy, atomic under the GIL)."""

    def values(self):  # type: ignore[override]
        return list(super().values())


def guard_logger_registry() -> None:
    """Let loggers be created on the play threads while pytest's main thread walks the registry.

    pytest's log capture iterates over ``logging.Logger.manager.loggerDict`` in every item's setup,
    call and teardown (to attach its handler to non-propagating loggers); a module imported or a
    logger first asked for on a play thread at that moment made the item error with "dictionary
    changed size during iteration". Iterating a snapshot of the values is what the registry needs.
    """
    import logging

    manager = logging.Logger.manager
    with logging._lock:  # the lock logging itself holds while it adds loggers
        if not isinstance(manager.loggerDict, _SnapshotValues):
            manager.loggerDict = _SnapshotValues(manager.loggerDict)


def worker_number(workerinput: dict) -> int:
    """0 for gw0, 1 for gw1, ..."""
    return int("".join(ch for ch in str(workerinput["workerid"]) if ch.isdigit()) or 0)


def partition_scheduler(config: pytest.Config, log: Any) -> Any:
    """pytest-xdist's load scheduling, except that each worker gets its round-robin share up front."""
    from xdist.scheduler import LoadScheduling

    class PartitionScheduling(LoadScheduling):
        def schedule(self) -> None:
            if self.collection is not None or not self._check_nodes_have_same_collection():
                return super().schedule()
            self.collection = next(iter(self.node2collection.values()))
            for node in self.nodes:
                share = [index for index in range(len(self.collection))
                         if worker_share(index, worker_number(node.workerinput), int(node.workerinput["workercount"]))]
                if share:
                    self.node2pending[node].extend(share)
                    node.send_runtest_some(share)
            self.pending[:] = []
            for node in self.nodes:
                node.shutdown()

    return PartitionScheduling(config, log)
