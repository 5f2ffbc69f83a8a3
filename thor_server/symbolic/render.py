"""A schematic PNG of what the symbolic agent faces: labelled boxes, never a photo.

The faced object sits in the middle, objects within reach around it on a top-down grid (agent at
the bottom), each box labelled with the name an instruction uses for it (its objectType, with
its instance number once one is bound to it) and its notable states (on, open, broken, filled
with ..., dirty, cooked, sliced). The held object is drawn in a "hand" panel. A banner says it
is a diagram. Pillow is imported only when a screenshot is asked for.
"""

from __future__ import annotations

import io
import math

from pytest_safeagent.core.actions import REACH

from ..backend import BackendError
from .world import World

WIDTH, HEIGHT = 640, 480
MAX_SHOWN = 14
_BACKGROUND, _INK, _MUTED = (246, 244, 238), (30, 30, 30), (120, 120, 120)
_FACED, _OTHER, _HAND = (255, 214, 120), (204, 226, 255), (200, 240, 200)


def _states(obj: dict) -> str:
    flags = []
    if obj["isToggled"]:
        flags.append("on")
    if obj["openable"]:
        flags.append("open" if obj["isOpen"] else "closed")
    for key, word in (
        ("isBroken", "broken"),
        ("isDirty", "dirty"),
        ("isCooked", "cooked"),
        ("isSliced", "sliced"),
    ):
        if obj[key]:
            flags.append(word)
    if obj["isFilledWithLiquid"]:
        flags.append(f"filled:{obj['fillLiquid'] or 'liquid'}")
    return ", ".join(flags)


def _label(world: World, obj: dict) -> str:
    """What an instruction calls the object: its type, with its instance number once bound (``Mug 2``)."""
    name = obj["objectType"]
    number = world.numbers.number_of(name, obj["objectId"])
    return f"{name} {number}" if number else name


def render_schematic(world: World) -> bytes:
    try:
        from PIL import Image, ImageDraw, ImageFont
    except ImportError:
        raise BackendError("screenshots need Pillow: pip install 'pytest-safeagent[render]'") from None

    image = Image.new("RGB", (WIDTH, HEIGHT), _BACKGROUND)
    draw = ImageDraw.Draw(image)
    font = ImageFont.load_default()
    draw.rectangle((0, 0, WIDTH, 22), fill=(60, 60, 60))
    draw.text(
        (8, 5),
        f"SCHEMATIC VIEW (not a camera image) - {world.template.name}",
        fill=(255, 255, 255),
        font=font,
    )

    faced = world.objects.get(world.focus) if world.focus else None
    nearby = [
        o
        for o in world.objects.values()
        if not world.in_hand(o["objectId"])
        and not world.in_closed_receptacle(o)
        and world.reachable(o)
        and o["objectType"] != "Floor"
    ]
    nearby.sort(key=lambda o: (o is not faced, world.distance(o)))
    nearby = nearby[:MAX_SHOWN]

    # Top-down layout: agent at the bottom centre, looking up; REACH metres span the panel height.
    top, bottom, left, right = 40, HEIGHT - 110, 20, WIDTH - 20
    agent_px = ((left + right) / 2, bottom)
    scale = (bottom - top) / (REACH * 1.2)
    heading = 0.0
    if faced is not None and not world.in_hand(faced["objectId"]):
        dx, dz = faced["pos"][0] - world.agent[0], faced["pos"][2] - world.agent[2]
        heading = math.atan2(dx, dz) if (dx or dz) else 0.0
    draw.polygon(
        [
            (agent_px[0], agent_px[1] - 12),
            (agent_px[0] - 9, agent_px[1] + 8),
            (agent_px[0] + 9, agent_px[1] + 8),
        ],
        fill=_INK,
    )
    draw.text((agent_px[0] + 12, agent_px[1] - 4), "agent", fill=_MUTED, font=font)

    placed: list[tuple[float, float, float, float]] = []
    for obj in nearby:
        dx, dz = obj["pos"][0] - world.agent[0], obj["pos"][2] - world.agent[2]
        forward = dx * math.sin(heading) + dz * math.cos(heading)
        side = dx * math.cos(heading) - dz * math.sin(heading)
        x = min(max(agent_px[0] + side * scale, left + 60), right - 60)
        y = min(max(agent_px[1] - 40 - max(forward, 0.0) * scale, top + 18), bottom - 40)
        for _ in range(20):  # nudge boxes apart so labels stay readable
            if all(abs(x - px) > 118 or abs(y - py) > 34 for px, py, _, _ in placed):
                break
            y = y - 36 if y - 36 > top + 18 else y + 36
            x = x + 40 if x + 100 < right else left + 60
        placed.append((x, y, 0, 0))
        states = _states(obj)
        box = (x - 58, y - 16, x + 58, y + 16)
        draw.rectangle(
            box, fill=_FACED if obj is faced else _OTHER, outline=_INK, width=2 if obj is faced else 1
        )
        draw.text((box[0] + 4, box[1] + 2), _label(world, obj)[:20], fill=_INK, font=font)
        if states:
            draw.text((box[0] + 4, box[1] + 16), states[:22], fill=_MUTED, font=font)

    panel = (left, HEIGHT - 90, right, HEIGHT - 12)
    draw.rectangle(panel, outline=_INK, fill=(255, 255, 255))
    held = world.objects.get(world.held) if world.held else None
    if held is None:
        draw.text((panel[0] + 8, panel[1] + 8), "hand: empty", fill=_INK, font=font)
    else:
        draw.rectangle((panel[0] + 6, panel[1] + 6, panel[0] + 260, panel[1] + 44), fill=_HAND, outline=_INK)
        draw.text((panel[0] + 12, panel[1] + 10), f"hand: {_label(world, held)}", fill=_INK, font=font)
        draw.text((panel[0] + 12, panel[1] + 26), _states(held)[:40], fill=_MUTED, font=font)
    facing = _label(world, faced) if faced is not None else "nothing yet (no find so far)"
    draw.text((panel[0] + 280, panel[1] + 10), f"facing: {facing}", fill=_INK, font=font)
    draw.text((panel[0] + 280, panel[1] + 26), f"objects within reach: {len(nearby)}", fill=_MUTED, font=font)

    buffer = io.BytesIO()
    image.save(buffer, format="PNG")
    return buffer.getvalue()
