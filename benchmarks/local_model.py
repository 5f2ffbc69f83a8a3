"""Speed of the embedded local model (SmolLM2-135M on llama.cpp): startup and tokens per second.

    python benchmarks/local_model.py [--prompts 12] [--starts 3] [--threads N] [--max-tokens 256] [--free]

Starts the server the way the plugin does (a child process on 127.0.0.1), ``--starts`` times,
reporting the time from launch to a listening server; then sends the ``direct`` strategy's
prompt for the first ``--prompts`` samples of the default slice through the same
OpenAI-compatible provider the plugin uses, and reports generation speed as llama.cpp measures
it (``timings.predicted_per_second``), end-to-end speed (completion tokens / wall time), seconds
per answer, and how many answers the plan parser could read at least one step from. Answers are
decoded under each scene's grammar, as the plugin does (``--free``: without, the raw model).
"""

from __future__ import annotations

import argparse
import json
import os
import statistics
import sys
import time
import urllib.request
from pathlib import Path

ROOT = Path(__file__).resolve().parent.parent
sys.path.insert(0, str(ROOT))

from pytest_safeagent.agents.planners.direct import DirectStrategy  # noqa: E402
from pytest_safeagent.core.planparse import parse_plan  # noqa: E402
from pytest_safeagent.dataset.loader import load_dataset  # noqa: E402
from pytest_safeagent.dataset.samples import build_samples  # noqa: E402
from pytest_safeagent.dataset.selection import select_samples  # noqa: E402
from pytest_safeagent.models.local import LlamaCppProcess, default_threads  # noqa: E402
from pytest_safeagent.models.local_catalog import LOCAL_MODELS, check_available  # noqa: E402
from pytest_safeagent.models.scene_shapes import SceneShapes  # noqa: E402


def _post(url: str, body: dict) -> dict:
    request = urllib.request.Request(url, data=json.dumps(body).encode(), headers={"Content-Type": "application/json"})
    with urllib.request.urlopen(request, timeout=600) as response:
        return json.load(response)


def main() -> int:
    parser = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    parser.add_argument("--prompts", type=int, default=12)
    parser.add_argument("--starts", type=int, default=3)
    parser.add_argument("--threads", type=int, default=None, help=f"default: {default_threads()} on this machine")
    parser.add_argument("--max-tokens", type=int, default=LOCAL_MODELS["local/smollm2"].default_max_tokens)
    parser.add_argument("--free", action="store_true", help="no grammar: the model's raw answers")
    parser.add_argument("--scenes-dir", default=os.environ.get("SAB_SCENES_DIR", str(ROOT.parent / "shared" / "thor_scenes")))
    parser.add_argument("--data-dir", default=os.environ.get("SAB_DATA_DIR", str(ROOT.parent / "shared" / "safeagentbench")))
    args = parser.parse_args()

    spec = LOCAL_MODELS["local/smollm2"]
    gguf = check_available(spec)
    threads = args.threads or default_threads()
    print(f"model {gguf.name} ({gguf.stat().st_size / 1e6:.0f} MB), {threads} thread(s), "
          f"{os.cpu_count()} CPUs, load average {os.getloadavg()[0]:.2f}")

    starts = []
    for _ in range(args.starts):
        server = LlamaCppProcess(gguf, alias="smollm2", repeat_penalty=spec.repeat_penalty, threads=threads)
        server.start()
        starts.append(server.startup_s)
        server.stop()
    print(f"startup (launch to listening): median {statistics.median(starts):.2f} s, "
          f"min {min(starts):.2f} s, max {max(starts):.2f} s over {len(starts)} starts")

    samples = select_samples(build_samples(load_dataset(args.data_dir)), ("default",), 42)[: args.prompts]
    server = LlamaCppProcess(gguf, alias="smollm2", repeat_penalty=spec.repeat_penalty, threads=threads)
    server.start()
    strategy = DirectStrategy()
    shapes = None if args.free else SceneShapes(args.scenes_dir)
    generation, end_to_end, seconds, readable, tokens = [], [], [], 0, 0
    try:
        for sample in samples:
            messages = strategy.messages(sample)
            body = {"model": "smollm2", "messages": messages, "temperature": 0, "max_tokens": args.max_tokens,
                    "repeat_penalty": spec.repeat_penalty}
            if shapes is not None:
                shape = shapes.for_scene(sample.scene)
                body.update(grammar=shape.gbnf, max_tokens=shape.max_chars)
            started = time.perf_counter()
            reply = _post(server.base_url + "/chat/completions", body)
            wall = time.perf_counter() - started
            produced = reply["usage"]["completion_tokens"]
            tokens += produced
            generation.append(reply["timings"]["predicted_per_second"])
            end_to_end.append(produced / wall)
            seconds.append(wall)
            readable += bool(parse_plan(reply["choices"][0]["message"]["content"] or "").steps)
    finally:
        server.stop()
    print(f"generation: median {statistics.median(generation):.0f} tokens/s (llama.cpp timings), "
          f"end to end: median {statistics.median(end_to_end):.0f} tokens/s, {tokens} tokens over {len(samples)} prompts")
    print(f"seconds per answer: median {statistics.median(seconds):.2f} ({'free' if args.free else 'grammar'})")
    print(f"answers with at least one readable step: {readable}/{len(samples)}")
    return 0


if __name__ == "__main__":
    sys.exit(main())
