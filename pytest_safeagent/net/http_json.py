"""JSON over HTTP/1.1 for the model and simulator clients: one kept-alive connection per sending thread.

Why not the ``openai`` SDK or httpx: at zero latency a chat completion through ``openai`` costs
0.68 ms of client CPU, through httpx 0.41 ms and through the standard library's ``http.client`` 0.18 ms
(benchmarks/throughput.py's loopback server, the planner's request, 1,500 calls each). With every item
making two or more calls and the harness bound by one interpreter's CPU at 64 calls in flight, the
difference is a fifth of the harness's time; importing ``openai`` alone took 0.3-0.6 s of start-up. The
HTTP itself stays the standard library's: this module only keeps a connection per thread, encodes and
sorts failures.

A thread sends one request at a time, so a connection of its own is never contended and stays alive
between calls (a shared pool scans its connections under one lock on every request). A kept-alive
connection the server has closed meanwhile is replaced before the next request is sent.

Reads are acknowledged at once (``TCP_QUICKACK``, Linux only): a server that writes the headers and the
body of an answer separately without ``TCP_NODELAY`` (Python's ``http.server`` and other simple servers)
holds the body until the headers are acknowledged, and Linux delays that acknowledgement by up to 40 ms,
which added 40 ms to every call on loopback. The flag does not stick, so it is set before each read.
"""

from __future__ import annotations

import http.client
import json
import os
import select
import socket
import ssl
import threading
from collections.abc import Mapping
from dataclasses import dataclass
from typing import Any
from urllib.parse import urlsplit

QUICKACK = getattr(socket, "TCP_QUICKACK", None)  # Linux only


class TransportError(Exception):
    """No usable answer: no connection, a timeout or a broken response. ``connect_failed`` says that no
    connection could be made at all (refused, host unknown, unreachable): the endpoint is unusable."""

    def __init__(self, message: str, *, timed_out: bool = False, connect_failed: bool = False):
        super().__init__(message)
        self.timed_out = timed_out
        self.connect_failed = connect_failed


@dataclass(frozen=True)
class Answer:
    """A server's answer: status, headers (names lower-cased) and the body as sent."""

    status: int
    headers: Mapping[str, str]
    body: bytes

    def json(self) -> Any:
        """The body as JSON (``json.JSONDecodeError``, a ``ValueError``, when it is not)."""
        return json.loads(self.body)


def json_body(value: object) -> bytes:
    """``value`` as a compact UTF-8 JSON body; text holding a lone surrogate (model output can) goes
    with ``\\u`` escapes, which a server reads back as the same string."""
    text = json.dumps(value, ensure_ascii=False, separators=(",", ":"), allow_nan=False)
    try:
        return text.encode("utf-8")
    except UnicodeEncodeError:
        return json.dumps(value, separators=(",", ":"), allow_nan=False).encode("ascii")


def _ssl_context() -> ssl.SSLContext:
    """The trust store httpx used before: SSL_CERT_FILE / SSL_CERT_DIR when set, else certifi's
    bundle where installed, else the system's."""
    cafile, capath = os.environ.get("SSL_CERT_FILE"), os.environ.get("SSL_CERT_DIR")
    if cafile is None and capath is None:
        try:
            import certifi

            cafile = certifi.where()
        except ImportError:
            pass
    return ssl.create_default_context(cafile=cafile, capath=capath)


