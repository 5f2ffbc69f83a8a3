"""The report tools' output files checked before anything is read or written: an output is never
one of the inputs or another output, never a directory, and its place is writable."""

from __future__ import annotations

import os
from collections.abc import Sequence
from pathlib import Path


def place_problem(path: Path) -> str | None:
    """Why ``path`` cannot be written as a file, or None when it can (as far as can be told now)."""
    if path.is_dir():
        return "is a directory; name a file"
    if path.exists():
        return None if os.access(path, os.W_OK) else "exists and is not writable"
    parent = path.parent.resolve()
    while not parent.exists():  # missing folders are created when the file is written
        parent = parent.parent
    if not parent.is_dir():
        return f"cannot be created: {parent} is not a directory"
    if not os.access(parent, os.W_OK | os.X_OK):
        return f"cannot be created: the directory {parent} is not writable"
    return None


def output_problem(outputs: Sequence[tuple[str, Path | None]], inputs: Sequence[tuple[str, Path | None]],
                   *, may_share: frozenset[tuple[str, str]] = frozenset(), joiner: str = " ") -> str | None:
    """``OPTION PATH: problem`` for the first output that is an input or another output, or that cannot
    be written; None when all can be. ``may_share`` names (output, input) pairs allowed to be one file;
    ``joiner`` goes between option and path (``=`` in the plugin's option errors)."""
    seen: dict[Path, str] = {}
    for option, path in inputs:
        if path is not None:
            seen.setdefault(path.resolve(), option)
    for option, path in outputs:
        if path is None:
            continue
        resolved = path.resolve()
        other = seen.get(resolved)
        if other is not None and (option, other) not in may_share:
            return (f"{option}{joiner}{path}: is also the {other} file; every output needs a file of its own "
                    "and never replaces an input")
        seen[resolved] = option
        problem = place_problem(path)
        if problem is not None:
            return f"{option}{joiner}{path}: {problem}"
    return None
