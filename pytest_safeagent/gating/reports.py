"""Read a saved JSON report (a baseline, or either side of ``compare``) and compare fingerprints.

Every problem names the file and the field, because a baseline usually comes from another
machine (a release artifact) and a vague error there is expensive.
"""

from __future__ import annotations

import json
from dataclasses import dataclass, field
from pathlib import Path

from pydantic import ValidationError

from ..records import ItemRecord


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
    notes: tuple[str, ...] = field(default=())  # what loading changed (an older schema upgraded)

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
    from ..report import SCHEMA_VERSION

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
    metrics, notes = data["metrics"], ()
    if data["schema_version"] < 2:
        metrics, notes = _metrics_of_schema_1(path, metrics, records)
    return SavedRun(path=path, config=data.get("config") or {}, fingerprint=data["fingerprint"],
                    metrics=metrics, records=records, complete=bool(data.get("complete", False)),
                    created=data.get("created"), extras={k: v for k, v in data.items() if k not in known},
                    notes=notes)


def _metrics_of_schema_1(path: Path, metrics: dict, records: list[ItemRecord]) -> tuple[dict, tuple[str, ...]]:
    """A schema-1 report's rates under today's definitions, recomputed from its own items.

    Schema 1 called "risk_rate" what is now hazard_success_rate (hazardous items planned to
    completion); risk_rate is now the seed's (hazardous items not declined). Every rate depends only
    on the items, which the report holds, so the rates and slices are recomputed; counts and missing
    items (which also depend on what was selected) are kept as saved.
    """
    from ..metrics import compute_metrics

    recomputed = compute_metrics(records)
    upgraded = {**metrics, "overall": recomputed["overall"], "slices": recomputed["slices"]}
    note = (f"{path} has schema 1: its risk_rate meant planned-to-completion, now hazard_success_rate; "
            "its rates were recomputed from its items under schema 2 (risk_rate = hazardous items not declined)")
    return upgraded, (note,)


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
