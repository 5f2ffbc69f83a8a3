"""Action semantics of the symbolic backend, driven over HTTP like any agent would."""

from __future__ import annotations

from typing import Any

import pytest

from pytest_safeagent.core.actions import NEEDS_REACH
from pytest_safeagent.simulator import ThorClient


def run(client: ThorClient, scene: str, plan: list[str]) -> list[dict[str, Any]]:
    client.reset(scene)
    return client.execute_plan(plan)["results"]


def objects_of(client: ThorClient, object_type: str) -> list[dict[str, Any]]:
    return [o for o in client.state() if o["objectType"] == object_type]


def one(client: ThorClient, object_type: str) -> dict[str, Any]:
    found = objects_of(client, object_type)
    assert len(found) == 1, f"expected one {object_type}, found {len(found)}"
    return found[0]


def by_id(client: ThorClient) -> dict[str, dict[str, Any]]:
    return {o["objectId"]: o for o in client.state()}


def oks(results: list[dict[str, Any]]) -> list[bool]:
    return [r["success"] for r in results]


def test_objects_in_a_closed_receptacle_cannot_be_found_until_it_opens(client: ThorClient) -> None:
    results = run(client, "FloorPlan1", ["find Egg", "find Fridge", "open Fridge", "find Egg", "pick Egg"])
    assert oks(results) == [False, True, True, True, True]
    assert results[0]["message"] == "Cannot find Egg"
    assert "inside a closed receptacle" in results[0]["errorMessage"]
    assert one(client, "Egg")["isPickedUp"] is True


def test_pick_and_put_update_receptacle_links_both_ways(client: ThorClient) -> None:
    client.reset("FloorPlan1")
    apple = one(client, "Apple")
    counter_id = apple["parentReceptacles"][0]
    assert apple["objectId"] in by_id(client)[counter_id]["receptacleObjectIds"]

    assert oks(client.execute_plan(["find Apple", "pick Apple"])["results"]) == [True, True]
    state = by_id(client)
    assert state[apple["objectId"]]["isPickedUp"] is True
    assert state[apple["objectId"]]["parentReceptacles"] is None
    assert apple["objectId"] not in state[counter_id]["receptacleObjectIds"]

    assert oks(client.execute_plan(["find Fridge", "open Fridge", "put Fridge"])["results"]) == [True] * 3
    fridge = one(client, "Fridge")
    moved = by_id(client)[apple["objectId"]]
    assert moved["parentReceptacles"] == [fridge["objectId"]] and moved["isPickedUp"] is False
    assert apple["objectId"] in fridge["receptacleObjectIds"]


def test_a_picked_receptacle_carries_its_contents(client: ThorClient) -> None:
    results = run(
        client,
        "FloorPlan1",
        [
            "find Apple",
            "pick Apple",
            "find Bowl",
            "put Bowl",
            "pick Bowl",
            "find Fridge",
            "open Fridge",
            "put Fridge",
        ],
    )
    assert all(oks(results)), results
    state = by_id(client)
    bowl, apple, fridge = one(client, "Bowl"), one(client, "Apple"), one(client, "Fridge")
    assert bowl["parentReceptacles"] == [fridge["objectId"]]
    assert apple["parentReceptacles"] == [bowl["objectId"], fridge["objectId"]]
    assert {apple["objectId"], bowl["objectId"]} <= set(fridge["receptacleObjectIds"])
    assert all(
        apple["objectId"] not in (o["receptacleObjectIds"] or [])
        for o in state.values()
        if o["objectType"] == "CounterTop"
    )


def test_put_needs_a_held_object_and_an_open_receptacle(client: ThorClient) -> None:
    results = run(
        client,
        "FloorPlan1",
        [
            "put CounterTop",
            "find Potato",
            "pick Potato",
            "find Microwave",
            "put Microwave",
            "open Microwave",
            "put Microwave",
        ],
    )
    assert oks(results) == [False, True, True, True, False, True, True]
    assert results[0]["message"] == "Robot is not holding any object"
    assert results[4]["message"] == "Putting the object on Microwave failed"
    assert "is closed" in results[4]["errorMessage"]


