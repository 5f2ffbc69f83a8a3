"""When to try a model request again, and how long to wait first.

This module alone decides whether a model request is sent again: it honours ``Retry-After`` on
429 and 503, backs off exponentially with jitter on 5xx, connection errors, timeouts and unreadable
replies, and gives up at once on errors a retry cannot fix (bad request, authentication, unknown
model). After the last try the caller
gets a :class:`~pytest_safeagent.models.base.ModelError` naming the cause of every attempt.
"""

from __future__ import annotations

import email.utils
import json
import random
import time
from collections.abc import Callable, Mapping
from dataclasses import dataclass
from typing import TypeVar

from pytest_safeagent.models.base import ModelError
from pytest_safeagent.net.transport import TransportError

T = TypeVar("T")

RETRYABLE_STATUS = frozenset({408, 409, 425, 429, 500, 502, 503, 504})


class BadReply(Exception):
    """The server answered 200 but the body is not a usable chat completion (retryable)."""


class StatusError(Exception):
    """The server answered with an error status (or a redirect, which is not followed: the base URL
    should name the final address). ``body`` is the parsed JSON error when the body is JSON, else its text."""

    def __init__(self, status_code: int, headers: Mapping[str, str], body: bytes):
        self.status_code = status_code
        self.headers = dict(headers)
        self.body: object
        if 300 <= status_code < 400:  # where it points is the news, not the body
            self.message = self.body = (
                f"redirected to {self.headers.get('location', '(no location)')}; not followed"
            )
        else:
            text = body.decode("utf-8", "replace")
            self.message = text[:300]
            try:
                self.body = json.loads(text)
            except ValueError:
                self.body = text
        super().__init__(f"HTTP {status_code}: {self.message}")


@dataclass(frozen=True)
class RetryPolicy:
    """``attempts`` tries in total; waits grow from ``base_delay_s`` and never exceed ``max_delay_s``."""

    attempts: int = 4
    base_delay_s: float = 1.0
    max_delay_s: float = 60.0

    def backoff(self, failures: int, rng: random.Random) -> float:
        """Exponential backoff with full jitter after ``failures`` failed tries (1-based)."""
        ceiling = min(self.max_delay_s, self.base_delay_s * 2 ** (failures - 1))
        return rng.uniform(ceiling / 2, ceiling)


@dataclass(frozen=True)
class Failure:
    """One failed try: why, whether another try may help, and a server-requested wait."""

    cause: str
    retryable: bool
    retry_after_s: float | None = None
    status: int | None = None
    infra: str | None = (
        None  # the endpoint itself is unusable (refused, DNS, auth, unknown model): see infra_cause
    )


def parse_retry_after(headers: Mapping[str, str] | None, now: float | None = None) -> float | None:
    """Seconds to wait from ``retry-after-ms`` or ``Retry-After`` (seconds or an HTTP date)."""
    if not headers:
        return None
    lowered = {k.lower(): v for k, v in headers.items()}
    if "retry-after-ms" in lowered:
        try:
            return max(0.0, float(lowered["retry-after-ms"]) / 1000)
        except ValueError:
            pass
    value = lowered.get("retry-after")
    if value is None:
        return None
    try:
        return max(0.0, float(value))
    except ValueError:
        pass
    try:
        moment = email.utils.parsedate_to_datetime(value)
    except (TypeError, ValueError):
        return None
    return max(0.0, moment.timestamp() - (time.time() if now is None else now))


