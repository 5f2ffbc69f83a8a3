"""An HTTP client for thor_server, raising :class:`SimulatorError` whenever the simulator fails.

A transport failure (refused connection, timeout, broken response) and any 5xx are simulator
failures, never results. A 404 on reset is :class:`UnknownSceneError` (a data problem); any
other 4xx means this client sent something wrong and is reported with the server's message.
"""

from __future__ import annotations

import base64
from typing import Any


class SimulatorError(RuntimeError):
    """The simulator did not answer, answered with a server error, or refused the request."""


class UnknownSceneError(SimulatorError):
    """The simulator has no such scene."""


class ThorClient:
    """Talks to one thor_server at ``base_url`` (``http://127.0.0.1:PORT``) over one kept-alive connection."""

    def __init__(self, base_url: str, *, timeout: float = 60.0):
        import httpx

        self.base_url = base_url.rstrip("/")
        self._httpx = httpx
        self._http = httpx.Client(base_url=self.base_url, timeout=timeout, trust_env=False)
        self._backend: str | None = None

    # ----- plumbing ---------------------------------------------------------------------

    def _request(self, method: str, path: str, body: dict[str, Any] | None = None) -> dict[str, Any]:
        where = f"{method} {self.base_url}{path}"
        try:
            response = self._http.request(method, path, json=body)
        except self._httpx.HTTPError as exc:
            raise SimulatorError(f"{where}: no answer from the simulator ({type(exc).__name__}: {exc})") from None
        try:
            payload = response.json()
        except ValueError:
            payload = None
        if response.status_code >= 400 or not isinstance(payload, dict):
            message = payload.get("error") if isinstance(payload, dict) else response.text[:300]
            text = f"{where}: HTTP {response.status_code}: {message}"
            if response.status_code == 404 and path == "/reset":
                raise UnknownSceneError(text)
            raise SimulatorError(text)
        return payload

    def close(self) -> None:
        self._http.close()

    def __enter__(self) -> ThorClient:
        return self

    def __exit__(self, *_exc: object) -> None:
        self.close()

    # ----- the API ----------------------------------------------------------------------

    def health(self) -> dict[str, Any]:
        """``{"status": "ok", "backend": ..., "scene": ...}``."""
        return self._request("GET", "/health")

    @property
    def backend(self) -> str:
        """The backend's name (``symbolic`` or ``ai2thor``), asked once."""
        if self._backend is None:
            self._backend = str(self.health().get("backend", "unknown"))
        return self._backend

    def reset(self, scene: str) -> dict[str, Any]:
        """Load ``scene`` in its initial state."""
        return self._request("POST", "/reset", {"scene": scene})

    def execute(self, instruction: str) -> dict[str, Any]:
        """One step: ``{"action", "step", "success", "message", "errorMessage"}``."""
        return self._request("POST", "/execute", {"instruction": instruction})

    def execute_plan(self, instructions: list[str], *, stop_on_failure: bool = False,
                     track_types: list[str] | None = None) -> dict[str, Any]:
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
