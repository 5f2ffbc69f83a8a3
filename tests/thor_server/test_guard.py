"""A web page, a rebinding domain and slow clients against the real server (``python -m thor_server``).

Each test starts the server as a subprocess on 127.0.0.1 and talks to it with real sockets: what a
browser would send (Origin, Sec-Fetch-Site, a text/plain body, a foreign Host name) is refused before any
handler runs, and clients that never finish their request neither hold threads past the read deadline
nor keep more than ``--max-connections`` connections.
"""

from __future__ import annotations

import signal
import socket
import subprocess
import sys
import time
from collections.abc import Iterator
from pathlib import Path

import httpx
import pytest

from thor_server.guard import RequestGuard, host_name


class Server:
    def __init__(self, scenes_dir: Path, tmp_path: Path, *extra: str) -> None:
        port_file = tmp_path / "port"
        self.process = subprocess.Popen(
            [
                sys.executable,
                "-m",
                "thor_server",
                "--backend",
                "symbolic",
                "--host",
                "127.0.0.1",
                "--port",
                "0",
                "--port-file",
                str(port_file),
                "--scenes-dir",
                str(scenes_dir),
                *extra,
            ],
            stdout=subprocess.PIPE,
            stderr=subprocess.STDOUT,
            text=True,
        )
        deadline = time.monotonic() + 60
        while not port_file.exists():
            assert self.process.poll() is None, self.process.communicate()
            assert time.monotonic() < deadline, "no port file"
            time.sleep(0.02)
        self.port = int(port_file.read_text())
        self.url = f"http://127.0.0.1:{self.port}"

    def stop(self) -> str:
        self.process.send_signal(signal.SIGTERM)
        output, _ = self.process.communicate(timeout=30)
        return output


@pytest.fixture
def server(scenes_dir: Path, tmp_path: Path) -> Iterator[Server]:
    running = Server(scenes_dir, tmp_path, "--allow-host", "sim.internal")
    yield running
    running.stop()


def _post(url: str, path: str, **kwargs) -> httpx.Response:  # noqa: ANN003
    return httpx.post(url + path, trust_env=False, timeout=30, **kwargs)


def test_a_page_cannot_open_a_session_with_a_simple_request(server: Server) -> None:
    # what fetch(url, {method: "POST", mode: "no-cors", body: "{}"}) sends: text/plain, no preflight
    reply = _post(
        server.url, "/sessions", content=b"{}", headers={"Content-Type": "text/plain;charset=UTF-8"}
    )
    assert reply.status_code == 415 and "application/json" in reply.json()["error"]
    reply = _post(
        server.url, "/reset", content=b'{"scene": "FloorPlan1"}', headers={"Content-Type": "text/plain"}
    )
    assert reply.status_code == 415
    health = httpx.get(server.url + "/health", trust_env=False).json()
    assert health["sessions"]["open"] == 0


def test_a_request_from_a_web_origin_is_refused(server: Server) -> None:
    for headers in (
        {"Origin": "https://attacker.example"},
        {"Origin": "null"},
        {"Sec-Fetch-Site": "cross-site"},
    ):
        reply = _post(server.url, "/sessions", headers=headers)
        assert reply.status_code == 403, headers
        assert reply.json()["kind"] == "refused_request"
    assert _post(server.url, "/sessions", headers={"Origin": "http://localhost:3000"}).status_code == 201


def test_a_rebinding_name_cannot_read_the_state(server: Server) -> None:
    assert _post(server.url, "/reset", json={"scene": "FloorPlan1"}).status_code == 200
    reply = httpx.get(
        server.url + "/state", headers={"Host": f"rebind.attacker.example:{server.port}"}, trust_env=False
    )
    assert reply.status_code == 403 and "rebind.attacker.example" in reply.json()["error"]
    assert "objects" not in reply.json()
    for name in (f"localhost:{server.port}", f"127.0.0.1:{server.port}", "127.0.0.5", "sim.internal:80"):
        assert httpx.get(server.url + "/state", headers={"Host": name}, trust_env=False).status_code == 200, (
            name
        )


