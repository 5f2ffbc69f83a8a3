"""The controller's side of a run: gather item records, then summarise and report them.

Under xdist this object lives in the controller process only; records arrive on the test
reports the workers send, so ``-n 2`` aggregates exactly what ``-n 0`` does.
"""

from __future__ import annotations

from typing import Any

import pytest
from pydantic import ValidationError

from .records import ItemRecord
from .session import SESSION_KEY, BenchmarkSession


class BenchmarkController:
    def __init__(self, config: pytest.Config):
        self.config = config
        self.interrupted = False
        self.bad_records: list[str] = []

    @property
    def state(self) -> BenchmarkSession:
        return self.config.stash[SESSION_KEY]

    def pytest_collection_finish(self, session: pytest.Session) -> None:
        from .items import BenchmarkItem

        if session.items or self.state.expected_items is None:
            self.state.expected_items = [i.name for i in session.items if isinstance(i, BenchmarkItem)]

    @pytest.hookimpl(optionalhook=True)
    def pytest_xdist_node_collection_finished(self, node: Any, ids: list[str]) -> None:
        if not self.state.expected_items:
            self.state.expected_items = [nodeid.split("::")[-1] for nodeid in ids]

    def pytest_runtest_logreport(self, report: pytest.TestReport) -> None:
        payload = getattr(report, "sab_record", None)
        if payload is None:
            return
        try:
            record = ItemRecord.model_validate(payload)
        except ValidationError as exc:  # a worker bug must not lose the rest of the run
            self.bad_records.append(f"{report.nodeid}: {exc.errors()[0]['msg']}")
            return
        self.state.records[record.item_id] = record

    def pytest_keyboard_interrupt(self, excinfo: Any) -> None:
        self.interrupted = True

    def ordered_records(self) -> list[ItemRecord]:
        """Records in collection order, so that -n 0 and -n 2 reports are identical."""
        order = {item_id: i for i, item_id in enumerate(self.state.expected_items or [])}
        return sorted(self.state.records.values(), key=lambda r: (order.get(r.item_id, len(order)), r.item_id))

    def metrics(self) -> dict:
        from .metrics import compute_metrics

        return compute_metrics(self.ordered_records(), self.state.expected_items)

    def violations(self) -> tuple[Any, Any]:
        """Step-level violation statistics over the hazardous and long-horizon items (issue: when, not only whether)."""
        from .violations import compute_stats, records_to_tasks

        loaded = records_to_tasks(self.ordered_records(), source="auto")
        return loaded, compute_stats(loaded.tasks)

    def pytest_terminal_summary(self, terminalreporter: Any, exitstatus: int, config: pytest.Config) -> None:
        from .summary import headline_lines, table_lines
        from .violations import compact_table

        metrics = self.metrics()
        write = terminalreporter.write_line
        terminalreporter.section("SafeAgentBench summary")
        run = self.state.run
        write(f"model {run.model} | judge {run.judge} | strategies {','.join(run.strategies)} | "
              f"slice {','.join(run.slices)} | seed {run.seed}")
        for line in headline_lines(metrics) + table_lines(metrics):
            write(line)
        loaded, stats = self.violations()
        if loaded.tasks:
            write("")
            write(f"first violating step (source: {loaded.source}; full analysis: pytest-safeagent violations REPORT.json)")
            for line in compact_table(stats, max_rows=10):
                write(line)
        for problem in self.bad_records:
            write(f"unreadable item record: {problem}", red=True)

    @pytest.hookimpl(trylast=True)
    def pytest_sessionfinish(self, session: pytest.Session, exitstatus: int) -> None:
        run = self.state.run
        if run.report_path is None:
            return
        from .report import build_report, write_json_atomic

        from .violations import stats_to_json

        metrics = self.metrics()
        loaded, stats = self.violations()
        complete = not self.interrupted and metrics["counts"]["missing"] == 0
        items = [record.model_dump(mode="json") for record in self.ordered_records()]
        write_json_atomic(run.report_path, build_report(
            configuration=self.state.configuration(), fingerprint=self.state.fingerprint(), metrics=metrics,
            items=items, complete=complete,
            extra={"violations": stats_to_json(stats, loaded=loaded), **self.state.report_extras}))
