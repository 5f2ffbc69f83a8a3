"""pytest hooks of pytest-safeagent (the ``pytest11`` entry point). Thin: each hook hands over to the object
that owns the work: the run (plugin/run.py), the items and their play-ahead engine (plugin/items.py), the
options (plugin/options.py). ``pytest_configure`` composes them; three objects are registered there: the
fixtures module, the run and, in a process that plays items, the play-ahead engine.

Without ``--sab-model`` every hook returns at once, so projects that merely have the plugin
installed see no change (no output, no imports of flask or pydantic, no data access).
"""

from __future__ import annotations

from typing import TYPE_CHECKING

import pytest

from pytest_safeagent.plugin.options import (
    add_options,
    parse_cost_settings,
    parse_run_config,
    parse_shard_option,
)
from pytest_safeagent.plugin.state import COST_KEY, RUN_STATE_KEY, RunState, load_run_state
from pytest_safeagent.runner.process import exit_if_stuck, install_sigterm, restore_sigterm, thaw_heap

if TYPE_CHECKING:  # imported by every pytest run: the items and what plays them load lazily
    from pytest_safeagent.plugin.items import BenchmarkCollector
    from pytest_safeagent.plugin.options import RunConfig
    from pytest_safeagent.plugin.run import BenchmarkRun
    from pytest_safeagent.simulator.pool import SimulatorPool

_SIGTERM_KEY = pytest.StashKey[object]()
_INTERRUPTED_KEY = pytest.StashKey[bool]()  # the run ended by Ctrl-C or SIGTERM

MARKERS = {
    "unsafe": "SafeAgentBench unsafe detailed task (hazardous, should be declined)",
    "safe": "SafeAgentBench safe detailed task (should be planned successfully)",
    "abstract": "SafeAgentBench abstract hazard, any abstraction level",
    "long_horizon": "SafeAgentBench long-horizon task with a safety requirement",
}


def pytest_addhooks(pluginmanager: pytest.PytestPluginManager) -> None:
    from pytest_safeagent.plugin import hookspecs

    pluginmanager.add_hookspecs(hookspecs)


def pytest_addoption(parser: pytest.Parser) -> None:
    add_options(parser)


def _is_worker(config: pytest.Config) -> bool:
    return hasattr(config, "workerinput")


def pytest_configure(config: pytest.Config) -> None:
    for name, description in MARKERS.items():
        config.addinivalue_line("markers", f"{name}: {description}")
    from pytest_safeagent.plugin import fixtures

    config.pluginmanager.register(fixtures, "safeagent-fixtures")  # every run: --fixtures lists them
    run = parse_run_config(config)
    if run is None:
        return
    from pytest_safeagent.plugin.other_plugins import check_other_plugins

    check_other_plugins(config, _explicit_paths(config))  # before anything starts: one line if refused
    cost = config.stash[COST_KEY] = parse_cost_settings(config, run.model, run.judge)
    shard = parse_shard_option(config)
    plays_here = not (
        config.getoption("numprocesses", None) and not _is_worker(config)
    )  # not the xdist controller
    pool = launch_simulator_early(config, run) if plays_here else None
    try:
        config.stash[RUN_STATE_KEY] = load_run_state(run, simulator_pool=pool)
    except BaseException:
        if pool is not None:
            pool.close()
        raise
    config.stash[_SIGTERM_KEY] = install_sigterm()
    thaw_heap()
    from pytest_safeagent.plugin.items import PLAY_AHEAD_PLUGIN, PlayAhead
    from pytest_safeagent.plugin.run import RUN_PLUGIN, BenchmarkRun
    from pytest_safeagent.plugin.xdist import ShardFilter

    # on the controller, checks the gating options, the baseline, the log to resume and the outputs
    benchmark_run = BenchmarkRun(config, ShardFilter(shard) if shard else None, worker=_is_worker(config))
    config.pluginmanager.register(benchmark_run, RUN_PLUGIN)
    if plays_here:
        ahead = PlayAhead(config, run.providers.concurrency, run.max_infra_errors, cost.prices, cost.max_cost)
        config.pluginmanager.register(ahead, PLAY_AHEAD_PLUGIN)


@pytest.hookimpl(optionalhook=True)
def pytest_xdist_make_scheduler(config: pytest.Config, log):
    """Under ``-n``, each worker gets its share of the items up front (see plugin/xdist.py);
    the other modes that hand items out one by one do the same (plugin/other_plugins.py)."""
    if not _partitioned(config):
        return None
    from pytest_safeagent.plugin.xdist import partition_scheduler

    return partition_scheduler(config, log)


@pytest.hookimpl(optionalhook=True)
def pytest_configure_node(node) -> None:
    benchmark_run = _benchmark_run(node.config)
    if benchmark_run is not None:
        benchmark_run.configure_node(node)
    if _partitioned(node.config):
        from pytest_safeagent.plugin.xdist import PARTITION_WORKERINPUT_KEY

        node.workerinput[PARTITION_WORKERINPUT_KEY] = True


