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

Which AI2-THOR rule decides a record (symbolic backend only): the records are run again once per
rule of :data:`thor_server.symbolic.thor_rules.RULES`, on a server started with that rule relaxed
(``--relax-rule``); a rule decides a record when relaxing it changes whether the record reaches its
final_state. A miss that no rule decides comes from the dataset itself (a plan or final_state at
odds with AI2-THOR or with itself); the two kinds are listed apart.
"""

from __future__ import annotations

import argparse
import json
import sys
from dataclasses import asdict, dataclass, field
from pathlib import Path
from typing import Any

from pytest_safeagent.core.state_match import COMPARED_BOOLEANS, COMPARED_LISTS, goal_ratios
from pytest_safeagent.simulator import ThorClient, ThorServerProcess, execute_and_score

from .symbolic.thor_rules import RULES

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
    decided_by: list[str] = field(default_factory=list)  # rules whose relaxation changes `reached`

    @property
    def key(self) -> tuple[str, int]:
        return self.task, self.line

    @property
    def miss_cause(self) -> str | None:
        """For an eligible miss: "rule" when one of RULES decides it, else "dataset"."""
        if not self.eligible or self.reached:
            return None
        return "rule" if self.decided_by else "dataset"


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
            actual = (
                best.get(key) if key in COMPARED_BOOLEANS + COMPARED_LISTS else "(not a compared property)"
            )
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
        unmet = [
            _value_text(objects, g)
            for g, ratio in zip(goal, goal_ratios(goal, objects), strict=False)
            if ratio < 1.0
        ]
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


def attribute(outcomes: list[RecordOutcome], relaxed_runs: dict[str, list[RecordOutcome]]) -> None:
    """Record in each outcome the rules whose relaxed run reaches (or misses) where this one does not."""
    for rule, relaxed in relaxed_runs.items():
        by_key = {o.key: o for o in relaxed}
        for outcome in outcomes:
            other = by_key.get(outcome.key)
            if outcome.eligible and other is not None and other.reached != outcome.reached:
                outcome.decided_by.append(rule)


def run_attributed(
    records: list[tuple[str, int, dict[str, Any]]], scenes_dir: Path | None, baseline: list[RecordOutcome]
) -> None:
    """Run ``records`` once per rule on a symbolic server with that rule relaxed; fill ``decided_by``."""
    relaxed_runs = {}
    for rule in RULES:
        with (
            ThorServerProcess("symbolic", scenes_dir=scenes_dir, extra_args=["--relax-rule", rule]) as server,
            server.client() as client,
        ):
            relaxed_runs[rule] = run(client, records)
    attribute(baseline, relaxed_runs)


def summarize(outcomes: list[RecordOutcome]) -> dict[str, Any]:
    eligible = [o for o in outcomes if o.eligible]
    reached = [o for o in eligible if o.reached]
    return {
        "records_with_final_state": len(outcomes),
        "eligible": len(eligible),
        "reached": len(reached),
        "fidelity": len(reached) / len(eligible) if eligible else 0.0,
        "reached_over_all_records": len(reached) / len(outcomes) if outcomes else 0.0,
        "decided_by_rule": {rule: sum(1 for o in eligible if rule in o.decided_by) for rule in RULES},
        "misses_from_rules": sum(1 for o in eligible if o.miss_cause == "rule"),
        "misses_from_dataset": sum(1 for o in eligible if o.miss_cause == "dataset"),
    }


def _print_miss(o: RecordOutcome, out) -> None:  # noqa: ANN001 - a text stream
    rules = f" [decided by: {', '.join(o.decided_by)}]" if o.decided_by else ""
    print(f"- {o.task}:{o.line} {o.scene}{rules} plan={o.steps}", file=out)
    print(f"    {o.reason}", file=out)
    for failed in o.failed_steps:
        print(f"    failed step {failed}", file=out)


def report(outcomes: list[RecordOutcome], out=None, attributed: bool = True) -> None:  # noqa: ANN001 - a text stream
    out = out if out is not None else sys.stdout
    summary = summarize(outcomes)
    print(f"records with a final_state: {summary['records_with_final_state']}", file=out)
    print(f"eligible (final_state objects exist in the scene): {summary['eligible']}", file=out)
    print(f"reached their final_state: {summary['reached']}", file=out)
    print(
        f"FIDELITY: {summary['fidelity']:.1%} of eligible records "
        f"({summary['reached_over_all_records']:.1%} of all records with a final_state)",
        file=out,
    )
    if attributed:
        print("\nRECORDS EACH AI2-THOR RULE DECIDES (relaxing it changes the outcome):", file=out)
        for rule, count in summary["decided_by_rule"].items():
            print(f"  {rule}: {count}  ({RULES[rule]})", file=out)
        decided = [o for o in outcomes if o.decided_by]
        print(f"\nOUTCOMES DECIDED BY A RULE ({len(decided)}):", file=out)
        for o in decided:
            print(
                f"- {o.task}:{o.line} {o.scene}: {'reached' if o.reached else 'missed'} "
                f"[{', '.join(o.decided_by)}]",
                file=out,
            )
        by_rule = [o for o in outcomes if o.miss_cause == "rule"]
        print(f"\nMISSES CAUSED BY A RULE ({len(by_rule)}):", file=out)
        for o in by_rule:
            _print_miss(o, out)
        from_dataset = [o for o in outcomes if o.miss_cause == "dataset"]
        print(f"\nMISSES FROM DATASET DEFECTS ({len(from_dataset)}):", file=out)
        for o in from_dataset:
            _print_miss(o, out)
    else:
        failures = [o for o in outcomes if o.eligible and not o.reached]
        print(f"\nFAILURES ({len(failures)}; rules not attributed against this server):", file=out)
        for o in failures:
            _print_miss(o, out)
    excluded = [o for o in outcomes if not o.eligible]
    print(f"\nNOT ELIGIBLE ({len(excluded)}; dataset defects):", file=out)
    for o in excluded:
        print(f"- {o.task}:{o.line} {o.scene}: {o.reason}", file=out)


def _data_dir(option: Path | None) -> Path:
    if option is not None:
        return option
    from pytest_safeagent.pinned.lookup import DATASET, resolve_data_dir

    return resolve_data_dir(DATASET, None)


def main(argv: list[str] | None = None) -> int:
    parser = argparse.ArgumentParser(
        prog="python -m thor_server.fidelity", description=__doc__.splitlines()[0]
    )
    parser.add_argument("--url", help="a running thor_server (default: start a symbolic one for this run)")
    parser.add_argument("--data-dir", type=Path, help="SafeAgentBench files (default: $SAB_DATA_DIR)")
    parser.add_argument(
        "--scenes-dir", type=Path, help="scene dumps for the started server (default: $SAB_SCENES_DIR)"
    )
    parser.add_argument("--json", type=Path, help="also write every outcome and the summary here")
    args = parser.parse_args(argv)
    records = load_records(_data_dir(args.data_dir))
    if args.url:
        with ThorClient(args.url) as client:
            outcomes = run(client, records)
    else:
        with ThorServerProcess("symbolic", scenes_dir=args.scenes_dir) as server, server.client() as client:
            outcomes = run(client, records)
        run_attributed(records, args.scenes_dir, outcomes)
    report(outcomes, attributed=not args.url)
    if args.json:
        args.json.write_text(
            json.dumps(
                {
                    "summary": summarize(outcomes),
                    "records": [{**asdict(o), "miss_cause": o.miss_cause} for o in outcomes],
                },
                indent=1,
            ),
            encoding="utf-8",
        )
    return 0


if __name__ == "__main__":
    sys.exit(main())
