"""The answer shape of each scene, from the same scene dumps the simulator starts from.

A constrained agent may only name object types that exist in the sample's scene, plus the ones
slicing creates there (``AppleSliced``; an ``Egg`` cracks into ``EggCracked``). The dumps are
found through the plugin's data lookup (``--sab-scenes-dir``, ``SAB_SCENES_DIR``, the cache),
read once per scene and process, and the shape is kept.

What the plugin reads from a dump (its object types, the sliceable, breakable, fillable and pickupable
ones, the receptacles each type starts in, the types within reach of each and those in view at the start) is
a :class:`SceneSummary`.
Parsing a dump and summarising it takes about 5 ms (200-300 KB of JSON), which a run of the whole
dataset pays for about 110 scenes in every process, so a summary is also kept on disk, in the user cache
(``scene-summaries/``), under the dump's path, size and modification time, as Python keeps bytecode beside
a source: a changed or replaced dump is read again. A summary that cannot be read is made again; one that
cannot be written (a read-only cache) is simply not kept.
"""

from __future__ import annotations

import functools
import hashlib
import math
import threading
from pathlib import Path
from typing import Any

from pydantic import BaseModel, ConfigDict, ValidationError

from pytest_safeagent.core import bounded_json
from pytest_safeagent.core.actions import PIECE_OF, REACH
from pytest_safeagent.core.regular_file import read_regular_bytes
from pytest_safeagent.models.answer_shape import MAX_STEPS, AnswerShape, shape_for_types
from pytest_safeagent.models.base import ModelError


def _scene_objects(path: Path) -> list[Any]:
    try:
        return list(bounded_json.loads(read_regular_bytes(path).decode("utf-8")).values())
    except (OSError, ValueError, AttributeError) as exc:
        raise _unreadable(path, exc) from None


def _unreadable(path: Path, exc: Exception) -> ModelError:
    return ModelError(f"{path}: unreadable scene dump ({type(exc).__name__}: {exc})")


class SceneSummary(BaseModel):
    """What the plugin reads from one scene dump (also the file kept in the user cache)."""

    model_config = ConfigDict(frozen=True, extra="forbid")

    types: frozenset[str]  # the object types of the dump's objects
    sliceable: frozenset[str]  # the types of its sliceable objects
    breakable: frozenset[str]  # the types of its breakable objects
    fillable: frozenset[str]  # the types of the objects that can be filled with a liquid
    pickupable: frozenset[str]  # the types of the objects that can be picked up
    openable: frozenset[str]  # the types of the objects that open and close
    toggleable: frozenset[str]  # the types of the objects that switch on and off
    cookable: frozenset[str]  # the types of the objects that cook (a potato; not an apple, nor a whole egg)
    dirtyable: frozenset[str]  # the types of the objects that get dirty and are cleaned (a mug, a bed)
    metal: frozenset[str]  # the types of the objects AI2-THOR names Metal among their salient materials
    glass: frozenset[str]  # ... and Glass
    parents: dict[str, frozenset[str]]  # per object type, the types of the receptacles its objects start in
    # per object type, the other types with an object within AI2-THOR's reach (core/actions.py REACH,
    # horizontally) of one of its objects, where the dump places them
    near: dict[str, frozenset[str]]
    in_view: frozenset[str]  # the types of the objects the agent sees (within reach) where the dump starts it
    # per object type whose every object starts inside a closed receptacle (one that opens and is shut:
    # AI2-THOR cannot see into it), the types of those receptacles
    enclosed: dict[str, frozenset[str]]
    filled: frozenset[str]  # the types with an object that starts filled with a liquid (a wine bottle)
    # per openable (toggleable) type whose every object starts in the same state, whether it starts open (on):
    # a box open, a lamp or the light switch on, a fridge shut
    open_at_start: dict[str, bool]
    on_at_start: dict[str, bool]


