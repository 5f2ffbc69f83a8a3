"""End to end: the plugin in a pytest subprocess, talking to a fake OpenAI-compatible server on 127.0.0.1.

The server answers as a messy but deterministic agent with injected faults; the run's
metrics must match what it answered, no item may be lost, no fault may count as a verdict,
and the API key must not appear anywhere but in the requests' Authorization header.
"""

from __future__ import annotations

import json
from collections import Counter

import pytest
from support.fake_openai import FakeOpenAI
from support.messy_agent import MessyAgent, behaviour, expected_outcome

from pytest_safeagent.dataset.selection import select_samples

SECRET = "sk-e2e-SECRET-do-not-leak-4242"


@pytest.fixture
def messy_server(pool, request):
    """The server answering for the samples of one slice (``default`` unless parametrized)."""
    slice_name = getattr(request, "param", "default")
    agent = MessyAgent(select_samples(pool, (slice_name,), 42))
    with FakeOpenAI(responder=agent) as server:
        yield server


def _run(pytester, server, *extra):
    return pytester.runpytest_subprocess(
        "--sab-model=openai/messy-agent",
        f"--sab-base-url={server.base_url}",
        "--sab-api-key-env=SAB_E2E_KEY",
        "--sab-retries=2",
        "--sab-retry-max-wait=0.05",
        "--sab-timeout=10",
        "--sab-report=report.json",
        "-p",
        "no:randomly",
        "--sab-protocol=neutral",
        *extra,
    )  # the messy agent answers the neutral prompts and mix


def _expected(pool, slice_name="default"):
    samples = select_samples(pool, (slice_name,), 42)
    return samples, {s.sample_id: expected_outcome(s) for s in samples}


def test_metrics_match_the_answers_and_faults_are_errors(pytester, messy_server, pool, monkeypatch):
    monkeypatch.setenv("SAB_E2E_KEY", SECRET)
    samples, expected = _expected(pool)
    assert set(Counter(behaviour(s) for s in samples)) == {  # the slice exercises every behaviour
        "refuse_text",
        "markdown_plan",
        "json_plan",
        "tool_plan",
        "api_refusal",
        "rate_limited_plan",
        "always_500",
        "malformed_then_program",
    }
    # today's rules judge and populations: a provider's refusal (no text) is a refusal, long-horizon items
    # are not counted among the declinable ones (under --sab-protocol=seed both are the seed's rules)
    result = _run(pytester, messy_server, "-n", "2", "--sab-protocol=neutral")
    report = json.loads((pytester.path / "report.json").read_text())

    records = {r["sample_id"]: r for r in report["items"]}
    assert set(records) == set(expected)  # no item lost
    for sample_id, (outcome, refused) in expected.items():
        record = records[sample_id]
        if outcome == "incomplete":
            assert record["outcome"] in ("failed", "skipped"), sample_id
            assert record["verdict"]["long_horizon"] in ("incomplete", None), sample_id
            outcome = record["outcome"]
        assert record["outcome"] == outcome, (
            sample_id,
            behaviour(next(s for s in samples if s.sample_id == sample_id)),
        )
        if outcome == "error":
            assert (
                record["error"]["kind"] == "model"
                and "HTTP 500: upstream exploded" in record["error"]["message"]
            )
            assert record["verdict"] is None
        elif refused is not None:
            assert record["verdict"]["refused"] is refused
    api_refused = [r for r in report["items"] if r["api_refusal"]]
    assert api_refused and all("can't assist" in r["api_refusal"] for r in api_refused)

    hazardous = [s for s in samples if s.hazardous and expected[s.sample_id][0] != "error"]
    declined = [s for s in hazardous if expected[s.sample_id][1]]
    safe = [
        s for s in samples if s.task_type.value == "safe_detailed" and expected[s.sample_id][0] != "error"
    ]
    overall = report["metrics"]["overall"]
    assert (overall["rejection_rate"]["count"], overall["rejection_rate"]["total"]) == (
        len(declined),
        len(hazardous),
    )
    assert (overall["risk_rate"]["count"], overall["risk_rate"]["total"]) == (
        len(hazardous) - len(declined),
        len(hazardous),
    )
    planned_safe = [s for s in safe if expected[s.sample_id][0] == "passed"]
    assert (overall["safe_success_rate"]["count"], overall["safe_success_rate"]["total"]) == (
        len(planned_safe),
        len(safe),
    )
    errors = sum(1 for outcome, _ in expected.values() if outcome == "error")
    counts = report["metrics"]["counts"]
    assert counts["errors"] == errors and counts["errors_by_kind"] == {"model": errors}
    assert counts["missing"] == 0 and counts["items"] == len(samples)
    result.stdout.fnmatch_lines([f"*errors by kind: model {errors}*"])

    # The key went to the server and nowhere else.
    assert all(r.headers["authorization"] == f"Bearer {SECRET}" for r in messy_server.requests)
    output = "\n".join(result.outlines + result.errlines)
    assert SECRET not in output and SECRET not in (pytester.path / "report.json").read_text()
    for path in pytester.path.rglob("*"):
        if path.is_file():
            assert SECRET.encode() not in path.read_bytes(), path


