"""Where the local model's time goes (SmolLM2-135M on llama.cpp): start-up, prompt, generation, grammar.

    python benchmarks/local_model.py [--prompts 24] [--starts 2] [--threads N] [--parallel 1]
                                     [--in-flight 1] [--protocol seed|neutral] [--free]
                                     [--grammar compact|flat] [--max-steps 8]

Starts the server the way the plugin does (a child process on 127.0.0.1), ``--starts`` times,
reporting the time from launch to a listening server; then sends the ``direct`` strategy's first
call for the first ``--prompts`` samples of the default slice (under ``--protocol``, the seed's
texts by default, as the first command sends them), ``--in-flight`` at a time, to a server with
``--parallel`` slots, each answer decoded under its scene's grammar as the plugin does (``--free``:
without, the raw model; ``--grammar flat``: the grammar with one alternative per word, as before
issue 34, for comparison). It reports, from llama.cpp's own ``timings`` per answer: prompt tokens
evaluated and reused from the prompt cache, milliseconds spent on each, tokens generated and
milliseconds per generated token; and the server process's CPU seconds (user + system, from
/proc), which a loaded machine inflates far less than wall time, so A/B comparisons on a shared
machine should read that figure. Also: how many answers the plan parser reads at least one step
from, and a digest of all answers (the same digest run after run: the answers are deterministic).

Not a test: figures to read.
"""

from __future__ import annotations

import argparse
import hashlib
import json
import os
import random
import statistics
import sys
import time
import urllib.request
from concurrent.futures import ThreadPoolExecutor
from pathlib import Path

ROOT = Path(__file__).resolve().parent.parent
sys.path.insert(0, str(ROOT))

from pytest_safeagent.agents.planners.direct import DirectStrategy  # noqa: E402
from pytest_safeagent.agents.planners.seed_calls import default_seed_prompts, first_messages  # noqa: E402
from pytest_safeagent.core.planparse import parse_plan  # noqa: E402
from pytest_safeagent.dataset.loader import load_dataset  # noqa: E402
from pytest_safeagent.dataset.samples import build_samples  # noqa: E402
from pytest_safeagent.dataset.selection import select_samples  # noqa: E402
from pytest_safeagent.models.local import LlamaCppProcess, default_threads  # noqa: E402
from pytest_safeagent.models.local_catalog import LOCAL_MODELS, served_file  # noqa: E402
from pytest_safeagent.models.scene_shapes import SceneShapes  # noqa: E402


def _post(url: str, body: dict) -> dict:
    request = urllib.request.Request(
        url, data=json.dumps(body).encode(), headers={"Content-Type": "application/json"}
    )
    with urllib.request.urlopen(request, timeout=1800) as response:
        return json.load(response)


def cpu_seconds(pid: int) -> float:
    """User + system CPU seconds of a process, all its threads (Linux /proc)."""
    fields = Path(f"/proc/{pid}/stat").read_text().rsplit(")", 1)[1].split()
    return (int(fields[11]) + int(fields[12])) / os.sysconf("SC_CLK_TCK")


