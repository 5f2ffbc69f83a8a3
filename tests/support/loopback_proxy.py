"""A real HTTP proxy on 127.0.0.1 for tests: forwards absolute-form requests (``POST http://host/...``)
and tunnels ``CONNECT host:port``, to the loopback address its ``routes`` give each host name (a host
that resolves nowhere else, such as ``model.invalid``, is reachable only through it). Every request is
recorded (method, target, headers); a host without a route is answered 502 without any connection
off the machine being tried."""

from __future__ import annotations

import select
import socket
import threading
from collections.abc import Iterator
from contextlib import contextmanager
from dataclasses import dataclass, field
from http.server import BaseHTTPRequestHandler, ThreadingHTTPServer
from urllib.parse import urlsplit


@dataclass
class Seen:
    method: str
    target: str
    headers: dict[str, str]


@dataclass
class LoopbackProxy:
    routes: dict[str, int]  # host name -> port on 127.0.0.1
    seen: list[Seen] = field(default_factory=list)

    @property
    def url(self) -> str:
        return f"http://127.0.0.1:{self._server.server_address[1]}"

    def start(self) -> LoopbackProxy:
        self._server = ThreadingHTTPServer(("127.0.0.1", 0), _handler(self))
        self._server.daemon_threads = True
        threading.Thread(
            target=self._server.serve_forever, kwargs={"poll_interval": 0.05}, daemon=True
        ).start()
        return self

    def stop(self) -> None:
        self._server.shutdown()
        self._server.server_close()

    def port_for(self, host: str) -> int | None:
        return self.routes.get(host.lower())


@contextmanager
def loopback_proxy(routes: dict[str, int]) -> Iterator[LoopbackProxy]:
    proxy = LoopbackProxy(routes).start()
    try:
        yield proxy
    finally:
        proxy.stop()


def _handler(proxy: LoopbackProxy) -> type[BaseHTTPRequestHandler]:
    class Handler(BaseHTTPRequestHandler):
        protocol_version = "HTTP/1.1"

        def log_message(self, *args: object) -> None:
            pass

        def _forward(self) -> None:
            proxy.seen.append(Seen(self.command, self.path, {k.lower(): v for k, v in self.headers.items()}))
            parts = urlsplit(self.path)
            port = proxy.port_for(parts.hostname or "")
            length = int(self.headers.get("Content-Length") or 0)
            body = self.rfile.read(length) if length else b""
            if parts.scheme != "http" or port is None:
                self._refuse()
                return
            target = parts.path + (f"?{parts.query}" if parts.query else "")
            lines = [f"{self.command} {target} HTTP/1.1"]
            lines += [
                f"{k}: {v}"
                for k, v in self.headers.items()
                if k.lower() not in ("proxy-connection", "connection")
            ]
            lines.append("Connection: close")
            with socket.create_connection(("127.0.0.1", port)) as upstream:
                upstream.sendall(("\r\n".join(lines) + "\r\n\r\n").encode("latin-1") + body)
                while chunk := upstream.recv(65536):
                    self.wfile.write(chunk)
            self.close_connection = True

        do_GET = do_POST = _forward

        def do_CONNECT(self) -> None:
            proxy.seen.append(Seen("CONNECT", self.path, {k.lower(): v for k, v in self.headers.items()}))
            host, _, _ = self.path.rpartition(":")
            port = proxy.port_for(host)
            if port is None:
                self._refuse()
                return
            upstream = socket.create_connection(("127.0.0.1", port))
            self.send_response(200, "Connection established")
            self.end_headers()
            self.wfile.flush()
            sockets = [self.connection, upstream]
            try:
                while True:
                    readable, _, _ = select.select(sockets, [], [], 5)
                    if not readable:
                        break
                    for sock in readable:
                        data = sock.recv(65536)
                        if not data:
                            return
                        (upstream if sock is self.connection else self.connection).sendall(data)
            except OSError:  # either side hung up abruptly (a client that distrusts the certificate)
                return
            finally:
                upstream.close()
                self.close_connection = True

        def _refuse(self) -> None:
            data = b"no route to that host from this test proxy"
            self.send_response(502)
            self.send_header("Content-Length", str(len(data)))
            self.end_headers()
            self.wfile.write(data)

    return Handler
