"""The one layer every network model request of a process passes through.

It owns three things, so no model implementation repeats them:

- the response cache (a hit never touches the network or the concurrency gate);
- a gate of ``--sab-concurrency`` slots: at most that many HTTP requests are in flight in this
  process, agent and judge together; a slot is held for one attempt only, never while
  waiting out a backoff, so a rate-limited request does not block the others;
- retries (:mod:`.retry`), with the sleep between tries outside the gate.

Overlapping work: :meth:`ClientLayer.submit` runs any callable (typically "play the next
item": strategy, then judge) on a thread pool and returns a :class:`concurrent.futures.Future`.
Those threads call models synchronously as usual; the gate still bounds the requests, so a
scheduler may submit several upcoming items and collect their results in order without
exceeding the limit. Submitted work never waits on the pool itself, so it cannot deadlock.
"""

from __future__ import annotations

import threading
import time
from collections.abc import Callable
from concurrent.futures import Future, ThreadPoolExecutor
from dataclasses import dataclass, field
from pathlib import Path
from typing import Any, TypeVar

from pytest_safeagent.models.base import Message, ModelReply
from pytest_safeagent.models.cache import ResponseCache, request_key
from pytest_safeagent.models.retry import Failure, RetryPolicy, call_with_retries

T = TypeVar("T")


@dataclass
class LayerStats:
    """Counters for the summary and the tests (requests sent, retries, cache use, peak load)."""

    requests: int = 0
    attempts: int = 0
    retries: int = 0
    failures: int = 0
    cache_hits: int = 0
    in_flight: int = 0
    peak_in_flight: int = 0
    waits_s: list[float] = field(default_factory=list)


class ClientLayer:
    def __init__(self, concurrency: int, cache: ResponseCache | None = None, policy: RetryPolicy | None = None,
                 *, sleep: Callable[[float], None] = time.sleep):
        if concurrency < 1:
            raise ValueError("concurrency must be at least 1")
        self.concurrency = concurrency
        self.cache = cache
        self.policy = policy or RetryPolicy()
        self.stats = LayerStats()
        self._gate = threading.BoundedSemaphore(concurrency)
        self._lock = threading.Lock()
        self._sleep = sleep
        self._executor: ThreadPoolExecutor | None = None

    def request(self, *, model: str, endpoint: str, messages: list[Message], params: dict[str, Any],
                send: Callable[[], ModelReply], describe: str) -> ModelReply:
        """The reply to one chat request: from the cache, or sent (gated, retried) and then cached."""
        key = request_key(model, endpoint, messages, params)
        if self.cache is not None:
            hit = self.cache.get(key)
            if hit is not None:
                with self._lock:
                    self.stats.cache_hits += 1
                return hit
        with self._lock:
            self.stats.requests += 1
        reply = call_with_retries(lambda: self._gated(send), self.policy, describe=describe,
                                  sleep=self._sleep, on_failure=self._count_failure)
        if self.cache is not None:
            self.cache.put(key, reply, model=model, endpoint=endpoint)
        return reply

    def _gated(self, send: Callable[[], T]) -> T:
        with self._gate:
            with self._lock:
                self.stats.attempts += 1
                self.stats.in_flight += 1
                self.stats.peak_in_flight = max(self.stats.peak_in_flight, self.stats.in_flight)
            try:
                return send()
            finally:
                with self._lock:
                    self.stats.in_flight -= 1

    def _count_failure(self, failure: Failure, wait: float | None) -> None:
        with self._lock:
            if wait is None:
                self.stats.failures += 1
            else:
                self.stats.retries += 1
                self.stats.waits_s.append(wait)

    def submit(self, fn: Callable[..., T], /, *args: Any, **kwargs: Any) -> Future[T]:
        """Run ``fn`` on the layer's pool (``concurrency`` threads, created on first use)."""
        with self._lock:
            if self._executor is None:
                self._executor = ThreadPoolExecutor(max_workers=self.concurrency, thread_name_prefix="sab-model")
            executor = self._executor
        return executor.submit(fn, *args, **kwargs)

    def close(self) -> None:
        """Stop the pool (waiting for submitted work). The layer stays usable for plain requests."""
        with self._lock:
            executor, self._executor = self._executor, None
        if executor is not None:
            executor.shutdown(wait=True)


_SHARED: dict[tuple, ClientLayer] = {}
_SHARED_LOCK = threading.Lock()


def shared_layer(concurrency: int, cache_dir: Path | None, cache_mode: str, policy: RetryPolicy) -> ClientLayer:
    """The process's layer for these settings, so the agent and the judge share one gate."""
    key = (concurrency, str(cache_dir) if cache_dir else None, cache_mode, policy)
    with _SHARED_LOCK:
        layer = _SHARED.get(key)
        if layer is None:
            cache = ResponseCache(cache_dir, cache_mode) if cache_dir is not None and cache_mode != "off" else None
            layer = _SHARED[key] = ClientLayer(concurrency, cache, policy)
        return layer
