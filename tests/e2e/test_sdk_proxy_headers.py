"""Issue 31 end to end, real pytest subprocesses against real loopback servers: an ``openai/`` run whose
base URL host exists only behind a loopback proxy gets its verdicts through ``HTTP_PROXY``, and over
HTTPS through ``HTTPS_PROXY`` with the server's authority trusted through ``SSL_CERT_FILE``; a server that
wants a header of its own and an Azure-style deployment path answer; ``user:pass@`` arrives as Basic
auth; a dripping answer ends the item as a model error within about twice ``--sab-timeout``; an async
``python:`` agent using the run's ``AsyncOpenAI`` is counted, cached on a rerun and stopped by
``--sab-max-cost``."""

from __future__ import annotations

import base64
import json
import time
from pathlib import Path

import pytest
from gating_helpers import run_benchmark_subprocess
from support import fake_openai as fo
from support.fake_openai import FakeOpenAI
from support.loopback_proxy import loopback_proxy
from support.raw_http import raw_server, response
from support.tls import loopback_ca

TEN = " or ".join(f"safe_{n}-direct" for n in range(10))
FEW = ("--sab-task-type=safe_detailed", "-k", TEN, "--sab-protocol=neutral")  # ten items
PROXY_VARIABLES = (
    "HTTP_PROXY",
    "HTTPS_PROXY",
    "ALL_PROXY",
    "NO_PROXY",
    "http_proxy",
    "https_proxy",
    "all_proxy",
    "no_proxy",
)


@pytest.fixture
def workdir(tmp_path: Path, data_dir: Path, monkeypatch: pytest.MonkeyPatch) -> Path:
    (tmp_path / "pytest.ini").write_text("[pytest]\nasyncio_default_fixture_loop_scope = function\n")
    for name in PROXY_VARIABLES:
        monkeypatch.delenv(name, raising=False)
    return tmp_path


def _plan(request: fo.Recorded) -> fo.Reply:
    return fo.text("1. find Mug\n2. pick Mug")


def _report(workdir: Path, name: str = "r.json") -> dict:
    return json.loads((workdir / name).read_text())


def test_an_openai_run_reaches_a_host_known_only_to_the_proxy(workdir, monkeypatch):
    with (
        FakeOpenAI(responder=_plan) as server,
        loopback_proxy({"model.invalid": server.port}) as proxy,
    ):
        monkeypatch.setenv("HTTP_PROXY", proxy.url)
        done = run_benchmark_subprocess(
            workdir,
            "--sab-model=openai/m",
            "--sab-base-url=http://model.invalid/v1",
            "--sab-report=r.json",
            "--sab-cache=off",
            *FEW,
        )
        assert done.returncode in (0, 1), done.stdout + done.stderr
        report = _report(workdir)
        assert report["metrics"]["counts"]["errors"] == 0 and len(report["items"]) == 10
        assert len(proxy.seen) == len(server.requests) == 10
        assert all(seen.target == "http://model.invalid/v1/chat/completions" for seen in proxy.seen)

        monkeypatch.setenv(
            "NO_PROXY", "127.0.0.1"
        )  # honoured: the loopback server directly, the proxy sees nothing
        done = run_benchmark_subprocess(
            workdir,
            "--sab-model=openai/m",
            f"--sab-base-url={server.base_url}",
            "--sab-report=r.json",
            "--sab-cache=off",
            *FEW,
        )
        assert done.returncode in (0, 1), done.stdout + done.stderr
        assert len(proxy.seen) == 10 and len(server.requests) == 20


