"""Upkeep of a benchmark process that is not pytest's business: how it ends, its heap, its logger registry.

How it ends: SIGTERM is a clean stop, and a hung agent does not hold the exit.

SIGTERM (a CI job cancelled, ``kill``) is turned into a KeyboardInterrupt, so it takes the path
Ctrl-C takes: the report and the page are written marked incomplete, the results log is kept, and
the simulator and local model servers this process started are stopped. The children also end
with the process by themselves (thor_server watches its parent; the llama.cpp server exits when
its stdin closes), whatever kills it.

After an interrupt, a play still running on a scheduler thread (an agent that never returns) would
keep the interpreter waiting for it at exit, asking for a second Ctrl-C. Once everything is written,
:func:`exit_if_stuck` ends the process instead.

Its heap: a benchmark process holds a large, long-lived heap: the dataset, a thousand items, the pydantic
models' types, and by the end every item's record. Each full collection of the cyclic garbage collector
walks all of it (about 80 ms at 1050 items), during the run (pausing every play thread) and three times
at the end (pytest collects once in ``pytest_unconfigure`` and once more in its cleanup, and the
interpreter once when it exits): measured, about 0.9 s of a 30 s run after the last answer arrived.
``gc.freeze()`` moves everything alive into a generation the collector skips (objects are still freed by
reference counting). The run (plugin/run.py) freezes what it has built before its item loop and again at
``pytest_unconfigure``; a later run in the same process (pytester runs the plugin in-process) unfreezes and
collects first (:func:`thaw_heap`), so the cycles of one run stay uncollected at most until the next one
starts.
"""

from __future__ import annotations

import gc
import logging
import os
import signal
import sys
import threading
from types import FrameType
from typing import Any

GRACE_S = 1.0  # how long a play thread may take to notice the stop before the process ends without it


def _terminate(signum: int, frame: FrameType | None) -> None:
    raise KeyboardInterrupt(f"stopped by signal {signum}")


def install_sigterm() -> Any:
    """SIGTERM becomes a KeyboardInterrupt in the main thread (unless someone else handles it already);
    returns the handler to restore, or None when nothing was installed."""
    if threading.current_thread() is not threading.main_thread():
        return None
    previous = signal.getsignal(signal.SIGTERM)
    if previous not in (signal.SIG_DFL, None):
        return None
    signal.signal(signal.SIGTERM, _terminate)
    return previous


def restore_sigterm(previous: Any) -> None:
    if previous is not None and threading.current_thread() is threading.main_thread():
        signal.signal(signal.SIGTERM, previous)


def _nested_in_a_test() -> bool:
    """Is this pytest run inside another process's test (pytester's in-process runs)? That process
    must never be ended from here."""
    frame: FrameType | None = sys._getframe(1)
    while frame is not None:
        if frame.f_code.co_filename.endswith(os.path.join("_pytest", "pytester.py")):
            return True
        frame = frame.f_back
    return False


def exit_if_stuck(status: int) -> None:
    """After an interrupted run has written everything: if play threads are still running (a hung agent),
    end the process now with ``status`` instead of waiting for them at interpreter exit."""
    if _nested_in_a_test():
        return
    main = threading.main_thread()
    stuck = [t for t in threading.enumerate() if t is not main and not t.daemon and t.is_alive()]
    for thread in stuck:
        thread.join(GRACE_S / max(1, len(stuck)))
    if any(t.is_alive() for t in stuck):
        sys.stdout.flush()
        sys.stderr.flush()
        os._exit(status)


def freeze_heap() -> None:
    """Everything alive now is left alone by the cyclic collector (cheap: it moves list heads)."""
    gc.freeze()


def thaw_heap() -> None:
    """At the start of a run: an earlier run in this process froze its heap at its end; its garbage goes
    now, before this run freezes what is alive."""
    if gc.get_freeze_count():
        gc.unfreeze()
        gc.collect()


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
