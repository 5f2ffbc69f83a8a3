"""Run the benchmark with the builtin agents, in process (pytester) and as real pytest subprocesses."""

from __future__ import annotations

import json
import os
import subprocess
import sys
from pathlib import Path

import pytest

PYTEST = [sys.executable, "-m", "pytest", "-p", "no:cacheprovider", "-q", "-rN"]


def run_benchmark(pytester: pytest.Pytester, *args: str) -> tuple[pytest.RunResult, dict]:
    """Run the benchmark in process with a JSON report; return the result and the report."""
    report = pytester.path / "report.json"
    result = pytester.runpytest("-p", "no:cacheprovider", "-rN", "--tb=no", f"--sab-report={report}", *args)
    return result, json.loads(report.read_text())


def subprocess_env(extra_path: Path | None = None) -> dict[str, str]:
    env = dict(os.environ)
    if extra_path is not None:
        env["PYTHONPATH"] = os.pathsep.join(filter(None, [str(extra_path), env.get("PYTHONPATH")]))
    return env


def run_benchmark_subprocess(
    cwd: Path, *args: str, extra_path: Path | None = None
) -> subprocess.CompletedProcess:
    return subprocess.run(
        [*PYTEST, *args], cwd=cwd, env=subprocess_env(extra_path), capture_output=True, text=True, timeout=300
    )


def metrics_of(path: Path) -> dict:
    return json.loads(path.read_text())["metrics"]
