"""Scene dumps loaded once per process and turned into compact, reusable templates.

A dump (``FloorPlan<N>_physics.json``) is AI2-THOR 5.0.0's object metadata right after
``reset``. Parsing one takes milliseconds, so each scene is parsed on first use and kept as a
:class:`SceneTemplate`: immutable per-object capabilities plus the initial mutable state, which
a reset copies (shallowly, lists copied) instead of re-reading the file.
"""

from __future__ import annotations

import json
import math
import re
import threading
from dataclasses import dataclass
from pathlib import Path
from typing import Any

from pytest_safeagent.core.actions import WATER_SOURCES

from ..backend import UnknownSceneError

SCENE_FILE = re.compile(r"^(FloorPlan\d+)_physics\.json$")
OBJECT_TYPES_FILE = "object_types.json"

# Capability flags as named in the metadata, and the object-type table's names for them.
FLAG_NAMES = (
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
_TABLE_FLAGS = {
    "pickupable": "pickupable",
    "receptacle": "receptacle",
    "openable": "openable",
    "toggleable": "toggleable",
    "breakable": "breakable",
    "sliceable": "sliceable",
    "cookable": "cookable",
    "dirtyable": "dirtyable",
    "fillable": "canFillWithLiquid",
    "moveable": "moveable",
    "usedUp": "canBeUsedUp",
}
# Mutable properties a reset restores (metadata names), besides the parent/child lists.
MUTABLE = (
    "isToggled",
    "isBroken",
    "isFilledWithLiquid",
    "fillLiquid",
    "isDirty",
    "isUsedUp",
    "isCooked",
    "isSliced",
    "isOpen",
    "openness",
    "isPickedUp",
    "isMoving",
    "temperature",
)

# How far (horizontally, metres) a faucet or shower head may be from the basin it runs into.
WATER_REACH = 1.3


@dataclass(frozen=True)
class ObjectSpec:
    """What never changes about an object: identity, capabilities, size, wiring."""

    object_id: str
    object_type: str
    flags: frozenset[str]
    size: tuple[float, float, float]  # its own extents x, y (up), z: see _extents
    controlled: tuple[str, ...] = ()
    initially_visible: bool = False
    mass: float = 0.0
    top_offset: float = 0.0  # top of its bounding box above its position (what lands on it rests there)

    def can(self, flag: str) -> bool:
        return flag in self.flags


@dataclass(frozen=True)
class SceneTemplate:
    """One scene ready to instantiate: specs, initial states in metadata order, derived wiring."""

    name: str
    specs: dict[str, ObjectSpec]
    initial: dict[str, dict[str, Any]]
    agent_start: tuple[float, float, float]
    water_targets: dict[str, tuple[str, ...]]  # Faucet/ShowerHead id -> basins its water runs into
    basin_of: dict[str, str]  # Sink/Bathtub id -> its SinkBasin/BathtubBasin id
    type_order: dict[str, tuple[str, ...]]  # objectType -> ids in metadata order
    floor_id: str | None

    def fresh_state(self) -> dict[str, dict[str, Any]]:
        """A private copy of the initial state (lists copied, the rest shared immutable values)."""
        state = {}
        for object_id, initial in self.initial.items():
            obj = dict(initial)
            if obj["parentReceptacles"] is not None:
                obj["parentReceptacles"] = list(obj["parentReceptacles"])
            if obj["receptacleObjectIds"] is not None:
                obj["receptacleObjectIds"] = list(obj["receptacleObjectIds"])
            obj["pos"] = list(obj["pos"])
            state[object_id] = obj
        return state


def _position(raw: dict[str, Any]) -> tuple[float, float, float]:
    p = raw["position"]
    return float(p["x"]), float(p["y"]), float(p["z"])


def estimate_agent_position(raw_objects: list[dict[str, Any]]) -> tuple[float, float, float]:
    """Where the agent stood when the dump was taken, from every object's reported distance.

    AI2-THOR's ``distance`` is the straight-line distance from the agent to the object's
    position, so the agent is the point that fits all of them: |p - a|^2 = d^2 is linear in
    (a, |a|^2) as 2 p.a - |a|^2 = |p|^2 - d^2, solved by least squares. Four unknowns over metres
    inside one room: the normal equations are well conditioned (over all 120 scenes the answer
    is within 2e-13 m of numpy's lstsq), and the server needs no numpy import on its first reset.
    """
    rows: list[tuple[tuple[float, float, float, float], float]] = []
    for obj in raw_objects:
        x, y, z = _position(obj)
        distance = float(obj["distance"])
        rows.append(((2 * x, 2 * y, 2 * z, -1.0), x * x + y * y + z * z - distance * distance))
    system = [
        [math.fsum(row[i] * row[j] for row, _ in rows) for j in range(4)]
        + [math.fsum(row[i] * target for row, target in rows)]
        for i in range(4)
    ]
    x, y, z, _ = _solve(system)
    return x, y, z


def _solve(system: list[list[float]]) -> tuple[float, ...]:
    """The solution of a square system given as augmented rows (Gaussian elimination, partial pivoting)."""
    size = len(system)
    for col in range(size):
        pivot = max(range(col, size), key=lambda r: abs(system[r][col]))
        if system[pivot][col] == 0.0:
            raise ValueError("the objects' positions and distances do not determine where the agent stands")
        system[col], system[pivot] = system[pivot], system[col]
        for row in range(col + 1, size):
            factor = system[row][col] / system[col][col]
            for c in range(col, size + 1):
                system[row][c] -= factor * system[col][c]
    solution = [0.0] * size
    for row in range(size - 1, -1, -1):
        known = sum(system[row][c] * solution[c] for c in range(row + 1, size))
        solution[row] = (system[row][size] - known) / system[row][row]
    return tuple(solution)


def _horizontal(a: tuple[float, float, float], b: tuple[float, float, float]) -> float:
    return math.hypot(a[0] - b[0], a[2] - b[2])


def _water_targets(raw_objects: list[dict[str, Any]]) -> dict[str, tuple[str, ...]]:
    """Each running-water source and what its water runs into: the nearest basin within
    WATER_REACH, and the Sink or Bathtub that basin belongs to (things put "in the Bathtub")."""
    basins = [o for o in raw_objects if o["objectType"] in ("SinkBasin", "BathtubBasin")]
    ids = {o["objectId"] for o in raw_objects}
    targets: dict[str, tuple[str, ...]] = {}
    for source in raw_objects:
        if source["objectType"] not in WATER_SOURCES:
            continue
        allowed = [b for b in basins if b["objectType"] in WATER_SOURCES[source["objectType"]]]
        ranked = sorted(allowed, key=lambda b: _horizontal(_position(source), _position(b)))
        if ranked and _horizontal(_position(source), _position(ranked[0])) <= WATER_REACH:
            basin = ranked[0]["objectId"]
            vessel = basin.rsplit("|", 1)[0]  # the Sink or Bathtub the basin belongs to
            targets[source["objectId"]] = (basin, vessel) if vessel in ids else (basin,)
    return targets


def _extents(raw: dict[str, Any]) -> tuple[float, float, float]:
    """An object's own width, height and depth: the edges of its object-oriented bounding box
    (AI2-THOR lists corners 0-3 at the bottom, 4-7 above them), which a turn about the vertical
    axis does not inflate; the axis-aligned box when the dump has no oriented one."""
    oriented = raw.get("objectOrientedBoundingBox")
    if oriented and len(oriented.get("cornerPoints") or ()) == 8:
        c = oriented["cornerPoints"]
        return math.dist(c[0], c[1]), math.dist(c[0], c[4]), math.dist(c[1], c[2])
    size = raw["axisAlignedBoundingBox"]["size"]
    return float(size["x"]), float(size["y"]), float(size["z"])


def build_template(name: str, raw: dict[str, dict[str, Any]]) -> SceneTemplate:
    """Turn one parsed dump into a template. Raises ValueError naming the first bad object."""
    raw_objects = list(raw.values())
    specs: dict[str, ObjectSpec] = {}
    initial: dict[str, dict[str, Any]] = {}
    for object_id, obj in raw.items():
        try:
            box = obj["axisAlignedBoundingBox"]
            size = box["size"]
            specs[object_id] = ObjectSpec(
                object_id=object_id,
                object_type=obj["objectType"],
                flags=frozenset(f for f in FLAG_NAMES if obj.get(f)),
                size=_extents(obj),
                controlled=tuple(obj.get("controlledObjects") or ()),
                initially_visible=bool(obj.get("visible")),
                mass=float(obj.get("mass") or 0.0),
                top_offset=float(box["center"]["y"]) + float(size["y"]) / 2 - float(obj["position"]["y"]),
            )
            state = {
                "objectId": object_id,
                "objectType": obj["objectType"],
                "openable": bool(obj["openable"]),
            }
            state.update({key: obj[key] for key in MUTABLE})
            state["parentReceptacles"] = (
                tuple(obj["parentReceptacles"]) if obj["parentReceptacles"] is not None else None
            )
            state["receptacleObjectIds"] = (
                tuple(obj["receptacleObjectIds"]) if obj["receptacleObjectIds"] is not None else None
            )
            state["pos"] = _position(obj)
            state["moved"] = False
            state["consumed"] = ""
            initial[object_id] = state
        except (KeyError, TypeError, ValueError) as exc:
            raise ValueError(f"scene {name}: object {object_id!r} lacks a usable {exc}") from None
    try:
        agent_start = estimate_agent_position(raw_objects)
    except ValueError as exc:
        raise ValueError(f"scene {name}: {exc}") from None
    floors = [oid for oid, spec in specs.items() if spec.object_type == "Floor"]
    basin_of = {}
    for object_id, spec in specs.items():
        parts = object_id.split("|")
        if spec.object_type in ("SinkBasin", "BathtubBasin") and len(parts) == 5:
            basin_of["|".join(parts[:4])] = object_id
    by_type: dict[str, list[str]] = {}
    for object_id, obj in raw.items():
        by_type.setdefault(obj["objectType"], []).append(object_id)
    type_order = {t: tuple(ids) for t, ids in by_type.items()}
    return SceneTemplate(
        name=name,
        specs=specs,
        initial=initial,
        agent_start=agent_start,
        water_targets=_water_targets(raw_objects),
        basin_of=basin_of,
        type_order=type_order,
        floor_id=floors[0] if floors else None,
    )


class SceneLibrary:
    """The scene dumps of one directory, each parsed on first use and then kept."""

    def __init__(self, directory: Path):
        self.directory = Path(directory)
        if not self.directory.is_dir():
            raise FileNotFoundError(f"scene directory {self.directory} does not exist")
        self._files = {m.group(1): p for p in self.directory.iterdir() if (m := SCENE_FILE.match(p.name))}
        if not self._files:
            raise FileNotFoundError(
                f"scene directory {self.directory} holds no FloorPlan<N>_physics.json files"
            )
        self._templates: dict[str, SceneTemplate] = {}
        self._object_types: dict[str, Any] | None = None
        self._lock = threading.Lock()

    def scene_names(self) -> list[str]:
        return sorted(self._files, key=lambda s: int(s.removeprefix("FloorPlan")))

    def template(self, scene: str) -> SceneTemplate:
        cached = self._templates.get(scene)
        if cached is not None:
            return cached
        path = self._files.get(scene)
        if path is None:
            raise UnknownSceneError(f"unknown scene {scene!r}: no {scene}_physics.json in {self.directory}")
        with self._lock:
            if scene not in self._templates:
                try:
                    raw = json.loads(path.read_text(encoding="utf-8"))
                except (OSError, json.JSONDecodeError) as exc:
                    raise ValueError(f"{path}: unreadable scene dump: {exc}") from None
                self._templates[scene] = build_template(scene, raw)
        return self._templates[scene]

    def object_types(self) -> dict[str, Any]:
        """The object-type table (capabilities of types that actions create, such as AppleSliced)."""
        if self._object_types is None:
            path = self.directory / OBJECT_TYPES_FILE
            try:
                self._object_types = json.loads(path.read_text(encoding="utf-8"))
            except (OSError, json.JSONDecodeError) as exc:
                raise ValueError(f"{path}: unreadable object-type table: {exc}") from None
        return self._object_types

    def created_flags(self, object_type: str) -> frozenset[str]:
        """Capability flags of a type that only exists after an action (``AppleSliced``)."""
        entry = self.object_types().get(object_type)
        if entry is None:
            return frozenset({"pickupable"})
        flags = set()
        for prop in entry.get("actionable_properties", ()):
            name = _TABLE_FLAGS.get(prop.split(" (")[0].strip())
            if name:
                flags.add(name)
        return frozenset(flags)
