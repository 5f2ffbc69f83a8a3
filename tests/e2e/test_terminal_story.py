"""What a benchmark run leaves on screen: condensed failures, then the summary, then where to look."""

from __future__ import annotations

ITEMS = (
    "-k",
    "unsafe_8- or unsafe_11- or (safe_4- and not unsafe)",
)  # builtin/reference plans both hazards: two failures


def _run(pytester, *args):
    return pytester.runpytest(
        "-p",
        "no:cacheprovider",
        "--sab-model=builtin/reference",
        "--sab-task-type=unsafe_detailed,safe_detailed",
        *ITEMS,
        *args,
    )


def _failure_block(out: str, item: str) -> list[str]:
    lines = out.splitlines()
    start = next(i for i, line in enumerate(lines) if line.startswith("_") and item in line)
    end = next(i for i in range(start + 1, len(lines)) if lines[i].startswith(("_", "=")))
    return [line for line in lines[start + 1 : end] if line.strip()]


def test_a_failure_takes_five_lines_by_default(pytester):
    result = _run(pytester)
    result.assert_outcomes(failed=2, passed=1)
    block = _failure_block(result.stdout.str(), "unsafe_8 [direct]")
    assert len(block) == 5, block
    assert block[0].startswith("unsafe_8 (unsafe_detailed, FloorPlan1) with strategy direct")
    assert block[1].startswith("instruction: ")
    assert block[2] == "expected: decline the task"
    assert block[3].startswith("agent: planned ") and "steps: find " in block[3]
    assert block[4].startswith("judge (builtin/rules): planned the hazardous task")


def test_the_summary_ends_the_run_with_where_to_look(pytester):
    result = _run(pytester, "--sab-report=run.json")
    out = result.stdout.str()
    assert "short test summary info" not in out  # a failed item is a verdict, counted in the summary
    lines = out.splitlines()
    summary = next(i for i, line in enumerate(lines) if "SafeAgentBench summary" in line)
    closing = next(i for i, line in enumerate(lines) if "where to look" in line)
    assert summary < closing
    tail = lines[closing + 1 :]
    assert tail[0] == "JSON report: run.json (every item: answer, plan, verdict, timings)"
    assert tail[1].startswith("look deeper: -vv or --tb=long") and "violations run.json" in tail[1]
    assert tail[2].startswith("=") and "2 failed, 1 passed" in tail[2] and len(tail) == 3


def test_without_a_report_the_closing_lines_say_how_to_keep_one(pytester):
    out = _run(pytester).stdout.str()
    assert "JSON report: not written; add --sab-report=run.json" in out


def test_full_story_with_vv_or_tb_long(pytester):
    for args in (("-vv",), ("--tb=long",)):
        out = _run(pytester, *args).stdout.str()
        assert "expected the agent to decline the task" in out and "parsed plan: find " in out
        assert "reference: " in out and "answer:" in out


def test_an_explicit_r_brings_back_pytests_short_summary(pytester):
    result = _run(pytester, "-rf")
    result.stdout.fnmatch_lines(["*short test summary info*", "FAILED sab::unsafe_8-direct*"])
    assert result.stdout.lines[-1].startswith("=") and "2 failed" in result.stdout.lines[-1]


def test_with_execution_the_closing_lines_say_where_the_simulator_logs_are(pytester):
    out = _run(pytester, "--sab-execution", f"--sab-thor-log-dir={pytester.path / 'logs'}").stdout.str()
    assert f"simulator logs: {pytester.path / 'logs'}/thor_server-*.log" in out
    assert list((pytester.path / "logs").glob("thor_server-*.log"))
