"""Hostile and careless input, round two (issue 33), through real entry points: pytest runs of the plugin in
subprocesses, the command-line tools, real device nodes, FIFOs, symlinks, a real SIGTERM, a full tmpfs, and
servers on 127.0.0.1. Each ends in a one-line error or a correct result: no traceback, no INTERNALERROR,
nothing lost, no device replaced, no hang."""

from __future__ import annotations

import json
import os
import shutil
import stat
import subprocess
import threading
import time
from collections.abc import Iterator
from contextlib import contextmanager
from http.server import BaseHTTPRequestHandler, ThreadingHTTPServer
from pathlib import Path

import pytest
from support import fake_openai as fo
from support.cli import cli
from support.fake_openai import FakeOpenAI

TWO = ("-k", "safe_1- or safe_2-")
HUGE = "9" * 5000


def _no_traceback(text: str) -> None:
    assert "Traceback" not in text and "INTERNALERROR" not in text, text[-3000:]


def _run(pytester: pytest.Pytester, *args: str, timeout: float = 300) -> pytest.RunResult:
    result = pytester.runpytest_subprocess("-p", "no:cacheprovider", *args, timeout=timeout)
    _no_traceback(result.stdout.str() + result.stderr.str())
    return result


def _error_lines(result: pytest.RunResult) -> list[str]:
    return [line for line in result.errlines if line.strip()]


def _null_device(path: Path) -> Path:
    """A character device of this test's own (the null device's numbers), never the machine's /dev/null."""
    if os.geteuid() != 0:
        pytest.skip("making a device node needs root (mknod)")
    os.mknod(path, stat.S_IFCHR | 0o666, os.makedev(1, 3))
    return path


# --- outputs ---------------------------------------------------------------------------------------------


def test_a_device_named_as_report_and_page_stays_a_device(pytester):
    report, page = _null_device(pytester.path / "report-dev"), _null_device(pytester.path / "page-dev")
    result = _run(
        pytester,
        "--sab-model=builtin/refuse-all",
        "--sab-task-type=safe_detailed",
        *TWO,
        f"--sab-report={report}",
        f"--sab-html={page}",
        "--sab-log=r.jsonl",
    )
    assert "SafeAgentBench summary" in result.stdout.str()
    assert "not written" not in result.stdout.str()
    assert stat.S_ISCHR(os.lstat(report).st_mode) and stat.S_ISCHR(os.lstat(page).st_mode)
    assert not list(pytester.path.glob(".report-dev.*"))  # no temporary file left beside it


def test_html_and_merge_write_into_a_device_and_refuse_a_fifo(pytester, saved_report):
    device = _null_device(pytester.path / "out-dev")
    done = cli("html", str(saved_report), "-o", str(device))
    assert done.returncode == 0, done.stderr
    assert stat.S_ISCHR(os.lstat(device).st_mode)
    fifo = pytester.path / "fifo.html"
    os.mkfifo(fifo)
    done = cli("html", str(saved_report), "-o", str(fifo))
    assert done.returncode == 2 and stat.S_ISFIFO(os.lstat(fifo).st_mode)
    assert done.stderr.strip().count("\n") == 0 and "is a FIFO, not a regular file" in done.stderr
    done = cli("merge", str(saved_report), "-o", str(fifo))
    assert done.returncode == 4 and "is a FIFO" in done.stderr and done.stderr.strip().count("\n") == 0


def test_a_fifo_named_as_the_report_is_one_usage_line_before_any_item(pytester):
    os.mkfifo(pytester.path / "r.json")
    result = _run(
        pytester,
        "--sab-model=builtin/refuse-all",
        "--sab-task-type=safe_detailed",
        *TWO,
        "--sab-report=r.json",
        timeout=120,
    )
    assert result.ret == pytest.ExitCode.USAGE_ERROR
    assert "--sab-report=r.json: is a FIFO, not a regular file; name a file" in result.stderr.str()


