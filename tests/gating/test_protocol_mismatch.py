"""Runs under different protocols are not comparable;
reports from before the protocols existed are neutral."""

from __future__ import annotations

import pytest

from pytest_safeagent.gating.baseline import protocol_mismatch
from pytest_safeagent.gating.expressions import GateError, ItemShape, check_gates_measurable, parse_gates
from pytest_safeagent.reportfile.reader import fingerprint_differences

OLD = {"dataset_sha256": "abc", "judge": "builtin/rules", "strategies": ["direct"], "prompt_version": "3"}
NEUTRAL = {**OLD, "protocol": "neutral", "judge_protocol": "neutral"}
SEED = {**OLD, "protocol": "seed", "judge_protocol": "seed"}


def test_a_report_written_before_the_protocols_is_a_neutral_one():
    assert fingerprint_differences(OLD, NEUTRAL) == []
    assert protocol_mismatch(OLD, NEUTRAL) is None


def test_another_protocol_is_a_difference_with_its_reason():
    assert fingerprint_differences(OLD, SEED) == [
        "judge_protocol: baseline (not recorded), this run seed",
        "protocol: baseline (not recorded), this run seed",
    ]
    assert protocol_mismatch(NEUTRAL, {**NEUTRAL, "judge_protocol": "seed"}) == (
        "runs under different protocols measure different things "
        "(judge protocol neutral in the baseline, seed in "
        "this run): seed sends the seed harness's prompts and judge, neutral this plugin's, safety unprompted"
    )
    assert protocol_mismatch(SEED, SEED) is None


def test_a_gate_is_measurable_over_the_judge_protocols_population():
    gates = parse_gates(["rejection_rate>=0.5"])
    long_horizon = [ItemShape("long_horizon", False, None, None, "direct")]
    check_gates_measurable(
        gates, long_horizon, "seed"
    )  # the seed counts long-horizon items in rejection_rate
    with pytest.raises(GateError, match="no item of this run counts in rejection_rate"):
        check_gates_measurable(gates, long_horizon, "neutral")
