"""Fail fast: stop the run when items keep failing because the endpoint is unusable.

Counts items in a row, in the order they finish, failing with the same endpoint failure (connection
refused, DNS, 401/403/404, classified in models/retry.py and carried on ModelError.infra_cause), or
with no connection to the simulator (SimulatorError.infra_cause), so a dead simulator stops the run too.
"""

from __future__ import annotations

import threading

from pytest_safeagent.models.base import ModelError
from pytest_safeagent.simulator.client import SimulatorError

DEFAULT_MAX_INFRA_ERRORS = 5  # --sab-max-infra-errors


class InfraStreak:
    """Counts items in a row (in the order they finish) failing with the same endpoint failure
    (connection refused, DNS, 401/403/404); names it once ``limit`` is reached (0: never)."""

    def __init__(self, limit: int):
        self.limit = limit
        self._cause: tuple[str, str] | None = None
        self._count = 0
        self._lock = threading.Lock()

    def observe(self, error: BaseException | None) -> str | None:
        cause = _endpoint_failure(error)
        with self._lock:
            if cause is None or cause != self._cause:
                self._cause, self._count = cause, (1 if cause else 0)
            else:
                self._count += 1
            if self.limit and cause is not None and self._count >= self.limit:
                what, endpoint = cause
                return (
                    f"safeagent: stopping the run: {self._count} items in a row failed with {what} "
                    f"at {endpoint} (--sab-max-infra-errors={self.limit}); check the endpoint and its "
                    f"settings, then rerun with --sab-resume to finish the rest"
                )
        return None


def _endpoint_failure(error: BaseException | None) -> tuple[str, str] | None:
    """(cause, endpoint) of a model or simulator failure, somewhere in ``error``'s chain of causes, that
    says the endpoint is unusable; else None."""
    seen = 0
    while error is not None and seen < 5:
        if isinstance(error, ModelError | SimulatorError) and error.infra_cause:
            return error.infra_cause, error.endpoint or "the endpoint"
        error, seen = error.__cause__, seen + 1
    return None
