"""The six endpoints and every 4xx case, over real HTTP against a real server subprocess."""

from __future__ import annotations

import base64
import io
import json
from pathlib import Path

import httpx
import pytest

from pytest_safeagent.simulator import ThorServerProcess
from thor_server.backend import STATE_FIELDS
from thor_server.schemas import MAX_BODY_BYTES

PNG_SIGNATURE = b"\x89PNG\r\n\x1a\n"


@pytest.fixture(scope="module")
def fresh_server(scenes_dir: Path, tmp_path_factory: pytest.TempPathFactory):
    """A server nobody has reset yet (for the 409 cases)."""
    with ThorServerProcess(
        "symbolic", scenes_dir=scenes_dir, log_path=tmp_path_factory.mktemp("fresh") / "fresh.log"
    ) as server:
        yield server


def test_health_reports_backend(http: httpx.Client) -> None:
    reply = http.get("/health")
    assert reply.status_code == 200
    body = reply.json()
    assert body["status"] == "ok" and body["backend"] == "symbolic"
    assert body["scenes_available"] == 120
    assert body["features"] == ["with_state", "reset_with_state"]


def test_reset_then_state_lists_every_object_with_the_compared_fields(http: httpx.Client) -> None:
    reply = http.post("/reset", json={"scene": "FloorPlan401"})
    assert reply.status_code == 200
    assert reply.json() == {
        "scene": "FloorPlan401",
        "objects": reply.json()["objects"],
        "backend": "symbolic",
    }
    state = http.get("/state").json()
    assert state["scene"] == "FloorPlan401"
    objects = state["objects"]
    assert len(objects) == reply.json()["objects"] > 20
    assert all(set(o) == set(STATE_FIELDS) for o in objects)
    candle = next(o for o in objects if o["objectType"] == "Candle")
    assert candle["isToggled"] is False and candle["fillLiquid"] is None


def test_execute_returns_the_controller_reply_shape(http: httpx.Client) -> None:
    http.post("/reset", json={"scene": "FloorPlan401"})
    ok = http.post("/execute", json={"instruction": "find Candle"}).json()
    assert ok == {
        "action": "find Candle",
        "step": "find Candle",
        "success": True,
        "message": "",
        "errorMessage": "",
    }
    failed = http.post("/execute", json={"instruction": "find Banana"}).json()
    assert failed["success"] is False and failed["message"] == "Cannot find Banana"
    assert "no Banana" in failed["errorMessage"]


def test_execute_with_state_answers_with_the_objects_state_would_list_after_the_step(
    http: httpx.Client,
) -> None:
    http.post("/reset", json={"scene": "FloorPlan401"})
    http.post("/execute", json={"instruction": "find Candle"})
    answer = http.post("/execute", json={"instruction": "turn_on Candle", "with_state": True}).json()
    objects = answer.pop("objects")
    assert answer == {
        "action": "turn_on Candle",
        "step": "turn_on Candle",
        "success": True,
        "message": "",
        "errorMessage": "",
    }
    assert objects == http.get("/state").json()["objects"]
    assert next(o for o in objects if o["objectType"] == "Candle")["isToggled"] is True
    refused = http.post("/execute", json={"instruction": "find Candle", "with_state": "yes"})
    assert refused.status_code == 400 and "with_state" in refused.json()["error"]


def test_reset_with_state_answers_with_what_state_would_answer_after_the_reset(http: httpx.Client) -> None:
    http.post("/reset", json={"scene": "FloorPlan401"})
    http.post("/execute", json={"instruction": "find Candle"})
    http.post("/execute", json={"instruction": "turn_on Candle"})  # a changed world: the reset must undo it
    answer = http.post("/reset", json={"scene": "FloorPlan401", "with_state": True}).json()
    state = answer.pop("state")
    assert answer == {"scene": "FloorPlan401", "objects": len(state["objects"]), "backend": "symbolic"}
    assert state == http.get("/state").json()
    assert next(o for o in state["objects"] if o["objectType"] == "Candle")["isToggled"] is False
    assert "state" not in http.post("/reset", json={"scene": "FloorPlan401"}).json()
    refused = http.post("/reset", json={"scene": "FloorPlan401", "with_state": 1})
    assert refused.status_code == 400 and "with_state" in refused.json()["error"]


def test_execute_plan_goes_on_after_a_failed_step_unless_asked_to_stop(http: httpx.Client) -> None:
    http.post("/reset", json={"scene": "FloorPlan401"})
    plan = ["find Candle", "drop", "turn_on Candle"]
    body = http.post("/execute_plan", json={"instructions": plan}).json()
    assert [r["success"] for r in body["results"]] == [True, False, True]
    assert body["executed"] == 3 and body["succeeded"] == 2 and body["stopped_early"] is False
    assert body["results"][1]["message"] == "Robot is not holding any object"

    http.post("/reset", json={"scene": "FloorPlan401"})
    stopped = http.post("/execute_plan", json={"instructions": plan, "stop_on_failure": True}).json()
    assert stopped["executed"] == 2 and stopped["stopped_early"] is True


def test_execute_plan_tracks_objects_after_every_step(http: httpx.Client) -> None:
    http.post("/reset", json={"scene": "FloorPlan401"})
    body = http.post(
        "/execute_plan",
        json={
            "instructions": ["find Candle", "turn_on Candle", "turn_off Candle"],
            "track_types": ["Candle"],
        },
    ).json()
    lit = [[o["isToggled"] for o in r["objects"]] for r in body["results"]]
    assert lit == [[False], [True], [False]]
    assert [o["objectType"] for o in body["initial_objects"]] == ["Candle"]