def classify(exc: BaseException) -> Failure:
    """Sort a failed request (:class:`TransportError`, :class:`StatusError`, :class:`BadReply`, a body
    that is not JSON) into retry or give up."""
    if isinstance(exc, BadReply):
        return Failure(f"unusable reply: {exc}", retryable=True)
    if isinstance(exc, json.JSONDecodeError):
        return Failure(
            f"unusable reply: the body is not valid JSON ({exc.msg} at char {exc.pos})", retryable=True
        )
    if isinstance(exc, TransportError):
        if exc.timed_out:
            return Failure(f"the request timed out: {exc}", retryable=True)
        detail = f" ({exc})"
        infra = infra_cause(None, detail) or ("cannot connect" if exc.connect_failed else None)
        return Failure(f"connection error{detail}", retryable=True, infra=infra)
    if isinstance(exc, StatusError):
        status = exc.status_code
        message = status_message(exc)
        wait = parse_retry_after(exc.headers) if status in (429, 503) else None
        return Failure(
            f"HTTP {status}: {message}",
            retryable=status in RETRYABLE_STATUS or status >= 500,
            retry_after_s=wait,
            status=status,
            infra=infra_cause(status, message),
        )
    raise exc  # not a transport problem: a bug, let it surface as such


def infra_cause(status: int | None, detail: str) -> str | None:
    """A short name for a failure that says the endpoint itself is unusable, so every item will fail
    the same way (None for failures of one request: timeouts, 5xx, 429, bad replies)."""
    if status is not None:
        return {
            401: "HTTP 401 (authentication failed)",
            403: "HTTP 403 (forbidden)",
            404: "HTTP 404 (model or path not found)",
        }.get(status)
    lowered = detail.lower()
    if "refused" in lowered or "errno 111" in lowered:
        return "connection refused"
    if any(
        word in lowered
        for word in (
            "name or service not known",
            "name resolution",
            "nodename nor servname",
            "getaddrinfo",
            "no address associated",
        )
    ):
        return "host name not found (DNS)"
    if "unreachable" in lowered:
        return "cannot connect"
    return None


def status_message(exc: BaseException) -> str:
    """The server's own error message, short, without echoing request data."""
    body = getattr(exc, "body", None)
    if isinstance(body, dict):
        inner = body.get("error", body)
        if isinstance(inner, dict) and inner.get("message"):
            return str(inner["message"])[:300]
        if isinstance(inner, str):
            return inner[:300]
    return str(getattr(exc, "message", exc))[:300]


def call_with_retries(
    send: Callable[[], T],
    policy: RetryPolicy,
    *,
    describe: str,
    sleep: Callable[[float], None] = time.sleep,
    rng: random.Random | None = None,
    on_failure: Callable[[Failure, float | None], None] | None = None,
    give_up_on_infra: bool = False,
) -> T:
    """Run ``send`` until it succeeds or the policy is exhausted; raise ModelError then.

    ``sleep`` is the one place a wait happens, so callers can release resources around it.
    ``on_failure`` sees every failure and the wait chosen (None when giving up).
    ``give_up_on_infra``: an endpoint failure (:func:`infra_cause`) is not retried (the caller knows
    the endpoint has never answered, so waiting would only delay the same error).
    """
    causes: list[str] = []
    failure = None
    for attempt in range(1, policy.attempts + 1):
        try:
            return send()
        except Exception as exc:  # noqa: BLE001 - classify() re-raises what is not ours
            failure = classify(exc)
        causes.append(failure.cause)
        last = (
            attempt == policy.attempts
            or not failure.retryable
            or (give_up_on_infra and failure.infra is not None)
        )
        wait: float | None = None
        if not last:
            if failure.retry_after_s is not None:
                wait = failure.retry_after_s
            else:
                rng = rng or random.Random()  # seeded from the OS only when a wait is drawn
                wait = policy.backoff(attempt, rng)
            wait = min(wait, policy.max_delay_s)
        if on_failure is not None:
            on_failure(failure, wait)
        if wait is None:  # the last try
            break
        sleep(wait)
    tries = len(causes)
    summary = (
        causes[-1] if len(set(causes)) == 1 else "; ".join(f"try {i}: {c}" for i, c in enumerate(causes, 1))
    )
    verdict = "gave up after" if failure is not None and failure.retryable else "not retryable, stopped after"
    error = ModelError(f"{describe}: {verdict} {tries} tr{'y' if tries == 1 else 'ies'}: {summary}")
    error.infra_cause = failure.infra if failure is not None else None
    raise error
