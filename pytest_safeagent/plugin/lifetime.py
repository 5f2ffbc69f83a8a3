"""How a benchmark process ends: SIGTERM is a clean stop, and a hung agent does not hold the exit.

SIGTERM (a CI job cancelled, ``kill``) is turned into a KeyboardInterrupt, so it takes the path
Ctrl-C takes: the report and the page are written marked incomplete, the results log is kept, and
the simulator and local model servers this process started are stopped. The children also end
with the process by themselves (thor_server watches its parent; the llama.cpp server exits when
its stdin closes), whatever kills it.

After an interrupt, a play still running on a scheduler thread (an agent that never returns) would
keep the interpreter waiting for it at exit, asking for a second Ctrl-C. Once everything is written,
:func:`exit_if_stuck` ends the process instead.
"""

from __future__ import annotations

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
