"""The 17 high-level actions over a :class:`World`, with AI2-THOR's preconditions and effects.

Each handler finds its object with the shared targeting policy, checks the preconditions the
real simulator checks (capability flag, current state, reach, hand contents, closed
receptacles), applies the effect, and the contextual interactions are settled afterwards.
A failed precondition raises :class:`StepFailure`, which becomes a failed step, never an error.

Reach: SafeAgentBench's controller sends PutObject and CloseObject with ``forceAction=True``,
which lifts AI2-THOR's distance and visibility check, so put and close work on a receptacle
anywhere in the room; every other object action needs the object within reach. What forceAction
does not lift (object-specific receptacles, closed receptacles, fit) and when a landing breaks an
object are AI2-THOR's rules in :mod:`thor_server.symbolic.thor_rules`. Which object a name means
is :mod:`thor_server.targeting`.
"""

from __future__ import annotations

from collections.abc import Callable
from pathlib import Path
from typing import Any

from pytest_safeagent.core.actions import (
    MUST_BE_CLOSED_TO_TURN_ON,
    MUST_BE_OFF_TO_OPEN,
    MUST_BE_OPEN_TO_PLACE_IN,
    OBJECT_SPECIFIC_RECEPTACLES,
    PIECE_OF,
    SWITCHED_BY,
    Step,
)

from .. import messages, targeting
from ..backend import STATE_FIELDS, NotResetError, StepFailure, StepOutcome
from ..instructions import describe_target, parse_instruction
from . import thor_rules
from .contextual import settle
from .scenes import SceneLibrary
from .world import Obj, World

# Screens turn off when they break and cannot be turned on again (object-type table).
SCREENS = frozenset({"Laptop", "Television", "CellPhone"})
# Breakables that keep working when broken (cracked glass, decals); any other pickupable
# breakable shatters into pieces that can no longer be handled.
STAYS_WHOLE_WHEN_BROKEN = SCREENS | {
    "Window",
    "Mirror",
    "ShowerGlass",
    "ShowerDoor",
    "Cabinet",
    "CoffeeMachine",
    "Desktop",
}
# How many pieces SliceObject makes of each sliceable type (approximate; Egg cracks into one).
SLICE_PIECES = {"Apple": 8, "Bread": 10, "Lettuce": 7, "Potato": 8, "Tomato": 7}


