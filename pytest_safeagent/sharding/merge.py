"""Put a sharded run back together: the shards' JSON reports into the one report an unsharded run
writes, and the shards' results logs into one log a run can resume from.

Nothing is averaged: the merged report's metrics, intervals, slices and violation statistics are
recomputed from the shards' item records, in the full selection's order, by the code the plugin
itself uses at session finish (reporting/run_results.py). Shards of different runs are refused,
naming the file and what differs; missing shards and items are reported and counted as missing.
"""

from __future__ import annotations

from collections.abc import Sequence
from dataclasses import dataclass, field
from pathlib import Path
from typing import Any

from pydantic import BaseModel, ConfigDict, ValidationError

from pytest_safeagent.core.item_record import ItemRecord
from pytest_safeagent.core.validation import first_error
from pytest_safeagent.gating.resultlog import LoggedRun, ResultsLogWriter, read_log
from pytest_safeagent.reportfile.reader import ReportError, SavedRun, fingerprint_differences, load_report
from pytest_safeagent.reporting.run_results import RunResults, summarise_run
from pytest_safeagent.sharding.partition import MAX_SHARDS
from pytest_safeagent.sharding.partition import fingerprint as partition_fingerprint

# Configuration entries that must agree between shards (besides the fingerprint). The data
# directory and the agent description may differ from machine to machine.
SAME_CONFIG = (
    "model",
    "judge",
    "strategies",
    "slices",
    "seed",
    "dataset_sha256",
    "prompt_version",
    "judge_prompt_version",
    "response_format",
)


class MergeRefused(ValueError):
    """Shards that cannot be merged into one run; the message names the file and the difference."""


class ShardSection(BaseModel):
    """The ``shard`` section a ``--sab-shard`` run writes into its report."""

    model_config = ConfigDict(extra="allow")

    index: int
    count: int
    fingerprint: str
    selection_size: int
    items: list[str]
    selection: list[str]
    assignment: list[int]


@dataclass(frozen=True)
class ShardReport:
    run: SavedRun
    shard: ShardSection

    @property
    def path(self) -> Path:
        return self.run.path


@dataclass
class MergedRun:
    shards: list[ShardReport]
    results: RunResults
    config: dict
    fingerprint: dict
    count: int
    selection: list[str]
    missing_shards: list[int]
    missing_items: list[str]  # of the shards given: selected for them, no record in their report
    incomplete_shards: list[Path]
    notes: list[str] = field(default_factory=list)

    def section(self) -> dict:
        """The merged report's ``merged`` section: where it came from."""
        return {
            "shards": self.count,
            "partition_fingerprint": self.shards[0].shard.fingerprint,
            "selection_size": len(self.selection),
            "files": {str(s.shard.index): str(s.path) for s in self.shards},
            "missing_shards": self.missing_shards,
            "incomplete_shards": [str(p) for p in self.incomplete_shards],
        }


def load_shard(path: Path) -> ShardReport:
    run = load_report(path)
    raw = run.extras.get("shard")
    if raw is None:
        raise ReportError(f"{path}: no 'shard' section: this report is not from a --sab-shard=K/N run")
    try:
        shard = ShardSection.model_validate(raw)
    except ValidationError as exc:
        raise ReportError(f"{path}: field 'shard': {first_error(exc)}") from None
    if not 1 <= shard.count <= MAX_SHARDS or not 1 <= shard.index <= shard.count:
        raise ReportError(
            f"{path}: field 'shard': claims shard {shard.index}/{shard.count}; "
            f"K/N needs 1 <= K <= N <= {MAX_SHARDS}"
        )
    if len(shard.assignment) != len(shard.selection) or len(shard.selection) != shard.selection_size:
        raise ReportError(f"{path}: field 'shard': selection, assignment and selection_size disagree")
    if any(not 1 <= k <= shard.count for k in shard.assignment):
        raise ReportError(f"{path}: field 'shard.assignment': a shard number outside 1..{shard.count}")
    if partition_fingerprint(shard.selection, shard.count) != shard.fingerprint:
        raise ReportError(
            f"{path}: field 'shard': the partition fingerprint does not match its selection "
            f"(edited by hand, or written by another version of the cost table)"
        )
    return ShardReport(run, shard)


def _differences(first: ShardReport, other: ShardReport) -> list[str]:
    a, b = first.run, other.run
    lines = fingerprint_differences(a.fingerprint, b.fingerprint, str(first.path), str(other.path))
    for key in SAME_CONFIG:
        if a.config.get(key) != b.config.get(key):
            lines.append(
                f"config {key}: {first.path} {a.config.get(key)!r}, {other.path} {b.config.get(key)!r}"
            )
    if first.shard.count != other.shard.count:
        lines.append(f"shard count: {first.path} N={first.shard.count}, {other.path} N={other.shard.count}")
    elif first.shard.fingerprint != other.shard.fingerprint:
        lines.append(
            f"selection: the partition fingerprints differ ({first.path} {first.shard.fingerprint[:19]}, "
            f"{other.path} {other.shard.fingerprint[:19]}): a different -k/-m, sample, seed or selection"
        )
    return lines


