"""The benchmark among the other pytest plugins and modes a suite already runs (docs/pytest-plugins.md).

Each of these would change a number or lose work without a word if left alone; here each is either
refused in one line before anything is sent, or taken in hand:

- pytest-rerunfailures (``--reruns``, ``--force-reruns``, ini ``reruns``): a failed benchmark item is a
  verdict, and asking the model again until it passes inflates the rates; refused (also a ``flaky``
  marker put on a benchmark item). Infrastructure
  failures are retried by ``--sab-retries``.
- pytest-split and pytest-shard (``--splits``, ``--num-shards``): their shards cannot be merged into one
  report; refused, naming ``--sab-shard``.
- pytest-repeat (``--count``): it repeats test functions only, so benchmark items would silently run
  once; refused (there is no repeated sampling of an item yet).
- pytest-xdist ``--dist each``: every worker would play every item (two verdicts for one item); refused.
  ``--dist loadscope|loadfile|loadgroup|worksteal`` on a benchmark-only run use the plugin's own
  round-robin partition, as ``--dist load`` does (all benchmark items share one scope, so those modes
  would send them all to one worker, and a worker that cannot know its items ahead plays one at a time);
  beside test files of your own, those modes are refused.
- pytest-timeout (``--timeout``): an item is played on a pool thread before its setup, so a timer around
  setup times the wait, not the item. Benchmark items get no pytest-timeout timer (neither method then
  ends the process); instead the plugin bounds each item's own play time by the same limit: an item
  that played longer is an error of kind ``timeout``, its answer kept.
- pytest-sugar: its closing "Results" block would list every failed item after the summary; benchmark
  verdicts are left out of that list (they are counted in the SafeAgentBench summary).
"""

from __future__ import annotations

import os
from typing import Any

import pytest

# xdist modes that would hand the benchmark items out one at a time (or all to one worker): a
# benchmark-only run partitions its items itself instead (plugin/xdist.py)
PARTITIONED_DIST_MODES = ("load", "loadscope", "loadfile", "loadgroup", "worksteal")
_TIMEOUT_ATTR = "_sab_timeout_s"  # on a benchmark item: pytest-timeout's limit, which the plugin enforces


def _refused(option: str, value: object, why: str) -> pytest.UsageError:
    return pytest.UsageError(f"{option}={value}: {why}")


def _global_reruns(config: pytest.Config) -> int:
    """pytest-rerunfailures' rerun count for every test (0 when it is not installed or not asked)."""
    reruns = config.getoption("force_reruns", None) or config.getoption("reruns", None)
    if reruns is None:
        try:
            reruns = int(config.getini("reruns") or 0)
        except (ValueError, TypeError):  # not installed: no such ini key
            reruns = 0
    return int(reruns or 0)


def check_other_plugins(config: pytest.Config, explicit_paths: bool) -> None:
    """Refuse, in one line each, the options of other plugins that would change a benchmark number."""
    reruns = _global_reruns(config)
    if reruns > 0:
        raise _refused(
            "--reruns",
            reruns,
            "a failed benchmark item is a verdict, not a flaky test: rerunning it "
            "re-asks the model until it passes and inflates the rates. Model, judge and simulator "
            "failures are retried by --sab-retries; drop --reruns (or -p no:rerunfailures)",
        )
    count = config.getoption("count", None)
    if isinstance(count, int) and count > 1:
        raise _refused(
            "--count",
            count,
            "pytest-repeat repeats test functions, not benchmark items, which "
            "would run once each; repeated sampling of an item is not available: run the "
            "benchmark N times with --sab-cache=off and compare the reports",
        )
    splits = config.getoption("splits", None) or config.getoption("num_shards", None)
    if isinstance(splits, int) and splits > 1:
        option = "--splits" if config.getoption("splits", None) else "--num-shards"
        raise _refused(
            option,
            splits,
            "pytest-split and pytest-shard shards of the benchmark cannot be merged "
            "into one report; use --sab-shard K/N and 'pytest-safeagent merge' (docs/sharding.md)",
        )
    dist = config.getoption("dist", "no")
    if not config.getoption("numprocesses", None) or dist in ("no", "load"):
        return
    if dist == "each":
        raise _refused(
            "--dist",
            dist,
            "every worker would play every item, giving one item several verdicts; "
            "use --dist load (the default with -n)",
        )
    if explicit_paths and dist in PARTITIONED_DIST_MODES:
        raise _refused(
            "--dist",
            dist,
            "benchmark items are partitioned among the workers up front (so each "
            "plays --sab-concurrency items at once), which this mode would not keep for your own "
            "tests collected beside them; use --dist load, or run your tests apart",
        )


