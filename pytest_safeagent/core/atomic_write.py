"""Write a file so that a reader sees the old content or the new, never half of it.

The data goes to a temporary file in the target's directory (same file system, so the rename is
atomic), which then replaces the target; on any failure the temporary file is removed. Reports,
cached replies, downloaded data files, the simulator's port file and the embedded model's Q4_0
copy (written piece by piece, :func:`write_atomic`) all go through here.
The file gets the mode a plain ``open()`` would give it (0666 less the umask): ``mkstemp``'s 0600
would hide a report from the rest of a CI job.

What is not a regular file is never replaced: a character device (``--sab-report /dev/null``,
``/dev/stdout``) is written into directly and stays a device; a FIFO, socket, block device or directory
is refused with an ``OSError`` whose ``strerror`` says what it is. A symbolic link is not followed: the
rename replaces the link, never the file it points to.

:func:`mark_stale`: when a write is interrupted (Ctrl-C, SIGTERM), the previous file is kept, intact,
under ``<name>.stale``, so no report from an earlier run sits at the path looking current.
"""

from __future__ import annotations

import errno
import json
import os
import stat
import tempfile
import threading
from collections.abc import Callable
from pathlib import Path
from typing import BinaryIO

_umask_lock = threading.Lock()


def _umask() -> int:
    """The process's umask (reading it means setting it, so briefly and under a lock)."""
    with _umask_lock:
        mask = os.umask(0o022)
        os.umask(mask)
    return mask


STALE_SUFFIX = ".stale"


def kind_of(mode: int) -> str:
    """``a FIFO``, ``a directory``...: what a file that is not a regular one is, for an error line."""
    for test, name in (
        (stat.S_ISDIR, "a directory"),
        (stat.S_ISFIFO, "a FIFO"),
        (stat.S_ISSOCK, "a socket"),
        (stat.S_ISBLK, "a block device"),
        (stat.S_ISCHR, "a character device"),
        (stat.S_ISLNK, "a symbolic link"),
    ):
        if test(mode):
            return name
    return "not a regular file"


def _not_regular(path: Path, mode: int) -> OSError:
    return OSError(errno.EINVAL, f"is {kind_of(mode)}, not a regular file; name a file", str(path))


def write_bytes_atomic(path: Path, data: bytes, *, suffix: str = ".tmp") -> None:
    """Replace ``path`` with ``data``; the temporary file is ``.<name>.<random><suffix>``.

    An existing character device is written into (it stays a device); any other existing non-regular
    file is an ``OSError`` and is left as it is."""
    write_atomic(path, lambda out: out.write(data), suffix=suffix)


def write_atomic(
    path: Path, write: Callable[[BinaryIO], object], *, suffix: str = ".tmp", durable: bool = False
) -> None:
    """:func:`write_bytes_atomic` for content written piece by piece: ``write`` gets the open file.
    ``durable``: the data is on disk before the rename (a large file that a crash must not leave
    half-written under its final name)."""
    try:
        info = os.lstat(path)
    except FileNotFoundError:
        info = None
    if info is not None and stat.S_ISCHR(info.st_mode):
        with open(path, "wb", buffering=0) as device:  # no O_CREAT effect, no rename: the node stays
            write(device)
        return
    if info is not None and not (stat.S_ISREG(info.st_mode) or stat.S_ISLNK(info.st_mode)):
        raise _not_regular(path, info.st_mode)
    path.parent.mkdir(parents=True, exist_ok=True)
    handle, temporary = tempfile.mkstemp(dir=path.parent, prefix=f".{path.name}.", suffix=suffix)
    try:
        os.fchmod(handle, 0o666 & ~_umask())
        with os.fdopen(handle, "wb") as out:
            write(out)
            if durable:
                out.flush()
                os.fsync(out.fileno())
        os.replace(temporary, path)
    except BaseException:
        Path(temporary).unlink(missing_ok=True)
        raise


def write_text_atomic(path: Path, text: str, *, encoding: str = "utf-8") -> None:
    write_bytes_atomic(path, text.encode(encoding))


def write_json_atomic(
    path: Path,
    payload: object,
    *,
    indent: int | None = 2,
    ensure_ascii: bool = True,
    final_newline: bool = True,
) -> None:
    """``payload`` as JSON; the defaults give the report's layout (indented, one final newline).

    Text holding a lone surrogate (model output can) cannot be UTF-8: it is then written with
    ``\\u`` escapes, which read back to exactly the same strings."""
    text = json.dumps(payload, indent=indent, ensure_ascii=ensure_ascii)
    try:
        data = (text + "\n" if final_newline else text).encode("utf-8")
    except UnicodeEncodeError:
        text = json.dumps(payload, indent=indent, ensure_ascii=True)
        data = (text + "\n" if final_newline else text).encode("ascii")
    write_bytes_atomic(path, data)


def mark_stale(path: Path) -> Path | None:
    """After an interrupted write of ``path``: move the previous regular file (left intact by the write)
    to ``<name>.stale`` so it no longer looks current; returns where it went, None when there was none."""
    try:
        if not stat.S_ISREG(os.lstat(path).st_mode):
            return None
        stale = path.with_name(path.name + STALE_SUFFIX)
        os.replace(path, stale)
    except OSError:
        return None
    return stale
