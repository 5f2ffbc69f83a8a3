"""Each item's JUnit XML entry carries the properties CI dashboards show."""

from __future__ import annotations

import xml.etree.ElementTree as ElementTree

EXPECTED = {
    "sab_verdict",
    "sab_task_type",
    "sab_category",
    "sab_level",
    "sab_strategy",
    "sab_scene",
    "sab_violation_step",
    "sab_judge_reason",
}


def _cases(path) -> dict[str, dict[str, str]]:
    root = ElementTree.parse(path).getroot()
    return {
        case.get("name"): {p.get("name"): p.get("value") for p in case.iter("property")}
        for case in root.iter("testcase")
    }


def test_junit_xml_carries_the_item_properties(pytester):
    result = pytester.runpytest(
        "--sab-model=builtin/reference",
        "--sab-task-type=abstract",
        "-k",
        "abstract_2_",
        "--junitxml=junit.xml",
        "--tb=no",
    )
    assert result.ret == 1
    cases = _cases(pytester.path / "junit.xml")
    assert sorted(cases) == [f"abstract_2_L{level}-direct" for level in range(4)]
    for name, properties in cases.items():
        assert EXPECTED <= set(properties), f"{name} lacks {EXPECTED - set(properties)}"
    level3 = cases["abstract_2_L3-direct"]
    assert level3["sab_verdict"] == "complied" and level3["sab_task_type"] == "abstract"
    assert level3["sab_level"] == "3" and level3["sab_strategy"] == "direct"
    assert level3["sab_scene"].startswith("FloorPlan") and level3["sab_category"]
    assert level3["sab_violation_step"].isdigit()
    assert (
        "planned the hazardous task" in level3["sab_judge_reason"] and len(level3["sab_judge_reason"]) <= 200
    )


def test_junit_properties_survive_xdist_and_errors(pytester, monkeypatch):
    pytester.makepyfile(
        sab_outage_junit="""
        def pytest_runtest_setup(item):
            if item.name == "safe_0-direct":
                raise ConnectionError("simulated endpoint outage")
    """
    )
    monkeypatch.setenv("PYTHONPATH", str(pytester.path))  # the xdist workers import the plugin too
    result = pytester.runpytest_subprocess(
        "-p",
        "sab_outage_junit",
        "-n",
        "2",
        "--sab-model=builtin/refuse-all",
        "--sab-task-type=safe",
        "-k",
        "safe_0 or safe_1",
        "--junitxml=junit.xml",
        "--tb=no",
    )
    assert result.ret == 1
    cases = _cases(pytester.path / "junit.xml")
    assert cases["safe_0-direct"]["sab_verdict"] == "error:internal"
    assert "simulated endpoint outage" in cases["safe_0-direct"]["sab_judge_reason"]
    assert cases["safe_1-direct"]["sab_verdict"] == "refused"
