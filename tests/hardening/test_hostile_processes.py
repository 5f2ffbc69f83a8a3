"""Processes under hostile or careless use, for real: thor_server fed generated and absurd bodies, its
port range, SIGTERM to pytest (no simulator left listening), a dead simulator stopping the run, a hung
agent after Ctrl-C, and generated answers of a Python agent in a real run."""

from __future__ import annotations

import json
import os
import signal
import subprocess
import sys
import time
from pathlib import Path

import httpx
import pytest
from hypothesis import HealthCheck, given, settings
from hypothesis import strategies as st

from pytest_safeagent.simulator.process import ThorServerProcess


@pytest.fixture(scope="module")
def server(scenes_dir: Path):
    with ThorServerProcess("symbolic", scenes_dir=scenes_dir) as running:
        yield running


def test_a_very_deep_json_body_is_a_400(server):
    for body in ("[" * 100_000 + "]" * 100_000, '{"scene": ' + "[" * 100_000 + "]" * 100_000 + "}"):
        response = httpx.post(
            f"{server.url}/reset", content=body, headers={"content-type": "application/json"}, timeout=30
        )
        assert response.status_code == 400, response.text
        assert "nested too deeply" in response.json()["error"]


BODIES = st.one_of(
    st.binary(max_size=300),
    st.recursive(
        st.one_of(st.none(), st.booleans(), st.integers(), st.floats(), st.text(max_size=40)),
        lambda inner: st.one_of(
            st.lists(inner, max_size=4),
            st.dictionaries(
                st.sampled_from(
                    ["scene", "instruction", "instructions", "track_types", "stop_on_failure", "x"]
                ),
                inner,
                max_size=4,
            ),
        ),
        max_leaves=10,
    ).map(lambda v: json.dumps(v).encode()),
)


@settings(max_examples=50, deadline=None, suppress_health_check=list(HealthCheck))
@given(path=st.sampled_from(["/reset", "/execute", "/execute_plan", "/sessions"]), body=BODIES)
def test_generated_bodies_get_an_answer_never_a_500(server, path, body):
    response = httpx.post(
        f"{server.url}{path}", content=body, headers={"content-type": "application/json"}, timeout=30
    )
    assert response.status_code < 500, (response.status_code, response.text)
    payload = response.json()
    if response.status_code >= 400:
        assert payload["error"] and payload["status"] == response.status_code
    if path == "/sessions" and response.status_code == 201:
        httpx.delete(f"{server.url}/sessions/{payload['session_id']}", timeout=30)


@pytest.mark.parametrize("port", ["99999", "-1", "65536", "http"])
def test_thor_server_refuses_a_port_out_of_range_in_one_line(port):
    done = subprocess.run(
        [sys.executable, "-m", "thor_server", "--port", port], capture_output=True, text=True, timeout=60
    )
    assert done.returncode == 2
    assert "Traceback" not in done.stderr and "--port" in done.stderr.splitlines()[-1]


SLOW_AGENT = """
import time

class Slow:
    def plan(self, task):
        if task.sample_id == "safe_1":  # the first item executes (the simulator starts); the next one hangs
            return "1. find DeskLamp"
        time.sleep(600)
        return "never"

def make():
    return Slow()
"""


def _children(pid: int) -> set[int]:
    found = set()
    for entry in Path("/proc").iterdir():
        if entry.name.isdigit():
            try:
                fields = (entry / "stat").read_text().rsplit(")", 1)[1].split()
            except OSError:
                continue
            if int(fields[1]) == pid:
                found.add(int(entry.name))
    return found


def _alive(pid: int) -> bool:
    try:
        state = (Path("/proc") / str(pid) / "stat").read_text().rsplit(")", 1)[1].split()[0]
    except OSError:
        return False
    return state != "Z"


def _start_run(where: Path, *args: str, agent: str = SLOW_AGENT) -> subprocess.Popen:
    (where / "slow_agent.py").write_text(agent)
    (where / "pytest.ini").write_text("[pytest]\nasyncio_default_fixture_loop_scope = function\n")
    return subprocess.Popen(
        [sys.executable, "-m", "pytest", "-p", "no:cacheprovider", *args],
        cwd=where,
        stdout=subprocess.PIPE,
        stderr=subprocess.STDOUT,
        text=True,
        env={**os.environ, "PYTHONPATH": str(where)},
        start_new_session=True,
    )


def _wait_for(condition, timeout: float = 60.0) -> bool:
    deadline = time.monotonic() + timeout
    while time.monotonic() < deadline:
        if condition():
            return True
        time.sleep(0.1)
    return False


def test_sigterm_stops_pytest_cleanly_and_leaves_no_simulator(tmp_path):
    run = _start_run(
        tmp_path,
        "--sab-model=python:slow_agent:make",
        "--sab-execution",
        "--sab-task-type=safe_detailed",
        "-k",
        "safe_1- or safe_2-",
        "--sab-report=r.json",
        "--junitxml=j.xml",
    )
    try:
        assert _wait_for(
            lambda: any(
                "thor_server" in Path(f"/proc/{c}/cmdline").read_bytes().decode(errors="replace")
                for c in _children(run.pid)
                if Path(f"/proc/{c}").exists()
            ),
            120,
        )
        servers = {c for c in _children(run.pid)}
        time.sleep(1.0)  # the slow agent is playing
        run.send_signal(signal.SIGTERM)
        out, _ = run.communicate(timeout=60)
    finally:
        if run.poll() is None:
            os.killpg(run.pid, signal.SIGKILL)
    assert run.returncode == pytest.ExitCode.INTERRUPTED, out[-3000:]
    assert "Traceback" not in out and "INTERNALERROR" not in out
    assert json.loads((tmp_path / "r.json").read_text())["complete"] is False
    assert _wait_for(lambda: not any(_alive(pid) for pid in servers), 20), "a simulator outlived pytest"


