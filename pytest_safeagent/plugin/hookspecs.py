"""The hooks pytest-safeagent's own plugins cooperate
through (declared, as pytest-xdist and pytest-benchmark do).

The run object (plugin/run.py) owns the run's records and item order and computes the results once; other
plugins (a user's conftest.py) hear about records and contribute report sections and the exit status through
these hooks, never by reaching into the run. The run's own parts (gating, the shard) come first: their
records, sections and exit status are taken before the hooks' results.
"""

from __future__ import annotations

from typing import TYPE_CHECKING, Any

import pytest

if TYPE_CHECKING:
    from pytest_safeagent.core.item_record import ItemRecord
    from pytest_safeagent.reporting.run_results import RunResults

hookspec = pytest.hookspec  # pluggy's HookspecMarker for the "pytest" project


@hookspec
def pytest_sab_preloaded_records(config: pytest.Config) -> list[ItemRecord] | None:
    """Records of items this run reports without playing them (a resumed run's judged items).

    Called once by the run at session start, after the resumed log's records; every non-None result is taken.
    """


@hookspec
def pytest_sab_record(config: pytest.Config, record: ItemRecord, payload: dict[str, Any]) -> None:
    """An item's record as the run accepted it, in completion order (``payload`` is its JSON form)."""


@hookspec
def pytest_sab_report_sections(
    config: pytest.Config, results: RunResults, exitstatus: int
) -> dict[str, Any] | None:
    """Sections to add to the JSON report (merged after the run's own); called once at session finish."""


@hookspec(firstresult=True)
def pytest_sab_exit_status(config: pytest.Config, results: RunResults, exitstatus: int) -> int | None:
    """The session's exit status when a plugin decides it; None leaves pytest's. Asked only when the run's
    gates, baseline or resumed log do not decide it."""
