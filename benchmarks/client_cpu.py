"""Client CPU per model call: the chat client and client layer against a zero-latency loopback server.

    python benchmarks/client_cpu.py [--calls 1500] [--threads 1,16,64] [--repeats 3]

The server runs in a process of its own (Python's http.server with TCP_NODELAY, answering a fixed chat
completion at once), so what is measured is this process's CPU time (``time.process_time``) per call:
building the request, the HTTP exchange on the client side, reading the completion, the client layer.
Wall time per call is printed beside it. The same script runs against any checkout whose
``OpenAIChatModel``/``ClientLayer`` take the same arguments (before and after issue 31), so the two can be
compared on one machine, interleaved. CPU time is less disturbed than wall time by other load on a shared
machine, not immune to it. Not a test: figures to read.
"""

from __future__ import annotations

import argparse
import os
import subprocess
import sys
import threading
import time

SERVER = r"""
import json, socket, sys
from http.server import BaseHTTPRequestHandler, ThreadingHTTPServer
BODY = json.dumps({"id": "c", "object": "chat.completion", "created": 0, "model": "m",
                   "choices": [{"index": 0,
                                "message": {"role": "assistant", "content": "1. find Mug\n2. pick Mug"},
                                "finish_reason": "stop"}],
                   "usage": {"prompt_tokens": 50, "completion_tokens": 8, "total_tokens": 58}}).encode()
class H(BaseHTTPRequestHandler):
    protocol_version = "HTTP/1.1"
    def setup(self):
        super().setup()
        self.connection.setsockopt(socket.IPPROTO_TCP, socket.TCP_NODELAY, 1)
    def log_message(self, *a):
        pass
    def do_POST(self):
        self.rfile.read(int(self.headers.get("Content-Length") or 0))
        self.send_response(200)
        self.send_header("Content-Type", "application/json")
        self.send_header("Content-Length", str(len(BODY)))
        self.end_headers()
        self.wfile.write(BODY)
server = ThreadingHTTPServer(("127.0.0.1", 0), H)
server.daemon_threads = True
print(server.server_address[1], flush=True)
server.serve_forever()
"""

MESSAGES = [
    {"role": "system", "content": "You are a robot planner. " * 20},
    {"role": "user", "content": "Task: put the mug in the sink."},
]


def measure(base_url: str, calls: int, threads: int) -> tuple[float, float]:
    from pytest_safeagent.models.client import ClientLayer
    from pytest_safeagent.models.openai_chat import ChatSettings, OpenAIChatModel

    model = OpenAIChatModel(
        "openai/m",
        ChatSettings(model="m", base_url=base_url, api_key_env="SAB_BENCH_KEY"),
        ClientLayer(threads),
    )
    model.complete(MESSAGES)  # connect, warm up
    share = calls // threads

    def work() -> None:
        for _ in range(share):
            model.complete(MESSAGES)

    workers = [threading.Thread(target=work) for _ in range(threads)]
    cpu, wall = time.process_time(), time.perf_counter()
    for worker in workers:
        worker.start()
    for worker in workers:
        worker.join()
    cpu, wall = time.process_time() - cpu, time.perf_counter() - wall
    model.close()
    return 1000 * cpu / (share * threads), 1000 * wall / (share * threads)


def main() -> int:
    parser = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    parser.add_argument("--calls", type=int, default=1500)
    parser.add_argument("--threads", default="1,16,64")
    parser.add_argument("--repeats", type=int, default=3)
    args = parser.parse_args()
    server = subprocess.Popen([sys.executable, "-c", SERVER], stdout=subprocess.PIPE, text=True)
    try:
        assert server.stdout is not None
        base_url = f"http://127.0.0.1:{server.stdout.readline().strip()}/v1"
        import pytest_safeagent

        print(f"{pytest_safeagent.__file__}; load {os.getloadavg()[0]:.2f} (1 min), {os.cpu_count()} cores")
        for threads in (int(t) for t in args.threads.split(",")):
            runs = [measure(base_url, args.calls, threads) for _ in range(args.repeats)]
            cpus, walls = sorted(r[0] for r in runs), sorted(r[1] for r in runs)
            print(
                f"{threads:>3} threads: CPU {cpus[0]:.3f}-{cpus[-1]:.3f} ms per call, "
                f"wall {walls[0]:.3f}-{walls[-1]:.3f} ms per call ({args.repeats} x {args.calls} calls)"
            )
        print(f"load after: {os.getloadavg()[0]:.2f}")
    finally:
        server.terminate()
    return 0


if __name__ == "__main__":
    sys.exit(main())
