"""The object-choice policy shared by both backends (SafeAgentBench's controller, reimplemented)."""

from __future__ import annotations

from pathlib import Path
from typing import Any

from thor_server import targeting
from thor_server.symbolic.scenes import SceneLibrary
from thor_server.symbolic.world import World


def obj(object_id: str, distance: float, **extra: Any) -> dict[str, Any]:
    """A metadata-shaped object; its type is the last id part without a piece number (AppleSliced_0)."""
    base = {
        "objectId": object_id,
        "objectType": object_id.split("|")[-1].split("_")[0]
        if object_id.count("|") == 4
        else object_id.split("|")[0],
        "distance": distance,
        "parentReceptacles": None,
        "receptacleObjectIds": None,
        "openable": False,
        "isOpen": False,
        "receptacle": True,
    }
    base.update(extra)
    return base


def choose(
    objects: list[dict[str, Any]],
    name: str,
    instance: int | None = None,
    numbers: targeting.InstanceNumbers | None = None,
    **extra: Any,
) -> list[str]:
    by_id = {o["objectId"]: o for o in objects}
    extra.setdefault("distance", lambda o: o["distance"])
    ranked = targeting.rank(
        objects,
        name,
        instance=instance,
        numbers=numbers or targeting.InstanceNumbers(),
        lookup=by_id.get,
        **extra,
    )
    return [o["objectId"] for o in ranked]


KITCHEN = [
    obj("Sink|1|1|1", 1.0, receptacle=False),
    obj("Sink|1|1|1|SinkBasin", 1.1),
    obj("Sink|5|1|1", 4.0, receptacle=False),
    obj("Sink|5|1|1|SinkBasin", 4.1),
    obj("Cabinet|0|0|0", 0.5, openable=True),
    obj("Mug|0|0|0", 0.4, parentReceptacles=["Cabinet|0|0|0"]),
    obj("Mug|2|0|0", 2.0),
    obj("Mug|3|0|0", 3.0),
    obj("StoveBurner|1|0|0", 1.0, receptacleObjectIds=["Pan|1|0|0"]),
    obj("StoveBurner|2|0|0", 2.0, receptacleObjectIds=[]),
]
BASINS = ["Sink|1|1|1|SinkBasin", "Sink|5|1|1|SinkBasin"]
# Four visible Mugs listed out of distance order, and a nearer one hidden in a closed cabinet.
MUGS = [
    obj("Cabinet|0|0|0", 0.5, openable=True),
    obj("Mug|0|0|0", 0.4, parentReceptacles=["Cabinet|0|0|0"]),
    obj("Mug|3|0|0", 3.0),
    obj("Mug|1|0|0", 1.0),
    obj("Mug|4|0|0", 4.0),
    obj("Mug|2|0|0", 2.0),
]


def test_a_name_matches_the_object_type_not_the_object_id_prefix() -> None:
    assert choose(KITCHEN, "sink") == [
        "Sink|1|1|1",
        "Sink|5|1|1",
    ]  # the basins share the prefix, not the type
    assert choose(KITCHEN, "SinkBasin") == BASINS
    assert choose(KITCHEN, "sinkbasin") == BASINS
    # the prefix only serves put's fallback, and only for inherited (five-part) ids
    assert choose(KITCHEN, "Sink", inherited_only=True) == BASINS
    assert choose(KITCHEN, "SinkBasin", inherited_only=True) == []
    assert choose(KITCHEN, "Cabinet", inherited_only=True) == []
    assert choose(KITCHEN, "Sin") == [] and choose(KITCHEN, "Sink|1|1|1") == []
    assert [o["objectId"] for o in targeting.named(KITCHEN, "MUG")] == ["Mug|0|0|0", "Mug|2|0|0", "Mug|3|0|0"]
    assert [o["objectId"] for o in targeting.named(KITCHEN, "sinkbasin")] == BASINS


