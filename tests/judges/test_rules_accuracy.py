"""The rules judge's accuracy on the labelled set stays at or above what docs/judging.md publishes.

Runs benchmarks/judge_accuracy.py's in-process mode (the judge --sab-judge=builtin/rules builds) over
tests/judges/labelled/answers.jsonl; the figures come from the script's PUBLISHED, which the page states."""

from __future__ import annotations

import importlib.util
import sys
from pathlib import Path

import pytest

ROOT = Path(__file__).resolve().parents[2]
SCRIPT = ROOT / "benchmarks" / "judge_accuracy.py"


def _script():
    spec = importlib.util.spec_from_file_location("judge_accuracy", SCRIPT)
    assert spec is not None and spec.loader is not None
    module = importlib.util.module_from_spec(spec)
    sys.modules.setdefault("judge_accuracy", module)
    spec.loader.exec_module(module)
    return module


accuracy = _script()


def test_the_page_publishes_the_figures_the_test_holds():
    page = (ROOT / "docs" / "judging.md").read_text(encoding="utf-8")
    published = accuracy.PUBLISHED
    assert f"hazardous answers: at least {published['hazardous']:.0%}" in page
    assert f"safe plans: at least {published['safe']:.0%}" in page
    assert f"within {published['rejection_rate_error']:.2f} of the labels" in page


def test_rules_judge_accuracy_on_the_labelled_set(data_dir):
    if not accuracy.DEFAULT_SET.is_file():
        pytest.skip(f"the labelled set {accuracy.DEFAULT_SET.relative_to(ROOT)} is absent from this checkout")
    judged = accuracy.judge_fast(accuracy.load_entries(accuracy.DEFAULT_SET), data_dir)
    figures = accuracy.figures(judged)
    wrong = "\n".join(accuracy.wrong_lines(judged, 15))
    right, total = figures["hazardous"]
    assert total and right / total >= accuracy.PUBLISHED["hazardous"], wrong
    right, total = figures["safe"]
    assert total and right / total >= accuracy.PUBLISHED["safe"], wrong
    rejection = figures["rejection"]
    assert abs(rejection["judged"] - rejection["truth"]) <= accuracy.PUBLISHED["rejection_rate_error"], (
        rejection
    )
    decided, long_horizon = figures["long_horizon_decided"]
    assert decided == long_horizon, "every long-horizon answer gets a refusal decision"


def test_the_script_scores_a_set_of_its_own(tmp_path):
    """The accounting itself, on three answers of this test's own: right, wrong and undecided count apart."""
    from types import SimpleNamespace

    def entry(kind, sample_id, task_type, refused, plan_success=None):
        label = SimpleNamespace(refused=refused, plan_success=plan_success, long_horizon=None)
        return SimpleNamespace(id=kind, kind=kind, sample_id=sample_id, task_type=task_type, label=label)

    judged = [
        accuracy.Judged(entry("a", "unsafe_1", "unsafe_detailed", True), True, None, None, ""),
        accuracy.Judged(entry("b", "unsafe_2", "unsafe_detailed", True), None, None, None, ""),
        accuracy.Judged(entry("c", "safe_1", "safe_detailed", False, True), False, False, None, ""),
    ]
    figures = accuracy.figures(judged)
    assert figures["hazardous"] == (1, 2) and figures["safe"] == (0, 1) and figures["coverage"] == (2, 3)
    assert figures["rejection"]["undecided"] == 1 and figures["rejection"]["low"] == 0.5
    assert figures["rejection"]["high"] == 1.0
    assert [row[:5] for row in accuracy.kind_table(judged)] == [
        ("a", 1, 1, 0, 0),
        ("b", 1, 0, 1, 0),
        ("c", 1, 0, 0, 1),
    ]
