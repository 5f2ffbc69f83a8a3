"""Hostile and careless input through real pytest runs of the plugin (subprocesses): outside text that is
not clean UTF-8 or printable, an endpoint that echoes the API key, outputs that collide or cannot be
written, malformed options. Each must end in a clear one-line error or a correct result: no traceback,
no INTERNALERROR, nothing written lost, no key anywhere."""

from __future__ import annotations

import json
import os
import stat
import xml.etree.ElementTree as ElementTree
from pathlib import Path

import pytest
from support.fake_openai import status

SECRET = "sk-hostile-SECRET-never-written-7731"

HOSTILE_AGENT = """
import os

class Hostile:
    def plan(self, task):
        key = os.environ.get("SAB_HOSTILE_KEY", "")
        return ("I refuse \\ud800 lone \\udfff \\x1b]0;PWNED\\x07\\x1b[2J\\x1b[31mred "
                "\\u202eevil key=" + key + "\\n"
                + "x" * 1_000_000)

def make():
    return Hostile()
"""


def _no_traceback(result: pytest.RunResult) -> None:
    text = result.stdout.str() + result.stderr.str()
    assert "Traceback" not in text and "INTERNALERROR" not in text, text[-3000:]


def _run(pytester: pytest.Pytester, *args: str) -> pytest.RunResult:
    return pytester.runpytest_subprocess("-p", "no:cacheprovider", *args)


def _outputs(pytester: pytest.Pytester) -> dict[str, Path]:
    return {name: pytester.path / name for name in ("r.json", "r.html", "j.xml", "r.jsonl")}


def test_a_hostile_answer_leaves_every_output_whole_safe_and_short(pytester, monkeypatch):
    monkeypatch.setenv("SAB_HOSTILE_KEY", SECRET)
    pytester.makepyfile(hostile_agent=HOSTILE_AGENT)
    monkeypatch.setenv("PYTHONPATH", str(pytester.path))
    result = _run(
        pytester,
        "--sab-model=python:hostile_agent:make",
        "--sab-task-type=safe_detailed",
        "--sab-api-key-env=SAB_HOSTILE_KEY",
        "-k",
        "safe_1- or safe_2-",
        "--sab-report=r.json",
        "--sab-html=r.html",
        "--junitxml=j.xml",
    )
    _no_traceback(result)
    assert result.ret == pytest.ExitCode.TESTS_FAILED
    out = result.stdout.str()
    assert "SafeAgentBench summary" in out and "failed: 2" in out
    raw = "\n".join(result.outlines + result.errlines)
    assert "\x1b" not in raw and "\u202e" not in raw and "\\x1b]0;PWNED" in raw  # shown, never sent raw
    assert len(raw) < 20_000, len(raw)  # 2 MB of answers, a few lines each
    files = _outputs(pytester)
    for path in files.values():
        data = path.read_bytes()
        data.decode("utf-8")  # every file is valid UTF-8
        assert SECRET.encode() not in data, path
        assert stat.S_IMODE(path.stat().st_mode) == 0o666 & ~_umask(), path
    report = json.loads(files["r.json"].read_text())
    answer = report["items"][0]["answer"]
    assert "\ufffd lone \ufffd" in answer and "<hidden>" in answer and len(answer) > 1_000_000
    ElementTree.parse(files["j.xml"])  # well-formed
    page = files["r.html"].read_text()
    assert "\x1b]0;PWNED" in page or "&#27;" in page or "PWNED" in page


def _umask() -> int:
    mask = os.umask(0o022)
    os.umask(mask)
    return mask


def test_minus_vv_shows_more_but_still_not_a_megabyte(pytester, monkeypatch):
    pytester.makepyfile(hostile_agent=HOSTILE_AGENT)
    monkeypatch.setenv("PYTHONPATH", str(pytester.path))
    result = _run(
        pytester,
        "--sab-model=python:hostile_agent:make",
        "--sab-task-type=safe_detailed",
        "-k",
        "safe_1-",
        "-vv",
    )
    _no_traceback(result)
    raw = "\n".join(result.outlines)
    assert "more characters" in raw and 2_000 < len(raw) < 60_000


def _authorization(request) -> str:
    return next((v for k, v in request.headers.items() if k.lower() == "authorization"), "")


def test_an_endpoint_echoing_the_key_never_gets_it_written(pytester, fake, monkeypatch):
    monkeypatch.setenv("SAB_HOSTILE_KEY", SECRET)
    fake.responder = lambda request: status(403, f"denied: Authorization: {_authorization(request)}")
    result = _run(
        pytester,
        "--sab-model=openai/echo",
        f"--sab-base-url={fake.base_url}",
        "--sab-api-key-env=SAB_HOSTILE_KEY",
        "--sab-task-type=safe_detailed",
        "-k",
        "safe_1- or safe_2-",
        "--sab-retries=0",
        "--sab-report=r.json",
        "--sab-html=r.html",
        "--junitxml=j.xml",
        "-vv",
        "--sab-cache-dir=cache",
    )
    # -vv shows a failed item's whole traceback (issue 24); the run itself must not crash
    assert "INTERNALERROR" not in result.stdout.str() + result.stderr.str()
    assert any(SECRET in _authorization(r) for r in fake.requests)  # the key was sent ...
    text = result.stdout.str() + result.stderr.str()
    assert "denied: Authorization: Bearer <hidden>" in text
    assert SECRET not in text  # ... and never shown
    for path in [*_outputs(pytester).values(), *(pytester.path / "cache").rglob("*")]:
        if path.is_file():
            assert SECRET.encode() not in path.read_bytes(), path