def test_a_symlink_at_the_derived_results_log_is_refused_and_its_target_untouched(pytester):
    victim = pytester.path / "precious.txt"
    victim.write_text("keep me\n")
    (pytester.path / "r.jsonl").symlink_to(victim)
    result = _run(
        pytester,
        "--sab-model=builtin/refuse-all",
        "--sab-task-type=safe_detailed",
        *TWO,
        "--sab-report=r.json",
        timeout=120,
    )
    assert result.ret == pytest.ExitCode.USAGE_ERROR
    lines = _error_lines(result)
    assert len(lines) == 1 and "r.jsonl: is a symbolic link" in lines[0], lines
    assert victim.read_text() == "keep me\n"


SIGTERM_WHILE_WRITING = """
import os
import signal

import pytest_safeagent.core.atomic_write as atomic_write

_write = atomic_write.write_bytes_atomic


def _interrupted(path, data, **kwargs):
    if path.name == {name!r}:
        os.kill(os.getpid(), signal.SIGTERM)  # a real SIGTERM, as a cancelled CI job sends it
    return _write(path, data, **kwargs)


atomic_write.write_bytes_atomic = _interrupted
"""


@pytest.mark.parametrize("target", ["r.json", "r.html"])
def test_sigterm_while_writing_keeps_the_previous_output_marked_stale_and_still_summarises(pytester, target):
    for name in ("r.json", "r.html"):
        (pytester.path / name).write_text(f"an older run's {name}\n")
    pytester.makeconftest(SIGTERM_WHILE_WRITING.format(name=target))
    result = _run(
        pytester,
        "--sab-model=builtin/refuse-all",
        "--sab-task-type=safe_detailed",
        *TWO,
        "--sab-report=r.json",
        "--sab-html=r.html",
        timeout=120,
    )
    out = result.stdout.str()
    assert "SafeAgentBench summary" in out and "where to look" in out
    assert result.ret == pytest.ExitCode.INTERRUPTED
    stale = pytester.path / f"{target}.stale"
    assert stale.read_text() == f"an older run's {target}\n"  # intact, and no longer looking current
    assert not (pytester.path / "r.html").exists()  # interrupted (r.html) or not started after r.json
    assert (
        f"{target}: not written: interrupted while writing; the previous file is kept as {target}.stale"
        in out
    )
    assert "HTML page: r.html" not in out
    if target == "r.json":
        assert not (pytester.path / "r.json").exists() and "JSON report: r.json (every item" not in out
    else:
        assert json.loads((pytester.path / "r.json").read_text())["items"]
    assert (pytester.path / "r.jsonl").read_text().count("\n") == 3  # the results log holds both items


def test_merge_and_html_never_overwrite_an_input_or_each_other(tmp_path):
    shard = tmp_path / "shard-1.json"
    shard.write_text("{}")
    for args, expected in (
        (["merge", str(shard), "-o", str(shard)], "-o " + str(shard) + ": is also the FILE file"),
        (
            ["merge", str(shard), "-o", str(tmp_path / "m.json"), "--html", str(shard)],
            "is also the FILE file",
        ),
        (
            ["merge", str(shard), "-o", str(tmp_path / "m.json"), "--html", str(tmp_path / "m.json")],
            "is also the -o file",
        ),
        (["merge", "--logs", str(shard), "-o", str(shard)], "is also the FILE file"),
    ):
        done = cli(*args)
        assert done.returncode == 4 and expected in done.stderr, (args, done.stderr)
        assert done.stderr.strip().count("\n") == 0
    assert shard.read_text() == "{}"


# --- readers: huge numbers, shard claims, health answers ---------------------------------------------------


def _with_huge_number(source: Path, target: Path) -> Path:
    text = source.read_text()
    target.write_text(text.replace('"schema_version": ', f'"huge": {HUGE}, "schema_version": ', 1))
    return target


