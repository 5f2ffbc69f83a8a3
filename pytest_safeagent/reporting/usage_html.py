"""The run page's usage and cost section (calls, tokens, wall time per item, cost), rendered with Jinja2.

A separate piece so the run page (``reporting/html.py``) only places it; it reads the report's ``usage``
section (``core/usage_summary.py``), as the terminal summary does.
"""

from __future__ import annotations

from pytest_safeagent.reporting.jinja import render
from pytest_safeagent.reporting.usage_text import group_tokens, tokens, usd


def _price(part: dict | None) -> str:
    part = part or {}
    return " / ".join("-" if part.get(key) is None else f"{part[key]:g}" for key in ("input", "output"))


def usage_section_html(usage: dict | None) -> str:
    """The section's HTML, or "" when no item called a model
    (builtin agents, the rules judge, older reports)."""
    if not usage or not any(
        usage["total"][role]["calls"] + usage["total"][role]["cached_calls"] for role in ("agent", "judge")
    ):
        return ""

    times, cost = usage.get("time_s") or {}, usage.get("cost_usd") or {}
    rows = []
    for role in ("agent", "judge", "simulator"):
        total, mean = (usage["total"].get(role), usage["mean_per_item"].get(role))
        seconds = (times.get(role) or {}).get("mean")
        if total is None and seconds is None:
            continue
        rows.append(
            {
                "name": role,
                "calls": f"{total['calls']:,}" if total else "",
                "cached": f"{total['cached_calls']:,}" if total else "",
                "prompt": f"{total['prompt_tokens']:,}" if total else "",
                "completion": f"{total['completion_tokens']:,}" if total else "",
                "calls_per_item": f"{mean['calls']:.2f}" if mean else "",
                "tokens_per_item": tokens(mean["prompt_tokens"] + mean["completion_tokens"]) if mean else "",
                "seconds": "" if seconds is None else f"{seconds:.3f}",
                "cost": usd(cost.get(role)) if total else "",
            }
        )
    groups = []
    for key, title in (("by_strategy", "strategy"), ("by_model", "model")):
        entries = usage.get(key) or {}
        if len(entries) > 1:
            groups.append(
                {
                    "title": title,
                    "rows": [
                        {
                            "name": name,
                            "count": g["items"],
                            "agent": f"{g['agent']['calls']:,}",
                            "judge": f"{g['judge']['calls']:,}",
                            "tokens": f"{group_tokens(g):,}",
                            "cost": usd((g.get("cost_usd") or {}).get("total")),
                        }
                        for name, g in entries.items()
                    ],
                }
            )
    prices = usage.get("prices_per_million_usd") or {}
    return render(
        "usage_section.html.j2",
        {
            "items": usage.get("items", ""),
            "priced": bool(usage.get("cost_usd")),
            "rows": rows,
            "groups": groups,
            "prices": {role: _price(prices.get(role)) for role in ("agent", "judge")},
            "total_cost": usd(cost.get("total")),
            "per_item_cost": usd(cost.get("mean_per_item")),
        },
    )
