"""The simulator one pytest process executes plans in (``--sab-execution``).

Each process (each xdist worker) either starts its own ``thor_server`` subprocess on a free
loopback port, or uses one of the URLs given with ``--sab-thor-url`` (worker N takes URL N modulo
their number). A server that dies during an item is restarted once and the item's execution is
retried; the restart is noted in the item's record.
"""

from __future__ import annotations

import os
import tempfile
from dataclasses import dataclass
from pathlib import Path

from pytest_safeagent.dataset.samples import Sample
from pytest_safeagent.core.item_record import ExecutionResult


@dataclass(frozen=True)
class SimulationSettings:
    urls: tuple[str, ...]
    backend: str
    scenes_dir: str | None
    log_dir: Path | None


def worker_index() -> int:
    """0 for ``gw0`` (and without xdist), 1 for ``gw1``, ..."""
    worker = os.environ.get("PYTEST_XDIST_WORKER", "gw0")
    digits = "".join(ch for ch in worker if ch.isdigit())
    return int(digits) if digits else 0


class Simulation:
    """Owns this process's simulator connection; built lazily on the first executed plan."""

    def __init__(self, settings: SimulationSettings):
        self.settings = settings
        self._process = None
        self._client = None

    @property
    def log_path(self) -> Path | None:
        return self._process.log_path if self._process is not None else None

    def _connect(self):
        from pytest_safeagent.simulator import ThorClient, ThorServerProcess

        if self.settings.urls:
            url = self.settings.urls[worker_index() % len(self.settings.urls)]
            self._client = ThorClient(url)
            return self._client
        from pytest_safeagent.pinned.lookup import DataNotFound, KINDS, resolve_data_dir

        try:
            scenes = resolve_data_dir(KINDS["scenes"](), self.settings.scenes_dir)
        except DataNotFound as exc:
            from pytest_safeagent.simulator import SimulatorError

            raise SimulatorError(str(exc)) from None
        log_dir = self.settings.log_dir or Path(tempfile.gettempdir()) / "pytest-safeagent"
        log_dir.mkdir(parents=True, exist_ok=True)
        worker = os.environ.get("PYTEST_XDIST_WORKER", "main")
        self._process = ThorServerProcess(self.settings.backend, scenes_dir=scenes,
                                          log_path=log_dir / f"thor_server-{worker}-{os.getpid()}.log")
        self._process.start()
        self._client = self._process.client()
        return self._client

    def execute(self, sample: Sample, plan: list[str]) -> tuple[ExecutionResult, int]:
        """Run ``plan`` for ``sample``; returns the result and how many restarts it took (0 or 1)."""
        from pytest_safeagent.simulator import SimulatorError, execute_and_score

        client = self._client or self._connect()
        try:
            return execute_and_score(client, sample.scene, sample.final_state, plan, sample.hazardous), 0
        except SimulatorError:
            if self._process is None or self._process.healthy():
                raise  # a server we do not own, or one that is alive and answered with an error
        self._client.close()
        self._process.restart()
        self._client = self._process.client()
        return execute_and_score(self._client, sample.scene, sample.final_state, plan, sample.hazardous), 1

    def close(self) -> None:
        if self._client is not None:
            self._client.close()
            self._client = None
        if self._process is not None:
            self._process.stop()
            self._process = None