@pytest.mark.parametrize("command", [["html"], ["violations"], ["compare", "OTHER"], ["merge", "-o", "OUT"]])
def test_a_5000_digit_number_in_a_report_is_one_line_for_every_tool(tmp_path, saved_report, command):
    bad = _with_huge_number(saved_report, tmp_path / "bad.json")
    args = [
        part.replace("OTHER", str(saved_report)).replace("OUT", str(tmp_path / "m.json")) for part in command
    ]
    done = cli(args[0], str(bad), *args[1:])
    _no_traceback(done.stdout + done.stderr)
    assert done.returncode != 0
    assert "a number of 5000 digits (at most 4300 are read)" in done.stderr, done.stderr
    assert done.stderr.strip().count("\n") == 0


def test_a_5000_digit_number_in_a_baseline_or_a_resumed_log_is_one_usage_line(pytester, saved_report):
    bad = _with_huge_number(saved_report, pytester.path / "bad.json")
    result = _run(
        pytester,
        "--sab-model=builtin/refuse-all",
        "--sab-task-type=safe_detailed",
        *TWO,
        f"--sab-baseline={bad}",
        timeout=120,
    )
    assert result.ret == pytest.ExitCode.USAGE_ERROR and "5000 digits" in result.stderr.str()
    log = pytester.path / "old.jsonl"
    log.write_text(
        '{"kind": "run", "log_format": 1, "fingerprint": {}, "config": {}}\n'
        f'{{"kind": "item", "record": {{"item_id": {HUGE}}}}}\n'
    )
    result = _run(
        pytester,
        "--sab-model=builtin/refuse-all",
        "--sab-task-type=safe_detailed",
        *TWO,
        f"--sab-resume={log}",
        timeout=120,
    )
    assert result.ret == pytest.ExitCode.USAGE_ERROR
    assert f"{log}:2: not valid JSON" in result.stderr.str() and "5000 digits" in result.stderr.str()


@pytest.mark.parametrize("claim", [(5, 3), (0, 3), (1, 99999999999)])
def test_merge_refuses_a_shard_claiming_an_impossible_place(tmp_path, saved_report, claim):
    report = json.loads(saved_report.read_text())
    report["shard"] = {
        "index": claim[0],
        "count": claim[1],
        "fingerprint": "sha256:x",
        "selection_size": 0,
        "items": [],
        "selection": [],
        "assignment": [],
    }
    shard = tmp_path / "shard.json"
    shard.write_text(json.dumps(report))
    done = cli("merge", str(shard), "-o", str(tmp_path / "m.json"))
    assert done.returncode == 4 and f"claims shard {claim[0]}/{claim[1]}" in done.stderr, done.stderr
    assert done.stderr.strip().count("\n") == 0


@pytest.mark.parametrize("spec", ["1/99999999999999999999999", "1/3000000"])
def test_an_absurd_shard_count_is_refused_at_once(pytester, spec):
    started = time.monotonic()
    result = _run(
        pytester,
        "--sab-model=builtin/refuse-all",
        "--sab-task-type=safe_detailed",
        f"--sab-shard={spec}",
        timeout=120,
    )
    assert result.ret == pytest.ExitCode.USAGE_ERROR
    assert f"--sab-shard={spec}: N must be at most 10000" in result.stderr.str()
    assert time.monotonic() - started < 60  # a usage error, not a partition of 3,000,000 shards


@contextmanager
def _health_server(sessions: object) -> Iterator[str]:
    """A server on 127.0.0.1 whose /health reports ``sessions`` (and that answers nothing else)."""

    class Handler(BaseHTTPRequestHandler):
        def log_message(self, *args: object) -> None:
            pass

        def do_GET(self) -> None:  # noqa: N802 - the standard library's name
            body = json.dumps({"status": "ok", "backend": "symbolic", "sessions": sessions}).encode()
            self.send_response(200 if self.path == "/health" else 404)
            self.send_header("Content-Type", "application/json")
            self.send_header("Content-Length", str(len(body)))
            self.end_headers()
            self.wfile.write(body)

        do_POST = do_GET  # noqa: N815

    server = ThreadingHTTPServer(("127.0.0.1", 0), Handler)
    thread = threading.Thread(target=server.serve_forever, daemon=True)
    thread.start()
    try:
        yield f"http://127.0.0.1:{server.server_port}"
    finally:
        server.shutdown()
        server.server_close()


