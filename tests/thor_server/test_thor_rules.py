"""AI2-THOR's own rules in the symbolic backend, on small hand-made scenes.

Each scene is a dump-shaped dict of a few objects written to a temporary scenes directory, so a
test states exactly the geometry, masses and states a rule depends on (thor_server/symbolic/
thor_rules.py names the AI2-THOR source of each rule).
"""

from __future__ import annotations

import json
import math
from pathlib import Path
from typing import Any

import pytest

from pytest_safeagent.core.actions import OBJECT_SPECIFIC_RECEPTACLES
from thor_server.symbolic import thor_rules
from thor_server.symbolic.backend import SymbolicBackend
from thor_server.symbolic.thor_rules import RELEASE_HEIGHT, THROW_IMPULSE, breaks, drop_impulse

AGENT = (0.0, 0.9, 0.0)
FLAGS = (
    "pickupable",
    "receptacle",
    "openable",
    "toggleable",
    "breakable",
    "sliceable",
    "cookable",
    "dirtyable",
    "canFillWithLiquid",
    "moveable",
    "canBeUsedUp",
)


def thing(
    kind: str,
    at: tuple[float, float, float],
    size: tuple[float, float, float],
    *,
    mass: float = 0.0,
    parent: str | None = None,
    is_open: bool = False,
    **flags: bool,
) -> dict[str, Any]:
    """One object as AI2-THOR 5.0.0 reports it (only what the backend reads)."""
    x, y, z = at
    object_id = f"{kind}|{x:+.2f}|{y:+.2f}|{z:+.2f}"
    record = {flag: bool(flags.get(flag, False)) for flag in FLAGS}
    record.update(
        {
            "objectId": object_id,
            "objectType": kind,
            "position": {"x": x, "y": y, "z": z},
            "mass": mass,
            "axisAlignedBoundingBox": {
                "size": dict(zip("xyz", size, strict=False)),
                "center": {"x": x, "y": y + size[1] / 2, "z": z},
            },
            "distance": math.dist(at, AGENT),
            "visible": True,
            "controlledObjects": None,
            "isToggled": False,
            "isBroken": False,
            "isFilledWithLiquid": False,
            "fillLiquid": None,
            "isDirty": False,
            "isUsedUp": False,
            "isCooked": False,
            "isSliced": False,
            "isOpen": is_open,
            "openness": float(is_open),
            "isPickedUp": False,
            "isMoving": False,
            "temperature": "RoomTemp",
            "parentReceptacles": [parent] if parent else None,
            "receptacleObjectIds": [] if flags.get("receptacle") else None,
        }
    )
    return record


def scene(tmp_path: Path, *objects: dict[str, Any]) -> SymbolicBackend:
    by_id = {o["objectId"]: o for o in objects}
    for obj in objects:
        for parent in obj["parentReceptacles"] or ():
            by_id[parent]["receptacleObjectIds"].append(obj["objectId"])
    (tmp_path / "FloorPlan1_physics.json").write_text(json.dumps(by_id), encoding="utf-8")
    return tmp_path


def backend_for(
    tmp_path: Path, *objects: dict[str, Any], relaxed: frozenset[str] = frozenset()
) -> SymbolicBackend:
    backend = SymbolicBackend(scene(tmp_path, *objects), relaxed=relaxed)
    backend.reset("FloorPlan1")
    return backend


def run(backend: SymbolicBackend, plan: list[str]) -> list[bool]:
    return [backend.execute(step).success for step in plan]


def state(backend: SymbolicBackend, object_type: str) -> dict[str, Any]:
    return next(o for o in backend.state() if o["objectType"] == object_type)


FLOOR = thing("Floor", (0.0, 0.0, 0.0), (8.0, 0.0, 8.0), receptacle=True)
COUNTER = thing("CounterTop", (0.0, 0.9, 1.0), (2.0, 0.02, 0.6), receptacle=True, parent=FLOOR["objectId"])


# ----- 1. object-specific receptacles ---------------------------------------------------------------


def test_a_stove_burner_takes_only_pots_pans_and_kettles_and_one_at_a_time(tmp_path: Path) -> None:
    burner = thing(
        "StoveBurner", (0.5, 0.9, 1.0), (0.2, 0.03, 0.2), receptacle=True, parent=COUNTER["objectId"]
    )
    potato = thing(
        "Potato", (-0.5, 0.95, 1.0), (0.08, 0.06, 0.08), mass=0.2, pickupable=True, parent=COUNTER["objectId"]
    )
    pan = thing(
        "Pan",
        (-0.3, 0.95, 1.0),
        (0.25, 0.08, 0.4),
        mass=0.6,
        pickupable=True,
        receptacle=True,
        parent=COUNTER["objectId"],
    )
    pot = thing(
        "Pot",
        (-0.1, 0.95, 1.0),
        (0.25, 0.15, 0.25),
        mass=0.8,
        pickupable=True,
        receptacle=True,
        parent=COUNTER["objectId"],
    )
    backend = backend_for(tmp_path, FLOOR, COUNTER, burner, potato, pan, pot)
    outcome = (
        backend.execute("find Potato"),
        backend.execute("pick Potato"),
        backend.execute("put StoveBurner"),
    )
    assert [o.success for o in outcome] == [True, True, False]
    assert "only takes Kettle, Pan, Pot, not Potato" in outcome[2].error_message
    assert run(
        backend, ["put Pan", "pick Pan", "put StoveBurner", "find Pot", "pick Pot", "put StoveBurner"]
    ) == [True, True, True, True, True, False]
    assert state(backend, "Pan")["parentReceptacles"][0] == burner["objectId"]
    assert state(backend, "Potato")["parentReceptacles"][:2] == [pan["objectId"], burner["objectId"]]

    relaxed = backend_for(
        tmp_path, FLOOR, COUNTER, burner, potato, pan, pot, relaxed=frozenset({"object_specific"})
    )
    assert run(relaxed, ["find Potato", "pick Potato", "put StoveBurner"]) == [True, True, True]


