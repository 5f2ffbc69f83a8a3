"""The report tools' output files checked before anything is read or written: an output is never
one of the inputs or another output, never a directory, and its place is writable."""

from __future__ import annotations

import os
import stat
from collections.abc import Sequence
from pathlib import Path

from pytest_safeagent.core.atomic_write import kind_of


def place_problem(path: Path, *, in_place: bool = False) -> str | None:
    """Why ``path`` cannot be written as a file, or None when it can (as far as can be told now).

    An atomically written output may be a character device (written into, it stays a device); a file
    written ``in_place`` (appended to, like the results log) must be a regular file and never a symbolic
    link, which would make the plugin truncate or append to whatever the link points at."""
    if path.is_dir():
        return "is a directory; name a file"
    try:
        info = os.lstat(path)
    except OSError:
        info = None
    if info is not None and stat.S_ISLNK(info.st_mode) and in_place:
        return (
            "is a symbolic link; this file is written in place and never through a link "
            "(name the file it points to)"
        )
    if (
        info is not None
        and not stat.S_ISLNK(info.st_mode)
        and not stat.S_ISREG(info.st_mode)
        and (in_place or not stat.S_ISCHR(info.st_mode))
    ):
        return f"is {kind_of(info.st_mode)}, not a regular file; name a file"
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


def output_problem(
    outputs: Sequence[tuple[str, Path | None]],
    inputs: Sequence[tuple[str, Path | None]],
    *,
    may_share: frozenset[tuple[str, str]] = frozenset(),
    joiner: str = " ",
    in_place: frozenset[str] = frozenset(),
) -> str | None:
    """``OPTION PATH: problem`` for the first output that is an input or another output, or that cannot
    be written; None when all can be. ``may_share`` names (output, input) pairs allowed to be one file;
    ``joiner`` goes between option and path (``=`` in the plugin's option errors); ``in_place`` names
    the outputs written in place (see :func:`place_problem`). Character devices (``/dev/null``) may be
    named by several outputs: they are not files that one output could overwrite for another."""
    seen: dict[Path, str] = {}
    for option, path in inputs:
        if path is not None:
            seen.setdefault(path.resolve(), option)
    for option, path in outputs:
        if path is None:
            continue
        resolved = path.resolve()
        other = seen.get(resolved)
        if other is not None and (option, other) not in may_share and not _is_device(resolved):
            return (
                f"{option}{joiner}{path}: is also the {other} file; every output needs a file of its own "
                "and never replaces an input"
            )
        seen[resolved] = option
        problem = place_problem(path, in_place=option in in_place)
        if problem is not None:
            return f"{option}{joiner}{path}: {problem}"
    return None


def _is_device(path: Path) -> bool:
    try:
        return stat.S_ISCHR(os.stat(path).st_mode)
    except OSError:
        return False