def dist_note(config: pytest.Config) -> str | None:
    """The header's line when a benchmark-only run is partitioned under another xdist mode than load."""
    dist = config.getoption("dist", "no")
    if not config.getoption("numprocesses", None) or dist in ("no", "load"):
        return None
    return (
        f"safeagent: --dist {dist}: benchmark items are partitioned round robin among the workers, "
        f"as under --dist load (each worker plays its items ahead)"
    )


def timeout_note(config: pytest.Config) -> str | None:
    """The header's line when pytest-timeout is active: what bounds a benchmark item."""
    timeout = _timeout_limit(config)
    if not timeout:
        return None
    return (
        f"safeagent: --timeout {timeout:g} s bounds each benchmark item's own play time (measured on the "
        f"thread that plays it; an item over it is a timeout error); each request is bounded by --sab-timeout"
    )


def _timeout_limit(config: pytest.Config) -> float | None:
    """pytest-timeout's run-wide limit (its option, then
    PYTEST_TIMEOUT, then its ini key), if it is active."""
    if not config.pluginmanager.hasplugin("timeout"):
        return None
    value = config.getoption("timeout", None) or os.environ.get("PYTEST_TIMEOUT") or config.getini("timeout")
    try:
        return float(value) or None
    except (TypeError, ValueError):
        return None  # pytest-timeout itself reports a bad value


def _marker_limit(item: pytest.Item) -> float | None:
    """The limit of a ``timeout`` marker on ``item`` (pytest-timeout's), if any."""
    marker = item.get_closest_marker("timeout") if item.config.pluginmanager.hasplugin("timeout") else None
    if marker is None:
        return None
    value = marker.kwargs.get("timeout", marker.args[0] if marker.args else None)
    try:
        return float(value) if value is not None else None
    except (TypeError, ValueError):
        return None


def item_time_limit(item: pytest.Item) -> float | None:
    """The play-time limit pytest-timeout gave ``item`` (its marker or the run's option), if any."""
    return getattr(item, _TIMEOUT_ATTR, None)


def check_flaky_markers(
    config: pytest.Config, items: list[pytest.Item], benchmark: type[pytest.Item]
) -> None:
    """A ``flaky`` marker (pytest-rerunfailures) on a benchmark item (of class ``benchmark``) would rerun it
    as --reruns would."""
    if not config.pluginmanager.hasplugin("rerunfailures"):
        return
    for item in items:
        if isinstance(item, benchmark) and item.get_closest_marker("flaky") is not None:
            raise pytest.UsageError(
                f"{item.nodeid}: the flaky marker (pytest-rerunfailures) reruns a benchmark "
                f"verdict until it passes; remove it (--sab-retries retries infrastructure)"
            )


def note_time_limit(item: pytest.Item) -> None:
    """Note a benchmark item's limit before its setup (which checks it), whether pytest-timeout would time
    the whole protocol or, with ``timeout_func_only``, the call alone (from ``pytest_runtest_protocol``)."""
    limit = _marker_limit(item)
    limit = limit if limit is not None else _timeout_limit(item.config)
    setattr(item, _TIMEOUT_ATTR, limit if limit and limit > 0 else None)


def is_timed_by_us(item: pytest.Item, benchmark: type[pytest.Item]) -> bool | None:
    """pytest-timeout's timer hooks: no timer for a benchmark item (True), its limit is checked against its
    own play time instead; None leaves any other item to pytest-timeout."""
    return True if isinstance(item, benchmark) else None


def quiet_sugar_results(terminalreporter: Any) -> None:
    """pytest-sugar prints, after every summary, one line per failed test: leave the benchmark's verdicts
    out of that list (its counts stay right), so the SafeAgentBench summary stays the last screen."""
    original = getattr(terminalreporter, "summary_stats", None)
    if type(terminalreporter).__name__ != "SugarTerminalReporter" or original is None:
        return

    def summary_stats() -> None:
        failed = terminalreporter.stats.get("failed", [])
        verdicts = [r for r in failed if r.when == "call" and getattr(r, "sab_record", None) is not None]
        if not verdicts:
            return original()
        terminalreporter.stats["failed"] = [r for r in failed if r not in verdicts]
        try:
            original()
        finally:
            terminalreporter.stats["failed"] = failed
        terminalreporter.write_line(
            f"   {len(verdicts):5d} failed benchmark items (verdicts: see the "
            f"SafeAgentBench summary and the JSON report)"
        )

    terminalreporter.summary_stats = summary_stats
