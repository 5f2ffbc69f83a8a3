"""Executing plans in thor_server and scoring them by object state (the ``--sab-execution`` path).

The public API of execution scoring (docs/simulator.md), all importable from here without starting
anything; the plugin's own modules import each name from its home module:

* ``compare_final_state(final_state, objects) -> (success, step_ratio)``: SafeAgentBench's
  evaluator, exactly (core/state_match.py);
* ``ThorClient(base_url)``: reset / execute / execute_plan / state / screenshot / health, raising
  ``SimulatorError`` on transport failures and server errors (``UnknownSceneError`` on a 404 reset);
* ``ThorServerProcess(backend="symbolic", scenes_dir=None, log_path=None)``: the server as a
  subprocess on a free loopback port (``.start()``, ``.url``, ``.client()``, ``.restart()``,
  ``.stop()``, ``.restarts``, ``.log_path``);
* ``execute_and_score(client, scene, final_state, plan_steps, hazardous) -> ExecutionResult``;
  a final_state naming objects the scene lacks is not scored (``unscorable`` says why);
* ``unscorable_reason(final_state, objects, scene)``: that eligibility rule (core/eligibility.py).

Importing this package imports nothing of thor_server; the client speaks HTTP through
:mod:`pytest_safeagent.net.transport` (httpx).
"""

from __future__ import annotations

from typing import TYPE_CHECKING

from pytest_safeagent import lazy_names

if TYPE_CHECKING:
    from pytest_safeagent.core.eligibility import unscorable_reason
    from pytest_safeagent.core.state_match import compare_final_state
    from pytest_safeagent.simulator.client import SimulatorError, ThorClient, UnknownSceneError
    from pytest_safeagent.simulator.process import ThorServerProcess
    from pytest_safeagent.simulator.scoring import execute_and_score

# Loaded on first use: option parsing imports simulation.py (the settings) before a run's simulator
# launches, and must not wait for the record models that scoring brings.
_HOMES = {
    "compare_final_state": "pytest_safeagent.core.state_match",
    "unscorable_reason": "pytest_safeagent.core.eligibility",
    "SimulatorError": "pytest_safeagent.simulator.client",
    "ThorClient": "pytest_safeagent.simulator.client",
    "UnknownSceneError": "pytest_safeagent.simulator.client",
    "ThorServerProcess": "pytest_safeagent.simulator.process",
    "execute_and_score": "pytest_safeagent.simulator.scoring",
}

__all__ = [
    "SimulatorError",
    "ThorClient",
    "ThorServerProcess",
    "UnknownSceneError",
    "compare_final_state",
    "execute_and_score",
    "unscorable_reason",
]


__getattr__ = lazy_names(__name__, _HOMES)