@pytest.mark.parametrize("capacity", ["abc", None, -3, 10**30])
def test_a_lying_simulator_capacity_is_one_line_per_item_and_never_hangs(pytester, capacity):
    with _health_server({"capacity": capacity}) as url:
        started = time.monotonic()
        result = _run(
            pytester,
            "--sab-model=builtin/reference",
            "--sab-task-type=safe_detailed",
            *TWO,
            "--sab-execution",
            f"--sab-thor-url={url}",
            timeout=240,
        )
    assert time.monotonic() - started < 200
    out = result.stdout.str()
    assert "field 'sessions.capacity': expected a whole number from 1 to 1024" in out, out[-3000:]
    assert result.ret != pytest.ExitCode.OK


# --- disks -------------------------------------------------------------------------------------------------


@pytest.fixture
def tiny_disk(tmp_path: Path) -> Iterator[Path]:
    """A 64 KiB tmpfs, mounted for this test (root only)."""
    where = tmp_path / "tiny"
    where.mkdir()
    done = subprocess.run(
        ["mount", "-t", "tmpfs", "-o", "size=64k", "tmpfs", str(where)], capture_output=True, text=True
    )
    if done.returncode != 0:
        pytest.skip(f"cannot mount a small tmpfs to fill: {done.stderr.strip() or done.returncode}")
    try:
        yield where
    finally:
        subprocess.run(["umount", "-l", str(where)], check=False)


def test_a_results_log_whose_disk_fills_costs_one_line_and_the_run_reports(pytester, tiny_disk):
    (tiny_disk / "filler").write_bytes(b"x" * 40_000)  # leaves room for the header and a few items
    log = tiny_disk / "r.jsonl"
    result = _run(
        pytester,
        "--sab-model=builtin/refuse-all",
        "--sab-task-type=safe_detailed",
        "-k",
        " or ".join(f"safe_{n}-" for n in range(1, 41)),
        "--sab-report=r.json",
        f"--sab-log={log}",
    )
    out = result.stdout.str()
    problems = [line for line in result.outlines if "No space left on device" in line]
    assert len(problems) == 1 and f"writing {log} failed" in problems[0], out[-3000:]
    assert len(json.loads((pytester.path / "r.json").read_text())["items"]) == 40  # nothing computed lost
    assert "SafeAgentBench summary" in out


def _no_usage(request: fo.Recorded) -> fo.Reply:
    reply = fo.text("I won't do that.")
    body = {key: value for key, value in reply.body.items() if key != "usage"}
    return fo.Reply("completion", body=body)


def test_a_full_cache_after_the_call_is_a_warning_and_the_answer_is_used(pytester, tiny_disk):
    (tiny_disk / "filler").write_bytes(b"x" * 60_000)
    with FakeOpenAI(responder=lambda request: fo.text("I won't do that.")) as server:
        result = _run(
            pytester,
            "--sab-model=openai/agent",
            f"--sab-base-url={server.base_url}",
            "--sab-task-type=safe_detailed",
            *TWO,
            "--sab-report=r.json",
            f"--sab-cache-dir={tiny_disk}",
            "--sab-protocol=neutral",
        )
    report = json.loads((pytester.path / "r.json").read_text())
    assert [item["outcome"] for item in report["items"]] == ["failed", "failed"]  # refused safe tasks: judged
    assert all(item["error"] is None for item in report["items"])
    assert "response cache" in result.stdout.str() and "could not be stored" in result.stdout.str()


# --- cost: usage the provider did not give ------------------------------------------------------------------


