"""The pytest side of ``--sab-shard=K/N``: keep this job's share of the selected benchmark items.

The filter runs in ``pytest_collection_modifyitems`` (trylast, and registered before the resume
plugins, so it sees the selection after ``-k``/``-m``/``--deselect`` but before ``--sab-resume``
takes out what a log already holds): the partition is then the same on every shard, whatever each
has resumed. Under xdist every worker computes the same share from its identical collection, and the
plugin's xdist partition then splits that share among the workers; the controller (which collects
nothing) learns the partition from the workers' ``workeroutput``. The report gets a ``shard`` section.
Tests of your own collected beside the benchmark run in shard 1 only.
"""

from __future__ import annotations

from typing import Any

import pytest

from pytest_safeagent.plugin.errors import option_error
from pytest_safeagent.plugin.option_defaults import add_option
from pytest_safeagent.sharding.partition import Partition, ShardSpec, ShardSpecError, parse_shard

PLUGIN_NAME = "safeagent-shard"
WORKEROUTPUT_KEY = "sab_shard"


def add_shard_options(parser: pytest.Parser) -> None:
    add_option(
        parser.getgroup("safeagent"),
        "--sab-shard",
        metavar="K/N",
        help="play shard K (from 1) of N of the selected items, balanced by expected cost; merge the shards' "
        "reports with 'pytest-safeagent merge' (ini sab_shard)",
    )
    parser.addini("sab_shard", default="", help="see --sab-shard")


def parse_shard_option(config: pytest.Config) -> ShardSpec | None:
    """--sab-shard, else the ini key; None when neither is set. A bad value is one usage error."""
    text, option = config.getoption("--sab-shard"), "--sab-shard"
    if text is None:
        text, option = str(config.getini("sab_shard") or "").strip(), "ini sab_shard"
        if not text:
            return None
    try:
        return parse_shard(text)
    except ShardSpecError as exc:
        raise option_error(option, text, str(exc)) from None


class ShardSelection:
    """Deselects the other shards' items; on the controller, adds the ``shard`` report section."""

    def __init__(self, config: pytest.Config, spec: ShardSpec):
        self.config = config
        self.spec = spec
        self.partition: Partition | None = None

    @pytest.hookimpl(trylast=True)
    def pytest_collection_modifyitems(self, config: pytest.Config, items: list[pytest.Item]) -> None:
        from pytest_safeagent.plugin.items import BenchmarkItem

        selection = [
            (item.name, item.strategy, item.sample.task_type.value)
            for item in items
            if isinstance(item, BenchmarkItem)
        ]
        self.partition = partition = Partition.compute(self.spec, selection)
        mine = set(partition.mine())
        keep: list[pytest.Item] = []
        drop: list[pytest.Item] = []
        for item in items:
            ours = item.name in mine if isinstance(item, BenchmarkItem) else self.spec.index == 1
            (keep if ours else drop).append(item)
        if drop:
            config.hook.pytest_deselected(items=drop)
            items[:] = keep
        workeroutput = getattr(config, "workeroutput", None)
        if workeroutput is not None:
            workeroutput[WORKEROUTPUT_KEY] = {"selection": [list(entry) for entry in selection]}
        self._limit_preloaded(mine)

    @pytest.hookimpl(optionalhook=True)
    def pytest_testnodedown(self, node: Any, error: Any) -> None:
        """On the xdist controller: the partition the workers computed (they all compute the same one)."""
        output = (getattr(node, "workeroutput", None) or {}).get(WORKEROUTPUT_KEY)
        if output is None or self.partition is not None:
            return
        self.partition = Partition.compute(self.spec, [tuple(entry) for entry in output["selection"]])
        self._limit_preloaded(set(self.partition.mine()))

    def _limit_preloaded(self, mine: set[str]) -> None:
        """A resumed shard reports only its own items, even from a log that holds other shards' too."""
        controller = self.config.pluginmanager.get_plugin("safeagent-controller")
        if controller is not None:
            controller.keep_preloaded(mine)

    def pytest_sab_report_sections(self, config: pytest.Config, results: Any, exitstatus: int) -> dict:
        if self.partition is None:
            return {
                "shard": {
                    "index": self.spec.index,
                    "count": self.spec.count,
                    "fingerprint": None,
                    "selection_size": None,
                    "items": [],
                }
            }
        return {"shard": self.partition.to_json()}

    def pytest_report_header(self, config: pytest.Config) -> str:
        return f"safeagent: shard {self.spec} (--sab-shard): this job plays its share of the selected items"

    def pytest_terminal_summary(self, terminalreporter: Any) -> None:
        if self.partition is None:
            return
        mine = self.partition.mine()
        terminalreporter.write_line(
            f"safeagent: shard {self.spec}: {len(mine)} of {len(self.partition.selection)} selected items "
            f"(partition {self.partition.fingerprint()[:19]}); merge the shards' reports with "
            f"'pytest-safeagent merge'"
        )


def register(config: pytest.Config, spec: ShardSpec | None) -> None:
    """Register before the resume plugins: of two trylast hooks pluggy calls the earlier-registered one
    first, so the shard filter sees the selection before the resume deselection."""
    if spec is not None and not config.pluginmanager.has_plugin(PLUGIN_NAME):
        config.pluginmanager.register(ShardSelection(config, spec), PLUGIN_NAME)
