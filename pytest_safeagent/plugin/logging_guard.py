"""A patch of logging's registry so that loggers may be created on the play threads."""

from __future__ import annotations

import logging
from typing import Any


class _SnapshotValues(dict[str, Any]):
    """A dict whose ``values()`` is a copy taken in one step (a C-level copy, atomic under the GIL)."""

    def values(self) -> list[Any]:  # type: ignore[override]  # a list, not a view: the point of the class
        return list(super().values())


def guard_logger_registry() -> None:
    """Let loggers be created on the play threads while pytest's main thread walks the registry.

    pytest's log capture iterates over ``logging.Logger.manager.loggerDict`` in every item's setup,
    call and teardown (to attach its handler to non-propagating loggers); a module imported or a
    logger first asked for on a play thread at that moment made the item error with "dictionary
    changed size during iteration". Iterating a snapshot of the values is what the registry needs.
    """
    manager = logging.Logger.manager
    with logging._lock:  # type: ignore[attr-defined]  # logging's own (undeclared) lock, held while it adds loggers
        if not isinstance(manager.loggerDict, _SnapshotValues):
            manager.loggerDict = _SnapshotValues(manager.loggerDict)
