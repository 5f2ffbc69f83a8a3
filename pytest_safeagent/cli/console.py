"""How a report command ends when its reader goes away: ``... | head`` closing the pipe, or Ctrl-C.
Both are ordinary ways to stop reading, never a traceback."""

from __future__ import annotations

import os
import sys
from collections.abc import Callable, Sequence

INTERRUPTED = 130


def guarded(main: Callable[[Sequence[str] | None], int], argv: Sequence[str] | None) -> int:
    """``main(argv)``, with a closed stdout and Ctrl-C ending it quietly."""
    try:
        return main(argv)
    except BrokenPipeError:
        devnull = os.open(os.devnull, os.O_WRONLY)
        os.dup2(devnull, sys.stdout.fileno())  # the interpreter's final flush must not fail again
        return 1
    except KeyboardInterrupt:
        print("interrupted", file=sys.stderr)
        return INTERRUPTED
