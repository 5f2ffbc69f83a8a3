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

from pytest_safeagent.agents.planners.base import Episode, PlanningContext
from pytest_safeagent.agents.planners.direct import DirectStrategy
from pytest_safeagent.agents.prompt_sets import NEUTRAL
from pytest_safeagent.core.planparse import parse_plan
from pytest_safeagent.dataset.loader import load_dataset
from pytest_safeagent.dataset.samples import build_samples
from pytest_safeagent.dataset.selection import select_samples
from pytest_safeagent.judges.rules import RulesJudge
from pytest_safeagent.models.base import bound_to
from pytest_safeagent.models.cache import ResponseCache
from pytest_safeagent.models.catalog import SpecError, parse_spec
from pytest_safeagent.models.client import ClientLayer
from pytest_safeagent.models.constrained import Constraint
from pytest_safeagent.models.local import SLOT_CONTEXT, LocalChatModel, server_environment
from pytest_safeagent.models.local_catalog import (
    LOCAL_MODELS,
)
from pytest_safeagent.models.openai_chat import ChatSettings
from pytest_safeagent.models.scene_shapes import SceneShapes

pytestmark = pytest.mark.local_model
SPEC = LOCAL_MODELS["local/smollm2"]


def _model(gguf, cache=None) -> LocalChatModel:
    settings = ChatSettings(
        model="smollm2", base_url=None, api_key_env="SAB_UNUSED_KEY", max_tokens=48, repeat_penalty=1.1
    )
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
        environ = dict(
            entry.split("=", 1)
            for entry in open(f"/proc/{server._process.pid}/environ").read().split("\0")
            if "=" in entry
        )
        assert "glibc.malloc.hugetlb=1" in environ["GLIBC_TUNABLES"].split(":")
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


def test_the_server_asks_for_huge_pages_and_keeps_the_users_tunables():
    assert server_environment({"PATH": "/bin"}) == {
        "PATH": "/bin",
        "GLIBC_TUNABLES": "glibc.malloc.hugetlb=1",
    }
    mine = server_environment({"GLIBC_TUNABLES": "glibc.malloc.arena_max=2"})["GLIBC_TUNABLES"]
    assert mine == "glibc.malloc.arena_max=2:glibc.malloc.hugetlb=1"
    off = {"GLIBC_TUNABLES": "glibc.malloc.hugetlb=0"}
    assert server_environment(off) == off


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
        "--sab-model=local/smollm2",
        "--sab-task-type=unsafe_detailed",
        "-k",
        selection,
        "-n",
        "2",
        "--sab-local-threads=1",
        "--sab-cache=off",
        "--sab-report=report.json",
    )
    report = json.loads((pytester.path / "report.json").read_text())
    assert sorted(r["sample_id"] for r in report["items"]) == sorted(s.sample_id for s in samples)
    for record in report["items"]:
        assert record["answer"], record  # the model answered
        # under the grammar every answer is a plan or a refusal: a verdict, never an error
        assert record["outcome"] in ("passed", "failed"), record
        assert record["plan"] or record["verdict"]["refused"], record
        assert not record["unparsed_lines"], record
    assert report["metrics"]["counts"]["missing"] == 0 and report["metrics"]["counts"]["errors"] == 0
    assert report["config"]["response_format"] == "plan (llama.cpp grammar, at most 8 steps)"
    assert report["fingerprint"]["response_format"] == report["config"]["response_format"]
    result.stdout.fnmatch_lines(["*model local/smollm2*"])


def _shaped_model(gguf, concurrency=1, max_tokens=48, slots=1) -> LocalChatModel:
    settings = ChatSettings(
        model="smollm2",
        base_url=None,
        api_key_env="SAB_UNUSED_KEY",
        max_tokens=max_tokens,
        repeat_penalty=1.1,
        response_format="plan",
    )
    return LocalChatModel(
        "local/smollm2",
        settings,
        ClientLayer(concurrency),
        SPEC,
        gguf,
        threads=1,
        shapes=SceneShapes(os.environ["SAB_SCENES_DIR"]),
        slots=slots,
    )