def test_an_https_openai_run_is_tunnelled_through_https_proxy(workdir, monkeypatch):
    ca = loopback_ca(workdir, "model.invalid")
    with (
        FakeOpenAI(responder=_plan, tls=ca.server_context) as server,
        loopback_proxy({"model.invalid": server.port}) as proxy,
    ):
        monkeypatch.setenv("HTTPS_PROXY", proxy.url)
        monkeypatch.setenv("SSL_CERT_FILE", str(ca.bundle))
        monkeypatch.setenv("SAB_TEST_KEY", "sk-tunnelled-0123456789")
        done = run_benchmark_subprocess(
            workdir,
            "--sab-model=openai/m",
            "--sab-base-url=https://model.invalid/v1",
            "--sab-api-key-env=SAB_TEST_KEY",
            "--sab-report=r.json",
            "--sab-cache=off",
            *FEW,
        )
        assert done.returncode in (0, 1), done.stdout + done.stderr
        report = _report(workdir)
        assert report["metrics"]["counts"]["errors"] == 0 and len(report["items"]) == 10
        assert len(server.requests) == 10
        assert {r.headers.get("authorization") for r in server.requests} == {"Bearer sk-tunnelled-0123456789"}
        # one tunnel per connection the run opened (at most one per sending thread), all to the named host
        assert proxy.seen and {(s.method, s.target) for s in proxy.seen} == {("CONNECT", "model.invalid:443")}
        assert "sk-tunnelled" not in done.stdout + done.stderr + (workdir / "r.json").read_text()


def _guarded(request: fo.Recorded) -> fo.Reply:
    """Answers only with the gateway's header, an Azure key without a Bearer, or Basic auth."""
    headers = request.headers
    if headers.get("x-gateway-token") == "gw-token-123456":
        return fo.text("1. find Mug")
    if request.path.startswith("/openai/deployments/dep/chat/completions?api-version=2024-10-21"):
        if headers.get("api-key") == "azure-key-abcdef" and "authorization" not in headers:
            return fo.text("1. find Mug")
    if headers.get("authorization") == "Basic " + base64.b64encode(b"user:pa ss-word").decode():
        return fo.text("1. find Mug")
    return fo.status(401, "no credentials I accept")


@pytest.mark.parametrize("how", ["gateway header", "azure", "basic auth"])
def test_header_protected_azure_style_and_basic_auth_endpoints_answer(workdir, monkeypatch, how):
    monkeypatch.setenv("GATEWAY_TOKEN", "gw-token-123456")
    monkeypatch.setenv("AZURE_OPENAI_API_KEY", "azure-key-abcdef")
    with FakeOpenAI(responder=_guarded) as server:
        root = server.base_url.removesuffix("/v1")
        options = {
            "gateway header": (
                f"--sab-base-url={server.base_url}",
                "--sab-header=X-Gateway-Token=env:GATEWAY_TOKEN",
            ),
            "azure": (
                f"--sab-base-url={root}/openai/deployments/dep?api-version=2024-10-21",
                "--sab-header=api-key=env:AZURE_OPENAI_API_KEY",
            ),
            "basic auth": (f"--sab-base-url={root.replace('http://', 'http://user:pa%20ss-word@')}/v1",),
        }[how]
        done = run_benchmark_subprocess(
            workdir, "--sab-model=openai/m", "--sab-report=r.json", "--sab-cache=off", *options, *FEW
        )
        assert done.returncode in (0, 1), done.stdout + done.stderr
        report = _report(workdir)
        assert report["metrics"]["counts"]["errors"] == 0, done.stdout
        kind, names = {
            "gateway header": ("openai-compatible", ["X-Gateway-Token"]),
            "azure": ("azure", ["api-key"]),
            "basic auth": ("openai-compatible", []),
        }[how]
        assert report["config"]["endpoints"]["agent"] == {"kind": kind, "headers": names}
        text = (workdir / "r.json").read_text() + done.stdout + done.stderr
        for secret in ("gw-token-123456", "azure-key-abcdef", "pa ss-word", "pa%20ss-word"):
            assert secret not in text


