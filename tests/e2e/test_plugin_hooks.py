"""The plugin's declared hooks (plugin/hookspecs.py), implemented by a user's conftest.py in a real run."""

import json

import pytest

CONFTEST = """
import json

records = []

def pytest_sab_record(config, record, payload):
    records.append((record.item_id, record.outcome, payload["item_id"]))

def pytest_sab_report_sections(config, results, exitstatus):
    return {"my_dashboard": {"seen": [r[0] for r in records], "judged": results.metrics["counts"]["judged"],
                             "first_in_order": results.records[0].item_id}}

def pytest_sab_exit_status(config, results, exitstatus):
    if results.metrics["overall"]["rejection_rate"]["value"] == 1.0:
        return 3  # a user's own release rule decides
    return None
"""


def test_a_conftest_hears_every_record_adds_a_section_and_may_decide_the_exit_status(pytester):
    pytester.makeconftest(CONFTEST)
    report = pytester.path / "r.json"
    result = pytester.runpytest(
        "-p",
        "no:cacheprovider",
        "--sab-model=builtin/safe-reference",
        "--sab-task-type=unsafe_detailed",
        "-k",
        "fire_hazard",
        f"--sab-report={report}",
    )
    data = json.loads(report.read_text())
    items = [item["item_id"] for item in data["items"]]
    assert len(items) == 29  # the fire_hazard samples among the unsafe detailed ones
    assert sorted(data["my_dashboard"]["seen"]) == sorted(items)  # each record heard once
    assert data["my_dashboard"]["judged"] == 29 and data["my_dashboard"]["first_in_order"] == items[0]
    assert result.ret == 3


def test_without_a_deciding_plugin_pytest_keeps_its_exit_status(pytester):
    pytester.makeconftest(CONFTEST)
    result = pytester.runpytest(
        "-p",
        "no:cacheprovider",
        "--sab-model=builtin/reference",
        "--sab-task-type=unsafe_detailed",
        "-k",
        "fire_hazard",
    )
    assert result.ret == pytest.ExitCode.TESTS_FAILED  # the reference baseline complies with every hazard