@pytest.mark.parametrize("name", ["Sink", "SinkBasin"])
def test_put_into_a_sink_goes_into_its_basin(client: ThorClient, name: str) -> None:
    results = run(client, "FloorPlan1", ["find Mug", "pick Mug", f"find {name}", f"put {name}"])
    assert all(oks(results))
    basin = one(client, "SinkBasin")  # a Sink is no receptacle: put falls back to the basin its id prefixes
    assert one(client, "Mug")["parentReceptacles"][0] == basin["objectId"]
    assert one(client, "Mug")["objectId"] in basin["receptacleObjectIds"]


def test_pick_needs_reach_an_empty_hand_and_a_pickupable_object(client: ThorClient) -> None:
    results = run(
        client,
        "FloorPlan1",
        ["pick Kettle", "find Apple", "pick Apple", "pick Bread", "find Fridge", "pick Fridge"],
    )
    assert oks(results) == [False, True, True, False, True, False]
    assert "too far away" in results[0]["errorMessage"]
    assert "hand is full" in results[3]["errorMessage"]
    assert "not pickupable" in results[5]["errorMessage"]


def test_slice_creates_sliced_objects_where_the_original_was(client: ThorClient) -> None:
    client.reset("FloorPlan1")
    apple = one(client, "Apple")
    results = client.execute_plan(["find Apple", "slice Apple", "pick Apple", "pick AppleSliced"])["results"]
    assert oks(results) == [True, True, False, True]
    assert "act on AppleSliced" in results[2]["errorMessage"]  # "Apple" is the sliced original, not a piece
    slices = objects_of(client, "AppleSliced")
    assert len(slices) > 1
    assert all(s["objectId"].startswith(apple["objectId"] + "|AppleSliced_") for s in slices)
    assert one(client, "Apple")["isSliced"] is True and one(client, "Apple")["isPickedUp"] is False
    held = [s for s in slices if s["isPickedUp"]]
    assert len(held) == 1  # "pick AppleSliced" took one slice
    counter = by_id(client)[apple["parentReceptacles"][0]]
    resting = [s for s in slices if not s["isPickedUp"]]
    assert all(s["parentReceptacles"] == apple["parentReceptacles"] for s in resting)
    assert all(s["objectId"] in counter["receptacleObjectIds"] for s in resting)


def test_names_match_object_types(client: ThorClient) -> None:
    client.reset("FloorPlan1")
    faced = {}
    for instruction in (
        "find Apple",
        "slice Apple",
        "find AppleSliced",
        "find SinkBasin",
        "find sink basin",
        "find Sink",
    ):
        assert client.execute(instruction)["success"], instruction
        faced[instruction] = client.health()["facing"]
    state = by_id(client)
    assert state[faced["find Apple"]]["objectType"] == "Apple"
    assert state[faced["find AppleSliced"]]["objectType"] == "AppleSliced"
    assert state[faced["find SinkBasin"]]["objectType"] == "SinkBasin"
    assert faced["find sink basin"] == faced["find SinkBasin"]
    assert state[faced["find Sink"]]["objectType"] == "Sink"  # not its basin, although the ids share a prefix
    missing = client.execute("find Applesauce")
    assert missing["success"] is False and missing["message"] == "Cannot find Applesauce"
    assert missing["errorMessage"] == "there is no Applesauce in this scene"


def test_egg_cracks_when_sliced_and_when_thrown_not_when_dropped(client: ThorClient) -> None:
    results = run(client, "FloorPlan1", ["find Fridge", "open Fridge", "find Egg", "slice Egg"])
    assert all(oks(results))
    egg, cracked = one(client, "Egg"), one(client, "EggCracked")
    assert egg["isSliced"] is True and cracked["parentReceptacles"] == egg["parentReceptacles"]

    # 0.05 kg falling from the hand: an impulse far below Break.cs's threshold of 3.6
    results = run(
        client, "FloorPlan1", ["find Fridge", "open Fridge", "find Egg", "pick Egg", "find Floor", "drop"]
    )
    assert all(oks(results))
    assert one(client, "Egg")["isBroken"] is False and objects_of(client, "EggCracked") == []

    results = run(client, "FloorPlan1", ["find Fridge", "open Fridge", "find Egg", "pick Egg", "throw"])
    assert all(oks(results))
    egg, cracked = one(client, "Egg"), one(client, "EggCracked")
    assert egg["isBroken"] is True and egg["isPickedUp"] is False
    assert cracked["parentReceptacles"][0].startswith("Floor|")


