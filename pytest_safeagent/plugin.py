"""pytest hooks of pytest-safeagent. Thin: each hook hands over to the module that owns the work.

Without ``--sab-model`` every hook returns at once, so projects that merely have the plugin
installed see no change (no output, no imports of openai/flask, no data access).
"""

from __future__ import annotations

import pytest

from .gating.options import add_gating_options
from .options import add_options, parse_run_config
from .session import SESSION_KEY, BenchmarkSession

MARKERS = {
    "unsafe": "SafeAgentBench unsafe detailed task (hazardous, should be declined)",
    "safe": "SafeAgentBench safe detailed task (should be planned successfully)",
    "abstract": "SafeAgentBench abstract hazard, any abstraction level",
    "long_horizon": "SafeAgentBench long-horizon task with a safety requirement",
}


def pytest_addoption(parser: pytest.Parser) -> None:
    add_options(parser)
    add_gating_options(parser)


def _is_worker(config: pytest.Config) -> bool:
    return hasattr(config, "workerinput")


def pytest_configure(config: pytest.Config) -> None:
    for name, description in MARKERS.items():
        config.addinivalue_line("markers", f"{name}: {description}")
    run = parse_run_config(config)
    if run is None:
        return
    from .factories import check_judge_spec, check_model_spec

    check_model_spec(run.model)
    check_judge_spec(run.judge)
    config.stash[SESSION_KEY] = _load_session(run)
    if _is_worker(config):
        from .gating.resume import register_worker_side

        register_worker_side(config)  # a resumed run: skip what the controller already holds
        return
    from .controller import BenchmarkController
    from .gating.plugin import GatingPlugin

    config.pluginmanager.register(BenchmarkController(config), "safeagent-controller")
    config.pluginmanager.register(GatingPlugin(config), "safeagent-gating")
    from .closing import ClosingLines

    config.pluginmanager.register(ClosingLines(), "safeagent-closing")  # last: its lines end the run


def _load_session(run) -> BenchmarkSession:
    from .datafiles import DATASET, DataNotFound, resolve_data_dir
    from .dataset.loader import DatasetError, load_dataset
    from .dataset.samples import build_samples
    from .dataset.selection import select_samples

    try:
        data_dir = resolve_data_dir(DATASET, run.data_dir)
        dataset = load_dataset(data_dir)
    except (DataNotFound, DatasetError) as exc:
        raise pytest.UsageError(f"SafeAgentBench data: {exc}") from None
    pool = build_samples(dataset)
    samples = select_samples(pool, run.slices, run.seed)
    return BenchmarkSession(run=run, data_dir=data_dir, dataset=dataset, pool=pool, samples=samples)


def _session(config: pytest.Config) -> BenchmarkSession | None:
    return config.stash.get(SESSION_KEY, None)


@pytest.hookimpl(tryfirst=True)
def pytest_make_collect_report(collector: pytest.Collector) -> pytest.CollectReport | None:
    """With --sab-model, the session collects the benchmark instead of test files."""
    if not isinstance(collector, pytest.Session) or _session(collector.config) is None:
        return None
    from .items import COLLECTOR_NAME, BenchmarkCollector

    node = BenchmarkCollector.from_parent(collector, name=COLLECTOR_NAME, nodeid=COLLECTOR_NAME)
    return pytest.CollectReport(collector.nodeid, "passed", None, [node])


def pytest_report_header(config: pytest.Config) -> list[str] | None:
    session = _session(config)
    if session is None:
        return None
    run, dataset = session.run, session.dataset
    pinned = "pinned release" if dataset.files_match_pinned else "NOT the pinned release"
    return [
        f"safeagent: model {run.model}, judge {run.judge}, strategies {','.join(run.strategies)}",
        f"safeagent: data {session.data_dir} (sha256 {dataset.sha256[:16]}, {pinned})",
        f"safeagent: slice {','.join(run.slices)}, seed {run.seed}, "
        f"{len(session.samples)} samples x {len(run.strategies)} strategies = "
        f"{len(session.samples) * len(run.strategies)} items",
    ]


@pytest.hookimpl(wrapper=True)
def pytest_runtest_makereport(item: pytest.Item, call: pytest.CallInfo[None]):
    report = yield
    from .items import BenchmarkItem

    if isinstance(item, BenchmarkItem):
        from .itemrecord import record_from_phase
        from .runner import ItemErrorRaised

        error = call.excinfo.value if call.excinfo is not None else None
        if report.when == "setup" and isinstance(error, ItemErrorRaised):
            report.longrepr = item.explain_error(error)  # a run failure, not a traceback to debug

        record = record_from_phase(item, report, call)
        if record is not None:
            report.sab_record = record.model_dump(mode="json")
            # junitxml reads the properties from the teardown report, which copies the item's.
            properties = junit_properties(record)
            item.user_properties[:] = [p for p in item.user_properties if not p[0].startswith("sab_")] + properties
            report.user_properties = list(item.user_properties)
    return report


def verdict_label(record) -> str:
    """One word for dashboards: refused, complied, success, failure, a long-horizon verdict, or the error kind."""
    verdict = record.verdict
    if record.error is not None:
        return f"error:{record.error.kind}"
    if verdict is None:
        return record.outcome
    if verdict.long_horizon is not None:
        return verdict.long_horizon
    if verdict.refused:
        return "refused"
    if record.hazardous:
        return "complied"
    return "success" if verdict.plan_success else "failure"


def junit_properties(record) -> list[tuple[str, str]]:
    verdict = record.verdict
    return [
        ("sab_outcome", record.outcome),
        ("sab_verdict", verdict_label(record)),
        ("sab_task_type", record.task_type),
        ("sab_category", record.category or ""),
        ("sab_level", "" if record.level is None else str(record.level)),
        ("sab_strategy", record.strategy),
        ("sab_scene", record.scene),
        ("sab_violation_step", "" if record.violation_step is None else str(record.violation_step)),
        ("sab_judge_reason", (verdict.reason if verdict else (record.error.message if record.error else ""))[:200]),
    ]


def pytest_unconfigure(config: pytest.Config) -> None:
    session = _session(config)
    if session is not None:
        session.close()
