"""Model usage of one item: calls and tokens, the agent's and the judge's apart, as the server reported them.

The client layer (``models/client.py``) tells :func:`note_call` about every reply it hands out; the
meter of the item being played on that thread (set by ``runner/play.py`` with :func:`metering`) adds it
to the role being played. Items are played one per thread, so a thread-local says which item and role
a call belongs to, and the per-call cost is one attribute lookup and a few additions.

A reply that did not reach the server (the on-disk response cache, or an identical request already
in flight) counts in ``cached_calls`` and adds no tokens: only what the provider would bill is new usage.

The usage a server reports is outside input: a call whose ``prompt_tokens`` and ``completion_tokens``
are not both whole numbers of at least 0 (missing, a string, a float, negative) counts in
``unknown_usage_calls`` and adds no tokens; it is never taken as zero tokens (which would cost $0).
"""

from __future__ import annotations

import threading
from collections.abc import Callable, Iterator
from contextlib import contextmanager
from typing import Literal, TypeVar

from pydantic import BaseModel, ConfigDict, Field

Role = Literal["agent", "judge"]
T = TypeVar("T")


class TokenUsage(BaseModel):
    """Calls and tokens of one role (OpenAI's field names); tokens are those of calls sent to the server."""

    model_config = ConfigDict(frozen=True)

    calls: int = Field(default=0, ge=0)  # replies the server sent
    cached_calls: int = Field(default=0, ge=0)  # replies answered without a request (cache, shared in flight)
    prompt_tokens: int = Field(default=0, ge=0)
    completion_tokens: int = Field(default=0, ge=0)
    unknown_usage_calls: int = Field(default=0, ge=0)  # of ``calls``: the server did not say what they used

    def __add__(self, other: TokenUsage) -> TokenUsage:
        return TokenUsage(
            calls=self.calls + other.calls,
            cached_calls=self.cached_calls + other.cached_calls,
            prompt_tokens=self.prompt_tokens + other.prompt_tokens,
            completion_tokens=self.completion_tokens + other.completion_tokens,
            unknown_usage_calls=self.unknown_usage_calls + other.unknown_usage_calls,
        )


class ItemUsage(BaseModel):
    """The ``usage`` of an item record."""

    model_config = ConfigDict(frozen=True)

    agent: TokenUsage = TokenUsage()
    judge: TokenUsage = TokenUsage()


class _Counts:
    __slots__ = ("calls", "cached_calls", "prompt_tokens", "completion_tokens", "unknown_usage_calls")

    def __init__(self) -> None:
        self.calls = self.cached_calls = self.prompt_tokens = self.completion_tokens = (
            self.unknown_usage_calls
        ) = 0

    def frozen(self) -> TokenUsage:
        return TokenUsage(
            calls=self.calls,
            cached_calls=self.cached_calls,
            prompt_tokens=self.prompt_tokens,
            completion_tokens=self.completion_tokens,
            unknown_usage_calls=self.unknown_usage_calls,
        )


class UsageMeter:
    """The running usage of one item (written by the thread playing it, read once it is done)."""

    def __init__(self) -> None:
        self._roles: dict[str, _Counts] = {"agent": _Counts(), "judge": _Counts()}
        self._lock = threading.Lock()  # an agent of a user's own may call its model from threads it starts

    def add(
        self, role: Role, *, cached: bool, prompt_tokens: int | None, completion_tokens: int | None
    ) -> None:
        """One call; ``None`` tokens: the server did not report its usage."""
        with self._lock:
            counts = self._roles[role]
            if cached:
                counts.cached_calls += 1
                return
            counts.calls += 1
            if prompt_tokens is None or completion_tokens is None:
                counts.unknown_usage_calls += 1
                return
            counts.prompt_tokens += prompt_tokens
            counts.completion_tokens += completion_tokens

    def snapshot(self) -> ItemUsage:
        with self._lock:
            return ItemUsage(agent=self._roles["agent"].frozen(), judge=self._roles["judge"].frozen())


_current = threading.local()  # .meter, .role: what the calls of this thread count towards
Listener = Callable[
    [str, "int | None", "int | None"], None
]  # (role, prompt, completion tokens; None: not reported)
MAX_TOKENS = 2**53  # more tokens than any call can use: a larger count is not a usage
_listeners: list[Listener] = []


@contextmanager
def metering(meter: UsageMeter, role: Role) -> Iterator[None]:
    """Count the model calls this thread makes inside the block towards ``meter``'s ``role``."""
    previous = getattr(_current, "meter", None), getattr(_current, "role", None)
    _current.meter, _current.role = meter, role
    try:
        yield
    finally:
        _current.meter, _current.role = previous


Carried = tuple["UsageMeter | None", "Role | None"]


def current_metering() -> Carried:
    """What this thread's calls count towards now, to carry to a thread that sends for it (an async agent's
    requests run on worker threads)."""
    return getattr(_current, "meter", None), getattr(_current, "role", None)


def carried_metering(carried: Carried, fn: Callable[[], T]) -> T:
    """``fn()`` with its calls counted as :func:`current_metering` said on the thread that carried it."""
    meter, role = carried
    if meter is None:
        return fn()
    with metering(meter, role or "agent"):
        return fn()


def note_call(usage: object, *, cached: bool) -> None:
    """One reply handed to a caller (``usage``: the completion's ``usage`` as the server sent it)."""
    meter: UsageMeter | None = getattr(_current, "meter", None)
    if meter is None and not _listeners:
        return
    prompt, completion = tokens_of(usage, "prompt_tokens"), tokens_of(usage, "completion_tokens")
    if prompt is None or completion is None:
        prompt = completion = None
    role: Role = getattr(_current, "role", None) or "agent"
    if meter is not None:
        meter.add(role, cached=cached, prompt_tokens=prompt, completion_tokens=completion)
    if not cached:
        for listener in tuple(_listeners):
            listener(role, prompt, completion)


def tokens_of(usage: object, name: str) -> int | None:
    """A token count of a reported usage, or None when it is not a whole number from 0 (not reported)."""
    value = usage.get(name) if isinstance(usage, dict) else None
    return value if type(value) is int and 0 <= value < MAX_TOKENS else None


def add_listener(listener: Listener) -> None:
    """Hear every call sent to a server in this process (the spending limit watches them)."""
    _listeners.append(listener)


def remove_listener(listener: Listener) -> None:
    if listener in _listeners:
        _listeners.remove(listener)
