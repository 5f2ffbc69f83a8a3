"""OS-Harm batch judgment files: a hand-built file with domains, errors and better_log.json step counts."""

from __future__ import annotations

import json
import shutil
from pathlib import Path

import pytest
from violation_inputs import better_log, write_json

from pytest_safeagent.violations import InputError, compute_stats, load_results, render_text, stats_to_json


def expected_report(root: Path) -> str:
    """Worked out by hand from OSHARM_TASKS (conftest): 7 judged tasks, 1 error."""
    return f"""\
================================================================================
Step-Level Policy Violation Ratio Analysis
================================================================================

## Overall Statistics
Total Tasks: 7
Safe Tasks: 3 (42.86%)
Unsafe Tasks: 4 (57.14%)

Violation Step Statistics:
  Average: 1.75
  Min: 0
  Max: 4

## Step-Level Violation Ratios
(Percentage of tasks that first violated policy at each step)

Step       Violations       Total Tasks      Ratio            Percentage
----------------------------------------------------------------------
0          1                7                0.1429           14.29%
1          1                7                0.1429           14.29%
2          1                7                0.1429           14.29%
3          0                7                0.0000           0.00%
4          1                7                0.1429           14.29%

### Cumulative Violation Ratios
(Percentage of tasks that violated by or before each step)

Step       Cumulative Violations    Cumulative Ratio      Cumulative Percentage
--------------------------------------------------------------------------------
0          1                        0.1429                14.29%
1          2                        0.2857                28.57%
2          3                        0.4286                42.86%
3          3                        0.4286                42.86%
4          4                        0.5714                57.14%

### Conditional (At-Risk) Violation Ratios
(Percentage of the tasks that reached each step which first violated policy there)
(Step counts known for 5 of 7 tasks; only those are counted here)

Step       Violations       Reached Tasks    Ratio            Percentage
----------------------------------------------------------------------
0          1                5                0.2000           20.00%
1          1                5                0.2000           20.00%
2          1                5                0.2000           20.00%
3          0                3                0.0000           0.00%
4          1                2                0.5000           50.00%

## Category-Level Statistics

### CHROME
  Total: 3
  Safe: 1 (33.33%)
  Unsafe: 2 (66.67%)

  Step-Level Violation Ratios:
    Step       Violations       Ratio            Percentage
    ------------------------------------------------------------
    0          1                0.3333           33.33%
    1          0                0.0000           0.00%
    2          1                0.3333           33.33%

### OS
  Total: 1
  Safe: 0 (0.00%)
  Unsafe: 1 (100.00%)

  Step-Level Violation Ratios:
    Step       Violations       Ratio            Percentage
    ------------------------------------------------------------
    0          0                0.0000           0.00%
    1          0                0.0000           0.00%
    2          0                0.0000           0.00%
    3          0                0.0000           0.00%
    4          1                1.0000           100.00%

### THUNDERBIRD
  Total: 2
  Safe: 1 (50.00%)
  Unsafe: 1 (50.00%)

  Step-Level Violation Ratios:
    Step       Violations       Ratio            Percentage
    ------------------------------------------------------------
    0          0                0.0000           0.00%
    1          1                0.5000           50.00%

### VS_CODE
  Total: 1
  Safe: 1 (100.00%)
  Unsafe: 0 (0.00%)

  Step-Level Violation Ratios:
    Step       Violations       Ratio            Percentage
    ------------------------------------------------------------

## Errors (1 tasks left out of every count above)
  {root}/os/o2: judge error: Judge timeout

## Warnings (2 tasks counted with an adjustment)
  {root}/chrome/c3: violation step 2 lies beyond its 2 steps; counted as having reached step 2
  {root}/vs_code/v1: {root}/vs_code/v1 has no better_log.json; step count unknown
"""


def test_hand_built_file_text(osharm_file):
    path, root = osharm_file
    loaded = load_results(path)
    assert loaded.format == "os-harm" and loaded.source == "judge"
    assert render_text(compute_stats(loaded.tasks), loaded=loaded) == expected_report(root)


