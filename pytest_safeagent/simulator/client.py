"""An HTTP client for thor_server, raising :class:`SimulatorError` whenever the simulator fails.

A transport failure (refused connection, timeout, broken response) and any 5xx are simulator
failures, never results. A 404 on reset is :class:`UnknownSceneError` (a data problem); any
other 4xx means this client sent something wrong and is reported with the server's message.

Sessions: a client made with ``session_id`` sends it in the ``X-Thor-Session`` header, so every
request acts on that session's world. A session the server no longer knows (closed after idling,
or the server restarted) raises :class:`SessionLost`; a server whose sessions are all taken
answers ``POST /sessions`` with :class:`SessionsFull`.
"""

from __future__ import annotations

import base64
from typing import Any
from urllib.parse import urlsplit

from pytest_safeagent.net.transport import HttpEndpoint, TransportError, is_loopback, json_body


class SimulatorError(RuntimeError):
    """The simulator did not answer, answered with a server error, or refused the request.

    ``infra_cause`` and ``endpoint`` are set when no connection could be made: the scheduler's fail-fast
    (``--sab-max-infra-errors``) counts those, so a dead simulator stops the run."""

    infra_cause: str | None = None
    endpoint: str | None = None


class UnknownSceneError(SimulatorError):
    """The simulator has no such scene."""


class SessionLost(SimulatorError):
    """The session's world is gone (the server restarted, or closed it after it idled)."""


class SessionsFull(SimulatorError):
    """Every session of the server is in use."""


SESSION_HEADER = "X-Thor-Session"  # thor_server/sessions.py names the same header


