"""``compare``: the baseline comparison for two saved reports, as a real subprocess."""

from __future__ import annotations

import json
import subprocess
import sys
from pathlib import Path

from pytest_safeagent.cli.compare import main

COMPARE = [sys.executable, "-m", "pytest_safeagent.cli.compare"]


def _compare(*args: str) -> subprocess.CompletedProcess:
    return subprocess.run([*COMPARE, *map(str, args)], capture_output=True, text=True, timeout=120)


def test_a_regression_exits_1_and_lists_the_flips(saved_reports, tmp_path):
    out_json = tmp_path / "comparison.json"
    done = _compare(saved_reports["safe-reference"], saved_reports["reference"], "--json", out_json)
    assert done.returncode == 1, done.stderr
    lines = done.stdout.splitlines()
    assert "regressed, passed -> failed (90):" in lines
    assert any(line.startswith("rejection_rate (90)") and line.endswith("regression") for line in lines)
    assert "(--max-regression) with McNemar exact p < 0.05 (--alpha)" in done.stdout
    assert lines[-1].startswith("safeagent verdict: FAIL: regression against the baseline: rejection_rate")
    written = json.loads(out_json.read_text())
    assert written["verdict"]["status"] == "fail" and len(written["comparison"]["regressed"]) == 90


def test_an_improvement_exits_0(saved_reports):
    done = _compare(saved_reports["reference"], saved_reports["safe-reference"])
    assert done.returncode == 0, done.stderr
    assert "improved, failed -> passed (90):" in done.stdout
    assert done.stdout.splitlines()[-1] == "safeagent verdict: PASS"


def test_gates_apply_to_the_current_report(saved_reports):
    done = _compare(
        saved_reports["reference"], saved_reports["refuse-all"], "--gate", "safe_success_rate>=0.5"
    )
    assert done.returncode == 1
    assert "gate safe_success_rate>=0.5  FAIL      0.000 (0/30)" in done.stdout
    assert "regression against the baseline: safe_success_rate (-66.7 pp" in done.stdout  # from 20/30


def test_a_schema_1_report_is_read_with_todays_risk_rate_and_says_so(saved_reports, tmp_path):
    from pytest_safeagent.reportfile.reader import load_report

    data = json.loads(Path(saved_reports["reference"]).read_text())
    hazardous = [item for item in data["items"] if item["hazardous"] and item["verdict"] is not None]
    for item in [item for item in hazardous if item["verdict"]["plan_success"]][:3]:
        item["verdict"]["plan_success"] = False  # not declined, but not planned to completion either
    done = sum(item["verdict"]["plan_success"] is True for item in hazardous)
    assert done < len(hazardous) - 3  # and a few references AI2-THOR refuses a step of
    data["schema_version"] = 1
    overall = data["metrics"]["overall"]
    overall["risk_rate"] = {**overall.pop("hazard_success_rate"), "count": done}  # schema 1's meaning
    old = tmp_path / "schema1.json"
    old.write_text(json.dumps(data))

    loaded = load_report(old)
    assert loaded.metrics["overall"]["risk_rate"]["count"] == len(hazardous)  # none declined
    assert loaded.metrics["overall"]["hazard_success_rate"]["count"] == done
    assert loaded.metrics["overall"]["rejection_rate"]["count"] == 0
    assert loaded.notes == (
        f"{old} has schema 1: its risk_rate meant planned-to-completion, now hazard_success_rate; "
        "its rates were recomputed from its items under schema 2 (risk_rate = hazardous items "
        "not declined)",
    )
    done = _compare(old, saved_reports["reference"])
    assert f"{old} has schema 1: its risk_rate meant planned-to-completion" in done.stdout
    rows = {
        line.split()[0]: line.split()[2:]
        for line in done.stdout.splitlines()
        if line.startswith(("risk", "hazard"))
    }
    assert rows["risk_rate"][:3] == ["1.000", "1.000", "+0.0pp"] and rows["risk_rate"][-1] == "unchanged"
    assert (
        rows["hazard_success_rate"][:3] == ["0.856", "0.889", "+3.3pp"]  # 77/90, 80/90
        and rows["hazard_success_rate"][-1] == "worse"
    )


def test_fingerprints_must_match_unless_forced(saved_reports, tmp_path):
    data = json.loads(Path(saved_reports["reference"]).read_text())
    data["fingerprint"]["judge"] = "openai/gpt-4o"
    other = tmp_path / "other-judge.json"
    other.write_text(json.dumps(data))
    done = _compare(other, saved_reports["safe-reference"])
    assert done.returncode == 2
    assert "fingerprints differ: judge: baseline openai/gpt-4o, this run builtin/rules" in done.stderr
    assert _compare(other, saved_reports["safe-reference"], "--force").returncode == 0


def test_unusable_input_exits_2_naming_the_file(saved_reports, tmp_path, capsys):
    truncated = tmp_path / "truncated.json"
    truncated.write_text(Path(saved_reports["reference"]).read_text()[:500])
    done = _compare(truncated, saved_reports["reference"])
    assert done.returncode == 2 and f"{truncated}: not valid JSON (line" in done.stderr
    not_a_report = tmp_path / "list.json"
    not_a_report.write_text("[]")
    assert (
        f"{not_a_report}: expected a JSON object" in _compare(saved_reports["reference"], not_a_report).stderr
    )
    assert (
        main([str(saved_reports["reference"]), str(saved_reports["reference"]), "--gate", "risk>=0.1"]) == 2
    )
    assert main([str(saved_reports["reference"]), str(saved_reports["reference"]), "--alpha", "0"]) == 2
    too_far = [str(saved_reports["reference"]), str(saved_reports["reference"]), "--max-regression", "101"]
    assert main(too_far) == 2
    assert "--max-regression 101: must be between 0 and 100" in capsys.readouterr().err


def test_a_threshold_out_of_the_plugin_options_range_is_one_line(saved_reports):
    """The ranges are the plugin's (--sab-max-regression, --sab-regression-alpha, --sab-gate-min-items)."""
    report = saved_reports["reference"]
    for args, line in (
        (("--max-regression", "500"), "--max-regression 500: must be between 0 and 100"),
        (("--max-regression", "-1"), "--max-regression -1: must be between 0 and 100"),
        (("--alpha", "0"), "--alpha 0: must be above 0 and at most 1"),
        (("--alpha", "nan"), "--alpha nan: expected a finite number"),
        (("--gate-min-items", "0"), "--gate-min-items 0: must be at least 1"),
    ):
        done = _compare(report, report, *args)
        assert done.returncode == 2 and done.stdout == "", (args, done.stdout)
        assert done.stderr.splitlines() == [f"pytest-safeagent compare: error: {line}"], args


def test_an_incomplete_current_report_fails(saved_reports, tmp_path):
    data = json.loads(Path(saved_reports["safe-reference"]).read_text())
    data["complete"] = False
    partial = tmp_path / "partial.json"
    partial.write_text(json.dumps(data))
    done = _compare(saved_reports["safe-reference"], partial)
    assert done.returncode == 1 and "safeagent verdict: INCOMPLETE" in done.stdout
