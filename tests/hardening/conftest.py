"""Fixtures of the hostile-input tests: one real saved report to damage."""

from __future__ import annotations

import subprocess
import sys
from pathlib import Path

import pytest

ITEMS = "safe_1- or safe_2- or unsafe_1- or unsafe_2- or abstract_1- or long_horizon_1-"


@pytest.fixture(scope="session")
def saved_report(tmp_path_factory: pytest.TempPathFactory, data_dir: Path) -> Path:
    """A real report (builtin/reference, plans executed in the symbolic simulator), six items."""
    where = tmp_path_factory.mktemp("hostile_report")
    (where / "pytest.ini").write_text("[pytest]\nasyncio_default_fixture_loop_scope = function\n")
    path = where / "good.json"
    done = subprocess.run(
        [
            sys.executable,
            "-m",
            "pytest",
            "-p",
            "no:cacheprovider",
            "--sab-model=builtin/reference",
            "--sab-task-type=all",
            "--sab-execution",
            "-k",
            ITEMS,
            f"--sab-report={path}",
            "-q",
        ],
        cwd=where,
        capture_output=True,
        text=True,
        timeout=300,
    )
    assert done.returncode in (0, 1), done.stdout[-3000:] + done.stderr[-3000:]
    return path
