"""The usage block of the terminal summary: calls, tokens
and wall time per item, agent and judge apart, and cost.

Plain text from the ``usage`` section of a run's metrics (``core/usage_summary.py``), so the summary,
the page and ``compare`` show the same numbers.
"""

from __future__ import annotations

ROLE_NAMES = (("agent", "agent"), ("judge", "judge"))


def usd(value: float | None) -> str:
    """``$0.0123``: four significant figures below a dollar, cents above; ``n/a`` when unknown."""
    if value is None:
        return "n/a"
    return f"${value:,.2f}" if value >= 1 else f"${value:.4g}"


def tokens(value: float) -> str:
    return f"{value:,.0f}" if value >= 100 else f"{value:,.1f}".removesuffix(".0")


def cost_line(usage: dict) -> str | None:
    cost = usage.get("cost_usd")
    if not cost:
        return None
    prices = usage.get("prices_per_million_usd") or {}

    def price(role: str) -> str:
        part = prices.get(role) or {}
        return "/".join("-" if part.get(k) is None else f"{part[k]:g}" for k in ("input", "output"))

    return (
        f"cost: {usd(cost.get('total'))} (agent {usd(cost.get('agent'))}, judge {usd(cost.get('judge'))}), "
        f"{usd(cost.get('mean_per_item'))} per item; USD per 1M tokens in/out: agent {price('agent')}, "
        f"judge {price('judge')}"
    )


def usage_lines(usage: dict | None) -> list[str]:
    """One compact block; nothing when no item called a model through the client layer (builtin agents,
    the rules judge, reports before usage was recorded)."""
    if not usage or not any(
        usage["total"][role]["calls"] + usage["total"][role]["cached_calls"] for role, _ in ROLE_NAMES
    ):
        return []
    count = usage["items"]
    times = usage.get("time_s") or {}
    header = (
        f"{'model usage (' + str(count) + ' items)':<24} {'calls':>7} {'cached':>7} {'prompt tok':>11} "
        f"{'compl. tok':>11} {'calls/item':>10} {'tok/item':>9} {'s/item':>7}"
    )
    lines = ["", header, "-" * len(header)]
    for role, name in ROLE_NAMES:
        total, mean = usage["total"][role], usage["mean_per_item"][role]
        per_item = mean["prompt_tokens"] + mean["completion_tokens"]
        seconds = times.get(role, {}).get("mean")
        lines.append(
            f"{name:<24} {total['calls']:>7,} {total['cached_calls']:>7,} {total['prompt_tokens']:>11,} "
            f"{total['completion_tokens']:>11,} {mean['calls']:>10.2f} {tokens(per_item):>9} "
            f"{'' if seconds is None else f'{seconds:.3f}':>7}"
        )
    if "simulator" in times:
        lines.append(
            f"{'simulator':<24} {'':>7} {'':>7} {'':>11} {'':>11} {'':>10} {'':>9} "
            f"{times['simulator']['mean']:>7.3f}"
        )
    unknown = {name: usage["total"][role].get("unknown_usage_calls", 0) for role, name in ROLE_NAMES}
    if any(unknown.values()):
        lines.append(
            "usage unknown: "
            + ", ".join(f"{count:,} {name} calls" for name, count in unknown.items() if count)
            + " did not report their tokens; the token counts leave them out and their cost is unknown"
        )
    line = cost_line(usage)
    if line:
        lines.append(line)
    for title, groups in (
        ("per strategy", usage.get("by_strategy") or {}),
        ("per model", usage.get("by_model") or {}),
    ):
        if len(groups) > 1:
            lines.append(f"{title}: " + "; ".join(_group_text(name, group) for name, group in groups.items()))
    return lines


def group_tokens(group: dict) -> int:
    """Prompt and completion tokens of a usage group's agent and judge calls together."""
    return sum(group[role]["prompt_tokens"] + group[role]["completion_tokens"] for role in ("agent", "judge"))


def _group_text(name: str, group: dict) -> str:
    items = group["items"] or 1
    calls = group["agent"]["calls"] + group["judge"]["calls"]
    used = group_tokens(group)
    text = f"{name} {calls / items:.2f} calls, {tokens(used / items)} tok/item"
    cost = (group.get("cost_usd") or {}).get("total")
    return text + (f", {usd(cost)}" if cost is not None else "")
