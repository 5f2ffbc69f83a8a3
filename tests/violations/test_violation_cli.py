"""``python -m pytest_safeagent.violations`` run as a real subprocess, and the JSON key layout."""

from __future__ import annotations

import json
import os
import subprocess
import sys
from pathlib import Path

import pytest
from violation_inputs import write_json

from pytest_safeagent.cli.violations import main
from pytest_safeagent.violations import compute_stats, load_results, render_text

PNG_SIGNATURE = b"\x89PNG\r\n\x1a\n"


def run_cli(
    *args: str, env: dict[str, str] | None = None, cwd: Path | None = None
) -> subprocess.CompletedProcess:
    return subprocess.run(
        [sys.executable, "-m", "pytest_safeagent.violations", *args],
        capture_output=True,
        text=True,
        timeout=120,
        env=env,
        cwd=cwd,
    )


def test_report_to_stdout_matches_the_library(osharm_file):
    path, _ = osharm_file
    result = run_cli(str(path))
    assert result.returncode == 0, result.stderr
    loaded = load_results(path)
    assert result.stdout == render_text(compute_stats(loaded.tasks), loaded=loaded)


def test_output_json_and_step_window(osharm_file, tmp_path):
    path, _ = osharm_file
    out, stats_path = tmp_path / "report.txt", tmp_path / "stats.json"
    result = run_cli(
        str(path), "--output", str(out), "--json", str(stats_path), "--min-step", "1", "--max-step", "2"
    )
    assert result.returncode == 0, result.stderr
    assert result.stdout == ""
    report = out.read_text()
    assert "Total Tasks: 7\n" in report and "  Max: 4\n" in report
    assert "\n0          1                7" not in report and "\n3          0                7" not in report
    assert "\n2          1                7                0.1429           14.29%\n" in report
    data = json.loads(stats_path.read_text())
    assert data["step_filter"] == {"min_step": 1, "max_step": 2}
    assert [r["step"] for r in data["overall"]["steps"]] == [1, 2]
    assert data["overall"]["total"] == 7 and data["overall"]["unsafe"] == 4


def test_json_keys_are_stable(plugin_report, tmp_path):
    stats_path = tmp_path / "stats.json"
    result = run_cli(str(plugin_report), "--json", str(stats_path))
    assert result.returncode == 0, result.stderr
    data = json.loads(stats_path.read_text())
    assert list(data) == ["schema", "input", "step_filter", "overall", "categories"]
    assert data["schema"] == "pytest-safeagent/violations/1"
    assert list(data["input"]) == [
        "format",
        "violation_source",
        "tasks_by_source",
        "group_by",
        "include_safe",
        "excluded_safe",
        "errors",
        "warnings",
    ]
    group_keys = [
        "total",
        "safe",
        "unsafe",
        "safe_ratio",
        "safe_percentage",
        "unsafe_ratio",
        "unsafe_percentage",
        "violation_step",
        "steps_known",
        "steps",
    ]
    assert list(data["overall"]) == group_keys
    assert all(list(group) == group_keys for group in data["categories"].values())
    assert list(data["overall"]["violation_step"]) == ["average", "min", "max"]
    assert list(data["overall"]["steps"][0]) == [
        "step",
        "violations",
        "ratio",
        "percentage",
        "cumulative_violations",
        "cumulative_ratio",
        "cumulative_percentage",
        "reached",
        "reached_violations",
        "conditional_ratio",
        "conditional_percentage",
    ]
    assert data["overall"]["violation_step"]["average"] == 5 / 3


def test_source_is_printed(plugin_report):
    result = run_cli(str(plugin_report), "--source", "judge", "--group-by", "strategy")
    assert result.returncode == 0, result.stderr
    assert "Violation source: judge" in result.stdout and "### FEW_SHOT" in result.stdout


@pytest.mark.parametrize(
    ("content", "extra", "expected"),
    [
        ("{not json", [], "not valid JSON (line 1, column 2)"),
        ('{"config": {}}', [], "no 'results' mapping"),
        (
            '{"results": {"m/os/a": {"violation_step": "2"}}}',
            [],
            "task 'm/os/a': violation_step: expected an integer",
        ),
        (
            '{"results": {"m/os/a": {"violation_step": -3}}}',
            [],
            "task 'm/os/a': violation_step: step must be >= 0",
        ),
        (
            '{"results": {"m/os/a": {"violation_step": false}}}',
            [],
            "task 'm/os/a': violation_step: expected an integer",
        ),
        ('{"results": {}}', ["--source", "execution"], "--source execution"),
    ],
)
def test_bad_input_exits_2_naming_the_problem(tmp_path, content, extra, expected):
    path = tmp_path / "batch_judgment_results_gpt-4.1_aer_v3.json"
    path.write_text(content, encoding="utf-8")
    result = run_cli(str(path), *extra)
    assert result.returncode == 2
    assert result.stderr.startswith("sab-violations: error: ")
    assert expected in result.stderr
    assert result.stdout == ""


def test_missing_file_and_bad_options_exit_2(tmp_path):
    result = run_cli(str(tmp_path / "nope.json"))
    assert result.returncode == 2 and "nope.json: no such file" in result.stderr
    path = write_json(tmp_path / "b.json", {"results": {}})
    result = run_cli(str(path), "--min-step", "3", "--max-step", "1")
    assert result.returncode == 2 and "--min-step 3 is larger than --max-step 1" in result.stderr
    result = run_cli(str(path), "--min-step", "-1")
    assert result.returncode == 2 and "step must be >= 0" in result.stderr


def test_main_returns_the_exit_status(osharm_file, tmp_path, capsys):
    path, _ = osharm_file
    assert main([str(path), "--output", str(tmp_path / "r.txt")]) == 0
    assert main([str(tmp_path / "absent.json")]) == 2
    assert "absent.json: no such file" in capsys.readouterr().err


def test_plot_writes_a_png(osharm_file, tmp_path):
    pytest.importorskip("matplotlib")
    path, _ = osharm_file
    chart = tmp_path / "chart.png"
    result = run_cli(str(path), "--plot", str(chart), "--output", str(tmp_path / "r.txt"))
    assert result.returncode == 0, result.stderr
    assert chart.read_bytes()[:8] == PNG_SIGNATURE


def test_plot_without_matplotlib_says_how_to_install(osharm_file, tmp_path):
    """A matplotlib package that fails to import stands in for an environment without it."""
    path, _ = osharm_file
    blocker = tmp_path / "blocker" / "matplotlib"
    blocker.mkdir(parents=True)
    (blocker / "__init__.py").write_text("raise ImportError('matplotlib is not installed here')\n")
    env = {
        **os.environ,
        "PYTHONPATH": os.pathsep.join([str(blocker.parent), os.environ.get("PYTHONPATH", "")]),
    }
    result = run_cli(str(path), "--plot", str(tmp_path / "chart.png"), env=env)
    assert result.returncode == 2
    assert "pip install 'pytest-safeagent[plot]'" in result.stderr
    assert not (tmp_path / "chart.png").exists()


def test_package_import_loads_no_matplotlib():
    code = "import sys, pytest_safeagent.violations; print('matplotlib' in sys.modules)"
    result = subprocess.run([sys.executable, "-c", code], capture_output=True, text=True, timeout=60)
    assert result.stdout.strip() == "False", result.stderr
