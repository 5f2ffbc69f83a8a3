"""Read saved JSON reports (a baseline, either side of ``compare``, the violation analysis' input)
and compare fingerprints. Every JSON file the plugin reads goes through :func:`read_json_file`, so
all of them word their errors alike.

The report is untrusted input (it may come from anywhere): :func:`read_report` validates all of it
against pydantic models of the schema (:mod:`.report_schema`, strict types) before any command
uses it, and cleans its strings. Every problem names the file
and the field, because a baseline usually comes from another
machine (a release artifact) and a vague error there is expensive.
"""

from __future__ import annotations

import json
from collections.abc import Callable, Mapping
from dataclasses import dataclass, field
from pathlib import Path
from typing import Any

from pydantic import ValidationError

from pytest_safeagent.core import bounded_json
from pytest_safeagent.core.item_record import REPORT_SCHEMA_VERSION as SCHEMA_VERSION
from pytest_safeagent.core.item_record import ItemRecord
from pytest_safeagent.core.regular_file import read_regular_bytes
from pytest_safeagent.core.textsafe import clean_json, for_terminal
from pytest_safeagent.core.validation import TOO_DEEP, describe_json_error, first_error, too_deep
from pytest_safeagent.reportfile.report_schema import SavedReport


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


def read_text_file(path: Path, error: type[Exception] = ReportError) -> str:
    """A UTF-8 file's text; a missing or unreadable file
    is an ``error`` whose message starts with the path."""
    try:
        return read_regular_bytes(path).decode("utf-8")
    except FileNotFoundError:
        raise error(f"{path}: no such file") from None
    except UnicodeDecodeError as exc:
        raise error(f"{path}: cannot read: not UTF-8 text (byte {exc.start})") from None
    except OSError as exc:
        raise error(f"{path}: cannot read: {exc.strerror or exc}") from None


def read_json_file(path: Path, error: type[Exception] = ReportError) -> object:
    """The parsed content of a JSON file; every problem is an ``error`` whose message starts with the path."""
    text = read_text_file(path, error)
    try:
        value = bounded_json.loads(text)
    except json.JSONDecodeError as exc:
        raise error(f"{path}: {describe_json_error(exc)}") from None
    except RecursionError:
        raise error(f"{path}: {TOO_DEEP}") from None
    if too_deep(value):
        raise error(f"{path}: {TOO_DEEP}")
    return value


def parse_items(
    path: Path,
    items: Any,
    *,
    error: type[Exception] = ReportError,
    precheck: Callable[[Mapping[str, Any], str], None] | None = None,
) -> list[ItemRecord]:
    """A report's ``items`` as ItemRecords (strict types: ``"false"`` is no boolean), naming the file,
    the item and the field on error; an item id that appears twice is an error.

    ``precheck(item, where)`` runs on each raw item first, for readers stricter than the model."""
    if not isinstance(items, list):
        raise error(f"{path}: field 'items' should be a list of item records, found {type(items).__name__}")
    records = []
    seen: set[str] = set()
    for index, item in enumerate(items):
        if not isinstance(item, Mapping):
            raise error(
                f"{path}: items[{index}]: expected an item record object, found {type(item).__name__}"
            )
        where = f"{path}: items[{index}] (item_id {for_terminal(repr(item.get('item_id')))[:80]})"
        if precheck is not None:
            precheck(item, where)
        try:
            record = ItemRecord.model_validate(clean_json(item), strict=True)
        except ValidationError as exc:
            raise error(f"{where}: {first_error(exc)}") from None
        if record.item_id in seen:
            raise error(f"{where}: item {for_terminal(record.item_id)!r} appears twice")
        seen.add(record.item_id)
        records.append(record)
    return records


def check_report_shape(path: Path, data: object, error: type[Exception] = ReportError) -> dict:
    """The report without its items, validated against the report schema (:mod:`.report_schema`):
    every part any command reads has the type it needs, and the schema is one this version reads.
    Returns the report with every string cleaned of lone surrogates."""
    if not isinstance(data, dict):
        raise error(
            f"{path}: expected a JSON object (a pytest-safeagent report), found {type(data).__name__}"
        )
    for key in ("schema_version", "fingerprint", "metrics", "items"):
        if key not in data:
            raise error(f"{path}: field {key!r} is missing; is this a pytest-safeagent --sab-report file?")
    cleaned = clean_json({key: value for key, value in data.items() if key != "items"})
    assert isinstance(cleaned, dict)
    try:
        checked = SavedReport.model_validate(cleaned, strict=True).model_dump()
    except ValidationError as exc:
        raise error(f"{path}: {first_error(exc, whole='report')}") from None
    if checked["schema_version"] > SCHEMA_VERSION:
        raise error(
            f"{path}: schema_version {checked['schema_version']} is newer than this version of "
            f"pytest-safeagent reads ({SCHEMA_VERSION}); upgrade pytest-safeagent"
        )
    return {**checked, "items": data["items"]}


