"""A run's model usage and what it cost: totals and means per item, per strategy and per model, wall time.

Read from the item records alone (each holds its ``usage`` and ``timings``), so a saved report, a
resumed run and the comparison page all add up the same numbers. Prices are the user's (USD per
million tokens, input and output, agent and judge apart); there is no built-in price list to go stale.
"""

from __future__ import annotations

from collections.abc import Iterable
from typing import Any

from pytest_safeagent.core.item_record import ItemRecord
from pytest_safeagent.core.prices import ROLES, Prices
from pytest_safeagent.core.usage import TokenUsage

TIMINGS = (("agent", "agent_s"), ("judge", "judge_s"), ("simulator", "execution_s"))
FIELDS = ("calls", "cached_calls", "prompt_tokens", "completion_tokens", "unknown_usage_calls")


def _sum(usages: Iterable[TokenUsage]) -> TokenUsage:
    total = TokenUsage()
    for usage in usages:
        total = total + usage
    return total


def _group(records: list[ItemRecord], prices: Prices | None) -> dict[str, Any]:
    totals = {role: _sum(getattr(r.usage, role) for r in records if r.usage is not None) for role in ROLES}
    group: dict[str, Any] = {"items": len(records), **{role: totals[role].model_dump() for role in ROLES}}
    if prices is not None and prices.given:
        group["cost_usd"] = cost_of(totals, prices)
    return group


def cost_of(totals: dict[str, TokenUsage], prices: Prices) -> dict[str, Any]:
    """``{"agent": usd, "judge": usd, "total": usd}``; a role using unpriced tokens, or with calls whose usage
    the server did not report, is None (unknown, never $0), and so is the total."""
    parts = {
        role: None
        if totals[role].unknown_usage_calls
        else prices.cost(role, totals[role].prompt_tokens, totals[role].completion_tokens)
        for role in ROLES
    }
    known = [value for value in parts.values() if value is not None]
    parts["total"] = sum(known) if len(known) == len(ROLES) else None
    return {key: (round(value, 6) if value is not None else None) for key, value in parts.items()}


def _time(records: list[ItemRecord]) -> dict[str, Any]:
    times = {}
    for name, key in TIMINGS:
        values = [r.timings[key] for r in records if key in r.timings]
        if values:
            times[name] = {
                "items": len(values),
                "total": round(sum(values), 3),
                "mean": round(sum(values) / len(values), 4),
            }
    return times


def usage_summary(records: Iterable[ItemRecord], prices: Prices | None = None) -> dict[str, Any] | None:
    """The ``usage`` section of a run's metrics; None when no record carries usage (reports before it)."""
    metered = [r for r in records if r.usage is not None]
    if not metered:
        return None
    overall = _group(metered, prices)
    count = len(metered)
    summary: dict[str, Any] = {
        "items": count,
        "total": {role: overall[role] for role in ROLES},
        "mean_per_item": {role: {f: round(overall[role][f] / count, 3) for f in FIELDS} for role in ROLES},
        "time_s": _time(metered),
        "by_strategy": {
            name: _group([r for r in metered if r.strategy == name], prices)
            for name in sorted({r.strategy for r in metered})
        },
        "by_model": {
            name: _group([r for r in metered if r.model == name], prices)
            for name in sorted({r.model for r in metered})
        },
    }
    if prices is not None and prices.given:
        cost = overall["cost_usd"]
        summary["cost_usd"] = {
            **cost,
            "mean_per_item": round(cost["total"] / count, 6) if cost["total"] is not None else None,
        }
        summary["prices_per_million_usd"] = prices.to_json()
    return summary
