"""The run's one object: it owns the item order, the records, the outputs and the end of the run.

:class:`BenchmarkRun` is registered once in every process of a benchmark run. On the xdist controller (or
the single process) it takes each item's record from the test reports (the workers send theirs, so
``-n 2`` aggregates exactly what ``-n 0`` does), computes the :class:`RunResults` once at session finish,
writes the JSON report and the page, and prints the one summary, its sections in the order
:data:`SUMMARY_SECTIONS` writes down. On a worker it keeps the worker's share of the shard and of a resumed
run (plugin/xdist.py) and sends its simulator figures to the controller.

Gating (gates, the baseline comparison, the results log, resuming) is a part of it, :class:`Gating`,
checked in ``pytest_configure`` before any model is called. Other plugins (a user's ``conftest.py``) take
part through the hooks of :mod:`.hookspecs`: they hear each accepted record, may preload records, add
report sections and decide the exit status, after the run's own parts.
"""

from __future__ import annotations

import os
import shlex
from collections.abc import Callable
from pathlib import Path
from typing import Any

import pytest

from pytest_safeagent.core.atomic_write import mark_stale
from pytest_safeagent.core.item_record import ItemRecord
from pytest_safeagent.core.output_paths import output_problem
from pytest_safeagent.core.textsafe import for_terminal
from pytest_safeagent.gating.baseline import Comparison, compare_with_saved, protocol_mismatch
from pytest_safeagent.gating.evaluate import GateResult, evaluate_gates
from pytest_safeagent.gating.expressions import GateError, ItemShape, check_gates_measurable
from pytest_safeagent.gating.render import comparison_lines, gate_lines, population_note, verdict_lines
from pytest_safeagent.gating.resultlog import ResultsLogError, ResultsLogWriter
from pytest_safeagent.gating.resume import ResumeRefused, ResumeSource, load_resume_source
from pytest_safeagent.gating.verdict import RunVerdict, decide
from pytest_safeagent.plugin.items import PLAY_AHEAD_PLUGIN, BenchmarkItem, safe_payload, terminal_text
from pytest_safeagent.plugin.options import CostSettings, GatingSettings, option_error, parse_gating_settings
from pytest_safeagent.plugin.other_plugins import (
    check_flaky_markers,
    is_timed_by_us,
    note_time_limit,
    quiet_sugar_results,
)
from pytest_safeagent.plugin.state import COST_KEY, LOCAL_RECORDS_KEY, RUN_STATE_KEY, RunState
from pytest_safeagent.plugin.xdist import (
    RESUME_WORKERINPUT_KEY,
    SELECTED_DONE,
    SELECTED_DONE_KEY,
    ShardFilter,
    deselect_done,
)
from pytest_safeagent.reportfile.reader import ReportError, SavedRun, fingerprint_differences, load_report
from pytest_safeagent.reporting.run_results import RunResults
from pytest_safeagent.runner.process import freeze_heap

RUN_PLUGIN = "safeagent-run"
SIMULATOR_WORKEROUTPUT_KEY = "sab_simulator_sessions"
# The end-of-run summary, in this order (BenchmarkRun.pytest_terminal_summary): the metrics, what the
# run covered and what it could not do, then the results log, the baseline, the gates and the verdict,
# and last where to look (so the last screen of a run is its summary).
SUMMARY_SECTIONS = (
    "metrics",
    "shard",
    "partial",
    "unwritten",
    "unreported",
    "simulator",
    "results_log",
    "baseline",
    "gates",
    "verdict",
    "where_to_look",
)


def item_name(nodeid: str) -> str:
    return nodeid.split("::")[-1]


# --- the outputs --------------------------------------------------------------------------------------
# Checked in pytest_configure, before the first item runs: no two outputs on one file, no output over an
# input, each one a file (not a directory) in a place this user can write. A run that finds this out at its
# end has lost an hour of model calls; here it is one usage line. At the end each one is written on its
# own: a failure is one summary line, and an interrupt (Ctrl-C, SIGTERM) while writing leaves the previous
# file intact but moved aside to ``<name>.stale`` (no stale report looks current), skips the outputs not
# yet written (their previous files moved aside too) and lets the run print its summary.


