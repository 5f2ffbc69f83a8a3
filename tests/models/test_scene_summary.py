"""Scene summaries: read from the dump once, kept in the user cache under the dump's identity, read again
when the dump changes, made again when the kept file is damaged, and never an error when it cannot be kept."""

from __future__ import annotations

import json
import math
import os
import shutil
from collections.abc import Iterator
from pathlib import Path

import pytest

from pytest_safeagent.models import scene_shapes
from pytest_safeagent.models.base import ModelError
from pytest_safeagent.models.scene_shapes import SceneSummary, scene_summary, summary_and_types


@pytest.fixture
def dump(scenes_dir: Path, tmp_path: Path, monkeypatch: pytest.MonkeyPatch) -> Iterator[Path]:
    """A private copy of a kitchen dump, and an empty user cache (platformdirs reads XDG_CACHE_HOME)."""
    monkeypatch.setenv("XDG_CACHE_HOME", str(tmp_path / "cache"))
    scene_shapes._summary.cache_clear()
    copy = tmp_path / "scenes" / "FloorPlan1_physics.json"
    copy.parent.mkdir()
    shutil.copyfile(scenes_dir / "FloorPlan1_physics.json", copy)
    yield copy
    scene_shapes._summary.cache_clear()


def kept_files(tmp_path: Path) -> list[Path]:
    return sorted((tmp_path / "cache" / "pytest-safeagent" / "scene-summaries").glob("*.json"))


def test_a_summary_holds_what_the_dump_says(dump: Path) -> None:
    objects = list(json.loads(dump.read_text()).values())
    summary = scene_summary(dump)
    assert summary.types == {o["objectType"] for o in objects}
    assert summary.sliceable == {o["objectType"] for o in objects if o["sliceable"]}
    assert summary.breakable == {o["objectType"] for o in objects if o["breakable"]}
    assert summary.fillable == {o["objectType"] for o in objects if o["canFillWithLiquid"]}
    assert summary.pickupable == {o["objectType"] for o in objects if o["pickupable"]}
    for material in ("Metal", "Glass"):
        assert getattr(summary, material.lower()) == {
            o["objectType"] for o in objects if material in (o["salientMaterials"] or ())
        }
    assert "Knife" in summary.metal and "Apple" not in summary.metal | summary.glass
    assert "Window" in summary.breakable and "Window" not in summary.pickupable
    fridge_holds = {
        o["objectType"] for o in objects if any(p.startswith("Fridge|") for p in o["parentReceptacles"] or ())
    }
    assert fridge_holds and all("Fridge" in summary.parents[kind] for kind in fridge_holds)
    # within reach: the horizontal distance between two objects' positions at most 1.5 m, both ways
    position = {o["objectId"]: (o["position"]["x"], o["position"]["z"]) for o in objects}
    kinds = {o["objectId"]: o["objectType"] for o in objects}
    pairs = {
        (kinds[a], kinds[b])
        for a in position
        for b in position
        if kinds[a] != kinds[b] and math.dist(position[a], position[b]) <= 1.5
    }
    assert pairs and {(kind, other) for kind, others in summary.near.items() for other in others} == pairs
    assert "Faucet" in summary.near["SinkBasin"] and "StoveBurner" in summary.near["StoveKnob"]
    assert "Toilet" not in summary.types and "Fridge" not in summary.near["Window"]
    assert (
        summary.in_view == {o["objectType"] for o in objects if o["visible"]} and "Fridge" in summary.in_view
    )
    assert (
        summary.cookable == {o["objectType"] for o in objects if o["cookable"]}
        and "Potato" in summary.cookable
    )
    assert "Egg" not in summary.cookable and "Mug" in summary.dirtyable and "Apple" not in summary.dirtyable
    # the state every object of a type starts in, where they agree: all shut and off here but the light switch
    for state, field, able in (
        ("isOpen", "open_at_start", "openable"),
        ("isToggled", "on_at_start", "toggleable"),
    ):
        states: dict[str, set[bool]] = {}
        for o in objects:
            if o[able]:
                states.setdefault(o["objectType"], set()).add(o[state])
        assert getattr(summary, field) == {
            kind: seen.pop() for kind, seen in states.items() if len(seen) == 1
        }
    assert {kind for kind, on in summary.on_at_start.items() if on} == {"LightSwitch"}
    assert summary.open_at_start["Fridge"] is False and not any(summary.open_at_start.values())


def test_the_kept_summary_answers_a_new_process_without_the_dump_being_parsed(
    dump: Path, tmp_path: Path, monkeypatch: pytest.MonkeyPatch
) -> None:
    first = summary_and_types(dump)
    [kept] = kept_files(tmp_path)
    assert kept.name.startswith("FloorPlan1_physics-")
    SceneSummary.model_validate_json(kept.read_bytes())  # the file is the typed summary

    scene_shapes._summary.cache_clear()  # what a new process starts with

    def no_parse(path: Path) -> list:
        raise AssertionError(f"{path} parsed again")

    monkeypatch.setattr(scene_shapes, "_scene_objects", no_parse)
    assert summary_and_types(dump) == first


def test_a_changed_dump_is_read_again(dump: Path, tmp_path: Path) -> None:
    assert "Apple" in scene_summary(dump).types
    objects = json.loads(dump.read_text())
    kept = {key: value for key, value in objects.items() if value["objectType"] != "Apple"}
    dump.write_text(json.dumps(kept))
    stat = dump.stat()
    os.utime(
        dump, ns=(stat.st_atime_ns, stat.st_mtime_ns + 1_000_000_000)
    )  # a later time, whatever the clock
    assert "Apple" not in scene_summary(dump).types
    assert len(kept_files(tmp_path)) == 2  # one per version of the dump


def test_a_damaged_kept_summary_is_made_again(dump: Path, tmp_path: Path) -> None:
    expected = scene_summary(dump)
    [kept] = kept_files(tmp_path)
    kept.write_text('{"types": ["Apple"], "sliceable": 7}')
    scene_shapes._summary.cache_clear()
    assert scene_summary(dump) == expected
    assert SceneSummary.model_validate_json(kept.read_bytes()) == expected


def test_a_fifo_in_place_of_the_kept_summary_is_passed_over_not_waited_on(dump: Path, tmp_path: Path) -> None:
    expected = scene_summary(dump)
    [kept] = kept_files(tmp_path)
    kept.unlink()
    os.mkfifo(kept)  # reading it would block until a writer came
    scene_shapes._summary.cache_clear()
    assert scene_summary(dump) == expected


def test_a_cache_that_cannot_be_written_is_no_error(
    dump: Path, tmp_path: Path, monkeypatch: pytest.MonkeyPatch
) -> None:
    blocked = tmp_path / "not-a-directory"
    blocked.write_text("")
    monkeypatch.setenv("XDG_CACHE_HOME", str(blocked))
    assert "Fridge" in scene_summary(dump).types


def test_an_unreadable_dump_is_an_error_naming_it(dump: Path) -> None:
    dump.write_text('{"Apple|1": {"objectType": "Apple"')
    with pytest.raises(ModelError, match=r"FloorPlan1_physics\.json: unreadable scene dump"):
        scene_summary(dump)
    dump.unlink()
    with pytest.raises(ModelError, match=r"FloorPlan1_physics\.json: unreadable scene dump"):
        scene_summary(dump)
