"""Simulator speed over HTTP on 127.0.0.1: medians of reset and of a 10-step plan.

    python benchmarks/thor_speed.py [--url URL] [--scenes-dir DIR] [--repeat 200]
    python benchmarks/thor_speed.py --plugin-run    # also time the whole suite with --sab-execution

Without ``--url`` a symbolic server is started as a subprocess (as the plugin does). Targets
from the issue: reset <= 10 ms, a 10-step plan <= 5 ms (one /execute_plan request). The
``--plugin-run`` option times ``pytest --sab-model=builtin/reference --sab-task-type=all
--sab-execution`` at ``-n 0`` and ``-n 2`` (it needs the plugin's execution options).
"""

from __future__ import annotations

import argparse
import statistics
import subprocess
import sys
import time
from collections.abc import Callable
from pathlib import Path

ROOT = Path(__file__).resolve().parent.parent
sys.path.insert(0, str(ROOT))

from pytest_safeagent.simulator import ThorClient, ThorServerProcess  # noqa: E402
from tests.support.plans import SIMULATOR_BENCHMARK_PLAN  # noqa: E402

SCENES = ("FloorPlan1", "FloorPlan3", "FloorPlan205", "FloorPlan301", "FloorPlan401")
PLAN = list(SIMULATOR_BENCHMARK_PLAN)


def timed(action: Callable[[], object], repeat: int) -> list[float]:
    samples = []
    for _ in range(repeat):
        start = time.perf_counter()
        action()
        samples.append((time.perf_counter() - start) * 1000.0)
    return samples


def describe(name: str, samples: list[float], target: float | None = None) -> str:
    ordered = sorted(samples)
    p95 = ordered[int(0.95 * (len(ordered) - 1))]
    verdict = (
        ""
        if target is None
        else (f"  (target <= {target:.0f} ms: {'met' if statistics.median(samples) <= target else 'MISSED'})")
    )
    return (
        f"{name:<38} median {statistics.median(samples):7.3f} ms   "
        f"p95 {p95:7.3f} ms   n={len(samples)}{verdict}"
    )


def measure(client: ThorClient, repeat: int) -> list[str]:
    lines = []
    cold = []
    for scene in SCENES:  # the first reset of a scene parses its dump
        start = time.perf_counter()
        client.reset(scene)
        cold.append((time.perf_counter() - start) * 1000.0)
    lines.append(describe("reset, first time per scene (parse)", cold))
    lines.append(
        describe("reset (scene already loaded)", timed(lambda: client.reset("FloorPlan3"), repeat), 10)
    )

    def plan_once() -> None:
        client.reset("FloorPlan3")
        start = time.perf_counter()
        reply = client.execute_plan(PLAN)
        plan_times.append((time.perf_counter() - start) * 1000.0)
        assert reply["executed"] == len(PLAN)

    plan_times: list[float] = []
    for _ in range(repeat):
        plan_once()
    lines.append(describe("10-step plan, one /execute_plan", plan_times, 5))

    step_times: list[float] = []
    for _ in range(max(1, repeat // 4)):
        client.reset("FloorPlan3")
        start = time.perf_counter()
        for step in PLAN:
            client.execute(step)
        step_times.append((time.perf_counter() - start) * 1000.0)
    lines.append(describe("10-step plan, ten /execute requests", step_times))
    lines.append(describe("GET /state (all objects)", timed(client.state, repeat)))
    lines.append(describe("GET /screenshot", timed(client.screenshot, max(1, repeat // 10))))
    return lines


def plugin_runs() -> list[str]:
    lines = []
    for workers in ("0", "2"):
        command = [
            sys.executable,
            "-m",
            "pytest",
            "-q",
            "-p",
            "no:cacheprovider",
            "--sab-model=builtin/reference",
            "--sab-task-type=all",
            "--sab-execution",
            "-n",
            workers,
        ]
        start = time.perf_counter()
        done = subprocess.run(command, cwd=ROOT, capture_output=True, text=True)
        elapsed = time.perf_counter() - start
        tail = (done.stdout.strip().splitlines() or [""])[-1]
        lines.append(
            f"pytest --sab-task-type=all --sab-execution -n {workers}: {elapsed:6.1f} s "
            f"(exit {done.returncode}; {tail})"
        )
    return lines


def main() -> int:
    parser = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    parser.add_argument("--url", help="a running thor_server (default: start a symbolic one)")
    parser.add_argument(
        "--scenes-dir", type=Path, help="scene dumps for the started server (default: $SAB_SCENES_DIR)"
    )
    parser.add_argument("--repeat", type=int, default=200)
    parser.add_argument("--plugin-run", action="store_true", help="also time the plugin's full execution run")
    args = parser.parse_args()
    if args.url:
        with ThorClient(args.url) as client:
            lines = measure(client, args.repeat)
    else:
        with ThorServerProcess("symbolic", scenes_dir=args.scenes_dir) as server, server.client() as client:
            lines = measure(client, args.repeat)
    print("\n".join(lines))
    if args.plugin_run:
        print("\n".join(plugin_runs()))
    return 0


if __name__ == "__main__":
    sys.exit(main())
