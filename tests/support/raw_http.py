"""A loopback HTTP server that answers every request with bytes a test gives, as they are (broken
chunk sizes, gzip, another charset), optionally one byte every ``drip_s`` seconds."""

from __future__ import annotations

import socket
import threading
import time
from collections.abc import Iterator
from contextlib import contextmanager
from dataclasses import dataclass, field


def response(
    body: bytes, *, status: str = "200 OK", headers: dict[str, str] | None = None, length: bool = True
) -> bytes:
    """An HTTP/1.1 answer's bytes (``length=False``: no
    Content-Length, for a chunked body of the caller's). It says ``Connection: close``, as the server closes
    after one answer: else a client may send its next request on the closing connection and be reset."""
    headers = {"Connection": "close", **(headers or {})}
    lines = [f"HTTP/1.1 {status}", *(f"{k}: {v}" for k, v in headers.items())]
    if length:
        lines.append(f"Content-Length: {len(body)}")
    return ("\r\n".join(lines) + "\r\n\r\n").encode("latin-1") + body


@dataclass
class RawServer:
    answer: bytes
    drip_s: float = 0.0
    requests: list[bytes] = field(default_factory=list)
    spans: list[tuple[float, float]] = field(
        default_factory=list
    )  # request read -> answer done or client gone

    def start(self) -> RawServer:
        self._sock = socket.create_server(("127.0.0.1", 0))
        self._stop = threading.Event()
        threading.Thread(target=self._serve, daemon=True).start()
        return self

    @property
    def url(self) -> str:
        return f"http://127.0.0.1:{self._sock.getsockname()[1]}/v1"

    def _serve(self) -> None:
        while not self._stop.is_set():
            try:
                conn, _ = self._sock.accept()
            except OSError:
                return
            threading.Thread(target=self._answer, args=(conn,), daemon=True).start()

    def _answer(self, conn: socket.socket) -> None:
        with conn:
            conn.setsockopt(socket.IPPROTO_TCP, socket.TCP_NODELAY, 1)
            data = b""
            while b"\r\n\r\n" not in data:
                chunk = conn.recv(65536)
                if not chunk:
                    return
                data += chunk
            head, _, rest = data.partition(b"\r\n\r\n")
            length = next(
                (
                    int(line.split(b":")[1])
                    for line in head.split(b"\r\n")
                    if line.lower().startswith(b"content-length:")
                ),
                0,
            )
            while len(rest) < length:
                rest += conn.recv(65536)
            self.requests.append(head + b"\r\n\r\n" + rest)
            began = time.monotonic()
            try:
                if not self.drip_s:
                    conn.sendall(self.answer)
                    return
                for byte in self.answer:
                    if self._stop.wait(self.drip_s):
                        return
                    conn.sendall(bytes([byte]))
            except OSError:
                return
            finally:
                self.spans.append((began, time.monotonic()))

    def stop(self) -> None:
        self._stop.set()
        self._sock.close()


@contextmanager
def raw_server(answer: bytes, *, drip_s: float = 0.0) -> Iterator[RawServer]:
    server = RawServer(answer, drip_s).start()
    try:
        yield server
    finally:
        server.stop()
