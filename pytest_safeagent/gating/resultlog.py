"""The results log: one JSON line per finished item, written as it finishes, so nothing judged is lost.

Layout (JSON Lines)::

    {"kind": "run", "log_format": 1, "started": ...,
    "fingerprint": {...}, "config": {...}, "resumed_from": ...}
    {"kind": "item", "record": {... ItemRecord ...}}
    ...

A resumed run appends another ``run`` line and its items; when an item appears twice the later
line wins. Every line is handed to the operating system before the next item is reported, so
Ctrl-C, a crash, a kill or a CI timeout can at worst leave one torn last line, which the reader
ignores. The file is synced to the disk at most once a second and when it closes: a sync per line
cost about 0.25 ms of every item, and only the machine itself failing (power, kernel) can lose the
lines of the last second.
"""

from __future__ import annotations

import errno
import io
import json
import os
import stat
import time
from collections.abc import Iterable
from dataclasses import dataclass, field
from datetime import datetime, timezone
from pathlib import Path
from typing import IO

from pydantic import ValidationError

from pytest_safeagent.core import bounded_json
from pytest_safeagent.core.atomic_write import kind_of
from pytest_safeagent.core.item_record import ItemRecord
from pytest_safeagent.core.textsafe import clean_json
from pytest_safeagent.core.validation import TOO_DEEP, describe_json_error, first_error, too_deep
from pytest_safeagent.reportfile.reader import read_text_file

LOG_FORMAT = 1
SYNC_EVERY_S = 1.0


class ResultsLogError(ValueError):
    """A log that cannot be resumed from; the message names the file and line."""


def _open_in_place(path: Path, append: bool) -> IO[str]:
    """The log opened for writing without following a symbolic link (``O_NOFOLLOW``: a link at the log's
    path is refused, never truncated through) and only when it is a regular file; appending first cuts a
    last line that a crash left without its newline, so appended lines start clean."""
    flags = os.O_RDWR | os.O_CREAT | getattr(os, "O_NOFOLLOW", 0) | os.O_NONBLOCK
    try:
        fd = os.open(path, flags, 0o666)
    except OSError as exc:
        if exc.errno == errno.ELOOP:
            raise OSError(
                errno.ELOOP, "is a symbolic link; the results log is never written through a link", str(path)
            ) from None
        raise
    handle = os.fdopen(fd, "rb+")
    try:
        info = os.fstat(fd)
        if not stat.S_ISREG(info.st_mode):
            raise OSError(errno.EINVAL, f"is {kind_of(info.st_mode)}, not a regular file", str(path))
        os.set_blocking(fd, True)
        if append:
            data = handle.read()
            if data and not data.endswith(b"\n"):
                handle.truncate(data.rfind(b"\n") + 1)
            handle.seek(0, os.SEEK_END)
        else:
            handle.truncate(0)
    except BaseException:
        handle.close()
        raise
    return io.TextIOWrapper(handle, encoding="utf-8", write_through=False)


class ResultsLogWriter:
    def __init__(self, path: Path, handle: IO[str]):
        self.path = path
        self._handle = handle
        self.written = 0
        self._synced = time.monotonic()

    @classmethod
    def open(
        cls, path: Path, header: dict, *, append: bool, carried: Iterable[ItemRecord] = ()
    ) -> ResultsLogWriter:
        """Start (or, with ``append``, continue) the log; ``carried`` records are copied in first
        so that a log resumed into a new file is complete on its own."""
        path.parent.mkdir(parents=True, exist_ok=True)
        writer = cls(path, _open_in_place(path, append))
        started = datetime.now(timezone.utc).isoformat(timespec="seconds")
        writer._line({"kind": "run", "log_format": LOG_FORMAT, "started": started, **header})
        for record in carried:
            writer.append(record.model_dump(mode="json"))
        writer.written = 0
        return writer

    def _line(self, payload: dict) -> None:
        self._handle.write(json.dumps(payload, separators=(",", ":")) + "\n")
        self._handle.flush()
        now = time.monotonic()
        if now - self._synced >= SYNC_EVERY_S:
            os.fsync(self._handle.fileno())
            self._synced = now

    def append(self, record: dict) -> None:
        self._line({"kind": "item", "record": record})
        self.written += 1

    def close(self) -> str | None:
        """Flush, sync and close; never raises for the disk: returns what went wrong (a full disk), else None.
        After a failed write, closing does not fail a second time: the file is closed all the same."""
        if self._handle.closed:
            return None
        problem = None
        try:
            self._handle.flush()
            os.fsync(self._handle.fileno())
        except OSError as exc:
            problem = f"writing {self.path} failed: {exc.strerror or exc}"
        finally:
            try:
                self._handle.close()
            except (
                OSError
            ):  # the same unwritable rest, tried once more by close (which still closes the file)
                pass
        return problem


@dataclass
class LoggedRun:
    path: Path
    headers: list[tuple[int, dict]] = field(default_factory=list)  # (line number, run line)
    records: dict[str, ItemRecord] = field(default_factory=dict)  # item id -> latest record
    lines: dict[str, int] = field(default_factory=dict)  # item id -> line number of its latest record
    torn_tail: bool = False


def read_log(path: Path) -> LoggedRun:
    text = read_text_file(path, ResultsLogError)
    logged = LoggedRun(path=path)
    lines = text.split("\n")
    last = len(lines) - 1  # text.split leaves "" after a final newline; anything else there is torn
    for index, line in enumerate(lines):
        number = index + 1
        if not line.strip():
            continue
        try:
            payload = bounded_json.loads(line)
        except json.JSONDecodeError as exc:
            if index == last:
                logged.torn_tail = True  # the process died while writing this line
                continue
            raise ResultsLogError(f"{path}:{number}: {describe_json_error(exc, with_line=False)}") from None
        except RecursionError:
            raise ResultsLogError(f"{path}:{number}: {TOO_DEEP}") from None
        if too_deep(payload):
            raise ResultsLogError(f"{path}:{number}: {TOO_DEEP}")
        kind = payload.get("kind") if isinstance(payload, dict) else None
        if not logged.headers and kind != "run":
            raise ResultsLogError(
                f"{path}:{number}: expected a run header first; is this a pytest-safeagent results log?"
            )
        if kind == "run":
            if payload.get("log_format") != LOG_FORMAT:
                raise ResultsLogError(
                    f"{path}:{number}: log_format {payload.get('log_format')!r} is not "
                    f"{LOG_FORMAT}, the format this version writes"
                )
            logged.headers.append((number, payload))
        elif kind == "item":
            try:
                record = ItemRecord.model_validate(clean_json(payload.get("record")), strict=True)
            except ValidationError as exc:
                raise ResultsLogError(f"{path}:{number}: item record {first_error(exc)}") from None
            logged.records[record.item_id] = record
            logged.lines[record.item_id] = number
        else:
            raise ResultsLogError(f"{path}:{number}: unknown line kind {kind!r} (expected 'run' or 'item')")
    if not logged.headers:
        raise ResultsLogError(f"{path}: empty; there is nothing to resume")
    return logged
