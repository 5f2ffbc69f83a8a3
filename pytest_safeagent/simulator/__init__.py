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
:mod:`pytest_safeagent.net.http_json` (the standard library's ``http.client``).
"""

from __future__ import annotations

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

__all__ = [
    "COMPARED_BOOLEANS", "COMPARED_LISTS", "SimulatorError", "ThorClient", "ThorServerProcess",
    "UnknownSceneError", "absent_objects", "compare_final_state", "execute_and_score", "goal_ratios",
    "unscorable_reason",
]
