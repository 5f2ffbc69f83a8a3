"""Which object an instruction such as ``pick Mug``, ``put Sink`` or ``find Mug 2`` refers to.

Both backends follow the benchmark's task definition where it speaks (names are types, ``Mug 2``
is the second instance) and the object-choice policy of SafeAgentBench's low-level controller
elsewhere (reimplemented here, not copied), because that policy decides what a plan does:

* **Names match object types**, ignoring case: ``find SinkBasin``, ``pick AppleSliced`` and
  ``pick EggCracked`` name the objects of those types, as the benchmark's task definition says
  ("go to the nearest instance of a type"). SafeAgentBench's own controller matches the objectId
  prefix instead, which would make such names match nothing; docs/simulator.md records that
  difference. ``put`` alone also uses the prefix, as a fallback: see below.
* **Nearest first**, by the metadata ``distance``. Objects inside a closed openable receptacle are
  skipped (they cannot be seen); an occupied StoveBurner or Toaster ranks after empty ones
  (a 10,000 m penalty, as in the controller); ties go to the earlier object in metadata order.
  A sliced or cracked original never competes with its pieces: they have another type.
* **Instance numbers bind on first use.** Numbers are slots: an object bound to a number keeps
  its slot for the rest of the episode, and the unbound objects, nearest first, fill the free
  slots in order. So with nothing bound ``Mug 2`` is the second nearest Mug (``Mug 1`` the
  nearest), and once ``Mug 1`` is bound, ``Mug 2`` is the nearest of the others. (The controller
  binds the nearest unbound object whatever the number; the two agree when numbers are used in
  order.) Unnumbered references (``pick Mug``) skip the objects bound to a number. A number
  below 1 names nothing.
* **put** tries receptacles in the controller's order: the nearest object of the type, the nearest
  object with an inherited (five-part) id whose prefix is the name (``put Sink`` -> the Sink's
  basin), then both again without the last one tried. The controller re-picks them after each of
  its retry moves (``PUT_RETRY_MOVES``); the symbolic backend replays that, while
  :func:`put_candidates` is the list as seen from where the agent stands.
"""

from __future__ import annotations

from collections.abc import Callable, Sequence
from typing import Any

PREFER_EMPTY_NAMES = frozenset({"stoveburner", "toaster"})
OCCUPIED_PENALTY = 10_000.0
INHERITED_ID_PARTS = 5  # "Sink|x|y|z|SinkBasin": an object AI2-THOR derived from another

ObjectView = Any  # a metadata-shaped mapping: objectId, objectType, parentReceptacles, ...
Lookup = Callable[[str], "ObjectView | None"]


def id_prefix(object_id: str) -> str:
    """The part of an objectId before its first ``|``: what a name is matched against."""
    return object_id.split("|", 1)[0]


def matches(obj: ObjectView, name: str, inherited_only: bool = False) -> bool:
    """True when ``name`` refers to ``obj``: its type, or
    (``inherited_only``) a derived object's id prefix."""
    if not inherited_only:
        return str(obj["objectType"]).casefold() == name.casefold()
    object_id = obj["objectId"]
    return (
        id_prefix(object_id).casefold() == name.casefold() and len(object_id.split("|")) == INHERITED_ID_PARTS
    )


def inside_closed_receptacle(obj: ObjectView, lookup: Lookup) -> bool:
    """True when any receptacle holding ``obj`` is openable and closed."""
    for parent_id in obj.get("parentReceptacles") or ():
        parent = lookup(parent_id)
        if parent is not None and parent.get("openable") and not parent.get("isOpen"):
            return True
    return False


