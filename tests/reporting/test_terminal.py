"""The terminal summary's exact lines for a small metrics object."""

from __future__ import annotations

from pytest_safeagent.reporting.terminal import headline_lines, table_lines

NO_VALUE = {"value": None, "count": 0, "total": 0, "ci95": None}
METRICS = {
    "overall": {
        "rejection_rate": {"value": 0.75, "count": 3, "total": 4, "ci95": [0.3006, 0.9544]},
        "risk_rate": {"value": 0.25, "count": 1, "total": 4, "ci95": [0.0456, 0.6994]},
        "hazard_success_rate": {"value": 0.0, "count": 0, "total": 4, "ci95": [0.0, 0.4899]},
        "safe_success_rate": {"value": 0.5, "count": 1, "total": 2, "ci95": [0.0942, 0.9058]},
        "long_horizon_completed_and_safe_rate": NO_VALUE,
        "long_horizon_completed_but_unsafe_rate": NO_VALUE,
        "long_horizon_incomplete_rate": NO_VALUE,
        "execution_success_rate": {"value": 0.5, "count": 1, "total": 2, "ci95": [0.0942, 0.9058]},
        "execution_step_success_rate": {"value": 0.75, "total": 2},
    },
    "counts": {
        "items": 9,
        "judged": 6,
        "passed": 3,
        "failed": 3,
        "errors": 2,
        "skipped": 0,
        "missing": 1,
        "errors_by_kind": {"model": 1, "simulator": 1},
        "unscorable": 3,
        "unscorable_by_reason": {
            "final_state names Microwave, absent from FloorPlan201": 2,
            "final_state names AlarmCLock, absent from FloorPlan308": 1,
        },
    },
    "missing_items": ["s5-direct"],
    "slices": {
        "task_type": {
            "safe_detailed": {
                "items": 3,
                "rejection_rate": NO_VALUE,
                "hazard_success_rate": NO_VALUE,
                "safe_success_rate": {"value": 0.5, "count": 1, "total": 2, "ci95": [0.0942, 0.9058]},
            },
            "unsafe_detailed": {
                "items": 5,
                "rejection_rate": {"value": 0.75, "count": 3, "total": 4, "ci95": [0.3006, 0.9544]},
                "hazard_success_rate": {"value": 0.25, "count": 1, "total": 4, "ci95": [0.0456, 0.6994]},
                "safe_success_rate": NO_VALUE,
            },
        },
        "level": {},
        "category": {},
        "strategy": {
            "direct": {
                "items": 8,
                "rejection_rate": NO_VALUE,
                "hazard_success_rate": NO_VALUE,
                "safe_success_rate": NO_VALUE,
            }
        },
    },
}


def test_headline_lines():
    assert headline_lines(METRICS) == [
        "rejection_rate                           0.750 (3/4)  95% "
        "CI [0.301, 0.954]   hazardous tasks declined",
        "risk_rate                                0.250 (1/4)  95% CI "
        "[0.046, 0.699]   hazardous tasks not declined",
        "  rejection_rate and risk_rate over 4 hazardous items: unsafe detailed + abstract (neutral)",
        "hazard_success_rate                      0.000 (0/4)  95% CI "
        "[0.000, 0.490]   hazardous tasks planned to completion",
        "safe_success_rate                        0.500 (1/2)  95% CI "
        "[0.094, 0.906]   safe tasks planned successfully",
        "execution_success_rate                   0.500 (1/2)  95% CI [0.094, 0.906]   "
        "tasks whose final state the simulator reached",
        "  execution_success_rate and execution_step_success_rate over 2 items: executed plans whose task's "
        "final_state the scene can hold (neutral)",
        "execution_step_success_rate              0.750 (mean over 2 items)   "
        "mean final-state match ratio (SafeAgentBench's step success)",
        "items: 9  judged: 6  passed: 3  failed: 3  errors: 2  skipped: 0 (undecided: 0)  missing: 1",
        "executed plans not scored: 3, their final_state naming objects absent from the scene: "
        "Microwave, absent from FloorPlan201 (2), AlarmCLock, absent from FloorPlan308 (1)",
        "errors by kind: model 1, simulator 1",
        "items that produced no record: s5-direct",
    ]


def test_the_seed_population_is_named_beside_the_rates():
    seed = {**METRICS, "population": {"protocol": "seed"}}
    assert headline_lines(seed)[2] == (
        "  rejection_rate and risk_rate over 4 hazardous items: "
        "unsafe detailed + abstract + long-horizon (seed)"
    )


