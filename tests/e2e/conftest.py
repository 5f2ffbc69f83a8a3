"""Fixtures of the gating tests."""

from __future__ import annotations

from pathlib import Path

import pytest
from gating_helpers import run_benchmark_subprocess


@pytest.fixture(scope="session")
def saved_reports(tmp_path_factory: pytest.TempPathFactory, data_dir: Path) -> dict[str, Path]:
    """JSON reports of the three builtin agents on the default 130-item mix (real pytest subprocesses)."""
    where = tmp_path_factory.mktemp("saved_reports")
    (where / "pytest.ini").write_text("[pytest]\nasyncio_default_fixture_loop_scope = function\n")
    reports = {}
    for model in ("reference", "safe-reference", "refuse-all"):
        path = where / f"{model}.json"
        done = run_benchmark_subprocess(where, f"--sab-model=builtin/{model}", f"--sab-report={path}")
        assert done.returncode in (0, 1), done.stdout + done.stderr
        reports[model] = path
    return reports
