"""Model usage in the records equals what the servers observed, agent and judge apart; cached replies are
not new usage; prices give a cost; ``--sab-max-cost`` stops the run and ``--sab-resume`` finishes it with
the metrics of a run straight through. Real pytest subprocesses against scripted servers on 127.0.0.1."""

from __future__ import annotations

import json
import re
import subprocess
import sys
from pathlib import Path

import pytest
from gating_helpers import run_benchmark_subprocess
from support import fake_openai as fo
from support.fake_openai import FakeOpenAI
from test_plugin_llm_judge import agent_reply, judge_reply

ROLES = ("agent", "judge")


@pytest.fixture
def workdir(tmp_path: Path, data_dir: Path) -> Path:
    (tmp_path / "pytest.ini").write_text("[pytest]\nasyncio_default_fixture_loop_scope = function\n")
    return tmp_path


def _summed(report: dict, role: str) -> dict[str, int]:
    usages = [item["usage"][role] for item in report["items"]]
    return {
        key: sum(u[key] for u in usages)
        for key in ("calls", "cached_calls", "prompt_tokens", "completion_tokens")
    }


def _run(workdir: Path, agent: FakeOpenAI, judge: FakeOpenAI, *extra: str, report: str = "report.json"):
    done = run_benchmark_subprocess(
        workdir,
        "--sab-model=openai/agent",
        f"--sab-base-url={agent.base_url}",
        "--sab-judge=openai/judge-model",
        f"--sab-judge-base-url={judge.base_url}",
        f"--sab-report={report}",
        "--sab-concurrency=4",
        "--sab-protocol=neutral",
        *extra,
    )  # the servers script the neutral prompts and JSON judge
    return done, json.loads((workdir / report).read_text())


def test_usage_equals_what_the_servers_observed_and_cached_replies_are_not_new(workdir):
    with (
        FakeOpenAI(responder=agent_reply, count_tokens=True) as agent,
        FakeOpenAI(responder=judge_reply, count_tokens=True) as judge,
    ):
        prices = (
            "--sab-price-in=2",
            "--sab-price-out=8",
            "--sab-judge-price-in=1",
            "--sab-judge-price-out=4",
        )
        first, report = _run(
            workdir, agent, judge, f"--sab-cache-dir={workdir / 'cache'}", *prices, "--sab-html=page.html"
        )
        assert first.returncode in (0, 1), first.stdout + first.stderr
        seen = {"agent": agent.observed_usage(), "judge": judge.observed_usage()}
        assert (
            seen["judge"]["calls"] > len(report["items"]) - 5
        )  # judge retries happened: more calls than items...
        cached_first = {}
        for role in ROLES:
            summed = _summed(report, role)
            cached_first[role] = summed.pop("cached_calls")  # identical requests of two items: sent once
            assert summed == seen[role], role
            assert report["usage"]["total"][role] == {
                **summed,
                "cached_calls": cached_first[role],
                "unknown_usage_calls": 0,
            }
        assert seen["agent"]["calls"] + cached_first["agent"] == len(report["items"]) == 130  # one per item
        assert _summed(report, "judge")["calls"] > sum(
            1 for i in report["items"] if i["verdict"]
        )  # ...counted
        expected_cost = (
            seen["agent"]["prompt_tokens"] * 2
            + seen["agent"]["completion_tokens"] * 8
            + seen["judge"]["prompt_tokens"] * 1
            + seen["judge"]["completion_tokens"] * 4
        ) / 1e6
        assert report["usage"]["cost_usd"]["total"] == pytest.approx(expected_cost, abs=2e-6)
        assert "model usage (130 items)" in first.stdout and "cost: $" in first.stdout
        agent_line = next(line for line in first.stdout.splitlines() if line.startswith("agent "))
        assert f"{seen['agent']['prompt_tokens']:,}" in agent_line
        page = (workdir / "page.html").read_text()
        usage_section = page[page.index('<section id="usage">') :]
        usage_section = usage_section[: usage_section.index("</section>")]
        for role in ROLES:
            row = usage_section[usage_section.index(f"<th>{role}</th>") :]
            row = row[: row.index("</tr>")]
            assert (
                f">{seen[role]['prompt_tokens']:,}<" in row
                and f">{seen[role]['completion_tokens']:,}<" in row
            )
        assert f"${expected_cost:.4g}" in usage_section

        before = (len(agent.requests), len(judge.requests))
        second, again = _run(
            workdir, agent, judge, f"--sab-cache-dir={workdir / 'cache'}", *prices, report="again.json"
        )
        assert second.returncode == first.returncode
        assert (len(agent.requests), len(judge.requests)) == before  # nothing sent
        for role in ROLES:
            summed = _summed(again, role)
            assert summed == {
                "calls": 0,
                "cached_calls": seen[role]["calls"] + cached_first[role],
                "prompt_tokens": 0,
                "completion_tokens": 0,
            }, role
        assert again["usage"]["cost_usd"]["total"] == 0

    page = subprocess.run(
        [
            sys.executable,
            "-m",
            "pytest_safeagent.cli.main",
            "html",
            "report.json",
            "again.json",
            "-o",
            "both.html",
        ],
        cwd=workdir,
        capture_output=True,
        text=True,
        timeout=300,
    )
    assert page.returncode == 0, page.stderr
    costs = re.findall(r'data-cost="([^"]*)"', (workdir / "both.html").read_text())
    assert [float(c) for c in costs] == [report["usage"]["cost_usd"]["total"], 0.0]


