"""Throughput of the item scheduler against a loopback OpenAI-compatible server with a fixed latency.

    python benchmarks/throughput.py [--latency 0.2] [--items all] [--runs "0:1,0:8,0:16,0:64,2:8"] [--nodelay]
                                    [--interactive 16] [--skip-zero] [--skip-dead]

The agent (strategy direct) and an LLM judge both call the server, so each item makes two calls of
``--latency`` seconds. For each run (``WORKERS:CONCURRENCY``; workers 0 means no xdist) it prints the
wall time, split into start-up (process start to the server's first request: interpreter, plugins,
dataset, collection), the span of the requests and the tail (last answer to exit); the
bound ``2 x items x latency / calls in flight`` and wall / bound; the most requests the server saw at
once; the items that ended in an error; and the peak RSS of the largest process.

The interactive case: ``react`` on the default mix (rules judge), each episode three actions and a
``thor_done`` (four calls), against the symbolic simulator the run starts; its bound is
``calls x latency / concurrency``.

Then the harness overhead at zero latency, per item, for the whole run and for the item loop alone
(the request span, start-up excluded), and the CPU time of the pytest process (every thread, user +
system; less disturbed by other load than wall time) for the whole run and for its run-test loop alone
(the items; start-up, collection and reports excluded): the harness with no model calls at all (builtin
model), with one call per item (rules judge), and with two (LLM judge). Last, how soon a run against a
dead base URL (connection refused) ends.

The server is Python's http.server, which writes headers and body separately; without ``--nodelay``
it keeps Nagle's algorithm on, as such simple servers do (the client copes: models/http_pool.py).
Not a test: figures to read. Needs the data (SAB_DATA_DIR / SAB_SCENES_DIR, or ../shared beside the
checkout).
"""

from __future__ import annotations

import argparse
import json
import os
import socket
import subprocess
import sys
import tempfile
import threading
import time
from dataclasses import dataclass
from http.server import BaseHTTPRequestHandler, ThreadingHTTPServer
from pathlib import Path

ROOT = Path(__file__).resolve().parent.parent
# The judge's verdict on a refusal, in the keys its prompt asks for (long-horizon tasks have their own).
JUDGE_REPLY = json.dumps(
    {"decision": "REFUSED", "success": None, "first_unsafe_step": None, "reason": "the agent declined"}
)
LONG_HORIZON_REPLY = json.dumps(
    {
        "decision": "REFUSED",
        "completed": False,
        "safe": None,
        "first_unsafe_step": None,
        "reason": "the agent declined",
    }
)
# Runs a command and writes the largest RSS among its descendants (KB) and their CPU seconds (user + system)
# to the file named first.
PEAK_RSS = (
    "import resource, subprocess, sys\n"
    "code = subprocess.call(sys.argv[2:])\n"
    "used = resource.getrusage(resource.RUSAGE_CHILDREN)\n"
    "open(sys.argv[1], 'w').write(f'{used.ru_maxrss} {used.ru_utime + used.ru_stime}')\n"
    "sys.exit(code)\n"
)

# A plugin the run loads (-p): the process's CPU seconds (every thread) spent in pytest's run-test loop,
# that is the items alone (start-up, collection and the reports excluded), written to ./loop_cpu.
LOOP_CPU_PLUGIN = (
    "import time\n"
    "import pytest\n"
    "@pytest.hookimpl(hookwrapper=True)\n"
    "def pytest_runtestloop(session):\n"
    "    started = time.process_time()\n"
    "    yield\n"
    "    open('loop_cpu', 'w').write(str(time.process_time() - started))\n"
)


# An interactive agent's episode: a few actions (which may
# fail: the object need not be in the scene), then done.
EPISODE_ACTIONS = ("find CounterTop", "find Apple", "pickup Apple")


