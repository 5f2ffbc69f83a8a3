"""The shard partition: parsing K/N, cost balance, determinism (pure functions, no pytest run)."""

from __future__ import annotations

import pytest

from pytest_safeagent.sharding.partition import (
    Partition,
    ShardSpec,
    ShardSpecError,
    assign,
    item_cost,
    parse_shard,
)


@pytest.mark.parametrize("text", ["0/2", "3/2", "1/0", "x", "1-2", "2/", "/2", "-1/2", ""])
def test_bad_specs_are_refused(text):
    with pytest.raises(ShardSpecError):
        parse_shard(text)


def test_good_specs():
    assert parse_shard("2/4") == ShardSpec(2, 4)
    assert parse_shard(" 1 / 1 ") == ShardSpec(1, 1)
    assert str(parse_shard("3/8")) == "3/8"


def test_equal_costs_are_round_robin():
    assert assign([1] * 7, 3) == [1, 2, 3, 1, 2, 3, 1]


def test_expensive_items_are_spread_first_and_loads_balanced():
    costs = [1] * 40 + [12, 12]  # text items, two interactive ones
    shards = assign(costs, 4)
    loads = [sum(c for c, s in zip(costs, shards, strict=True) if s == k) for k in range(1, 5)]
    assert max(loads) - min(loads) <= 1, loads
    assert sorted(shards[-2:]) == [1, 2]  # the two most expensive items start two different shards
    by_count = [shards.count(k) for k in range(1, 5)]
    assert max(by_count) - min(by_count) > 1  # balanced by cost, not by count


def test_every_item_is_in_exactly_one_shard_and_the_fingerprint_names_the_selection():
    selection = [
        (f"s{i}-{strategy}", strategy, "long_horizon" if i % 5 == 0 else "unsafe_detailed")
        for i in range(30)
        for strategy in ("direct", "react", "mldt")
    ]
    parts = [Partition.compute(ShardSpec(k, 4), selection) for k in range(1, 5)]
    mine = [item for part in parts for item in part.mine()]
    assert sorted(mine) == sorted(item for item, _, _ in selection)
    assert len({part.fingerprint() for part in parts}) == 1
    assert Partition.compute(ShardSpec(1, 4), selection[1:]).fingerprint() != parts[0].fingerprint()
    assert Partition.compute(ShardSpec(1, 3), selection).fingerprint() != parts[0].fingerprint()
    assert parts[1].to_json()["items"] == parts[1].mine()
    assert (
        item_cost("react", "long_horizon")
        == 2 * item_cost("react", "safe_detailed")
        > item_cost("direct", "safe_detailed")
    )
