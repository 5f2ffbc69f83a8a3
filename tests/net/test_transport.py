"""The transport under the model and simulator clients (httpx), against real loopback servers and a real
loopback proxy: connections kept alive, a closed idle connection replaced before use, failures sorted (no
connection, timeout, broken answer), nothing sent twice, proxies from the environment, Basic auth from
the URL, the whole request bounded by its deadline, secret headers kept on their own origin."""

from __future__ import annotations

import base64
import gzip
import json
import socket
import threading
import time
from collections.abc import Iterator
from http.server import BaseHTTPRequestHandler, ThreadingHTTPServer
from pathlib import Path

import pytest

from pytest_safeagent.net.transport import HttpEndpoint, TransportError, close_clients, json_body
from tests.support.fake_openai import FakeOpenAI, text
from tests.support.loopback_proxy import loopback_proxy
from tests.support.raw_http import raw_server, response
from tests.support.tls import loopback_ca


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
        data = json.dumps(
            {
                "path": self.path,
                "body": body.decode(),
                "auth": self.headers.get("Authorization"),
                "api_key": self.headers.get("api-key"),
            }
        ).encode()
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
    http = HttpEndpoint(server.url, timeout_s=5, headers={"Authorization": "Bearer k"})
    answers = [http.request("POST", "chat/completions", json_body({"n": n})).json() for n in range(3)]
    assert [a["body"] for a in answers] == ['{"n":0}', '{"n":1}', '{"n":2}']
    assert {a["path"] for a in answers} == {"/v1/chat/completions"}
    assert answers[0]["auth"] == "Bearer k"
    assert len(set(server.ports)) == 1  # one connection, kept alive
    other = threading.Thread(target=lambda: http.request("GET", "health"))
    other.start()
    other.join()
    assert len(set(server.ports)) == 2  # one kept-alive connection per sending thread (a client each)


def test_a_connection_the_server_closed_while_idle_is_replaced_and_the_request_sent_once(
    server: Recorder,
) -> None:
    server.close_after = 1
    http = HttpEndpoint(server.url, timeout_s=5)
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
    http = HttpEndpoint(f"http://127.0.0.1:{port}/v1", timeout_s=5)
    with pytest.raises(TransportError) as raised:
        http.request("GET", "health")
    assert raised.value.connect_failed and not raised.value.timed_out
    assert "refused" in str(raised.value).lower()


def test_a_server_that_answers_too_late_is_a_timeout(server: Recorder) -> None:
    server.stall_s = 1.0
    http = HttpEndpoint(server.url, timeout_s=0.2)
    with pytest.raises(TransportError) as raised:
        http.request("POST", "x", b"{}")
    assert raised.value.timed_out and not raised.value.connect_failed
    server.stall_s = 0.0
    assert http.request("POST", "x", b"{}").status == 200  # the next request has a fresh connection
    http.close()


def test_a_server_that_hangs_up_without_answering_fails_the_request_once(server: Recorder) -> None:
    server.hang_up = True
    http = HttpEndpoint(server.url, timeout_s=5)
    with pytest.raises(TransportError) as raised:
        http.request("POST", "x", b"{}")
    assert not raised.value.connect_failed and not raised.value.timed_out
    assert server.bodies == [b"{}"]  # not sent again behind the caller's back
    http.close()


def test_the_base_url_prefix_and_query_are_kept(server: Recorder) -> None:
    http = HttpEndpoint(server.url + "/?api-version=2", timeout_s=5)
    assert http.request("GET", "/models").json()["path"] == "/v1/models?api-version=2"
    http.close()
    with pytest.raises(ValueError, match="not an http") as raised:
        HttpEndpoint("ftp://user:hunter22@host/v1", timeout_s=5)
    assert "hunter22" not in str(raised.value)
    with pytest.raises(ValueError, match="port") as raised:
        HttpEndpoint("http://user:hunter22@host:99999/v1", timeout_s=5)
    assert "hunter22" not in str(raised.value)


def test_a_body_with_a_lone_surrogate_is_sent_escaped() -> None:
    assert json_body({"a": "é"}) == '{"a":"é"}'.encode()
    escaped = json_body({"a": "x\ud800"})
    assert escaped == b'{"a":"x\\ud800"}'
    assert json.loads(escaped) == {"a": "x\ud800"}


