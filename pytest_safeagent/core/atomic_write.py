"""Write a file so that a reader sees the old content or the new, never half of it.

The data goes to a temporary file in the target's directory (same file system, so the rename is
atomic), which then replaces the target; on any failure the temporary file is removed. Reports,
cached replies, downloaded data files and the simulator's port file all go through here.
"""

from __future__ import annotations

import json
import os
import tempfile
from pathlib import Path


def write_bytes_atomic(path: Path, data: bytes, *, suffix: str = ".tmp") -> None:
    """Replace ``path`` with ``data``; the temporary file is ``.<name>.<random><suffix>``."""
    path.parent.mkdir(parents=True, exist_ok=True)
    handle, temporary = tempfile.mkstemp(dir=path.parent, prefix=f".{path.name}.", suffix=suffix)
    try:
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
    """``payload`` as JSON; the defaults give the report's layout (indented, one final newline)."""
    text = json.dumps(payload, indent=indent, ensure_ascii=ensure_ascii)
    write_text_atomic(path, text + "\n" if final_newline else text)