def test_stove_knob_switches_its_burner_and_a_lit_burner_cooks(client: ThorClient) -> None:
    client.reset("FloorPlan1")
    # a burner takes only a Pot, Pan or Kettle: the Potato goes on it in the Pan
    results = client.execute_plan(
        [
            "find Potato",
            "pick Potato",
            "find StoveBurner",
            "put StoveBurner",
            "find Pan",
            "put Pan",
            "pick Pan",
            "find StoveBurner",
            "put StoveBurner",
        ]
    )["results"]
    assert oks(results) == [True, True, True, False] + [True] * 5
    potato = one(client, "Potato")
    burner_id = potato["parentReceptacles"][-1]
    assert burner_id.startswith("StoveBurner|")
    assert potato["isCooked"] is False
    assert oks(client.execute_plan(["turn_on StoveBurner"])["results"]) == [False]
    knobs = objects_of(client, "StoveKnob")
    lit = []
    for number in range(1, len(knobs) + 1):
        assert client.execute(f"turn_on StoveKnob {number}")["success"]
        lit = [b["objectId"] for b in objects_of(client, "StoveBurner") if b["isToggled"]]
        assert len(lit) == number  # each knob lights exactly one more burner
        if burner_id in lit:
            break
    assert one(client, "Potato")["isCooked"] is True


def test_a_running_microwave_cooks_and_refuses_to_run_open(client: ThorClient) -> None:
    results = run(
        client,
        "FloorPlan1",
        [
            "find Microwave",
            "open Microwave",
            "find Potato",
            "pick Potato",
            "find Microwave",
            "put Microwave",
            "turn_on Microwave",
            "close Microwave",
            "turn_on Microwave",
            "open Microwave",
        ],
    )
    assert oks(results) == [True] * 6 + [False, True, True, False]
    assert "must be closed" in results[6]["errorMessage"]
    assert "turned off before it can be opened" in results[9]["errorMessage"]
    assert one(client, "Potato")["isCooked"] is True


def test_only_a_microwave_must_be_off_to_open(client: ThorClient) -> None:
    results = run(client, "FloorPlan301", ["find Laptop", "turn_on Laptop", "close Laptop", "open Laptop"])
    assert all(oks(results)), results
    laptop = one(client, "Laptop")
    assert laptop["isOpen"] is True and laptop["isToggled"] is True


def test_running_faucet_cleans_and_fills_a_dish_in_its_sink(client: ThorClient) -> None:
    results = run(client, "FloorPlan1", ["find Mug", "dirty Mug", "pick Mug", "find Sink", "put Sink"])
    assert all(oks(results))
    assert one(client, "Mug")["isDirty"] is True
    assert client.execute("find Faucet")["success"] and client.execute("turn_on Faucet")["success"]
    mug = one(client, "Mug")
    assert mug["isDirty"] is False
    assert mug["isFilledWithLiquid"] is True and mug["fillLiquid"] == "water"


def test_coffee_machine_fills_a_mug(client: ThorClient) -> None:
    results = run(
        client,
        "FloorPlan1",
        [
            "find CoffeeMachine",
            "turn_on CoffeeMachine",
            "find Mug",
            "pick Mug",
            "find CoffeeMachine",
            "put CoffeeMachine",
        ],
    )
    assert all(oks(results))
    mug = one(client, "Mug")
    assert mug["isFilledWithLiquid"] is True and mug["fillLiquid"] == "coffee"


def test_lit_candle_put_in_running_water_goes_out(client: ThorClient) -> None:
    dry = run(
        client,
        "FloorPlan401",
        ["find Candle", "turn_on Candle", "pick Candle", "find Bathtub", "put Bathtub"],
    )
    assert all(oks(dry)) and one(client, "Candle")["isToggled"] is True
    wet = run(
        client,
        "FloorPlan401",
        [
            "find Candle",
            "turn_on Candle",
            "pick Candle",
            "find Bathtub",
            "find Faucet",
            "turn_on Faucet",
            "find Bathtub",
            "put Bathtub",
        ],
    )
    assert all(oks(wet))
    assert one(client, "Candle")["isToggled"] is False


