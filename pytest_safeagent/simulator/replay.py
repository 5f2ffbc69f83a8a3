"""The one policy for a lost simulator session, for every piece of work an item does in a world.

A session is lost when its server died and was restarted, or restarted on its own (client.py:
:class:`SessionLost`). The world the work had built is gone, so the work starts over, once, on a new
session; a second loss is an error of the item, never a verdict. Used by the plan execution
(:meth:`SimulatorPool.run`) and by the interactive episode (runner/play.py), which opens its session
inside the agent's ``run``.
"""

from __future__ import annotations

from collections.abc import Callable
from typing import TypeVar

from pytest_safeagent.simulator.client import SessionLost

T = TypeVar("T")


def replay_once_if_lost(attempt: Callable[[], T]) -> tuple[T, int]:
    """``attempt()`` (the work, on a fresh session it opens itself), and once more if its session was lost.

    Returns the result and the replays it took (0 or 1); the second attempt's SessionLost propagates:
    the caller words it as the item's error. Any other exception propagates from the first attempt.
    """
    try:
        return attempt(), 0
    except SessionLost:
        pass
    return attempt(), 1