def test_hidden_objects_are_skipped_and_occupied_burners_rank_last() -> None:
    assert choose(KITCHEN, "Mug") == ["Mug|2|0|0", "Mug|3|0|0"]  # the nearest is in a closed cabinet
    assert choose(KITCHEN, "StoveBurner") == ["StoveBurner|2|0|0", "StoveBurner|1|0|0"]
    opened = [{**o, "isOpen": True} if o["objectId"] == "Cabinet|0|0|0" else o for o in KITCHEN]
    assert choose(opened, "Mug") == ["Mug|0|0|0", "Mug|2|0|0", "Mug|3|0|0"]


def test_ties_go_to_metadata_order_and_pieces_never_compete_with_their_original() -> None:
    cut = [
        obj("Apple|1|1|1", 1.0, isSliced=True),
        obj("Apple|1|1|1|AppleSliced_2", 1.0),
        obj("Apple|1|1|1|AppleSliced_0", 1.0),
        obj("Apple|1|1|1|AppleSliced_1", 1.0),
        obj("Egg|2|2|2", 1.0, isSliced=True),
        obj("Egg|2|2|2|EggCracked_0", 1.0),
    ]
    assert choose(cut, "Apple") == ["Apple|1|1|1"]  # the sliced original itself, never a piece
    assert choose(cut, "AppleSliced") == [
        "Apple|1|1|1|AppleSliced_2",
        "Apple|1|1|1|AppleSliced_0",
        "Apple|1|1|1|AppleSliced_1",
    ]  # a tie: metadata order, not id order
    assert choose(cut, "EggCracked") == ["Egg|2|2|2|EggCracked_0"] and choose(cut, "Egg") == ["Egg|2|2|2"]
    nearer = cut + [obj("Apple|1|1|1|AppleSliced_3", 0.9)]
    assert choose(nearer, "AppleSliced")[0] == "Apple|1|1|1|AppleSliced_3"  # distance first
    assert choose(cut, "Apple", inherited_only=True) == choose(cut, "AppleSliced")  # put Apple's fallback


def test_an_instance_number_names_the_nth_nearest_and_binds_it_on_first_use() -> None:
    numbers = targeting.InstanceNumbers()
    assert choose(MUGS, "Mug", 2, numbers) == ["Mug|2|0|0"]  # second nearest visible (the hidden one skipped)
    assert choose(MUGS, "mug", 2, numbers) == ["Mug|2|0|0"]  # bound, whatever the case
    assert choose(MUGS, "Mug", None, numbers) == [
        "Mug|1|0|0",
        "Mug|3|0|0",
        "Mug|4|0|0",
    ]  # skips the bound one
    assert choose(MUGS, "Mug", 1, numbers) == ["Mug|1|0|0"]  # the nearest
    assert (
        choose(MUGS, "Mug", 5, numbers) == []
    )  # slots 1-2 taken: 5 is the third free one; two Mugs are left
    assert choose(MUGS, "Mug", 3, numbers) == ["Mug|3|0|0"]  # slots 1-2 taken: the nearest free Mug
    assert choose(MUGS, "Mug", 4, numbers) == ["Mug|4|0|0"]
    assert choose(MUGS, "Mug", 0, numbers) == [] and choose(MUGS, "Mug", None, numbers) == []
    assert numbers.number_of("MUG", "Mug|3|0|0") == 3 and numbers.number_of("Mug", "Mug|0|0|0") is None


def test_numbers_used_in_order_name_distinct_objects_nearest_first() -> None:
    numbers = targeting.InstanceNumbers()
    assert [choose(MUGS, "Mug", n, numbers) for n in (1, 2, 3, 4, 5)] == [
        ["Mug|1|0|0"],
        ["Mug|2|0|0"],
        ["Mug|3|0|0"],
        ["Mug|4|0|0"],
        [],
    ]
    numbers = targeting.InstanceNumbers()
    assert [choose(MUGS, "Mug", n, numbers) for n in (3, 1, 2)] == [
        ["Mug|3|0|0"],
        ["Mug|1|0|0"],
        ["Mug|2|0|0"],
    ]