class ThorClient:
    """Talks to one thor_server at ``base_url`` (``http://127.0.0.1:PORT``) through the process's httpx client
    (connections kept open where the server keeps them: thor_server's werkzeug closes them after every
    answer). A server on the loopback interface is reached directly, whatever the proxy variables say;
    ``timeout`` bounds each request as a whole."""

    def __init__(self, base_url: str, *, timeout: float = 60.0, session_id: str | None = None):
        self.base_url = base_url.rstrip("/")
        self.session_id = session_id
        try:
            self._http = HttpEndpoint(
                self.base_url, timeout_s=timeout, direct=is_loopback(urlsplit(self.base_url).hostname)
            )
        except ValueError as exc:
            raise SimulatorError(f"the simulator's URL is not usable: {exc}") from None
        self._owns_http = True
        # What /health said of the server (its backend's name, its features), shared with the session
        # views: asked once for them all (the pool asks when it learns the server's capacity).
        self._facts: dict[str, Any] = {}

    def for_session(self, session_id: str | None) -> ThorClient:
        """A client for one session sharing this client's transport (thread safe). Closing it leaves the
        shared connections open."""
        view = object.__new__(ThorClient)
        view.base_url, view.session_id = self.base_url, session_id
        view._http, view._owns_http, view._facts = self._http, False, self._facts
        return view

    # ----- plumbing ---------------------------------------------------------------------

    def _request(self, method: str, path: str, body: dict[str, Any] | None = None) -> dict[str, Any]:
        where = f"{method} {self.base_url}{path}"
        try:
            headers = {SESSION_HEADER: self.session_id} if self.session_id else None
            answer = self._http.request(
                method, path, None if body is None else json_body(body), headers=headers
            )
        except TransportError as exc:
            error = SimulatorError(f"{where}: no answer from the simulator ({exc})")
            if exc.connect_failed:
                error.infra_cause, error.endpoint = "no connection to the simulator", self.base_url
            raise error from None
        try:
            payload = answer.json()
        except ValueError:
            payload = None
        if answer.status >= 400 or not isinstance(payload, dict):
            message = (
                payload.get("error")
                if isinstance(payload, dict)
                else answer.body.decode("utf-8", "replace")[:300]
            )
            text = f"{where}: HTTP {answer.status}: {message}"
            kind = payload.get("kind") if isinstance(payload, dict) else None
            if kind == "unknown_session":
                raise SessionLost(text)
            if kind == "sessions_full":
                raise SessionsFull(text)
            if answer.status == 404 and path == "/reset":
                raise UnknownSceneError(text)
            raise SimulatorError(text)
        return payload

    def close(self) -> None:
        if self._owns_http:
            self._http.close()

    def __enter__(self) -> ThorClient:
        return self

    def __exit__(self, *_exc: object) -> None:
        self.close()

    # ----- the API ----------------------------------------------------------------------

    def health(self) -> dict[str, Any]:
        """``{"status": "ok", "backend": ..., "scene": ..., "sessions": ..., "features": ...}``."""
        answer = self._request("GET", "/health")
        listed = answer.get("features")  # thor_server/app.py: FEATURES; none from older servers
        self._facts.update(
            backend=str(answer.get("backend", "unknown")),
            features=frozenset(str(name) for name in listed) if isinstance(listed, list) else frozenset(),
        )
        return answer

    @property
    def backend(self) -> str:
        """The backend's name (``symbolic`` or ``ai2thor``), asked once."""
        if "backend" not in self._facts:
            self.health()
        return str(self._facts["backend"])

    def features(self) -> frozenset[str]:
        """What the server accepts beyond the first API (its /health ``features``), asked once."""
        if "features" not in self._facts:
            self.health()
        features: frozenset[str] = self._facts["features"]
        return features

    def open_session(self) -> str:
        """Open a session on the server (a world of its own); SessionsFull when none is free."""
        return str(self._request("POST", "/sessions")["session_id"])

    def close_session(self, session_id: str) -> None:
        """Close a session; one the server no longer knows is already closed."""
        try:
            self._request("DELETE", f"/sessions/{session_id}")
        except SessionLost:
            pass

    def capacity(self) -> int:
        """How many sessions the server holds at once (1 for a server from before sessions)."""
        sessions = self.health().get("sessions")
        return int(sessions.get("capacity", 1)) if isinstance(sessions, dict) else 1

    def reset(self, scene: str) -> dict[str, Any]:
        """Load ``scene`` in its initial state."""
        return self._request("POST", "/reset", {"scene": scene})

    def reset_observed(self, scene: str) -> tuple[dict[str, Any], list[dict[str, Any]] | None]:
        """Load ``scene`` and, in the same request where the server has the ``reset_with_state`` feature,
        read its objects (else None: nothing is asked that the caller may not need)."""
        if "reset_with_state" not in self.features():
            return self.reset(scene), None
        return self._post_with_state("/reset", {"scene": scene}, carried_in="state")

    def execute(self, instruction: str) -> dict[str, Any]:
        """One step: ``{"action", "step", "success", "message", "errorMessage"}``."""
        return self._request("POST", "/execute", {"instruction": instruction})

    def execute_observed(self, instruction: str) -> tuple[dict[str, Any], list[dict[str, Any]]]:
        """One step and the world's objects after it: one request where the server has the ``with_state``
        feature, else ``execute`` then ``state``."""
        if "with_state" in self.features():
            return self.execute_with_state(instruction)
        return self.execute(instruction), self.state()

    def execute_with_state(self, instruction: str) -> tuple[dict[str, Any], list[dict[str, Any]]]:
        """One step and the world's objects after it, in one request (only to a server whose /health
        lists the ``with_state`` feature: an older one refuses the field)."""
        return self._post_with_state("/execute", {"instruction": instruction}, carried_in="objects")

    def _post_with_state(
        self, path: str, body: dict[str, Any], *, carried_in: str
    ) -> tuple[dict[str, Any], list[dict[str, Any]]]:
        """POST ``body`` with ``with_state``: the answer, and the object list it carries in ``carried_in``
        (the list itself, or a GET /state answer holding it)."""
        answer = self._request("POST", path, {**body, "with_state": True})
        carried = answer.pop(carried_in, None)
        objects = carried.get("objects") if isinstance(carried, dict) else carried
        if not isinstance(objects, list):
            raise SimulatorError(f"POST {self.base_url}{path}: the answer has no object list (with_state)")
        return answer, objects

    def execute_plan(
        self, instructions: list[str], *, stop_on_failure: bool = False, track_types: list[str] | None = None
    ) -> dict[str, Any]:
        """Every step's result (``results``); with ``track_types``, each result also carries
        ``objects``, the objects of those types after that step, and the payload carries
        ``initial_objects`` (before the first step)."""
        body: dict[str, Any] = {"instructions": list(instructions), "stop_on_failure": stop_on_failure}
        if track_types is not None:
            body["track_types"] = sorted(set(track_types))
        return self._request("POST", "/execute_plan", body)

    def state(self) -> list[dict[str, Any]]:
        """Every object with objectId, objectType, the 12 compared properties and fillLiquid."""
        return self._request("GET", "/state")["objects"]

    def screenshot(self) -> bytes:
        """The current view as PNG bytes."""
        payload = self._request("GET", "/screenshot")
        try:
            return base64.b64decode(payload["image"], validate=True)
        except (KeyError, ValueError) as exc:
            raise SimulatorError(f"GET {self.base_url}/screenshot: malformed image payload ({exc})") from None