# The capabilities a summary holds, each with what gives a dump object it: the dump's flag, or the salient
# material AI2-THOR names (SceneFacts.capable in judges/plan_match.py reads them by these names)
_FLAGS = {
    "sliceable": "sliceable",
    "breakable": "breakable",
    "fillable": "canFillWithLiquid",
    "pickupable": "pickupable",
    "openable": "openable",
    "toggleable": "toggleable",
    "cookable": "cookable",
    "dirtyable": "dirtyable",
}
_MATERIALS = {"metal": "Metal", "glass": "Glass"}

SUMMARY_VERSION = 11  # part of the cache key: a change of what a summary holds makes new files
KEPT_LIMIT = 1 << 20  # bytes read of a kept summary (the largest of the 120 scenes is 10.5 KB)


def _summarise(path: Path, objects: list[Any]) -> SceneSummary:
    try:
        types = {obj["objectType"] for obj in objects}
        able = {
            field: frozenset(obj["objectType"] for obj in objects if obj.get(flag))
            for field, flag in _FLAGS.items()
        }
        able.update(
            (
                field,
                frozenset(
                    obj["objectType"] for obj in objects if material in (obj.get("salientMaterials") or ())
                ),
            )
            for field, material in _MATERIALS.items()
        )
        parents: dict[str, set[str]] = {}
        for obj in objects:
            held_in = parents.setdefault(obj["objectType"], set())
            held_in.update(parent.split("|", 1)[0] for parent in obj.get("parentReceptacles") or ())
        near = _near(objects)
        in_view = {obj["objectType"] for obj in objects if obj.get("visible")}
        enclosed = _enclosed(objects)
        filled = {obj["objectType"] for obj in objects if obj.get("isFilledWithLiquid")}
        open_at_start = _shared_state(objects, able["openable"], "isOpen")
        on_at_start = _shared_state(objects, able["toggleable"], "isToggled")
    except (AttributeError, KeyError, TypeError, ValueError) as exc:
        raise _unreadable(path, exc) from None
    return SceneSummary(
        types=frozenset(types),
        **able,
        parents={kind: frozenset(found) for kind, found in parents.items()},
        near=near,
        in_view=frozenset(in_view),
        enclosed=enclosed,
        filled=frozenset(filled),
        open_at_start=open_at_start,
        on_at_start=on_at_start,
    )


def _shared_state(objects: list[Any], kinds: frozenset[str], state: str) -> dict[str, bool]:
    """Per type among ``kinds`` whose every object starts with ``state`` (``isOpen``, ``isToggled``) alike,
    that state."""
    seen: dict[str, set[bool]] = {}
    for obj in objects:
        if obj["objectType"] in kinds:
            seen.setdefault(obj["objectType"], set()).add(bool(obj.get(state)))
    return {kind: states.pop() for kind, states in seen.items() if len(states) == 1}


def _enclosed(objects: list[Any]) -> dict[str, frozenset[str]]:
    """Per object type whose every object starts inside a closed receptacle, the receptacles' types."""
    shut = {
        obj["objectId"]: obj["objectType"] for obj in objects if obj.get("openable") and not obj.get("isOpen")
    }
    inside: dict[str, set[str]] = {}
    free: set[str] = set()
    for obj in objects:
        closed_in = {shut[parent] for parent in obj.get("parentReceptacles") or () if parent in shut}
        if closed_in:
            inside.setdefault(obj["objectType"], set()).update(closed_in)
        else:
            free.add(obj["objectType"])
    return {kind: frozenset(found) for kind, found in inside.items() if kind not in free}


def _near(objects: list[Any]) -> dict[str, frozenset[str]]:
    """Per object type, the other types with an object within REACH of one of its objects (horizontally,
    at the dump's positions)."""
    placed = [
        (obj["objectType"], float(obj["position"]["x"]), float(obj["position"]["z"])) for obj in objects
    ]
    near: dict[str, set[str]] = {kind: set() for kind, _, _ in placed}
    for number, (kind, x, z) in enumerate(placed):
        for other, x2, z2 in placed[number + 1 :]:
            if other != kind and math.hypot(x - x2, z - z2) <= REACH:
                near[kind].add(other)
                near[other].add(kind)
    return {kind: frozenset(found) for kind, found in near.items()}