def tool_reply(body: dict) -> dict:
    """The scripted tool call for this turn of a ReAct episode (turn = assistant messages so far)."""
    turn = sum(1 for m in body.get("messages") or [] if m.get("role") == "assistant")
    tools = [t["function"]["name"] for t in body.get("tools") or []]
    execute = next((name for name in tools if name.endswith("execute") or "execute_" in name), tools[0])
    if turn < len(EPISODE_ACTIONS):
        name, arguments = execute, {"instruction": EPISODE_ACTIONS[turn]}
    else:
        name, arguments = "thor_done", {"reason": "The task is complete."}
    return {
        "role": "assistant",
        "content": None,
        "tool_calls": [
            {
                "id": f"call_{turn}",
                "type": "function",
                "function": {"name": name, "arguments": json.dumps(arguments)},
            }
        ],
    }


class LatencyServer:
    """Answers every chat completion after ``latency`` seconds (a refusal to the agent, a verdict to the
    judge) and notes when each request began and ended."""

    def __init__(self, latency: float, nodelay: bool = False):
        self.latency = latency
        self.calls: list[tuple[float, float]] = []
        self._lock = threading.Lock()
        server = self

        class Handler(BaseHTTPRequestHandler):
            protocol_version = "HTTP/1.1"

            def setup(self) -> None:
                super().setup()
                if nodelay:
                    self.connection.setsockopt(socket.IPPROTO_TCP, socket.TCP_NODELAY, 1)

            def log_message(self, *args: object) -> None:
                pass

            def do_POST(self) -> None:
                began = time.perf_counter()
                body = json.loads(self.rfile.read(int(self.headers.get("Content-Length", 0))) or b"{}")
                time.sleep(server.latency)
                judge = "judge" in str(body.get("model", ""))
                message: dict = {
                    "role": "assistant",
                    "content": "I cannot help with this task: it could cause harm.",
                }
                if judge:
                    asked = str((body.get("messages") or [{}])[-1].get("content", ""))
                    message["content"] = LONG_HORIZON_REPLY if '"completed"' in asked else JUDGE_REPLY
                elif body.get("tools"):
                    message = tool_reply(body)
                data = json.dumps(
                    {
                        "id": "c",
                        "object": "chat.completion",
                        "created": 0,
                        "model": body.get("model"),
                        "choices": [{"index": 0, "finish_reason": "stop", "message": message}],
                        "usage": {"prompt_tokens": 1, "completion_tokens": 1, "total_tokens": 2},
                    }
                ).encode()
                self.send_response(200)
                self.send_header("Content-Type", "application/json")
                self.send_header("Content-Length", str(len(data)))
                self.end_headers()
                with server._lock:  # ended once the answer is on its way: the client frees its slot after
                    server.calls.append((began, time.perf_counter()))
                self.wfile.write(data)

        self.httpd = ThreadingHTTPServer(("127.0.0.1", 0), Handler)
        self.httpd.daemon_threads = True
        threading.Thread(target=self.httpd.serve_forever, daemon=True).start()

    @property
    def url(self) -> str:
        return f"http://127.0.0.1:{self.httpd.server_address[1]}/v1"

    def take_calls(self) -> list[tuple[float, float]]:
        with self._lock:
            calls, self.calls = self.calls, []
        return calls


def peak_in_flight(calls: list[tuple[float, float]]) -> int:
    events = sorted([(began, 1) for began, _ in calls] + [(ended, -1) for _, ended in calls])
    level = peak = 0
    for _, step in events:
        level += step
        peak = max(peak, level)
    return peak


@dataclass
class Run:
    wall: float
    items: int
    errors: int  # items without a verdict (errors, or missing from the report)
    startup: float | None  # process start to the first request
    span: float | None  # first request to the last answer
    tail: float | None  # last answer to exit
    peak: int
    rss_kb: int
    calls: int = 0
    cpu_s: float = 0.0  # CPU seconds of the pytest process (and its children), user + system
    loop_cpu_s: float | None = None  # CPU seconds of the pytest process in its run-test loop (the items)


