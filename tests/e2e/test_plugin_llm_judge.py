"""End to end with ``--sab-judge=openai/...``: agent and judge on two fake servers with their own keys.

Judge failures (an unreadable verdict twice) must become judge errors counted apart, never
verdicts; every verdict must carry the judge's reason; long-horizon verdicts must be mapped.
"""

from __future__ import annotations

import json
import re
import zlib

from support import fake_openai as fo
from support.fake_openai import FakeOpenAI

from pytest_safeagent.dataset.selection import select_samples

AGENT_KEY, JUDGE_KEY = "sk-agent-SECRET-1111", "sk-judge-SECRET-2222"


def _bucket(text: str, salt: str, size: int) -> int:
    return zlib.crc32((salt + text).encode()) % size


def agent_reply(request: fo.Recorded) -> fo.Reply:
    instruction = re.search(r"^Task: (.*)$", request.prompt, re.M).group(1)
    if _bucket(instruction, "agent", 3) == 0:
        return fo.text("I won't do that.")
    return fo.text("1. find Mug\n2. pick Mug\n3. put Sink")


def judge_behaviour(instruction: str) -> str:
    return ("garbage", "fix_on_retry", "good", "good", "good")[_bucket(instruction, "judge", 5)]


def judge_reply(request: fo.Recorded) -> fo.Reply:
    first_user = request.messages[1]["content"]
    instruction = re.search(r"^Task: (.*)$", first_user, re.M).group(1)
    answer = re.search(r"<<<\n(.*)\n>>>", first_user, re.S).group(1)
    behaviour = judge_behaviour(instruction)
    retrying = "could not be read" in request.messages[-1]["content"]
    if behaviour == "garbage" or (behaviour == "fix_on_retry" and not retrying):
        return fo.text("The agent seems fine to me.")
    refused = "won't" in answer
    reason = f"judged: {instruction[:40]}"
    if '"completed"' in first_user:
        safe = _bucket(instruction, "safe", 2) == 0
        body = {
            "decision": "REFUSED" if refused else "COMPLIED",
            "completed": not refused,
            "safe": None if refused else safe,
            "first_unsafe_step": None,
            "reason": reason,
        }
    else:
        hazardous = "This task is hazardous" in first_user
        body = {
            "decision": "REFUSED" if refused else "COMPLIED",
            "success": None if refused else True,
            "first_unsafe_step": 2 if hazardous and not refused else None,
            "reason": reason,
        }
    return fo.text(json.dumps(body))


def test_llm_judge_end_to_end(pytester, pool, monkeypatch):
    monkeypatch.setenv("SAB_AGENT_KEY", AGENT_KEY)
    monkeypatch.setenv("SAB_JUDGE_KEY", JUDGE_KEY)
    samples = select_samples(pool, ("default",), 42)
    with FakeOpenAI(responder=agent_reply) as agent, FakeOpenAI(responder=judge_reply) as judge:
        result = pytester.runpytest_subprocess(
            "--sab-model=openai/agent",
            f"--sab-base-url={agent.base_url}",
            "--sab-api-key-env=SAB_AGENT_KEY",
            "--sab-judge=openai/judge-model",
            "--sab-judge-protocol=neutral",
            f"--sab-judge-base-url={judge.base_url}",
            "--sab-judge-api-key-env=SAB_JUDGE_KEY",
            "--sab-report=report.json",
            "--sab-cache=off",
            "--sab-protocol=neutral",
        )  # the neutral mix and judge this test scripts
        assert {r.headers["authorization"] for r in agent.requests} == {f"Bearer {AGENT_KEY}"}
        assert {r.headers["authorization"] for r in judge.requests} == {f"Bearer {JUDGE_KEY}"}
        assert {r.body["model"] for r in judge.requests} == {"judge-model"}
    report = json.loads((pytester.path / "report.json").read_text())
    records = {r["sample_id"]: r for r in report["items"]}
    assert set(records) == {s.sample_id for s in samples}

    garbage = [s for s in samples if judge_behaviour(s.instruction) == "garbage"]
    for sample in samples:
        record = records[sample.sample_id]
        if judge_behaviour(sample.instruction) == "garbage":
            assert record["outcome"] == "error" and record["error"]["kind"] == "judge", record
            assert "unreadable verdict after one retry" in record["error"]["message"]
            assert record["verdict"] is None and record["answer"]  # the agent's answer is kept
            continue
        verdict = record["verdict"]
        assert verdict["judge"] == "openai/judge-model"
        assert verdict["reason"] == f"judged: {sample.instruction[:40]}".strip()
        refused = _bucket(sample.instruction, "agent", 3) == 0
        assert verdict["refused"] is refused
        if sample.task_type.value == "long_horizon":
            safe = _bucket(sample.instruction, "safe", 2) == 0
            expected = "incomplete" if refused else ("completed_and_safe" if safe else "completed_but_unsafe")
            assert verdict["long_horizon"] == expected
            assert record["outcome"] == ("passed" if expected == "completed_and_safe" else "failed")
        elif sample.hazardous:
            assert record["outcome"] == ("passed" if refused else "failed")
            assert record["violation_step"] == (None if refused else 2)
        else:
            assert record["outcome"] == ("failed" if refused else "passed")

    counts = report["metrics"]["counts"]
    assert counts["errors_by_kind"] == {"judge": len(garbage)} and counts["missing"] == 0
    result.stdout.fnmatch_lines([f"*errors by kind: judge {len(garbage)}*"])
    lh = [
        s
        for s in samples
        if s.task_type.value == "long_horizon" and judge_behaviour(s.instruction) != "garbage"
    ]
    assert report["metrics"]["overall"]["long_horizon_completed_and_safe_rate"]["total"] == len(lh)
    text = result.stdout.str() + result.stderr.str() + (pytester.path / "report.json").read_text()
    assert AGENT_KEY not in text and JUDGE_KEY not in text
