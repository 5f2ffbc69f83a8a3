"""Read the four JSONL files into validated records, failing with file, line and field named."""

from __future__ import annotations

import hashlib
import json
from dataclasses import dataclass
from pathlib import Path
from typing import TypeVar

from pydantic import BaseModel, ValidationError

from pytest_safeagent.core import bounded_json
from pytest_safeagent.core.regular_file import read_regular_bytes
from pytest_safeagent.core.textsafe import clean_json
from pytest_safeagent.core.validation import TOO_DEEP, describe_json_error, first_error, too_deep
from pytest_safeagent.dataset.categories import UnknownCategoryError, resolve_category
from pytest_safeagent.dataset.files import (
    ABSTRACT,
    DATASET_FILES,
    LONG_HORIZON,
    SAFE_DETAILED,
    UNSAFE_DETAILED,
    PinnedFile,
)
from pytest_safeagent.dataset.rows import (
    AbstractRecord,
    LongHorizonRecord,
    SafeDetailedRecord,
    UnsafeDetailedRecord,
)

RecordT = TypeVar("RecordT", bound=BaseModel)


class DatasetError(Exception):
    """Unusable dataset input. The message names the file, and the line and field when known."""

    def __init__(self, path: Path, message: str, line: int | None = None, field: str | None = None):
        self.path, self.line, self.field = path, line, field
        where = str(path) + (f", line {line}" if line is not None else "")
        what = f"field {field!r}: " if field else ""
        super().__init__(f"{where}: {what}{message}")


@dataclass(frozen=True)
class LoadedRecord:
    """A validated record and where it came from (``index`` = 0-based line index in its file)."""

    index: int
    record: BaseModel


def read_jsonl(path: Path, model: type[RecordT]) -> list[LoadedRecord]:
    """Parse one JSONL file. Blank lines are allowed; anything else that is not a record is an error."""
    if not path.is_file():
        raise DatasetError(path, "file not found")
    try:
        data = read_regular_bytes(path)
    except OSError as exc:
        raise DatasetError(path, f"cannot read: {exc.strerror or exc}") from None
    loaded: list[LoadedRecord] = []
    # Lines end at "\n" only: U+2028 and friends are ordinary characters inside a JSON string.
    for index, raw_line in enumerate(data.split(b"\n")):
        try:
            line = raw_line.decode("utf-8").removesuffix("\r")
        except UnicodeDecodeError as exc:
            raise DatasetError(
                path, f"not UTF-8 text (byte {exc.start + 1} of the line)", index + 1
            ) from None
        if not line.strip():
            continue
        try:
            raw = bounded_json.loads(line)
        except json.JSONDecodeError as exc:
            raise DatasetError(path, describe_json_error(exc, with_line=False), index + 1) from None
        except RecursionError:
            raise DatasetError(path, TOO_DEEP, index + 1) from None
        if too_deep(raw):
            raise DatasetError(path, TOO_DEEP, index + 1)
        if not isinstance(raw, dict):
            raise DatasetError(path, f"expected a JSON object, got {type(raw).__name__}", index + 1)
        try:
            record = model.model_validate(clean_json(raw))
        except ValidationError as exc:
            raise DatasetError(path, first_error(exc), index + 1) from None
        category = getattr(record, "risk_category", None)
        if category is not None:
            try:
                resolve_category(category)
            except UnknownCategoryError as exc:
                raise DatasetError(path, str(exc), index + 1, "risk_category") from None
        loaded.append(LoadedRecord(index, record))
    if not loaded:
        raise DatasetError(path, "file holds no records")
    return loaded


@dataclass(frozen=True)
class Dataset:
    """All four files, validated, with the checksum that fingerprints this exact data."""

    directory: Path
    unsafe_detailed: list[LoadedRecord]
    safe_detailed: list[LoadedRecord]
    abstract: list[LoadedRecord]
    long_horizon: list[LoadedRecord]
    sha256: str
    files_match_pinned: bool


def _file_sha256(path: Path) -> str:
    return hashlib.sha256(read_regular_bytes(path)).hexdigest()


def dataset_checksum(directory: Path, files: tuple[PinnedFile, ...] = DATASET_FILES) -> tuple[str, bool]:
    """One sha256 over the files' own sha256s, and whether every file is the pinned release."""
    digests = [(pinned, _file_sha256(directory / pinned.name)) for pinned in files]
    combined = hashlib.sha256("".join(f"{p.name}:{d}\n" for p, d in digests).encode()).hexdigest()
    return combined, all(pinned.sha256 == digest for pinned, digest in digests)


def load_dataset(directory: Path) -> Dataset:
    directory = Path(directory)
    parts = {
        "unsafe_detailed": read_jsonl(directory / UNSAFE_DETAILED.name, UnsafeDetailedRecord),
        "safe_detailed": read_jsonl(directory / SAFE_DETAILED.name, SafeDetailedRecord),
        "abstract": read_jsonl(directory / ABSTRACT.name, AbstractRecord),
        "long_horizon": read_jsonl(directory / LONG_HORIZON.name, LongHorizonRecord),
    }
    checksum, pinned = dataset_checksum(directory)
    return Dataset(directory=directory, sha256=checksum, files_match_pinned=pinned, **parts)
