"""The items each process plays: the xdist partition, the
shard of ``--sab-shard``, and what a resumed run skips.

Under xdist, each worker's share of the items up front: worker *k* of *n* runs every collection index
*i* with *i mod n = k*. The controller's scheduler (a LoadScheduling subclass) sends the shares; each
worker computes the same share from its own identical collection and plays exactly those items ahead.

``--sab-shard=K/N`` keeps this job's share of the selected benchmark items (:class:`ShardFilter`). The
filter runs in ``pytest_collection_modifyitems`` after ``-k``/``-m``/``--deselect`` but before
``--sab-resume`` takes out what a log already holds (plugin/run.py calls them in that order): the
partition is then the same on every shard, whatever each has resumed. Under xdist every worker computes
the same share from its identical collection, and the partition above then splits that share among the
workers; the controller (which collects nothing) learns the shard's partition from the workers'
``workeroutput``. The report gets a ``shard`` section. Tests of your own collected beside the benchmark
run in shard 1 only.

``--sab-resume``: the controller reads the log (gating/resume.py) and hands the done item ids to the
workers through ``workerinput``; each deselects them (:func:`deselect_done`).
"""

from __future__ import annotations

from typing import Any

import pytest

from pytest_safeagent.core.names import worker_number
from pytest_safeagent.sharding.partition import Partition, ShardSpec

PARTITION_WORKERINPUT_KEY = "sab_partition"  # set on every worker when the controller's scheduler is ours
SHARD_WORKEROUTPUT_KEY = "sab_shard"
RESUME_WORKERINPUT_KEY = "sab_resume_done"  # item ids the workers deselect
SELECTED_DONE_KEY = "sab_resume_selected"  # workeroutput: the logged items the selection (-k, -m) kept
# the logged items this run's selection (-k, -m, --deselect, the shard) kept: a partial run's test
SELECTED_DONE = pytest.StashKey[set[str]]()


def worker_share(index: int, worker: int, workers: int) -> bool:
    """Round robin over collection indices: worker ``worker`` of ``workers`` runs index ``index``."""
    return index % workers == worker


def worker_share_of(items: list[pytest.Item], workerinput: dict[str, Any]) -> list[pytest.Item]:
    """The items of ``items`` this worker runs under the partition."""
    worker, workers = worker_number(str(workerinput["workerid"])), int(workerinput["workercount"])
    return [item for index, item in enumerate(items) if worker_share(index, worker, workers)]


def partition_scheduler(config: pytest.Config, log: Any) -> Any:
    """pytest-xdist's load scheduling, except that each worker gets its round-robin share up front."""
    from xdist.scheduler import LoadScheduling

    class PartitionScheduling(LoadScheduling):
        collection: list[str] | None

        def schedule(self) -> None:
            if self.collection is not None or not self._check_nodes_have_same_collection():
                return super().schedule()
            self.collection = next(iter(self.node2collection.values()))
            for node in self.nodes:
                worker = worker_number(str(node.workerinput["workerid"]))
                share = [
                    index
                    for index in range(len(self.collection))
                    if worker_share(index, worker, int(node.workerinput["workercount"]))
                ]
                if share:
                    self.node2pending[node].extend(share)
                    node.send_runtest_some(share)
            self.pending[:] = []
            for node in self.nodes:
                node.shutdown()

    return PartitionScheduling(config, log)


class ShardFilter:
    """Deselects the other shards' items; on the controller, gives the ``shard`` report section."""

    def __init__(self, spec: ShardSpec):
        self.spec = spec
        self.partition: Partition | None = None

    def select(
        self, config: pytest.Config, items: list[pytest.Item], benchmark: type[pytest.Item]
    ) -> set[str]:
        """Keep this shard's items of ``items`` (of class ``benchmark``); returns their names."""
        selection = [
            (item.name, item.strategy, item.sample.task_type.value)  # type: ignore[attr-defined]
            for item in items
            if isinstance(item, benchmark)
        ]
        self.partition = partition = Partition.compute(self.spec, selection)
        mine = set(partition.mine())
        keep: list[pytest.Item] = []
        drop: list[pytest.Item] = []
        for item in items:
            ours = item.name in mine if isinstance(item, benchmark) else self.spec.index == 1
            (keep if ours else drop).append(item)
        if drop:
            config.hook.pytest_deselected(items=drop)
            items[:] = keep
        workeroutput = getattr(config, "workeroutput", None)
        if workeroutput is not None:
            workeroutput[SHARD_WORKEROUTPUT_KEY] = {"selection": [list(entry) for entry in selection]}
        return mine

    def partition_from(self, workeroutput: dict[str, Any]) -> bool:
        """On the xdist controller: the partition a worker computed (they all compute the same one); True
        when it is learnt now."""
        output = workeroutput.get(SHARD_WORKEROUTPUT_KEY)
        if output is None or self.partition is not None:
            return False
        self.partition = Partition.compute(self.spec, [tuple(entry) for entry in output["selection"]])
        return True

    def mine(self) -> list[str]:
        assert self.partition is not None
        return list(self.partition.mine())

    def report_section(self) -> dict[str, Any]:
        if self.partition is None:
            return {
                "shard": {
                    "index": self.spec.index,
                    "count": self.spec.count,
                    "fingerprint": None,
                    "selection_size": None,
                    "items": [],
                }
            }
        return {"shard": self.partition.to_json()}

    def header_line(self) -> str:
        return f"safeagent: shard {self.spec} (--sab-shard): this job plays its share of the selected items"

    def summary_line(self) -> str | None:
        if self.partition is None:
            return None
        mine = self.partition.mine()
        return (
            f"safeagent: shard {self.spec}: {len(mine)} of {len(self.partition.selection)} selected items "
            f"(partition {self.partition.fingerprint()[:19]}); merge the shards' reports with "
            f"'pytest-safeagent merge'"
        )


def deselect_done(
    config: pytest.Config, items: list[pytest.Item], done: frozenset[str], benchmark: type[pytest.Item]
) -> None:
    """Deselect the benchmark items (of class ``benchmark``) a resumed results log already holds."""
    if not done:
        return
    selected_done = {item.name for item in items if isinstance(item, benchmark) and item.name in done}
    config.stash[SELECTED_DONE] = selected_done
    workeroutput = getattr(config, "workeroutput", None)
    if workeroutput is not None:
        workeroutput[SELECTED_DONE_KEY] = sorted(selected_done)
    keep: list[pytest.Item] = []
    drop: list[pytest.Item] = []
    for item in items:
        (drop if isinstance(item, benchmark) and item.name in done else keep).append(item)
    if drop:
        config.hook.pytest_deselected(items=drop)
        items[:] = keep