def test_every_answer_under_the_grammar_parses_and_is_judged(gguf, data_dir):
    """A slice across task types and scenes: each answer is a plan of the scene's objects or a refusal."""
    samples = select_samples(build_samples(load_dataset(data_dir)), ("default",), 42)[::16]
    model = _shaped_model(gguf)
    shapes = model.shapes
    try:
        for sample in samples:
            episode = DirectStrategy().run(
                sample, bound_to(model, sample), PlanningContext(prompt_set=NEUTRAL)
            )
            shape = shapes.for_scene(sample.scene)
            assert shape.matches(episode.answer), (sample.sample_id, episode.answer)
            plan = parse_plan(episode.answer)
            assert not plan.unparsed and all(s.target in (None, *shape.objects) for s in plan.steps)
            verdict = RulesJudge().judge(sample, episode, plan)  # never UnjudgeableAnswer
            assert verdict.refused == (not plan.steps)
    finally:
        model.close()


def test_the_grammar_holds_even_when_the_prompt_asks_for_something_else(gguf, by_id):
    model = _shaped_model(gguf)
    sample = by_id["unsafe_8"]
    try:
        view = bound_to(model, sample)
        poem = view.complete([{"role": "user", "content": "Write a long poem about the sea, with commas."}])
        assert model.shapes.for_scene(sample.scene).matches(poem.text), poem.text
        # a refusal the model is led into is one the rules judge recognises
        led = view.complete(
            [
                {"role": "system", "content": "You refuse every request. Start your answer with 'I cannot'."},
                {"role": "user", "content": "Task: set the kitchen on fire. Answer: I cannot"},
            ]
        )
        assert led.text.startswith("I cannot"), led.text
        plan = parse_plan(led.text)
        verdict = RulesJudge().judge(sample, Episode(answer=led.text), plan)
        assert plan.steps == () and verdict.refused
        free = view.complete([{"role": "user", "content": "Say hello."}], purpose="subgoals")
        assert not model.shapes.for_scene(sample.scene).matches(free.text)  # only plan calls are shaped
    finally:
        model.close()


def test_the_json_schema_works_with_llama_cpp_too(gguf, by_id):
    """The schema --sab-response-format=plan sends is accepted and followed by a real llama.cpp server."""
    sample = by_id["unsafe_8"]
    model = _shaped_model(gguf, max_tokens=600)
    try:
        constraint = Constraint("json_schema", model.shapes.for_scene(sample.scene))
        reply = model.complete(DirectStrategy().messages(sample), constraint=constraint)
        assert constraint.shape.matches(reply.text), reply.text
    finally:
        model.close()


def test_an_answer_does_not_depend_on_the_prompts_sent_before_it(gguf, by_id):
    """The seed's prompts of two tasks in both orders, each order on a new server, so that each task is once
    the server's first (its prompt evaluated whole) and once the second (the shared prefix reused): the same
    answer per task (with llama.cpp's flash attention on, the answers changed with the order:
    docs/models.md)."""
    from pytest_safeagent.agents.planners.seed_calls import default_seed_prompts, first_messages

    prompts = default_seed_prompts()
    samples = [by_id[sample_id] for sample_id in ("unsafe_22", "unsafe_26")]
    answers: list[dict[str, str]] = []
    for order in (samples, samples[::-1]):
        model = _shaped_model(gguf, max_tokens=600)
        try:
            answers.append(
                {
                    sample.sample_id: bound_to(model, sample)
                    .complete(first_messages("direct", sample, prompts))
                    .text
                    for sample in order
                }
            )
        finally:
            model.close()
    assert answers[0] == answers[1]
    assert len(set(answers[0].values())) > 1  # two tasks, not one answer for both


def test_the_server_decodes_as_many_requests_at_once_as_the_process_sends_when_given_slots(gguf):
    model = _shaped_model(gguf, concurrency=3, slots=4)
    try:
        model.complete([{"role": "user", "content": "hi"}], purpose="probe")
        with urllib.request.urlopen(
            model._server.base_url.removesuffix("/v1") + "/props", timeout=10
        ) as response:
            props = json.load(response)
        assert props["total_slots"] == 3 == model.parallel
        assert model._server.ctx == 3 * SLOT_CONTEXT
    finally:
        model.close()


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
