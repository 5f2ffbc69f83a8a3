"""Fidelity: do the dataset's own reference plans reach their final_state in the simulator?

``python -m thor_server.fidelity [--url URL] [--data-dir DIR] [--scenes-dir DIR] [--json OUT]``

Every record of unsafe_detailed, safe_detailed and abstract that has a final_state is run over
HTTP (its scene reset, its ``step`` list executed, going on after failed steps) and scored with
SafeAgentBench's comparison, through the plugin's own ``execute_and_score``. A record is
*eligible* when the objects its final_state names exist in the scene (the plugin's rule,
:mod:`pytest_safeagent.core.eligibility`: every ``objectType`` present after reset or made
by an action from a present type, ``<Type>Sliced`` / ``EggCracked``, and every receptacle named
in ``parentReceptacles`` / ``receptacleObjectIds`` occurring in some object id); the plugin marks
the others ``unscorable``. The figure printed is the share of eligible records that reach their
final_state; every failure and every ineligible record is listed with its reason. Without
``--url`` a symbolic server is started for the run.
"""

from __future__ import annotations

import argparse
import json
import sys
from dataclasses import asdict, dataclass, field
from pathlib import Path
from typing import Any

from pytest_safeagent.simulator import ThorClient, ThorServerProcess, execute_and_score, goal_ratios
from pytest_safeagent.core.state_match import COMPARED_BOOLEANS, COMPARED_LISTS

TASK_FILES = ("unsafe_detailed", "safe_detailed", "abstract")


@dataclass
class RecordOutcome:
    """One record's run: where it came from, whether it was eligible, and what happened."""

    task: str
    line: int  # 1-based line in its file
    scene: str
    steps: list[str]
    eligible: bool
    reached: bool = False
    reason: str = ""
    failed_steps: list[str] = field(default_factory=list)


def _value_text(objects: list[dict[str, Any]], goal: dict[str, Any]) -> str:
    """The goal's properties next to the values of the best-matching object of its type."""
    candidates = [o for o in objects if o["objectType"] == goal["objectType"]]
    if not candidates:
        return f"no {goal['objectType']} exists at the end"
    keys = [k for k in goal if k != "objectType"]
    best = max(candidates, key=lambda o: goal_ratios([goal], [o])[0])
    parts = []
    for key in keys:
        if goal_ratios([{"objectType": goal["objectType"], key: goal[key]}], [best])[0] < 1.0:
            actual = best.get(key) if key in COMPARED_BOOLEANS + COMPARED_LISTS else "(not a compared property)"
            parts.append(f"{key} expected {goal[key]!r}, got {actual!r}")
    return f"{best['objectId']}: " + "; ".join(parts)


def run_record(client: ThorClient, task: str, line: int, record: dict[str, Any]) -> RecordOutcome:
    """Run one record's own plan and score it as the plugin does (same eligibility rule)."""
    scene, steps, goal = record["scene_name"], list(record["step"]), record["final_state"]
    result = execute_and_score(client, scene, goal, steps, hazardous=False)
    outcome = RecordOutcome(task, line, scene, steps, eligible=result.unscorable is None)
    if not outcome.eligible:
        outcome.reason = str(result.unscorable)
        return outcome
    outcome.reached = bool(result.success)
    outcome.failed_steps = [f"{s.instruction!r}: {s.message}" for s in result.steps if not s.success]
    if not outcome.reached:
        objects = client.state()
        unmet = [_value_text(objects, g) for g, ratio in zip(goal, goal_ratios(goal, objects)) if ratio < 1.0]
        outcome.reason = "unmet: " + " | ".join(unmet)
    return outcome


def load_records(data_dir: Path) -> list[tuple[str, int, dict[str, Any]]]:
    """(task, 1-based line, record) for every record with a final_state, in file order."""
    records = []
    for task in TASK_FILES:
        path = data_dir / f"{task}_1009.jsonl"
        for number, text in enumerate(path.read_text(encoding="utf-8").splitlines(), start=1):
            if not text.strip():
                continue
            try:
                record = json.loads(text)
            except json.JSONDecodeError as exc:
                raise SystemExit(f"{path}, line {number}: not valid JSON ({exc.msg})") from None
            if record.get("final_state"):
                records.append((task, number, record))
    return records


def run(client: ThorClient, records: list[tuple[str, int, dict[str, Any]]]) -> list[RecordOutcome]:
    return [run_record(client, task, line, record) for task, line, record in records]


def summarize(outcomes: list[RecordOutcome]) -> dict[str, Any]:
    eligible = [o for o in outcomes if o.eligible]
    reached = [o for o in eligible if o.reached]
    return {
        "records_with_final_state": len(outcomes),
        "eligible": len(eligible),
        "reached": len(reached),
        "fidelity": len(reached) / len(eligible) if eligible else 0.0,
        "reached_over_all_records": len(reached) / len(outcomes) if outcomes else 0.0,
    }


def report(outcomes: list[RecordOutcome], out=None) -> None:  # noqa: ANN001 - a text stream
    out = out if out is not None else sys.stdout
    summary = summarize(outcomes)
    print(f"records with a final_state: {summary['records_with_final_state']}", file=out)
    print(f"eligible (final_state objects exist in the scene): {summary['eligible']}", file=out)
    print(f"reached their final_state: {summary['reached']}", file=out)
    print(f"FIDELITY: {summary['fidelity']:.1%} of eligible records "
          f"({summary['reached_over_all_records']:.1%} of all records with a final_state)", file=out)
    failures = [o for o in outcomes if o.eligible and not o.reached]
    print(f"\nFAILURES ({len(failures)}):", file=out)
    for o in failures:
        print(f"- {o.task}:{o.line} {o.scene} plan={o.steps}", file=out)
        print(f"    {o.reason}", file=out)
        for failed in o.failed_steps:
            print(f"    failed step {failed}", file=out)
    excluded = [o for o in outcomes if not o.eligible]
    print(f"\nNOT ELIGIBLE ({len(excluded)}):", file=out)
    for o in excluded:
        print(f"- {o.task}:{o.line} {o.scene}: {o.reason}", file=out)


def _data_dir(option: Path | None) -> Path:
    if option is not None:
        return option
    from pytest_safeagent.pinned.lookup import DATASET, resolve_data_dir

    return resolve_data_dir(DATASET, None)


def main(argv: list[str] | None = None) -> int:
    parser = argparse.ArgumentParser(prog="python -m thor_server.fidelity", description=__doc__.splitlines()[0])
    parser.add_argument("--url", help="a running thor_server (default: start a symbolic one for this run)")
    parser.add_argument("--data-dir", type=Path, help="SafeAgentBench files (default: $SAB_DATA_DIR)")
    parser.add_argument("--scenes-dir", type=Path, help="scene dumps for the started server (default: $SAB_SCENES_DIR)")
    parser.add_argument("--json", type=Path, help="also write every outcome and the summary here")
    args = parser.parse_args(argv)
    records = load_records(_data_dir(args.data_dir))
    if args.url:
        with ThorClient(args.url) as client:
            outcomes = run(client, records)
    else:
        with ThorServerProcess("symbolic", scenes_dir=args.scenes_dir) as server, server.client() as client:
            outcomes = run(client, records)
    report(outcomes)
    if args.json:
        args.json.write_text(json.dumps({"summary": summarize(outcomes), "records": [asdict(o) for o in outcomes]},
                                        indent=1), encoding="utf-8")
    return 0


if __name__ == "__main__":
    sys.exit(main())
