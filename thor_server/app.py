"""The Flask application: the simulator endpoints in front of a table of sessions (worlds).

Status codes: 400 malformed JSON, missing fields or wrong types (the message names the field);
403 a request not addressed to this machine or coming from a web page, 415 a body that is not
application/json (:mod:`.guard`); 404 unknown scene or route;
405 wrong method; 409 an action or query before any reset; 413 a
body over MAX_BODY_BYTES; 429 when every session slot is taken; 503 when the simulator itself fails
(say, ai2thor cannot start). An instruction outside the grammar is a failed step (200). A request
is served under a lock, so no backend ever sees two at once even on a threaded server.

Sessions (:mod:`.sessions`): ``POST /sessions`` opens one, ``DELETE /sessions/<id>`` closes it, and
the ``X-Thor-Session`` header names the session a request acts on (without it, the default world).
An unknown session id is a 404 whose body has ``"kind": "unknown_session"``.
"""

from __future__ import annotations

import base64
import json
import logging
import threading
import time
from typing import Any

from flask import Flask, Response, request
from pydantic import BaseModel, ValidationError
from werkzeug.exceptions import HTTPException

from .backend import Backend, BackendError, NotResetError, UnknownSceneError
from .guard import RequestGuard
from .schemas import (
    MAX_BODY_BYTES,
    ExecutePlanRequest,
    ExecuteRequest,
    ResetRequest,
    describe_validation_error,
)
from .sessions import SESSION_HEADER, SessionsFull, SessionTable, UnknownSession

log = logging.getLogger("thor_server")


class BadRequest(Exception):
    """A request the server refuses with 400; the message says what to fix."""


class RequestTimedOut(Exception):
    """The client did not send its whole request in time (408)."""


def _json(payload: Any, status: int = 200) -> Response:
    return Response(json.dumps(payload, separators=(",", ":")), status=status, mimetype="application/json")


def _error(status: int, message: str, kind: str | None = None) -> Response:
    payload: dict[str, Any] = {"error": message, "status": status}
    if kind is not None:
        payload["kind"] = kind
    return _json(payload, status)


def _session_id() -> str | None:
    value = request.headers.get(SESSION_HEADER)
    return value.strip() if value and value.strip() else None


def _body(model: type[BaseModel]) -> Any:
    try:
        raw = request.get_data(cache=False)  # raises 413 past MAX_CONTENT_LENGTH
    except TimeoutError:  # the connection's read deadline (serving.py) passed while the body dripped in
        raise RequestTimedOut("the request body was not received in time") from None
    if not raw.strip():
        raise BadRequest("the request body is empty; send a JSON object")
    try:
        data = json.loads(raw)
    except (UnicodeDecodeError, json.JSONDecodeError) as exc:
        raise BadRequest(f"the request body is not valid JSON: {exc}") from None
    except RecursionError:
        raise BadRequest("the request body is not valid JSON: nested too deeply") from None
    except ValueError as exc:  # an integer of more digits than Python converts (4300): not a JSON error
        raise BadRequest(f"the request body holds a number too long to read: {exc}") from None
    if not isinstance(data, dict):
        raise BadRequest(f"the request body must be a JSON object, not {type(data).__name__}")
    try:
        return model.model_validate(data)
    except ValidationError as exc:
        raise BadRequest(describe_validation_error(exc)) from None


def _state_answer(backend: Backend) -> dict[str, Any]:
    """What GET /state answers: the loaded scene and every object (call under the lock)."""
    return {"scene": backend.describe().get("scene"), "objects": backend.state()}


DEFAULT_MAX_SESSIONS = 8
# What this server accepts beyond the first API, named in /health so a client can use it where the
# server it talks to (perhaps an older image) has it: "with_state" is POST /execute's field,
# "reset_with_state" the same field of POST /reset.
FEATURES = ("with_state", "reset_with_state")
DEFAULT_IDLE_TIMEOUT_S = 600.0


