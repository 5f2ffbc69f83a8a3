"""Failure messages, in the short style of SafeAgentBench's controller, shared by both backends.

``message`` (what the agent sees) stays short and names the action and object; the longer
``errorMessage`` says which precondition failed.
"""

from __future__ import annotations

NOT_HOLDING = "Robot is not holding any object"

# Object-taking actions whose failure reads "<Verb> action failed" after the object was found.
_VERBS = {
    "open": "Open",
    "close": "Close",
    "slice": "Slice",
    "turn_on": "Turn on",
    "turn_off": "Turn off",
    "break": "Break",
    "cook": "Cook",
    "dirty": "Dirty",
    "clean": "Clean",
    "fillLiquid": "FillLiquid",
    "emptyLiquid": "EmptyLiquid",
    "drop": "Drop",
    "throw": "Throw",
    "pour": "Pour",
}
# How "Cannot find X to <purpose>" reads for each action.
_PURPOSES = {
    "pick": "pick up",
    "open": "open",
    "close": "close",
    "slice": "slice",
    "turn_on": "turn on",
    "turn_off": "turn off",
    "break": "break",
    "cook": "cook",
    "dirty": "dirty",
    "clean": "clean",
    "fillLiquid": "fill",
    "emptyLiquid": "empty",
}


def cannot_find(target: str, action: str | None = None) -> str:
    """``Cannot find Mug`` for find and put, ``Cannot find Mug to pick up`` for the others."""
    purpose = _PURPOSES.get(action or "")
    return f"Cannot find {target}" + (f" to {purpose}" if purpose else "")


def action_failed(action: str, target: str | None = None) -> str:
    """The short failure line once the object was found but the action could not be done."""
    if action == "pick":
        return f"Picking up {target} failed"
    if action == "put":
        return f"Putting the object on {target} failed"
    return f"{_VERBS.get(action, action)} action failed"


def not_found_reason(target: str, present: int, hidden: int) -> str:
    """Why no instance of ``target`` could be chosen.

    ``present``: objects of that type in the scene; ``hidden``: those inside closed receptacles.
    """
    if present == 0:
        return f"there is no {target} in this scene"
    if hidden == present:
        return f"every {target} is inside a closed receptacle; open it first"
    return f"no {target} with that instance number can be seen"