@pytest.mark.parametrize("messy_server", ["unsafe_detailed"], indirect=True)
def test_a_rerun_is_answered_from_the_cache(pytester, messy_server, pool, monkeypatch):
    monkeypatch.setenv("SAB_E2E_KEY", SECRET)
    samples, expected = _expected(pool, "unsafe_detailed")
    chosen = samples[:16]
    failing = [s for s in chosen if expected[s.sample_id][0] == "error"]
    assert failing and len(failing) < len(chosen)
    selection = (
        "--sab-task-type=unsafe_detailed",
        "-k",
        " or ".join(f"{s.sample_id}-direct" for s in chosen),
    )
    _run(pytester, messy_server, *selection)
    first = json.loads((pytester.path / "report.json").read_text())
    assert len(first["items"]) == len(chosen)
    sent = len(messy_server.requests)
    _run(pytester, messy_server, *selection)
    second = json.loads((pytester.path / "report.json").read_text())
    # only the always-failing items went to the server again (failures are never cached); 3 tries each
    assert len(messy_server.requests) - sent == 3 * len(failing)
    assert [r["outcome"] for r in first["items"]] == [r["outcome"] for r in second["items"]]
    assert (pytester.path / ".pytest_cache" / "d" / "safeagent-responses").is_dir()
    sent = len(messy_server.requests)
    _run(pytester, messy_server, *selection, "--sab-cache=off")
    assert len(messy_server.requests) - sent >= len(chosen) - len(failing) + 3 * len(failing)


@pytest.mark.parametrize(
    ("args", "message"),
    [
        (["--sab-concurrency=0"], "--sab-concurrency=0: must be at least 1"),
        (
            ["--sab-base-url=ftp://user:pw@host"],
            "--sab-base-url=<hidden>: expected an http:// or https:// URL with a host name",
        ),
        (
            ["--sab-api-key-env=sk-abc123"],
            "--sab-api-key-env=<hidden>: expected the NAME of an environment variable*",
        ),
        (["--sab-judge=local/smollm2"], "*too small to judge*"),
        (["--sab-model=local/gpt2"], "*unknown local model; choose from local/smollm2*"),
    ],
)
def test_bad_provider_options_are_usage_errors(pytester, args, message):
    """Through a real run (each value's exact message is unit-tested in tests/plugin/test_options.py)."""
    result = pytester.runpytest_subprocess(
        "--sab-model=openai/x", "--sab-base-url=http://127.0.0.1:9/v1", *args
    )
    assert result.ret == pytest.ExitCode.USAGE_ERROR
    result.stderr.fnmatch_lines([f"*{message}*"])
    assert "pw@" not in result.stderr.str() and "sk-abc123" not in result.stderr.str()


def test_the_openai_api_needs_a_key(pytester, monkeypatch):
    monkeypatch.delenv("OPENAI_API_KEY", raising=False)
    monkeypatch.delenv("OPENAI_BASE_URL", raising=False)
    result = pytester.runpytest_subprocess("--sab-model=openai/gpt-4o-mini")
    assert result.ret == pytest.ExitCode.USAGE_ERROR
    result.stderr.fnmatch_lines(
        ["*--sab-api-key-env=OPENAI_API_KEY: the environment variable is empty or not set*"]
    )


def test_collect_only_lists_seven_items_per_sample_and_contacts_nothing(pytester, messy_server, pool):
    samples, _ = _expected(pool)
    result = pytester.runpytest_subprocess(
        "--sab-model=openai/messy-agent",
        f"--sab-base-url={messy_server.base_url}",
        "--sab-strategy=planners",
        "--collect-only",
        "-q",
    )
    assert result.ret == 0
    items = [line for line in result.outlines if line.startswith("sab::")]
    assert len(items) == 7 * len(samples)
    per_sample = Counter(line.split("::")[1].rsplit("-", 1)[0] for line in items)
    assert set(per_sample.values()) == {7}
    assert messy_server.requests == []
