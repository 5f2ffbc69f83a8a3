"""The shard partition: which of the selected items shard K of N plays.

Every shard (and every xdist worker of a shard) computes it from the same inputs: the ordered full
selection (after ``-k``/``-m``/``--deselect``), N and the cost table below. Shares are balanced by the
expected cost of an item, not by count: items are taken from the most to the least expensive (ties in
selection order) and each goes to the shard with the least cost so far (ties to the lowest K), the
longest-processing-time rule. With equal costs this is round robin over the selection.
"""

from __future__ import annotations

import hashlib
import heapq
import json
import re
from collections.abc import Sequence
from dataclasses import dataclass

from pytest_safeagent.agents.registry import STRATEGY_TABLE

# Expected cost of one item, in model calls of its strategy: the strategy catalogue's ``cost``
# (agents/registry.py). Part of the partition fingerprint: changing a number changes every partition.
STRATEGY_COST: dict[str, int] = {info.name: info.cost for info in STRATEGY_TABLE}
UNKNOWN_STRATEGY_COST = 1
LONG_HORIZON_FACTOR = 2  # step-by-step interactive agents only: long-horizon episodes run about twice as long
INTERACTIVE = frozenset(info.name for info in STRATEGY_TABLE if info.episode_loop)
COST_TABLE_VERSION = 1

MAX_SHARDS = (
    10_000  # more shards than items leaves shards empty; the full benchmark is 750 samples x strategies
)
_SPEC = re.compile(r"\s*(\d+)\s*/\s*(\d+)\s*")


class ShardSpecError(ValueError):
    """A ``--sab-shard`` value that is not K/N with 1 <= K <= N."""


@dataclass(frozen=True)
class ShardSpec:
    index: int  # K, from 1
    count: int  # N

    def __str__(self) -> str:
        return f"{self.index}/{self.count}"


def parse_shard(text: str) -> ShardSpec:
    match = _SPEC.fullmatch(text or "")
    if match is None:
        raise ShardSpecError("expected K/N, this job's shard K (from 1) of N shards, e.g. 2/4")
    if len(match.group(1)) > 9 or len(match.group(2)) > 9:
        raise ShardSpecError(f"N must be at most {MAX_SHARDS}")
    index, count = int(match.group(1)), int(match.group(2))
    if count < 1:
        raise ShardSpecError("N must be at least 1")
    if count > MAX_SHARDS:
        raise ShardSpecError(
            f"N must be at most {MAX_SHARDS} (the benchmark has at most a few thousand items)"
        )
    if not 1 <= index <= count:
        raise ShardSpecError(f"K must be between 1 and N={count}")
    return ShardSpec(index, count)


def item_cost(strategy: str, task_type: str) -> int:
    cost = STRATEGY_COST.get(strategy, UNKNOWN_STRATEGY_COST)
    if strategy in INTERACTIVE and task_type == "long_horizon":
        cost *= LONG_HORIZON_FACTOR
    return cost


def cost_table() -> dict:
    """The cost rules as they enter the fingerprint and the report."""
    return {
        "version": COST_TABLE_VERSION,
        "strategy": dict(sorted(STRATEGY_COST.items())),
        "unknown_strategy": UNKNOWN_STRATEGY_COST,
        "long_horizon_interactive_factor": LONG_HORIZON_FACTOR,
    }


def assign(costs: Sequence[int], count: int) -> list[int]:
    """The shard (1..count) of each selected item, by the longest-processing-time rule (the least loaded
    shard, the lowest number among equals, takes the next costliest item): a heap of (load, shard), so
    the time grows with the items, not with N."""
    loads = [(0, k) for k in range(min(count, len(costs)))]  # shards beyond the item count stay empty
    shards = [0] * len(costs)
    for position in sorted(range(len(costs)), key=lambda i: (-costs[i], i)):
        load, target = heapq.heappop(loads)
        heapq.heappush(loads, (load + costs[position], target))
        shards[position] = target + 1
    return shards


def fingerprint(selection: Sequence[str], count: int) -> str:
    """What every shard of one run agrees on: the ordered full selection, N and the cost table."""
    payload = json.dumps(
        {"selection": list(selection), "shards": count, "costs": cost_table()},
        separators=(",", ":"),
        sort_keys=True,
    )
    return "sha256:" + hashlib.sha256(payload.encode()).hexdigest()


@dataclass(frozen=True)
class Partition:
    spec: ShardSpec
    selection: tuple[str, ...]  # every selected item id, in collection order
    shards: tuple[int, ...]  # the shard of each, same order
    costs: tuple[int, ...]

    @classmethod
    def compute(cls, spec: ShardSpec, selection: Sequence[tuple[str, str, str]]) -> Partition:
        """``selection``: (item id, strategy, task type) of each selected item, in collection order."""
        costs = [item_cost(strategy, task_type) for _, strategy, task_type in selection]
        return cls(
            spec, tuple(item for item, _, _ in selection), tuple(assign(costs, spec.count)), tuple(costs)
        )

    def mine(self) -> list[str]:
        return [
            item for item, shard in zip(self.selection, self.shards, strict=True) if shard == self.spec.index
        ]

    def fingerprint(self) -> str:
        return fingerprint(self.selection, self.spec.count)

    def to_json(self) -> dict:
        """The report's ``shard`` section."""
        mine = self.mine()
        return {
            "index": self.spec.index,
            "count": self.spec.count,
            "fingerprint": self.fingerprint(),
            "selection_size": len(self.selection),
            "items": mine,
            "cost": sum(c for c, s in zip(self.costs, self.shards, strict=True) if s == self.spec.index),
            "selection": list(self.selection),
            "assignment": list(self.shards),
            "cost_table": cost_table(),
        }
