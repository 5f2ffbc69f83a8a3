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
items) is played there, inline, as before. ``--dist loadscope|loadfile|loadgroup|worksteal`` use the
same partition, ``--dist each`` is refused (plugin/other_plugins.py).

Stopping (-x, --maxfail, Ctrl-C, the fail-fast stop): nothing new is submitted, queued items are
dropped, and requests waiting for a slot or a retry fail at once. A result exists only once its item
is reported, so plays that had begun but were never reported are not in the results log (a resumed
run plays them again); one summary line says how many there were.
"""

from __future__ import annotations

from collections.abc import Callable
from concurrent.futures import Future
from typing import TYPE_CHECKING, Any

import pytest

from pytest_safeagent.plugin.dispatcher import Dispatcher
from pytest_safeagent.plugin.fail_fast import DEFAULT_MAX_INFRA_ERRORS, InfraStreak
from pytest_safeagent.plugin.heap import freeze_heap
from pytest_safeagent.plugin.logging_guard import guard_logger_registry
from pytest_safeagent.plugin.xdist_partition import PARTITION_WORKERINPUT_KEY, worker_share_of

if TYPE_CHECKING:
    from pytest_safeagent.runner.play import ItemParts, Played

PLAY_AHEAD_PLUGIN = "safeagent-play-ahead"


class PlayAhead:
    """Registered in every process that plays benchmark items (not on the xdist controller).

    ``plays(item)`` says whether an item is a benchmark item (they have ``sample`` and ``strategy``).
    """

    def __init__(
        self,
        config: pytest.Config,
        width: int,
        plays: Callable[[pytest.Item], bool],
        max_infra_errors: int = DEFAULT_MAX_INFRA_ERRORS,
    ):
        self.config = config
        self.width = width
        self._plays = plays
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
        return [item for item in share if self._plays(item)]

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

        def play(item: Any) -> Played:  # a benchmark item (``plays`` chose it): it times its own play
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

    def pytest_terminal_summary(self, terminalreporter: Any) -> None:
        unreported = self.unreported()
        if unreported:
            terminalreporter.write_line(
                f"safeagent: {unreported} item{'s were' if unreported > 1 else ' was'} being played ahead when the run "
                f"stopped and never reported: not in the results log or the report (--sab-resume plays "
                f"{'them' if unreported > 1 else 'it'} again)"
            )
