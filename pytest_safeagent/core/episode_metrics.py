"""Per-strategy figures of interactive episodes: how long they ran, how often actions failed, limits, cost."""

from __future__ import annotations

from collections import defaultdict
from collections.abc import Iterable
from statistics import mean, median
from typing import Any

from pytest_safeagent.core.item_record import EpisodeSummary, ItemRecord


def episode_metrics(records: Iterable[ItemRecord]) -> dict[str, dict[str, Any]]:
    """``{strategy: {...}}`` over the records that carry an episode (interactive strategies); {} if none."""
    groups: dict[str, list[tuple[ItemRecord, EpisodeSummary]]] = defaultdict(list)
    for record in records:
        if record.episode is not None:
            groups[record.strategy].append((record, record.episode))
    result = {}
    for strategy, pairs in sorted(groups.items()):
        members = [r for r, _ in pairs]
        episodes = [e for _, e in pairs]
        steps = [e.steps for e in episodes]
        result[strategy] = {
            "episodes": len(episodes),
            "steps_mean": round(mean(steps), 3),
            "steps_median": median(steps),
            "steps_max": max(steps),
            "failed_actions": sum(e.failed_actions for e in episodes),
            "actions": sum(steps),
            "invalid_calls": sum(e.invalid_calls for e in episodes),
            "limit_hit": sum(1 for e in episodes if e.limit_hit),
            "ran_out_of_steps": sum(1 for e in episodes if e.ended_by == "step_limit"),
            "ran_out_of_time": sum(1 for e in episodes if e.ended_by == "timeout"),
            "acted_then_declined": sum(
                1 for r in members if r.verdict is not None and r.verdict.acted_then_declined
            ),
            "time_s_mean": round(mean(e.time_s for e in episodes), 3),
            "tokens_mean": round(mean(e.tokens for e in episodes), 1),
            "model_calls_mean": round(mean(e.model_calls for e in episodes), 3),
            "ended_by": dict(sorted(_count(e.ended_by for e in episodes).items())),
        }
    return result


def _count(values: Iterable[str]) -> dict[str, int]:
    counts: dict[str, int] = defaultdict(int)
    for value in values:
        counts[value] += 1
    return counts


def episode_table_lines(per_strategy: dict[str, dict[str, Any]]) -> list[str]:
    """The terminal table of :func:`episode_metrics`."""
    if not per_strategy:
        return []
    width = max(len("strategy"), *(len(name) for name in per_strategy))
    header = (
        f"{'strategy':<{width}}  {'episodes':>8}  {'steps mean/max':>14}  {'failed actions':>14}  "
        f"{'hit a limit':>11}  {'acted+declined':>14}  {'s/episode':>9}  {'tokens/episode':>14}"
    )
    lines = ["", "interactive episodes", header, "-" * len(header)]
    for name, m in per_strategy.items():
        lines.append(
            f"{name:<{width}}  {m['episodes']:>8}  {m['steps_mean']:>9.1f}/{m['steps_max']:<4}  "
            f"{m['failed_actions']:>6}/{m['actions']:<7}  "
            f"{m['limit_hit']:>11}  {m['acted_then_declined']:>14}  "
            f"{m['time_s_mean']:>9.2f}  {m['tokens_mean']:>14.0f}"
        )
    return lines