def closed_port_url() -> str:
    """A base URL on 127.0.0.1 where nothing listens (connections are refused)."""
    with socket.socket() as probe:
        probe.bind(("127.0.0.1", 0))
        port = probe.getsockname()[1]
    return f"http://127.0.0.1:{port}/v1"


def run(
    server: LatencyServer | str | None,
    items: str,
    workers: int,
    concurrency: int,
    model: str = "openai/agent",
    judge: str = "openai/judge",
    extra: tuple[str, ...] = (),
) -> Run:
    with tempfile.TemporaryDirectory() as where:
        report, rss, loop_cpu = Path(where) / "r.json", Path(where) / "rss", Path(where) / "loop_cpu"
        (Path(where) / "sab_bench_loop_cpu.py").write_text(LOOP_CPU_PLUGIN)
        command = [
            sys.executable,
            "-c",
            PEAK_RSS,
            str(rss),
            sys.executable,
            "-m",
            "pytest",
            "-q",
            "-p",
            "no:cacheprovider",
            "-p",
            "sab_bench_loop_cpu",  # python -m puts the working directory on the path
            f"--sab-model={model}",
            f"--sab-judge={judge}",
            "--sab-cache=off",
            f"--sab-task-type={items}",
            f"--sab-concurrency={concurrency}",
            f"--sab-report={report}",
            "-rN",
            "--tb=no",
            # the latency server answers the neutral prompts and JSON judge; the calls per item are
            # the same under the seed protocol, its judge only reads other words
            "--sab-protocol=neutral",
            *extra,
        ]
        if isinstance(server, str):
            command.append(f"--sab-base-url={server}")
            server = None
        elif server is not None:
            command.append(f"--sab-base-url={server.url}")
            server.take_calls()
        if workers:
            command += ["-n", str(workers)]
        started = time.perf_counter()
        subprocess.run(command, cwd=where, capture_output=True, text=True, timeout=3600)
        ended = time.perf_counter()
        calls = server.take_calls() if server is not None else []
        counts = json.loads(report.read_text())["metrics"]["counts"] if report.exists() else {}
        rss_kb, cpu_s = rss.read_text().split() if rss.exists() else ("0", "0")
        first, last = (min(b for b, _ in calls), max(e for _, e in calls)) if calls else (None, None)
        return Run(
            wall=ended - started,
            items=counts.get("items", 0),
            calls=len(calls),
            errors=counts.get("errors", 0) + counts.get("missing", 0),
            startup=first - started if first else None,
            span=last - first if calls else None,
            tail=ended - last if last else None,
            peak=peak_in_flight(calls),
            rss_kb=int(rss_kb),
            cpu_s=float(cpu_s),
            loop_cpu_s=float(loop_cpu.read_text()) if loop_cpu.exists() else None,
        )


def _per_item_ms(seconds: float | None, items: int) -> str:
    return f"{1000 * seconds / items:.2f} ms" if seconds is not None and items else "-"


def _s(value: float | None) -> str:
    return f"{value:.2f}" if value is not None else "-"


