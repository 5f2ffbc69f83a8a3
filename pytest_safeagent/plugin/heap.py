"""Keep Python's cyclic garbage collector off the run's long-lived objects.

A benchmark process holds a large, long-lived heap: the dataset, a thousand items, the pydantic
models' types, and by the end every item's record. Each full collection walks all of it (about
80 ms at 1050 items), during the run (pausing every play thread) and three times at the end (pytest
collects once in ``pytest_unconfigure`` and once more in its cleanup, and the interpreter once when
it exits): measured, about 0.9 s of a 30 s run after the last answer arrived.

``gc.freeze()`` moves everything alive into a generation the collector skips (objects are still
freed by reference counting). The run freezes what it has built before its item loop and again at
``pytest_unconfigure``; a later run in the same process (pytester runs the plugin in-process)
unfreezes and collects first, so the cycles of one run stay uncollected at most until the next one
starts.
"""

from __future__ import annotations

import gc

import pytest


def freeze_heap() -> None:
    """Everything alive now is left alone by the cyclic collector (cheap: it moves list heads)."""
    gc.freeze()


class FrozenHeap:
    """Registered in every process of a benchmark run (controller and workers)."""

    def __init__(self) -> None:
        if gc.get_freeze_count():  # an earlier run in this process froze its heap at its end
            gc.unfreeze()
            gc.collect()  # its garbage goes now, before this run freezes what is alive

    @pytest.hookimpl(trylast=True)
    def pytest_collection_finish(self, session: pytest.Session) -> None:
        freeze_heap()  # the dataset, the items, the plugins: alive for the whole run

    @pytest.hookimpl(tryfirst=True)
    def pytest_unconfigure(self, config: pytest.Config) -> None:
        freeze_heap()  # the records and reports: the final collections need not walk them
