"""The answer shape of each scene, from the same scene dumps the simulator starts from.

A constrained agent may only name object types that exist in the sample's scene, plus the ones
slicing creates there (``AppleSliced``; an ``Egg`` cracks into ``EggCracked``). The dumps are
found through the plugin's data lookup (``--sab-scenes-dir``, ``SAB_SCENES_DIR``, the cache),
read once per scene and process, and the shape is kept.
"""

from __future__ import annotations

import threading
from pathlib import Path
from typing import Any

from pytest_safeagent.core import bounded_json
from pytest_safeagent.core.actions import OBJECT_TYPES
from pytest_safeagent.core.regular_file import read_regular_bytes
from pytest_safeagent.models.answer_shape import MAX_STEPS, AnswerShape, shape_for_types
from pytest_safeagent.models.base import ModelError

_CREATED_BY_SLICING = {"Egg": "EggCracked"}


def _scene_objects(path: Path) -> list[Any]:
    try:
        return list(bounded_json.loads(read_regular_bytes(path).decode("utf-8")).values())
    except (OSError, ValueError, AttributeError) as exc:
        raise _unreadable(path, exc) from None


def _unreadable(path: Path, exc: Exception) -> ModelError:
    return ModelError(f"{path}: unreadable scene dump ({type(exc).__name__}: {exc})")


def _object_types(path: Path, objects: list[Any]) -> frozenset[str]:
    try:
        types = {obj["objectType"] for obj in objects}
        sliceable = {obj["objectType"] for obj in objects if obj.get("sliceable")}
    except (AttributeError, KeyError, TypeError) as exc:
        raise _unreadable(path, exc) from None
    created = {_CREATED_BY_SLICING.get(t, f"{t}Sliced") for t in sliceable}
    return frozenset(types | (created & set(OBJECT_TYPES)))


def scene_object_types(path: Path) -> frozenset[str]:
    """Object types of one ``FloorPlan<N>_physics.json`` dump, with those slicing creates."""
    return _object_types(path, _scene_objects(path))


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


def _parent_types(path: Path, objects: list[Any]) -> dict[str, frozenset[str]]:
    try:
        parents: dict[str, set[str]] = {}
        for obj in objects:
            held_in = parents.setdefault(obj["objectType"], set())
            held_in.update(parent.split("|", 1)[0] for parent in obj.get("parentReceptacles") or ())
    except (AttributeError, KeyError, TypeError) as exc:
        raise _unreadable(path, exc) from None
    return {kind: frozenset(found) for kind, found in parents.items()}


def scene_types_and_parents(path: Path) -> tuple[frozenset[str], dict[str, frozenset[str]]]:
    """One scene dump's object types (as :func:`scene_object_types`) and, per object type, the types of the
    receptacles its objects start in; the dump is parsed once (that takes milliseconds)."""
    objects = _scene_objects(path)
    return _object_types(path, objects), _parent_types(path, objects)
