"""Facts from AI2-THOR's Unity sources that decide whether a put, a drop or a fill works.

Each table names where it comes from (repository allenai/ai2thor, ``unity/Assets/Scripts/``;
read at commit 00f4a767a196e561ea26a3cf6731518162d0bae6, the tables AI2-THOR 5.0.0 ships).
The symbolic backend applies them in :mod:`thor_server.symbolic.backend`; docs/simulator.md
explains each rule and where the approximations (sizes, fall heights) can disagree with Unity. The
facts the rules judge reads as well (object-specific receptacles, receptacles that must be open) are in
pytest_safeagent/core/actions.py. (The rules judge reads a drop by the benchmark's own definition, which
its prompts give the planner, not by the breaking figures here: docs/judging.md.)
"""

from __future__ import annotations

import math

from pytest_safeagent.core.actions import OBJECT_SPECIFIC_RECEPTACLES

# The rules this module sources, by the names ``python -m thor_server --relax-rule`` takes: each
# can be relaxed to the backend's former, more permissive behaviour, which is how the fidelity
# script finds the rule that decides a record's outcome (thor_server.fidelity).
RULES = {
    "object_specific": "object-specific receptacles take only their types (ObjectSpecificReceptacle)",
    "must_be_open": "only MustBeOpenToPlaceObjectsIn receptacles refuse a put while closed",
    "breaking": "a dropped or thrown object breaks only above its impulse threshold (Break.cs)",
    "fit": "an object must fit the receptacle (bounding boxes)",
    "target_choice": "put re-picks the nearest receptacle after each retry move (SafeAgentBench)",
}

# ----- receptacles -----------------------------------------------------------------------------

# OBJECT_SPECIFIC_RECEPTACLES (the receptacles that take only their listed types) is in core/actions.py,
# where the rules judge reads it too.

# MUST_BE_OPEN_TO_PLACE_IN (the receptacles that refuse a put while closed) is in core/actions.py, where the
# rules judge reads it too.

# How much of the placed object's bounding box must lie inside the receptacle's trigger box
# (SimObjType.cs ReceptacleRestrictions): OnReceptacles and InReceptaclesThatOnlyCheckBottomFourCorners
# check only the four bottom corners (so only the footprint must fit); InReceptacles and the
# unlisted receptacles check all eight (footprint and height).
BOTTOM_FOUR_CORNERS = frozenset(
    {
        # OnReceptacles
        "DiningTable",
        "TVStand",
        "CoffeeTable",
        "SideTable",
        "Desk",
        "Dresser",
        "CounterTop",
        "Shelf",
        "ArmChair",
        "Sofa",
        "Ottoman",
        "StoveBurner",
        "Bathtub",
        "Plate",
        "Floor",
        # InReceptaclesThatOnlyCheckBottomFourCorners
        "Cup",
        "Bowl",
        "GarbageCan",
        "Sink",
        "BathtubBasin",
        "Pan",
        "Pot",
    }
)

# SimObjType.cs ReceptacleRestrictions.AlwaysPlaceUpright: placed with the opening facing up,
# so their height cannot be laid flat to make them fit.
ALWAYS_PLACE_UPRIGHT = frozenset(
    {
        "Pot",
        "Pan",
        "Bowl",
        "Plate",
        "Bread",
        "Cup",
        "Mug",
        "Laptop",
        "SaltShaker",
        "PepperShaker",
        "AlarmClock",
        "Box",
        "SoapBottle",
        "Kettle",
        "Bottle",
        "CreditCard",
        "RemoteControl",
        "Candle",
        "SprayBottle",
        "Statue",
        "Vase",
        "KeyChain",
        "CD",
        "Book",
        "EggCracked",
        "Dumbbell",
        "TableTopDecor",
    }
)


def fits(
    object_type: str,
    object_size: tuple[float, float, float],
    receptacle_type: str,
    receptacle_size: tuple[float, float, float],
    receptacle_closes: bool,
) -> bool:
    """Whether an object of this size (its own x, y-up, z extents) can be placed in/on the receptacle.

    Approximation of AI2-THOR's spawn-point search, with the receptacle's bounding box standing
    in for its trigger box, which the scene dumps do not give: the object's footprint must fit
    the receptacle's, turned about the vertical axis as needed, or (objects not always placed
    upright) lying on its side. An eight-corner receptacle bounds the height as well only when it
    closes over its contents (``receptacle_closes``: Drawer, Fridge, Safe...); an open-topped one
    (Mug, Bed) may have a trigger box reaching above it, so its height is not held against the object.
    Object-specific receptacles place at an attach point and never fail for size.
    """
    if receptacle_type in OBJECT_SPECIFIC_RECEPTACLES:
        return True
    ox, oy, oz = object_size
    rx, ry, rz = receptacle_size
    footprint = sorted((rx, rz))
    if receptacle_type in BOTTOM_FOUR_CORNERS or not receptacle_closes:
        if object_type in ALWAYS_PLACE_UPRIGHT:
            return _within(sorted((ox, oz)), footprint)
        return _within(sorted((ox, oy, oz))[:2], footprint)  # on its side: the two smallest extents
    if object_type in ALWAYS_PLACE_UPRIGHT:
        return oy <= ry and _within(sorted((ox, oz)), footprint)
    return _within(sorted((ox, oy, oz)), sorted((rx, ry, rz)))


def _within(inner: list[float], outer: list[float]) -> bool:
    return all(a <= b for a, b in zip(inner, outer, strict=False))


# ----- breaking ----------------------------------------------------------------------------------

# Break.cs: an object breaks when a collision's impulse magnitude exceeds ImpulseThreshold
# (default 3.6; prefabs may override it, which the C# sources do not show), raised by
# HighFrictionImpulseOffset (2.0) over "soft" high-friction zones (not modelled).
IMPULSE_THRESHOLD = 3.6
GRAVITY = 9.81
# Where the held object is released: at the agent's camera, CAMERA_HEIGHT_OFFSET (0.675 m, as
# SafeAgentBench's controller uses) above the standing agent's position (y = 0.901 m over the
# floor in iTHOR scenes). The real hand is a little lower, so this errs towards breaking.
RELEASE_HEIGHT = 0.901 + 0.675
# SafeAgentBench throws with ThrowObject(moveMagnitude=1500). Read as a force over one physics
# step (0.02 s), that is an impulse of 30 (read as an impulse, 1500): either way far above any
# threshold, whatever the mass, so a thrown breakable breaks when it hits something.
THROW_IMPULSE = 1500 * 0.02


def drop_impulse(mass: float, fall_height: float) -> float:
    """Impulse of an object of ``mass`` kg landing after a free fall of ``fall_height`` m (m * v)."""
    return mass * math.sqrt(2 * GRAVITY * max(fall_height, 0.0))


def breaks(impulse: float) -> bool:
    return impulse > IMPULSE_THRESHOLD


# ----- liquids -------------------------------------------------------------------------------------

# Fill.cs: FillObject knows three liquids, "water", "coffee" and "wine" (the action grammar,
# pytest_safeagent.core.actions.LIQUIDS, accepts exactly these), and refuses a liquid whose liquid
# object the prefab leaves unset. Which prefab sets which liquid is in the Unity prefab assets, not
# in the C# sources; no per-type restriction is sourced, so none is applied here: every fillable
# object accepts the three (docs/simulator.md lists this rule as unsourced).