def test_the_other_object_specific_receptacles() -> None:
    expected = {
        "Toaster": {"BreadSliced"},
        "CoffeeMachine": {"Mug"},
        "TowelHolder": {"Towel"},
        "HandTowelHolder": {"HandTowel"},
        "ToiletPaperHanger": {"ToiletPaper", "ToiletPaperRoll"},
    }
    for receptacle, types in expected.items():
        assert OBJECT_SPECIFIC_RECEPTACLES[receptacle] == types


# ----- 2. closed receptacles -------------------------------------------------------------------------


def test_only_the_must_be_open_types_refuse_a_put_while_closed(tmp_path: Path) -> None:
    safe = thing(
        "Safe", (1.0, 0.0, 2.0), (0.56, 0.5, 0.5), receptacle=True, openable=True, parent=FLOOR["objectId"]
    )
    drawer = thing("Drawer", (-1.0, 0.5, 2.0), (0.5, 0.15, 0.4), receptacle=True, openable=True)
    phone = thing(
        "CellPhone",
        (0.0, 0.95, 1.0),
        (0.07, 0.01, 0.14),
        mass=0.16,
        pickupable=True,
        breakable=True,
        parent=COUNTER["objectId"],
    )
    backend = backend_for(tmp_path, FLOOR, COUNTER, safe, drawer, phone)
    assert run(backend, ["find CellPhone", "pick CellPhone", "put Drawer", "put Safe"]) == [
        True,
        True,
        False,
        True,
    ]
    assert state(backend, "CellPhone")["parentReceptacles"] == [safe["objectId"]]
    assert state(backend, "Safe")["isOpen"] is False

    relaxed = backend_for(tmp_path, FLOOR, COUNTER, safe, drawer, phone, relaxed=frozenset({"must_be_open"}))
    assert run(relaxed, ["find CellPhone", "pick CellPhone", "put Safe"]) == [True, True, False]


# ----- 3. breaking -------------------------------------------------------------------------------------


def test_a_drop_breaks_only_above_the_impulse_threshold_a_throw_always(tmp_path: Path) -> None:
    phone = thing(
        "CellPhone",
        (0.0, 0.95, 1.0),
        (0.07, 0.01, 0.14),
        mass=0.16,
        pickupable=True,
        breakable=True,
        toggleable=True,
        parent=COUNTER["objectId"],
    )
    vase = thing(
        "Vase",
        (0.4, 0.95, 1.0),
        (0.15, 0.3, 0.15),
        mass=1.0,
        pickupable=True,
        breakable=True,
        parent=COUNTER["objectId"],
    )
    backend = backend_for(tmp_path, FLOOR, COUNTER, phone, vase)
    assert run(backend, ["find CellPhone", "turn_on CellPhone", "pick CellPhone", "drop"]) == [True] * 4
    dropped = state(backend, "CellPhone")
    assert dropped["isBroken"] is False and dropped["isToggled"] is True
    assert dropped["parentReceptacles"] == [COUNTER["objectId"]]
    assert run(backend, ["find Vase", "pick Vase", "find Floor", "drop"]) == [True] * 4
    assert state(backend, "Vase")["isBroken"] is True  # 1 kg from the hand to the floor
    assert run(backend, ["find CellPhone", "pick CellPhone", "throw"]) == [True] * 3
    assert (
        state(backend, "CellPhone")["isBroken"] is True and state(backend, "CellPhone")["isToggled"] is False
    )

    relaxed = backend_for(tmp_path, FLOOR, COUNTER, phone, vase, relaxed=frozenset({"breaking"}))
    assert run(relaxed, ["find CellPhone", "pick CellPhone", "drop"]) == [True] * 3
    assert state(relaxed, "CellPhone")["isBroken"] is True


def test_drop_impulse_is_mass_times_landing_speed() -> None:
    assert drop_impulse(1.0, 1.0) == pytest.approx(math.sqrt(2 * 9.81))
    assert drop_impulse(2.0, -0.3) == 0.0
    assert not breaks(drop_impulse(0.16, RELEASE_HEIGHT))  # a phone to the floor
    assert breaks(drop_impulse(1.2, RELEASE_HEIGHT))  # a wine bottle
    assert breaks(THROW_IMPULSE)


