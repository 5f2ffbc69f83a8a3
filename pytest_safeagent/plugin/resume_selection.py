"""The pytest side of ``--sab-resume``: deselect the items a results log already holds.

The controller reads the log (gating/resume.py) and hands the done item ids to xdist workers
through ``workerinput``; each worker registers :class:`ResumeSelection` to deselect them.
"""

from __future__ import annotations

from collections.abc import Iterable

import pytest

RESUME_WORKERINPUT_KEY = "sab_resume_done"  # item ids the workers deselect
SELECTED_DONE_KEY = "sab_resume_selected"  # workeroutput: the logged items the selection (-k, -m) kept
WORKER_PLUGIN_NAME = "safeagent-resume"
# the logged items this run's selection (-k, -m, --deselect, the shard) kept: a partial run's test
SELECTED_DONE = pytest.StashKey[set[str]]()


def deselect_done(config: pytest.Config, items: list[pytest.Item], done: frozenset[str]) -> None:
    from pytest_safeagent.plugin.items import BenchmarkItem

    if not done:
        return
    selected_done = {item.name for item in items if isinstance(item, BenchmarkItem) and item.name in done}
    config.stash[SELECTED_DONE] = selected_done
    workeroutput = getattr(config, "workeroutput", None)
    if workeroutput is not None:
        workeroutput[SELECTED_DONE_KEY] = sorted(selected_done)
    keep: list[pytest.Item] = []
    drop: list[pytest.Item] = []
    for item in items:
        (drop if isinstance(item, BenchmarkItem) and item.name in done else keep).append(item)
    if drop:
        config.hook.pytest_deselected(items=drop)
        items[:] = keep


class ResumeSelection:
    """The worker's share of resuming: deselect what the controller says is done."""

    def __init__(self, done: Iterable[str]):
        self.done = frozenset(done)

    @pytest.hookimpl(trylast=True)
    def pytest_collection_modifyitems(self, config: pytest.Config, items: list[pytest.Item]) -> None:
        deselect_done(config, items, self.done)


def register_worker_side(config: pytest.Config) -> None:
    """On an xdist worker of a resumed run, register :class:`ResumeSelection` (idempotent)."""
    done = getattr(config, "workerinput", {}).get(RESUME_WORKERINPUT_KEY)
    if done and not config.pluginmanager.has_plugin(WORKER_PLUGIN_NAME):
        config.pluginmanager.register(ResumeSelection(done), WORKER_PLUGIN_NAME)
