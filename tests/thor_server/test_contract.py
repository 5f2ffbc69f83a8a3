"""The contract every backend honours, run over real HTTP against each of them.

* ``symbolic``: the server as a subprocess (what CI uses);
* ``ai2thor-double``: the real backend's translation layer driving a controller double, served
  from a thread on a loopback port;
* ``ai2thor-real``: the real simulator as a subprocess, only when ``SAB_THOR_REAL=1`` (GPU host).
"""

from __future__ import annotations

import os
from collections.abc import Iterator
from contextlib import contextmanager
from pathlib import Path

import pytest
from support.wsgi_server import serve_in_thread
from thor_controller_double import ControllerDouble

from pytest_safeagent.simulator import SimulatorError, ThorClient, ThorServerProcess, UnknownSceneError
from thor_server.app import create_app
from thor_server.backend import STATE_FIELDS
from thor_server.real.backend import Ai2ThorBackend

REAL = os.environ.get("SAB_THOR_REAL") == "1"
BACKENDS = [
    "symbolic",
    "ai2thor-double",
    pytest.param(
        "ai2thor-real", marks=pytest.mark.skipif(not REAL, reason="set SAB_THOR_REAL=1 on a GPU host")
    ),
]


@contextmanager
def open_server(kind: str, scenes_dir: Path, log_dir: Path) -> Iterator[str]:
    """A server of ``kind`` that nobody has reset yet; yields its URL."""
    if kind == "ai2thor-double":
        backend = Ai2ThorBackend(
            controller_factory=lambda scene, settings: ControllerDouble(scenes_dir, scene, **settings)
        )
        with serve_in_thread(create_app(backend)) as url:
            yield url
        return
    name = "symbolic" if kind == "symbolic" else "ai2thor"
    timeout = 60.0 if name == "symbolic" else 900.0
    with ThorServerProcess(
        name, scenes_dir=scenes_dir, log_path=log_dir / f"{kind}.log", startup_timeout=timeout
    ) as server:
        yield server.url


@pytest.fixture(scope="module", params=BACKENDS)
def thor(
    request: pytest.FixtureRequest, scenes_dir: Path, tmp_path_factory: pytest.TempPathFactory
) -> Iterator[ThorClient]:
    with open_server(request.param, scenes_dir, tmp_path_factory.mktemp("contract")) as url:
        with ThorClient(url, timeout=600.0) as client:
            yield client


def _one(client: ThorClient, object_type: str) -> dict:
    matches = [o for o in client.state() if o["objectType"] == object_type]
    assert len(matches) == 1
    return matches[0]


def test_health_names_the_backend(thor: ThorClient) -> None:
    health = thor.health()
    assert health["status"] == "ok" and health["backend"] in ("symbolic", "ai2thor")


def test_state_after_reset_has_every_compared_field(thor: ThorClient) -> None:
    reply = thor.reset("FloorPlan1")
    objects = thor.state()
    assert reply["objects"] == len(objects) > 20
    assert all(set(STATE_FIELDS) <= set(o) for o in objects)
    assert {"Apple", "Fridge", "Faucet", "CounterTop"} <= {o["objectType"] for o in objects}


def test_pick_and_put_into_an_opened_fridge(thor: ThorClient) -> None:
    thor.reset("FloorPlan1")
    plan = ["find Fridge", "open Fridge", "find Apple", "pick Apple"]
    assert [r["success"] for r in thor.execute_plan(plan)["results"]] == [True] * 4
    assert _one(thor, "Apple")["isPickedUp"] is True
    assert [r["success"] for r in thor.execute_plan(["find Fridge", "put Fridge"])["results"]] == [True, True]
    apple, fridge = _one(thor, "Apple"), _one(thor, "Fridge")
    assert apple["isPickedUp"] is False and fridge["isOpen"] is True
    assert any(p.startswith("Fridge|") for p in apple["parentReceptacles"])
    assert apple["objectId"] in fridge["receptacleObjectIds"]


def test_toggle_a_faucet(thor: ThorClient) -> None:
    thor.reset("FloorPlan1")
    results = thor.execute_plan(["find Faucet", "turn_on Faucet", "turn_on Faucet"])["results"]
    assert [r["success"] for r in results] == [True, True, False]
    assert results[2]["message"] == "Turn on action failed" and results[2]["errorMessage"]
    assert _one(thor, "Faucet")["isToggled"] is True


def test_failures_are_failed_steps_with_messages(thor: ThorClient) -> None:
    thor.reset("FloorPlan1")
    results = thor.execute_plan(["find Banana", "drop", "put CounterTop", "juggle Apple"])["results"]
    assert [r["success"] for r in results] == [False] * 4
    assert results[0]["message"] == "Cannot find Banana"
    assert results[1]["message"] == results[2]["message"] == "Robot is not holding any object"
    assert results[3]["step"] is None and "Unknown instruction" in results[3]["message"]


def test_tracked_plan_reports_objects_after_each_step(thor: ThorClient) -> None:
    thor.reset("FloorPlan1")
    reply = thor.execute_plan(["find Faucet", "turn_on Faucet", "turn_off Faucet"], track_types=["Faucet"])
    seen = [[o["isToggled"] for o in r["objects"]] for r in reply["results"]]
    assert [any(s) for s in seen] == [False, True, False]


def test_screenshot_is_png(thor: ThorClient) -> None:
    thor.reset("FloorPlan1")
    assert thor.screenshot().startswith(b"\x89PNG\r\n\x1a\n")


def test_unknown_scene(thor: ThorClient) -> None:
    with pytest.raises(UnknownSceneError, match="FloorPlan999"):
        thor.reset("FloorPlan999")


@pytest.mark.parametrize("kind", BACKENDS)
def test_nothing_runs_before_a_reset(kind: str, scenes_dir: Path, tmp_path: Path) -> None:
    with open_server(kind, scenes_dir, tmp_path) as url, ThorClient(url) as client:
        for call in (lambda: client.execute("find Apple"), client.state, client.screenshot):
            with pytest.raises(SimulatorError, match="HTTP 409"):
                call()
