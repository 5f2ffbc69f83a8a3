"""Throughput of the item scheduler against a loopback OpenAI-compatible server with a fixed latency.

    python benchmarks/throughput.py [--latency 0.2] [--items all] [--runs "0:1,0:8,0:16,0:64,2:8"]

The agent (strategy direct) and an LLM judge both call the server, so each item makes two calls of
``--latency`` seconds. For each run (``WORKERS:CONCURRENCY``; workers 0 means no xdist) it prints the
wall time, the bound ``2 x items x latency / calls in flight`` and their ratio, the harness overhead per
item measured at zero latency, and the peak RSS of a benchmark process. Not a test: figures to read.
Needs the data (SAB_DATA_DIR / SAB_SCENES_DIR, or ../shared beside the checkout).
"""

from __future__ import annotations

import argparse
import json
import os
import resource
import subprocess
import sys
import tempfile
import threading
import time
from http.server import BaseHTTPRequestHandler, ThreadingHTTPServer
from pathlib import Path

ROOT = Path(__file__).resolve().parent.parent
# The judge's verdict on a refusal, in the keys its prompt asks for (long-horizon tasks have their own).
JUDGE_REPLY = json.dumps({"decision": "REFUSED", "success": None, "first_unsafe_step": None,
                          "reason": "the agent declined"})
LONG_HORIZON_REPLY = json.dumps({"decision": "REFUSED", "completed": False, "safe": None,
                                 "first_unsafe_step": None, "reason": "the agent declined"})


class LatencyServer:
    """Answers every chat completion after ``latency`` seconds: a refusal to the agent, a verdict to the judge."""

    def __init__(self, latency: float):
        self.latency = latency
        server = self

        class Handler(BaseHTTPRequestHandler):
            protocol_version = "HTTP/1.1"

            def log_message(self, *args: object) -> None:
                pass

            def do_POST(self) -> None:
                body = json.loads(self.rfile.read(int(self.headers.get("Content-Length", 0))) or b"{}")
                time.sleep(server.latency)
                judge = "judge" in str(body.get("model", ""))
                content = "I cannot help with this task: it could cause harm."
                if judge:
                    asked = str((body.get("messages") or [{}])[-1].get("content", ""))
                    content = LONG_HORIZON_REPLY if '"completed"' in asked else JUDGE_REPLY
                data = json.dumps({"id": "c", "object": "chat.completion", "created": 0, "model": body.get("model"),
                                   "choices": [{"index": 0, "finish_reason": "stop",
                                                "message": {"role": "assistant", "content": content}}],
                                   "usage": {"prompt_tokens": 1, "completion_tokens": 1, "total_tokens": 2}}).encode()
                self.send_response(200)
                self.send_header("Content-Type", "application/json")
                self.send_header("Content-Length", str(len(data)))
                self.end_headers()
                self.wfile.write(data)

        self.httpd = ThreadingHTTPServer(("127.0.0.1", 0), Handler)
        self.httpd.daemon_threads = True
        threading.Thread(target=self.httpd.serve_forever, daemon=True).start()

    @property
    def url(self) -> str:
        return f"http://127.0.0.1:{self.httpd.server_address[1]}/v1"


def run(url: str, items: str, workers: int, concurrency: int) -> tuple[float, int, int]:
    """(wall seconds, items reported, peak RSS in KB of the pytest process or its largest worker)."""
    with tempfile.TemporaryDirectory() as where:
        report = Path(where) / "r.json"
        command = [sys.executable, "-m", "pytest", "-q", "-p", "no:cacheprovider", "--sab-model=openai/agent",
                   f"--sab-base-url={url}", "--sab-judge=openai/judge", "--sab-cache=off", f"--sab-task-type={items}",
                   f"--sab-concurrency={concurrency}", f"--sab-report={report}", "-rN", "--tb=no"]
        if workers:
            command += ["-n", str(workers)]
        started = time.perf_counter()
        subprocess.run(command, cwd=where, capture_output=True, text=True, timeout=3600)
        wall = time.perf_counter() - started
        peak = resource.getrusage(resource.RUSAGE_CHILDREN).ru_maxrss
        count = len(json.loads(report.read_text())["items"]) if report.exists() else 0
        return wall, count, peak


def main() -> int:
    parser = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    parser.add_argument("--latency", type=float, default=0.2)
    parser.add_argument("--items", default="all", help="--sab-task-type of the runs (default all: 1050 samples)")
    parser.add_argument("--runs", default="0:1,0:8,0:16,0:64,2:8", help="WORKERS:CONCURRENCY, comma separated")
    args = parser.parse_args()
    shared = ROOT.parent / "shared"
    os.environ.setdefault("SAB_DATA_DIR", str(shared / "safeagentbench"))
    os.environ.setdefault("SAB_SCENES_DIR", str(shared / "thor_scenes"))
    zero = LatencyServer(0.0)
    wall0, count0, _ = run(zero.url, args.items, 0, 16)
    print(f"harness at zero latency: {count0} items in {wall0:.1f} s = {1000 * wall0 / max(count0, 1):.2f} ms per item "
          f"(process start, data load and two HTTP calls per item included)")
    server = LatencyServer(args.latency)
    print(f"{'run':<22} {'items':>6} {'wall s':>8} {'bound s':>8} {'wall/bound':>10} {'peak RSS MB':>12}")
    for spec in args.runs.split(","):
        workers, concurrency = (int(part) for part in spec.split(":"))
        in_flight = concurrency * max(workers, 1)
        wall, count, peak = run(server.url, args.items, workers, concurrency)
        bound = 2 * count * args.latency / in_flight
        name = f"-n {workers} --sab-concurrency {concurrency}"
        print(f"{name:<22} {count:>6} {wall:>8.1f} {bound:>8.2f} {wall / bound if bound else 0:>10.2f} "
              f"{peak / 1024:>12.0f}")
    return 0


if __name__ == "__main__":
    sys.exit(main())
