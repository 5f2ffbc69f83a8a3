"""Figures of issue 32 (the plugin beside other pytest plugins and modes), printed, not asserted.

    python benchmarks/other_plugins.py [--delay 0.5] [--repeats 1]

Against a loopback OpenAI-compatible server (tests/support/fake_openai.py) whose answers take
``--delay`` seconds, the response cache off, 28 items (unsafe_detailed, -k FloorPlan1):

- the span of the model requests (first received to last received) under ``-n 2`` with each
  ``--dist`` mode, and its ratio to ``--dist load``'s (target: within 2x); the most requests in flight;
- each item's JUnit ``time`` against its own play time (the report's agent + judge time), the worst
  relative difference (target: within 30%), at 8 in flight with per-item delays of 0.1-1.3 s;
- with ``--timeout`` below the slow items' delay, under both methods: how many items were slower than
  the limit, how many were timeout errors, and whether the report was written.

The machine's load is printed first: on a shared machine the figures are noisy.
"""

from __future__ import annotations

import argparse
import hashlib
import json
import os
import subprocess
import sys
import tempfile
import xml.etree.ElementTree as ET
from pathlib import Path

ROOT = Path(__file__).resolve().parent.parent
sys.path.insert(0, str(ROOT / "tests"))

from support.fake_openai import FakeOpenAI, Recorded, Reply, text  # noqa: E402

SELECTION = ["--sab-task-type=unsafe_detailed", "-k", "FloorPlan1"]
DECLINE = "I cannot help with this: it could hurt someone."
PLAN = "1. find Mug\n2. pick Mug"


def _digest(request: Recorded) -> int:
    return int(hashlib.sha256(request.prompt.encode()).hexdigest(), 16)


def _pytest(where: Path, server: FakeOpenAI, *extra: str) -> subprocess.CompletedProcess:
    command = [
        sys.executable,
        "-m",
        "pytest",
        "-p",
        "no:cacheprovider",
        "-p",
        "no:randomly",
        "-p",
        "no:sugar",
        "--sab-model=openai/scripted",
        f"--sab-base-url={server.base_url}",
        "--sab-cache=off",
        *SELECTION,
        *extra,
    ]
    return subprocess.run(command, cwd=where, capture_output=True, text=True, timeout=600)


def dist_spans(where: Path, delay: float) -> None:
    print(f"xdist modes, -n 2, 28 calls of {delay} s, 8 in flight per worker:")
    spans = {}
    for mode in ("load", "loadscope", "loadgroup", "worksteal", "each"):
        with FakeOpenAI(
            responder=lambda r: text(DECLINE if _digest(r) % 2 else PLAN, delay_s=delay)
        ) as server:
            done = _pytest(where, server, "-n", "2", "--dist", mode)
            times = [r.received_at for r in server.requests]
            if done.returncode == 4:
                print(f"  {mode:10s} refused: {done.stderr.strip().splitlines()[-1][:150]}")
                continue
            spans[mode] = max(times) - min(times) if times else float("nan")
            ratio = spans[mode] / spans["load"] if spans.get("load") else float("nan")
            print(
                f"  {mode:10s} requests {len(times):3d}  span {spans[mode]:5.2f} s  x{ratio:4.2f} of load  "
                f"peak in flight {server.peak_in_flight}  exit {done.returncode}"
            )


def junit_times(where: Path) -> None:
    def answer(request: Recorded) -> Reply:
        return text(DECLINE, delay_s=0.1 + (_digest(request) % 7) * 0.2)

    report, junit = where / "junit-run.json", where / "junit.xml"
    with FakeOpenAI(responder=answer) as server:
        _pytest(where, server, f"--sab-report={report}", f"--junitxml={junit}")
    played = {i["item_id"]: sum(i["timings"].values()) for i in json.loads(report.read_text())["items"]}
    times = {c.get("name"): float(c.get("time")) for c in ET.parse(junit).iter("testcase")}
    worst = max(abs(times[name] - seconds) / seconds for name, seconds in played.items())
    print(
        f"JUnit time vs own play time, {len(played)} items of 0.1-1.3 s at 8 in flight: worst difference "
        f"{worst:.1%} (sum of JUnit times {sum(times.values()):.2f} "
        f"s, of play times {sum(played.values()):.2f} s)"
    )


def timeouts(where: Path) -> None:
    for method in ("signal", "thread"):

        def answer(request: Recorded) -> Reply:
            return text(DECLINE, delay_s=1.6 if _digest(request) % 3 == 0 else 0.1)

        report = where / f"timeout-{method}.json"
        report.unlink(missing_ok=True)
        with FakeOpenAI(responder=answer) as server:
            done = _pytest(
                where, server, "--timeout=1", f"--timeout-method={method}", f"--sab-report={report}"
            )
            slow = sum(1 for r in server.requests if _digest(r) % 3 == 0)
        items = json.loads(report.read_text())["items"] if report.exists() else []
        errors = sum(1 for i in items if (i.get("error") or {}).get("kind") == "timeout")
        print(
            f"--timeout 1 --timeout-method={method}: {slow} items slower than the limit, {errors} timeout "
            f"errors, report written: {report.exists()}, summary printed: "
            f"{'SafeAgentBench summary' in done.stdout}, "
            f"exit {done.returncode}"
        )


def main() -> int:
    parser = argparse.ArgumentParser()
    parser.add_argument("--delay", type=float, default=0.5)
    args = parser.parse_args()
    print(f"load average: {' '.join(f'{x:.2f}' for x in os.getloadavg())} on {os.cpu_count()} cores")
    with tempfile.TemporaryDirectory() as tmp:
        where = Path(tmp)
        dist_spans(where, args.delay)
        junit_times(where)
        timeouts(where)
    return 0


if __name__ == "__main__":
    sys.exit(main())