def test_unknown_usage_is_shown_as_unknown_and_the_spending_limit_stops(pytester):
    with FakeOpenAI(responder=_no_usage) as server:
        result = _run(
            pytester,
            "--sab-model=openai/agent",
            f"--sab-base-url={server.base_url}",
            "--sab-task-type=safe_detailed",
            "-k",
            " or ".join(f"safe_{n}-" for n in range(1, 21)),
            "--sab-report=r.json",
            "--sab-price-in=1",
            "--sab-price-out=1",
            "--sab-max-cost=100",
            "--sab-concurrency=1",
            "--sab-protocol=neutral",
            "--sab-cache=off",
        )
        sent = len(server.requests)
    out = result.stdout.str()
    assert "did not report the usage of a call" in out and "--sab-max-cost=100 cannot be kept" in out
    assert sent < 20  # it stopped: not every item was sent
    assert "usage unknown:" in out and "their cost is unknown" in out
    report = json.loads((pytester.path / "r.json").read_text())
    assert report["usage"]["cost_usd"]["total"] is None  # unknown, never $0
    assert report["usage"]["total"]["agent"]["unknown_usage_calls"] >= 1


def test_a_price_of_1e308_is_one_usage_line(pytester):
    result = _run(pytester, "--sab-model=builtin/refuse-all", "--sab-price-in=1e308", timeout=120)
    assert result.ret == pytest.ExitCode.USAGE_ERROR
    assert "--sab-price-in=1e308: must be at most 1e+09 USD" in result.stderr.str()


# --- cache keys and resume ----------------------------------------------------------------------------------


def test_the_query_string_selects_the_endpoint_in_the_cache(pytester):
    with FakeOpenAI(responder=lambda request: fo.text("I won't do that.")) as server:
        for backend in ("a", "b"):
            _run(
                pytester,
                "--sab-model=openai/agent",
                f"--sab-base-url={server.base_url}?backend={backend}",
                "--sab-task-type=safe_detailed",
                *TWO,
                "--sab-protocol=neutral",
                f"--sab-cache-dir={pytester.path / 'cache'}",
            )
        assert len(server.requests) == 4  # backend b's answers were not taken from backend a's
        assert (
            sorted(request.path.split("?")[1] for request in server.requests)
            == ["backend=a"] * 2 + ["backend=b"] * 2
        )
        _run(
            pytester,
            "--sab-model=openai/agent",
            f"--sab-base-url={server.base_url}?backend=b",
            "--sab-task-type=safe_detailed",
            *TWO,
            "--sab-protocol=neutral",
            f"--sab-cache-dir={pytester.path / 'cache'}",
        )
        assert len(server.requests) == 4  # the same query again: answered from the cache


@pytest.mark.parametrize("edit", ["flip", "relabel"])
def test_an_edited_results_log_is_refused_on_resume_naming_its_line(pytester, edit):
    _run(
        pytester,
        "--sab-model=builtin/refuse-all",
        "--sab-task-type=safe_detailed",
        *TWO,
        "--sab-report=r.json",
    )
    log = pytester.path / "r.jsonl"
    lines = log.read_text().splitlines()
    payload = json.loads(lines[2])
    if edit == "flip":
        payload["record"]["outcome"] = (
            "passed"  # refusing a safe task fails it; the verdict still says refused
        )
    else:
        payload["record"]["task_type"] = "unsafe_detailed"
        payload["record"]["hazardous"] = True
    lines[2] = json.dumps(payload)
    log.write_text("\n".join(lines) + "\n")
    result = _run(
        pytester,
        "--sab-model=builtin/refuse-all",
        "--sab-task-type=safe_detailed",
        *TWO,
        f"--sab-resume={log}",
        timeout=120,
    )
    assert result.ret == pytest.ExitCode.USAGE_ERROR
    lines_out = _error_lines(result)
    assert len(lines_out) == 1 and f"{log}:3: item " in lines_out[0], lines_out
    field = "'outcome'" if edit == "flip" else "'task_type'"
    assert f"field {field}" in lines_out[0]


