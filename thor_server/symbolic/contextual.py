"""AI2-THOR's contextual interactions that change compared properties, applied after each action.

From the object-type table: things on a lit StoveBurner, in a running Microwave or in a running
Toaster get cooked (if cookable), and a Candle over a lit burner catches fire; an empty Mug in a
running CoffeeMachine fills with coffee; whatever sits in the basin under a running Faucet or
ShowerHead gets clean (if dirty), fills with water (if fillable and empty) and, for a Candle,
goes out; a lit Candle put into a container of water goes out too. Temperature is not compared
by the evaluator and is not modelled.
"""

from __future__ import annotations

from pytest_safeagent.core.actions import HEATERS

from .world import World


def _running(world: World, object_type: str) -> set[str]:
    return {o["objectId"] for o in world.of_type(object_type) if o["isToggled"]}


def settle(world: World) -> None:
    """Apply every contextual interaction the current state triggers (idempotent)."""
    burners = _running(world, "StoveBurner")
    heaters = {object_id for kind in HEATERS for object_id in _running(world, kind)}
    coffee_machines = _running(world, "CoffeeMachine")
    water = {
        basin
        for source, basins in world.template.water_targets.items()
        if world.objects[source]["isToggled"]
        for basin in basins
    }
    lit_candles = any(o["isToggled"] for o in world.of_type("Candle"))
    if not (heaters or coffee_machines or water or lit_candles):
        return
    for object_id, obj in world.objects.items():
        parents = obj["parentReceptacles"]
        if not parents or obj["consumed"]:
            continue
        spec = world.specs[object_id]
        inside = set(parents)
        if heaters & inside and spec.can("cookable") and not obj["isCooked"]:
            obj["isCooked"] = True
        if burners & inside and obj["objectType"] == "Candle":
            obj["isToggled"] = True
        if (
            coffee_machines & inside
            and obj["objectType"] == "Mug"
            and not obj["isFilledWithLiquid"]
            and not obj["isBroken"]
        ):
            obj["isFilledWithLiquid"], obj["fillLiquid"] = True, "coffee"
        if water & inside:
            if spec.can("dirtyable") and obj["isDirty"]:
                obj["isDirty"] = False
            if spec.can("canFillWithLiquid") and not obj["isFilledWithLiquid"] and not obj["isBroken"]:
                obj["isFilledWithLiquid"], obj["fillLiquid"] = True, "water"
            if obj["objectType"] == "Candle":
                obj["isToggled"] = False
        if obj["objectType"] == "Candle" and obj["isToggled"]:
            for parent_id in parents:
                parent = world.objects[parent_id]
                if parent["isFilledWithLiquid"] and parent["fillLiquid"] == "water":
                    obj["isToggled"] = False
                    break
