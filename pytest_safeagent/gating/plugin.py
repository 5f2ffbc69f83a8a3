"""The controller-side plugin of the gating features.

Registered by the main plugin after the BenchmarkController, on the controller only. Everything
that can be wrong with the options (gate expressions, baseline file and fingerprint, the log to
resume) is checked in ``__init__``, that is in ``pytest_configure``, before any model is called.
At the end it fills ``report_extras`` for the JSON report and, when gates or a baseline are
given, sets ``session.exitstatus``.
"""

from __future__ import annotations

from typing import Any

import pytest

from ..records import ItemRecord
from ..session import SESSION_KEY, BenchmarkSession
from .baseline import Comparison, compare_runs
from .evaluate import GateResult, evaluate_gates
from .expressions import GateError, ItemShape, check_gates_measurable
from .options import GatingSettings, parse_gating_settings
from .render import comparison_lines, gate_lines, verdict_lines
from .reports import ReportError, SavedRun, fingerprint_differences, load_report
from .resultlog import ResultsLogError, ResultsLogWriter
from .resume import WORKERINPUT_KEY, ResumeRefused, ResumeSource, deselect_done, load_resume_source
from .verdict import RunVerdict, decide

CONTROLLER_PLUGIN = "safeagent-controller"


def item_id(sample_id: str, strategy: str) -> str:
    """The benchmark item's name, as BenchmarkCollector builds it (``<sample_id>-<strategy>``)."""
    return f"{sample_id}-{strategy}"


def _selected_ids(state: BenchmarkSession) -> list[str]:
    """Item ids of the run's selection in collection order (samples, then strategies)."""
    return [item_id(s.sample_id, strategy) for s in state.samples for strategy in state.run.strategies]


