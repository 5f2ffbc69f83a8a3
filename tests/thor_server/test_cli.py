"""``python -m thor_server`` as a real subprocess: port file, health, clean stop, startup errors."""

from __future__ import annotations

import importlib.util
import os
import signal
import subprocess
import sys
import time
from pathlib import Path

import httpx
import pytest
from support.wsgi_server import serve_in_thread

from pytest_safeagent.simulator import SimulatorError, ThorClient
from thor_server.__main__ import remove_port_file, write_port_file
from thor_server.app import create_app
from thor_server.backend import BackendError
from thor_server.real.backend import Ai2ThorBackend


def wait_for(path: Path, process: subprocess.Popen, timeout: float = 30.0) -> str:
    deadline = time.monotonic() + timeout
    while time.monotonic() < deadline:
        if path.exists():
            return path.read_text()
        assert process.poll() is None, process.communicate()
        time.sleep(0.02)
    raise AssertionError("no port file")


def test_serves_on_the_port_it_writes_and_stops_on_sigterm(scenes_dir: Path, tmp_path: Path) -> None:
    port_file = tmp_path / "sub" / "port"
    process = subprocess.Popen(
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
        ],
        stdout=subprocess.PIPE,
        stderr=subprocess.STDOUT,
        text=True,
    )
    try:
        text = wait_for(port_file, process)
        assert text.endswith("\n") and int(text) > 0
        reply = httpx.get(f"http://127.0.0.1:{int(text)}/health", trust_env=False)
        assert reply.json()["backend"] == "symbolic"
        assert [p.name for p in port_file.parent.iterdir()] == ["port"]  # no temporary file left behind
    finally:
        process.send_signal(signal.SIGTERM)
        output, _ = process.communicate(timeout=15)
    assert process.returncode == 0
    assert "listening on http://127.0.0.1:" in output
    assert not port_file.exists()  # it named a port nobody serves any more


def _exited(pid: int) -> bool:
    """Gone, or a zombie nobody has reaped yet (an orphan's new parent may be slow to)."""
    try:
        with open(f"/proc/{pid}/stat", encoding="ascii") as stat:
            return stat.read().rsplit(")", 1)[1].split()[0] in ("Z", "X")
    except FileNotFoundError:
        return True
    except OSError:  # no /proc: ask the kernel whether the pid is there
        try:
            os.kill(pid, 0)
        except ProcessLookupError:
            return True
        return False


def test_a_server_whose_parent_died_while_it_started_leaves_no_port_file(
    scenes_dir: Path, tmp_path: Path
) -> None:
    """The parent (a killed pytest) never reads the port file; the server, exiting with its parent,
    removes it."""
    port_file = tmp_path / "port"
    parent = (
        "import subprocess, sys\n"
        "child = subprocess.Popen([sys.executable, '-m', 'thor_server', '--backend', 'symbolic',"
        " '--port', '0',"
        f" '--port-file', {str(port_file)!r}, '--scenes-dir', {str(scenes_dir)!r},"
        " '--exit-with-parent', str(__import__('os').getpid())], stdout=subprocess.DEVNULL,"
        " stderr=subprocess.DEVNULL)\n"
        "print(child.pid, flush=True)\n"
    )
    done = subprocess.run(
        [sys.executable, "-c", parent], capture_output=True, text=True, timeout=30, check=True
    )
    child = int(done.stdout)
    deadline = time.monotonic() + 60
    while time.monotonic() < deadline:
        if _exited(child):
            break
        time.sleep(0.05)
    else:
        os.kill(child, signal.SIGKILL)
        raise AssertionError("the server outlived its parent")
    assert not port_file.exists()


# Runs the server with one change: the first request thread's start() is followed, still inside
# start(), by the stop signal, the moment an earlier handler (that raised KeyboardInterrupt into the
# main thread) turned into a double-released connection slot and a server that never stopped.
SIGNAL_DURING_THREAD_START = """
import os, signal, sys, threading
stop = getattr(signal, sys.argv.pop(1))
real_start = threading.Thread.start
def start(self):
    real_start(self)
    if "process_request_thread" in self.name and not getattr(start, "done", False):
        start.done = True
        os.kill(os.getpid(), stop)
threading.Thread.start = start
from thor_server.__main__ import main
sys.exit(main(sys.argv[1:]))
"""


@pytest.mark.parametrize("stop", [signal.SIGTERM, signal.SIGINT])
def test_a_stop_signal_while_a_request_thread_starts_ends_the_server_cleanly(
    stop: signal.Signals, scenes_dir: Path, tmp_path: Path
) -> None:
    port_file = tmp_path / "port"
    process = subprocess.Popen(
        [sys.executable, "-c", SIGNAL_DURING_THREAD_START, stop.name, "--port", "0"]
        + ["--port-file", str(port_file), "--scenes-dir", str(scenes_dir)],
        stdout=subprocess.PIPE,
        stderr=subprocess.STDOUT,
        text=True,
    )
    try:
        port = int(wait_for(port_file, process))
        reply = httpx.get(f"http://127.0.0.1:{port}/health", trust_env=False, timeout=10)
        output, _ = process.communicate(timeout=15)
    finally:
        if process.poll() is None:
            process.kill()
    assert process.returncode == 0, output
    assert "Traceback" not in output, output
    assert reply.status_code == 200  # the request in flight is served before the server ends


def test_unusable_scene_directory_exits_with_a_message(tmp_path: Path) -> None:
    done = subprocess.run(
        [sys.executable, "-m", "thor_server", "--scenes-dir", str(tmp_path / "nowhere")],
        capture_output=True,
        text=True,
        timeout=60,
    )
    assert done.returncode == 2
    assert "cannot start the symbolic backend" in done.stderr and "nowhere" in done.stderr


@pytest.mark.skipif(importlib.util.find_spec("ai2thor") is not None, reason="ai2thor is installed here")
def test_ai2thor_backend_without_ai2thor_exits_with_install_hint() -> None:
    done = subprocess.run(
        [sys.executable, "-m", "thor_server", "--backend", "ai2thor"],
        capture_output=True,
        text=True,
        timeout=60,
    )
    assert done.returncode == 2
    assert "pip install 'pytest-safeagent[ai2thor]'" in done.stderr


def test_port_file_is_replaced_whole(tmp_path: Path) -> None:
    target = tmp_path / "port"
    target.write_text("garbage")
    write_port_file(target, 43210)
    assert target.read_text() == "43210\n"
    assert sorted(p.name for p in tmp_path.iterdir()) == ["port"]


def test_a_simulator_that_cannot_start_is_a_503(tmp_path: Path) -> None:
    def failing_factory(scene: str, settings: dict) -> None:
        raise BackendError("no GPU found")

    with serve_in_thread(create_app(Ai2ThorBackend(controller_factory=failing_factory))) as url:
        with ThorClient(url) as client:
            with pytest.raises(SimulatorError, match="HTTP 503: the simulator cannot work: no GPU found"):
                client.reset("FloorPlan1")
            assert client.health()["scene"] is None


def test_only_a_port_file_naming_the_port_is_removed(tmp_path: Path) -> None:
    mine, other, fifo = tmp_path / "mine", tmp_path / "other", tmp_path / "fifo"
    write_port_file(mine, 43210)
    write_port_file(other, 43211)
    os.mkfifo(fifo)  # read, it would block the server's exit: it is not opened at all
    for path in (mine, other, fifo):
        remove_port_file(path, 43210)
    assert not mine.exists() and other.exists() and fifo.exists()