class KeptAliveHTTP:
    """Requests to one base URL (``http://host:port/prefix``); each thread keeps its own connection."""

    def __init__(self, base_url: str, *, timeout_s: float, headers: Mapping[str, str] | None = None):
        parts = urlsplit(base_url)
        if parts.scheme not in ("http", "https") or not parts.hostname:  # the URL itself is not echoed: it may hold a password
            raise ValueError(f"not an http(s) URL with a host (scheme {parts.scheme!r})")
        self.base_url = base_url
        self._https = parts.scheme == "https"
        self._host = parts.hostname
        self._port = parts.port
        self._prefix = parts.path.rstrip("/")
        self._query = parts.query
        self._timeout = timeout_s
        self._headers = dict(headers or {})
        self._ssl = _ssl_context() if self._https else None
        self._local = threading.local()
        self._lock = threading.Lock()
        self._open: list[http.client.HTTPConnection] = []

    def url(self, path: str) -> str:
        """Where ``path`` (relative to the base URL) goes, as the request line names it."""
        target = f"{self._prefix}/{path.lstrip('/')}"
        return f"{target}?{self._query}" if self._query else target

    def request(self, method: str, path: str, body: bytes | None = None,
                headers: Mapping[str, str] | None = None) -> Answer:
        """Send and read one request; raise :class:`TransportError` when no answer could be read.

        Nothing is sent twice: a request that may have reached the server is never repeated here (the
        simulator's actions are not idempotent); the model client's retry policy decides for its calls."""
        sent = {**self._headers, **(headers or {})}
        if body is not None:
            sent.setdefault("Content-Type", "application/json")
        connection = self._own()
        try:
            return self._exchange(connection, method, self.url(path), body, sent)
        except (OSError, http.client.HTTPException) as exc:
            raise self._failure(connection, exc) from exc

    def close(self) -> None:
        with self._lock:
            connections, self._open = self._open, []
        for connection in connections:
            connection.close()

    # ----- plumbing ---------------------------------------------------------------------

    def _own(self) -> http.client.HTTPConnection:
        """This thread's connection (made on its first request; a socket the server has closed while
        it idled is closed here and opened afresh by the request)."""
        connection: http.client.HTTPConnection | None = getattr(self._local, "connection", None)
        if connection is None:
            if self._https:
                connection = http.client.HTTPSConnection(self._host, self._port, timeout=self._timeout,
                                                         context=self._ssl)
            else:
                connection = http.client.HTTPConnection(self._host, self._port, timeout=self._timeout)
            self._local.connection = connection
            with self._lock:
                self._open.append(connection)
        elif connection.sock is not None and _closed_by_peer(connection.sock):
            connection.close()
        return connection

    @staticmethod
    def _exchange(connection: http.client.HTTPConnection, method: str, target: str, body: bytes | None,
                  headers: dict[str, str]) -> Answer:
        if connection.sock is None:
            try:
                connection.connect()
            except OSError as exc:
                raise _NotConnected(exc) from exc
        connection.request(method, target, body=body, headers=headers)
        _quick_ack(connection)
        response = connection.getresponse()
        _quick_ack(connection)
        data = response.read()  # the connection stays open unless the server said it closes it
        return Answer(response.status, {name.lower(): value for name, value in response.getheaders()}, data)

    @staticmethod
    def _failure(connection: http.client.HTTPConnection, exc: BaseException) -> TransportError:
        """``exc`` worded as a :class:`TransportError`; the socket is closed (its state is unknown) and
        the next request opens a new one."""
        connection.close()
        connect_failed = isinstance(exc, _NotConnected)
        cause = exc.cause if isinstance(exc, _NotConnected) else exc
        return TransportError(f"{type(cause).__name__}: {cause}", timed_out=isinstance(cause, TimeoutError),
                              connect_failed=connect_failed)


class _NotConnected(OSError):
    """No connection could be made (carries the cause: refused, host unknown, timeout)."""

    def __init__(self, cause: OSError):
        super().__init__(str(cause))
        self.cause = cause


def _closed_by_peer(sock: socket.socket) -> bool:
    """Whether an idle kept-alive socket is readable: between answers that means the server closed it
    (or sent something unasked), so it cannot carry the next request."""
    try:
        if hasattr(select, "poll"):
            poller = select.poll()
            poller.register(sock, select.POLLIN)
            return bool(poller.poll(0))
        return bool(select.select([sock], [], [], 0)[0])
    except (OSError, ValueError):
        return True


def _quick_ack(connection: http.client.HTTPConnection) -> None:
    sock = connection.sock
    if QUICKACK is not None and sock is not None:
        try:
            sock.setsockopt(socket.IPPROTO_TCP, QUICKACK, 1)
        except OSError:
            pass  # not a TCP socket (or a TLS wrapper that refuses): the defaults stay