def create_app(
    backend: Backend,
    *,
    max_sessions: int = DEFAULT_MAX_SESSIONS,
    idle_timeout_s: float = DEFAULT_IDLE_TIMEOUT_S,
    allowed_hosts: tuple[str, ...] = (),
) -> Flask:
    """A Flask app serving ``backend`` (the default world) and up to ``max_sessions`` session worlds
    (1 when the backend cannot spawn copies); the caller owns the backend's lifetime. Requests must be
    addressed to a loopback name or one of ``allowed_hosts`` (:mod:`thor_server.guard`)."""
    app = Flask("thor_server")
    guard = RequestGuard(allowed_hosts)
    app.config["MAX_CONTENT_LENGTH"] = MAX_BODY_BYTES
    lock = threading.Lock()
    started = time.time()
    sessions = SessionTable(backend, max_sessions=max_sessions, idle_timeout_s=idle_timeout_s)
    app.extensions["thor_sessions"] = sessions

    @app.before_request
    def _guard() -> Response | None:
        refused = guard.check(
            request.method,
            request.headers.get("Host"),
            request.headers.get("Origin"),
            request.headers.get("Sec-Fetch-Site"),
            request.headers.get("Content-Type"),
            has_body=bool(request.content_length)
            or "chunked" in request.headers.get("Transfer-Encoding", "").lower(),
        )
        return _error(*refused, kind="refused_request") if refused is not None else None

    def world() -> Backend:
        """The backend of this request's session (call under the lock)."""
        return sessions.backend(_session_id())

    @app.errorhandler(BadRequest)
    def _bad_request(exc: BadRequest) -> Response:
        return _error(400, str(exc))

    @app.errorhandler(RequestTimedOut)
    def _timed_out(exc: RequestTimedOut) -> Response:
        return _error(408, str(exc))

    @app.errorhandler(UnknownSceneError)
    def _unknown_scene(exc: UnknownSceneError) -> Response:
        return _error(404, str(exc))

    @app.errorhandler(NotResetError)
    def _not_reset(exc: NotResetError) -> Response:
        return _error(409, str(exc))

    @app.errorhandler(UnknownSession)
    def _unknown_session(exc: UnknownSession) -> Response:
        return _error(404, str(exc), kind="unknown_session")

    @app.errorhandler(SessionsFull)
    def _full(exc: SessionsFull) -> Response:
        return _error(429, str(exc), kind="sessions_full")

    @app.errorhandler(BackendError)
    def _backend_failed(exc: BackendError) -> Response:
        log.error("simulator failure: %s", exc)
        return _error(503, f"the simulator cannot work: {exc}")

    @app.errorhandler(HTTPException)
    def _http(exc: HTTPException) -> Response:
        if exc.code == 413:
            return _error(413, f"the request body is larger than {MAX_BODY_BYTES} bytes")
        return _error(exc.code or 500, exc.description or exc.name)

    @app.errorhandler(Exception)
    def _unexpected(exc: Exception) -> Response:
        log.exception("internal error while serving %s %s", request.method, request.path)
        return _error(500, f"internal simulator error: {type(exc).__name__}: {exc}")

    @app.get("/health")
    def health() -> Response:
        with lock:
            details = world().describe()
            details["sessions"] = sessions.describe()
            details["features"] = list(FEATURES)
        return _json({"status": "ok", "uptime_s": round(time.time() - started, 3), **details})

    @app.post("/sessions")
    def open_session() -> Response:
        with lock:
            session_id = sessions.open()
            return _json({"session_id": session_id, **sessions.describe()}, 201)

    @app.delete("/sessions/<session_id>")
    def close_session(session_id: str) -> Response:
        with lock:
            sessions.close(session_id)
            return _json({"closed": session_id, **sessions.describe()})

    @app.post("/reset")
    def reset() -> Response:
        body = _body(ResetRequest)
        with lock:
            backend = world()
            answer = backend.reset(body.scene)
            if body.with_state:  # what GET /state would answer now ("objects" here is their count)
                answer["state"] = _state_answer(backend)
        return _json(answer)  # encoded outside the lock, as /state and /execute_plan are: fresh objects

    @app.post("/execute")
    def execute() -> Response:
        body = _body(ExecuteRequest)
        with lock:
            backend = world()
            outcome = backend.execute(body.instruction).to_json()
            if body.with_state:
                outcome["objects"] = backend.state()
        return _json(outcome)

    @app.post("/execute_plan")
    def execute_plan() -> Response:
        body = _body(ExecutePlanRequest)
        tracked = frozenset(body.track_types) if body.track_types is not None else None
        results: list[dict[str, Any]] = []
        stopped = False
        with lock:
            backend = world()
            initial = backend.state(tracked if tracked is not None else frozenset())  # 409 before any reset
            for instruction in body.instructions:
                outcome = backend.execute(instruction).to_json()
                if tracked is not None:
                    outcome["objects"] = backend.state(tracked)
                results.append(outcome)
                if body.stop_on_failure and not outcome["success"]:
                    stopped = len(results) < len(body.instructions)
                    break
        payload: dict[str, Any] = {
            "results": results,
            "executed": len(results),
            "succeeded": sum(1 for r in results if r["success"]),
            "stopped_early": stopped,
        }
        if tracked is not None:
            payload["initial_objects"] = initial
        return _json(payload)

    @app.get("/state")
    def state() -> Response:
        with lock:
            answer = _state_answer(world())
        return _json(answer)

    @app.get("/screenshot")
    def screenshot() -> Response:
        with lock:
            png = world().screenshot()
        return _json({"format": "png", "image": base64.b64encode(png).decode("ascii")})

    return app
