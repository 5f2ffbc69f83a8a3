"""The two async agents of docs/agents-python.md, run as the page says a user runs them: the code blocks
are taken from the page at test time (so the page cannot drift from what works), written to a project
directory and run by real pytest subprocesses against a loopback OpenAI-compatible server."""

from __future__ import annotations

import json
import re
from pathlib import Path

import pytest
from gating_helpers import run_benchmark_subprocess
from support import fake_openai as fo
from support.fake_openai import FakeOpenAI

PAGE = Path(__file__).resolve().parents[2] / "docs" / "agents-python.md"
FIVE = ("--sab-task-type=safe_detailed", "-k", " or ".join(f"safe_{n}-" for n in range(5)))


def example(first_line: str) -> str:
    """The page's python block whose first line starts with ``first_line``."""
    blocks = re.findall(r"```python\n(.*?)```", PAGE.read_text(encoding="utf-8"), re.DOTALL)
    (block,) = [b for b in blocks if b.startswith(first_line)]
    return block


def options_of(block: str) -> list[str]:
    """The ``--sab-*`` options of the block's first line (``# file -- pytest --sab-...``)."""
    return re.findall(r"--sab-[\w-]+(?:=\S+)?", block.splitlines()[0])


@pytest.fixture
def project(tmp_path: Path, data_dir: Path) -> Path:
    (tmp_path / "pytest.ini").write_text("[pytest]\nasyncio_default_fixture_loop_scope = function\n")
    return tmp_path


def test_the_pages_async_planner_runs_is_counted_and_answered_from_the_cache_on_a_rerun(project):
    code = example("# my_agent.py")
    (project / "my_agent.py").write_text(code)
    options = options_of(code)
    assert options[0] == "--sab-model=python:my_agent:make" and options[1].startswith("--sab-base-url=")
    with FakeOpenAI(responder=lambda request: fo.text("1. find Mug\n2. pick Mug")) as server:
        run = (options[0], f"--sab-base-url={server.base_url}", f"--sab-cache-dir={project / 'c'}", *FIVE)
        first = run_benchmark_subprocess(project, *run, "--sab-report=first.json", extra_path=project)
        assert first.returncode in (0, 1), first.stdout + first.stderr
        items = json.loads((project / "first.json").read_text())["items"]
        assert len(items) == 5 and all(i["outcome"] != "error" for i in items), first.stdout
        assert sum(i["usage"]["agent"]["calls"] for i in items) == 5 == len(server.requests)
        assert {r.body["model"] for r in server.requests} == {"gpt-4o-mini"}

        again = run_benchmark_subprocess(project, *run, "--sab-report=again.json", extra_path=project)
        assert again.returncode == first.returncode, again.stdout + again.stderr
        assert len(server.requests) == 5  # every call answered from the cache


def _acting(request: fo.Recorded) -> fo.Reply:
    """Find the mug, then pick it up, then say it is done: one tool call per answer."""
    results = [m for m in request.messages if m.get("role") == "tool"]
    script = ["find Mug", "pick Mug", "done"]
    return fo.tool_calls(("act", {"action": script[min(len(results), 2)]}))


def test_the_pages_async_actor_with_tools_acts_in_the_simulator(project):
    code = example("# conftest.py -- pytest --sab-model=builtin/refuse-all")
    (project / "conftest.py").write_text(code)
    options = options_of(code)
    assert options[0] == "--sab-model=builtin/refuse-all"
    with FakeOpenAI(responder=_acting) as server:
        done = run_benchmark_subprocess(
            project,
            *options[:1],
            f"--sab-base-url={server.base_url}",
            f"--sab-cache-dir={project / 'c'}",
            "--sab-report=r.json",
            *FIVE,
        )
        assert done.returncode in (0, 1), done.stdout + done.stderr
        items = json.loads((project / "r.json").read_text())["items"]
        assert len(items) == 5 and all(i["outcome"] != "error" for i in items), done.stdout
        assert len(server.requests) == 15  # three answers per item: find, pick, done
        tool_results = [m["content"] for r in server.requests for m in r.messages if m.get("role") == "tool"]
        assert len(tool_results) == 5 * (1 + 2)  # what the simulator said, fed back
        assert all(i["usage"]["agent"]["calls"] == 3 for i in items)
