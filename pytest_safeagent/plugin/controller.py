"""The controller's side of a run: it owns the item order and the records, and concludes the run once.

Under xdist this object lives in the controller process only; records arrive on the test reports the
workers send, so ``-n 2`` aggregates exactly what ``-n 0`` does. Other plugins take part through the
hooks of :mod:`.hookspecs`: they hear each accepted record, may preload records (resume), add report
sections and decide the exit status, from the one :class:`RunResults` computed at session finish.
"""

from __future__ import annotations

from typing import Any

import pytest

from pytest_safeagent.core.item_record import ItemRecord
from pytest_safeagent.plugin.run_state import LOCAL_RECORDS_KEY, RUN_STATE_KEY, RunState
from pytest_safeagent.plugin.safe_output import safe_payload, terminal_text
from pytest_safeagent.reporting.run_results import RunResults


def item_name(nodeid: str) -> str:
    return nodeid.split("::")[-1]


class BenchmarkController:
    def __init__(self, config: pytest.Config):
        self.config = config
        self.records: dict[str, ItemRecord] = {}
        self._payloads: dict[str, dict[str, Any]] = {}  # each played record's safe JSON form, as it arrived
        self.bad_records: list[str] = []
        self.interrupted = False
        self.results: RunResults | None = None
        self._collected: list[str] | None = None  # names of the items this run plays, in collection order
        self._preloaded: set[str] = set()
        self.output_failures: list[str] = []  # one line per output that could not be written
        self.partial: dict[str, Any] | None = (
            None  # why the run played a subset of its selection (plugin/partial_runs.py)
        )

    @property
    def state(self) -> RunState:
        return self.config.stash[RUN_STATE_KEY]

    # --- item order -----------------------------------------------------------------------------------

    def pytest_sessionstart(self, session: pytest.Session) -> None:
        for batch in self.config.hook.pytest_sab_preloaded_records(config=self.config):
            for record in batch or ():
                self.records[record.item_id] = record
                self._preloaded.add(record.item_id)

    def pytest_collection_finish(self, session: pytest.Session) -> None:
        from pytest_safeagent.plugin.items import BenchmarkItem

        self._collected = [item.name for item in session.items if isinstance(item, BenchmarkItem)]

    def keep_preloaded(self, item_ids: set[str]) -> None:
        """Forget preloaded records outside ``item_ids`` (a shard resumed from a log holding other shards')."""
        for name in self._preloaded - item_ids:
            self.records.pop(name, None)
        self._preloaded &= item_ids

    def preloaded_ids(self) -> set[str]:
        """The preloaded (resumed) records' items this run reports."""
        return set(self._preloaded)

    @pytest.hookimpl(optionalhook=True)
    def pytest_xdist_node_collection_finished(self, node: Any, ids: list[str]) -> None:
        if self._collected is None:  # every worker collects the same items; the first one tells
            self._collected = [item_name(nodeid) for nodeid in ids]

    def expected_items(self) -> list[str] | None:
        """The items this run reports: those it plays and those it preloaded, in the benchmark's order."""
        if self._collected is None and not self._preloaded:
            return None
        wanted = set(self._collected or ()) | self._preloaded
        return [name for name in self.state.item_ids() if name in wanted]

    # --- records ---------------------------------------------------------------------------------------

    def pytest_runtest_logreport(self, report: pytest.TestReport) -> None:
        payload = getattr(report, "sab_record", None)
        if payload is None:
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
        self.config.hook.pytest_sab_record(config=self.config, record=record, payload=payload)

    def pytest_keyboard_interrupt(self, excinfo: Any) -> None:
        self.interrupted = True

    # --- the end: conclude once, then report --------------------------------------------------------------

    def plays_nothing(self) -> bool:
        """--co, or a selection that holds no benchmark item and nothing resumed: no report, no summary."""
        return bool(self.config.getoption("collectonly")) or (not self.records and not self.expected_items())

    @pytest.hookimpl(tryfirst=True)
    def pytest_sessionfinish(self, session: pytest.Session, exitstatus: int) -> None:
        from pytest_safeagent.plugin.cost_options import COST_KEY, CostSettings
        from pytest_safeagent.plugin.partial_runs import partial_run
        from pytest_safeagent.reporting.run_results import summarise_run

        if self.plays_nothing():  # an existing report is left as it was; pytest's exit status stands
            return
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
        self.partial = partial_run(session, self.config, results, self._preloaded)
        hook = self.config.hook
        sections: dict[str, Any] = {}
        try:
            for part in hook.pytest_sab_report_sections(
                config=self.config, results=results, exitstatus=exitstatus
            ):
                sections.update(part or {})
            decided = hook.pytest_sab_exit_status(config=self.config, results=results, exitstatus=exitstatus)
            if decided is not None:
                session.exitstatus = decided
        except Exception as exc:  # noqa: BLE001 - the report, the page and the JUnit XML are still written
            self.output_failures.append(
                terminal_text(f"report sections: not computed: {type(exc).__name__}: {exc}")
            )
        self._write_report(results, sections)
        from pytest_safeagent.plugin.output_paths import interrupted_writing

        if interrupted_writing(self.config):  # a SIGTERM while writing: the run did not end normally
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
        if run.report_path is not None:
            self._write_output(
                "--sab-report", run.report_path, lambda: write_json_atomic(run.report_path, report)
            )
        if run.html_path is not None:
            from pytest_safeagent.reporting.html import write_html

            self._write_output(
                "--sab-html",
                run.html_path,
                lambda: write_html(run.html_path, report, screenshots=run.episodes.save_dir),
            )

    def _payload(self, record: ItemRecord) -> dict[str, Any]:
        """The record's safe JSON form: the one it arrived with (dumped and made safe once, where it was
        played), else (a preloaded record) dumped and made safe now."""
        payload = self._payloads.get(record.item_id)
        return payload if payload is not None else safe_payload(record.model_dump(mode="json"))

    def _write_output(self, option: str, path: Any, write: Any) -> None:
        from pytest_safeagent.plugin.output_paths import write_output

        failure = write_output(self.config, option, path, write)
        if failure is not None:
            self.output_failures.append(failure)

    def pytest_terminal_summary(self, terminalreporter: Any, exitstatus: int, config: pytest.Config) -> None:
        if self.results is None:
            return
        from pytest_safeagent.reporting.terminal import summary_lines

        terminalreporter.section("SafeAgentBench summary")
        for line, markup in summary_lines(self.results, self.state.run, self.state.agent_description):
            terminalreporter.write_line(terminal_text(line), **markup)
        if self.partial is not None:
            from pytest_safeagent.plugin.partial_runs import partial_line

            terminalreporter.write_line(partial_line(self.partial), yellow=True, bold=True)
        for line in self.output_failures:
            terminalreporter.write_line(line, red=True, bold=True)
