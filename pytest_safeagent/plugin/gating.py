"""The controller-side plugin of the gating features: gates, baseline comparison, results log, resume.

Registered by the main plugin after the BenchmarkController, on the controller only. Everything that
can be wrong with the options (gate expressions, baseline file and fingerprint, the log to resume) is
checked in ``__init__``, that is in ``pytest_configure``, before any model is called. It takes part in
the run only through the plugin's hooks (:mod:`.hookspecs`): it preloads resumed records, appends each
accepted record to the results log, and at the end adds its report sections and, when gates or a
baseline are given, decides the exit status.
"""

from __future__ import annotations

from typing import Any

import pytest

from pytest_safeagent.core.item_record import ItemRecord
from pytest_safeagent.gating.baseline import Comparison, compare_with_saved, protocol_mismatch
from pytest_safeagent.gating.evaluate import GateResult, evaluate_gates
from pytest_safeagent.gating.expressions import GateError, ItemShape, check_gates_measurable
from pytest_safeagent.gating.render import comparison_lines, gate_lines, population_note, verdict_lines
from pytest_safeagent.gating.resultlog import ResultsLogError, ResultsLogWriter
from pytest_safeagent.gating.resume import ResumeRefused, ResumeSource, load_resume_source
from pytest_safeagent.gating.verdict import RunVerdict, decide
from pytest_safeagent.plugin.errors import option_error
from pytest_safeagent.plugin.gating_options import GatingSettings, parse_gating_settings
from pytest_safeagent.plugin.resume_selection import (
    RESUME_WORKERINPUT_KEY,
    SELECTED_DONE,
    SELECTED_DONE_KEY,
    deselect_done,
)
from pytest_safeagent.plugin.run_state import RUN_STATE_KEY, RunState
from pytest_safeagent.reportfile.reader import ReportError, SavedRun, fingerprint_differences, load_report
from pytest_safeagent.reporting.run_results import RunResults


