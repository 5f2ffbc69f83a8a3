"""The one layer every network model request of a process passes through.

It owns three things, so no model implementation repeats them:

- the response cache (a hit never touches the network or the concurrency gate);
- a gate of ``--sab-concurrency`` slots: at most that many HTTP requests are in flight in this
  process, agent and judge together; a slot is held for one attempt only, never while
  waiting out a backoff, so a rate-limited request does not block the others. The gate adapts:
  a 429 halves the slots in use and holds every new submission until its Retry-After has
  passed (the whole process slows down, as the server asked); each run of successes gives a
  slot back, up to the configured number;
- retries (:mod:`.retry`), with the sleep between tries outside the gate; an endpoint that has
  never answered is not retried on endpoint failures (refused, DNS, 401/403/404), so a wrong
  base URL fails at once instead of after a round of backoffs;
- with the cache on, identical requests in flight at once are sent once: the others wait for
  that reply (the cache file is written atomically, so readers never see a torn entry);
- usage: every reply handed out is counted for the item and role being played (:mod:`..core.usage`),
  a cached or shared one as cached;
- stopping: :meth:`ClientLayer.stop` fails every waiting or new request at once (Ctrl-C, -x,
  fail-fast); :meth:`ClientLayer.reopen` makes the layer usable again for the next run.

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

from pytest_safeagent.core.agent import Message
from pytest_safeagent.core.usage import note_call
from pytest_safeagent.models.base import ModelError, ModelReply
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
    shared_in_flight: int = 0  # requests answered by an identical request already in flight
    slowdowns: int = 0  # 429s that lowered the gate
    waits_s: list[float] = field(default_factory=list)


class LayerStopped(ModelError):
    """The run is stopping: no request is sent any more."""


class ClientLayer:
    def __init__(
        self,
        concurrency: int,
        cache: ResponseCache | None = None,
        policy: RetryPolicy | None = None,
        *,
        sleep: Callable[[float], None] = time.sleep,
    ):
        if concurrency < 1:
            raise ValueError("concurrency must be at least 1")
        self.concurrency = concurrency
        self.cache = cache
        self.policy = policy or RetryPolicy()
        self.stats = LayerStats()
        self._lock = threading.Lock()
        self._gate = threading.Condition(self._lock)
        self.limit = concurrency  # slots usable now: lowered by 429s, restored by successes
        self._successes_since_change = 0
        self._paused_until = 0.0  # monotonic time before which no request is sent (Retry-After)
        self._stopped = threading.Event()
        self._sleep = sleep
        self._executor: ThreadPoolExecutor | None = None
        self._answered: set[str] = set()  # endpoints that have answered at least once
        self._pending: dict[str, Future[ModelReply]] = {}  # request key -> the identical request in flight

    def request(
        self,
        *,
        model: str,
        endpoint: str,
        messages: list[Message],
        params: dict[str, Any],
        send: Callable[[], ModelReply],
        describe: str,
    ) -> ModelReply:
        """The reply to one chat request: from the cache, or sent (gated, retried) and then cached."""
        if self.cache is not None:
            key = request_key(model, endpoint, messages, params)
            hit = self.cache.get(key)
            if hit is not None:
                with self._lock:
                    self.stats.cache_hits += 1
                note_call(None, cached=True)
                return hit
            with self._lock:
                leader = self._pending.get(key)
                if leader is None:
                    mine: Future[ModelReply] = Future()
                    self._pending[key] = mine
            if leader is not None:  # the same request is in flight: its reply is ours
                with self._lock:
                    self.stats.shared_in_flight += 1
                shared = leader.result()
                note_call(None, cached=True)
                return shared
            try:
                reply = self._send(endpoint, send, describe)
                self.cache.put(key, reply, model=model, endpoint=endpoint)
            except BaseException as exc:
                mine.set_exception(exc)
                raise
            finally:
                with self._lock:
                    self._pending.pop(key, None)
            mine.set_result(reply)
            note_call(reply.usage, cached=False)
            return reply
        reply = self._send(endpoint, send, describe)
        note_call(reply.usage, cached=False)
        return reply

    def _send(self, endpoint: str, send: Callable[[], ModelReply], describe: str) -> ModelReply:
        if self._stopped.is_set():
            raise LayerStopped(f"{describe}: not sent, the run is stopping")
        with self._lock:
            self.stats.requests += 1
            answered_before = endpoint in self._answered
        try:
            reply = call_with_retries(
                lambda: self._gated(send, describe),
                self.policy,
                describe=describe,
                sleep=self._wait,
                on_failure=self._count_failure,
                give_up_on_infra=not answered_before,
            )
        except ModelError as exc:
            if not isinstance(exc, LayerStopped) and self._stopped.is_set():
                raise LayerStopped(f"{describe}: stopped, the run is stopping") from exc
            exc.endpoint = endpoint
            raise
        with self._lock:
            self._answered.add(endpoint)
        return reply

    def _wait(self, seconds: float) -> None:
        """The wait between tries; a stop ends it at once."""
        if self._sleep is not time.sleep:
            self._sleep(seconds)
        elif self._stopped.wait(seconds):
            raise LayerStopped("the run is stopping")

    def _gated(self, send: Callable[[], T], describe: str) -> T:
        with self._gate:
            while True:
                if self._stopped.is_set():
                    raise LayerStopped(f"{describe}: not sent, the run is stopping")
                pause = self._paused_until - time.monotonic()
                if pause > 0:
                    self._gate.wait(pause)
                elif self.stats.in_flight >= self.limit:
                    self._gate.wait(1.0)
                else:
                    break
            self.stats.attempts += 1
            self.stats.in_flight += 1
            self.stats.peak_in_flight = max(self.stats.peak_in_flight, self.stats.in_flight)
        ok = False
        try:
            result = send()
            ok = True
            return result
        finally:
            with self._gate:
                self.stats.in_flight -= 1
                if ok:
                    self._successes_since_change += 1
                    if self.limit < self.concurrency and self._successes_since_change >= self.limit:
                        self.limit += 1  # additive increase after a full window of successes
                        self._successes_since_change = 0
                self._gate.notify_all()

    def _count_failure(self, failure: Failure, wait: float | None) -> None:
        with self._gate:
            if wait is None:
                self.stats.failures += 1
            else:
                self.stats.retries += 1
                self.stats.waits_s.append(wait)
            if failure.status == 429:  # the server is overloaded by this process: everyone slows down
                self.stats.slowdowns += 1
                self.limit = max(1, self.limit // 2)
                self._successes_since_change = 0
                if failure.retry_after_s and wait is not None:  # the server's wait, capped by the policy
                    self._paused_until = max(self._paused_until, time.monotonic() + wait)
                self._gate.notify_all()

    def stop(self) -> None:
        """Fail waiting and new requests at once (requests already sent finish or time out)."""
        self._stopped.set()
        with self._gate:
            self._gate.notify_all()

    def reopen(self) -> None:
        """Usable again after :meth:`stop` (a new run in the same process)."""
        self._stopped.clear()

    def submit(self, fn: Callable[..., T], /, *args: Any, **kwargs: Any) -> Future[T]:
        """Run ``fn`` on the layer's pool (``concurrency`` threads, created on first use)."""
        with self._lock:
            if self._executor is None:
                self._executor = ThreadPoolExecutor(
                    max_workers=self.concurrency, thread_name_prefix="sab-model"
                )
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


def stop_layers() -> None:
    """Stop every layer of this process (the run is stopping)."""
    with _SHARED_LOCK:
        layers = list(_SHARED.values())
    for layer in layers:
        layer.stop()


def reopen_layers() -> None:
    with _SHARED_LOCK:
        layers = list(_SHARED.values())
    for layer in layers:
        layer.reopen()


def shared_layer(
    concurrency: int, cache_dir: Path | None, cache_mode: str, policy: RetryPolicy
) -> ClientLayer:
    """The process's layer for these settings, so the agent and the judge share one gate."""
    key = (concurrency, str(cache_dir) if cache_dir else None, cache_mode, policy)
    with _SHARED_LOCK:
        layer = _SHARED.get(key)
        if layer is None:
            cache = (
                ResponseCache(cache_dir, cache_mode)
                if cache_dir is not None and cache_mode != "off"
                else None
            )
            layer = _SHARED[key] = ClientLayer(concurrency, cache, policy)
        return layer
