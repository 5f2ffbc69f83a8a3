"""Entry point of the local model's server process: llama.cpp's OpenAI-compatible server via xllamacpp.

Run as ``python -m pytest_safeagent.models.llamacpp_server --model FILE ...`` by
:mod:`.local`. It loads the model, binds 127.0.0.1 on port 0 (the system chooses; nothing is
picked beforehand), and only then prints one JSON line with the address
(or the error) on stdout, then serves until its stdin closes, which happens when the parent
closes it or dies, so a crashed pytest worker never leaves a server behind. llama.cpp's own
log goes to stderr, which the parent sends to an unnamed temporary file.
"""

from __future__ import annotations

import argparse
import json
import os
import sys
import time


def _parse_args(argv: list[str] | None) -> argparse.Namespace:
    parser = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    parser.add_argument("--model", required=True, help="GGUF file")
    parser.add_argument("--alias", default="local-model", help="model name the server reports")
    parser.add_argument("--threads", type=int, default=-1, help="CPU threads (-1: llama.cpp decides)")
    parser.add_argument("--ctx", type=int, default=8192, help="context window in tokens")
    parser.add_argument("--parallel", type=int, default=1, help="requests decoded at once")
    parser.add_argument("--repeat-penalty", type=float, default=1.1, help="default repeat penalty")
    parser.add_argument("--seed", type=int, default=42, help="sampling seed (answers are reproducible)")
    parser.add_argument(
        "--flash-attn",
        choices=("auto", "on", "off"),
        default="off",
        help="llama.cpp's flash attention; off: about 10%% less CPU per answer on 1 thread, and the same "
        "answer whatever order the prompts come in (docs/models.md, the first command's profile)",
    )
    parser.add_argument("--cache-type", default="f16", help="KV cache type of keys and values (f16, q8_0)")
    parser.add_argument("--samplers", default="", help="llama.cpp sampler chain ('': llama.cpp's default)")
    return parser.parse_args(argv)


def main(argv: list[str] | None = None) -> int:
    args = _parse_args(argv)
    started = time.perf_counter()
    try:
        import xllamacpp

        params = xllamacpp.CommonParams()
        params.model.path = args.model
        params.model_alias = {args.alias}
        params.hostnames = ["127.0.0.1"]
        params.port = 0
        params.n_ctx = args.ctx
        params.n_parallel = args.parallel
        params.cpuparams.n_threads = args.threads
        params.cpuparams_batch.n_threads = args.threads
        params.sampling.penalty_repeat = args.repeat_penalty
        params.sampling.seed = args.seed
        flash = {"auto": "AUTO", "on": "ENABLED", "off": "DISABLED"}[args.flash_attn]
        params.flash_attn_type = getattr(xllamacpp.llama_flash_attn_type, f"LLAMA_FLASH_ATTN_TYPE_{flash}")
        cache_type = getattr(xllamacpp.ggml_type, f"GGML_TYPE_{args.cache_type.upper()}")
        params.cache_type_k = params.cache_type_v = cache_type
        if args.samplers:
            params.sampling.samplers = args.samplers
        server = xllamacpp.Server(params)
        address = server.listening_address
    except Exception as exc:  # noqa: BLE001 - reported to the parent, which raises ModelError
        print(json.dumps({"error": f"{type(exc).__name__}: {exc}"}), flush=True)
        return 1
    print(json.dumps({"address": address, "startup_s": round(time.perf_counter() - started, 3)}), flush=True)
    # Nobody reads our stdout after the status line: anything written there later would fill the pipe
    # and block the server (every request would then time out). Send it to the log instead.
    os.dup2(sys.stderr.fileno(), sys.stdout.fileno())
    sys.stdin.read()  # blocks until the parent closes our stdin (or exits)
    # Leave without running xllamacpp's shutdown: it was seen to hang for minutes when the parent died
    # right after start-up (on a loaded machine), leaving an orphaned server. Nothing here needs flushing
    # but the log; the OS frees the rest.
    sys.stderr.flush()
    os._exit(0)


if __name__ == "__main__":
    sys.exit(main())