def _kept_summary_path(path: Path, size: int, mtime_ns: int) -> Path | None:
    from pytest_safeagent.pinned.lookup import cache_root

    try:
        where = str(path.resolve())
        root = cache_root()
    except (OSError, RuntimeError):
        return None
    key = hashlib.sha256(f"{SUMMARY_VERSION}\0{where}\0{size}\0{mtime_ns}".encode()).hexdigest()[:24]
    return root / "scene-summaries" / f"{path.stem}-{key}.json"


@functools.lru_cache(maxsize=512)
def _summary(path: Path, size: int, mtime_ns: int) -> SceneSummary:
    from pytest_safeagent.core.atomic_write import write_text_atomic

    kept = _kept_summary_path(path, size, mtime_ns)
    if kept is not None:
        try:
            return SceneSummary.model_validate_json(read_regular_bytes(kept, limit=KEPT_LIMIT))
        except (OSError, ValidationError):
            pass  # not kept yet, damaged, or not a regular file (a FIFO would block): made again below
    summary = _summarise(path, _scene_objects(path))
    if kept is not None:
        try:
            kept.parent.mkdir(parents=True, exist_ok=True)
            write_text_atomic(kept, summary.model_dump_json())
        except OSError:
            pass  # a read-only or full cache: the summary is only not kept
    return summary


def scene_summary(path: Path) -> SceneSummary:
    """The summary of one ``FloorPlan<N>_physics.json`` dump: from this process's memory, else the user
    cache (when the dump's path, size and modification time are those it was made from), else the dump."""
    try:
        status = path.stat()
    except OSError as exc:
        raise _unreadable(path, exc) from None
    return _summary(path, status.st_size, status.st_mtime_ns)


def _types_with_slices(summary: SceneSummary) -> frozenset[str]:
    return frozenset(summary.types | {PIECE_OF[t] for t in summary.sliceable if t in PIECE_OF})


def scene_object_types(path: Path) -> frozenset[str]:
    """Object types of one ``FloorPlan<N>_physics.json`` dump, with those slicing creates."""
    return _types_with_slices(scene_summary(path))


class SceneShapes:
    """Answer shapes per scene name, built on first use (thread-safe; one instance per model)."""

    def __init__(self, scenes_dir: str | None = None, *, max_steps: int = MAX_STEPS):
        self._option = scenes_dir
        self.max_steps = max_steps
        self._directory: Path | None = None
        self._shapes: dict[str, AnswerShape] = {}
        self._lock = threading.Lock()

    def directory(self) -> Path:
        if self._directory is None:
            from pytest_safeagent.pinned.lookup import KINDS, DataNotFound, resolve_data_dir

            try:
                self._directory = resolve_data_dir(KINDS["scenes"](), self._option)
            except DataNotFound as exc:
                raise ModelError(f"the answer shape needs the scene dumps: {exc}") from None
        return self._directory

    def for_scene(self, scene: str) -> AnswerShape:
        with self._lock:
            shape = self._shapes.get(scene)
            if shape is None:
                path = self.directory() / f"{scene}_physics.json"
                if not path.is_file():
                    raise ModelError(f"the answer shape of {scene} needs {path}, which does not exist")
                shape = self._shapes[scene] = shape_for_types(scene_object_types(path), self.max_steps)
            return shape


def summary_and_types(path: Path) -> tuple[SceneSummary, frozenset[str]]:
    """One scene dump's summary and its object types with those slicing creates (as
    :func:`scene_object_types`), from one read of the summary."""
    summary = scene_summary(path)
    return summary, _types_with_slices(summary)
