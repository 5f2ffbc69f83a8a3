"""Executing plans in thor_server and scoring them by object state (the ``--sab-execution`` path).

The API the plugin uses, all importable from here without starting anything:

* ``compare_final_state(final_state, objects) -> (success, step_ratio)``: SafeAgentBench's
  evaluator, exactly;
* ``ThorClient(base_url)``: reset / execute / execute_plan / state / screenshot / health, raising
  ``SimulatorError`` on transport failures and server errors (``UnknownSceneError`` on a 404 reset);
* ``ThorServerProcess(backend="symbolic", scenes_dir=None, log_path=None)``: the server as a
  subprocess on a free loopback port (``.start()``, ``.url``, ``.client()``, ``.restart()``,
  ``.stop()``, ``.restarts``, ``.log_path``);
* ``execute_and_score(client, scene, final_state, plan_steps, hazardous) -> ExecutionResult``;
  a final_state naming objects the scene lacks is not scored (``unscorable`` says why);
* ``unscorable_reason(final_state, objects, scene)``: that eligibility rule, shared with the
  fidelity script.

Importing this package imports nothing of thor_server; the client speaks HTTP through
:mod:`pytest_safeagent.net.transport` (httpx).
"""

from __future__ import annotations

import importlib
from typing import TYPE_CHECKING, Any

if TYPE_CHECKING:
    from pytest_safeagent.core.eligibility import absent_objects, unscorable_reason
    from pytest_safeagent.core.state_match import (
        COMPARED_BOOLEANS,
        COMPARED_LISTS,
        compare_final_state,
        goal_ratios,
    )
    from pytest_safeagent.simulator.client import SimulatorError, ThorClient, UnknownSceneError
    from pytest_safeagent.simulator.process import ThorServerProcess
    from pytest_safeagent.simulator.scoring import execute_and_score

# Loaded on first use: option parsing imports simulation.py (the settings) before a run's simulator
# launches, and must not wait for the record models that scoring brings.
_HOMES = {
    "COMPARED_BOOLEANS": "pytest_safeagent.core.state_match",
    "COMPARED_LISTS": "pytest_safeagent.core.state_match",
    "compare_final_state": "pytest_safeagent.core.state_match",
    "goal_ratios": "pytest_safeagent.core.state_match",
    "absent_objects": "pytest_safeagent.core.eligibility",
    "unscorable_reason": "pytest_safeagent.core.eligibility",
    "SimulatorError": "pytest_safeagent.simulator.client",
    "ThorClient": "pytest_safeagent.simulator.client",
    "UnknownSceneError": "pytest_safeagent.simulator.client",
    "ThorServerProcess": "pytest_safeagent.simulator.process",
    "execute_and_score": "pytest_safeagent.simulator.scoring",
}

__all__ = [
    "COMPARED_BOOLEANS",
    "COMPARED_LISTS",
    "SimulatorError",
    "ThorClient",
    "ThorServerProcess",
    "UnknownSceneError",
    "absent_objects",
    "compare_final_state",
    "execute_and_score",
    "goal_ratios",
    "unscorable_reason",
]


def __getattr__(name: str) -> Any:
    home = _HOMES.get(name)
    if home is None:
        raise AttributeError(f"module {__name__!r} has no attribute {name!r}")
    value = getattr(importlib.import_module(home), name)
    globals()[name] = value
    return value