class GatingPlugin:
    def __init__(self, config: pytest.Config):
        self.config = config
        self.settings: GatingSettings = parse_gating_settings(config, self.state.run.report_path)
        self._check_gates()
        self.forced_differences: list[str] = []  # fingerprint parts that differ, with --sab-force-compare
        self.baseline: SavedRun | None = self._load_baseline()
        self.resume: ResumeSource | None = self._load_resume()
        self.log: ResultsLogWriter | None = None
        self.log_problem: str | None = None
        self.gate_results: list[GateResult] = []
        self.gate_population: str | None = None  # the population rejection/risk gates counted
        self.comparison: Comparison | None = None
        self.verdict: RunVerdict | None = None
        self._sections: dict[str, Any] | None = None
        self._exit_status: int | None = None

    @property
    def state(self) -> RunState:
        return self.config.stash[RUN_STATE_KEY]

    # --- configure-time checks ------------------------------------------------------------------

    def _check_gates(self) -> None:
        run = self.state.run
        executed = run.simulation is not None
        shapes = [
            ItemShape(
                s.task_type.value,
                s.hazardous,
                s.category.primary if s.category else None,
                s.level,
                strategy,
                executed,
            )
            for s in self.state.samples
            for strategy in run.strategies
        ]
        try:
            check_gates_measurable(self.settings.gates, shapes, self.state.run.judge_protocol)
        except GateError as exc:
            raise option_error("--sab-gate", exc.gate if exc.gate is not None else "", exc.problem) from None

    def _load_baseline(self) -> SavedRun | None:
        path = self.settings.baseline
        if path is None:
            return None
        try:
            baseline = load_report(path)
        except ReportError as exc:
            raise option_error("--sab-baseline", path, str(exc).removeprefix(f"{path}: ")) from None
        differences = fingerprint_differences(baseline.fingerprint, self.state.fingerprint())
        protocols = protocol_mismatch(baseline.fingerprint, self.state.fingerprint())
        if differences and not self.settings.force_compare:
            raise option_error(
                "--sab-baseline",
                path,
                "the runs are not comparable, their fingerprints differ: "
                + "; ".join(differences)
                + (f". {protocols}" if protocols else "")
                + ". Pass --sab-force-compare to compare anyway.",
            )
        self.forced_differences = differences + ([f"WARNING: {protocols}"] if protocols else [])
        return baseline

    def _load_resume(self) -> ResumeSource | None:
        path = self.settings.resume_path
        if path is None:
            return None
        try:
            source = load_resume_source(
                path,
                fingerprint=self.state.fingerprint(),
                model=self.state.run.model,
                selected_ids=self.state.item_ids(),
                check=self._resume_check(),
            )
        except (ResultsLogError, ResumeRefused) as exc:
            raise option_error("--sab-resume", path, str(exc).removeprefix(f"{path}: ")) from None
        return source

    def _resume_check(self) -> Any:
        """A resumed record checked against this run's dataset (runner/play.py: record_disagreement)."""
        from pytest_safeagent.runner.play import record_disagreement

        samples = {sample.sample_id: sample for sample in self.state.samples}

        def check(record: ItemRecord) -> str | None:
            sample = samples.get(record.sample_id)
            if sample is None:
                return f"field 'sample_id': {record.sample_id!r} is not a sample of this run's selection"
            return record_disagreement(record, sample)

        return check

    def _reused(self) -> list[ItemRecord]:
        """The resumed records this run reports (a shard keeps only its own items' records)."""
        assert self.resume is not None
        controller = self.config.pluginmanager.get_plugin("safeagent-controller")
        kept = controller.preloaded_ids() if controller is not None else None
        return [r for r in self.resume.records if kept is None or r.item_id in kept]

    # --- resuming: run only what the log does not hold ---------------------------------------------

    @pytest.hookimpl(optionalhook=True)
    def pytest_configure_node(self, node: Any) -> None:
        if self.resume is not None:
            node.workerinput[RESUME_WORKERINPUT_KEY] = sorted(self.resume.done_ids)

    @pytest.hookimpl(trylast=True)
    def pytest_collection_modifyitems(self, config: pytest.Config, items: list[pytest.Item]) -> None:
        if self.resume is not None:
            deselect_done(config, items, self.resume.done_ids)

    @pytest.hookimpl(optionalhook=True)
    def pytest_testnodedown(self, node: Any, error: Any) -> None:
        """Under xdist: the logged items the workers' selection kept (a partial run's test)."""
        selected = (getattr(node, "workeroutput", None) or {}).get(SELECTED_DONE_KEY)
        if self.resume is not None and selected is not None:
            self.config.stash[SELECTED_DONE] = set(selected)

    def pytest_sab_preloaded_records(self, config: pytest.Config) -> list[ItemRecord] | None:
        """Resumed items keep their records and their place in the report."""
        return list(self.resume.records) if self.resume is not None else None

    # --- the results log --------------------------------------------------------------------------

    def pytest_sessionstart(self, session: pytest.Session) -> None:
        path = self.settings.log_path
        if path is None or self.config.getoption("collectonly"):
            return
        resumed_in_place = self.resume is not None and path.resolve() == self.resume.path.resolve()
        header = {
            "fingerprint": self.state.fingerprint(),
            "config": self.state.configuration(),
            "resumed_from": str(self.resume.path) if self.resume else None,
        }
        carried = () if resumed_in_place or self.resume is None else self.resume.records
        try:
            self.log = ResultsLogWriter.open(path, header, append=resumed_in_place, carried=carried)
        except OSError as exc:
            raise option_error(
                "--sab-log", path, f"cannot write the results log: {exc.strerror or exc}"
            ) from None

    def pytest_sab_record(self, config: pytest.Config, record: ItemRecord, payload: dict) -> None:
        if self.log is None:
            return
        try:
            self.log.append(payload)
        except OSError as exc:  # a full disk must not end the run; it fails the verdict instead
            self.log_problem = (
                f"writing {self.log.path} failed: {exc.strerror or exc}; later items are not in it"
            )
            self.log.close()  # reports nothing new: the failure is the one above
            self.log = None

    # --- the end: gates, baseline, verdict, exit status -------------------------------------------

    def pytest_sab_report_sections(self, config: pytest.Config, results: RunResults, exitstatus: int) -> dict:
        return self._conclude(results, exitstatus)

    def pytest_sab_exit_status(
        self, config: pytest.Config, results: RunResults, exitstatus: int
    ) -> int | None:
        self._conclude(results, exitstatus)
        return self._exit_status

    def _conclude(self, results: RunResults, exitstatus: int) -> dict[str, Any]:
        """Gates, baseline comparison and verdict, once; returns the report sections."""
        if self._sections is not None:
            return self._sections
        if self.log is not None:
            self.log_problem = self.log.close() or self.log_problem
        metrics = results.metrics
        sections: dict[str, Any] = {}
        settings = self.settings
        if settings.log_path is not None and not self.config.getoption("collectonly"):
            sections["results_log"] = str(settings.log_path)
            if self.log_problem:
                sections["results_log_problem"] = self.log_problem
        if self.resume is not None:
            sections["resumed"] = {"log": str(self.resume.path), "items_reused": len(self._reused())}
        if settings.gates:
            self.gate_results = evaluate_gates(list(settings.gates), metrics, settings.min_items)
            self.gate_population = population_note(self.gate_results, metrics)
            sections["gates"] = [result.to_json() for result in self.gate_results]
        if self.baseline is not None:
            self.comparison = compare_with_saved(
                self.baseline,
                results.records,
                metrics,
                tolerance_pp=settings.max_regression_pp,
                alpha=settings.alpha,
            )
            sections["baseline_comparison"] = {
                **self.comparison.to_json(),
                "fingerprint_differences": self.forced_differences,
                "baseline_notes": list(self.baseline.notes),
            }
        self._sections = sections
        if not settings.decides_exit_status:
            if self.resume is not None:
                self._exit_status = self._resumed_exit_status(exitstatus)
            return sections
        self.verdict = decide(
            gate_results=self.gate_results,
            comparison=self.comparison,
            counts=metrics["counts"],
            interrupted=results.interrupted,
            unreadable_records=len(results.bad_records),
            allow_undecided=settings.allow_undecided,
        )
        if self.log_problem:
            self.verdict.failures.append(self.log_problem)
        sections["verdict"] = self.verdict.to_json()
        if not (exitstatus == pytest.ExitCode.NO_TESTS_COLLECTED and not metrics["counts"]["items"]):
            self._exit_status = self.verdict.exit_status(
                exitstatus
            )  # else nothing was selected: pytest's own
        return sections

    def _resumed_exit_status(self, exitstatus: int) -> int:
        """Without gates, a resumed run's status covers the reused items too, as a straight run's would."""
        if exitstatus not in (pytest.ExitCode.OK, pytest.ExitCode.NO_TESTS_COLLECTED):
            return exitstatus
        assert self.resume is not None  # called for resumed runs only
        reused = self._reused()
        if any(record.outcome == "failed" for record in reused):
            return pytest.ExitCode.TESTS_FAILED
        if exitstatus == pytest.ExitCode.NO_TESTS_COLLECTED and reused:
            return pytest.ExitCode.OK  # everything was already judged
        return exitstatus

    @pytest.hookimpl(trylast=True)
    def pytest_terminal_summary(self, terminalreporter: Any, exitstatus: int, config: pytest.Config) -> None:
        if config.getoption("collectonly"):  # nothing was played, logged or gated
            return
        write = terminalreporter.write_line
        if self.resume is not None or self.settings.log_path is not None:
            terminalreporter.section("SafeAgentBench results log")
            if self.resume is not None:
                torn = "; a torn last line was ignored" if self.resume.torn_tail else ""
                write(
                    f"resumed from {self.resume.path}: {len(self._reused())} judged items reused "
                    f"of {self.resume.logged_items} logged{torn}"
                )
            if self.log is not None or self.log_problem:
                write(
                    f"results log: {self.settings.log_path}"
                    + (f" ({self.log_problem})" if self.log_problem else "")
                )
            if exitstatus == pytest.ExitCode.INTERRUPTED and self.settings.log_path is not None:
                write(
                    f"to finish this run: rerun the same command with --sab-resume {self.settings.log_path}"
                )
        if self.comparison is not None and self.baseline is not None:
            terminalreporter.section("SafeAgentBench baseline comparison")
            for note in self.baseline.notes:
                write(note, yellow=True)
            if self.forced_differences:
                write(
                    "fingerprints differ (compared anyway, --sab-force-compare): "
                    + "; ".join(self.forced_differences),
                    yellow=True,
                )
            for line in comparison_lines(self.comparison):
                write(line)
        if self.gate_results:
            terminalreporter.section("SafeAgentBench gates")
            for result, line in zip(self.gate_results, gate_lines(self.gate_results), strict=False):
                write(line, green=result.status == "pass", red=result.status != "pass")
            if self.gate_population:
                write(self.gate_population)
            partial = getattr(config.pluginmanager.get_plugin("safeagent-controller"), "partial", None)
            if partial is not None:
                from pytest_safeagent.plugin.partial_runs import partial_population

                write(partial_population(partial), yellow=True)
        if self.verdict is not None:
            lines = verdict_lines(self.verdict)
            for line in lines[:-1]:
                write(line)
            write(lines[-1], bold=True, green=self.verdict.passed, red=not self.verdict.passed)
