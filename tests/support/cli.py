"""The pytest-safeagent command run in a subprocess, as a user runs it."""

from __future__ import annotations

import os
import subprocess
import sys
from pathlib import Path


def cli(*args: str, cwd: Path | None = None) -> subprocess.CompletedProcess:
    """The pytest-safeagent command in a subprocess."""
    return subprocess.run(
        [sys.executable, "-m", "pytest_safeagent.cli.main", *args],
        capture_output=True,
        text=True,
        cwd=cwd,
        timeout=120,
        env={**os.environ, "PYTHONIOENCODING": "utf-8"},
    )
