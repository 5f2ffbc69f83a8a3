"""Write a file so that a reader sees the old content or the new, never half of it.

The data goes to a temporary file in the target's directory (same file system, so the rename is
atomic), which then replaces the target; on any failure the temporary file is removed. Reports,
cached replies, downloaded data files and the simulator's port file all go through here.
The file gets the mode a plain ``open()`` would give it (0666 less the umask): ``mkstemp``'s 0600
would hide a report from the rest of a CI job.
"""

from __future__ import annotations

import json
import os
import tempfile
import threading
from pathlib import Path

_umask_lock = threading.Lock()


def _umask() -> int:
    """The process's umask (reading it means setting it, so briefly and under a lock)."""
    with _umask_lock:
        mask = os.umask(0o022)
        os.umask(mask)
    return mask


def write_bytes_atomic(path: Path, data: bytes, *, suffix: str = ".tmp") -> None:
    """Replace ``path`` with ``data``; the temporary file is ``.<name>.<random><suffix>``."""
    path.parent.mkdir(parents=True, exist_ok=True)
    handle, temporary = tempfile.mkstemp(dir=path.parent, prefix=f".{path.name}.", suffix=suffix)
    try:
        os.fchmod(handle, 0o666 & ~_umask())
        with os.fdopen(handle, "wb") as out:
            out.write(data)
        os.replace(temporary, path)
    except BaseException:
        Path(temporary).unlink(missing_ok=True)
        raise


def write_text_atomic(path: Path, text: str, *, encoding: str = "utf-8") -> None:
    write_bytes_atomic(path, text.encode(encoding))


def write_json_atomic(path: Path, payload: object, *, indent: int | None = 2, ensure_ascii: bool = True,
                      final_newline: bool = True) -> None:
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
