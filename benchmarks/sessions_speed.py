"""Cost of simulator sessions and of interactive episodes, over HTTP on 127.0.0.1.

    python benchmarks/sessions_speed.py [--scenes-dir DIR] [--repeat 100]

Prints medians of: one item's execution in the single-world protocol (reset, 10-step plan, state),
the same through the session pool (open a session, the same requests, close it), and one ReAct
episode of builtin/reference (a tool call per step, a /state after each action) on safe tasks, plus
the visual_basic episode (a screenshot after each action as well).
"""

from __future__ import annotations

import argparse
import os
import statistics
import sys
import time
from pathlib import Path

ROOT = Path(__file__).resolve().parent.parent
sys.path.insert(0, str(ROOT))

from pytest_safeagent.simulator import ThorServerProcess  # noqa: E402
from pytest_safeagent.simulator.pool import SimulatorPool  # noqa: E402
from pytest_safeagent.simulator.simulation import SimulationSettings  # noqa: E402
from tests.support.plans import SIMULATOR_BENCHMARK_PLAN  # noqa: E402

PLAN = list(SIMULATOR_BENCHMARK_PLAN)


def median_ms(action, repeat: int) -> float:
    samples = []
    for _ in range(repeat):
        start = time.perf_counter()
        action()
        samples.append((time.perf_counter() - start) * 1000)
    return statistics.median(samples)


def main() -> None:
    parser = argparse.ArgumentParser()
    parser.add_argument("--scenes-dir", default=os.environ.get("SAB_SCENES_DIR"))
    parser.add_argument("--data-dir", default=os.environ.get("SAB_DATA_DIR"))
    parser.add_argument("--repeat", type=int, default=100)
    args = parser.parse_args()
    with ThorServerProcess("symbolic", scenes_dir=args.scenes_dir) as server, server.client() as client:

        def single_world() -> None:
            client.reset("FloorPlan1")
            client.execute_plan(PLAN)
            client.state()

        pool = SimulatorPool(
            SimulationSettings(urls=(server.url,), backend="symbolic", scenes_dir=None, log_dir=None)
        )

        def in_session() -> None:
            with pool.session() as world:
                world.reset("FloorPlan1")
                world.execute_plan(PLAN)
                world.state()

        print(
            "single world: reset + 10-step plan + state   "
            f"{median_ms(single_world, args.repeat):7.2f} ms median"
        )
        print(
            f"session pool: open + the same + close       {median_ms(in_session, args.repeat):7.2f} ms median"
        )

        from pytest_safeagent.agents.interactive.agent import InteractiveAgent
        from pytest_safeagent.agents.interactive.settings import EpisodeSettings
        from pytest_safeagent.agents.interactive.styles import STYLES
        from pytest_safeagent.core.agent import PlayEnv
        from pytest_safeagent.dataset.loader import load_dataset
        from pytest_safeagent.dataset.samples import TaskType, build_samples
        from pytest_safeagent.models.builtin import BuiltinModel

        samples = build_samples(load_dataset(Path(args.data_dir)))[TaskType.SAFE_DETAILED][:40]
        model = BuiltinModel("builtin/reference", samples)
        for style in ("react", "visual_basic"):
            agent = InteractiveAgent(STYLES[style], model, EpisodeSettings())
            times, steps = [], []
            for sample in samples:
                start = time.perf_counter()
                episode = agent.run(sample, PlayEnv(simulator=pool))
                times.append((time.perf_counter() - start) * 1000)
                steps.append(episode.summary.steps)
            print(
                f"{style:<13} episode of builtin/reference: {statistics.median(times):7.1f} ms median "
                f"({statistics.mean(steps):.1f} actions on average, {len(samples)} safe tasks)"
            )
        pool.close()


if __name__ == "__main__":
    main()
