"""The ``ai2thor`` backend: each high-level step becomes one or a few Controller actions.

Object choice follows the shared targeting policy; navigation is in :mod:`.navigation`. The
low-level actions (PickupObject, PutObject, OpenObject, CloseObject, SliceObject,
ToggleObjectOn/Off, DropHandObject, ThrowObject, BreakObject, CookObject, DirtyObject,
CleanObject, FillObjectWithLiquid, EmptyLiquidFromObject, RotateHeldObject) are sent with the
documented parameters; PutObject and CloseObject use ``forceAction`` as SafeAgentBench does.
A step fails with a short message when the simulator reports ``lastActionSuccess`` false; its
``errorMessage`` is passed through.
"""

from __future__ import annotations

import io
import os
from collections.abc import Callable
from typing import Any

from pytest_safeagent.core.actions import Step

from .. import messages, targeting
from ..backend import STATE_FIELDS, BackendError, NotResetError, StepFailure, StepOutcome, UnknownSceneError
from ..instructions import describe_target, parse_instruction
from .navigation import candidate_positions, teleport_arguments

ITHOR_SCENES = frozenset(
    f"FloorPlan{n}" for block in (0, 200, 300, 400) for n in range(block + 1, block + 31)
)
THROW_MAGNITUDE = 1500.0  # the force SafeAgentBench throws with: hard enough to break what it hits
POUR_PITCHES = (90.0, 180.0)

# Object actions that are one Controller call on the chosen object: step -> (action, extra params).
SIMPLE_ACTIONS: dict[str, tuple[str, dict[str, Any]]] = {
    "open": ("OpenObject", {"openness": 1.0}),
    "close": ("CloseObject", {"forceAction": True}),
    "slice": ("SliceObject", {}),
    "turn_on": ("ToggleObjectOn", {}),
    "turn_off": ("ToggleObjectOff", {}),
    "break": ("BreakObject", {}),
    "cook": ("CookObject", {}),
    "dirty": ("DirtyObject", {}),
    "clean": ("CleanObject", {}),
    "emptyLiquid": ("EmptyLiquidFromObject", {}),
}

ControllerFactory = Callable[[str, dict[str, Any]], Any]


def cloud_rendering_controller(scene: str, settings: dict[str, Any]) -> Any:
    """An ai2thor 5.0.0 Controller rendering headless on the GPU (CloudRendering), or on $DISPLAY."""
    try:
        from ai2thor.controller import Controller
    except ImportError as exc:
        raise BackendError(
            f"ai2thor is not installed ({exc}); pip install 'pytest-safeagent[ai2thor]'"
        ) from None

    options = dict(settings)
    platform = options.pop("platform", "cloud")
    if platform == "cloud":
        from ai2thor.platform import CloudRendering

        options["platform"] = CloudRendering
    executable = os.environ.get("THOR_LOCAL_EXECUTABLE")
    if executable:
        options["local_executable_path"] = executable
    try:
        return Controller(scene=scene, **options)
    except Exception as exc:  # noqa: BLE001 - Unity failing to start is reported, whatever its form
        raise BackendError(f"the AI2-THOR controller could not start: {type(exc).__name__}: {exc}") from exc


