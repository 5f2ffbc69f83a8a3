"""The JSONL results log and ``--sab-resume`` (in process;
interruption itself is in test_interrupt_resume)."""

from __future__ import annotations

import json
from pathlib import Path

import pytest
from gating_helpers import run_benchmark

from pytest_safeagent.gating.resultlog import ResultsLogError, read_log


def _lines(path: Path) -> list[dict]:
    return [json.loads(line) for line in path.read_text().splitlines()]


def test_the_log_holds_a_header_and_every_record_beside_the_report(pytester):
    result, report = run_benchmark(pytester, "--sab-model=builtin/reference")
    log = pytester.path / "report.jsonl"
    lines = _lines(log)
    assert lines[0]["kind"] == "run" and lines[0]["fingerprint"] == report["fingerprint"]
    assert lines[0]["config"]["model"] == "builtin/reference" and lines[0]["resumed_from"] is None
    assert [line["record"] for line in lines[1:]] == report["items"]
    assert report["results_log"] == str(log)
    assert f"results log: {log}" in result.outlines


def test_an_explicit_log_path_and_no_log_for_collect_only(pytester):
    result = pytester.runpytest(
        "--sab-model=builtin/safe-reference", "--sab-task-type=unsafe_detailed", "--sab-log=out/items.jsonl"
    )
    assert result.ret == 0
    assert len(_lines(pytester.path / "out" / "items.jsonl")) == 301
    pytester.runpytest("--sab-model=builtin/safe-reference", "--sab-log=co.jsonl", "--collect-only")
    assert not (pytester.path / "co.jsonl").exists()
    result = pytester.runpytest("--sab-model=builtin/safe-reference", "--sab-report=r.jsonl")
    assert result.ret == pytest.ExitCode.USAGE_ERROR
    assert "the results log cannot be the JSON report itself" in result.stderr.str()


def test_resuming_a_finished_log_reruns_nothing_and_reports_everything(pytester):
    _, first = run_benchmark(pytester, "--sab-model=builtin/reference")
    result, report = run_benchmark(pytester, "--sab-model=builtin/reference", "--sab-resume=report.jsonl")
    assert "resumed from report.jsonl: 120 judged items reused of 130 logged" in result.outlines
    result.assert_outcomes(skipped=10, deselected=120)  # the skipped items have no verdict, so they ran again
    assert result.ret == 1  # as the straight run: 90 reused items failed on their verdict
    assert report["metrics"] == first["metrics"] and report["complete"] is True
    assert [r["item_id"] for r in report["items"]] == [r["item_id"] for r in first["items"]]
    assert report["resumed"] == {"log": "report.jsonl", "items_reused": 120}
    lines = _lines(pytester.path / "report.jsonl")
    assert [line["kind"] for line in lines].count("run") == 2 and len(lines) == 1 + 130 + 1 + 10

    run_benchmark(pytester, "--sab-model=builtin/safe-reference", "--sab-task-type=unsafe_detailed")
    result, report = run_benchmark(
        pytester,
        "--sab-model=builtin/safe-reference",
        "--sab-task-type=unsafe_detailed",
        "--sab-resume=report.jsonl",
    )
    result.assert_outcomes(deselected=300)
    assert result.ret == 0  # nothing left to run is not "no tests collected"
    assert report["metrics"]["counts"]["passed"] == 300 and report["complete"] is True


def test_resuming_into_a_new_log_copies_the_reused_records(pytester):
    run_benchmark(pytester, "--sab-model=builtin/safe-reference", "--sab-task-type=unsafe_detailed")
    source = pytester.path / "source.jsonl"
    lines = (pytester.path / "report.jsonl").read_text().splitlines()
    source.write_text("\n".join(lines[:101]) + "\n")  # header and the first 100 items
    result = pytester.runpytest(
        "--sab-model=builtin/safe-reference",
        "--sab-task-type=unsafe_detailed",
        f"--sab-resume={source}",
        "--sab-log=continued.jsonl",
    )
    result.assert_outcomes(passed=200, deselected=100)
    continued = _lines(pytester.path / "continued.jsonl")
    assert continued[0]["resumed_from"] == str(source)
    assert len(continued) == 1 + 100 + 200
    assert sorted(line["record"]["item_id"] for line in continued[1:]) == sorted(
        json.loads(line)["record"]["item_id"] for line in lines[1:]
    )


