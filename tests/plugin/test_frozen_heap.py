"""A process-level measure of the plugin: the frozen heap
of a run, freed by the next run in the same process."""

from __future__ import annotations

import gc
import weakref


class Node:
    def __init__(self) -> None:
        self.me = self  # a reference cycle: only the cyclic collector frees it


def test_a_run_freezes_its_heap_and_the_next_run_in_the_process_frees_it(pytester):
    garbage = Node()
    alive = weakref.ref(garbage)
    args = (
        "-p",
        "no:cacheprovider",
        "--sab-model=builtin/refuse-all",
        "--sab-task-type=unsafe_detailed",
        "-k",
        "unsafe_1-",
    )
    pytester.runpytest(*args).assert_outcomes(passed=1)
    del garbage
    gc.collect()
    assert alive() is not None  # frozen at the end of the run: the final collections skip it
    pytester.runpytest(*args).assert_outcomes(passed=1)
    assert alive() is None  # the next run unfroze and collected what the last one left