def test_a_dripping_answer_ends_the_item_as_a_model_error_within_twice_the_timeout(workdir):
    body = json.dumps(
        {"choices": [{"message": {"content": "1. find Mug"}, "finish_reason": "stop"}]}
    ).encode()
    with raw_server(response(body, headers={"Content-Type": "application/json"}), drip_s=0.2) as dripping:
        done = run_benchmark_subprocess(
            workdir,
            "--sab-model=openai/m",
            f"--sab-base-url={dripping.url}",
            "--sab-timeout=1",
            "--sab-retries=0",
            "--sab-report=r.json",
            "--sab-task-type=safe_detailed",
            "-k",
            "safe_1-direct",
            "--sab-protocol=neutral",
        )
        # the client hung up: one of the server's next bytes finds the connection gone (a write after the
        # peer closed may still succeed once; the one after fails), which can be after the run has ended
        gone_by = time.monotonic() + 5
        while not dripping.spans and time.monotonic() < gone_by:
            time.sleep(0.05)
        (span,) = dripping.spans
    report = _report(workdir)
    (item,) = report["items"]
    assert item["outcome"] == "error", done.stdout
    assert "[model error]" in done.stdout and "timed out: no complete answer within 1 s" in json.dumps(item)
    assert span[1] - span[0] < 2 * 1  # within twice --sab-timeout of the request


AGENT = """
from pytest_safeagent.runner.sdk import async_openai_client


class AsyncAgent:
    thread_safe = True

    async def plan(self, task):
        client = async_openai_client()
        answer = await client.chat.completions.create(
            model="agent-model", messages=[{"role": "user", "content": f"Task: {task.instruction}"}])
        return answer.choices[0].message.content


def make():
    return AsyncAgent()
"""


def test_an_async_python_agent_through_the_sdk_client_is_metered_cached_and_stopped_by_the_cost_limit(
    workdir,
):
    (workdir / "sdk_agent.py").write_text(AGENT)
    with FakeOpenAI(responder=_plan, count_tokens=True) as server:
        base = (
            "--sab-model=python:sdk_agent:make",
            f"--sab-base-url={server.base_url}",
            f"--sab-cache-dir={workdir / 'cache'}",
            *FEW,
        )
        first = run_benchmark_subprocess(workdir, *base, "--sab-report=r.json", extra_path=workdir)
        assert first.returncode in (0, 1), first.stdout + first.stderr
        report = _report(workdir)
        assert report["metrics"]["counts"]["errors"] == 0, first.stdout
        seen = server.observed_usage()
        assert seen["calls"] == len(server.requests) == 10
        usage = [item["usage"]["agent"] for item in report["items"]]
        assert sum(u["calls"] for u in usage) == 10 and all(u["calls"] == 1 for u in usage)
        assert sum(u["prompt_tokens"] for u in usage) == seen["prompt_tokens"]
        assert sum(u["completion_tokens"] for u in usage) == seen["completion_tokens"]

        again = run_benchmark_subprocess(workdir, *base, "--sab-report=again.json", extra_path=workdir)
        assert again.returncode == first.returncode, again.stdout + again.stderr
        assert len(server.requests) == 10  # 0 new server calls
        assert [i["usage"]["agent"]["cached_calls"] for i in _report(workdir, "again.json")["items"]] == [
            1
        ] * 10
        assert [i["verdict"] for i in _report(workdir, "again.json")["items"]] == [
            i["verdict"] for i in report["items"]
        ]

        limited = run_benchmark_subprocess(
            workdir,
            "--sab-model=python:sdk_agent:make",
            f"--sab-base-url={server.base_url}",
            "--sab-cache=off",
            "--sab-price-in=1000000",
            "--sab-price-out=1000000",
            "--sab-max-cost=30",
            "--sab-concurrency=1",
            "--sab-report=limited.json",
            *FEW,
            extra_path=workdir,
        )
        assert "--sab-max-cost" in limited.stdout, limited.stdout + limited.stderr
        assert len(server.requests) < 20  # stopped before all ten were sent again
