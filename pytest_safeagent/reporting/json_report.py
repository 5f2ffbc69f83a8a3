"""The JSON report (``--sab-report``): configuration, fingerprint, metrics and every item record, as
one dict (plugin/run.py writes it atomically, so a reader never sees half a report).
The schema is documented in docs/report.md; ``schema_version`` changes when it breaks.
"""

from __future__ import annotations

from datetime import datetime, timezone

from pytest_safeagent import __version__
from pytest_safeagent.core.item_record import REPORT_SCHEMA_VERSION


def build_report(
    *,
    configuration: dict,
    fingerprint: dict,
    metrics: dict,
    items: list[dict],
    complete: bool,
    extra: dict | None = None,
) -> dict:
    return {
        "schema_version": REPORT_SCHEMA_VERSION,
        "tool": {"name": "pytest-safeagent", "version": __version__},
        "created": datetime.now(timezone.utc).isoformat(timespec="seconds"),
        "complete": complete,
        "config": configuration,
        "fingerprint": fingerprint,
        "metrics": metrics,
        **(extra or {}),
        "items": items,
    }