# ----- 4. fit -------------------------------------------------------------------------------------------


def test_an_object_that_does_not_fit_the_receptacle_stays_in_hand(tmp_path: Path) -> None:
    safe = thing(
        "Safe",
        (1.0, 0.0, 2.0),
        (0.56, 0.5, 0.5),
        receptacle=True,
        openable=True,
        is_open=True,
        parent=FLOOR["objectId"],
    )
    pillow = thing(
        "Pillow", (0.0, 0.95, 1.0), (0.68, 0.14, 0.62), mass=0.3, pickupable=True, parent=COUNTER["objectId"]
    )
    backend = backend_for(tmp_path, FLOOR, COUNTER, safe, pillow)
    outcome = [backend.execute(s) for s in ["find Pillow", "pick Pillow", "put Safe"]]
    assert [o.success for o in outcome] == [True, True, False]
    assert "does not fit in Safe" in outcome[2].error_message
    assert state(backend, "Pillow")["isPickedUp"] is True
    relaxed = backend_for(tmp_path, FLOOR, COUNTER, safe, pillow, relaxed=frozenset({"fit"}))
    assert run(relaxed, ["find Pillow", "pick Pillow", "put Safe"]) == [True, True, True]


def test_fit_by_corners_upright_and_lids() -> None:
    # a pen stands in an open-topped mug (its height is not bounded); in a drawer it must fit whole
    assert thor_rules.fits("Pen", (0.01, 0.15, 0.01), "Mug", (0.1, 0.1, 0.1), receptacle_closes=False)
    assert not thor_rules.fits("Pen", (0.01, 0.01, 0.2), "Drawer", (0.15, 0.1, 0.15), receptacle_closes=True)
    assert thor_rules.fits("Pen", (0.01, 0.01, 0.2), "Drawer", (0.4, 0.1, 0.25), receptacle_closes=True)
    # a Book is placed upright (flat, as it lies): it cannot be stood on edge to fit a low drawer
    assert not thor_rules.fits("Book", (0.2, 0.05, 0.3), "Drawer", (0.4, 0.04, 0.35), receptacle_closes=True)
    # a Pot is always upright: its footprint must fit a shelf's
    assert not thor_rules.fits("Pot", (0.29, 0.17, 0.27), "Shelf", (0.8, 0.2, 0.08), receptacle_closes=False)
    # bottom-four-corner receptacles bound only the footprint, however tall the object
    assert thor_rules.fits("Vase", (0.2, 0.9, 0.2), "CounterTop", (1.0, 0.02, 0.6), receptacle_closes=False)
    # object-specific receptacles place at an attach point
    assert thor_rules.fits("Pan", (0.3, 0.1, 0.5), "StoveBurner", (0.2, 0.03, 0.2), receptacle_closes=False)


# ----- 6. target choice -----------------------------------------------------------------------------------


def test_put_repicks_the_nearest_receptacle_after_each_retry_move(tmp_path: Path) -> None:
    start = thing(
        "Bowl",
        (0.0, 0.9, 1.0),
        (0.1, 0.05, 0.1),
        mass=0.3,
        pickupable=True,
        receptacle=True,
        parent=COUNTER["objectId"],
    )
    near = thing("Drawer", (0.0, 0.5, 2.0), (0.5, 0.15, 0.4), receptacle=True, openable=True)
    left = thing("Drawer", (-0.6, 0.5, 2.0), (0.5, 0.15, 0.4), receptacle=True, openable=True)
    right = thing("Drawer", (1.0, 0.5, 2.0), (0.5, 0.15, 0.4), receptacle=True, openable=True, is_open=True)
    apple = thing(
        "Apple", (0.0, 0.95, 1.1), (0.08, 0.08, 0.08), mass=0.2, pickupable=True, parent=COUNTER["objectId"]
    )
    objects = (FLOOR, COUNTER, start, near, left, right, apple)
    backend = backend_for(tmp_path, *objects)
    # the agent walks from the start (0, 0) to the nearest Drawer at (0, 2), facing +z; the fixed
    # list (that drawer, then the next nearest, on the left) holds only closed ones, but the
    # controller's retries step 1 m right, where the open Drawer is then the nearest
    assert run(backend, ["find Apple", "pick Apple", "find Drawer", "put Drawer"]) == [True] * 4
    assert state(backend, "Apple")["parentReceptacles"] == [right["objectId"]]
    assert backend.world.agent[0] == pytest.approx(-1.0)  # the retries left it 1 m to the left

    relaxed = backend_for(tmp_path, *objects, relaxed=frozenset({"target_choice"}))
    assert run(relaxed, ["find Apple", "pick Apple", "find Drawer", "put Drawer"]) == [
        True,
        True,
        True,
        False,
    ]


def test_an_unknown_rule_to_relax_is_refused(tmp_path: Path) -> None:
    with pytest.raises(ValueError, match="unknown rule.*liquid_colour"):
        SymbolicBackend(scene(tmp_path, FLOOR), relaxed=frozenset({"liquid_colour"}))