def test_max_cost_stops_within_one_batch_and_resume_finishes_with_the_straight_metrics(workdir):
    concurrency, limit = 4, 0.3
    prices = ("--sab-price-in=1000", "--sab-price-out=1000")  # each agent call: (10 + 5) tokens = $0.015
    with (
        FakeOpenAI(responder=lambda r: fo.text("1. find Mug\n2. pick Mug", delay_s=0.02)) as agent,
        FakeOpenAI() as unused_judge,
    ):
        stopped = run_benchmark_subprocess(
            workdir,
            "--sab-model=openai/agent",
            f"--sab-base-url={agent.base_url}",
            "--sab-report=run.json",
            f"--sab-concurrency={concurrency}",
            f"--sab-max-cost={limit}",
            *prices,
            "--sab-cache-dir=cache",
        )
        assert stopped.returncode == pytest.ExitCode.INTERRUPTED, stopped.stdout + stopped.stderr
        assert re.search(
            r"stopping the run: model calls have cost \$0\.3\d*, past --sab-max-cost=0\.3", stopped.stdout
        )
        calls_to_pass_limit = int(limit / 0.015) + 1
        assert calls_to_pass_limit <= len(agent.requests) <= calls_to_pass_limit + concurrency
        partial = json.loads((workdir / "run.json").read_text())
        assert partial["complete"] is False and len(partial["items"]) < 130
        assert partial["usage"]["cost_usd"]["total"] <= limit + concurrency * 0.015

        resumed = run_benchmark_subprocess(
            workdir,
            "--sab-model=openai/agent",
            f"--sab-base-url={agent.base_url}",
            "--sab-report=final.json",
            "--sab-resume=run.jsonl",
            f"--sab-concurrency={concurrency}",
            *prices,
            "--sab-cache-dir=cache",
        )
        assert resumed.returncode in (0, 1), resumed.stdout + resumed.stderr
        straight = run_benchmark_subprocess(
            workdir,
            "--sab-model=openai/agent",
            f"--sab-base-url={agent.base_url}",
            "--sab-report=straight.json",
            "--sab-cache=off",
        )
        assert straight.returncode == resumed.returncode
        assert unused_judge.requests == []
    final, reference = (json.loads((workdir / name).read_text()) for name in ("final.json", "straight.json"))
    assert final["complete"] is True and final["metrics"] == reference["metrics"]
    assert _summed(final, "agent")["calls"] + _summed(final, "agent")["cached_calls"] == 130


def test_max_cost_without_prices_is_a_usage_error(workdir):
    done = run_benchmark_subprocess(
        workdir, "--sab-model=openai/agent", "--sab-base-url=http://127.0.0.1:9/v1", "--sab-max-cost=5"
    )
    assert done.returncode == pytest.ExitCode.USAGE_ERROR
    assert "--sab-max-cost=5.0: the agent openai/agent is billed but has no price" in done.stderr
    bad = run_benchmark_subprocess(workdir, "--sab-model=builtin/reference", "--sab-price-in=cheap")
    assert (
        bad.returncode == pytest.ExitCode.USAGE_ERROR
        and "--sab-price-in=cheap: expected an amount" in bad.stderr
    )
    (workdir / "pytest.ini").write_text("[pytest]\nsab_judge_price_out = -1\n")
    from_ini = run_benchmark_subprocess(workdir, "--sab-model=builtin/reference")
    assert from_ini.returncode == pytest.ExitCode.USAGE_ERROR
    assert "ini sab_judge_price_out=-1: must be a finite amount of at least 0" in from_ini.stderr