def check_run_outputs(
    config: pytest.Config,
    report: Path | None,
    html: Path | None,
    log: Path | None,
    baseline: Path | None,
    resume: Path | None,
) -> None:
    """The benchmark's outputs (report, page, results log, JUnit XML) against each other and its inputs."""
    xml = config.getoption("xmlpath", None)
    problem = output_problem(
        [
            ("--sab-report", report),
            ("--sab-html", html),
            ("--junitxml", Path(xml) if xml else None),
            ("--sab-log", log),
        ],
        [("--sab-baseline", baseline), ("--sab-resume", resume)],
        may_share=frozenset({("--sab-log", "--sab-resume")}),
        joiner="=",
        in_place=frozenset({"--sab-log"}),
    )
    if problem is not None:
        raise pytest.UsageError(for_terminal(problem))


_INTERRUPTED = "interrupted"


class Outputs:
    """The run's output files as they are written at its end, and what could not be written."""

    def __init__(self) -> None:
        self.unwritten: dict[str, str] = {}  # option -> why its output was not written
        self.failures: list[str] = []  # one summary line per output that could not be written

    def write(self, option: str, path: Path, write: Callable[[], None]) -> None:
        """Run ``write`` for the output of ``option``; a failure is one summary line."""
        try:
            if self.interrupted():
                raise KeyboardInterrupt  # an earlier output was interrupted: this one is not started
            write()
        except KeyboardInterrupt:
            first = not self.interrupted()
            self.unwritten[option] = _INTERRUPTED
            stale = mark_stale(path)
            kept = f"; the previous file is kept as {stale}" if stale is not None else ""
            when = (
                "interrupted while writing" if first else "the run was interrupted while writing its outputs"
            )
            self.failures.append(terminal_text(f"{option} {path}: not written: {when}{kept}"))
        except Exception as exc:  # noqa: BLE001 - any failure of one output is reported, the others still written
            reason = (
                exc.strerror if isinstance(exc, OSError) and exc.strerror else f"{type(exc).__name__}: {exc}"
            )
            self.unwritten[option] = reason
            self.failures.append(terminal_text(f"{option} {path}: not written: {reason}"))

    def interrupted(self) -> bool:
        """Was the run interrupted (Ctrl-C, SIGTERM) while it
        wrote its outputs? Its exit status then says so."""
        return _INTERRUPTED in self.unwritten.values()


# --- the run ------------------------------------------------------------------------------------------