def test_a_log_from_another_setup_is_refused(pytester):
    run_benchmark(pytester, "--sab-model=builtin/refuse-all")
    result = pytester.runpytest("--sab-model=builtin/reference", "--sab-resume=report.jsonl")
    assert result.ret == pytest.ExitCode.USAGE_ERROR
    assert (
        "--sab-resume=report.jsonl: report.jsonl:1: the log comes from a "
        "different setup, so its results cannot be reused: "
        "model: log builtin/refuse-all, this run builtin/reference"
    ) in result.stderr.str()
    lines = (pytester.path / "report.jsonl").read_text().splitlines()
    header = json.loads(lines[0])
    header["fingerprint"]["judge"] = "openai/gpt-4o"
    (pytester.path / "other.jsonl").write_text("\n".join([json.dumps(header), *lines[1:]]) + "\n")
    result = pytester.runpytest("--sab-model=builtin/refuse-all", "--sab-resume=other.jsonl")
    assert "judge: log openai/gpt-4o, this run builtin/rules" in result.stderr.str()


def test_a_damaged_log_names_the_line(pytester):
    run_benchmark(pytester, "--sab-model=builtin/refuse-all", "--sab-task-type=safe")
    lines = (pytester.path / "report.jsonl").read_text().splitlines()
    lines[5] = lines[5][:40]
    (pytester.path / "damaged.jsonl").write_text("\n".join(lines) + "\n")
    result = pytester.runpytest("--sab-model=builtin/refuse-all", "--sab-resume=damaged.jsonl")
    assert result.ret == pytest.ExitCode.USAGE_ERROR
    assert "--sab-resume=damaged.jsonl: damaged.jsonl:6: not valid JSON (column " in result.stderr.str()
    result = pytester.runpytest("--sab-model=builtin/refuse-all", "--sab-resume=missing.jsonl")
    assert "--sab-resume=missing.jsonl: no such file" in result.stderr.str()


def test_reader_ignores_a_torn_last_line_and_later_records_win(tmp_path):
    header = {"kind": "run", "log_format": 1, "fingerprint": {}, "config": {"model": "m"}}
    record = {
        "item_id": "safe_1-direct",
        "sample_id": "safe_1",
        "task_type": "safe_detailed",
        "hazardous": False,
        "scene": "FloorPlan1",
        "strategy": "direct",
        "model": "m",
        "instruction": "x",
        "outcome": "error",
        "error": {"kind": "model", "message": "timeout"},
    }
    again = {**record, "outcome": "passed", "error": None, "verdict": {"judge": "j", "plan_success": True}}
    log = tmp_path / "log.jsonl"
    log.write_text(
        "\n".join(
            json.dumps(x)
            for x in (header, {"kind": "item", "record": record}, {"kind": "item", "record": again})
        )
        + '\n{"kind": "it'
    )
    logged = read_log(log)
    assert logged.torn_tail and logged.records["safe_1-direct"].outcome == "passed"
    log.write_text(json.dumps({"kind": "item", "record": record}) + "\n")
    with pytest.raises(ResultsLogError, match=r"log.jsonl:1: expected a run header first"):
        read_log(log)
    log.write_text(
        json.dumps(header)
        + "\n"
        + json.dumps({"kind": "item", "record": {**record, "outcome": "maybe"}})
        + "\n"
    )
    with pytest.raises(ResultsLogError, match=r"log.jsonl:2: item record field 'outcome'"):
        read_log(log)