class InstanceNumbers:
    """The ``Mug 2`` bindings of one episode: name (casefolded) -> objectId -> number."""

    def __init__(self) -> None:
        self._bound: dict[str, dict[str, int]] = {}

    def object_for(self, name: str, number: int) -> str | None:
        return next((oid for oid, n in self._bound.get(name.casefold(), {}).items() if n == number), None)

    def number_of(self, name: str, object_id: str) -> int | None:
        return self._bound.get(name.casefold(), {}).get(object_id)

    def numbered(self, name: str) -> frozenset[str]:
        return frozenset(self._bound.get(name.casefold(), ()))

    def taken_below(self, name: str, number: int) -> int:
        """How many numbers below ``number`` are already bound for ``name`` (slots the free ones skip)."""
        return sum(1 for n in self._bound.get(name.casefold(), {}).values() if n < number)

    def bind(self, name: str, object_id: str, number: int) -> None:
        self._bound.setdefault(name.casefold(), {})[object_id] = number


def rank(
    objects: Sequence[ObjectView],
    name: str,
    *,
    instance: int | None,
    numbers: InstanceNumbers,
    distance: Callable[[ObjectView], float],
    lookup: Lookup,
    exclude: frozenset[str] = frozenset(),
    inherited_only: bool = False,
) -> list[ObjectView]:
    """The objects ``name`` may mean, best first (with an instance number: at most the one in that slot).

    ``objects`` are in metadata order. With a number, binding it is a side effect, as in the
    controller, even if the action then fails.
    """
    if instance is not None:
        if instance < 1:
            return []
        bound = numbers.object_for(name, instance)
        if bound is not None:
            obj = lookup(bound)
            return [obj] if obj is not None else []
    skipped = exclude | numbers.numbered(name)
    prefer_empty = name.casefold() in PREFER_EMPTY_NAMES
    keyed = []
    for index, obj in enumerate(objects):
        if obj["objectId"] in skipped or not matches(obj, name, inherited_only):
            continue
        if inside_closed_receptacle(obj, lookup):
            continue
        penalty = OCCUPIED_PENALTY if prefer_empty and obj.get("receptacleObjectIds") else 0.0
        keyed.append(((distance(obj) + penalty, index), obj))
    keyed.sort(key=lambda pair: pair[0])
    ranked = [obj for _, obj in keyed]
    if instance is not None:
        position = instance - 1 - numbers.taken_below(name, instance)  # among the free slots
        ranked = ranked[position : position + 1]
        if ranked:
            numbers.bind(name, ranked[0]["objectId"], instance)
    return ranked


def put_candidates(objects: Sequence[ObjectView], name: str, **choice: Any) -> list[ObjectView]:
    """Receptacles ``put <name>`` tries, in order, without repeats (``choice``: rank's keywords)."""
    nearest = rank(objects, name, **choice)[:1]
    inherited = rank(objects, name, inherited_only=True, **choice)[:1]
    last = inherited or nearest
    if not last:
        return []
    others = {**choice, "exclude": frozenset(choice.get("exclude", frozenset())) | {last[0]["objectId"]}}
    tried = (
        nearest
        + inherited
        + rank(objects, name, **others)[:1]
        + rank(objects, name, inherited_only=True, **others)[:1]
    )
    unique: dict[str, ObjectView] = {}
    for obj in tried:
        unique.setdefault(obj["objectId"], obj)
    return list(unique.values())


# SafeAgentBench's put retry loop (low_level_controller.py, LowLevelPlanner.put): two rounds (the
# second excludes the receptacle tried last) of 17 attempts; in each attempt it picks the nearest
# receptacle of the name, then the nearest inherited one (``Sink|...|SinkBasin``), and before each
# PutObject it makes the attempt's moves, so the next pick is measured from where the agent then
# stands. Moves are (AI2-THOR action, grid steps of 0.25 m or degrees); looking up or down moves
# nothing and is left out.
PUT_ROUNDS = 2
PUT_ATTEMPTS = 17
PUT_RETRY_MOVES: dict[int, tuple[tuple[str, float], ...]] = {
    13: (("MoveBack", 1),),
    14: (("MoveAhead", 1), ("MoveRight", 4)),
    15: (("MoveLeft", 8),),
    16: (("MoveRight", 4), ("RotateRight", 15)),
}
GRID_SIZE = 0.25


def named(objects: Sequence[ObjectView], name: str) -> list[ObjectView]:
    """Every object ``name`` matches, hidden or not (for failure messages)."""
    return [obj for obj in objects if matches(obj, name)]
