"""A stand-in for ``ai2thor.controller.Controller``, for testing the ai2thor backend without Unity.

It loads a real scene dump as its metadata and answers the low-level actions the backend sends
with AI2-THOR's documented preconditions (visibility, hand contents, closed receptacles,
capability flags) and basic effects. It records every call, so tests can check the exact
translation. Contextual interactions and physics are out of its scope.
"""

from __future__ import annotations

import json
import math
from pathlib import Path
from typing import Any

VISIBILITY = 1.5


class Event:
    def __init__(self, metadata: dict[str, Any]):
        self.metadata = metadata
        self.frame = _frame()


def _frame():  # noqa: ANN202 - a small RGB numpy array
    import numpy as np

    frame = np.zeros((48, 64, 3), dtype=np.uint8)
    frame[:, :, 1] = 120
    return frame


class ControllerDouble:
    """Answers ``step(action=..., **params)`` and ``reset(scene=...)`` from a scene dump."""

    def __init__(self, scenes_dir: Path, scene: str, **settings: Any):
        self.scenes_dir = Path(scenes_dir)
        self.settings = settings
        self.calls: list[dict[str, Any]] = []
        self.stopped = False
        self.reset(scene)

    # ----- the Controller surface the backend uses ----------------------------------------

    def reset(self, scene: str) -> Event:
        raw = json.loads((self.scenes_dir / f"{scene}_physics.json").read_text(encoding="utf-8"))
        self.objects = {oid: dict(obj) for oid, obj in raw.items()}
        for obj in self.objects.values():
            for key in ("parentReceptacles", "receptacleObjectIds"):
                if obj[key] is not None:
                    obj[key] = list(obj[key])
        self.agent = {"x": 0.0, "y": 0.9, "z": 0.0}
        self.inventory: list[str] = []
        self.calls.append({"action": "reset", "scene": scene})
        return self._event(True, "")

    def step(self, action: Any = None, **params: Any) -> Event:
        if isinstance(action, dict):
            params, action = {k: v for k, v in action.items() if k != "action"}, action["action"]
        self.calls.append({"action": action, **params})
        handler = getattr(self, f"_do_{action}", None)
        if handler is None:
            return self._event(False, f"Invalid action: {action}")
        return handler(**params)

    def stop(self) -> None:
        self.stopped = True

    @property
    def last_event(self) -> Event:
        return self._last

    # ----- helpers ------------------------------------------------------------------------

    def _event(self, ok: bool, error: str, action_return: Any = None) -> Event:
        for obj in self.objects.values():
            p = obj["position"]
            obj["distance"] = math.dist(
                (p["x"], p["y"], p["z"]), (self.agent["x"], self.agent["y"], self.agent["z"])
            )
            obj["visible"] = (
                math.hypot(p["x"] - self.agent["x"], p["z"] - self.agent["z"]) <= VISIBILITY
                and not self._hidden(obj)
            ) or obj["objectId"] in self.inventory
        metadata = {
            "lastActionSuccess": ok,
            "errorMessage": error,
            "actionReturn": action_return,
            "objects": [dict(o) for o in self.objects.values()],
            "inventoryObjects": [
                {"objectId": i, "objectType": self.objects[i]["objectType"]} for i in self.inventory
            ],
            "agent": {"position": dict(self.agent)},
        }
        self._last = Event(metadata)
        return self._last

    def _hidden(self, obj: dict[str, Any]) -> bool:
        return any(
            self.objects[p]["openable"] and not self.objects[p]["isOpen"]
            for p in obj["parentReceptacles"] or ()
            if p in self.objects
        )

    def _target(self, objectId: str, forceAction: bool = False) -> tuple[dict[str, Any] | None, str]:  # noqa: N803
        obj = self.objects.get(objectId)
        if obj is None:
            return None, f"Object ID appears to be invalid: {objectId}"
        if not forceAction and not obj["visible"]:
            return None, f"{objectId} is not visible"
        return obj, ""

    def _flag(
        self,
        objectId: str,
        capability: str,
        state: str,
        value: Any,
        already: str,  # noqa: N803
        **params: Any,
    ) -> Event:
        obj, error = self._target(objectId, params.get("forceAction", False))
        if obj is None:
            return self._event(False, error)
        if not obj[capability]:
            return self._event(False, f"{objectId} does not have the {capability} property")
        if obj[state] == value:
            return self._event(False, already)
        obj[state] = value
        return self._event(True, "")

    # ----- actions --------------------------------------------------------------------------

    def _do_GetReachablePositions(self) -> Event:  # noqa: N802
        points = []
        for obj in self.objects.values():
            p = obj["position"]
            points.append({"x": round(p["x"] + 0.75, 2), "y": 0.9, "z": round(p["z"], 2)})
        return self._event(True, "", points)

    def _do_TeleportFull(
        self,
        position: dict[str, float],
        rotation: dict[str, float],
        horizon: float,  # noqa: N802
        standing: bool,
    ) -> Event:
        self.agent = dict(position)
        return self._event(True, "")

    def _do_PickupObject(self, objectId: str, forceAction: bool = False) -> Event:  # noqa: N802, N803
        obj, error = self._target(objectId, forceAction)
        if obj is None:
            return self._event(False, error)
        if not obj["pickupable"]:
            return self._event(False, f"{objectId} must have the Pickupable property")
        if self.inventory:
            return self._event(False, "Agent hand is already holding an object")
        for parent in obj["parentReceptacles"] or ():
            self.objects[parent]["receptacleObjectIds"].remove(objectId)
        obj["parentReceptacles"], obj["isPickedUp"] = None, True
        self.inventory = [objectId]
        return self._event(True, "")

    def _do_PutObject(self, objectId: str, forceAction: bool = False, placeStationary: bool = True) -> Event:  # noqa: N802, N803
        if not self.inventory:
            return self._event(False, "Can't place an object if Agent isn't holding anything")
        target, error = self._target(objectId, forceAction)
        if target is None:
            return self._event(False, error)
        if not target["receptacle"]:
            return self._event(False, "This target object is NOT a receptacle!")
        if target["openable"] and not target["isOpen"]:
            return self._event(
                False, "Target openable Receptacle is CLOSED, can't place if target is not open!"
            )
        held = self.objects[self.inventory.pop()]
        held["isPickedUp"], held["parentReceptacles"] = False, [objectId]
        target["receptacleObjectIds"] = [*(target["receptacleObjectIds"] or []), held["objectId"]]
        return self._event(True, "")

    def _do_OpenObject(self, objectId: str, openness: float = 1.0, **params: Any) -> Event:  # noqa: N802, N803
        return self._flag(objectId, "openable", "isOpen", True, "object already open", **params)

    def _do_CloseObject(self, objectId: str, **params: Any) -> Event:  # noqa: N802, N803
        return self._flag(objectId, "openable", "isOpen", False, "object already closed", **params)

    def _do_ToggleObjectOn(self, objectId: str, **params: Any) -> Event:  # noqa: N802, N803
        return self._flag(
            objectId, "toggleable", "isToggled", True, "can't toggle object on if it's already on!", **params
        )

    def _do_ToggleObjectOff(self, objectId: str, **params: Any) -> Event:  # noqa: N802, N803
        return self._flag(
            objectId,
            "toggleable",
            "isToggled",
            False,
            "can't toggle object off if it's already off!",
            **params,
        )

    def _do_SliceObject(self, objectId: str, **params: Any) -> Event:  # noqa: N802, N803
        return self._flag(objectId, "sliceable", "isSliced", True, "object already sliced", **params)

    def _do_BreakObject(self, objectId: str, **params: Any) -> Event:  # noqa: N802, N803
        return self._flag(objectId, "breakable", "isBroken", True, "object already broken", **params)

    def _do_CookObject(self, objectId: str, **params: Any) -> Event:  # noqa: N802, N803
        return self._flag(objectId, "cookable", "isCooked", True, "object already cooked", **params)

    def _do_DirtyObject(self, objectId: str, **params: Any) -> Event:  # noqa: N802, N803
        return self._flag(objectId, "dirtyable", "isDirty", True, "object already dirty", **params)

    def _do_CleanObject(self, objectId: str, **params: Any) -> Event:  # noqa: N802, N803
        return self._flag(objectId, "dirtyable", "isDirty", False, "object already clean", **params)

    def _do_FillObjectWithLiquid(self, objectId: str, fillLiquid: str, **params: Any) -> Event:  # noqa: N802, N803
        event = self._flag(
            objectId, "canFillWithLiquid", "isFilledWithLiquid", True, "object already filled", **params
        )
        if event.metadata["lastActionSuccess"]:
            self.objects[objectId]["fillLiquid"] = fillLiquid
            return self._event(True, "")
        return event

    def _do_EmptyLiquidFromObject(self, objectId: str, **params: Any) -> Event:  # noqa: N802, N803
        return self._flag(
            objectId, "canFillWithLiquid", "isFilledWithLiquid", False, "object already empty", **params
        )

    def _release(self) -> dict[str, Any]:
        held = self.objects[self.inventory.pop()]
        held["isPickedUp"] = False
        return held

    def _do_DropHandObject(self, forceAction: bool = False) -> Event:  # noqa: N802, N803
        if not self.inventory:
            return self._event(False, "nothing in hand to drop")
        self._release()
        return self._event(True, "")

    def _do_ThrowObject(self, moveMagnitude: float, forceAction: bool = False) -> Event:  # noqa: N802, N803
        if not self.inventory:
            return self._event(False, "nothing in hand to throw")
        held = self._release()
        if held["breakable"]:
            held["isBroken"] = True
        return self._event(True, "")

    def _do_RotateHeldObject(self, pitch: float = 0.0, yaw: float = 0.0, roll: float = 0.0) -> Event:  # noqa: N802
        if not self.inventory:
            return self._event(False, "no held object to rotate")
        held = self.objects[self.inventory[0]]
        if abs(pitch) >= 90:
            held["isFilledWithLiquid"], held["fillLiquid"] = False, None
        return self._event(True, "")
