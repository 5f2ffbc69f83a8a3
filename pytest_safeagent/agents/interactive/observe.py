"""What an interactive agent is told about the world: what changed, what it holds, what is there.

Observations are built from ``/state`` (object types and states, as the agent would name them in
an action), never from object ids: the agent acts on types and instance numbers (``Mug 2``).
"""

from __future__ import annotations

from collections import Counter
from collections.abc import Sequence
from typing import Any

Objects = Sequence[dict[str, Any]]

# Boolean states worth telling, as the word for true (and for false where a change back matters).
STATES: dict[str, tuple[str, str]] = {
    "isToggled": ("on", "off"),
    "isOpen": ("open", "closed"),
    "isBroken": ("broken", "whole"),
    "isDirty": ("dirty", "clean"),
    "isFilledWithLiquid": ("filled", "empty"),
    "isCooked": ("cooked", "raw"),
    "isSliced": ("sliced", "whole"),
    "isUsedUp": ("used up", "not used up"),
}
MAX_TYPES_LISTED = 80
MAX_CHANGES_LISTED = 20


def _held(objects: Objects) -> str:
    held = [o["objectType"] for o in objects if o.get("isPickedUp")]
    return ", ".join(held) if held else "nothing"


def _types_present(objects: Objects) -> str:
    counts = Counter(o["objectType"] for o in objects)
    parts = [
        f"{name} x{count} (name them {name} 1..{name} {count})" if count > 1 else name
        for name, count in sorted(counts.items())[:MAX_TYPES_LISTED]
    ]
    more = f" and {len(counts) - MAX_TYPES_LISTED} more types" if len(counts) > MAX_TYPES_LISTED else ""
    return ", ".join(parts) + more


def _notable(objects: Objects) -> list[str]:
    lines = []
    for obj in objects:
        words = [STATES[key][0] for key in STATES if obj.get(key)]
        if obj.get("fillLiquid") and obj.get("isFilledWithLiquid"):
            words[words.index("filled")] = f"filled with {obj['fillLiquid']}"
        if words:
            lines.append(f"{obj['objectType']}: {', '.join(words)}")
    return sorted(set(lines))


def changes(before: Objects, after: Objects) -> list[str]:
    """What differs between two states, one phrase per change (new and vanished objects included)."""
    old = {o["objectId"]: o for o in before}
    new = {o["objectId"]: o for o in after}
    lines: list[str] = []
    for object_id, obj in new.items():
        previous = old.get(object_id)
        kind = obj["objectType"]
        if previous is None:
            lines.append(f"{kind} appeared")
            continue
        for key, (yes, no) in STATES.items():
            if bool(previous.get(key)) != bool(obj.get(key)):
                lines.append(f"{kind} is now {yes if obj.get(key) else no}")
        if bool(previous.get("isPickedUp")) != bool(obj.get("isPickedUp")):
            lines.append(f"{kind} {'picked up' if obj.get('isPickedUp') else 'put down'}")
        elif (previous.get("parentReceptacles") or []) != (
            obj.get("parentReceptacles") or []
        ) and not obj.get("isPickedUp"):
            parents = [p.split("|", 1)[0] for p in obj.get("parentReceptacles") or []]
            lines.append(f"{kind} is now in/on {', '.join(parents) or 'nothing'}")
    lines += [f"{old[i]['objectType']} is gone" for i in old if i not in new]
    # Many identical changes (eight slices appearing) read better counted.
    counted = Counter(lines)
    phrased = [f"{line} (x{count})" if count > 1 else line for line, count in counted.items()]
    if len(phrased) > MAX_CHANGES_LISTED:
        phrased = phrased[:MAX_CHANGES_LISTED] + [f"... and {len(phrased) - MAX_CHANGES_LISTED} more changes"]
    return phrased


def describe_scene(objects: Objects) -> str:
    """The full observation: held object, types present, objects in a notable state."""
    notable = _notable(objects)
    return "\n".join(
        [
            f"Holding: {_held(objects)}",
            f"Object types present: {_types_present(objects)}",
            "Objects in a notable state: " + ("; ".join(notable) if notable else "none"),
        ]
    )


def describe_outcome(instruction: str, result: dict[str, Any], before: Objects, after: Objects) -> str:
    """The answer to one action: success or failure (the seed's wording), what changed, what is held."""
    if result.get("success"):
        head = f"Action '{instruction}' succeeded."
    else:
        detail = str(result.get("message") or "")
        extra = str(result.get("errorMessage") or "")
        if extra and extra != detail:
            detail = f"{detail} ({extra})" if detail else extra
        head = f"Action '{instruction}' failed: {detail or 'no reason given'}"
    changed = changes(before, after)
    return "\n".join(
        [head, "Changed: " + ("; ".join(changed) if changed else "nothing"), f"Holding: {_held(after)}"]
    )
