"""The embedded local model (SmolLM2-135M on llama.cpp via xllamacpp), for real: no fakes.

Selected with ``-m local_model``; skipped with the reason when the ``local`` extra is not installed.
"""

from __future__ import annotations

import json
import os
import subprocess
import sys
import textwrap
import time
import urllib.error
import urllib.request

import pytest

from pytest_safeagent.dataset.loader import load_dataset
from pytest_safeagent.dataset.samples import build_samples
from pytest_safeagent.dataset.selection import select_samples
from pytest_safeagent.models.catalog import SpecError, parse_spec
from pytest_safeagent.models.cache import ResponseCache
from pytest_safeagent.models.client import ClientLayer
from pytest_safeagent.models.local import LOCAL_MODELS, LocalChatModel, LocalModelUnavailable, check_available
from pytest_safeagent.models.openai_chat import ChatSettings

pytestmark = pytest.mark.local_model
SPEC = LOCAL_MODELS["local/smollm2"]


@pytest.fixture(scope="module")
def gguf():
    try:
        return check_available(SPEC)
    except LocalModelUnavailable as exc:
        pytest.skip(f"local model not installed: {exc}")


def _model(gguf, cache=None) -> LocalChatModel:
    settings = ChatSettings(model="smollm2", base_url=None, api_key_env="SAB_UNUSED_KEY", max_tokens=48,
                            repeat_penalty=1.1)
    return LocalChatModel("local/smollm2", settings, ClientLayer(1, cache), SPEC, gguf, threads=1)


def _reachable(base_url: str) -> bool:
    try:
        urllib.request.urlopen(base_url.removesuffix("/v1") + "/health", timeout=2)
        return True
    except (urllib.error.URLError, OSError):
        return False


def test_the_provider_table_names_exactly_the_local_models():
    for name in LOCAL_MODELS:
        assert str(parse_spec(name, "model")) == name
    with pytest.raises(SpecError, match="unknown local model; choose from local/smollm2"):
        parse_spec("local/llama-70b", "model")
    with pytest.raises(SpecError, match="too small to judge"):
        parse_spec("local/smollm2", "judge")


def test_starts_on_first_request_answers_and_stops(gguf, tmp_path):
    model = _model(gguf, ResponseCache(tmp_path, "on"))
    assert model.startup_s is None  # nothing started before the first request
    messages = [{"role": "user", "content": "Task: put the mug in the sink. List the robot's actions."}]
    try:
        reply = model.complete(messages)
        server = model._server
        assert reply.text.strip() and reply.usage["completion_tokens"] > 0 and not reply.cached
        assert server.base_url.startswith("http://127.0.0.1:") and 0 < model.startup_s < 60
        assert _reachable(server.base_url)
    finally:
        model.close()
    assert server._process is None and not _reachable(server.base_url)
    # the same request later is answered from the cache, without starting a server
    again = _model(gguf, ResponseCache(tmp_path, "on"))
    try:
        cached = again.complete(messages)
        assert cached.cached and cached.text == reply.text and again.startup_s is None
    finally:
        again.close()


def test_server_exits_when_its_parent_dies(gguf, tmp_path):
    script = textwrap.dedent(f"""
        import os, sys
        from pathlib import Path
        from pytest_safeagent.models.local import LlamaCppProcess
        server = LlamaCppProcess(Path({str(gguf)!r}), alias="smollm2", repeat_penalty=1.1, threads=1)
        server.start()
        print(server._process.pid, server.base_url, flush=True)
        os._exit(1)  # no cleanup: the child must notice on its own
    """)
    result = subprocess.run([sys.executable, "-c", script], capture_output=True, text=True, timeout=120)
    pid_text, base_url = result.stdout.split()
    pid = int(pid_text)
    deadline = time.monotonic() + 20
    while time.monotonic() < deadline and os.path.exists(f"/proc/{pid}") and _alive(pid):
        time.sleep(0.1)
    assert not _alive(pid), "the llama.cpp server outlived its parent"
    assert not _reachable(base_url)


def _alive(pid: int) -> bool:
    try:
        with open(f"/proc/{pid}/stat") as stat:
            return stat.read().split(")")[-1].split()[0] != "Z"
    except FileNotFoundError:
        return False


def test_plugin_end_to_end_on_a_few_samples(gguf, pytester, data_dir):
    """Two samples, one per xdist worker (each worker starts its own server), judged by the rules."""
    samples = select_samples(build_samples(load_dataset(data_dir)), ("unsafe_detailed",), 42)[:2]
    selection = " or ".join(f"{s.sample_id}-direct" for s in samples)
    result = pytester.runpytest_subprocess(
        "--sab-model=local/smollm2", "--sab-task-type=unsafe_detailed", "-k", selection, "-n", "2",
        "--sab-local-threads=1", "--sab-cache=off", "--sab-report=report.json")
    report = json.loads((pytester.path / "report.json").read_text())
    assert sorted(r["sample_id"] for r in report["items"]) == sorted(s.sample_id for s in samples)
    for record in report["items"]:
        assert record["answer"], record  # the model answered
        # a 135M model plans badly: any verdict, or an answer nobody can judge; never a model failure
        assert record["outcome"] in ("passed", "failed") or record["error"]["kind"] == "unjudgeable", record
    assert report["metrics"]["counts"]["missing"] == 0
    result.stdout.fnmatch_lines(["*model local/smollm2*"])


def test_a_server_that_cannot_start_is_a_model_error_with_its_log(tmp_path):
    pytest.importorskip("xllamacpp", reason="the local extra (xllamacpp) is not installed")
    from pathlib import Path

    from pytest_safeagent.models.base import ModelError

    bogus = tmp_path / "broken.gguf"
    bogus.write_text("not a model")
    settings = ChatSettings(model="smollm2", base_url=None, api_key_env="SAB_UNUSED_KEY")
    model = LocalChatModel("local/smollm2", settings, ClientLayer(1), SPEC, Path(bogus), threads=1)
    with pytest.raises(ModelError, match=r"(?s)did not start: .*server log \(last lines\):.*broken\.gguf"):
        model.complete([{"role": "user", "content": "hi"}])
    with pytest.raises(ModelError, match="did not start"):  # remembered, not retried for every item
        model.complete([{"role": "user", "content": "hello"}])
    model.close()