@pytest.fixture(autouse=True)
def _fresh_clients() -> Iterator[None]:
    """Each test reads the proxy variables afresh (the shared client is made per environment anyway)."""
    yield
    close_clients()


@pytest.fixture
def no_proxy_env(monkeypatch: pytest.MonkeyPatch) -> pytest.MonkeyPatch:
    for name in (
        "HTTP_PROXY",
        "HTTPS_PROXY",
        "ALL_PROXY",
        "NO_PROXY",
        "http_proxy",
        "https_proxy",
        "all_proxy",
        "no_proxy",
    ):
        monkeypatch.delenv(name, raising=False)
    return monkeypatch


def test_a_host_known_only_to_the_proxy_is_reached_through_http_proxy(
    server: Recorder, no_proxy_env: pytest.MonkeyPatch
) -> None:
    with loopback_proxy({"model.invalid": server.server_address[1]}) as proxy:
        no_proxy_env.setenv("HTTP_PROXY", proxy.url)
        http = HttpEndpoint("http://model.invalid/v1", timeout_s=5, headers={"Authorization": "Bearer k"})
        answer = http.request("POST", "chat/completions", json_body({"n": 1})).json()
        assert answer["path"] == "/v1/chat/completions" and answer["auth"] == "Bearer k"
        assert [(s.method, s.target) for s in proxy.seen] == [
            ("POST", "http://model.invalid/v1/chat/completions")
        ]


def test_an_https_host_known_only_to_the_proxy_is_tunnelled_and_trusted_through_ssl_cert_file(
    tmp_path: Path, no_proxy_env: pytest.MonkeyPatch
) -> None:
    ca = loopback_ca(tmp_path, "model.invalid")
    with FakeOpenAI(responder=lambda request: text("1. find Mug"), tls=ca.server_context) as server:
        with loopback_proxy({"model.invalid": server.port}) as proxy:
            no_proxy_env.setenv("HTTPS_PROXY", proxy.url)
            body = json_body({"model": "m", "messages": [{"role": "user", "content": "hi"}]})
            with pytest.raises(TransportError) as untrusted:  # the authority is not trusted yet
                HttpEndpoint("https://model.invalid/v1", timeout_s=5).request(
                    "POST", "chat/completions", body
                )
            assert untrusted.value.connect_failed and "CERTIFICATE_VERIFY_FAILED" in str(untrusted.value)
            assert "SSL_CERT_FILE" in str(untrusted.value) and server.requests == []

            no_proxy_env.setenv("SSL_CERT_FILE", str(ca.bundle))
            http = HttpEndpoint(
                "https://model.invalid/v1", timeout_s=5, headers={"Authorization": "Bearer k"}
            )
            answer = http.request("POST", "chat/completions", body).json()
            assert answer["choices"][0]["message"]["content"] == "1. find Mug"
            assert [(s.method, s.target) for s in proxy.seen] == [("CONNECT", "model.invalid:443")] * 2
            assert [(r.path, r.headers.get("authorization")) for r in server.requests] == [
                ("/v1/chat/completions", "Bearer k")
            ]  # the tunnel carries the request whole; the proxy sees neither path nor key
            assert all("authorization" not in s.headers for s in proxy.seen)


