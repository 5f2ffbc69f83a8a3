"""Read a file from outside only when it is a regular file: a FIFO named where a report, a log, a dataset
file, a cache entry or one of the seed's upstream files belongs would block the read forever (nothing
ever writes into it), and a device could feed bytes without end.

The file is opened with ``O_NONBLOCK`` (opening a FIFO for reading then returns at once instead of
waiting for a writer), checked with ``fstat`` on the open descriptor (no race with a rename), and read
only if it is a regular file; anything else is an ``OSError`` whose ``strerror`` says what it is.
"""

from __future__ import annotations

import errno
import os
import stat
from pathlib import Path

from pytest_safeagent.core.atomic_write import kind_of


def read_regular_bytes(path: Path | str, *, limit: int | None = None) -> bytes:
    """The bytes of the regular file ``path``; ``OSError`` for anything else, or when it holds more than
    ``limit`` bytes (``EFBIG``)."""
    fd = os.open(path, os.O_RDONLY | os.O_NONBLOCK)
    try:
        info = os.fstat(fd)
        if not stat.S_ISREG(info.st_mode):
            raise OSError(errno.EINVAL, f"is {kind_of(info.st_mode)}, not a regular file", str(path))
        if limit is not None and info.st_size > limit:
            raise OSError(errno.EFBIG, f"holds {info.st_size} bytes, more than the {limit} read", str(path))
        os.set_blocking(fd, True)
        with os.fdopen(fd, "rb", closefd=False) as handle:
            return handle.read() if limit is None else handle.read(limit + 1)[:limit]
    finally:
        os.close(fd)