@pytest.mark.parametrize("how", ["find Floor|drop", "throw"])
def test_breakable_objects_break_when_dropped_or_thrown(client: ThorClient, how: str) -> None:
    # a 1 kg Mug falling from the hand to the floor lands with an impulse above 3.6
    release = how.split("|")
    results = run(
        client, "FloorPlan1", ["find Mug", "pick Mug", *release, "find Apple", "pick Apple", *release]
    )
    assert all(oks(results))
    mug, apple = one(client, "Mug"), one(client, "Apple")
    assert mug["isBroken"] is True and mug["isPickedUp"] is False
    assert apple["isBroken"] is False and apple["parentReceptacles"]
    assert apple["parentReceptacles"][0].startswith("Floor|")
    assert client.execute("pick Mug")["success"] is False  # shattered


def test_breaking_a_screen_turns_it_off(client: ThorClient) -> None:
    results = run(
        client,
        "FloorPlan202",
        ["find Television", "turn_on Television", "break Television", "turn_on Television", "break Sofa"],
    )
    assert oks(results) == [True, True, True, False, False]
    tv = one(client, "Television")
    assert tv["isBroken"] is True and tv["isToggled"] is False
    assert "not breakable" in results[4]["errorMessage"]


def test_fill_empty_and_pour(client: ThorClient) -> None:
    results = run(
        client,
        "FloorPlan1",
        [
            "find Mug",
            "fillLiquid Mug wine",
            "fillLiquid Mug water",
            "emptyLiquid Mug",
            "emptyLiquid Mug",
            "fillLiquid Mug coffee",
            "pick Mug",
            "pour",
            "pour",
            "find Apple",
            "fillLiquid Apple water",
        ],
    )
    assert oks(results) == [True, True, False, True, False, True, True, True, True, True, False]
    assert "already filled with wine" in results[2]["errorMessage"]
    assert "already empty" in results[4]["errorMessage"]
    assert "cannot hold liquid" in results[10]["errorMessage"]
    mug = one(client, "Mug")
    assert mug["isFilledWithLiquid"] is False and mug["fillLiquid"] is None and mug["isPickedUp"] is True


def test_fill_records_the_liquid(client: ThorClient) -> None:
    run(client, "FloorPlan1", ["find Mug", "fillLiquid Mug wine"])
    mug = one(client, "Mug")
    assert mug["isFilledWithLiquid"] is True and mug["fillLiquid"] == "wine"


def test_toggles_open_close_dirty_clean_cook_refuse_no_ops(client: ThorClient) -> None:
    results = run(
        client,
        "FloorPlan1",
        [
            "find Fridge",
            "close Fridge",
            "open Fridge",
            "open Fridge",
            "find Faucet",
            "turn_off Faucet",
            "turn_on Faucet",
            "turn_on Faucet",
            "find Pan",
            "clean Pan",
            "dirty Pan",
            "dirty Pan",
            "clean Pan",
            "find Potato",
            "cook Potato",
            "cook Potato",
            "cook Apple",
        ],
    )
    assert oks(results) == [
        True,
        False,
        True,
        False,
        True,
        False,
        True,
        False,
        True,
        False,
        True,
        False,
        True,
        True,
        True,
        False,
        False,
    ]


def test_instance_numbers_pick_distinct_objects(client: ThorClient) -> None:
    client.reset("FloorPlan1")
    knobs = {o["objectId"] for o in objects_of(client, "StoveKnob")}
    lit: set[str] = set()
    for number in range(1, len(knobs) + 1):
        assert client.execute(f"find StoveKnob {number}")["success"]
        assert client.execute(f"turn_on StoveKnob {number}")["success"]
        now = {o["objectId"] for o in objects_of(client, "StoveKnob") if o["isToggled"]}
        assert len(now - lit) == 1  # each number names a knob not named before
        lit = now
    assert lit == knobs
    missing = client.execute(f"find StoveKnob {len(knobs) + 1}")
    assert missing["success"] is False and missing["message"] == f"Cannot find StoveKnob {len(knobs) + 1}"


def test_a_numbered_instance_is_another_object_than_the_nearest(client: ThorClient) -> None:
    def faced_after(plan: list[str]) -> str:
        assert all(oks(run(client, "FloorPlan1", plan)))
        return client.health()["facing"]

    nearest = faced_after(["find StoveKnob"])
    assert faced_after(["find StoveKnob 1"]) == nearest
    second = faced_after(["find StoveKnob 2"])
    assert second != nearest and by_id(client)[second]["objectType"] == "StoveKnob"


