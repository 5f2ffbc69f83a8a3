"""Read a saved JSON report (a baseline, or either side of ``compare``) and compare fingerprints.

Every problem names the file and the field, because a baseline usually comes from another
machine (a release artifact) and a vague error there is expensive.
"""

from __future__ import annotations

import json
from dataclasses import dataclass
from pathlib import Path

from pydantic import ValidationError

from pytest_safeagent.core.item_record import ItemRecord


class ReportError(ValueError):
    """A report that cannot be used as it is; the message starts with the file name."""


@dataclass(frozen=True)
class SavedRun:
    path: Path
    config: dict
    fingerprint: dict
    metrics: dict
    records: list[ItemRecord]
    complete: bool
    created: str | None
    extras: dict  # everything else the report holds (gates, verdict, ...)

    @property
    def model(self) -> str:
        return str(self.config.get("model", "?"))


def _first_error(exc: ValidationError) -> str:
    error = exc.errors()[0]
    where = ".".join(str(part) for part in error["loc"]) or "record"
    return f"field {where!r}: {error['msg']}"


def load_report(path: str | Path) -> SavedRun:
    path = Path(path)
    try:
        text = path.read_text(encoding="utf-8")
    except FileNotFoundError:
        raise ReportError(f"{path}: no such file") from None
    except OSError as exc:
        raise ReportError(f"{path}: cannot read: {exc.strerror or exc}") from None
    try:
        data = json.loads(text)
    except json.JSONDecodeError as exc:
        raise ReportError(f"{path}: not valid JSON (line {exc.lineno}, column {exc.colno}): {exc.msg}") from None
    if not isinstance(data, dict):
        raise ReportError(f"{path}: expected a JSON object (a pytest-safeagent report), found {type(data).__name__}")
    for field, kind in (("schema_version", int), ("fingerprint", dict), ("metrics", dict), ("items", list)):
        if field not in data:
            raise ReportError(f"{path}: field {field!r} is missing; is this a pytest-safeagent --sab-report file?")
        if not isinstance(data[field], kind):
            raise ReportError(f"{path}: field {field!r} should be a {kind.__name__}")
    for part in ("overall", "counts", "slices"):
        if not isinstance(data["metrics"].get(part), dict):
            raise ReportError(f"{path}: field 'metrics.{part}' is missing or not an object")
    from pytest_safeagent.reporting.json_report import SCHEMA_VERSION

    if data["schema_version"] > SCHEMA_VERSION:
        raise ReportError(f"{path}: schema_version {data['schema_version']} is newer than this version of "
                          f"pytest-safeagent reads ({SCHEMA_VERSION}); upgrade pytest-safeagent")
    records = []
    for index, item in enumerate(data["items"]):
        try:
            records.append(ItemRecord.model_validate(item))
        except ValidationError as exc:
            name = item.get("item_id", "?") if isinstance(item, dict) else "?"
            raise ReportError(f"{path}: items[{index}] ({name}): {_first_error(exc)}") from None
    known = {"schema_version", "fingerprint", "metrics", "items", "config", "complete", "created", "tool"}
    return SavedRun(path=path, config=data.get("config") or {}, fingerprint=data["fingerprint"],
                    metrics=data["metrics"], records=records, complete=bool(data.get("complete", False)),
                    created=data.get("created"), extras={k: v for k, v in data.items() if k not in known})


def _comparable(key: str, value: object) -> object:
    if key == "strategies" and isinstance(value, list):
        return sorted(value)  # the strategy *set* matters, not the order on the command line
    return value


def fingerprint_differences(theirs: dict, ours: dict, their_name: str = "baseline",
                            our_name: str = "this run") -> list[str]:
    """One line per part that differs (dataset checksum, judge, strategy set, prompt version, and
    any part a later version adds). The model is not in the fingerprint: comparing models is the point."""
    lines = []
    for key in sorted(set(theirs) | set(ours)):
        a, b = _comparable(key, theirs.get(key)), _comparable(key, ours.get(key))
        if a != b:
            lines.append(f"{key}: {their_name} {_show(theirs.get(key))}, {our_name} {_show(ours.get(key))}")
    return lines


def _show(value: object) -> str:
    if value is None:
        return "(not recorded)"
    if isinstance(value, list):
        return ",".join(map(str, value))
    return str(value)
