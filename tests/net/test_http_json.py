"""The transport under the model and simulator clients, against real loopback servers: a connection
kept alive per thread, a closed idle connection replaced before use, failures sorted (no connection,
timeout, broken answer) and nothing sent twice."""

from __future__ import annotations

import json
import socket
import threading
import time
from collections.abc import Iterator
from http.server import BaseHTTPRequestHandler, ThreadingHTTPServer

import pytest

from pytest_safeagent.net.http_json import KeptAliveHTTP, TransportError, json_body


class Recorder(ThreadingHTTPServer):
    """Answers ``{"path": ..., "body": ...}``; records each request's client port; ``close_after``
    closes every connection after that many answers on it, ``stall_s`` waits before answering."""

    daemon_threads = True

    def __init__(self) -> None:
        self.ports: list[int] = []
        self.bodies: list[bytes] = []
        self.close_after: int | None = None
        self.stall_s = 0.0
        self.hang_up = False  # read the request, then close without answering
        super().__init__(("127.0.0.1", 0), Handler)
        threading.Thread(target=self.serve_forever, daemon=True).start()

    @property
    def url(self) -> str:
        return f"http://127.0.0.1:{self.server_address[1]}/v1"


class Handler(BaseHTTPRequestHandler):
    protocol_version = "HTTP/1.1"
    server: Recorder

    def log_message(self, *args: object) -> None:
        pass

    def _answer(self) -> None:
        body = self.rfile.read(int(self.headers.get("Content-Length", 0)))
        self.server.ports.append(self.client_address[1])
        self.server.bodies.append(body)
        if self.server.hang_up:
            self.close_connection = True
            return
        time.sleep(self.server.stall_s)
        data = json.dumps({"path": self.path, "body": body.decode(), "auth": self.headers.get("Authorization")}).encode()
        self.send_response(200)
        self.send_header("Content-Type", "application/json")
        self.send_header("Content-Length", str(len(data)))
        self.end_headers()
        self.wfile.write(data)  # headers and body in two writes, as simple servers do
        answered = getattr(self, "answered", 0) + 1
        self.answered = answered
        if self.server.close_after is not None and answered >= self.server.close_after:
            self.close_connection = True

    do_POST = _answer
    do_GET = _answer


@pytest.fixture
def server() -> Iterator[Recorder]:
    recorder = Recorder()
    yield recorder
    recorder.shutdown()
    recorder.server_close()


def test_a_thread_keeps_its_connection_and_another_thread_gets_its_own(server: Recorder) -> None:
    http = KeptAliveHTTP(server.url, timeout_s=5, headers={"Authorization": "Bearer k"})
    try:
        answers = [http.request("POST", "chat/completions", json_body({"n": n})).json() for n in range(3)]
        assert [a["body"] for a in answers] == ['{"n":0}', '{"n":1}', '{"n":2}']
        assert {a["path"] for a in answers} == {"/v1/chat/completions"}
        assert answers[0]["auth"] == "Bearer k"
        assert len(set(server.ports)) == 1  # one connection, kept alive
        other = threading.Thread(target=lambda: http.request("GET", "health"))
        other.start()
        other.join()
        assert len(set(server.ports)) == 2
    finally:
        http.close()


def test_a_connection_the_server_closed_while_idle_is_replaced_and_the_request_sent_once(server: Recorder) -> None:
    server.close_after = 1
    http = KeptAliveHTTP(server.url, timeout_s=5)
    try:
        for n in range(3):
            assert http.request("POST", "x", json_body(n)).status == 200
            time.sleep(0.05)  # the server's close reaches this side
        assert len(set(server.ports)) == 3
        assert server.bodies == [b"0", b"1", b"2"]  # nothing was sent twice
    finally:
        http.close()


def test_a_refused_connection_is_a_connect_failure() -> None:
    with socket.socket() as probe:
        probe.bind(("127.0.0.1", 0))
        port = probe.getsockname()[1]  # closed again below: nothing listens there
    http = KeptAliveHTTP(f"http://127.0.0.1:{port}/v1", timeout_s=5)
    with pytest.raises(TransportError) as raised:
        http.request("GET", "health")
    assert raised.value.connect_failed and not raised.value.timed_out
    assert "ConnectionRefusedError" in str(raised.value)


def test_a_server_that_answers_too_late_is_a_timeout(server: Recorder) -> None:
    server.stall_s = 1.0
    http = KeptAliveHTTP(server.url, timeout_s=0.2)
    with pytest.raises(TransportError) as raised:
        http.request("POST", "x", b"{}")
    assert raised.value.timed_out and not raised.value.connect_failed
    server.stall_s = 0.0
    assert http.request("POST", "x", b"{}").status == 200  # the next request has a fresh connection
    http.close()


def test_a_server_that_hangs_up_without_answering_fails_the_request_once(server: Recorder) -> None:
    server.hang_up = True
    http = KeptAliveHTTP(server.url, timeout_s=5)
    with pytest.raises(TransportError) as raised:
        http.request("POST", "x", b"{}")
    assert not raised.value.connect_failed and not raised.value.timed_out
    assert server.bodies == [b"{}"]  # not sent again behind the caller's back
    http.close()


def test_the_base_url_prefix_and_query_are_kept(server: Recorder) -> None:
    http = KeptAliveHTTP(server.url + "/?api-version=2", timeout_s=5)
    assert http.request("GET", "/models").json()["path"] == "/v1/models?api-version=2"
    http.close()
    with pytest.raises(ValueError, match="not an http") as raised:
        KeptAliveHTTP("ftp://user:hunter22@host/v1", timeout_s=5)
    assert "hunter22" not in str(raised.value)


def test_a_body_with_a_lone_surrogate_is_sent_escaped() -> None:
    assert json_body({"a": "é"}) == '{"a":"é"}'.encode()
    escaped = json_body({"a": "x\ud800"})
    assert escaped == b'{"a":"x\\ud800"}'
    assert json.loads(escaped) == {"a": "x\ud800"}
