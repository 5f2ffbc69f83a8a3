"""A run that played a subset of its selection: why, for the report's ``partial`` mark and the summary.

``--lf``, ``--sw`` and ``-x``/``--maxfail`` (or another early stop) leave items of the run's selection
(its slices and strategies, or its shard's share) unplayed, and ``-k``/``-m``/``--deselect`` on a log of
a wider selection (``--sab-resume``) reports the log's items beside a part of the rest; the rates then
count a population nobody chose. Such a report says so (``"partial"``, and
``complete: false``), its summary says so in one line, gates name the population they decided on, and
baselines and ``merge`` read the mark (docs/pytest-plugins.md). A plain ``-k``/``-m`` on a fresh run is
the user's choice of items, not a partial run.
"""

from __future__ import annotations

from typing import Any

import pytest

from pytest_safeagent.plugin.resume_selection import SELECTED_DONE
from pytest_safeagent.plugin.run_state import RUN_STATE_KEY
from pytest_safeagent.reporting.run_results import RunResults


def _selection(config: pytest.Config) -> list[str]:
    """The items this run (or this shard) was meant to report."""
    shard = config.pluginmanager.get_plugin("safeagent-shard")
    partition = getattr(shard, "partition", None)
    if partition is not None:
        return list(partition.mine())
    return config.stash[RUN_STATE_KEY].item_ids()


def partial_run(
    session: pytest.Session, config: pytest.Config, results: RunResults, preloaded: set[str]
) -> dict[str, Any] | None:
    """The report's ``partial`` mark, or None when the run played (or resumed) its whole selection."""
    selection = _selection(config)
    taken = set(results.expected_items or ())
    left_out = sum(1 for name in selection if name not in taken)
    why: list[str] = []
    if left_out:
        if config.getoption("lf", False):
            why.append("--lf: only the items that failed in the last run were selected")
        if config.getoption("stepwise", False) or config.getoption("stepwise_skip", False):
            why.append("--sw: the items before the last run's first failure were left out")
    selected_done = config.stash.get(SELECTED_DONE, None)
    outside = len(preloaded - selected_done) if selected_done is not None else 0
    if outside:  # the report mixes the log's wider selection with this run's narrower one
        why.append(
            f"-k/-m/--deselect on a resumed log: {outside} logged items outside this selection are "
            f"reported beside it, the selection's other items are not"
        )
    if results.metrics["counts"]["missing"]:
        stop = session.shouldfail or session.shouldstop
        maxfail = int(config.getoption("maxfail", 0) or 0)
        if isinstance(stop, str) and stop:
            why.append(f"stopped early: {stop}")
        elif stop or maxfail:
            why.append(f"stopped early (-x/--maxfail {maxfail})")
    if not why:
        return None
    reported = {record.item_id for record in results.records}
    return {
        "why": why,
        "items_reported": len(reported),
        "items_in_selection": len(selection),
        "items_not_played": sum(1 for name in selection if name not in reported),
    }


def partial_line(partial: dict[str, Any]) -> str:
    """The summary's line for a partial run."""
    return (
        f"PARTIAL RUN: {partial['items_reported']} items reported, of the {partial['items_in_selection']} of "
        f"the run's slices or shard ({'; '.join(partial['why'])}); every rate above counts those items only"
    )


def partial_population(partial: dict[str, Any]) -> str:
    """Which items a gate decided on, in a partial run."""
    return (
        f"gates decided on a partial run: the {partial['items_reported']} items reported, of the "
        f"{partial['items_in_selection']} of the run's slices or shard ({'; '.join(partial['why'])})"
    )