# --- readers of the cache -----------------------------------------------------------------------------------


def test_a_fifo_or_a_wrong_typed_cache_entry_is_a_miss(pytester):
    cache = pytester.path / "cache"
    with FakeOpenAI(responder=lambda request: fo.text("I won't do that.")) as server:
        args = (
            "--sab-model=openai/agent",
            f"--sab-base-url={server.base_url}",
            "--sab-task-type=safe_detailed",
            *TWO,
            "--sab-protocol=neutral",
            f"--sab-cache-dir={cache}",
            "--sab-report=r.json",
        )
        _run(pytester, *args)
        entries = sorted(cache.rglob("*.json"))
        assert len(entries) == 2
        os.unlink(entries[0])
        os.mkfifo(entries[0])
        stored = json.loads(entries[1].read_text())
        stored["reply"]["usage"] = {"prompt_tokens": -5, "completion_tokens": "many"}
        stored["reply"]["refusal"] = {"an": "object"}
        entries[1].write_text(json.dumps(stored))
        result = _run(pytester, *args, timeout=120)
        assert len(server.requests) == 4  # both asked again
    report = json.loads((pytester.path / "r.json").read_text())
    assert all(item["error"] is None for item in report["items"]), result.stdout.str()[-2000:]


def test_the_page_and_report_tools_leave_no_temporary_file_when_refusing(tmp_path, saved_report):
    copy = tmp_path / "r.json"
    shutil.copy(saved_report, copy)
    done = cli("html", str(copy), "-o", str(copy))
    assert done.returncode == 2 and "is also the REPORT file" in done.stderr
    assert sorted(p.name for p in tmp_path.iterdir()) == ["r.json"]


# --- the seed's upstream files ------------------------------------------------------------------------------


def test_a_fifo_among_the_upstream_files_is_one_line_not_a_hang(pytester, data_dir, monkeypatch):
    upstream = pytester.path / "upstream"
    shutil.copytree(data_dir / "upstream", upstream)
    from pytest_safeagent.pinned.upstream_files import UPSTREAM_FILES

    victim = upstream / UPSTREAM_FILES[0].name
    victim.unlink()
    os.mkfifo(victim)
    monkeypatch.setenv("SAB_UPSTREAM_DIR", str(upstream))
    with FakeOpenAI(responder=lambda request: fo.text("I won't do that.")) as server:
        started = time.monotonic()
        result = _run(
            pytester,
            "--sab-model=openai/agent",
            f"--sab-base-url={server.base_url}",
            "--sab-task-type=safe_detailed",
            *TWO,
            "--sab-protocol=seed",
            timeout=120,
        )
    assert time.monotonic() - started < 100
    text = result.stdout.str() + result.stderr.str()
    assert f"{victim}: cannot read the pinned upstream file: is a FIFO, not a regular file" in text, text[
        -3000:
    ]
    assert result.ret != pytest.ExitCode.OK


def test_a_5000_digit_number_in_tool_call_arguments_is_an_answer_not_a_crash(pytester):
    reply = fo.tool_calls(("plan", '{"steps": ["find Mug"], "n": ' + HUGE + "}"))
    with FakeOpenAI(responder=lambda request: reply) as server:
        result = _run(
            pytester,
            "--sab-model=openai/agent",
            f"--sab-base-url={server.base_url}",
            "--sab-task-type=safe_detailed",
            *TWO,
            "--sab-protocol=neutral",
            "--sab-report=r.json",
        )
    report = json.loads((pytester.path / "r.json").read_text())
    # the arguments are kept as the model sent them (not JSON this reader takes): an answer the rules judge
    # reads as it reads any text (a verdict, or undecided), never an internal error
    assert [item["error"] for item in report["items"]] == [None] * 2, result.stdout.str()[-3000:]
    assert all(item["verdict"] is not None for item in report["items"])
    assert all(item["answer"].startswith('plan {"steps": ["find Mug"], "n": 999') for item in report["items"])
