"""The strategy catalogue (agents/registry.py) is the one table the other strategy tables are read from."""

from __future__ import annotations

from pytest_safeagent.agents.interactive.seed_protocol import SOLVERS
from pytest_safeagent.agents.planners.seed_calls import SEED_CALLS
from pytest_safeagent.agents.registry import (
    ALL_STRATEGIES,
    INTERACTIVE_STRATEGIES,
    STRATEGIES,
    STRATEGY_INFO,
    is_interactive,
    load_strategy,
)
from pytest_safeagent.sharding.partition import INTERACTIVE, cost_table, item_cost


def test_every_planner_has_a_class_and_seed_calls_and_every_interactive_agent_neither() -> None:
    assert tuple(SEED_CALLS) == tuple(STRATEGIES) == ALL_STRATEGIES[:7]
    assert INTERACTIVE_STRATEGIES == ALL_STRATEGIES[7:]
    for name in STRATEGIES:
        assert load_strategy(name).name == name and not is_interactive(name)
    for name in INTERACTIVE_STRATEGIES:
        info = STRATEGY_INFO[name]
        assert info.implementation is None and info.seed_calls is None and is_interactive(name)
    assert set(SOLVERS) == set(INTERACTIVE) == {"react", "visual_basic", "visual_pca", "visual_map_vlm"}
    assert not is_interactive("unknown")


def test_the_partition_costs_are_the_catalogues_and_unchanged() -> None:
    """The cost table enters every shard partition's fingerprint: these numbers must not move by accident."""
    assert cost_table()["strategy"] == {
        "cooperative": 3,
        "cot": 1,
        "direct": 1,
        "fewshot": 1,
        "mldt": 3,
        "progprompt": 1,
        "react": 12,
        "two_stage": 2,
        "visual_basic": 12,
        "visual_map_oneshot": 2,
        "visual_map_vlm": 12,
        "visual_pca": 12,
    }
    assert item_cost("react", "long_horizon") == 24 and item_cost("visual_map_oneshot", "long_horizon") == 2
    assert item_cost("mldt", "long_horizon") == 3
