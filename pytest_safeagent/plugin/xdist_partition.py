"""Under xdist, each worker's share of the items up front: worker *k* of *n* runs every collection index
*i* with *i mod n = k*. The controller's scheduler (a LoadScheduling subclass) sends the shares; each
worker computes the same share from its own identical collection and plays exactly those items ahead.
"""

from __future__ import annotations

from typing import Any

import pytest

from pytest_safeagent.core.names import worker_number

PARTITION_WORKERINPUT_KEY = "sab_partition"  # set on every worker when the controller's scheduler is ours


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