@pytest.mark.parametrize(
    ("args", "message"),
    [
        (
            ["--sab-report=same.json", "--junitxml=same.json"],
            "--junitxml=same.json: is also the --sab-report file",
        ),
        (
            ["--sab-report=r.json", "--sab-log=r.json"],
            "--sab-log=r.json: the results log cannot be the JSON report",
        ),
        (["--sab-html=adir"], "--sab-html=adir: is a directory"),
        (["--sab-report=afile/r.json"], "--sab-report=afile/r.json: cannot be created:"),
        (["--sab-base-url=http://[x/v1", "--sab-model=openai/x"], "--sab-base-url=<hidden>: not a valid URL"),
        (["--sab-thor-url=http://[::1", "--sab-execution"], "--sab-thor-url=http://[::1: not a valid URL"),
        (
            ["--sab-thor-url=http://127.0.0.1:99999", "--sab-execution"],
            "the port must be a number from 0 to 65535",
        ),
        (["--sab-thor-url=gopher://127.0.0.1:1", "--sab-execution"], "expected an http:// or https:// URL"),
        (["--sab-model=\x1b]0;title\x07"], "--sab-model=\\x1b]0;title\\x07"),
    ],
)
def test_careless_options_are_one_usage_line_before_any_item(pytester, args, message):
    (pytester.path / "adir").mkdir()
    (pytester.path / "afile").write_text("a file, not a folder")
    if not any(a.startswith("--sab-model") for a in args):
        args = ["--sab-model=builtin/refuse-all", *args]
    result = _run(pytester, *args)
    _no_traceback(result)
    assert result.ret == pytest.ExitCode.USAGE_ERROR
    errors = [line for line in result.errlines if line.strip()]
    assert len(errors) == 1 and message in errors[0], result.errlines
    assert "\x1b" not in errors[0]
    assert not (pytester.path / "same.json").exists()


RAISING_PLAN = """
class Broken:
    @property
    def plan(self):
        raise RuntimeError("no plan today")

def make():
    return Broken()
"""


def test_an_agent_whose_plan_property_raises_is_one_line(pytester, monkeypatch):
    pytester.makepyfile(broken_agent=RAISING_PLAN)
    monkeypatch.setenv("PYTHONPATH", str(pytester.path))
    result = _run(pytester, "--sab-model=python:broken_agent:make", "-k", "safe_1-")
    _no_traceback(result)
    assert result.ret == pytest.ExitCode.USAGE_ERROR
    errors = [line for line in result.errlines if line.strip()]
    assert len(errors) == 1 and "Broken.plan raised RuntimeError: no plan today" in errors[0], errors


BREAK_THE_PAGE = """
import os

def pytest_sessionstart(session):
    os.mkdir(os.path.join(str(session.config.rootpath), "r.html"))  # after the options were checked
"""


def test_one_output_that_fails_at_the_end_costs_no_other(pytester):
    pytester.makeconftest(BREAK_THE_PAGE)
    result = _run(
        pytester,
        "--sab-model=builtin/refuse-all",
        "--sab-task-type=safe_detailed",
        "-k",
        "safe_1- or safe_2-",
        "--sab-report=r.json",
        "--sab-html=r.html",
        "--junitxml=j.xml",
    )
    _no_traceback(result)
    out = result.stdout.str()
    assert "SafeAgentBench summary" in out
    assert len([line for line in result.outlines if "--sab-html" in line and "not written" in line]) == 1
    assert json.loads((pytester.path / "r.json").read_text())["items"]
    ElementTree.parse(pytester.path / "j.xml")
    assert (pytester.path / "r.jsonl").read_text().count("\n") >= 3


def test_a_dataset_line_with_a_bad_byte_or_a_line_separator(pytester, data_copy):
    path = data_copy / "safe_detailed_1009.jsonl"
    if not path.exists():
        path = sorted(data_copy.glob("safe*.jsonl"))[0]
    lines = path.read_bytes().split(b"\n")
    first = json.loads(lines[0])
    first["instruction"] = first["instruction"] + "\u2028and more"
    lines[0] = json.dumps(first, ensure_ascii=False).encode("utf-8")
    path.write_bytes(b"\n".join(lines))
    ok = _run(
        pytester,
        "--sab-model=builtin/refuse-all",
        f"--sab-data-dir={data_copy}",
        "--collect-only",
        "-q",
        "--sab-task-type=safe_detailed",
    )
    _no_traceback(ok)
    assert ok.ret == pytest.ExitCode.OK, ok.errlines
    lines[2] = lines[2][:10] + b"\xff" + lines[2][10:]
    path.write_bytes(b"\n".join(lines))
    bad = _run(pytester, "--sab-model=builtin/refuse-all", f"--sab-data-dir={data_copy}", "--collect-only")
    _no_traceback(bad)
    assert bad.ret == pytest.ExitCode.USAGE_ERROR
    text = bad.stdout.str() + bad.stderr.str()
    assert f"{path.name}, line 3: not UTF-8 text" in text, text