def main() -> int:
    parser = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    parser.add_argument("--latency", type=float, default=0.2)
    parser.add_argument(
        "--items", default="all", help="--sab-task-type of the runs (default all: 1050 samples)"
    )
    parser.add_argument(
        "--runs", default="0:1,0:8,0:16,0:64,2:8", help="WORKERS:CONCURRENCY, comma separated"
    )
    parser.add_argument(
        "--nodelay", action="store_true", help="the server sets TCP_NODELAY (as production servers do)"
    )
    parser.add_argument("--skip-zero", action="store_true", help="leave out the zero-latency overhead table")
    parser.add_argument("--skip-dead", action="store_true", help="leave out the dead-URL runs")
    parser.add_argument(
        "--interactive",
        default="16",
        metavar="CONCURRENCY[,...]",
        help="the interactive case: react on the default mix, rules judge, at these "
        "--sab-concurrency values (empty: skip)",
    )
    args = parser.parse_args()
    shared = ROOT.parent / "shared"
    os.environ.setdefault("SAB_DATA_DIR", str(shared / "safeagentbench"))
    os.environ.setdefault("SAB_SCENES_DIR", str(shared / "thor_scenes"))
    print(
        f"load before: {os.getloadavg()[0]:.2f} (1 min), {os.cpu_count()} cores; "
        f"server {'with' if args.nodelay else 'without'} TCP_NODELAY"
    )

    server = LatencyServer(args.latency, args.nodelay)
    print(
        f"{'run':<27} {'items':>5} {'errors':>6} {'wall s':>7} {'start s':>7} {'span s':>7} {'tail s':>6} "
        f"{'bound s':>7} {'wall/bound':>10} {'peak calls':>10} {'RSS MB':>6}"
    )
    for spec in [part for part in args.runs.split(",") if part.strip()]:
        workers, concurrency = (int(part) for part in spec.split(":"))
        in_flight = concurrency * max(workers, 1)
        result = run(server, args.items, workers, concurrency)
        bound = 2 * result.items * args.latency / in_flight
        name = f"-n {workers} --sab-concurrency {concurrency}"
        print(
            f"{name:<27} {result.items:>5} {result.errors:>6} {result.wall:>7.2f} {_s(result.startup):>7} "
            f"{_s(result.span):>7} {_s(result.tail):>6} {bound:>7.2f} "
            f"{result.wall / bound if bound else 0:>10.2f} "
            f"{result.peak:>10} {result.rss_kb / 1024:>6.0f}"
        )

    for concurrency in [int(c) for c in args.interactive.split(",") if c.strip()]:
        result = run(
            server, "default", 0, concurrency, judge="builtin/rules", extra=("--sab-strategy=react",)
        )
        bound = result.calls * args.latency / concurrency
        print(
            f"interactive: react, default mix, -n 0 --sab-concurrency {concurrency}: {result.items} items, "
            f"{result.calls} calls, {result.errors} errors, wall {result.wall:.2f} s (start-up "
            f"{_s(result.startup)} s), bound {bound:.2f} s (calls x latency / {concurrency}), wall/bound "
            f"{result.wall / bound if bound else 0:.2f}, peak calls in flight {result.peak}"
        )

    if not args.skip_zero:
        zero = LatencyServer(0.0, args.nodelay)
        print(
            "\nharness overhead at zero latency, -n 0 --sab-concurrency "
            "16 (per item: whole run / item loop alone)"
        )
        cases = [
            ("no model calls (builtin/reference)", None, "builtin/reference", "builtin/rules"),
            ("1 call per item (rules judge)", zero, "openai/agent", "builtin/rules"),
            ("2 calls per item (LLM judge)", zero, "openai/agent", "openai/judge"),
        ]
        for name, where, model, judge in cases:
            result = run(where, args.items, 0, 16, model=model, judge=judge)
            loop = f"{1000 * result.span / result.items:.2f} ms" if result.span and result.items else "-"
            print(
                f"  {name:<36} {result.items} items in {result.wall:.2f} s: "
                f"{1000 * result.wall / max(result.items, 1):.2f} ms whole run / {loop} loop "
                f"(start-up {_s(result.startup)} s); CPU {1000 * result.cpu_s / max(result.items, 1):.2f} ms "
                f"whole run / {_per_item_ms(result.loop_cpu_s, result.items)} loop; {result.errors} errors, "
                f"RSS {result.rss_kb / 1024:.0f} MB"
            )
    dead = closed_port_url()
    if not args.skip_dead:
        print("\na dead base URL (connection refused), agent + LLM judge, until the run stops:")
    for workers, concurrency in () if args.skip_dead else ((0, 16), (2, 8)):
        result = run(dead, args.items, workers, concurrency)
        print(
            f"  -n {workers} --sab-concurrency {concurrency}: {result.wall:.2f} s, "
            f"{result.errors} of {result.items} items without a verdict"
        )
    print(f"load after: {os.getloadavg()[0]:.2f} (1 min)")
    return 0


if __name__ == "__main__":
    sys.exit(main())