@pytest.mark.parametrize(
    ("scheme", "set_variable", "named"),
    [("http", "HTTPS_PROXY", "HTTP_PROXY"), ("https", "HTTP_PROXY", "HTTPS_PROXY")],
)
def test_a_proxy_variable_for_the_other_scheme_only_is_named_when_the_host_is_unknown(
    no_proxy_env: pytest.MonkeyPatch, scheme: str, set_variable: str, named: str
) -> None:
    """httpx (like curl and the openai SDK) never sends an http:// URL through HTTPS_PROXY: the failure
    says so instead of leaving a bare name-resolution error. The resolver is stood in for, so that no
    name is looked up off this machine."""
    resolve = socket.getaddrinfo

    def loopback_only(host: object, *args: object, **kwargs: object) -> object:
        if host == "model.invalid":
            raise socket.gaierror(socket.EAI_NONAME, "Name or service not known")
        return resolve(host, *args, **kwargs)  # type: ignore[arg-type]

    no_proxy_env.setattr(socket, "getaddrinfo", loopback_only)
    with loopback_proxy({}) as proxy:
        no_proxy_env.setenv(set_variable, proxy.url)
        with pytest.raises(TransportError) as failed:
            HttpEndpoint(f"{scheme}://model.invalid/v1", timeout_s=5).request("GET", "models")
        message = str(failed.value)
        assert failed.value.connect_failed and f"set {named} (or ALL_PROXY)" in message
        assert (
            f"{set_variable} is set, but it carries {'https' if scheme == 'http' else 'http'}:// URLs only"
            in message
        )
        assert proxy.seen == []
        no_proxy_env.setenv(
            "ALL_PROXY", proxy.url
        )  # now a proxy carries it, and answers that it has no route
        endpoint = HttpEndpoint(f"{scheme}://model.invalid/v1", timeout_s=5)
        if scheme == "http":
            assert endpoint.request("GET", "models").status == 502
        else:
            with pytest.raises(TransportError, match="the proxy refused the request") as refused:
                endpoint.request("GET", "models")
            assert "ALL_PROXY" not in str(refused.value)
        assert [s.method for s in proxy.seen] == ["GET" if scheme == "http" else "CONNECT"]


def test_no_proxy_sends_a_listed_host_directly(server: Recorder, no_proxy_env: pytest.MonkeyPatch) -> None:
    with loopback_proxy({"127.0.0.1": server.server_address[1]}) as proxy:
        no_proxy_env.setenv("HTTP_PROXY", proxy.url)
        no_proxy_env.setenv("NO_PROXY", "127.0.0.1")
        assert HttpEndpoint(server.url, timeout_s=5).request("GET", "health").status == 200
        assert proxy.seen == []
        no_proxy_env.delenv("NO_PROXY")
        proxied = HttpEndpoint(server.url, timeout_s=5)
        assert proxied.request("GET", "health").status == 200  # not listed: through the proxy
        assert [s.method for s in proxy.seen] == ["GET"]


def test_direct_endpoints_ignore_the_proxy_variables(
    server: Recorder, no_proxy_env: pytest.MonkeyPatch
) -> None:
    with loopback_proxy({}) as proxy:
        no_proxy_env.setenv("HTTP_PROXY", proxy.url)
        assert HttpEndpoint(server.url, timeout_s=5, direct=True).request("GET", "health").status == 200
        assert proxy.seen == []


def test_user_and_password_in_the_url_go_as_basic_auth(server: Recorder) -> None:
    host, port = server.server_address[:2]
    http = HttpEndpoint(
        f"http://al%40ice:s3cret-pass@{host}:{port}/v1",
        timeout_s=5,
        headers={"Authorization": "Bearer not-sent"},
    )
    assert "s3cret" not in http.base_url and http.sends_basic_auth and http.password == "s3cret-pass"
    auth = http.request("GET", "health").json()["auth"]
    assert auth == "Basic " + base64.b64encode(b"al@ice:s3cret-pass").decode()


def test_a_dripping_answer_ends_at_the_whole_request_deadline() -> None:
    body = b'{"choices": []}' * 20
    with raw_server(response(body), drip_s=0.05) as dripping:  # each byte in time, the whole far too late
        http = HttpEndpoint(dripping.url, timeout_s=0.6)
        started = time.monotonic()
        with pytest.raises(TransportError) as raised:
            http.request("POST", "chat/completions", b"{}")
        took = time.monotonic() - started
    assert raised.value.timed_out and "within 0.6 s" in str(raised.value)
    assert 0.55 <= took < 1.2


def test_a_gzip_body_is_read_and_a_broken_one_named() -> None:
    packed = gzip.compress(b'{"ok": true}')
    with raw_server(response(packed, headers={"Content-Encoding": "gzip"})) as zipped:
        assert HttpEndpoint(zipped.url, timeout_s=5).request("GET", "x").json() == {"ok": True}
    with raw_server(response(b"not gzip at all", headers={"Content-Encoding": "gzip"})) as broken:
        with pytest.raises(TransportError, match="could not be decoded"):
            HttpEndpoint(broken.url, timeout_s=5).request("GET", "x")