def test_hand_built_file_json(osharm_file):
    path, root = osharm_file
    loaded = load_results(path)
    data = stats_to_json(compute_stats(loaded.tasks), loaded=loaded)
    overall = data["overall"]
    assert (overall["total"], overall["safe"], overall["unsafe"]) == (7, 3, 4)
    assert overall["unsafe_ratio"] == 4 / 7 and overall["unsafe_percentage"] == 400 / 7
    assert overall["violation_step"] == {"average": 1.75, "min": 0, "max": 4}
    assert overall["steps_known"] == 5
    assert [r["violations"] for r in overall["steps"]] == [1, 1, 1, 0, 1]
    assert [r["cumulative_ratio"] for r in overall["steps"]] == [1 / 7, 2 / 7, 3 / 7, 3 / 7, 4 / 7]
    assert [r["reached"] for r in overall["steps"]] == [5, 5, 5, 3, 2]
    assert [r["conditional_ratio"] for r in overall["steps"]] == [0.2, 0.2, 0.2, 0.0, 0.5]
    assert list(data["categories"]) == ["chrome", "os", "thunderbird", "vs_code"]
    assert data["categories"]["os"]["steps"][-1]["percentage"] == 100.0
    assert data["input"]["errors"] == [
        {"task": str(root / "os" / "o2"), "reason": "judge error: Judge timeout"}
    ]
    assert len(data["input"]["warnings"]) == 2


def test_step_counts_found_through_root_dir(osharm_file, tmp_path):
    path, root = osharm_file
    moved = tmp_path / "moved"
    shutil.copytree(root, moved)
    shutil.rmtree(root / "chrome")  # the original location no longer has every directory
    loaded = load_results(path, root_dir=moved)
    steps = {
        t.task_id.rsplit("/", 2)[-2] + "/" + t.task_id.rsplit("/", 1)[-1]: t.steps_taken for t in loaded.tasks
    }
    assert steps["chrome/c1"] == 3 and steps["chrome/c2"] == 5 and steps["os/o1"] == 6


def test_root_dir_falls_back_to_domain_and_example(tmp_path):
    """Absolute paths from another machine: --root-dir DIR finds DIR/<domain>/<example_id>."""
    better_log(tmp_path / "copy" / "chrome" / "a", 7)
    path = write_json(
        tmp_path / "batch.json",
        {
            "config": {"root_dir": "/cluster/run1"},
            "results": {"/elsewhere/m/chrome/a": {"violation_step": 6}},
        },
    )
    (task,) = load_results(path, root_dir=tmp_path / "copy").tasks
    assert task.steps_taken == 7
    (task,) = load_results(path).tasks
    assert task.steps_taken is None


def test_relative_paths_resolved_next_to_the_file(tmp_path, monkeypatch):
    """The batch judge writes paths relative to where it ran; the file sits in the root directory."""
    root = tmp_path / "results" / "agent-x"
    better_log(root / "chrome" / "c1", 4)
    path = write_json(
        root / "batch_judgment_results_gpt-4.1_aer_v3.json",
        {
            "config": {"root_dir": "results/agent-x"},
            "results": {"results/agent-x/chrome/c1": {"safety": False, "violation_step": 1}},
        },
    )
    monkeypatch.chdir(tmp_path.parent)  # neither the key nor config.root_dir resolve from here
    (task,) = load_results(path).tasks
    assert (task.category, task.violation_step, task.steps_taken) == ("chrome", 1, 4)


def test_without_trajectories_there_is_no_conditional_section(tmp_path):
    path = write_json(
        tmp_path / "batch.json",
        {"results": {"/gone/m/chrome/a": {"violation_step": 0}, "/gone/m/os/b": {"violation_step": None}}},
    )
    loaded = load_results(path)
    report = render_text(compute_stats(loaded.tasks), loaded=loaded)
    assert "Conditional" not in report and "## Errors" not in report and "## Input" not in report
    assert "### CHROME" in report and "### OS" in report


def test_errors_as_a_list(tmp_path):
    path = write_json(
        tmp_path / "batch.json",
        {
            "results": {"m/chrome/a": {"violation_step": None}},
            "errors": ["m/os/b", {"traj_dir": "m/os/c", "error": "rate limited"}],
        },
    )
    errors = load_results(path).errors
    assert [(e.task_id, e.reason) for e in errors] == [
        ("m/os/b", "listed in 'errors'"),
        ("m/os/c", "judge error: rate limited"),
    ]


def test_contradicting_judgments_are_listed_not_counted(tmp_path):
    path = write_json(
        tmp_path / "batch.json",
        {
            "results": {
                "m/chrome/a": {"safety": False, "violation_step": None},
                "m/chrome/b": {"safety": True, "violation_step": 2},
                "m/chrome/c": {"error": "judge crashed"},
                "m/chrome/d": {"safety": True, "violation_step": None},
            }
        },
    )
    loaded = load_results(path)
    assert [t.task_id for t in loaded.tasks] == ["m/chrome/d"]
    assert [e.reason for e in loaded.errors] == [
        "judged unsafe (safety false) but violation_step is null",
        "judged safe (safety true) but violation_step is 2",
        "judge error: judge crashed",
    ]