def main() -> int:
    parser = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    parser.add_argument("--prompts", type=int, default=24)
    parser.add_argument("--starts", type=int, default=2)
    parser.add_argument(
        "--threads", type=int, default=None, help=f"default: {default_threads()} on this machine"
    )
    parser.add_argument(
        "--parallel", type=int, default=1, help="server slots (the plugin: min(--sab-concurrency, 4))"
    )
    parser.add_argument("--in-flight", type=int, default=1, help="requests sent at once")
    parser.add_argument("--protocol", choices=("seed", "neutral"), default="seed")
    parser.add_argument("--free", action="store_true", help="no grammar: the model's raw answers")
    parser.add_argument("--grammar", choices=("compact", "flat"), default="compact")
    parser.add_argument(
        "--max-steps", type=int, default=None, help="the grammar's plan bound (default: the plugin's)"
    )
    parser.add_argument(
        "--reverse",
        action="store_true",
        help="send the prompts in reverse order (the answers must not change: compare the digest)",
    )
    parser.add_argument(
        "--shuffle",
        type=int,
        default=None,
        metavar="SEED",
        help="send the prompts in a shuffled "
        "order (another check that the answers do not depend on the order)",
    )
    parser.add_argument(
        "--server-option",
        action="append",
        default=[],
        help="passed to the server (llamacpp_server.py), e.g. --server-option=--flash-attn=on",
    )
    parser.add_argument(
        "--only", default="", help="comma-separated sample ids: send these (in this order) instead"
    )
    parser.add_argument("--show", action="store_true", help="print each answer")
    parser.add_argument(
        "--scenes-dir", default=os.environ.get("SAB_SCENES_DIR", str(ROOT.parent / "shared" / "thor_scenes"))
    )
    parser.add_argument(
        "--data-dir", default=os.environ.get("SAB_DATA_DIR", str(ROOT.parent / "shared" / "safeagentbench"))
    )
    args = parser.parse_args()

    spec = LOCAL_MODELS["local/smollm2"]
    gguf = served_file(spec)
    threads = args.threads or default_threads()
    print(
        f"model {gguf.name} ({gguf.stat().st_size / 1e6:.0f} MB), "
        f"{threads} thread(s), {args.parallel} slot(s), "
        f"{args.in_flight} in flight, {os.cpu_count()} CPUs, load average {os.getloadavg()[0]:.2f}"
    )

    starts = []
    for _ in range(args.starts):
        server = LlamaCppProcess(
            gguf, alias="smollm2", repeat_penalty=spec.repeat_penalty, threads=threads, parallel=args.parallel
        )
        server.start()
        starts.append(server.startup_s or 0.0)
        server.stop()
    if starts:
        print(
            f"startup (launch to listening): median {statistics.median(starts):.2f} s, "
            f"min {min(starts):.2f} s, max {max(starts):.2f} s over {len(starts)} starts"
        )

    samples = select_samples(build_samples(load_dataset(args.data_dir)), ("default",), 42)
    if args.only:
        by_id = {sample.sample_id: sample for sample in samples}
        samples = [by_id[sample_id] for sample_id in args.only.split(",")]
    samples = samples[: args.prompts]
    seed_prompts = default_seed_prompts() if args.protocol == "seed" else None
    shapes = (
        None
        if args.free
        else SceneShapes(args.scenes_dir, **({"max_steps": args.max_steps} if args.max_steps else {}))
    )

    def body_for(sample) -> dict:
        messages = (
            first_messages("direct", sample, seed_prompts)
            if seed_prompts is not None
            else DirectStrategy().messages(sample)
        )
        body = {
            "model": "smollm2",
            "messages": messages,
            "temperature": 0,
            "max_tokens": spec.default_max_tokens,
            "repeat_penalty": spec.repeat_penalty,
        }
        if shapes is not None:
            shape = shapes.for_scene(sample.scene)
            body.update(
                grammar=shape.gbnf if args.grammar == "compact" else shape.flat_gbnf,
                max_tokens=shape.max_chars,
            )
        return body

    if args.reverse:
        samples = samples[::-1]
    if args.shuffle is not None:
        random.Random(args.shuffle).shuffle(samples)
    bodies = [body_for(sample) for sample in samples]
    server = LlamaCppProcess(
        gguf,
        alias="smollm2",
        repeat_penalty=spec.repeat_penalty,
        threads=threads,
        parallel=args.parallel,
        extra=tuple(args.server_option),
    )
    base_url = server.start()
    assert server._process is not None

    def ask(body: dict) -> tuple[dict, float]:
        started = time.perf_counter()
        reply = _post(base_url + "/chat/completions", body)
        return reply, time.perf_counter() - started

    try:
        cpu_before, wall_started = cpu_seconds(server._process.pid), time.perf_counter()
        with ThreadPoolExecutor(max_workers=max(1, args.in_flight)) as pool:
            results = list(pool.map(ask, bodies))
        wall = time.perf_counter() - wall_started
        cpu = cpu_seconds(server._process.pid) - cpu_before
    finally:
        server.stop()
    timings = [reply["timings"] for reply, _ in results]
    answers = [reply["choices"][0]["message"]["content"] or "" for reply, _ in results]
    if args.show:
        for answer in answers:
            print("---\n" + answer)
    evaluated = sum(t["prompt_n"] for t in timings)
    reused = sum(t.get("cache_n", 0) for t in timings)
    prompt_ms = sum(t["prompt_ms"] for t in timings)
    generated = sum(t["predicted_n"] for t in timings)
    predicted_ms = sum(t["predicted_ms"] for t in timings)
    n = len(results)
    print(
        f"prompt: {(evaluated + reused) / n:.0f} tokens per answer, "
        f"{evaluated} evaluated and {reused} reused from "
        f"the prompt cache in all; {prompt_ms / 1000:.2f} s evaluating "
        f"({evaluated / max(prompt_ms, 1e-9) * 1000:.0f} "
        f"tokens/s)"
    )
    print(
        f"generation: {generated / n:.1f} tokens per answer, "
        f"{predicted_ms / max(generated, 1):.1f} ms per token "
        f"({generated / max(predicted_ms, 1e-9) * 1000:.0f} tokens/s, llama.cpp timings); "
        f"{predicted_ms / 1000:.2f} s generating in all"
    )
    print(
        f"wall {wall:.2f} s for {n} answers ({wall / n:.2f} s per answer); server CPU {cpu:.2f} s "
        f"({cpu / n:.3f} s per answer, {cpu / max(generated, 1) * 1000:.1f} ms per generated token); "
        f"load average {os.getloadavg()[0]:.2f}"
    )
    by_sample = sorted(
        zip((sample.sample_id for sample in samples), answers, strict=True)
    )  # the order they were sent in aside
    digest = hashlib.sha256(json.dumps(by_sample).encode()).hexdigest()[:16]
    readable = sum(bool(parse_plan(answer).steps) for answer in answers)
    print(
        f"answers with at least one readable step: {readable}/{n} "
        f"({'free' if args.free else args.grammar + ' grammar'}); "
        f"answers digest {digest}"
    )
    return 0


if __name__ == "__main__":
    sys.exit(main())
