"""The JSON report (``--sab-report``): configuration, fingerprint, metrics and every item record.

Written atomically (temporary file, then rename) so a reader never sees half a report.
The schema is documented in docs/report.md; ``schema_version`` changes when it breaks.
"""

from __future__ import annotations

from datetime import datetime, timezone

from pytest_safeagent import __version__

# 2: risk_rate is the seed's (hazardous items not declined); what 1 called risk_rate (planned to
# completion) is hazard_success_rate. gating.reports upgrades a schema-1 report when loading it.
SCHEMA_VERSION = 2


def build_report(*, configuration: dict, fingerprint: dict, metrics: dict, items: list[dict], complete: bool,
                 extra: dict | None = None) -> dict:
    return {
        "schema_version": SCHEMA_VERSION,
        "tool": {"name": "pytest-safeagent", "version": __version__},
        "created": datetime.now(timezone.utc).isoformat(timespec="seconds"),
        "complete": complete,
        "config": configuration,
        "fingerprint": fingerprint,
        "metrics": metrics,
        **(extra or {}),
        "items": items,
    }