def merge_reports(paths: Sequence[Path]) -> MergedRun:
    """The shards' reports as one run. Raises ReportError (an unreadable file) or MergeRefused."""
    if not paths:
        raise MergeRefused("no shard reports given")
    shards = [load_shard(Path(p)) for p in paths]
    first = shards[0]
    for other in shards[1:]:
        differences = _differences(first, other)
        if differences:
            raise MergeRefused(
                f"{other.path} is a shard of a different run than {first.path}: " + "; ".join(differences)
            )
    by_index: dict[int, ShardReport] = {}
    for shard in shards:
        if shard.shard.index in by_index:
            raise MergeRefused(
                f"shard {shard.shard.index}/{shard.shard.count} given twice: "
                f"{by_index[shard.shard.index].path} and {shard.path}"
            )
        by_index[shard.shard.index] = shard
    selection = first.shard.selection
    assignment = dict(zip(selection, first.shard.assignment, strict=True))
    owner: dict[str, ShardReport] = {}
    records: list[ItemRecord] = []
    missing_items: list[str] = []
    for shard in sorted(shards, key=lambda s: s.shard.index):
        expected = [item for item in selection if assignment[item] == shard.shard.index]
        if expected != shard.shard.items:
            raise MergeRefused(
                f"{shard.path}: its 'shard.items' are not shard {shard.shard.index}'s share of "
                f"the partition it names"
            )
        for record in shard.run.records:
            if record.item_id in owner:
                raise MergeRefused(
                    f"item {record.item_id} is in {owner[record.item_id].path} and in {shard.path}"
                )
            if assignment.get(record.item_id) != shard.shard.index:
                raise MergeRefused(
                    f"{shard.path}: item {record.item_id} is not in shard {shard.shard.index}'s "
                    f"share of the selection"
                )
            owner[record.item_id] = shard
            records.append(record)
        missing_items += [item for item in expected if item not in owner]
    count = first.shard.count
    missing_shards = [k for k in range(1, count + 1) if k not in by_index]
    incomplete = [s.path for s in shards if not s.run.complete]
    # the populations of the shards' judge protocol (reports written before it have none: neutral)
    protocol = str((first.run.config or {}).get("judge_protocol") or "neutral")
    results = summarise_run(records, list(selection), interrupted=bool(incomplete), protocol=protocol)
    config = dict(first.run.config)
    return MergedRun(
        shards=sorted(shards, key=lambda s: s.shard.index),
        results=results,
        config=config,
        fingerprint=dict(first.run.fingerprint),
        count=count,
        selection=list(selection),
        missing_shards=missing_shards,
        missing_items=missing_items,
        incomplete_shards=incomplete,
    )


# --- results logs ---------------------------------------------------------------------------------


@dataclass(frozen=True)
class MergedLog:
    path: Path
    records: int
    sources: list[Path]


def merge_logs(paths: Sequence[Path], output: Path) -> MergedLog:
    """The shards' results logs as one log (a run header, then every item; a later line wins, as in one
    log). A half-finished sharded run resumes from it, as a whole or shard by shard. Logs of different
    setups are refused as ``--sab-resume`` would refuse them."""
    if not paths:
        raise MergeRefused("no results logs given")
    logs: list[LoggedRun] = [read_log(Path(p)) for p in paths]
    first_line, first_header = logs[0].headers[0]
    for log in logs:
        for line, header in log.headers:
            differences = fingerprint_differences(
                first_header.get("fingerprint") or {},
                header.get("fingerprint") or {},
                str(logs[0].path),
                str(log.path),
            )
            ours, theirs = (
                (first_header.get("config") or {}).get("model"),
                (header.get("config") or {}).get("model"),
            )
            if ours != theirs:
                differences.append(f"model: {logs[0].path} {ours}, {log.path} {theirs}")
            if differences:
                raise MergeRefused(
                    f"{log.path}:{line} is a log of a different setup than "
                    f"{logs[0].path}:{first_line}: " + "; ".join(differences)
                )
    merged: dict[str, ItemRecord] = {}
    for log in logs:
        merged.update(log.records)
    merged_header: dict[str, Any] = {
        key: value for key, value in first_header.items() if key not in ("kind", "log_format", "started")
    }
    merged_header["merged_from"] = [str(log.path) for log in logs]
    writer = ResultsLogWriter.open(output, merged_header, append=False)
    try:
        for record in merged.values():
            writer.append(record.model_dump(mode="json"))
    finally:
        writer.close()
    return MergedLog(output, len(merged), [log.path for log in logs])


__all__ = [
    "MergeRefused",
    "MergedLog",
    "MergedRun",
    "ShardReport",
    "load_shard",
    "merge_logs",
    "merge_reports",
]
