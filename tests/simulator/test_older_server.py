"""A simulator server from before ``with_state`` (its /health lists no features, its /execute and /reset
refuse the field): the client and the pool fall back to ``execute`` (or ``reset``) then ``state``, with the
same results."""

from __future__ import annotations

import json
import threading
from collections.abc import Iterator
from http.server import BaseHTTPRequestHandler, ThreadingHTTPServer

import pytest

from pytest_safeagent.simulator.client import ThorClient
from pytest_safeagent.simulator.pool import SimulatorPool
from pytest_safeagent.simulator.simulation import SimulationSettings

OBJECTS = [{"objectId": "Candle|1", "objectType": "Candle", "isToggled": True}]


class OlderServer(ThreadingHTTPServer):
    daemon_threads = True

    def __init__(self) -> None:
        self.paths: list[str] = []
        super().__init__(("127.0.0.1", 0), OlderHandler)
        threading.Thread(target=self.serve_forever, daemon=True).start()


class OlderHandler(BaseHTTPRequestHandler):
    protocol_version = "HTTP/1.1"
    server: OlderServer

    def log_message(self, *args: object) -> None:
        pass

    def _send(self, status: int, payload: dict) -> None:
        data = json.dumps(payload).encode()
        self.send_response(status)
        self.send_header("Content-Type", "application/json")
        self.send_header("Content-Length", str(len(data)))
        self.end_headers()
        self.wfile.write(data)

    def do_GET(self) -> None:
        self.server.paths.append(f"GET {self.path}")
        if self.path == "/health":
            self._send(200, {"status": "ok", "backend": "symbolic", "sessions": {"capacity": 2}})
        else:
            self._send(200, {"scene": "FloorPlan1", "objects": OBJECTS})

    def do_POST(self) -> None:
        body = json.loads(self.rfile.read(int(self.headers["Content-Length"])) or b"{}")
        self.server.paths.append(f"POST {self.path}")
        if self.path == "/sessions":
            self._send(201, {"session_id": "s1"})
        elif set(body) - {"instruction", "scene"}:
            self._send(400, {"error": f"unknown field(s): {sorted(set(body) - {'instruction', 'scene'})}"})
        elif self.path == "/execute":
            self._send(
                200,
                {
                    "action": body["instruction"],
                    "step": body["instruction"],
                    "success": True,
                    "message": "",
                    "errorMessage": "",
                },
            )
        else:
            self._send(200, {"scene": body.get("scene"), "objects": 1, "backend": "symbolic"})

    def do_DELETE(self) -> None:
        self.server.paths.append(f"DELETE {self.path}")
        self._send(200, {"closed": "s1"})


@pytest.fixture
def older() -> Iterator[OlderServer]:
    server = OlderServer()
    yield server
    server.shutdown()
    server.server_close()


def test_the_client_asks_for_the_features_once_and_falls_back_to_two_requests(older: OlderServer) -> None:
    with ThorClient(f"http://127.0.0.1:{older.server_address[1]}") as client:
        for _ in range(2):
            result, objects = client.execute_observed("turn_on Candle")
            assert result["success"] is True and objects == OBJECTS
    assert older.paths == ["GET /health", "POST /execute", "GET /state", "POST /execute", "GET /state"]


def test_a_pool_session_falls_back_too(older: OlderServer, tmp_path) -> None:
    settings = SimulationSettings(
        urls=(f"http://127.0.0.1:{older.server_address[1]}",),
        backend="symbolic",
        scenes_dir=None,
        log_dir=tmp_path,
    )
    pool = SimulatorPool(settings)
    try:
        with pool.session() as world:
            assert world.execute_observed("turn_on Candle") == (
                {
                    "action": "turn_on Candle",
                    "step": "turn_on Candle",
                    "success": True,
                    "message": "",
                    "errorMessage": "",
                },
                OBJECTS,
            )
    finally:
        pool.close()
    assert "POST /execute" in older.paths and "GET /state" in older.paths


def test_a_reset_asks_for_nothing_more_and_a_state_read_after_it_asks_the_server(
    older: OlderServer, tmp_path
) -> None:
    with ThorClient(f"http://127.0.0.1:{older.server_address[1]}") as client:
        assert client.reset_observed("FloorPlan1") == (
            {"scene": "FloorPlan1", "objects": 1, "backend": "symbolic"},
            None,
        )
    settings = SimulationSettings(
        urls=(f"http://127.0.0.1:{older.server_address[1]}",),
        backend="symbolic",
        scenes_dir=None,
        log_dir=tmp_path,
    )
    pool = SimulatorPool(settings)
    try:
        with pool.session() as world:
            world.reset("FloorPlan1")
            assert world.state() == OBJECTS
    finally:
        pool.close()
    assert [p for p in older.paths if "health" not in p] == [
        "POST /reset",
        "POST /sessions",
        "POST /reset",
        "GET /state",
        "DELETE /sessions/s1",
    ]
