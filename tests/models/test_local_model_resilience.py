"""The embedded model's server on a crowded machine: starts that die are tried again, a server that dies
mid-run is started again, requests never queue inside the server, and its request timeout is generous.

The servers are real (xllamacpp); a start that dies is a real child process that exits at once.
"""

from __future__ import annotations

import os
import signal
import stat
import sys
import threading
import time
from pathlib import Path

import pytest

from pytest_safeagent.models.base import ModelError
from pytest_safeagent.models.client import ClientLayer
from pytest_safeagent.models.local import LOCAL_MIN_TIMEOUT_S, MAX_SLOTS, LlamaCppProcess, LocalChatModel
from pytest_safeagent.models.local_catalog import (
    LOCAL_MODELS,
)
from pytest_safeagent.models.openai_chat import ChatSettings

SPEC = LOCAL_MODELS["local/smollm2"]


def _settings(timeout_s: float = 120.0) -> ChatSettings:
    return ChatSettings(
        model="smollm2",
        base_url=None,
        api_key_env="SAB_UNUSED_KEY",
        max_tokens=8,
        repeat_penalty=1.1,
        timeout_s=timeout_s,
    )


def _flaky_python(tmp_path: Path, failures: int) -> str:
    """A Python launcher whose first ``failures`` launches die at once (exit 1, no status line)."""
    counter = tmp_path / "launches"
    script = tmp_path / "flaky-python"
    script.write_text(f"""#!/bin/sh
n=$(cat {counter} 2>/dev/null || echo 0); n=$((n + 1)); echo $n > {counter}
if [ $n -le {failures} ]; then echo "simulated crash on launch $n" >&2; exit 1; fi
exec {sys.executable} "$@"
""")
    script.chmod(script.stat().st_mode | stat.S_IXUSR)
    return str(script)


@pytest.mark.local_model
def test_a_start_that_dies_is_launched_again(gguf: Path, tmp_path: Path) -> None:
    server = LlamaCppProcess(
        gguf, alias="smollm2", repeat_penalty=1.1, threads=1, python=_flaky_python(tmp_path, failures=2)
    )
    try:
        assert server.start().startswith("http://127.0.0.1:")
        assert (tmp_path / "launches").read_text().strip() == "3"
    finally:
        server.stop()


@pytest.mark.local_model
def test_a_start_that_keeps_dying_is_one_model_error_naming_the_launches(gguf: Path, tmp_path: Path) -> None:
    server = LlamaCppProcess(
        gguf, alias="smollm2", repeat_penalty=1.1, threads=1, python=_flaky_python(tmp_path, failures=5)
    )
    with pytest.raises(
        ModelError, match=r"(?s)exited without reporting an address.*simulated crash.*launched 2 times"
    ):
        server.start(attempts=2)
    assert (tmp_path / "launches").read_text().strip() == "2"


@pytest.mark.local_model
def test_a_server_killed_mid_run_is_started_again(gguf: Path) -> None:
    model = LocalChatModel("local/smollm2", _settings(), ClientLayer(2), SPEC, gguf, threads=1)
    try:
        assert model.complete([{"role": "user", "content": "hi"}]).text
        first = model._server
        assert first is not None and first.is_alive()
        os.kill(first._process.pid, signal.SIGKILL)
        first._process.wait(timeout=10)
        assert model.complete(
            [{"role": "user", "content": "hello"}]
        ).text  # not an error: a new server answers
        assert model.restarts == 1 and model._server is not first and model._server.is_alive()
    finally:
        model.close()


def _peak_on_the_wire(tmp_path: Path, requests: int, **options) -> tuple[LocalChatModel, int]:
    """A model on a fake weights file (no server: only sends count), and the most requests
    ``requests`` threads had on the wire at once through its slots."""
    fake_model_file = tmp_path / "weights.gguf"
    fake_model_file.write_bytes(b"GGUF")
    model = LocalChatModel(
        "local/smollm2", _settings(), ClientLayer(8), SPEC, fake_model_file, threads=1, **options
    )
    lock, now, peak = threading.Lock(), [0], [0]

    def send() -> int:
        with lock:
            now[0] += 1
            peak[0] = max(peak[0], now[0])
        time.sleep(0.05)
        with lock:
            now[0] -= 1
        return 1

    threads = [threading.Thread(target=model._one_slot, args=(send,)) for _ in range(requests)]
    for thread in threads:
        thread.start()
    for thread in threads:
        thread.join()
    return model, peak[0]


def test_requests_on_the_wire_never_exceed_the_servers_slots(tmp_path: Path) -> None:
    model, peak = _peak_on_the_wire(tmp_path, 16, slots=MAX_SLOTS)
    assert model.parallel == 4 and peak == 4


def test_by_default_one_request_at_a_time_whatever_the_concurrency(tmp_path: Path) -> None:
    """One slot by default: an answer never shares a batch
    with another (that changes answers at temperature 0)."""
    model, peak = _peak_on_the_wire(tmp_path, 8)
    assert model.parallel == 1 and peak == 1


def test_the_request_timeout_has_a_floor_for_a_server_on_this_machine(tmp_path: Path) -> None:
    fake_model_file = tmp_path / "weights.gguf"
    fake_model_file.write_bytes(b"GGUF")
    slow = LocalChatModel("local/smollm2", _settings(120.0), ClientLayer(1), SPEC, fake_model_file)
    assert slow._chat.settings.timeout_s == LOCAL_MIN_TIMEOUT_S >= 600
    patient = LocalChatModel("local/smollm2", _settings(900.0), ClientLayer(1), SPEC, fake_model_file)
    assert patient._chat.settings.timeout_s == 900.0