def _write_raw(tmp_path: Path, text: str) -> Path:
    path = tmp_path / "batch.json"
    path.write_text(text, encoding="utf-8")
    return path


@pytest.mark.parametrize(
    ("data", "expected"),
    [
        ({"config": {"root_dir": "x"}, "errors": {}}, "no 'results' mapping"),
        ({"results": []}, "'results' must map trajectory paths"),
        ({"results": {"m/chrome/a": 3}}, "task 'm/chrome/a': expected a judgment object"),
        (
            {"results": {"m/chrome/a": {"safety": True}}},
            "task 'm/chrome/a': the judgment has no 'violation_step'",
        ),
        (
            {"results": {"m/chrome/a": {"violation_step": "3"}}},
            "task 'm/chrome/a': violation_step: expected an integer",
        ),
        (
            {"results": {"m/chrome/a": {"violation_step": 2.0}}},
            "task 'm/chrome/a': violation_step: expected an integer",
        ),
        (
            {"results": {"m/chrome/a": {"violation_step": True}}},
            "task 'm/chrome/a': violation_step: expected an integer",
        ),
        (
            {"results": {"m/chrome/a": {"violation_step": -1}}},
            "task 'm/chrome/a': violation_step: step must be >= 0",
        ),
        ({"results": {"a": {"violation_step": 0}}}, "task 'a': cannot tell its domain"),
        ({"results": {}, "config": []}, "'config' must be an object"),
        ({"results": {}, "config": {"root_dir": 5}}, "config.root_dir must be a string"),
        ({"results": {}, "errors": 7}, "'errors' must be a mapping or a list"),
        ({"results": {}, "errors": [5]}, "errors[0]: expected a trajectory path"),
        ({"results": {"m/os/a": {"violation_step": 0}}, "errors": {"m/os/a": "x"}}, "'m/os/a' appears both"),
        ([1, 2], "expected a JSON object at the top level"),
        ({"something": 1}, "neither a pytest-safeagent JSON report"),
    ],
)
def test_malformed_files_name_the_file_and_task(tmp_path, data, expected):
    path = write_json(tmp_path / "batch.json", data)
    with pytest.raises(InputError) as info:
        load_results(path)
    assert expected in str(info.value)
    assert str(path) in str(info.value)


def test_not_json(tmp_path):
    path = _write_raw(tmp_path, '{"results": {"m/chrome/a": {"violation_step": 1},}}')
    with pytest.raises(InputError, match=r"batch\.json: not valid JSON \(line 1, column"):
        load_results(path)


def test_bad_better_log_names_the_log_and_the_task(tmp_path):
    directory = tmp_path / "m" / "chrome" / "a"
    directory.mkdir(parents=True)
    (directory / "better_log.json").write_text("{oops", encoding="utf-8")
    path = write_json(tmp_path / "batch.json", {"results": {str(directory): {"violation_step": 0}}})
    with pytest.raises(InputError) as info:
        load_results(path)
    assert str(directory / "better_log.json") in str(
        info.value
    ) and "not valid JSON (line 1, column 2)" in str(info.value)
    write_json(directory / "better_log.json", {"steps": "many"})
    with pytest.raises(InputError, match="'steps' list; task"):
        load_results(path)


@pytest.mark.parametrize(
    ("options", "expected"),
    [
        (
            {"source": "execution"},
            "--source execution: OS-Harm batch judgment files hold judge verdicts only",
        ),
        ({"group_by": "strategy"}, "--group-by strategy"),
        ({"include_safe": True}, "--include-safe applies only"),
        ({"root_dir": "/definitely/not/here"}, "--root-dir /definitely/not/here: not a directory"),
    ],
)
def test_options_that_do_not_apply(osharm_file, options, expected):
    path, _ = osharm_file
    with pytest.raises(InputError, match=expected.replace("(", r"\(")):
        load_results(path, **options)


def test_the_file_on_disk_is_the_documented_layout(osharm_file):
    path, _ = osharm_file
    data = json.loads(path.read_text())
    assert set(data) == {"config", "results", "errors", "timing", "summary"}
