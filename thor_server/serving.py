"""The HTTP server under the Flask app: a bounded number of connections, each read against a deadline.

werkzeug's threaded server starts one thread per connection and waits on a slow client for as long as it
keeps sending: 500 clients dripping a byte a second hold 500 threads. Here a connection must deliver its
whole request (request line, headers and body) within ``read_timeout_s`` of being accepted, or it is
closed (408 when the app was already reading the body), and at most ``max_connections`` are served at
once: the next one waits up to ``CONNECTION_WAIT_S`` for a slot (a burst of legitimate clients queues),
then is answered 503 and closed. Answers are written with ``WRITE_TIMEOUT_S`` per write. Closing the
server lets the requests in flight finish (up to ``DRAIN_TIMEOUT_S``) before the process may end.
"""

from __future__ import annotations

import io
import json
import socket
import threading
import time
from typing import Any

from werkzeug.serving import ThreadedWSGIServer, WSGIRequestHandler

DEFAULT_MAX_CONNECTIONS = 128
DEFAULT_READ_TIMEOUT_S = 10.0
CONNECTION_WAIT_S = 2.0
WRITE_TIMEOUT_S = 60.0
DRAIN_TIMEOUT_S = 30.0


class _DeadlineSocketIO(io.RawIOBase):
    """A connection's raw input whose every receive ends by the connection's deadline: a client that
    drips a byte at a time cannot stretch one ``readline`` past it, as it can a per-read timeout."""

    def __init__(self, connection: socket.socket, deadline: float) -> None:
        super().__init__()
        self._connection, self._deadline = connection, deadline

    def readable(self) -> bool:
        return True

    def readinto(self, buffer: Any) -> int:
        remaining = self._deadline - time.monotonic()
        if remaining <= 0:
            raise TimeoutError("the request was not received in time")
        self._connection.settimeout(remaining)
        try:
            return self._connection.recv_into(buffer)
        finally:
            self._connection.settimeout(WRITE_TIMEOUT_S)


class Handler(WSGIRequestHandler):
    # werkzeug closes every connection after its answer (its http.server base cannot skip a request
    # body the app left unread), so each request comes on a fresh loopback connection; the headers
    # and the body go out as two writes, and without Nagle's algorithm the body follows at once
    # instead of after the client's ACK of the headers (0.1-0.2 ms of every request).
    protocol_version = "HTTP/1.1"
    disable_nagle_algorithm = True

    def setup(self) -> None:
        super().setup()
        timeout = getattr(self.server, "read_timeout_s", DEFAULT_READ_TIMEOUT_S)
        self.rfile.close()
        self.rfile = io.BufferedReader(_DeadlineSocketIO(self.connection, time.monotonic() + timeout))


class BoundedServer(ThreadedWSGIServer):
    """werkzeug's threaded server with at most ``max_connections`` connections served at once."""

    def __init__(
        self,
        host: str,
        port: int,
        app: Any,
        *,
        max_connections: int = DEFAULT_MAX_CONNECTIONS,
        read_timeout_s: float = DEFAULT_READ_TIMEOUT_S,
    ) -> None:
        self.read_timeout_s = read_timeout_s
        self.max_connections = max_connections
        self._slots = threading.BoundedSemaphore(max_connections)
        self._drained = False
        super().__init__(host, port, app, handler=Handler)

    def process_request(self, request: Any, client_address: Any) -> None:
        if not self._slots.acquire(timeout=CONNECTION_WAIT_S):
            self._refuse(request)
            return
        try:
            super().process_request(request, client_address)
        except BaseException:
            self._slots.release()
            raise

    def process_request_thread(self, request: Any, client_address: Any) -> None:
        try:
            super().process_request_thread(request, client_address)
        finally:
            self._slots.release()

    def server_close(self) -> None:
        """Stop listening, then wait (up to ``DRAIN_TIMEOUT_S`` in all) for the requests in flight: their
        threads are daemons, which the interpreter would otherwise cut off mid-answer at exit. Each
        holds a connection slot from its accept to its end, so holding every slot means none is left."""
        super().server_close()
        if self._drained:  # werkzeug's serve_forever closes too; the caller's close is the same one
            return
        self._drained = True
        deadline = time.monotonic() + DRAIN_TIMEOUT_S
        for _ in range(self.max_connections):
            if not self._slots.acquire(timeout=max(0.0, deadline - time.monotonic())):
                break

    def _refuse(self, request: socket.socket) -> None:
        message = f"the simulator server is serving {self.max_connections} connections; try again"
        body = json.dumps({"error": message, "status": 503, "kind": "too_many_connections"}).encode()
        head = (
            f"HTTP/1.1 503 Service Unavailable\r\nContent-Type: application/json\r\nRetry-After: 1\r\n"
            f"Connection: close\r\nContent-Length: {len(body)}\r\n\r\n"
        ).encode("ascii")
        try:
            request.settimeout(1.0)
            request.sendall(head + body)
        except OSError:
            pass
        self.shutdown_request(request)
