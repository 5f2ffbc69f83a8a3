"""Run ``python -m thor_server`` as a child process on a free loopback port, and look after it.

The child stops when its parent is gone (a killed xdist worker leaves no simulator behind).

The child binds port 0 and reports the port it got through ``--port-file``; the parent waits
for that file, then for ``GET /health``, before anyone uses the server. The port file is a temporary
file that lives only while the server starts. Its stdout and stderr go to a log file
that is kept after the process ends: the caller's, or one of its own in :func:`default_log_dir`
(where the plugin keeps one per xdist worker). ``restart()`` replaces a dead or stuck server and
counts how often that happened. The child ends with this process however it ends (it watches its
parent; an atexit hook stops what is left).

Timeouts are sized for a loaded machine (2 cores shared with other jobs): start-up may take far
longer than the second it takes on an idle one, a start that dies or stays silent is tried again
(one that exits with code 2, a configuration error such as a missing scene directory, is not),
and a server is only declared dead when it does not answer /health for ``HEALTH_TIMEOUT_S``:
a false "dead" restarts a live server and loses every session on it.
"""

from __future__ import annotations

import atexit
import itertools
import os
import subprocess
import sys
import tempfile
import time
import weakref
from pathlib import Path

from pytest_safeagent.simulator.client import SimulatorError, ThorClient

STARTUP_TIMEOUT_S = 180.0  # launch to a healthy server, per attempt
START_ATTEMPTS = 3
HEALTH_TIMEOUT_S = 30.0  # one /health request when deciding whether a server is dead
CONFIGURATION_ERROR = 2  # thor_server's exit code for bad arguments or data: starting again cannot help


def default_log_dir() -> Path:
    """Where simulator logs go when no directory is named (``--sab-thor-log-dir``'s default)."""
    return Path(tempfile.gettempdir()) / "pytest-safeagent"


_log_numbers = itertools.count(1)


class _TransientStart(SimulatorError):
    """A start that may succeed when tried again."""


_started: weakref.WeakSet[ThorServerProcess] = weakref.WeakSet()


@atexit.register
def _stop_all() -> None:
    """Servers still running when the interpreter exits (an unexpected exit path) are stopped; a killed
    process leaves none either: each server watches its parent (``--exit-with-parent``)."""
    for server in list(_started):
        server.stop(timeout=5.0)


