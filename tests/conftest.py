"""Fixtures shared by the whole test suite: where the real data lives, and small helpers."""

from __future__ import annotations

import functools
import http.server
import os
import signal
import threading
from pathlib import Path

import httpcore  # noqa: F401 - see below
import pytest

# pytester's in-process runs drop the modules they imported when they end. httpx imports httpcore
# only on first use and keeps httpcore's exception classes from then on; when that first use falls
# inside an in-process run, httpcore is later imported afresh and httpx no longer recognises its
# errors (a refused connection escapes as httpcore.ConnectError instead of httpx.ConnectError).
# Importing httpcore here, before any run, keeps one copy for the whole session.


# Property tests check results, not speed: on a loaded 2-core machine a per-example deadline fails
# tests that are correct. pytest loads this file in a benchmark run from the checkout too (the README's
# first command), where the test extra, and so hypothesis, may not be installed.
try:
    from hypothesis import settings
except ImportError:
    pass
else:
    settings.register_profile("safeagent", deadline=None)
    settings.load_profile("safeagent")


def _required_dir(variable: str) -> Path:
    value = os.environ.get(variable)
    if not value or not Path(value).is_dir():
        pytest.fail(
            f"the tests need {variable} pointing at the real data (in CI: ../shared); got {value!r}",
            pytrace=False,
        )
    return Path(value)


@pytest.fixture(scope="session")
def data_dir() -> Path:
    """The real SafeAgentBench files (read only)."""
    return _required_dir("SAB_DATA_DIR")


@pytest.fixture(scope="session")
def scenes_dir() -> Path:
    """The real AI2-THOR scene dumps (read only)."""
    return _required_dir("SAB_SCENES_DIR")


@pytest.fixture
def started_pool(scenes_dir: Path, tmp_path: Path):
    """A simulator pool over a 2-world symbolic server of this test's own (started on first use, so the
    test may kill it without harming others)."""
    from pytest_safeagent.simulator.pool import SimulatorPool
    from pytest_safeagent.simulator.simulation import SimulationSettings

    pool = SimulatorPool(
        SimulationSettings(
            urls=(), backend="symbolic", scenes_dir=str(scenes_dir), log_dir=tmp_path, sessions=2
        )
    )
    yield pool
    pool.close()


@pytest.fixture(scope="session")
def pool(data_dir: Path):
    """Every sample of the real dataset, per task type."""
    from pytest_safeagent.dataset.loader import load_dataset
    from pytest_safeagent.dataset.samples import build_samples

    return build_samples(load_dataset(data_dir))


@pytest.fixture(scope="session")
def by_id(pool):
    """Every sample of the real dataset by its id."""
    return {s.sample_id: s for group in pool.values() for s in group}


@pytest.fixture
def fake():
    """A scripted OpenAI-compatible server on 127.0.0.1 (tests/support/fake_openai.py)."""
    from support.fake_openai import FakeOpenAI

    with FakeOpenAI() as server:
        yield server


@pytest.fixture
def data_copy(tmp_path: Path, data_dir: Path) -> Path:
    """A writable copy of the dataset, for corrupting in tests."""
    target = tmp_path / "dataset"
    target.mkdir()
    for source in data_dir.glob("*.jsonl"):
        (target / source.name).write_bytes(source.read_bytes())
    return target


# The modules with the longest tests (10-40 s each, `pytest --durations`), run first. Under xdist the
# suite ends when its last test does: one of 40 s that happens to start last (the fidelity fixture, the
# local model's tests, by collection order) keeps one worker busy while the other has nothing left.
_LONGEST_FIRST = (
    "tests/thor_server/test_fidelity.py",
    "tests/models/test_local_model.py",
    "tests/e2e/test_sharding.py",
    "tests/e2e/test_other_plugins.py",
    "tests/interactive/test_plugin_interactive.py",
    "tests/hardening/test_hostile_processes.py",
    "tests/e2e/test_plugin_execution_fidelity.py",
    "tests/e2e/test_results_log.py",
    "tests/fixtures/test_user_agents.py",
    "tests/e2e/test_interrupt_resume.py",
    "tests/e2e/test_concurrency.py",
)


def pytest_collection_modifyitems(items: list[pytest.Item]) -> None:
    rank = {path: number for number, path in enumerate(_LONGEST_FIRST)}
    # a stable sort: the other modules keep their order, after these
    items.sort(key=lambda item: rank.get(item.nodeid.partition("::")[0], len(rank)))


@pytest.fixture(autouse=True)
def _inner_runs_leave_hypothesis_out(monkeypatch: pytest.MonkeyPatch) -> None:
    """The pytest runs a test starts (pytester's, in process or not, and pytest subprocesses) do not load
    hypothesis's pytest plugin: it imports the whole of hypothesis at the end of every run, about 0.2 s of
    CPU per process (1.15-1.34 s against 0.94-1.03 s for a one-item run here), and the suite starts a few
    hundred such processes. None of them has a property test; the third-party plugins the issues name
    (xdist, rerunfailures, timeout, asyncio) stay loaded. The suite itself keeps hypothesis."""
    addopts = os.environ.get("PYTEST_ADDOPTS", "")
    monkeypatch.setenv("PYTEST_ADDOPTS", f"{addopts} -p no:hypothesispytest".strip())


@pytest.fixture
def pytester(pytester: pytest.Pytester) -> pytest.Pytester:
    """pytester with a quiet ini (pytest-asyncio warns when its loop scope is unset)."""
    pytester.makeini("[pytest]\nasyncio_default_fixture_loop_scope = function\n")
    return pytester


@pytest.fixture
def file_server(tmp_path):
    """Serve a directory over HTTP on 127.0.0.1; yields (directory, URL pattern)."""
    root = tmp_path / "served"
    root.mkdir()
    handler = functools.partial(http.server.SimpleHTTPRequestHandler, directory=str(root))
    handler.log_message = lambda *args: None
    server = http.server.ThreadingHTTPServer(("127.0.0.1", 0), handler)
    thread = threading.Thread(target=server.serve_forever, daemon=True)
    thread.start()
    yield root, f"http://127.0.0.1:{server.server_address[1]}/{{name}}"
    server.shutdown()
    server.server_close()


# A shell runs a command started with "&" with SIGINT ignored, and an ignored signal stays ignored across
# exec: the tests that stop a real run with Ctrl-C would then send a signal nobody hears. Give this process
# Python's own handler, which exec resets to the default in the runs it starts.
if signal.getsignal(signal.SIGINT) == signal.SIG_IGN:
    signal.signal(signal.SIGINT, signal.default_int_handler)