def test_a_bad_chunk_size_is_a_broken_answer() -> None:
    chunked = response(b"zz\r\nhello\r\n0\r\n\r\n", headers={"Transfer-Encoding": "chunked"}, length=False)
    with raw_server(chunked) as broken:
        with pytest.raises(TransportError, match="broken answer") as raised:
            HttpEndpoint(broken.url, timeout_s=5).request("GET", "x")
    assert not raised.value.timed_out and not raised.value.connect_failed


def test_a_redirect_to_another_host_carries_no_secret_header(server: Recorder) -> None:
    port = server.server_address[1]
    elsewhere = f"http://localhost:{port}/v1/chat/completions"  # another origin (host name), the same server
    answer = response(b"", status="307 Temporary Redirect", headers={"Location": elsewhere})
    with raw_server(answer) as redirecting:
        http = HttpEndpoint(
            redirecting.url,
            timeout_s=5,
            headers={"Authorization": "Bearer k", "api-key": "azure-k"},
            secret_headers=("api-key",),
        )
        followed = http.request("POST", "chat/completions", b"{}").json()
    assert followed["path"] == "/v1/chat/completions"
    assert followed["auth"] is None and followed["api_key"] is None
    assert b"azure-k" in redirecting.requests[0]


def test_a_307_is_followed_with_its_body_and_basic_auth_stays_on_its_origin(server: Recorder) -> None:
    """A 307 is followed as httpx's client follows it (the first request goes to the transport directly, the
    redirect through the client): the same method and body; Authorization only to the URL's own origin."""
    host, port = server.server_address[:2]
    target = f"http://{host}:{port}/v1/moved"
    answer = response(b"", status="307 Temporary Redirect", headers={"Location": target})
    with raw_server(answer) as redirecting:
        redirect_port = redirecting.url.split(":")[2].split("/")[0]
        http = HttpEndpoint(f"http://u:p@127.0.0.1:{redirect_port}/v1", timeout_s=5)
        followed = http.request("POST", "chat/completions", b'{"n": 1}').json()
    assert followed["path"] == "/v1/moved" and followed["body"] == '{"n": 1}'
    assert followed["auth"] is None  # another port is another origin: dropped, as httpx drops it
    assert b"Authorization: Basic" in redirecting.requests[0]


def test_a_redirect_loop_is_one_failure_naming_it() -> None:
    with raw_server(response(b"", status="302 Found", headers={"Location": "/v1/again"})) as looping:
        with pytest.raises(TransportError, match="too many redirects"):
            HttpEndpoint(looping.url, timeout_s=5).request("GET", "x")
    assert 2 <= len(looping.requests) <= 30  # httpx's limit, not an endless loop


def test_each_request_is_logged_as_httpx_logs_it(server: Recorder, caplog: pytest.LogCaptureFixture) -> None:
    with caplog.at_level("INFO", logger="httpx"):
        HttpEndpoint(server.url, timeout_s=5).request("POST", "chat/completions", b"{}")
    assert [r.getMessage() for r in caplog.records if r.name == "httpx"] == [
        f'HTTP Request: POST {server.url}/chat/completions "HTTP/1.1 200 OK"'
    ]


def test_cookies_an_answer_sets_are_not_sent_back() -> None:
    answer = response(b'{"ok": true}', headers={"Set-Cookie": "session=abc; Path=/"})
    with raw_server(answer) as setting:
        http = HttpEndpoint(setting.url, timeout_s=5)
        for _ in range(2):
            assert http.request("POST", "chat/completions", b"{}").json() == {"ok": True}
    assert len(setting.requests) == 2
    assert all(b"cookie" not in request.lower() for request in setting.requests)


def test_a_request_leaves_in_one_write_at_the_first_read() -> None:
    """httpcore writes the headers and the body apart; they
    are held and sent together when the answer is read."""
    from httpcore._backends.sync import SyncStream

    from pytest_safeagent.net.transport import _Stream

    ours, theirs = socket.socketpair()
    with ours, theirs:
        theirs.setblocking(False)
        stream = _Stream(SyncStream(ours))
        stream.write(b"POST / HTTP/1.1\r\n\r\n")
        stream.write(b'{"n": 1}')
        with pytest.raises(BlockingIOError):
            theirs.recv(100)  # nothing sent yet
        theirs.sendall(b"answer")
        assert stream.read(100, timeout=5) == b"answer"
        assert theirs.recv(100) == b'POST / HTTP/1.1\r\n\r\n{"n": 1}'