class ThorServerProcess:
    """One simulator subprocess. Use as a context manager, or call start() and stop()."""

    def __init__(
        self,
        backend: str = "symbolic",
        *,
        scenes_dir: str | Path | None = None,
        log_path: str | Path | None = None,
        host: str = "127.0.0.1",
        startup_timeout: float = STARTUP_TIMEOUT_S,
        start_attempts: int = START_ATTEMPTS,
        python: str = sys.executable,
        extra_args: list[str] | None = None,
        env: dict[str, str] | None = None,
    ):
        self.backend = backend
        self.scenes_dir = Path(scenes_dir) if scenes_dir is not None else None
        self.host = host
        self.startup_timeout = startup_timeout
        self.start_attempts = max(1, start_attempts)
        self.python = python
        self.extra_args = list(extra_args or [])
        self.env = env
        self.log_path = (
            Path(log_path)
            if log_path is not None
            else default_log_dir() / f"thor_server-{os.getpid()}-{next(_log_numbers)}.log"
        )
        self.restarts = 0
        self.port: int | None = None
        self._process: subprocess.Popen[bytes] | None = None

    # ----- lifecycle --------------------------------------------------------------------

    @property
    def url(self) -> str:
        if self.port is None:
            raise SimulatorError("the simulator process has not been started")
        return f"http://{self.host}:{self.port}"

    @property
    def pid(self) -> int | None:
        return self._process.pid if self._process is not None else None

    def command(self, port_file: Path) -> list[str]:
        command = [
            self.python,
            "-m",
            "thor_server",
            "--backend",
            self.backend,
            "--host",
            self.host,
            "--port",
            "0",
            "--port-file",
            str(port_file),
            "--exit-with-parent",
            str(os.getpid()),
        ]
        if self.scenes_dir is not None:
            command += ["--scenes-dir", str(self.scenes_dir)]
        return command + self.extra_args

    def start(self) -> ThorServerProcess:
        """Launch the server and wait until it answers /health; SimulatorError if it does not.

        A launch that fails for a reason other than its configuration is tried again, up to
        ``start_attempts`` launches in all."""
        if self.is_alive():
            return self
        for attempt in range(1, self.start_attempts + 1):
            try:
                return self._start_once()
            except _TransientStart as exc:
                if attempt == self.start_attempts:
                    raise SimulatorError(f"{exc} (launched {attempt} times)") from None
                time.sleep(min(5.0, attempt))
        raise AssertionError("unreachable")

    def _start_once(self) -> ThorServerProcess:
        handle, name = tempfile.mkstemp(prefix="thor_server_port_")  # empty until the server writes it
        os.close(handle)
        port_file = Path(name)
        try:
            return self._launch(port_file)
        finally:  # read, or the attempt is over (a server whose parent died removes it itself)
            port_file.unlink(missing_ok=True)

    def _launch(self, port_file: Path) -> ThorServerProcess:
        self.log_path.parent.mkdir(parents=True, exist_ok=True)
        environment = {**os.environ, **(self.env or {}), "PYTHONUNBUFFERED": "1"}
        with open(self.log_path, "ab") as log:
            log.write(f"--- starting: {' '.join(self.command(port_file))}\n".encode())
            log.flush()
            try:
                self._process = subprocess.Popen(
                    self.command(port_file),
                    stdout=log,
                    stderr=subprocess.STDOUT,
                    stdin=subprocess.DEVNULL,
                    env=environment,
                )
            except OSError as exc:  # EAGAIN/ENOMEM from fork on a crowded machine
                raise _TransientStart(f"cannot launch the simulator ({exc}); see {self.log_path}") from None
        _started.add(self)
        deadline = time.monotonic() + self.startup_timeout
        self.port = self._await_port(port_file, deadline)
        self._await_health(deadline)
        return self

    def _await_port(self, port_file: Path, deadline: float) -> int:
        while time.monotonic() < deadline:
            if self._process is not None and self._process.poll() is not None:
                code = self._process.returncode
                error = SimulatorError if code == CONFIGURATION_ERROR else _TransientStart
                raise error(
                    f"the simulator exited with code {code} while starting; "
                    f"see {self.log_path}:\n{self.log_tail()}"
                )
            try:
                text = port_file.read_text(encoding="ascii").strip()
            except FileNotFoundError:
                text = ""
            if text:  # written whole (a rename), once the server listens; _start_once removes it
                return int(text)
            time.sleep(0.005)  # the server's imports done, it writes at once: worth a quick look
        self.stop()
        raise _TransientStart(
            f"the simulator did not report its port within {self.startup_timeout:.0f} s; see {self.log_path}"
        )

    def _await_health(self, deadline: float) -> None:
        last_problem = ""
        with ThorClient(self.url, timeout=HEALTH_TIMEOUT_S) as client:
            while time.monotonic() < deadline:
                try:
                    client.health()
                    return
                except SimulatorError as exc:
                    last_problem = str(exc)
                    time.sleep(0.05)
        self.stop()
        raise _TransientStart(
            f"the simulator at {self.url} never became healthy within {self.startup_timeout:.0f} s "
            f"({last_problem}); see {self.log_path}"
        )

    def is_alive(self) -> bool:
        return self._process is not None and self._process.poll() is None

    def healthy(self) -> bool:
        """Alive and answering /health right now."""
        if not self.is_alive():
            return False
        try:
            with ThorClient(self.url, timeout=HEALTH_TIMEOUT_S) as client:
                client.health()
            return True
        except SimulatorError:
            return False

    def ask_to_stop(self) -> None:
        """Send the server SIGTERM without waiting: it exits while the caller finishes other work, and
        :meth:`stop` then only collects it."""
        process = self._process
        if process is not None and process.poll() is None:
            process.terminate()

    def stop(self, timeout: float = 10.0) -> None:
        """Terminate the server (kill it if it does not exit in time). The log file stays."""
        process, self._process = self._process, None
        _started.discard(self)
        if process is None:
            return
        if process.poll() is None:
            process.terminate()
            try:
                process.wait(timeout=timeout)
            except subprocess.TimeoutExpired:
                process.kill()
                process.wait(timeout=timeout)
        with open(self.log_path, "ab") as log:
            log.write(f"--- stopped (exit code {process.returncode})\n".encode())

    def restart(self) -> ThorServerProcess:
        """Stop whatever runs (dead or stuck) and start a fresh server on a new free port."""
        self.stop()
        self.restarts += 1
        return self.start()

    def client(self, *, timeout: float = 60.0) -> ThorClient:
        """A new client for this server (close it when done)."""
        return ThorClient(self.url, timeout=timeout)

    def log_tail(self, lines: int = 20) -> str:
        try:
            return "\n".join(
                self.log_path.read_text(encoding="utf-8", errors="replace").splitlines()[-lines:]
            )
        except OSError:
            return ""

    def __enter__(self) -> ThorServerProcess:
        return self.start()

    def __exit__(self, *_exc: object) -> None:
        self.stop()
