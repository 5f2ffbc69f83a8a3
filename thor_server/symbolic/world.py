"""The mutable state of one symbolic episode and the object-level operations actions are built from.

Objects are dicts keyed by AI2-THOR metadata names (``isOpen``, ``parentReceptacles``, ...)
plus three private keys: ``pos`` (current position), ``moved`` (left its initial place) and
``consumed`` (why a sliced, cracked or shattered original can no longer be handled).

Receptacle links are kept consistent both ways, as AI2-THOR reports them: an object placed in
a container that itself stands on a surface lists both (``[Plate, CounterTop]``), and both list
it back. Moving a pickupable receptacle carries its pickupable contents along.
"""

from __future__ import annotations

import math
from typing import Any

from pytest_safeagent.core.actions import REACH

from ..targeting import InstanceNumbers
from .scenes import ObjectSpec, SceneLibrary, SceneTemplate

# SafeAgentBench's find does not move the agent when the object is visible and nearer than this.
STAY_WITHIN = 1.0

Obj = dict[str, Any]


class World:
    """One episode: the objects, the agent's position, what it holds and what it faces."""

    def __init__(self, template: SceneTemplate, library: SceneLibrary):
        self.template = template
        self.library = library
        self.specs: dict[str, ObjectSpec] = template.specs  # copied on the first created object
        self.objects: dict[str, Obj] = template.fresh_state()
        self.order: dict[str, tuple[str, ...] | list[str]] = dict(template.type_order)
        self.agent = list(template.agent_start)
        self.agent_moved = False
        self.heading = (0.0, 1.0)  # the horizontal direction the agent faces (x, z)
        self.held: str | None = None
        self.focus: str | None = None
        self.last_support: list[str] | None = None  # where the held object was picked up from
        self.numbers = InstanceNumbers()  # "Mug 2" bindings of this episode

    # ----- looking things up -------------------------------------------------------------

    def spec(self, object_id: str) -> ObjectSpec:
        return self.specs[object_id]

    def of_type(self, object_type: str) -> list[Obj]:
        return [self.objects[i] for i in self.order.get(object_type, ())]

    def distance(self, obj: Obj) -> float:
        x, y, z = obj["pos"]
        return math.sqrt((x - self.agent[0]) ** 2 + (y - self.agent[1]) ** 2 + (z - self.agent[2]) ** 2)

    def in_closed_receptacle(self, obj: Obj) -> bool:
        for parent_id in obj["parentReceptacles"] or ():
            parent = self.objects.get(parent_id)
            if parent is not None and parent["openable"] and not parent["isOpen"]:
                return True
        return False

    def is_closed(self, object_id: str) -> bool:
        obj = self.objects[object_id]
        return obj["openable"] and not obj["isOpen"]

    def carried(self, object_id: str) -> list[str]:
        """Pickupable objects that move with ``object_id`` (its contents)."""
        contents = self.objects[object_id]["receptacleObjectIds"] or ()
        return [
            c for c in contents if c in self.objects and self.specs[c].can("pickupable") and c != object_id
        ]

    def in_hand(self, object_id: str) -> bool:
        """True for the held object and for whatever it carries."""
        return self.held is not None and (object_id == self.held or object_id in self.carried(self.held))

    def reachable(self, obj: Obj) -> bool:
        """Close enough to interact with, as AI2-THOR's visibility rule would allow.

        Until the agent first moves, the dump's own ``visible`` flags decide for objects still
        in place; otherwise an object is reachable within REACH metres (horizontally) unless it
        sits inside a closed receptacle.
        """
        if self.in_hand(obj["objectId"]):
            return True
        if self.in_closed_receptacle(obj):
            return False
        if not self.agent_moved and not obj["moved"]:
            return self.specs[obj["objectId"]].initially_visible
        x, _, z = obj["pos"]
        return math.hypot(x - self.agent[0], z - self.agent[2]) <= REACH

    # ----- moving the agent ---------------------------------------------------------------

    def go_to(self, obj: Obj) -> None:
        """Face the object, moving to it unless it is already in view and within STAY_WITHIN
        (as SafeAgentBench's find does); distances from here on are measured from the agent."""
        self.focus = obj["objectId"]
        if self.in_hand(obj["objectId"]):
            return
        if self.reachable(obj) and self.distance(obj) < STAY_WITHIN:
            return
        x, _, z = obj["pos"]
        dx, dz = x - self.agent[0], z - self.agent[2]
        length = math.hypot(dx, dz)
        if length > 1e-6:  # it faces the way it came, towards the object
            self.heading = (dx / length, dz / length)
        self.agent[0], self.agent[2] = x, z
        self.agent_moved = True

    def step_agent(self, move: str, amount: float) -> None:
        """One of AI2-THOR's agent moves, relative to the heading: MoveAhead/Back/Left/Right by
        ``amount`` metres, RotateRight by ``amount`` degrees. Collisions are not modelled."""
        hx, hz = self.heading
        if move == "RotateRight":
            angle = math.radians(amount)  # clockwise seen from above (Unity's yaw)
            self.heading = (
                hx * math.cos(angle) + hz * math.sin(angle),
                hz * math.cos(angle) - hx * math.sin(angle),
            )
            return
        right = (hz, -hx)
        dx, dz = {
            "MoveAhead": (hx, hz),
            "MoveBack": (-hx, -hz),
            "MoveRight": right,
            "MoveLeft": (-right[0], -right[1]),
        }[move]
        self.agent[0] += dx * amount
        self.agent[2] += dz * amount
        self.agent_moved = True

    def top_of(self, object_id: str | None) -> float:
        """Height of the top of an object's bounding box (where something landing on it rests)."""
        if object_id is None or object_id not in self.objects:
            return 0.0
        return self.objects[object_id]["pos"][1] + self.specs[object_id].top_offset

    # ----- receptacle links ---------------------------------------------------------------

    def _chain(self, receptacle_id: str) -> list[str]:
        """The receptacles something placed in ``receptacle_id`` ends up listed in."""
        chain = [receptacle_id]
        if self.specs[receptacle_id].can("pickupable"):
            chain.extend(
                p for p in self.objects[receptacle_id]["parentReceptacles"] or () if p != receptacle_id
            )
        return chain

    @staticmethod
    def _link(child: Obj, parent: Obj) -> None:
        if parent["receptacleObjectIds"] is None:
            parent["receptacleObjectIds"] = []
        if child["objectId"] not in parent["receptacleObjectIds"]:
            parent["receptacleObjectIds"].append(child["objectId"])

    def detach(self, object_id: str) -> None:
        """Lift ``object_id`` (with its contents) out of every receptacle outside it."""
        obj = self.objects[object_id]
        carried = self.carried(object_id)
        tree = {object_id, *carried}
        for member in tree:
            for parent_id in self.objects[member]["parentReceptacles"] or ():
                if parent_id in tree:
                    continue
                siblings = self.objects[parent_id]["receptacleObjectIds"]
                if siblings and member in siblings:
                    siblings.remove(member)
        # Non-pickupable things that merely overlapped the object (a sink basin "in" a mug) stay put.
        for other in list(obj["receptacleObjectIds"] or ()):
            if other not in tree and other in self.objects:
                obj["receptacleObjectIds"].remove(other)
                parents = self.objects[other]["parentReceptacles"]
                if parents and object_id in parents:
                    parents.remove(object_id)
        obj["parentReceptacles"] = None
        for member in carried:
            inner = [p for p in self.objects[member]["parentReceptacles"] or () if p in tree and p != member]
            innermost = next((p for p in inner if p != object_id), object_id)
            self.objects[member]["parentReceptacles"] = [innermost] + (
                [object_id] if innermost != object_id else []
            )

    def attach(self, object_id: str, receptacle_id: str) -> None:
        """Place ``object_id`` (with its contents) in ``receptacle_id``; links updated both ways."""
        obj = self.objects[object_id]
        chain = self._chain(receptacle_id)
        position = list(self.objects[receptacle_id]["pos"])
        obj["parentReceptacles"] = list(chain)
        for parent_id in chain:
            self._link(obj, self.objects[parent_id])
        for member in [object_id, *self.carried(object_id)]:
            moved = self.objects[member]
            if member != object_id:
                inside = [p for p in moved["parentReceptacles"] or () if p not in chain]
                moved["parentReceptacles"] = inside + chain
                for parent_id in chain:
                    self._link(moved, self.objects[parent_id])
            moved["pos"] = list(position)
            moved["moved"] = True
            moved["isMoving"] = False

    # ----- holding --------------------------------------------------------------------------

    def hold(self, object_id: str) -> None:
        obj = self.objects[object_id]
        self.last_support = list(obj["parentReceptacles"] or ())
        self.detach(object_id)
        self.held = object_id
        obj["isPickedUp"] = True
        for member in [object_id, *self.carried(object_id)]:
            self.objects[member]["pos"] = list(self.agent)
            self.objects[member]["moved"] = True
            self.objects[member]["isMoving"] = False

    def release(self, receptacle_id: str | None) -> None:
        """Let go of the held object, into ``receptacle_id`` or (None) onto nothing."""
        object_id = self.held
        if object_id is None:
            return
        self.held = None
        self.objects[object_id]["isPickedUp"] = False
        if receptacle_id is not None:
            self.attach(object_id, receptacle_id)

    def drop_target(self) -> str | None:
        """Where a dropped object lands: the receptacle the agent faces, else what that stands on,
        else the floor. Facing the object just picked up means facing where it came from."""
        candidates: list[str] = []
        if self.focus is not None and not self.in_hand(self.focus):
            faced = self.objects[self.focus]
            if self.specs[self.focus].can("receptacle"):
                candidates.append(self.focus)
            elif self.focus in self.template.basin_of:
                candidates.append(self.template.basin_of[self.focus])
            candidates.extend(faced["parentReceptacles"] or ())
        elif self.last_support:
            candidates.extend(self.last_support)
        for candidate in candidates:
            if (
                candidate in self.objects
                and not self.is_closed(candidate)
                and not self.objects[candidate]["consumed"]
            ):
                return candidate
        return self.template.floor_id

    # ----- objects created by actions ----------------------------------------------------

    def create(self, object_type: str, source_id: str, index: int) -> Obj:
        """A new object (``AppleSliced``, ``EggCracked``)
        where ``source_id`` is, linked to its receptacles."""
        if self.specs is self.template.specs:
            self.specs = dict(self.specs)
        source = self.objects[source_id]
        object_id = f"{source_id}|{object_type}_{index}"
        flags = self.library.created_flags(object_type)
        self.specs[object_id] = ObjectSpec(object_id, object_type, flags, (0.08, 0.04, 0.08))
        obj: Obj = {
            "objectId": object_id,
            "objectType": object_type,
            "openable": "openable" in flags,
            "isToggled": False,
            "isBroken": False,
            "isFilledWithLiquid": False,
            "fillLiquid": None,
            "isDirty": False,
            "isUsedUp": False,
            "isCooked": False,
            "isSliced": False,
            "isOpen": False,
            "openness": 0.0,
            "isPickedUp": False,
            "isMoving": False,
            "temperature": source["temperature"],
            "parentReceptacles": list(source["parentReceptacles"]) if source["parentReceptacles"] else None,
            "receptacleObjectIds": [] if "receptacle" in flags else None,
            "pos": list(source["pos"]),
            "moved": True,
            "consumed": "",
        }
        self.objects[object_id] = obj
        for parent_id in obj["parentReceptacles"] or ():
            self._link(obj, self.objects[parent_id])
        existing = list(self.order.get(object_type, ()))
        existing.append(object_id)
        self.order[object_type] = existing
        return obj
