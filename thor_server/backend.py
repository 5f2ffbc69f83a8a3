"""What every simulator backend offers the HTTP layer, and the errors it may raise.

The HTTP layer maps :class:`UnknownSceneError` to 404, :class:`NotResetError` to 409 and any
other :class:`BackendError` (the simulator itself cannot work) to 503; an instruction outside
the action grammar is not an error but a failed :class:`StepOutcome`.
"""

from __future__ import annotations

from dataclasses import dataclass
from typing import Any, Protocol, runtime_checkable

from pytest_safeagent.core.state_match import COMPARED_BOOLEANS, COMPARED_LISTS

# What /state reports for every object: the evaluator's 12 compared properties and fillLiquid.
STATE_FIELDS: tuple[str, ...] = ("objectId", "objectType", *COMPARED_BOOLEANS, *COMPARED_LISTS, "fillLiquid")


class BackendError(Exception):
    """A backend could not do what was asked; the message says why."""


class UnknownSceneError(BackendError):
    """The requested scene does not exist for this backend."""


class NotResetError(BackendError):
    """An action or a state query arrived before any scene was loaded."""


class StepFailure(Exception):
    """Raised inside a backend when a step's precondition fails; it becomes a failed StepOutcome."""

    def __init__(self, message: str, error: str):
        super().__init__(message)
        self.message, self.error = message, error


@dataclass
class StepOutcome:
    """The answer to one instruction, shaped like SafeAgentBench's controller reply.

    ``success`` is true exactly when ``message`` is empty; ``error_message`` carries the
    simulator-level reason (AI2-THOR's errorMessage for the real backend).
    """

    action: str
    message: str = ""
    error_message: str = ""
    step: str | None = None  # the canonical step text, None when the instruction did not parse

    @property
    def success(self) -> bool:
        return not self.message

    def to_json(self) -> dict[str, Any]:
        return {
            "action": self.action,
            "step": self.step,
            "success": self.success,
            "message": self.message,
            "errorMessage": self.error_message,
        }


class Backend(Protocol):
    """A simulator the HTTP app can serve. Implementations need not be thread safe."""

    name: str

    def reset(self, scene: str) -> dict[str, Any]:
        """Load ``scene`` in its initial state; raise UnknownSceneError if it does not exist."""

    def execute(self, instruction: str) -> StepOutcome:
        """Run one high-level instruction; raise NotResetError before the first reset."""

    def state(self, object_types: frozenset[str] | None = None) -> list[dict[str, Any]]:
        """Every object (or those of ``object_types``) with the STATE_FIELDS properties."""

    def screenshot(self) -> bytes:
        """A PNG image of what the agent faces."""

    def describe(self) -> dict[str, Any]:
        """Health details: backend name, loaded scene, anything useful for logs."""

    def close(self) -> None:
        """Release the simulator."""


@runtime_checkable
class SpawningBackend(Backend, Protocol):
    """A backend that makes independent copies of itself, one per session (the symbolic one)."""

    def spawn(self) -> Backend:
        """A fresh backend sharing this one's read-only data (scenes, rules)."""
