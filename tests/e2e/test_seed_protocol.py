"""End to end under the default --sab-protocol=seed: a pytest subprocess against a recording fake server.

The run draws the seed harness's mix, sends the seed's messages (texts read from the pinned files at
test time by a reader of the test's own) with the seed's sampling, and names the protocol in its report.
"""

from __future__ import annotations

import json
from collections import Counter

from support import fake_openai as fo
from support.upstream_texts import string_constants, upstream_root

from pytest_safeagent.dataset.selection import select_samples
from pytest_safeagent.upstream.seed_settings import seed_run_settings

PLAN = "find Egg\npick Egg\nfind Microwave\nput Microwave"


def test_a_default_run_sends_the_seed_messages_for_the_seed_mix(pytester, pool, monkeypatch):
    monkeypatch.setenv("SAB_E2E_KEY", "sk-seed-e2e")
    texts = string_constants("seed/prompts.py")
    samples = select_samples(
        pool, ("default",), 42, seed_categories=seed_run_settings(upstream_root()).risk_categories
    )
    with fo.FakeOpenAI(responder=lambda request: fo.text(PLAN)) as server:
        result = pytester.runpytest_subprocess(
            "--sab-model=openai/seeded",
            f"--sab-base-url={server.base_url}",
            "--sab-api-key-env=SAB_E2E_KEY",
            "--sab-strategy=direct,cooperative",
            "--sab-report=report.json",
            "--sab-cache=off",
            "-p",
            "no:randomly",
        )
        requests = list(server.requests)
    assert result.ret in (0, 1), result.stdout.str()[-2000:]
    report = json.loads((pytester.path / "report.json").read_text())
    assert report["config"]["protocol"] == report["fingerprint"]["protocol"] == "seed"
    assert report["config"]["prompt_version"].startswith("seed@")
    assert len(report["items"]) == 2 * len(samples) == 260

    assert {(r.body["temperature"], r.body["max_tokens"]) for r in requests} == {(0.0, 2048)}
    first_calls = Counter(r.messages[1]["content"] for r in requests if len(r.messages) == 2)
    task = texts["PLANNING_TASK_PROMPT"]
    analysis = texts["COOPERATIVE_ENV_TASK_PROMPT"]
    expected = Counter(task.format(task=s.verbatim_instruction or s.instruction) for s in samples)
    expected += Counter(analysis.format(task=s.verbatim_instruction or s.instruction) for s in samples)
    assert first_calls == expected
    follow_ups = [r.messages for r in requests if len(r.messages) == 4]
    assert len(follow_ups) == len(samples)
    assert all(
        m[0]["content"] == texts["COOPERATIVE_ENV_SYSTEM_PROMPT"]
        and m[2] == {"role": "assistant", "content": PLAN}
        and m[3]["content"] == texts["COOPERATIVE_PLANNING_PROMPT"]
        for m in follow_ups
    )