def test_screenshot_is_a_base64_png(http: httpx.Client) -> None:
    http.post("/reset", json={"scene": "FloorPlan1"})
    http.post("/execute", json={"instruction": "find Mug"})
    body = http.get("/screenshot").json()
    assert body["format"] == "png"
    png = base64.b64decode(body["image"], validate=True)
    assert png.startswith(PNG_SIGNATURE)
    from PIL import Image

    assert Image.open(io.BytesIO(png)).size == (640, 480)


def test_instruction_outside_the_grammar_is_a_failed_step_not_an_error(http: httpx.Client) -> None:
    http.post("/reset", json={"scene": "FloorPlan1"})
    for text in ("dance wildly", "", "fillLiquid Mug milk", "put", "rm -rf /", "find " + "x" * 900):
        reply = http.post("/execute", json={"instruction": text})
        assert reply.status_code == 200, text
        assert reply.json()["success"] is False and reply.json()["message"], text


@pytest.mark.parametrize(
    ("body", "fragment"),
    [
        (b"{not json", "not valid JSON"),
        (b"", "empty"),
        (b"[1, 2]", "JSON object"),
        (b'"FloorPlan1"', "JSON object"),
        (b"{}", "field 'scene': Field required"),
        (b'{"scene": 5}', "field 'scene'"),
        (b'{"scene": ""}', "field 'scene'"),
        (b'{"scene": "FloorPlan1", "extra": 1}', "field 'extra'"),
        (b"\xff\xfe\x00", "not valid JSON"),
    ],
)
def test_malformed_reset_bodies_are_400_naming_the_problem(
    http: httpx.Client, body: bytes, fragment: str
) -> None:
    reply = http.post("/reset", content=body, headers={"Content-Type": "application/json"})
    assert reply.status_code == 400
    assert fragment in reply.json()["error"]


@pytest.mark.parametrize(
    ("path", "payload", "fragment"),
    [
        ("/execute", {}, "field 'instruction'"),
        ("/execute", {"instruction": ["find Mug"]}, "field 'instruction'"),
        ("/execute", {"instruction": "x" * 1001}, "field 'instruction'"),
        ("/execute_plan", {"instructions": "find Mug"}, "field 'instructions'"),
        ("/execute_plan", {"instructions": [1]}, "field 'instructions.0'"),
        ("/execute_plan", {"instructions": [], "stop_on_failure": "yes"}, "field 'stop_on_failure'"),
        ("/execute_plan", {"instructions": [], "track_types": "Mug"}, "field 'track_types'"),
        ("/execute_plan", {"instructions": ["find Mug"] * 501}, "field 'instructions'"),
    ],
)
def test_wrong_fields_are_400(http: httpx.Client, path: str, payload: dict, fragment: str) -> None:
    http.post("/reset", json={"scene": "FloorPlan1"})
    reply = http.post(path, json=payload)
    assert reply.status_code == 400
    assert fragment in reply.json()["error"]


def test_unknown_scene_is_404(http: httpx.Client) -> None:
    for scene in ("FloorPlan999", "Kitchen", "../etc/passwd"):
        reply = http.post("/reset", json={"scene": scene})
        assert reply.status_code == 404, scene
        assert "unknown scene" in reply.json()["error"]


def test_unknown_route_and_wrong_method(http: httpx.Client) -> None:
    assert http.get("/nowhere").status_code == 404
    reply = http.get("/reset")
    assert reply.status_code == 405 and reply.json()["status"] == 405


def test_oversized_body_is_413(http: httpx.Client) -> None:
    body = json.dumps({"instructions": ["find Mug"] * (MAX_BODY_BYTES // 8)}).encode()
    assert len(body) > MAX_BODY_BYTES
    reply = http.post("/execute_plan", content=body, headers={"Content-Type": "application/json"})
    assert reply.status_code == 413
    assert "larger than" in reply.json()["error"]


def test_actions_before_any_reset_are_409(fresh_server: ThorServerProcess) -> None:
    with httpx.Client(base_url=fresh_server.url, trust_env=False) as raw:
        requests = [
            raw.post("/execute", json={"instruction": "find Mug"}),
            raw.post("/execute_plan", json={"instructions": ["find Mug"]}),
            raw.post("/execute_plan", json={"instructions": []}),
            raw.get("/state"),
            raw.get("/screenshot"),
        ]
        assert [r.status_code for r in requests] == [409] * 5
        assert all("reset" in r.json()["error"] for r in requests)
        assert raw.get("/health").json()["scene"] is None


def test_no_request_shape_produces_a_500(http: httpx.Client) -> None:
    http.post("/reset", json={"scene": "FloorPlan1"})
    odd = [
        b"null",
        b"0",
        b"true",
        b'{"instruction": null}',
        b'{"instruction": {"a": 1}}',
        b'{"instructions": null}',
        b'{"instructions": [null]}',
        b'{"scene": []}',
        b"\x00" * 10,
        b'{"instruction": "' + b"\\ud800" + b'"}',
    ]
    for path in ("/reset", "/execute", "/execute_plan"):
        for body in odd:
            reply = http.post(path, content=body, headers={"Content-Type": "application/json"})
            assert 400 <= reply.status_code < 500, (path, body, reply.status_code, reply.text)
