"""One summary line when the simulator, not the model, bounded how many items were in flight.

Each process that plays items keeps, in its session pool, how many items had to wait for a free
simulator session and for how long (simulator/pool.py). An xdist worker sends its figures to the
controller in ``workeroutput``; the controller (or the single process) sums them and, when any item
waited, says so with the remedy: more worlds (``--sab-thor-sessions``) or more servers
(``--sab-thor-url``).
"""

from __future__ import annotations

from typing import Any

import pytest

from pytest_safeagent.plugin.run_state import RUN_STATE_KEY

PLUGIN_NAME = "safeagent-simulator-summary"
WORKEROUTPUT_KEY = "sab_simulator_sessions"


class SimulatorSummary:
    def __init__(self, config: pytest.Config, in_flight: int):
        self.config = config
        self.in_flight = in_flight
        self.figures: list[dict[str, Any]] = []

    def _own(self) -> dict[str, Any] | None:
        state = self.config.stash.get(RUN_STATE_KEY, None)
        pool = state.started_simulation if state is not None else None
        return pool.stats.to_json() if pool is not None else None

    def pytest_sessionfinish(self, session: pytest.Session) -> None:
        own = self._own()
        workeroutput = getattr(self.config, "workeroutput", None)
        if own is not None and workeroutput is not None:
            workeroutput[WORKEROUTPUT_KEY] = own
        elif own is not None:
            self.figures.append(own)

    @pytest.hookimpl(optionalhook=True)
    def pytest_testnodedown(self, node: Any, error: Any) -> None:
        figures = (getattr(node, "workeroutput", None) or {}).get(WORKEROUTPUT_KEY)
        if figures is not None:
            self.figures.append(figures)

    def pytest_terminal_summary(self, terminalreporter: Any) -> None:
        line = bound_line(self.figures, self.in_flight)
        if line is not None:
            terminalreporter.write_line(line, yellow=True)


def bound_line(figures: list[dict[str, Any]], in_flight: int) -> str | None:
    """The summary line, or None when no item waited for a session."""
    waited = sum(f["waited_items"] for f in figures)
    if not waited:
        return None
    wait_s = sum(f["wait_s"] for f in figures)
    capacity = max((f["capacity"] for f in figures), default=0)
    return (
        f"safeagent: the simulator, not the model, bounded the items in flight: {waited} items waited "
        f"{wait_s:.1f} s in total for a free session ({capacity} sessions per process for "
        f"--sab-concurrency {in_flight}); raise --sab-thor-sessions or add --sab-thor-url servers"
    )


def register(config: pytest.Config, in_flight: int) -> None:
    if not config.pluginmanager.has_plugin(PLUGIN_NAME):
        config.pluginmanager.register(SimulatorSummary(config, in_flight), PLUGIN_NAME)
