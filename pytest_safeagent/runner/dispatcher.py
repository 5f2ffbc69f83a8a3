"""A thread pool that plays items in a given order with bounded
look-ahead (the play-ahead engine of plugin/items.py)."""

from __future__ import annotations

import threading
from collections import deque
from collections.abc import Callable
from concurrent.futures import Future, ThreadPoolExecutor
from typing import Generic, TypeVar

T = TypeVar("T")  # a thing to play (an item)
R = TypeVar("R")  # what playing it gives


class Dispatcher(Generic[T, R]):
    """Plays items on a thread pool in the order given, at most ``width`` in flight and at most ``ahead``
    finished but not yet taken; ``take(item)`` returns an item's result (waiting for it)."""

    def __init__(
        self,
        items: list[T],
        play: Callable[[T], R],
        width: int,
        ahead: int,
        on_done: Callable[[BaseException | None], None] = lambda error: None,
    ):
        self._on_done = on_done
        self._queue: deque[T] = deque(items)
        self._futures: dict[int, Future[R]] = {}
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
        while (
            not self._stopped
            and self._queue
            and self._in_flight < self._width
            and self._unconsumed < self._ahead
        ):
            self._submit(self._queue.popleft())

    def _submit(self, item: T) -> Future[R]:  # under the lock
        self._in_flight += 1
        self._unconsumed += 1
        future = self._executor.submit(self._run, item)
        self._futures[id(item)] = future
        return future

    def _run(self, item: T) -> R:
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

    def take(self, item: T) -> Future[R] | None:
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