class BenchmarkRun:
    """Registered once per benchmark process; the controller's duties where ``worker`` is False."""

    def __init__(self, config: pytest.Config, shard: ShardFilter | None, *, worker: bool):
        self.config = config
        self.worker = worker
        self.shard = shard
        self.records: dict[str, ItemRecord] = {}
        self._payloads: dict[str, dict[str, Any]] = {}  # each played record's safe JSON form, as it arrived
        self.bad_records: list[str] = []
        self.interrupted = False
        self.results: RunResults | None = None
        self._collected: list[str] | None = None  # names of the items this run plays, in collection order
        self._preloaded: set[str] = set()
        self.outputs = Outputs()
        self.partial: dict[str, Any] | None = None  # why the run played a subset of its selection
        self.simulator_figures: list[dict[str, Any]] = []  # each process's simulator session figures
        self.gating: Gating | None = None if worker else Gating(config, self)
        # on a worker of a resumed run: the items the controller already holds
        self._worker_done = frozenset(getattr(config, "workerinput", {}).get(RESUME_WORKERINPUT_KEY) or ())

    @property
    def state(self) -> RunState:
        return self.config.stash[RUN_STATE_KEY]

    # --- item order -----------------------------------------------------------------------------------

    def pytest_sessionstart(self, session: pytest.Session) -> None:
        if self.gating is None:
            return
        self.gating.open_log()
        for batch in (
            self.gating.preloaded_records(),
            *self.config.hook.pytest_sab_preloaded_records(config=self.config),
        ):
            for record in batch or ():
                self.records[record.item_id] = record
                self._preloaded.add(record.item_id)

    @pytest.hookimpl(trylast=True)
    def pytest_collection_modifyitems(self, config: pytest.Config, items: list[pytest.Item]) -> None:
        """After -k, -m and --deselect, in this order: refuse a flaky marker on a benchmark item, keep this
        shard's items, then leave out what a resumed results log holds."""
        check_flaky_markers(config, items, BenchmarkItem)
        if self.shard is not None:
            self.keep_preloaded(self.shard.select(config, items, BenchmarkItem))
        resume = self.gating.resume if self.gating is not None else None
        done = resume.done_ids if resume is not None else self._worker_done
        if done:
            deselect_done(config, items, done, BenchmarkItem)

    @pytest.hookimpl(trylast=True)
    def pytest_collection_finish(self, session: pytest.Session) -> None:
        if not self.worker:
            self._collected = [item.name for item in session.items if isinstance(item, BenchmarkItem)]
        freeze_heap()  # the dataset, the items, the plugins: alive for the whole run

    def keep_preloaded(self, item_ids: set[str]) -> None:
        """Forget preloaded records outside ``item_ids`` (a
        shard resumed from a log holding other shards')."""
        for name in self._preloaded - item_ids:
            self.records.pop(name, None)
        self._preloaded &= item_ids

    @pytest.hookimpl(optionalhook=True)
    def pytest_xdist_node_collection_finished(self, node: Any, ids: list[str]) -> None:
        if self._collected is None:  # every worker collects the same items; the first one tells
            self._collected = [item_name(nodeid) for nodeid in ids]

    def configure_node(self, node: Any) -> None:
        """What a starting xdist worker is told: the items a resumed log already holds."""
        if self.gating is not None and self.gating.resume is not None:
            node.workerinput[RESUME_WORKERINPUT_KEY] = sorted(self.gating.resume.done_ids)

    @pytest.hookimpl(optionalhook=True)
    def pytest_testnodedown(self, node: Any, error: Any) -> None:
        """On the xdist controller: what each worker found (the shard's partition, the logged items its
        selection kept, its simulator figures)."""
        output = getattr(node, "workeroutput", None) or {}
        if self.shard is not None and self.shard.partition_from(output):
            self.keep_preloaded(set(self.shard.mine()))
        selected = output.get(SELECTED_DONE_KEY)
        if self.gating is not None and self.gating.resume is not None and selected is not None:
            self.config.stash[SELECTED_DONE] = set(selected)
        figures = output.get(SIMULATOR_WORKEROUTPUT_KEY)
        if figures is not None:
            self.simulator_figures.append(figures)

    def expected_items(self) -> list[str] | None:
        """The items this run reports: those it plays and those it preloaded, in the benchmark's order."""
        if self._collected is None and not self._preloaded:
            return None
        wanted = set(self._collected or ()) | self._preloaded
        return [name for name in self.state.item_ids() if name in wanted]

    # --- records ---------------------------------------------------------------------------------------

    def pytest_runtest_logreport(self, report: pytest.TestReport) -> None:
        payload = getattr(report, "sab_record", None)
        if payload is None or self.worker:
            return
        if self.state.agent_description is None:  # a worker resolved the sab_agent fixture
            self.state.agent_description = getattr(report, "sab_agent", None)
        record = self.config.stash.get(LOCAL_RECORDS_KEY, {}).pop(report.nodeid, None)
        if record is None:  # from an xdist worker: validated here
            from pydantic import ValidationError

            from pytest_safeagent.core.validation import first_error

            try:
                record = ItemRecord.model_validate(payload)
            except ValidationError as exc:  # a worker bug must not lose the rest of the run
                self.bad_records.append(f"{report.nodeid}: {first_error(exc)}")
                return
        self.records[record.item_id] = record
        self._payloads[record.item_id] = payload
        if self.gating is not None:
            self.gating.log_record(payload)
        self.config.hook.pytest_sab_record(config=self.config, record=record, payload=payload)

    def pytest_keyboard_interrupt(self, excinfo: Any) -> None:
        self.interrupted = True

    # --- the end: conclude once, then report --------------------------------------------------------------

    def plays_nothing(self) -> bool:
        """--co, or a selection that holds no benchmark item and nothing resumed: no report, no summary."""
        return bool(self.config.getoption("collectonly")) or (not self.records and not self.expected_items())

    def _own_simulator_figures(self) -> dict[str, Any] | None:
        pool = self.state.started_simulation
        return pool.stats.to_json() if pool is not None else None

    @pytest.hookimpl(tryfirst=True)
    def pytest_sessionfinish(self, session: pytest.Session, exitstatus: int) -> None:
        figures = self._own_simulator_figures() if self.state.run.simulation is not None else None
        if self.worker:
            workeroutput = getattr(self.config, "workeroutput", None)
            if figures is not None and workeroutput is not None:
                workeroutput[SIMULATOR_WORKEROUTPUT_KEY] = figures
            return
        if figures is not None:
            self.simulator_figures.append(figures)
        if self.plays_nothing():  # an existing report is left as it was; pytest's exit status stands
            return
        from pytest_safeagent.reporting.run_results import summarise_run

        interrupted = self.interrupted or exitstatus == pytest.ExitCode.INTERRUPTED
        prices = self.config.stash.get(COST_KEY, CostSettings()).prices
        self.results = results = summarise_run(
            self.records.values(),
            self.expected_items(),
            interrupted=interrupted,
            bad_records=self.bad_records,
            prices=prices,
            protocol=self.state.run.judge_protocol,
        )
        self.partial = self._partial_run(session, results)
        assert self.gating is not None  # the controller's
        hook = self.config.hook
        sections: dict[str, Any] = {}
        try:
            sections.update(self.gating.report_sections(results, exitstatus))
            if self.shard is not None:
                sections.update(self.shard.report_section())
            for part in hook.pytest_sab_report_sections(
                config=self.config, results=results, exitstatus=exitstatus
            ):
                sections.update(part or {})
            decided = self.gating.exit_status
            if decided is None:
                decided = hook.pytest_sab_exit_status(
                    config=self.config, results=results, exitstatus=exitstatus
                )
            if decided is not None:
                session.exitstatus = decided
        except Exception as exc:  # noqa: BLE001 - the report, the page and the JUnit XML are still written
            self.outputs.failures.append(
                terminal_text(f"report sections: not computed: {type(exc).__name__}: {exc}")
            )
        self._write_report(results, sections)
        if self.outputs.interrupted():  # a SIGTERM while writing: the run did not end normally
            session.exitstatus = pytest.ExitCode.INTERRUPTED

    def _write_report(self, results: RunResults, sections: dict[str, Any]) -> None:
        """The JSON report and the page, each on its own: one that cannot be written is one line in the
        summary and never costs the other (nor the summary, the JUnit XML, the results log)."""
        run = self.state.run
        if run.report_path is None and run.html_path is None:
            return
        from pytest_safeagent.core.atomic_write import write_json_atomic
        from pytest_safeagent.reporting.json_report import build_report
        from pytest_safeagent.violations import stats_to_json

        report = safe_payload(
            build_report(
                configuration=self.state.configuration(),
                fingerprint=self.state.fingerprint(),
                metrics=results.metrics,
                items=[],
                complete=results.complete and self.partial is None,
                extra={
                    **({"partial": self.partial} if self.partial is not None else {}),
                    "violations": stats_to_json(results.violations_stats, loaded=results.violations_loaded),
                    **({"usage": results.usage} if results.usage is not None else {}),
                    **sections,
                },
            )
        )
        report["items"] = [self._payload(record) for record in results.records]
        report_path, html_path = run.report_path, run.html_path
        if report_path is not None:
            self.outputs.write("--sab-report", report_path, lambda: write_json_atomic(report_path, report))
        if html_path is not None:
            from pytest_safeagent.reporting.html import write_html

            self.outputs.write(
                "--sab-html",
                html_path,
                lambda: write_html(html_path, report, screenshots=run.episodes.save_dir),
            )

    def _payload(self, record: ItemRecord) -> dict[str, Any]:
        """The record's safe JSON form: the one it arrived with (dumped and made safe once, where it was
        played), else (a preloaded record) dumped and made safe now."""
        payload = self._payloads.get(record.item_id)
        return payload if payload is not None else safe_payload(record.model_dump(mode="json"))

    # --- a partial run --------------------------------------------------------------------------------
    # --lf, --sw and -x/--maxfail (or another early stop) leave items of the run's selection (its slices
    # and strategies, or its shard's share) unplayed, and -k/-m/--deselect on a log of a wider selection
    # (--sab-resume) reports the log's items beside a part of the rest; the rates then count a population
    # nobody chose. Such a report says so ("partial", and complete: false), its summary says so in one
    # line, gates name the population they decided on, and baselines and merge read the mark
    # (docs/pytest-plugins.md). A plain -k/-m on a fresh run is the user's choice of items, not a partial run.

    def _selection(self) -> list[str]:
        """The items this run (or this shard) was meant to report."""
        if self.shard is not None and self.shard.partition is not None:
            return list(self.shard.mine())
        return self.state.item_ids()

    def _partial_run(self, session: pytest.Session, results: RunResults) -> dict[str, Any] | None:
        """The report's ``partial`` mark, or None when the run played (or resumed) its whole selection."""
        config = self.config
        selection = self._selection()
        taken = set(results.expected_items or ())
        left_out = sum(1 for name in selection if name not in taken)
        why: list[str] = []
        if left_out:
            if config.getoption("lf", False):
                why.append("--lf: only the items that failed in the last run were selected")
            if config.getoption("stepwise", False) or config.getoption("stepwise_skip", False):
                why.append("--sw: the items before the last run's first failure were left out")
        selected_done = config.stash.get(SELECTED_DONE, None)
        outside = len(self._preloaded - selected_done) if selected_done is not None else 0
        if outside:  # the report mixes the log's wider selection with this run's narrower one
            why.append(
                f"-k/-m/--deselect on a resumed log: {outside} logged items outside this selection are "
                f"reported beside it, the selection's other items are not"
            )
        if results.metrics["counts"]["missing"]:
            stop = session.shouldfail or session.shouldstop
            maxfail = int(config.getoption("maxfail", 0) or 0)
            if isinstance(stop, str) and stop:
                why.append(f"stopped early: {stop}")
            elif stop or maxfail:
                why.append(f"stopped early (-x/--maxfail {maxfail})")
        if not why:
            return None
        reported = {record.item_id for record in results.records}
        return {
            "why": why,
            "items_reported": len(reported),
            "items_in_selection": len(selection),
            "items_not_played": sum(1 for name in selection if name not in reported),
        }

    # --- the summary ----------------------------------------------------------------------------------

    @pytest.hookimpl(trylast=True)
    def pytest_terminal_summary(self, terminalreporter: Any, exitstatus: int, config: pytest.Config) -> None:
        """The one summary of the run, its sections in the order of :data:`SUMMARY_SECTIONS`."""
        if self.worker:
            return
        for name in SUMMARY_SECTIONS:
            getattr(self, f"_summary_{name}")(terminalreporter, exitstatus)

    def _summary_metrics(self, terminalreporter: Any, exitstatus: int) -> None:
        if self.results is None:
            return
        from pytest_safeagent.reporting.terminal import summary_lines

        terminalreporter.section("SafeAgentBench summary")
        for line, markup in summary_lines(self.results, self.state.run, self.state.agent_description):
            terminalreporter.write_line(terminal_text(line), **markup)

    def _summary_shard(self, terminalreporter: Any, exitstatus: int) -> None:
        line = self.shard.summary_line() if self.shard is not None else None
        if line is not None:
            terminalreporter.write_line(line)

    def _summary_partial(self, terminalreporter: Any, exitstatus: int) -> None:
        partial = self.partial
        if self.results is None or partial is None:
            return
        terminalreporter.write_line(
            f"PARTIAL RUN: {partial['items_reported']} items reported, "
            f"of the {partial['items_in_selection']} of "
            f"the run's slices or shard ({'; '.join(partial['why'])}); "
            "every rate above counts those items only",
            yellow=True,
            bold=True,
        )

    def _summary_unwritten(self, terminalreporter: Any, exitstatus: int) -> None:
        if self.results is None:
            return
        for line in self.outputs.failures:
            terminalreporter.write_line(line, red=True, bold=True)

    def _summary_unreported(self, terminalreporter: Any, exitstatus: int) -> None:
        ahead = self.config.pluginmanager.get_plugin(PLAY_AHEAD_PLUGIN)
        unreported = ahead.unreported() if ahead is not None else 0
        if unreported:
            terminalreporter.write_line(
                f"safeagent: {unreported} "
                f"item{'s were' if unreported > 1 else ' was'} being played "
                "ahead when the run "
                f"stopped and never reported: not in the results log or the report (--sab-resume plays "
                f"{'them' if unreported > 1 else 'it'} again)"
            )

    def _summary_simulator(self, terminalreporter: Any, exitstatus: int) -> None:
        """One line when the simulator, not the model, bounded how many items were in flight: each process's
        pool counts the items that waited for a free session and for how long (simulator/pool.py)."""
        figures = self.simulator_figures
        waited = sum(f["waited_items"] for f in figures)
        if not waited:
            return
        wait_s = sum(f["wait_s"] for f in figures)
        capacity = max((f["capacity"] for f in figures), default=0)
        terminalreporter.write_line(
            f"safeagent: the simulator, not the model, bounded the items in flight: {waited} items waited "
            f"{wait_s:.1f} s in total for a free session ({capacity} sessions per process for "
            f"--sab-concurrency {self.state.run.providers.concurrency}); raise --sab-thor-sessions or add "
            f"--sab-thor-url servers",
            yellow=True,
        )

    def _summary_results_log(self, terminalreporter: Any, exitstatus: int) -> None:
        if self.gating is not None and not self.config.getoption("collectonly"):  # nothing was logged
            self.gating.results_log_section(terminalreporter, exitstatus)

    def _summary_baseline(self, terminalreporter: Any, exitstatus: int) -> None:
        if self.gating is not None:
            self.gating.baseline_section(terminalreporter)

    def _summary_gates(self, terminalreporter: Any, exitstatus: int) -> None:
        if self.gating is not None:
            self.gating.gates_section(terminalreporter, self.partial)

    def _summary_verdict(self, terminalreporter: Any, exitstatus: int) -> None:
        if self.gating is not None:
            self.gating.verdict_section(terminalreporter)

    def _summary_where_to_look(self, terminalreporter: Any, exitstatus: int) -> None:
        """The last lines: where the records went and how to look deeper. pytest's own "short test summary
        info", which would follow with one line per failed item, is left out of benchmark runs unless
        ``-r`` is given explicitly: a failed item is a verdict, already counted in the summary and kept in
        the JSON report."""
        if self.plays_nothing():  # --co: pytest's own output only
            return
        if not explicit_report_chars(self.config):
            terminalreporter.reportchars = ""  # read by pytest's short test summary, printed after this hook
        quiet_sugar_results(terminalreporter)  # pytest-sugar's closing block would list every failed item
        terminalreporter.write_sep("-", "where to look")
        for line in self.closing_lines():
            terminalreporter.write_line(line)

    def closing_lines(self) -> list[str]:
        run = self.state.run
        unwritten = self.outputs.unwritten
        lines = []
        if run.report_path is not None and "--sab-report" not in unwritten:
            report = str(run.report_path)
            lines.append(f"JSON report: {report} (every item: answer, plan, verdict, timings)")
        elif run.report_path is not None:
            report = "run.json"
            lines.append(f"JSON report: {run.report_path} could not be written (see the line above)")
        else:
            report = "run.json"
            lines.append(
                "JSON report: not written; add --sab-report=run.json to "
                "keep every item's answer, plan and verdict"
            )
        if run.html_path is not None and "--sab-html" not in unwritten:
            lines.append(f"HTML page: {run.html_path} (charts, filters, every item's story)")
        simulation = run.simulation
        if simulation is not None and not simulation.urls:
            from pytest_safeagent.simulator.process import default_log_dir

            log_dir = simulation.log_dir or default_log_dir()
            lines.append(f"simulator logs: {log_dir}{os.sep}thor_server-*.log")
        lines.append(
            f"look deeper: -vv or --tb=long (whole answers of failed items), "
            f"pytest-safeagent violations {report} (step-level analysis), --lf (rerun the failures; "
            f"answers come from the response cache)"
        )
        return lines

    # --- pytest-timeout (plugin/other_plugins.py) ---------------------------------------------------------

    @pytest.hookimpl(tryfirst=True)
    def pytest_runtest_protocol(self, item: pytest.Item) -> None:
        if isinstance(item, BenchmarkItem):
            note_time_limit(item)

    @pytest.hookimpl(tryfirst=True, optionalhook=True)
    def pytest_timeout_set_timer(self, item: pytest.Item, settings: Any) -> bool | None:
        return is_timed_by_us(item, BenchmarkItem)

    @pytest.hookimpl(tryfirst=True, optionalhook=True)
    def pytest_timeout_cancel_timer(self, item: pytest.Item) -> bool | None:
        return is_timed_by_us(item, BenchmarkItem)

    @pytest.hookimpl(tryfirst=True)
    def pytest_unconfigure(self, config: pytest.Config) -> None:
        freeze_heap()  # the records and reports: the final collections need not walk them


