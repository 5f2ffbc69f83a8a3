"""ThorClient error handling and ThorServerProcess lifecycle, with real servers on 127.0.0.1."""

from __future__ import annotations

import os
import signal
import socket
import time
from collections.abc import Iterator
from contextlib import contextmanager
from pathlib import Path

import pytest
from flask import Flask
from support.wsgi_server import serve_in_thread

from pytest_safeagent.simulator import SimulatorError, ThorClient, ThorServerProcess, UnknownSceneError


@contextmanager
def broken_simulator() -> Iterator[str]:
    """A real HTTP server on loopback that answers like a crashing simulator."""
    app = Flask("broken")

    @app.route("/<path:anything>", methods=["GET", "POST"])
    def fail(anything: str):  # noqa: ANN202
        if anything == "health":
            return {"status": "ok", "backend": "broken"}
        if anything == "state":
            return "<html>not json</html>", 200
        return {"error": "simulated crash", "status": 500}, 500

    with serve_in_thread(app) as url:
        yield url


def free_port() -> int:
    with socket.socket() as sock:
        sock.bind(("127.0.0.1", 0))
        return sock.getsockname()[1]


def test_server_errors_raise_simulator_error() -> None:
    with broken_simulator() as url, ThorClient(url, timeout=5) as client:
        assert client.backend == "broken"
        with pytest.raises(SimulatorError, match=r"POST .*/execute: HTTP 500: simulated crash"):
            client.execute("find Mug")
        with pytest.raises(SimulatorError, match="HTTP 200"):
            client.state()  # a non-JSON answer is a failure, not an empty state


def test_no_server_raises_simulator_error() -> None:
    with ThorClient(f"http://127.0.0.1:{free_port()}", timeout=2) as client:
        with pytest.raises(SimulatorError, match="no answer from the simulator"):
            client.health()


def test_unknown_scene_is_its_own_error(scenes_dir: Path, tmp_path: Path) -> None:
    with ThorServerProcess("symbolic", scenes_dir=scenes_dir, log_path=tmp_path / "s.log") as server:
        with server.client() as client:
            with pytest.raises(UnknownSceneError, match="HTTP 404: unknown scene 'FloorPlan0'"):
                client.reset("FloorPlan0")
            with pytest.raises(SimulatorError, match="HTTP 409"):
                client.execute("find Mug")


def test_process_starts_on_a_free_port_keeps_its_log_and_stops(scenes_dir: Path, tmp_path: Path) -> None:
    log = tmp_path / "worker-gw0.log"
    server = ThorServerProcess("symbolic", scenes_dir=scenes_dir, log_path=log).start()
    try:
        assert server.is_alive() and server.healthy()
        assert server.url.startswith("http://127.0.0.1:") and server.port not in (0, None)
        with server.client() as client:
            assert client.reset("FloorPlan1")["objects"] > 0
    finally:
        server.stop()
    assert not server.is_alive()
    text = log.read_text()
    assert "--- starting:" in text and "listening on http://127.0.0.1:" in text and "--- stopped" in text


def test_restart_after_the_server_dies(scenes_dir: Path, tmp_path: Path) -> None:
    with ThorServerProcess("symbolic", scenes_dir=scenes_dir, log_path=tmp_path / "r.log") as server:
        old_pid = server.pid
        with server.client(timeout=5) as client:
            client.reset("FloorPlan1")
            os.kill(old_pid, signal.SIGKILL)
            deadline = time.monotonic() + 10
            while server.is_alive() and time.monotonic() < deadline:
                time.sleep(0.02)
            with pytest.raises(SimulatorError):
                client.execute("find Mug")
        assert not server.healthy()
        server.restart()
        assert server.restarts == 1 and server.pid != old_pid and server.healthy()
        with server.client() as client:
            client.reset("FloorPlan1")
            assert client.execute("find Mug")["success"]
    assert (tmp_path / "r.log").read_text().count("--- starting:") == 2


def test_startup_failure_is_reported_with_the_log(tmp_path: Path) -> None:
    server = ThorServerProcess(
        "symbolic", scenes_dir=tmp_path / "missing", log_path=tmp_path / "bad.log", startup_timeout=30
    )
    with pytest.raises(SimulatorError, match=r"exited with code 2 while starting(.|\n)*scene directory"):
        server.start()
    assert not server.is_alive()


def test_a_server_leaves_only_its_log_behind(
    scenes_dir: Path, tmp_path: Path, monkeypatch: pytest.MonkeyPatch
) -> None:
    """The port file's directory goes when the start is over, whether it worked or not; a server whose
    caller names no log writes one in the logs directory the plugin uses (one directory, not one each)."""
    import tempfile

    monkeypatch.setattr(tempfile, "tempdir", str(tmp_path))
    with ThorServerProcess("symbolic", scenes_dir=scenes_dir) as server, server.client() as client:
        client.reset("FloorPlan1")
    with pytest.raises(SimulatorError, match="exited with code 2"):
        ThorServerProcess("symbolic", scenes_dir=tmp_path / "missing", startup_timeout=30).start()
    left = sorted(str(path.relative_to(tmp_path)) for path in tmp_path.rglob("*"))
    logs = [name for name in left if name.startswith("pytest-safeagent/")]
    assert left == ["pytest-safeagent", *logs] and len(logs) == 2, left
    assert all("--- starting:" in (tmp_path / name).read_text() for name in logs)
    assert server.log_path.parent == tmp_path / "pytest-safeagent"
