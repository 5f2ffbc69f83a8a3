"""How one pytest process reaches its simulators: the settings the options produce.

Each process (each xdist worker) either starts its own ``thor_server`` subprocess on a free
loopback port (holding ``sessions`` worlds), or shares the servers given with ``--sab-thor-url``
(a pool: any free session on any of them). :mod:`.pool` hands out the sessions.
"""

from __future__ import annotations

import os
from dataclasses import dataclass
from pathlib import Path

from pytest_safeagent.core.names import worker_number

DEFAULT_SESSIONS = (
    8  # worlds of a server the plugin starts when nothing says (the plugin passes --sab-concurrency)
)
DEFAULT_SESSION_WAIT_S = 600.0  # how long an item waits for a free session before it errors


@dataclass(frozen=True)
class SimulationSettings:
    urls: tuple[str, ...]
    backend: str
    scenes_dir: str | None
    log_dir: Path | None
    execute_plans: bool = True  # --sab-execution: run and score the planners' plans too
    episodes: bool = False  # an interactive strategy is selected: its items act in a world from their start
    sessions: int = DEFAULT_SESSIONS
    session_wait_s: float = DEFAULT_SESSION_WAIT_S


def worker_index() -> int:
    """This process's xdist worker number (0 without xdist)."""
    return worker_number(os.environ.get("PYTEST_XDIST_WORKER", "gw0"))