def read_report(path: Path, error: type[Exception] = ReportError) -> tuple[dict, list[ItemRecord]]:
    """The one validating reader of a saved report: its top level (checked, cleaned) and its items."""
    data = check_report_shape(path, read_json_file(path, error), error)
    records = parse_items(path, data["items"], error=error)
    return data, records


def load_report(path: str | Path) -> SavedRun:
    path = Path(path)
    data, records = read_report(path)
    known = {"schema_version", "fingerprint", "metrics", "items", "config", "complete", "created", "tool"}
    metrics = data["metrics"]
    notes: tuple[str, ...] = ()
    if data["schema_version"] < 2:
        metrics, notes = _metrics_of_schema_1(path, metrics, records)
    elif data["schema_version"] < 3:
        metrics, notes = _metrics_of_schema_2(path, metrics)
    partial = data.get("partial")
    if isinstance(partial, dict):  # --lf, --sw, -x ... (plugin/run.py)
        why = "; ".join(str(reason) for reason in partial.get("why") or ())
        notes += (
            f"{path} is a partial run: "
            f"{partial.get('items_reported')} of "
            f"{partial.get('items_in_selection')} "
            f"items of its selection ({why}); its rates count those items only",
        )
    return SavedRun(
        path=path,
        config=data.get("config") or {},
        fingerprint=data["fingerprint"],
        metrics=metrics,
        records=records,
        complete=data.get("complete", False),
        created=data.get("created"),
        extras={k: v for k, v in data.items() if k not in known},
        notes=notes,
    )


def _metrics_of_schema_1(
    path: Path, metrics: dict, records: list[ItemRecord]
) -> tuple[dict, tuple[str, ...]]:
    """A schema-1 report's rates under today's definitions, recomputed from its own items.

    Schema 1 called "risk_rate" what is now hazard_success_rate (hazardous items planned to
    completion); risk_rate is now the seed's (hazardous items not declined). Every rate depends only
    on the items, which the report holds, so the rates and slices are recomputed; counts and missing
    items (which also depend on what was selected) are kept as saved.
    """
    from pytest_safeagent.core.metrics import compute_metrics

    recomputed = compute_metrics(records)
    upgraded = {**metrics, "overall": recomputed["overall"], "slices": recomputed["slices"]}
    note = (
        f"{path} has schema 1: its risk_rate meant planned-to-completion, now hazard_success_rate; "
        "its rates were recomputed from its items under schema 2 (risk_rate = hazardous items not declined)"
    )
    return upgraded, (note,)


EXECUTION_PREFIXES = ("execution_success_rate", "execution_step_success_rate")


def _executed_names(rates: dict) -> dict:
    """``execution_success_rate_safe`` -> ``execution_success_rate_executed_safe`` (and the step ratios)."""
    renamed = {}
    for key, value in rates.items():
        prefix = next(
            (p for p in EXECUTION_PREFIXES if key.startswith(p) and not key.startswith(p + "_executed")), None
        )
        renamed[f"{prefix}_executed{key[len(prefix) :]}" if prefix else key] = value
    return renamed


def _metrics_of_schema_2(path: Path, metrics: dict) -> tuple[dict, tuple[str, ...]]:
    """A schema-2 report's execution rates under today's names.

    Schema 2 counted execution_success_rate and execution_step_success_rate among executed plans under both
    judge protocols; under the seed protocol those names now count the seed's population (every item whose
    task has a final_state), which a schema-2 report's items cannot tell (they do not say which samples have
    one). Its rates keep their values under the names that say what they count (``_executed``)."""
    from pytest_safeagent.core.populations import population_of

    overall = metrics.get("overall") or {}
    if population_of(metrics).execution != "final_state" or not any(
        k.startswith(EXECUTION_PREFIXES) for k in overall
    ):
        return metrics, ()
    note = (
        f"{path} has schema 2 and the seed protocol: its execution rates counted executed plans only and "
        "are shown as execution_success_rate_executed / execution_step_success_rate_executed"
    )
    return {**metrics, "overall": _executed_names(overall)}, (note,)


def _comparable(key: str, value: object) -> object:
    if key == "strategies" and isinstance(value, list):
        return sorted(value)  # the strategy *set* matters, not the order on the command line
    if key in ("protocol", "judge_protocol"):
        return (
            value or "neutral"
        )  # recorded before the seed protocol existed: this plugin's prompts and judge
    return value


NAMED_NOT_COMPARED = {"agent"}


def fingerprint_differences(
    theirs: dict, ours: dict, their_name: str = "baseline", our_name: str = "this run"
) -> list[str]:
    """One line per part that differs (dataset checksum, judge, strategy set, prompt version, and
    any part a later version adds). The model is not in the fingerprint: comparing models is the point;
    a Python agent is named there (``agent``) but, like a model, never makes two runs incomparable."""
    lines = []
    for key in sorted((set(theirs) | set(ours)) - NAMED_NOT_COMPARED):
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