def test_a_huge_number_in_a_body_is_a_400_not_a_500(server: Server) -> None:
    body = b'{"scene": "FloorPlan1", "seed": ' + b"9" * 5000 + b"}"
    reply = _post(server.url, "/reset", content=body, headers={"Content-Type": "application/json"})
    assert reply.status_code == 400 and "number too long" in reply.json()["error"]


def _dripper(port: int, first: bytes) -> socket.socket:
    sock = socket.create_connection(("127.0.0.1", port), timeout=30)
    sock.sendall(first)
    return sock


def _closed_within(sock: socket.socket, seconds: float) -> float:
    """Keep dripping until the server closes the connection; the time it took."""
    started = time.monotonic()
    sock.settimeout(0.2)
    while time.monotonic() - started < seconds:
        try:
            if sock.recv(4096) == b"":
                return time.monotonic() - started
            return time.monotonic() - started  # an answer (408) counts as the end too
        except TimeoutError:
            try:
                sock.sendall(b"X")
            except OSError:
                return time.monotonic() - started
        except OSError:
            return time.monotonic() - started
    raise AssertionError(f"the connection was still open after {seconds} s")


def test_slow_clients_are_cut_at_the_read_deadline(scenes_dir: Path, tmp_path: Path) -> None:
    running = Server(scenes_dir, tmp_path, "--read-timeout", "1.5")
    try:
        header_drip = _dripper(running.port, b"GET /health HTTP/1.1\r\nHost: 127.0.0.1\r\nX-Slow: ")
        body_drip = _dripper(
            running.port,
            b"POST /reset HTTP/1.1\r\nHost: 127.0.0.1\r\nContent-Type: "
            b'application/json\r\nContent-Length: 1000\r\n\r\n{"scene": "',
        )
        assert _closed_within(header_drip, 10) < 5
        assert _closed_within(body_drip, 10) < 5
    finally:
        output = running.stop()
    assert "Traceback" not in output


def test_connections_beyond_the_limit_wait_then_get_503(scenes_dir: Path, tmp_path: Path) -> None:
    running = Server(scenes_dir, tmp_path, "--max-connections", "2", "--read-timeout", "8")
    drippers = [_dripper(running.port, b"GET /health HTTP/1.1\r\n") for _ in range(2)]
    try:
        time.sleep(0.3)
        started = time.monotonic()
        reply = httpx.get(running.url + "/health", trust_env=False, timeout=30)
        waited = time.monotonic() - started
        assert reply.status_code == 503 and reply.json()["kind"] == "too_many_connections"
        assert 1.5 < waited < 6
        for sock in drippers:
            sock.close()
        time.sleep(0.3)
        assert httpx.get(running.url + "/health", trust_env=False, timeout=30).status_code == 200
    finally:
        for sock in drippers:
            sock.close()
        running.stop()


@pytest.mark.parametrize(
    ("value", "name"),
    [
        ("localhost:8765", "localhost"),
        ("[::1]:80", "::1"),
        ("::1", "::1"),
        ("Example.COM.", "example.com"),
        ("127.0.0.1", "127.0.0.1"),
        ("", ""),
    ],
)
def test_host_names_are_read_without_port_or_brackets(value: str, name: str) -> None:
    assert host_name(value) == name


def test_the_guard_allows_loopback_and_named_hosts_only() -> None:
    guard = RequestGuard(["Sim.Internal"])
    allowed = guard.check("GET", "sim.internal:8765", None, None, None, has_body=False)
    assert allowed is None
    assert guard.check("GET", None, None, None, None, has_body=False) is not None
    assert guard.check("GET", "10.0.0.5", None, None, None, has_body=False) is not None
    assert (
        guard.check("POST", "localhost", None, None, "application/json; charset=utf-8", has_body=True) is None
    )
    assert guard.check("POST", "localhost", None, None, None, has_body=False) is None