class SymbolicBackend:
    """Symbolic AI2-THOR: initial states from the scene dumps, effects from the rules above."""

    name = "symbolic"

    def __init__(
        self,
        scenes_dir: Path | None = None,
        relaxed: frozenset[str] = frozenset(),
        *,
        library: SceneLibrary | None = None,
    ):
        unknown = set(relaxed) - set(thor_rules.RULES)
        if unknown:
            raise ValueError(
                f"unknown rule(s) to relax: {', '.join(sorted(unknown))}; "
                f"known: {', '.join(thor_rules.RULES)}"
            )
        if library is None:
            if scenes_dir is None:
                raise ValueError("SymbolicBackend needs scenes_dir or a SceneLibrary")
            library = SceneLibrary(scenes_dir)
        self.library = library
        self.relaxed = frozenset(relaxed)  # thor_rules.RULES switched back to the permissive behaviour
        self.world: World | None = None
        self._handlers: dict[str, Callable[[Step], None]] = {
            "find": self._find,
            "pick": self._pick,
            "put": self._put,
            "open": self._open,
            "close": self._close,
            "slice": self._slice,
            "turn_on": self._turn_on,
            "turn_off": self._turn_off,
            "drop": self._drop,
            "throw": self._throw,
            "break": self._break,
            "cook": self._cook,
            "dirty": self._dirty,
            "clean": self._clean,
            "fillLiquid": self._fill,
            "emptyLiquid": self._empty,
            "pour": self._pour,
        }

    def spawn(self) -> SymbolicBackend:
        """An independent world over the same scene library (one per server session)."""
        return SymbolicBackend(relaxed=self.relaxed, library=self.library)

    # ----- the Backend protocol ---------------------------------------------------------

    def reset(self, scene: str) -> dict[str, Any]:
        template = self.library.template(scene)
        self.world = World(template, self.library)
        return {"scene": scene, "objects": len(self.world.objects), "backend": self.name}

    def execute(self, instruction: str) -> StepOutcome:
        world = self._require_world()
        step, problem = parse_instruction(instruction)
        if step is None:
            return StepOutcome(instruction, problem, "instruction outside the action grammar")
        try:
            self._handlers[step.action](step)
        except StepFailure as failure:
            return StepOutcome(instruction, failure.message, failure.error, step=str(step))
        settle(world)
        return StepOutcome(instruction, step=str(step))

    def state(self, object_types: frozenset[str] | None = None) -> list[dict[str, Any]]:
        world = self._require_world()
        rows = []
        for obj in world.objects.values():
            if object_types is not None and obj["objectType"] not in object_types:
                continue
            row = {key: obj[key] for key in STATE_FIELDS}
            for key in ("parentReceptacles", "receptacleObjectIds"):
                if row[key] is not None:
                    row[key] = list(row[key])
            rows.append(row)
        return rows

    def screenshot(self) -> bytes:
        from .render import render_schematic

        return render_schematic(self._require_world())

    def describe(self) -> dict[str, Any]:
        world = self.world
        return {
            "backend": self.name,
            "scene": world.template.name if world else None,
            "scenes_available": len(self.library.scene_names()),
            "holding": world.held if world else None,
            "facing": world.focus if world else None,
        }

    def close(self) -> None:
        self.world = None

    # ----- helpers ----------------------------------------------------------------------

    def _require_world(self) -> World:
        if self.world is None:
            raise NotResetError('no scene is loaded: POST /reset {"scene": "FloorPlan1"} first')
        return self.world

    def _choice(self) -> dict[str, Any]:
        """The keywords :func:`targeting.rank` needs for this episode."""
        world = self._require_world()
        return {"numbers": world.numbers, "distance": world.distance, "lookup": world.objects.get}

    def _not_found(self, step: Step, purpose: str) -> StepFailure:
        world = self._require_world()
        wanted = describe_target(step)
        name = step.target or ""
        present = targeting.named(list(world.objects.values()), name)
        hidden = sum(1 for c in present if world.in_closed_receptacle(c))
        return StepFailure(
            messages.cannot_find(wanted, purpose), messages.not_found_reason(wanted, len(present), hidden)
        )

    def _ranked(self, step: Step, purpose: str) -> list[Obj]:
        """Objects the step may mean, best first; a StepFailure when there is none."""
        world = self._require_world()
        ranked = targeting.rank(
            list(world.objects.values()), step.target or "", instance=step.instance, **self._choice()
        )
        if not ranked:
            raise self._not_found(step, purpose)
        return ranked

    def _target(self, step: Step) -> Obj:
        """The object an object-taking action acts on, checked to be whole (not sliced or shattered)."""
        obj = self._ranked(step, step.action)[0]
        fail = messages.action_failed(step.action, describe_target(step))
        if obj["consumed"]:
            raise StepFailure(fail, f"{obj['objectId']} {obj['consumed']}")
        return obj

    def _require(self, step: Step, condition: bool, reason: str) -> None:
        if not condition:
            raise StepFailure(messages.action_failed(step.action, describe_target(step)), reason)

    def _within_reach(self, step: Step, obj: Obj) -> None:
        self._require(
            step,
            self._require_world().reachable(obj),
            f"{obj['objectId']} is too far away to interact with; find it first",
        )

    def _held(self) -> Obj:
        world = self._require_world()
        if world.held is None:
            raise StepFailure(messages.NOT_HOLDING, "the robot's hand is empty")
        return world.objects[world.held]

    def _can(self, obj: Obj, flag: str) -> bool:
        return self._require_world().spec(obj["objectId"]).can(flag)

    # ----- breaking, slicing, landing -----------------------------------------------------

    def _land(self, receptacle_id: str | None, thrown: bool) -> None:
        """Release the held object onto ``receptacle_id``; it breaks when the landing impulse
        exceeds AI2-THOR's threshold (core/actions.py: a throw always, a drop by mass and fall height)."""
        world = self._require_world()
        object_id = world.held
        if object_id is None:
            return
        obj = world.objects[object_id]
        release_at = world.top_of(world.template.floor_id) + thor_rules.RELEASE_HEIGHT
        fall = release_at - (world.top_of(receptacle_id) if receptacle_id else 0.0)
        impulse = (
            thor_rules.THROW_IMPULSE if thrown else thor_rules.drop_impulse(world.spec(object_id).mass, fall)
        )
        world.release(receptacle_id)
        hard_enough = "breaking" in self.relaxed or thor_rules.breaks(impulse)
        if self._can(obj, "breakable") and not obj["isBroken"] and hard_enough:
            self._break_object(obj)

    def _break_object(self, obj: Obj) -> None:
        world = self._require_world()
        obj["isBroken"] = True
        kind = obj["objectType"]
        if kind in SCREENS:
            obj["isToggled"] = False
        if world.held == obj["objectId"] and kind not in STAYS_WHOLE_WHEN_BROKEN:
            world.release(world.drop_target())  # the pieces fall where a drop would land
        if kind == "Egg":
            self._crack(obj)
        elif kind not in STAYS_WHOLE_WHEN_BROKEN and self._can(obj, "pickupable"):
            obj["consumed"] = "is shattered"

    def _crack(self, egg: Obj) -> None:
        """An egg sliced or broken: one cracked egg where it was, which later steps act on."""
        egg["consumed"] = f"has cracked; act on {PIECE_OF['Egg']} instead"
        self._require_world().create(PIECE_OF["Egg"], egg["objectId"], 0)

    # ----- the 17 actions -----------------------------------------------------------------

    def _find(self, step: Step) -> None:
        self._require_world().go_to(self._ranked(step, "find")[0])

    def _pick(self, step: Step) -> None:
        world = self._require_world()
        obj = self._target(step)
        self._require(step, self._can(obj, "pickupable"), f"{obj['objectId']} is not pickupable")
        self._require(step, world.held != obj["objectId"], f"the robot is already holding {obj['objectId']}")
        self._require(
            step, world.held is None, f"the robot's hand is full (holding {world.held}); put it down first"
        )
        self._within_reach(step, obj)
        world.hold(obj["objectId"])

    def _put(self, step: Step) -> None:
        """SafeAgentBench's put: its retry loop (targeting.PUT_*) re-picks the nearest receptacle
        after every retry move; the first receptacle PutObject accepts takes the object, and the
        agent stays wherever the retries left it."""
        world = self._require_world()
        self._held()
        if "target_choice" in self.relaxed:
            return self._put_fixed_candidates(step)
        name = step.target or ""
        reasons: dict[str, str] = {}
        last_tried: str | None = None
        excluded: str | None = None
        for round_number in range(targeting.PUT_ROUNDS):
            if round_number == 1:
                excluded = last_tried
            for attempt in range(targeting.PUT_ATTEMPTS):
                for inherited in (False, True):
                    ranked = targeting.rank(
                        list(world.objects.values()),
                        name,
                        instance=step.instance,
                        inherited_only=inherited,
                        exclude=frozenset({excluded}) if excluded else frozenset(),
                        **self._choice(),
                    )
                    if not ranked:
                        continue
                    candidate = ranked[0]
                    for move, amount in targeting.PUT_RETRY_MOVES.get(attempt, ()):
                        world.step_agent(
                            move, amount * targeting.GRID_SIZE if move != "RotateRight" else amount
                        )
                    last_tried = candidate["objectId"]
                    reason = self._put_problem(candidate)
                    if reason is None:
                        world.release(candidate["objectId"])
                        return
                    reasons.setdefault(candidate["objectId"], reason)
        if not reasons:
            raise self._not_found(step, "put")
        raise StepFailure(messages.action_failed("put", describe_target(step)), "; ".join(reasons.values()))

    def _put_fixed_candidates(self, step: Step) -> None:
        """The relaxed target choice: the nearest receptacle and
        its inherited one, then the next, tried from here."""
        world = self._require_world()
        candidates = targeting.put_candidates(
            list(world.objects.values()), step.target or "", instance=step.instance, **self._choice()
        )
        if not candidates:
            raise self._not_found(step, "put")
        reasons = []
        for candidate in candidates:
            reason = self._put_problem(candidate)
            if reason is None:
                world.release(candidate["objectId"])
                return
            reasons.append(reason)
        raise StepFailure(messages.action_failed("put", describe_target(step)), "; ".join(reasons))

    def _put_problem(self, obj: Obj) -> str | None:
        """Why PutObject (forced) would refuse ``obj`` as the receptacle for the held object, or None.

        forceAction lifts the visibility check and the general placement table, not these
        (thor_rules names the AI2-THOR source of each)."""
        world = self._require_world()
        receptacle_id, kind = obj["objectId"], obj["objectType"]
        assert world.held is not None  # PutObject checked that the robot holds something
        held = world.objects[world.held]
        if world.in_hand(receptacle_id):
            return f"{receptacle_id} is in the robot's hand"
        if obj["consumed"]:
            return f"{receptacle_id} {obj['consumed']}"
        if not self._can(obj, "receptacle"):
            return f"{receptacle_id} is not a receptacle"
        specific = OBJECT_SPECIFIC_RECEPTACLES.get(kind)
        if specific is not None and "object_specific" not in self.relaxed:
            if held["objectType"] not in specific:
                return f"{receptacle_id} only takes {', '.join(sorted(specific))}, not {held['objectType']}"
            if world.carried(receptacle_id):
                return f"{receptacle_id} already holds {world.carried(receptacle_id)[0]}"
        must_open = "must_be_open" in self.relaxed or kind in MUST_BE_OPEN_TO_PLACE_IN
        if must_open and world.is_closed(receptacle_id):
            return f"{receptacle_id} is closed; open it before putting something in it"
        if "fit" not in self.relaxed and not thor_rules.fits(
            held["objectType"],
            world.spec(held["objectId"]).size,
            kind,
            world.spec(receptacle_id).size,
            receptacle_closes=bool(obj["openable"]),
        ):
            return f"{held['objectId']} does not fit in {receptacle_id}"
        return None

    def _open(self, step: Step) -> None:
        obj = self._target(step)
        self._require(step, obj["openable"], f"{obj['objectId']} is not openable")
        self._require(step, not obj["isOpen"], f"{obj['objectId']} is already open")
        self._require(
            step,
            not (obj["objectType"] in MUST_BE_OFF_TO_OPEN and obj["isToggled"]),
            f"{obj['objectId']} must be turned off before it can be opened",
        )
        self._within_reach(step, obj)
        obj["isOpen"], obj["openness"] = True, 1.0

    def _close(self, step: Step) -> None:
        obj = self._target(step)
        self._require(step, obj["openable"], f"{obj['objectId']} is not openable")
        self._require(step, obj["isOpen"], f"{obj['objectId']} is already closed")
        obj["isOpen"], obj["openness"] = False, 0.0

    def _slice(self, step: Step) -> None:
        world = self._require_world()
        obj = self._target(step)
        self._require(step, self._can(obj, "sliceable"), f"{obj['objectId']} cannot be sliced")
        self._require(step, not obj["isSliced"], f"{obj['objectId']} is already sliced")
        self._require(
            step,
            not world.in_hand(obj["objectId"]),
            f"{obj['objectId']} is in the robot's hand; put it down before slicing it",
        )
        self._within_reach(step, obj)
        obj["isSliced"] = True
        kind = obj["objectType"]
        if kind == "Egg":
            self._crack(obj)
            return
        obj["consumed"] = f"has been sliced; act on {PIECE_OF[kind]} instead"
        for index in range(SLICE_PIECES.get(kind, 4)):
            piece = world.create(PIECE_OF[kind], obj["objectId"], index)
            piece["isCooked"] = obj["isCooked"] and "cookable" in world.spec(piece["objectId"]).flags

    def _toggle(self, step: Step, on: bool) -> None:
        obj = self._target(step)
        word = "on" if on else "off"
        if obj["objectType"] in SWITCHED_BY:
            switch = SWITCHED_BY[obj["objectType"]]
            self._require(step, False, f"{obj['objectId']} is switched by its {switch}, not directly")
        self._require(step, self._can(obj, "toggleable"), f"{obj['objectId']} cannot be turned on or off")
        self._require(step, obj["isToggled"] != on, f"{obj['objectId']} is already {word}")
        if on:
            self._require(
                step,
                not (obj["objectType"] in SCREENS and obj["isBroken"]),
                f"{obj['objectId']} is broken and cannot be turned on",
            )
            self._require(
                step,
                not (obj["objectType"] in MUST_BE_CLOSED_TO_TURN_ON and obj["isOpen"]),
                f"{obj['objectId']} must be closed before it can be turned on",
            )
        self._within_reach(step, obj)
        obj["isToggled"] = on
        for controlled in self._require_world().spec(obj["objectId"]).controlled:
            if controlled in self._require_world().objects:
                self._require_world().objects[controlled]["isToggled"] = on

    def _turn_on(self, step: Step) -> None:
        self._toggle(step, True)

    def _turn_off(self, step: Step) -> None:
        self._toggle(step, False)

    def _drop(self, step: Step) -> None:
        self._held()
        self._land(self._require_world().drop_target(), thrown=False)

    def _throw(self, step: Step) -> None:
        self._held()
        self._land(self._require_world().template.floor_id, thrown=True)

    def _break(self, step: Step) -> None:
        obj = self._target(step)
        self._require(step, self._can(obj, "breakable"), f"{obj['objectId']} is not breakable")
        self._require(step, not obj["isBroken"], f"{obj['objectId']} is already broken")
        self._within_reach(step, obj)
        self._break_object(obj)

    def _cook(self, step: Step) -> None:
        obj = self._target(step)
        self._require(step, self._can(obj, "cookable"), f"{obj['objectId']} cannot be cooked")
        self._require(step, not obj["isCooked"], f"{obj['objectId']} is already cooked")
        self._within_reach(step, obj)
        obj["isCooked"] = True

    def _dirty(self, step: Step) -> None:
        obj = self._target(step)
        self._require(step, self._can(obj, "dirtyable"), f"{obj['objectId']} cannot be made dirty")
        self._require(step, not obj["isDirty"], f"{obj['objectId']} is already dirty")
        self._within_reach(step, obj)
        obj["isDirty"] = True

    def _clean(self, step: Step) -> None:
        obj = self._target(step)
        self._require(step, self._can(obj, "dirtyable"), f"{obj['objectId']} cannot be cleaned")
        self._require(step, obj["isDirty"], f"{obj['objectId']} is already clean")
        self._within_reach(step, obj)
        obj["isDirty"] = False

    def _fill(self, step: Step) -> None:
        obj = self._target(step)
        self._require(step, self._can(obj, "canFillWithLiquid"), f"{obj['objectId']} cannot hold liquid")
        self._require(step, not obj["isBroken"], f"{obj['objectId']} is broken and cannot hold liquid")
        self._require(
            step,
            not obj["isFilledWithLiquid"],
            f"{obj['objectId']} is already filled with {obj['fillLiquid'] or 'liquid'}",
        )
        self._within_reach(step, obj)
        obj["isFilledWithLiquid"], obj["fillLiquid"] = True, step.liquid

    def _empty(self, step: Step) -> None:
        obj = self._target(step)
        self._require(step, self._can(obj, "canFillWithLiquid"), f"{obj['objectId']} cannot hold liquid")
        self._require(step, obj["isFilledWithLiquid"], f"{obj['objectId']} is already empty")
        self._within_reach(step, obj)
        obj["isFilledWithLiquid"], obj["fillLiquid"] = False, None

    def _pour(self, step: Step) -> None:
        held = self._held()
        held["isFilledWithLiquid"], held["fillLiquid"] = False, None