def test_a_bound_number_keeps_its_object_when_the_agent_moves() -> None:
    numbers = targeting.InstanceNumbers()
    assert choose(MUGS, "Mug", 2, numbers) == ["Mug|2|0|0"]
    moved = {"Mug|1|0|0": 3.0, "Mug|2|0|0": 9.0, "Mug|3|0|0": 1.0, "Mug|4|0|0": 2.0}
    from_there = {"distance": lambda o: moved.get(o["objectId"], o["distance"])}
    assert choose(MUGS, "Mug", 2, numbers, **from_there) == ["Mug|2|0|0"]
    assert choose(MUGS, "Mug", 1, numbers, **from_there) == ["Mug|3|0|0"]  # nearest free, seen from there


def test_put_tries_the_nearest_its_basin_then_the_next_ones() -> None:
    by_id = {o["objectId"]: o for o in KITCHEN}
    choice = {
        "instance": None,
        "numbers": targeting.InstanceNumbers(),
        "distance": lambda o: o["distance"],
        "lookup": by_id.get,
    }
    tried = [o["objectId"] for o in targeting.put_candidates(KITCHEN, "Sink", **choice)]
    # nearest match, nearest basin, then without the basin: the nearest match again, the next basin
    assert tried == ["Sink|1|1|1", "Sink|1|1|1|SinkBasin", "Sink|5|1|1|SinkBasin"]
    assert [o["objectId"] for o in targeting.put_candidates(KITCHEN, "StoveBurner", **choice)] == [
        "StoveBurner|2|0|0",
        "StoveBurner|1|0|0",
    ]
    assert [o["objectId"] for o in targeting.put_candidates(KITCHEN, "SinkBasin", **choice)] == BASINS
    assert targeting.put_candidates(KITCHEN, "Fridge", **choice) == []


def test_find_stays_put_when_the_object_is_already_in_view_and_near(scenes_dir: Path) -> None:
    library = SceneLibrary(scenes_dir)
    world = World(library.template("FloorPlan7"), library)  # its Mug is visible 0.92 m from the start
    start = list(world.agent)
    mug = next(o for o in world.objects.values() if o["objectType"] == "Mug")
    world.go_to(mug)
    assert world.agent == start and world.focus == mug["objectId"] and not world.agent_moved
    table = next(o for o in world.objects.values() if o["objectType"] == "DiningTable")
    world.go_to(table)
    assert world.agent_moved and world.agent[0] == table["pos"][0] and world.agent[2] == table["pos"][2]


def test_the_symbolic_backend_goes_to_the_nth_nearest_and_labels_it(scenes_dir: Path) -> None:
    from thor_server.symbolic.backend import SymbolicBackend
    from thor_server.symbolic.render import _label

    backend = SymbolicBackend(scenes_dir)
    backend.reset("FloorPlan1")  # four StoveKnobs, all visible, at distinct distances from the start
    world = backend.world
    knobs = sorted((o for o in world.objects.values() if o["objectType"] == "StoveKnob"), key=world.distance)
    assert len({round(world.distance(k), 6) for k in knobs}) == 4
    assert backend.execute("find StoveKnob 2").success and world.focus == knobs[1]["objectId"]
    assert _label(world, knobs[1]) == "StoveKnob 2" and _label(world, knobs[0]) == "StoveKnob"
    backend.reset("FloorPlan1")
    assert backend.execute("find StoveKnob").success and world is not backend.world
    assert backend.world.focus == knobs[0]["objectId"]
    backend.reset("FloorPlan1")
    assert backend.execute("find StoveKnob 1").success and backend.world.focus == knobs[0]["objectId"]
    assert backend.execute("find Apple").success and backend.execute("slice Apple").success
    assert backend.execute("find AppleSliced").success
    piece = backend.world.objects[backend.world.focus]
    assert piece["objectType"] == "AppleSliced" and _label(backend.world, piece) == "AppleSliced"