def _partitioned(config: pytest.Config) -> bool:
    from pytest_safeagent.plugin.other_plugins import PARTITIONED_DIST_MODES

    return _run_state(config) is not None and config.getoption("dist", "load") in PARTITIONED_DIST_MODES


def launch_simulator_early(config: pytest.Config, run: RunConfig) -> SimulatorPool | None:
    """The run's simulator pool with its server launching in the background, when every item of an
    interactive strategy will need a world: the launch (a quarter of a second for the symbolic server)
    then overlaps reading the dataset and collecting instead of delaying the first episodes. Plans
    alone (--sab-execution) may never need one, so they still launch it on first use."""
    if run.simulation is None or not run.simulation.episodes or config.option.collectonly:
        return None
    from pytest_safeagent.simulator.pool import SimulatorPool

    pool = SimulatorPool(run.simulation)
    pool.start_in_background()
    return pool


def _run_state(config: pytest.Config) -> RunState | None:
    return config.stash.get(RUN_STATE_KEY, None)


def _benchmark_run(config: pytest.Config) -> BenchmarkRun | None:
    from pytest_safeagent.plugin.run import RUN_PLUGIN

    return config.pluginmanager.get_plugin(RUN_PLUGIN) if _run_state(config) is not None else None


def _explicit_paths(config: pytest.Config) -> bool:
    """Test paths given on the command line are collected too, after the benchmark."""
    return config.args_source is pytest.Config.ArgsSource.ARGS and bool(config.args)


def _benchmark_node(session: pytest.Session) -> BenchmarkCollector:
    from pytest_safeagent.plugin.items import COLLECTOR_NAME, BenchmarkCollector

    return BenchmarkCollector.from_parent(session, name=COLLECTOR_NAME, nodeid=COLLECTOR_NAME)


@pytest.hookimpl(tryfirst=True)
def pytest_make_collect_report(collector: pytest.Collector) -> pytest.CollectReport | None:
    """With --sab-model, the session collects the benchmark instead of test files (or, when test paths
    are given on the command line, before them: see the next hook)."""
    if not isinstance(collector, pytest.Session) or _run_state(collector.config) is None:
        return None
    if _explicit_paths(collector.config):
        return None
    return pytest.CollectReport(collector.nodeid, "passed", None, [_benchmark_node(collector)])


@pytest.hookimpl(wrapper=True)
def pytest_collection_modifyitems(session: pytest.Session, config: pytest.Config, items: list[pytest.Item]):
    """With --sab-model and test paths: the benchmark items first (-k, -m and friends apply to both)."""
    if _run_state(config) is not None and _explicit_paths(config):
        items[:0] = _benchmark_node(session).collect()
    return (yield)


def pytest_report_header(config: pytest.Config) -> list[str] | None:
    state = _run_state(config)
    if state is None:
        return None
    run, dataset = state.run, state.dataset
    pinned = "pinned release" if dataset.files_match_pinned else "NOT the pinned release"
    from pytest_safeagent.plugin.other_plugins import dist_note, timeout_note

    notes = [note for note in (dist_note(config), timeout_note(config)) if note is not None]
    benchmark_run = _benchmark_run(config)
    shard = [benchmark_run.shard.header_line()] if benchmark_run is not None and benchmark_run.shard else []
    return [
        f"safeagent: model {run.model}, judge {run.judge}, strategies {','.join(run.strategies)}",
        f"safeagent: data {state.data_dir} (sha256 {dataset.sha256[:16]}, {pinned})",
        f"safeagent: slice {','.join(run.slices)}, seed {run.seed}, "
        f"{len(state.samples)} samples x {len(run.strategies)} strategies = "
        f"{len(state.samples) * len(run.strategies)} items",
        f"safeagent: concurrency {run.providers.concurrency} items in flight per process",
        *notes,
        *shard,
    ]


@pytest.hookimpl(wrapper=True)
def pytest_runtest_makereport(item: pytest.Item, call: pytest.CallInfo[None]):
    report = yield
    if item.config.stash.get(RUN_STATE_KEY, None) is not None:
        from pytest_safeagent.plugin.items import annotate_report

        annotate_report(item, report, call)
    return report


@pytest.hookimpl(trylast=True)
def pytest_sessionfinish(session: pytest.Session, exitstatus: int) -> None:
    state = _run_state(session.config)
    if state is None:
        return
    if exitstatus == pytest.ExitCode.INTERRUPTED:
        session.config.stash[_INTERRUPTED_KEY] = True
    pool = state.started_simulation
    if pool is not None:  # every report is written: the servers exit while the summary is printed
        pool.ask_to_stop()


def pytest_unconfigure(config: pytest.Config) -> None:
    state = _run_state(config)
    if state is not None:
        state.close()
        restore_sigterm(config.stash.get(_SIGTERM_KEY, None))
        if config.stash.get(
            _INTERRUPTED_KEY, False
        ):  # everything is written: a hung play thread must not hold the exit
            exit_if_stuck(int(pytest.ExitCode.INTERRUPTED))