class Ai2ThorBackend:
    """The real simulator behind the same API as the symbolic backend."""

    name = "ai2thor"

    def __init__(
        self,
        *,
        controller_factory: ControllerFactory | None = None,
        width: int = 640,
        height: int = 480,
        visibility_distance: float = 1.5,
        grid_size: float = 0.25,
        platform: str = "cloud",
    ):
        self._factory = controller_factory or cloud_rendering_controller
        self._settings = {
            "width": width,
            "height": height,
            "visibilityDistance": visibility_distance,
            "gridSize": grid_size,
            "platform": platform,
        }
        self.controller: Any = None
        self.scene: str | None = None
        self._reachable: list[dict[str, float]] = []
        self._numbers = targeting.InstanceNumbers()

    # ----- the Backend protocol ---------------------------------------------------------

    def reset(self, scene: str) -> dict[str, Any]:
        if scene not in ITHOR_SCENES:
            raise UnknownSceneError(
                f"unknown scene {scene!r}: iTHOR scenes are FloorPlan1-30, 201-230, 301-330, 401-430"
            )
        if self.controller is None:
            self.controller = self._factory(scene, dict(self._settings))
        else:
            self.controller.reset(scene=scene)
        self.scene = scene
        event = self.controller.step(action="GetReachablePositions")
        self._reachable = list(event.metadata.get("actionReturn") or [])
        self._numbers = targeting.InstanceNumbers()
        return {"scene": scene, "objects": len(self._objects()), "backend": self.name}

    def execute(self, instruction: str) -> StepOutcome:
        self._require_scene()
        step, problem = parse_instruction(instruction)
        if step is None:
            return StepOutcome(instruction, problem, "instruction outside the action grammar")
        try:
            self._dispatch(step)
        except StepFailure as failure:
            return StepOutcome(instruction, failure.message, failure.error, step=str(step))
        return StepOutcome(instruction, step=str(step))

    def state(self, object_types: frozenset[str] | None = None) -> list[dict[str, Any]]:
        self._require_scene()
        rows = []
        for obj in self._objects():
            if object_types is None or obj["objectType"] in object_types:
                rows.append({key: obj.get(key) for key in STATE_FIELDS})
        return rows

    def screenshot(self) -> bytes:
        self._require_scene()
        try:
            from PIL import Image
        except ImportError:
            raise BackendError("screenshots need Pillow: pip install 'pytest-safeagent[render]'") from None

        frame = self.controller.last_event.frame
        buffer = io.BytesIO()
        Image.fromarray(frame).save(buffer, format="PNG")
        return buffer.getvalue()

    def describe(self) -> dict[str, Any]:
        held = self._held_id() if self.scene else None
        return {"backend": self.name, "scene": self.scene, "holding": held}

    def close(self) -> None:
        if self.controller is not None:
            self.controller.stop()
            self.controller = None

    # ----- metadata -----------------------------------------------------------------------

    def _require_scene(self) -> None:
        if self.scene is None:
            raise NotResetError('no scene is loaded: POST /reset {"scene": "FloorPlan1"} first')

    def _metadata(self) -> dict[str, Any]:
        return self.controller.last_event.metadata

    def _objects(self) -> list[dict[str, Any]]:
        return self._metadata()["objects"]

    def _held_id(self) -> str | None:
        inventory = self._metadata().get("inventoryObjects") or []
        return inventory[0]["objectId"] if inventory else None

    def _step(self, **action: Any) -> tuple[bool, str]:
        event = self.controller.step(**action)
        return bool(event.metadata.get("lastActionSuccess")), str(event.metadata.get("errorMessage") or "")

    def _choice(self, objects: list[dict[str, Any]]) -> dict[str, Any]:
        """The keywords :func:`targeting.rank` needs, over the current metadata."""
        by_id = {o["objectId"]: o for o in objects}
        return {"numbers": self._numbers, "distance": lambda o: float(o["distance"]), "lookup": by_id.get}

    def _not_found(self, step: Step, purpose: str, objects: list[dict[str, Any]]) -> StepFailure:
        by_id = {o["objectId"]: o for o in objects}
        name = step.target or ""
        present = targeting.named(objects, name)
        hidden = sum(1 for c in present if targeting.inside_closed_receptacle(c, by_id.get))
        target = describe_target(step)
        return StepFailure(
            messages.cannot_find(target, purpose), messages.not_found_reason(target, len(present), hidden)
        )

    def _ranked(self, step: Step, purpose: str) -> list[dict[str, Any]]:
        objects = self._objects()
        ranked = targeting.rank(objects, step.target or "", instance=step.instance, **self._choice(objects))
        if not ranked:
            raise self._not_found(step, purpose, objects)
        return ranked

    # ----- the actions ----------------------------------------------------------------------

    def _dispatch(self, step: Step) -> None:
        if step.action == "find":
            self._find(step)
        elif step.action == "pick":
            self._pick(step)
        elif step.action == "put":
            self._put(step)
        elif step.action in ("drop", "throw", "pour"):
            self._hand_action(step)
        elif step.action == "fillLiquid":
            obj = self._ranked(step, step.action)[0]
            self._act(step, action="FillObjectWithLiquid", objectId=obj["objectId"], fillLiquid=step.liquid)
        else:
            name, extra = SIMPLE_ACTIONS[step.action]
            obj = self._ranked(step, step.action)[0]
            self._act(step, action=name, objectId=obj["objectId"], **extra)

    def _act(self, step: Step, **action: Any) -> None:
        ok, error = self._step(**action)
        if not ok:
            raise StepFailure(messages.action_failed(step.action, describe_target(step)), error)

    def _find(self, step: Step) -> None:
        target = self._ranked(step, "find")[0]
        if target.get("visible") and float(target.get("distance", 99.0)) < 1.0:
            return
        position = target["position"]
        teleported = False
        last_error = "no reachable position near the object"
        for candidate in candidate_positions(self._reachable, position):
            ok, error = self._step(**teleport_arguments(candidate, position))
            if not ok:
                last_error = error
                continue
            teleported = True
            now = next((o for o in self._objects() if o["objectId"] == target["objectId"]), None)
            if now is not None and now.get("visible"):
                return
        if not teleported:
            raise StepFailure(f"Cannot move to {describe_target(step)}", last_error)

    def _pick(self, step: Step) -> None:
        obj = self._ranked(step, "pick")[0]
        ok, error = self._step(action="PickupObject", objectId=obj["objectId"])
        if not ok:
            raise StepFailure(messages.action_failed("pick", describe_target(step)), error)

    def _put(self, step: Step) -> None:
        held = self._held_id()
        if held is None:
            raise StepFailure(messages.NOT_HOLDING, "the robot's hand is empty")
        objects = self._objects()
        candidates = targeting.put_candidates(
            objects, step.target or "", instance=step.instance, **self._choice(objects)
        )
        if not candidates:
            raise self._not_found(step, "put", objects)
        errors = []
        for candidate in candidates:
            if not candidate.get("receptacle") or candidate["objectId"] == held:
                errors.append(f"{candidate['objectId']} is not a receptacle the held object can go into")
                continue  # PutObject would refuse it; the controller's next candidate follows
            ok, error = self._step(
                action="PutObject", objectId=candidate["objectId"], forceAction=True, placeStationary=True
            )
            if ok:
                return
            errors.append(error)
        raise StepFailure(messages.action_failed("put", describe_target(step)), "; ".join(errors))

    def _hand_action(self, step: Step) -> None:
        held = self._held_id()
        if held is None:
            raise StepFailure(messages.NOT_HOLDING, "the robot's hand is empty")
        if step.action == "drop":
            self._act(step, action="DropHandObject", forceAction=True)
        elif step.action == "throw":
            self._act(step, action="ThrowObject", moveMagnitude=THROW_MAGNITUDE, forceAction=True)
        else:
            for pitch in POUR_PITCHES:
                self._act(step, action="RotateHeldObject", pitch=pitch, yaw=0.0, roll=0.0)
                now = next((o for o in self._objects() if o["objectId"] == held), None)
                if now is None or not now.get("isFilledWithLiquid"):
                    return
