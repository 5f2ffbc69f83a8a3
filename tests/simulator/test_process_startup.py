"""Starting the simulator on a crowded machine: a launch that dies is tried again, a configuration error
is not, and the port comes from the server itself (it binds port 0 and writes the port it got)."""

from __future__ import annotations

import os
import signal
import stat
import subprocess
import sys
import time
from pathlib import Path

import pytest

from pytest_safeagent.simulator import SimulatorError, ThorServerProcess


def _flaky_python(tmp_path: Path, failures: int) -> str:
    """A Python launcher whose first ``failures`` launches die at once with exit code 1."""
    counter = tmp_path / "launches"
    script = tmp_path / "flaky-python"
    script.write_text(f"""#!/bin/sh
n=$(cat {counter} 2>/dev/null || echo 0); n=$((n + 1)); echo $n > {counter}
if [ $n -le {failures} ]; then echo "simulated crash on launch $n"; exit 1; fi
exec {sys.executable} "$@"
""")
    script.chmod(script.stat().st_mode | stat.S_IXUSR)
    return str(script)


def test_a_launch_that_dies_is_tried_again(scenes_dir: Path, tmp_path: Path) -> None:
    log = tmp_path / "s.log"
    server = ThorServerProcess(
        "symbolic", scenes_dir=scenes_dir, log_path=log, python=_flaky_python(tmp_path, 2)
    )
    try:
        server.start()
        assert server.healthy()
    finally:
        server.stop()
    text = log.read_text()
    assert text.count("--- starting:") == 3 and "simulated crash on launch 2" in text
    assert "--port 0 --port-file" in text  # the server chooses its port; nothing is picked beforehand


def test_a_launch_that_keeps_dying_is_one_error_naming_the_launches(scenes_dir: Path, tmp_path: Path) -> None:
    server = ThorServerProcess(
        "symbolic",
        scenes_dir=scenes_dir,
        log_path=tmp_path / "s.log",
        python=_flaky_python(tmp_path, 9),
        start_attempts=2,
    )
    with pytest.raises(SimulatorError, match=r"(?s)exited with code 1 while starting.*launched 2 times"):
        server.start()
    assert (tmp_path / "launches").read_text().strip() == "2"


def test_a_configuration_error_is_not_tried_again(tmp_path: Path) -> None:
    server = ThorServerProcess("symbolic", scenes_dir=tmp_path / "missing", log_path=tmp_path / "bad.log")
    with pytest.raises(SimulatorError, match="exited with code 2 while starting") as raised:
        server.start()
    assert "launched" not in str(raised.value)
    assert (tmp_path / "bad.log").read_text().count("--- starting:") == 1


def _running(pid: int) -> bool:
    try:
        state = Path(f"/proc/{pid}/status").read_text()
    except OSError:
        return False
    return "State:\tZ" not in state


@pytest.mark.skipif(not Path("/proc").is_dir(), reason="reads /proc to see the orphan")
def test_the_simulator_stops_when_the_process_that_started_it_is_killed(
    scenes_dir: Path, tmp_path: Path
) -> None:
    starter = subprocess.Popen(
        [
            sys.executable,
            "-c",
            (
                "import sys, time\n"
                "from pytest_safeagent.simulator import ThorServerProcess\n"
                "server = ThorServerProcess('symbolic', "
                f"scenes_dir={str(scenes_dir)!r}, "
                f"log_path={str(tmp_path / 'o.log')!r})\n"
                "print(server.start().pid, flush=True)\n"
                "time.sleep(600)\n"
            ),
        ],
        stdout=subprocess.PIPE,
        text=True,
    )
    try:
        simulator = int(starter.stdout.readline())
        assert _running(simulator)
    finally:
        os.kill(starter.pid, signal.SIGKILL)  # as pytest-xdist kills a worker that is slow to exit
        starter.wait()
    deadline = time.monotonic() + 30
    while _running(simulator) and time.monotonic() < deadline:
        time.sleep(0.2)
    assert not _running(simulator), "the simulator outlived the process that started it"
