"""Simulator sessions: several independent worlds in one server, each owned by one client at a time.

A session is a world from its first reset to its close. Requests name their session with the
``X-Thor-Session`` header; requests without it use the server's default world, exactly as before
sessions existed. A backend that can make independent copies of itself (``spawn()``, the symbolic
backend) holds up to ``max_sessions`` worlds; one that cannot (the real AI2-THOR backend: one Unity
controller per server) has capacity 1, and its one session drives the default world.

Sessions idle longer than ``idle_timeout_s`` are closed the next time the table is touched, so a
client that died never holds a world for good. Ids are random, so a session id from before a
server restart is unknown afterwards (the client learns it lost the session instead of acting in
somebody else's world).
"""

from __future__ import annotations

import secrets
import time
from collections.abc import Callable
from dataclasses import dataclass
from typing import Any

from .backend import Backend, SpawningBackend

SESSION_HEADER = "X-Thor-Session"


class SessionsFull(Exception):
    """Every session slot is taken (HTTP 429)."""


class UnknownSession(Exception):
    """The session id is not open here: never opened, closed,
    reaped after idling, or from before a restart."""


@dataclass
class _Session:
    backend: Backend
    last_used: float
    opened: float


class SessionTable:
    """The open sessions of one server. Not thread safe: the app calls it under its request lock."""

    def __init__(
        self,
        default: Backend,
        *,
        max_sessions: int,
        idle_timeout_s: float,
        clock: Callable[[], float] = time.monotonic,
    ):
        if max_sessions < 1:
            raise ValueError("max_sessions must be at least 1")
        self.default = default
        self.spawns = isinstance(default, SpawningBackend)
        self.capacity = max_sessions if self.spawns else 1
        self.idle_timeout_s = idle_timeout_s
        self._clock = clock
        self._open: dict[str, _Session] = {}
        self.reaped = 0
        self.opened = 0
        self.peak_open = 0  # most sessions open at once

    def reap(self) -> None:
        """Close sessions idle past the timeout."""
        now = self._clock()
        for session_id, session in list(self._open.items()):
            if now - session.last_used > self.idle_timeout_s:
                self._drop(session_id)
                self.reaped += 1

    def open(self) -> str:
        self.reap()
        if len(self._open) >= self.capacity:
            raise SessionsFull(
                f"all {self.capacity} session(s) of this server are in use; close one "
                f"(DELETE /sessions/<id>) or retry later"
            )
        backend = self.default.spawn() if isinstance(self.default, SpawningBackend) else self.default
        session_id = secrets.token_hex(8)
        now = self._clock()
        self._open[session_id] = _Session(backend, now, now)
        self.opened += 1
        self.peak_open = max(self.peak_open, len(self._open))
        return session_id

    def close(self, session_id: str) -> None:
        self.reap()
        if session_id not in self._open:
            raise UnknownSession(self._unknown(session_id))
        self._drop(session_id)

    def backend(self, session_id: str | None) -> Backend:
        """The world a request acts on: its session's, or the default one without a session id."""
        self.reap()
        if session_id is None:
            return self.default
        session = self._open.get(session_id)
        if session is None:
            raise UnknownSession(self._unknown(session_id))
        session.last_used = self._clock()
        return session.backend

    def describe(self) -> dict[str, Any]:
        return {
            "capacity": self.capacity,
            "open": len(self._open),
            "idle_timeout_s": self.idle_timeout_s,
            "opened": self.opened,
            "peak_open": self.peak_open,
            "reaped": self.reaped,
        }

    def _drop(self, session_id: str) -> None:
        session = self._open.pop(session_id)
        if session.backend is not self.default:
            session.backend.close()

    @staticmethod
    def _unknown(session_id: str) -> str:
        return (
            f"unknown session {session_id!r}: it was closed, idled past the timeout, or belongs to a "
            f"server that has since restarted; open a new one with POST /sessions"
        )
