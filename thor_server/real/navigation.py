"""Going to an object in AI2-THOR: the nearest reachable floor position, facing the object.

Written from the AI2-THOR documentation: ``GetReachablePositions`` lists the grid points the
agent can stand on, ``TeleportFull`` sets position, body yaw (0 faces +z, 90 faces +x) and camera
horizon (positive looks down, clamped to [-30, 60]). A pose counts when the teleport succeeds
and the object is then reported ``visible``; otherwise the next-nearest position is tried.
"""

from __future__ import annotations

import math
from collections.abc import Mapping, Sequence
from typing import Any

CAMERA_ABOVE_AGENT = 0.675  # standing camera height above the agent's reported y
MIN_STANDOFF = 0.4  # closer than this the object is usually out of view or colliding
MAX_ATTEMPTS = 12


def facing(agent_xz: tuple[float, float], agent_y: float, target: Mapping[str, float]) -> tuple[float, float]:
    """(yaw, horizon) in degrees that point the camera at ``target`` from ``agent_xz``."""
    dx, dz = target["x"] - agent_xz[0], target["z"] - agent_xz[1]
    yaw = math.degrees(math.atan2(dx, dz)) % 360.0
    drop = (agent_y + CAMERA_ABOVE_AGENT) - target["y"]
    horizon = math.degrees(math.atan2(drop, math.hypot(dx, dz)))
    return yaw, max(-30.0, min(60.0, horizon))


def candidate_positions(
    reachable: Sequence[Mapping[str, float]], target: Mapping[str, float]
) -> list[dict[str, float]]:
    """Reachable points ordered by horizontal distance to ``target``, too-close ones last."""

    def key(p: Mapping[str, float]) -> tuple[bool, float]:
        d = math.hypot(p["x"] - target["x"], p["z"] - target["z"])
        return d < MIN_STANDOFF, d

    return [dict(p) for p in sorted(reachable, key=key)[:MAX_ATTEMPTS]]


def teleport_arguments(position: Mapping[str, float], target: Mapping[str, float]) -> dict[str, Any]:
    """The TeleportFull parameters standing at ``position`` and looking at ``target``."""
    yaw, horizon = facing((position["x"], position["z"]), position["y"], target)
    return {
        "action": "TeleportFull",
        "position": {"x": position["x"], "y": position["y"], "z": position["z"]},
        "rotation": {"x": 0.0, "y": yaw, "z": 0.0},
        "horizon": horizon,
        "standing": True,
    }
