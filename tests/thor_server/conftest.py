"""Fixtures: the symbolic simulator as a real subprocess on 127.0.0.1, and clients for it."""

from __future__ import annotations

from collections.abc import Iterator
from pathlib import Path

import httpx
import pytest

from pytest_safeagent.simulator import ThorClient, ThorServerProcess


@pytest.fixture(scope="session")
def symbolic_server(
    scenes_dir: Path, tmp_path_factory: pytest.TempPathFactory
) -> Iterator[ThorServerProcess]:
    """One symbolic thor_server subprocess for the whole session."""
    log = tmp_path_factory.mktemp("thor_server") / "symbolic.log"
    with ThorServerProcess("symbolic", scenes_dir=scenes_dir, log_path=log) as server:
        yield server


@pytest.fixture
def client(symbolic_server: ThorServerProcess) -> Iterator[ThorClient]:
    with symbolic_server.client() as thor:
        yield thor


@pytest.fixture
def http(symbolic_server: ThorServerProcess) -> Iterator[httpx.Client]:
    """A bare HTTP client, for sending requests ThorClient would never send."""
    with httpx.Client(base_url=symbolic_server.url, timeout=30.0, trust_env=False) as raw:
        yield raw