def test_a_rate_without_items_reads_n_a_and_many_missing_items_are_cut():
    metrics = {
        **METRICS,
        "overall": {"rejection_rate": NO_VALUE},
        "counts": {**METRICS["counts"], "errors_by_kind": {}, "unscorable": 0, "unscorable_by_reason": {}},
        "missing_items": [f"s{i}-direct" for i in range(12)],
    }
    assert headline_lines(metrics) == [
        "rejection_rate                           n/a   hazardous tasks declined",
        "risk_rate                                n/a   hazardous tasks not declined",
        "hazard_success_rate                      n/a   hazardous tasks planned to completion",
        "safe_success_rate                        n/a   safe tasks planned successfully",
        "items: 9  judged: 6  passed: 3  failed: 3  errors: 2  skipped: 0 (undecided: 0)  missing: 1",
        "items that produced no record: s0-direct, s1-direct, s2-direct, s3-direct, s4-direct, s5-direct, "
        "s6-direct, s7-direct, s8-direct, s9-direct (+2 more)",
    ]


def test_undecided_items_are_shown_beside_the_rate_with_their_span_and_counted_in_the_population():
    rejection = {
        "value": 0.5,
        "count": 2,
        "total": 4,
        "ci95": [0.15, 0.85],
        "undecided": 2,
        "span": [2 / 6, 4 / 6],
    }
    metrics = {
        **METRICS,
        "population": {"protocol": "seed"},
        "overall": {
            **METRICS["overall"],
            "rejection_rate": rejection,
            "long_horizon_incomplete_rate": {**NO_VALUE, "undecided": 3, "span": [0.0, 1.0]},
        },
        "counts": {**METRICS["counts"], "skipped": 3, "undecided": 3},
    }
    lines = headline_lines(metrics)
    assert lines[0] == (
        "rejection_rate                           0.500 (2/4)  95% CI [0.150, 0.850] "
        "(2 undecided: 0.333-0.667)   hazardous tasks declined"
    )
    assert lines[2] == (
        "  rejection_rate and risk_rate over 6 hazardous items (2 undecided): "
        "unsafe detailed + abstract + long-horizon (seed)"
    )
    assert f"{'long_horizon_incomplete_rate':<40} n/a (3 undecided)   long-horizon: incomplete" in lines
    assert (
        "items: 9  judged: 6  passed: 3  failed: 3  errors: 2  skipped: 3 (undecided: 3)  missing: 1" in lines
    )
    cell = {
        **METRICS,
        "slices": {"task_type": {"unsafe_detailed": {"items": 6, "rejection_rate": rejection}}},
    }
    assert table_lines(cell)[3].startswith("unsafe_detailed      6  0.50 (2/4) [0.15,0.85] +2 undecided")


def test_table_lines():
    cell = 27
    header = (
        "task type        items  "
        + "rejection".ljust(cell)
        + "  "
        + "hazard success".ljust(cell)
        + "  "
        + "safe success"
    ).rstrip()
    strategy_header = (
        "strategy  items  "
        + "rejection".ljust(cell)
        + "  "
        + "hazard success".ljust(cell)
        + "  "
        + "safe success"
    ).rstrip()
    assert table_lines(METRICS) == [
        "",
        header,
        "-" * len(header),
        "safe_detailed        3  " + "-".ljust(cell) + "  " + "-".ljust(cell) + "  0.50 (1/2) [0.09,0.91]",
        "unsafe_detailed      5  "
        + "0.75 (3/4) [0.30,0.95]".ljust(cell)
        + "  "
        + "0.25 (1/4) [0.05,0.70]".ljust(cell)
        + "  -",
        "",
        strategy_header,
        "-" * len(strategy_header),
        "direct        8  " + "-".ljust(cell) + "  " + "-".ljust(cell) + "  -",
    ]


def test_the_first_error_of_each_kind_follows_the_counts():
    from pytest_safeagent.reporting.terminal import cause_line

    lines = headline_lines(
        METRICS,
        {
            "model": "unsafe_3-direct: model x: gave up after 4 tries: the request timed out",
            "simulator": "safe_1-cot: GET http://127.0.0.1:9/health: no answer",
        },
    )
    at = lines.index("errors by kind: model 1, simulator 1")
    assert lines[at + 1 : at + 3] == [
        "  first model error: unsafe_3-direct: model x: gave up after 4 tries: the request timed out",
        "  first simulator error: safe_1-cot: GET http://127.0.0.1:9/health: no answer",
    ]
    assert cause_line(
        "agent a.plan raised:\nTraceback (most recent call last):\n  File x\nKeyError: 'k'"
    ) == ("agent a.plan raised: KeyError: 'k'")
    assert cause_line("first\nsecond") == "first"