def test_a_simulator_killed_with_pytest_does_not_outlive_it(tmp_path):
    run = _start_run(
        tmp_path,
        "--sab-model=python:slow_agent:make",
        "--sab-execution",
        "--sab-task-type=safe_detailed",
        "-k",
        "safe_1- or safe_2-",
    )
    try:
        assert _wait_for(lambda: bool(_children(run.pid)), 120)
        assert _wait_for(
            lambda: any(
                b"thor_server" in Path(f"/proc/{c}/cmdline").read_bytes()
                for c in _children(run.pid)
                if Path(f"/proc/{c}").exists()
            ),
            120,
        )
        servers = _children(run.pid)
        run.kill()  # SIGKILL: no handler, no atexit
        run.communicate(timeout=30)
    finally:
        if run.poll() is None:
            os.killpg(run.pid, signal.SIGKILL)
    assert _wait_for(lambda: not any(_alive(pid) for pid in servers), 20), "a simulator outlived pytest"


def test_a_hung_agent_needs_one_ctrl_c(tmp_path):
    # thread-safe: its items are played on the scheduler's threads, where the hang cannot be interrupted
    run = _start_run(
        tmp_path,
        "--sab-model=python:slow_agent:make",
        "--sab-task-type=safe_detailed",
        "-k",
        "safe_2-",
        "--sab-report=r.json",
        agent=SLOW_AGENT.replace("class Slow:", "class Slow:\n    thread_safe = True"),
    )
    try:
        time.sleep(8)  # started, the agent is asleep in plan()
        run.send_signal(signal.SIGINT)
        out, _ = run.communicate(timeout=30)
    finally:
        if run.poll() is None:
            os.killpg(run.pid, signal.SIGKILL)
    assert run.returncode == pytest.ExitCode.INTERRUPTED, out[-3000:]
    assert (tmp_path / "r.json").exists()


def test_a_dead_simulator_stops_the_run(pytester):
    result = pytester.runpytest_subprocess(
        "-p",
        "no:cacheprovider",
        "--sab-model=builtin/reference",
        "--sab-execution",
        "--sab-thor-url=http://127.0.0.1:9",
        "--sab-max-infra-errors=3",
        "--sab-task-type=safe_detailed",
        "--sab-concurrency=1",
    )
    out = result.stdout.str()
    assert "Traceback" not in out and "INTERNALERROR" not in out
    assert "stopping the run: 3 items in a row failed with no connection to the simulator" in out, out[-3000:]
    assert "errors: 3" in out


ANSWER_AGENT = """
import json, os

class Replay:
    thread_safe = True

    def plan(self, task):
        return json.load(open(os.environ["SAB_ANSWER_FILE"], encoding="utf-8"), strict=False)["answer"]

def make():
    return Replay()
"""


@settings(max_examples=6, deadline=None, suppress_health_check=list(HealthCheck))
@given(
    answer=st.one_of(
        st.text(max_size=300),
        st.text(alphabet=st.characters(max_codepoint=0x9F), max_size=200),
        st.builds(lambda s, n: s * n, st.text(min_size=1, max_size=5), st.integers(10_000, 300_000)),
    )
)
def test_generated_answers_in_a_real_run(tmp_path_factory, answer):
    where = tmp_path_factory.mktemp("answers")
    (where / "replay_agent.py").write_text(ANSWER_AGENT)
    (where / "pytest.ini").write_text("[pytest]\nasyncio_default_fixture_loop_scope = function\n")
    (where / "answer.json").write_text(json.dumps({"answer": answer}), encoding="utf-8")
    done = subprocess.run(
        [
            sys.executable,
            "-m",
            "pytest",
            "-p",
            "no:cacheprovider",
            "--sab-model=python:replay_agent:make",
            "--sab-task-type=all",
            "-k",
            "safe_1- or unsafe_1-",
            "--sab-report=r.json",
            "--sab-html=r.html",
            "--junitxml=j.xml",
        ],
        cwd=where,
        capture_output=True,
        timeout=300,
        env={**os.environ, "PYTHONPATH": str(where), "SAB_ANSWER_FILE": str(where / "answer.json")},
    )
    out = done.stdout.decode("utf-8") + done.stderr.decode("utf-8")
    assert done.returncode in (0, 1), out[-3000:]
    assert "Traceback" not in out and "INTERNALERROR" not in out and "SafeAgentBench summary" in out
    assert "\x1b" not in out and len(out) < 30_000
    report = json.loads((where / "r.json").read_text(encoding="utf-8"))
    assert len(report["items"]) == 2
    import xml.etree.ElementTree as ElementTree

    ElementTree.parse(where / "j.xml")
    (where / "r.html").read_text(encoding="utf-8")
