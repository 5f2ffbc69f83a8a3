"""The ai2thor backend's translation: which Controller actions each high-level step sends."""

from __future__ import annotations

import math
from pathlib import Path
from typing import Any

import pytest
from thor_controller_double import ControllerDouble

from thor_server.backend import NotResetError, UnknownSceneError
from thor_server.real.backend import Ai2ThorBackend
from thor_server.real.navigation import facing


@pytest.fixture
def made(scenes_dir: Path) -> list[ControllerDouble]:
    return []


@pytest.fixture
def backend(scenes_dir: Path, made: list[ControllerDouble]) -> Ai2ThorBackend:
    def factory(scene: str, settings: dict[str, Any]) -> ControllerDouble:
        controller = ControllerDouble(scenes_dir, scene, **settings)
        made.append(controller)
        return controller

    return Ai2ThorBackend(controller_factory=factory, width=320, height=240)


def actions(controller: ControllerDouble, since: int = 0) -> list[dict[str, Any]]:
    return [c for c in controller.calls[since:] if c["action"] not in ("reset",)]


def test_controller_is_created_lazily_with_the_settings(backend: Ai2ThorBackend, made: list) -> None:
    with pytest.raises(NotResetError):
        backend.execute("find Apple")
    with pytest.raises(UnknownSceneError):
        backend.reset("FloorPlan31")
    assert made == []
    backend.reset("FloorPlan1")
    assert made[0].settings == {
        "width": 320,
        "height": 240,
        "visibilityDistance": 1.5,
        "gridSize": 0.25,
        "platform": "cloud",
    }
    assert actions(made[0])[0] == {"action": "GetReachablePositions"}
    backend.reset("FloorPlan2")
    assert len(made) == 1 and made[0].calls[-2] == {"action": "reset", "scene": "FloorPlan2"}
    backend.close()
    assert made[0].stopped


def test_find_teleports_to_a_reachable_point_facing_the_object(backend: Ai2ThorBackend, made: list) -> None:
    backend.reset("FloorPlan1")
    mark = len(made[0].calls)
    assert backend.execute("find Kettle").success
    teleport = actions(made[0], mark)[0]
    assert teleport["action"] == "TeleportFull" and teleport["standing"] is True
    kettle = next(o for o in made[0].objects.values() if o["objectType"] == "Kettle")
    dx = kettle["position"]["x"] - teleport["position"]["x"]
    dz = kettle["position"]["z"] - teleport["position"]["z"]
    assert teleport["rotation"]["y"] == pytest.approx(math.degrees(math.atan2(dx, dz)) % 360)
    assert -30 <= teleport["horizon"] <= 60


def test_facing_geometry() -> None:
    yaw, horizon = facing((0.0, 0.0), 0.9, {"x": 1.0, "y": 0.9, "z": 0.0})
    assert yaw == pytest.approx(90.0) and horizon > 0  # east, and looking down from camera height
    yaw, _ = facing((0.0, 0.0), 0.9, {"x": 0.0, "y": 2.5, "z": -1.0})
    assert yaw == pytest.approx(180.0)


def test_object_actions_map_to_controller_actions(backend: Ai2ThorBackend, made: list) -> None:
    backend.reset("FloorPlan1")
    controller = made[0]
    steps = [
        "find Fridge",
        "open Fridge",
        "close Fridge",
        "find Faucet",
        "turn_on Faucet",
        "turn_off Faucet",
        "find Mug",
        "fillLiquid Mug wine",
        "emptyLiquid Mug",
        "dirty Mug",
        "clean Mug",
        "break Mug",
        "find Apple",
        "slice Apple",
        "find Potato",
        "cook Potato",
    ]
    for text in steps:
        outcome = backend.execute(text)
        assert outcome.success, (text, outcome)
    sent = [c for c in actions(controller) if c["action"] not in ("TeleportFull", "GetReachablePositions")]
    names = [c["action"] for c in sent]
    assert names == [
        "OpenObject",
        "CloseObject",
        "ToggleObjectOn",
        "ToggleObjectOff",
        "FillObjectWithLiquid",
        "EmptyLiquidFromObject",
        "DirtyObject",
        "CleanObject",
        "BreakObject",
        "SliceObject",
        "CookObject",
    ]
    assert sent[0]["openness"] == 1.0 and sent[1]["forceAction"] is True
    assert sent[4]["fillLiquid"] == "wine" and sent[4]["objectId"].startswith("Mug|")
    assert all("objectId" in c for c in sent)


def test_hand_actions(backend: Ai2ThorBackend, made: list) -> None:
    backend.reset("FloorPlan1")
    controller = made[0]
    assert backend.execute("drop").message == "Robot is not holding any object"
    for text in (
        "find Mug",
        "fillLiquid Mug water",
        "pick Mug",
        "pour",
        "throw",
        "find Apple",
        "pick Apple",
        "drop",
    ):
        assert backend.execute(text).success, text
    sent = {c["action"]: c for c in actions(controller)}
    assert sent["PickupObject"]["objectId"].startswith(("Mug|", "Apple|"))
    assert sent["RotateHeldObject"]["pitch"] == 90.0
    assert sent["ThrowObject"] == {"action": "ThrowObject", "moveMagnitude": 1500.0, "forceAction": True}
    assert sent["DropHandObject"] == {"action": "DropHandObject", "forceAction": True}
    mug = next(o for o in backend.state() if o["objectType"] == "Mug")
    assert mug["isFilledWithLiquid"] is False and mug["isBroken"] is True


def test_put_forces_placement_and_falls_back_to_the_sink_basin(backend: Ai2ThorBackend, made: list) -> None:
    backend.reset("FloorPlan1")
    controller = made[0]
    for text in ("find Mug", "pick Mug", "find Sink"):
        assert backend.execute(text).success
    mark = len(controller.calls)
    assert backend.execute("put Sink").success
    put = actions(controller, mark)[0]
    assert put == {
        "action": "PutObject",
        "objectId": "Sink|-01.90|+00.97|-01.50|SinkBasin",
        "forceAction": True,
        "placeStationary": True,
    }


def test_simulator_errors_become_failed_steps_with_the_simulator_message(
    backend: Ai2ThorBackend, made: list
) -> None:
    backend.reset("FloorPlan1")
    for text in ("find Apple", "pick Apple", "find Microwave"):
        assert backend.execute(text).success
    outcome = backend.execute("put Microwave")
    assert not outcome.success
    assert outcome.message == "Putting the object on Microwave failed"
    assert "CLOSED" in outcome.error_message
    hidden = backend.execute("find Egg")
    assert hidden.message == "Cannot find Egg" and "closed receptacle" in hidden.error_message


def test_state_projects_the_compared_fields(backend: Ai2ThorBackend) -> None:
    backend.reset("FloorPlan1")
    rows = backend.state(frozenset({"Apple"}))
    assert len(rows) == 1
    assert set(rows[0]) == {
        "objectId",
        "objectType",
        "isToggled",
        "isBroken",
        "isFilledWithLiquid",
        "isDirty",
        "isUsedUp",
        "isCooked",
        "isSliced",
        "isOpen",
        "isPickedUp",
        "isMoving",
        "parentReceptacles",
        "receptacleObjectIds",
        "fillLiquid",
    }
    assert backend.screenshot().startswith(b"\x89PNG")