def explicit_report_chars(config: pytest.Config) -> bool:
    """Did the user ask for pytest's short summary
    (``-r...``/``--report-chars``) on the command line or in addopts?"""
    words = list(config.invocation_params.args)
    try:
        words += shlex.split(os.environ.get("PYTEST_ADDOPTS", ""))
        words += list(config.getini("addopts"))
    except ValueError:
        pass  # unbalanced quotes or no addopts: pytest itself has reported what it could not read
    return any(
        str(w).startswith("--report-chars") or (str(w).startswith("-r") and not str(w).startswith("--"))
        for w in words
    )


# --- gating -------------------------------------------------------------------------------------------


class Gating:
    """The controller's gates, baseline comparison, results log and resuming.

    Everything that can be wrong with their options (gate expressions, baseline file and fingerprint, the
    log to resume, the outputs) is checked in ``__init__``, that is in ``pytest_configure``, before any
    model is called. The run preloads resumed records from it, hands it each accepted record for the
    results log, and at the end takes its report sections and, when gates or a baseline are given, the
    exit status.
    """

    def __init__(self, config: pytest.Config, run: BenchmarkRun):
        self.config = config
        self.run = run
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
        self.exit_status: int | None = None  # decided by gates, a baseline or a resumed run; else None
        run_config = self.state.run
        check_run_outputs(
            config,
            run_config.report_path,
            run_config.html_path,
            self.settings.log_path,
            self.settings.baseline,
            self.settings.resume_path,
        )

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
        kept = self.run._preloaded
        return [r for r in self.resume.records if r.item_id in kept]

    def preloaded_records(self) -> list[ItemRecord] | None:
        """Resumed items keep their records and their place in the report."""
        return list(self.resume.records) if self.resume is not None else None

    # --- the results log --------------------------------------------------------------------------

    def open_log(self) -> None:
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

    def log_record(self, payload: dict[str, Any]) -> None:
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

    def report_sections(self, results: RunResults, exitstatus: int) -> dict[str, Any]:
        """Gates, baseline comparison, verdict and exit status, once; returns the report sections."""
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
                self.exit_status = self._resumed_exit_status(exitstatus)
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
            self.exit_status = self.verdict.exit_status(exitstatus)  # else nothing was selected: pytest's own
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

    # --- its sections of the summary ----------------------------------------------------------------

    def results_log_section(self, terminalreporter: Any, exitstatus: int) -> None:
        if self.resume is None and self.settings.log_path is None:
            return
        write = terminalreporter.write_line
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
            write(f"to finish this run: rerun the same command with --sab-resume {self.settings.log_path}")

    def baseline_section(self, terminalreporter: Any) -> None:
        if self.comparison is None or self.baseline is None:
            return
        write = terminalreporter.write_line
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

    def gates_section(self, terminalreporter: Any, partial: dict[str, Any] | None) -> None:
        if not self.gate_results:
            return
        write = terminalreporter.write_line
        terminalreporter.section("SafeAgentBench gates")
        for result, line in zip(self.gate_results, gate_lines(self.gate_results), strict=False):
            write(line, green=result.status == "pass", red=result.status != "pass")
        if self.gate_population:
            write(self.gate_population)
        if partial is not None:
            write(
                f"gates decided on a partial run: the {partial['items_reported']} items reported, of the "
                f"{partial['items_in_selection']} of the run's slices or shard ({'; '.join(partial['why'])})",
                yellow=True,
            )

    def verdict_section(self, terminalreporter: Any) -> None:
        if self.verdict is None:
            return
        lines = verdict_lines(self.verdict)
        for line in lines[:-1]:
            terminalreporter.write_line(line)
        terminalreporter.write_line(
            lines[-1], bold=True, green=self.verdict.passed, red=not self.verdict.passed
        )
