"""Fixtures of the violation-analysis tests: hand-built inputs on disk (see violation_inputs.py)."""

from __future__ import annotations

from pathlib import Path

import pytest
from violation_inputs import build_osharm_file, build_plugin_report


@pytest.fixture
def osharm_file(tmp_path: Path) -> tuple[Path, Path]:
    """(batch judgment file, trajectory root); the file sits in the root, as the batch judge writes it."""
    return build_osharm_file(tmp_path)


@pytest.fixture
def plugin_report(tmp_path: Path) -> Path:
    """A pytest-safeagent JSON report holding the eight items of ``plugin_items()``."""
    return build_plugin_report(tmp_path)