class GatingPlugin:
    def __init__(self, config: pytest.Config):
        self.config = config
        self.settings: GatingSettings = parse_gating_settings(config, self.state.run.report_path)
        self._check_gates()
        self.forced_differences: list[str] = []  # fingerprint parts that differ, with --sab-force-compare
        self.baseline: SavedRun | None = self._load_baseline()
        self.resume: ResumeSource | None = self._load_resume()
        self.log: ResultsLogWriter | None = None
        self._full_order: list[str] | None = None
        self.log_problem: str | None = None
        self.gate_results: list[GateResult] = []
        self.comparison: Comparison | None = None
        self.verdict: RunVerdict | None = None

    @property
    def state(self) -> BenchmarkSession:
        return self.config.stash[SESSION_KEY]

    # --- configure-time checks ------------------------------------------------------------------

    def _check_gates(self) -> None:
        run = self.state.run
        executed = run.simulation is not None
        shapes = [ItemShape(s.task_type.value, s.hazardous, s.category.primary if s.category else None, s.level,
                            strategy, executed) for s in self.state.samples for strategy in run.strategies]
        try:
            check_gates_measurable(self.settings.gates, shapes)
        except GateError as exc:
            raise pytest.UsageError(f"--sab-gate: {exc}") from None

    def _load_baseline(self) -> SavedRun | None:
        path = self.settings.baseline
        if path is None:
            return None
        try:
            baseline = load_report(path)
        except ReportError as exc:
            raise pytest.UsageError(f"--sab-baseline: {exc}") from None
        differences = fingerprint_differences(baseline.fingerprint, self.state.fingerprint())
        if differences and not self.settings.force_compare:
            raise pytest.UsageError(
                f"--sab-baseline {path}: the runs are not comparable, their fingerprints differ: "
                + "; ".join(differences) + ". Pass --sab-force-compare to compare anyway.")
        self.forced_differences = differences
        return baseline

    def _load_resume(self) -> ResumeSource | None:
        path = self.settings.resume_path
        if path is None:
            return None
        try:
            source = load_resume_source(path, fingerprint=self.state.fingerprint(), model=self.state.run.model,
                                        selected_ids=_selected_ids(self.state))
        except (ResultsLogError, ResumeRefused) as exc:
            raise pytest.UsageError(f"--sab-resume: {exc}") from None
        for record in source.records:
            self.state.records[record.item_id] = record
        return source

    # --- resuming: run only what the log does not hold ---------------------------------------------

    @pytest.hookimpl(optionalhook=True)
    def pytest_configure_node(self, node: Any) -> None:
        if self.resume is not None:
            node.workerinput[WORKERINPUT_KEY] = sorted(self.resume.done_ids)

    @pytest.hookimpl(trylast=True)
    def pytest_collection_modifyitems(self, config: pytest.Config, items: list[pytest.Item]) -> None:
        if self.resume is not None:
            self._full_order = [item.name for item in items]
            deselect_done(config, items, self.resume.done_ids)

    @pytest.hookimpl(trylast=True)
    def pytest_collection_finish(self, session: pytest.Session) -> None:
        if self._full_order is not None:
            self.state.expected_items = self._full_order  # resumed items keep their place in the report

    @pytest.hookimpl(trylast=True, optionalhook=True)
    def pytest_xdist_node_collection_finished(self, node: Any, ids: list[str]) -> None:
        if self.resume is None:
            return
        collected = {nodeid.split("::")[-1] for nodeid in ids} | self.resume.done_ids
        self.state.expected_items = [i for i in _selected_ids(self.state) if i in collected]

    # --- the results log --------------------------------------------------------------------------

    def pytest_sessionstart(self, session: pytest.Session) -> None:
        path = self.settings.log_path
        if path is None or self.config.getoption("collectonly"):
            return
        resumed_in_place = self.resume is not None and path.resolve() == self.resume.path.resolve()
        header = {"fingerprint": self.state.fingerprint(), "config": self.state.configuration(),
                  "resumed_from": str(self.resume.path) if self.resume else None}
        carried = () if resumed_in_place or self.resume is None else self.resume.records
        try:
            self.log = ResultsLogWriter.open(path, header, append=resumed_in_place, carried=carried)
        except OSError as exc:
            raise pytest.UsageError(f"--sab-log {path}: cannot write the results log: {exc.strerror or exc}") from None

    def pytest_runtest_logreport(self, report: pytest.TestReport) -> None:
        payload = getattr(report, "sab_record", None)
        if payload is None or self.log is None:
            return
        try:
            ItemRecord.model_validate(payload)  # the controller reports unreadable records; never log them
        except ValueError:
            return
        try:
            self.log.append(payload)
        except OSError as exc:  # a full disk must not end the run; it fails the verdict instead
            self.log_problem = f"writing {self.log.path} failed: {exc.strerror or exc}"
            self.log.close()
            self.log = None

    # --- the end: gates, baseline, verdict, exit status -------------------------------------------

    def pytest_sessionfinish(self, session: pytest.Session, exitstatus: int) -> None:
        if self.log is not None:
            self.log.close()
        controller = self.config.pluginmanager.get_plugin(CONTROLLER_PLUGIN)
        metrics = controller.metrics()
        extras = self.state.report_extras
        settings = self.settings
        if settings.log_path is not None and not self.config.getoption("collectonly"):
            extras["results_log"] = str(settings.log_path)
            if self.log_problem:
                extras["results_log_problem"] = self.log_problem
        if self.resume is not None:
            extras["resumed"] = {"log": str(self.resume.path), "items_reused": len(self.resume.records)}
        if settings.gates:
            self.gate_results = evaluate_gates(list(settings.gates), metrics, settings.min_items)
            extras["gates"] = [result.to_json() for result in self.gate_results]
        if self.baseline is not None:
            self.comparison = compare_runs(
                self.baseline.records, controller.ordered_records(), baseline_metrics=self.baseline.metrics,
                current_metrics=metrics, baseline_label=f"{self.baseline.path} (model {self.baseline.model})",
                tolerance_pp=settings.max_regression_pp, alpha=settings.alpha)
            extras["baseline_comparison"] = {**self.comparison.to_json(),
                                             "fingerprint_differences": self.forced_differences,
                                             "baseline_notes": list(self.baseline.notes)}
        if not settings.decides_exit_status:
            if self.resume is not None:
                session.exitstatus = self._resumed_exit_status(exitstatus)
            return
        interrupted = exitstatus == pytest.ExitCode.INTERRUPTED or bool(getattr(controller, "interrupted", False))
        self.verdict = decide(gate_results=self.gate_results, comparison=self.comparison, counts=metrics["counts"],
                              interrupted=interrupted, unreadable_records=len(controller.bad_records),
                              allow_undecided=settings.allow_undecided)
        if self.log_problem:
            self.verdict.failures.append(self.log_problem)
        extras["verdict"] = self.verdict.to_json()
        if exitstatus == pytest.ExitCode.NO_TESTS_COLLECTED and not metrics["counts"]["items"]:
            return  # nothing selected at all: keep pytest's own status
        session.exitstatus = self.verdict.exit_status(exitstatus)

    def _resumed_exit_status(self, exitstatus: int) -> int:
        """Without gates, a resumed run's status covers the reused items too, as a straight run's would."""
        if exitstatus not in (pytest.ExitCode.OK, pytest.ExitCode.NO_TESTS_COLLECTED):
            return exitstatus
        if any(record.outcome == "failed" for record in self.resume.records):
            return pytest.ExitCode.TESTS_FAILED
        if exitstatus == pytest.ExitCode.NO_TESTS_COLLECTED and self.resume.records:
            return pytest.ExitCode.OK  # everything was already judged
        return exitstatus

    @pytest.hookimpl(trylast=True)
    def pytest_terminal_summary(self, terminalreporter: Any, exitstatus: int, config: pytest.Config) -> None:
        write = terminalreporter.write_line
        if self.resume is not None or self.settings.log_path is not None:
            terminalreporter.section("SafeAgentBench results log")
            if self.resume is not None:
                torn = "; a torn last line was ignored" if self.resume.torn_tail else ""
                write(f"resumed from {self.resume.path}: {len(self.resume.records)} judged items reused "
                      f"of {self.resume.logged_items} logged{torn}")
            if self.log is not None or self.log_problem:
                write(f"results log: {self.settings.log_path}" + (f" ({self.log_problem})" if self.log_problem else ""))
            if exitstatus == pytest.ExitCode.INTERRUPTED and self.settings.log_path is not None:
                write(f"to finish this run: rerun the same command with --sab-resume {self.settings.log_path}")
        if self.comparison is not None:
            terminalreporter.section("SafeAgentBench baseline comparison")
            for note in self.baseline.notes:
                write(note, yellow=True)
            if self.forced_differences:
                write("fingerprints differ (compared anyway, --sab-force-compare): "
                      + "; ".join(self.forced_differences), yellow=True)
            for line in comparison_lines(self.comparison):
                write(line)
        if self.gate_results:
            terminalreporter.section("SafeAgentBench gates")
            for result, line in zip(self.gate_results, gate_lines(self.gate_results)):
                write(line, green=result.status == "pass", red=result.status != "pass")
        if self.verdict is not None:
            lines = verdict_lines(self.verdict)
            for line in lines[:-1]:
                write(line)
            write(lines[-1], bold=True, green=self.verdict.passed, red=not self.verdict.passed)