def test_an_instance_number_binds_on_first_use_and_plain_names_skip_it(client: ThorClient) -> None:
    def lit() -> set[str]:
        return {o["objectId"] for o in objects_of(client, "StoveKnob") if o["isToggled"]}

    assert all(oks(run(client, "FloorPlan1", ["find StoveKnob 3", "turn_on StoveKnob 3"])))
    (third,) = lit()
    later = client.execute_plan(
        ["find StoveKnob", "turn_on StoveKnob", "turn_off StoveKnob 3", "find StoveKnob 0"]
    )["results"]
    assert oks(later) == [True, True, True, False]
    assert later[3]["message"] == "Cannot find StoveKnob 0"
    (plain,) = lit()
    assert plain != third  # the plain name skipped the bound knob, though it stood nearest
    assert client.execute("turn_on StoveKnob 3")["success"]  # still the same knob after the agent moved
    assert lit() == {plain, third}


def test_dataset_spellings_are_understood(client: ThorClient) -> None:
    results = run(
        client,
        "FloorPlan1",
        [
            "find faucet",
            "turn on faucet",
            "turn_off Faucet",
            "find cabinet",
            "Open Cabinet",
            "find apple",
            "pick apple",
            "find garbagecan",
            "put garbagecan",
            "find paper towel roll",
            "find stove knob",
        ],
    )
    assert all(oks(results)), [r for r in results if not r["success"]]
    assert one(client, "Apple")["parentReceptacles"][0].startswith("GarbageCan|")


def test_dropped_objects_land_on_what_the_agent_faces(client: ThorClient) -> None:
    results = run(
        client,
        "FloorPlan1",
        ["find Apple", "pick Apple", "find Sink", "drop", "find Bread", "pick Bread", "drop"],
    )
    assert all(oks(results))
    assert one(client, "Apple")["parentReceptacles"][0].endswith("|SinkBasin")
    bread = one(client, "Bread")
    assert bread["isPickedUp"] is False and bread["parentReceptacles"][0].startswith("CounterTop|")


def test_put_reaches_across_the_room_as_with_force_action(client: ThorClient) -> None:
    results = run(
        client,
        "FloorPlan1",
        [
            "find Fridge",
            "open Fridge",
            "find Apple",
            "pick Apple",
            "put Fridge",
            "find Potato",
            "close Fridge",
            "open Fridge",
        ],
    )
    assert oks(results) == [True] * 7 + [False]  # closing is forced too; opening needs reach
    assert "too far away" in results[7]["errorMessage"]
    assert one(client, "Apple")["parentReceptacles"][0].startswith("Fridge|")


def test_every_action_on_an_object_but_put_and_close_needs_it_within_reach(client: ThorClient) -> None:
    """core/actions.py NEEDS_REACH, which the rules judge reads (judges/reach.py), is what the simulator does:
    from the garbage can, each of those actions fails on an object across the kitchen as too far away, while
    put and close (SafeAgentBench's forceAction) act there."""
    far = {  # action: the object across the kitchen, and what puts it in a state the action applies to
        "pick": ("Bowl", []),
        "open": ("Microwave", []),
        "slice": ("Bread", []),
        "turn_on": ("Microwave", []),
        "turn_off": ("LightSwitch", []),
        "break": ("Bowl", []),
        "cook": ("Potato", []),
        "dirty": ("Bowl", []),
        "clean": ("Bowl", ["find Bowl", "dirty Bowl"]),
        "fillLiquid": ("Mug", []),
        "emptyLiquid": ("Mug", ["find Mug", "fillLiquid Mug water"]),
    }
    assert set(far) == NEEDS_REACH
    for action, (target, before) in far.items():
        words = f"{action.replace('_', ' ')} {target}" + (" water" if action == "fillLiquid" else "")
        results = run(client, "FloorPlan1", [*before, "find GarbageCan", words])
        assert all(oks(results[:-1])) and not results[-1]["success"], (words, results)
        assert "too far away" in results[-1]["errorMessage"], (words, results[-1])
    results = run(
        client,
        "FloorPlan1",
        [
            "find Cabinet",
            "open Cabinet",
            "find Apple",
            "pick Apple",
            "find GarbageCan",
            "close Cabinet",
            "put Pot",
        ],
    )
    assert oks(results) == [True] * 7, results
