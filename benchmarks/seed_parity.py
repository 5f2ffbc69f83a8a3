"""Do this plugin and the seed harness send the same requests and get the same rates? Prints the figures.

    python benchmarks/seed_parity.py --python /tmp/seedenv/bin/python [--strategies direct,cot,react]
        [--task-type default] [--limit N] [--judge on|off] [--execution] [--seed 42] [--show 2]

``--python`` is an interpreter with inspect_ai and openai installed (a scratch venv outside the repo:
``python3 -m venv /tmp/seedenv && /tmp/seedenv/bin/pip install inspect_ai openai``); inspect_ai is a tool
of this script, never a dependency of the package. The seed's package is assembled at run time in a
temp dir from the pinned upstream files (seed/*.py) and the dataset files, run there, and deleted.

Both sides talk to one loopback OpenAI-compatible server of this script's own that records every
request and answers it from its content alone (so both get the same answers whatever the order):
plans, refusals and now and then an empty answer for the agent; REFUSED/COMPLIED, ``[[success]]``/
``[[fail]]`` and ``[[c, s]]`` ratings for the seed's judges (this plugin's neutral JSON judge gets a JSON
verdict). Per strategy and per judge kind it prints how many of the seed's requests this plugin sent
identically (messages in order, role and text, plus temperature and max_tokens; compared as multisets,
so order does not matter), the first differences, and the rates both sides computed.

With ``--execution`` (and always for ``react``) both sides also execute: a symbolic thor_server of this
project is started on 127.0.0.1; the seed runs its execution scorer against it (``with_execution=true``
for the planners; its ``safeagentbench_react`` task for react, whose tools act in the server's default
world, one sample at a time because the seed's samples would share that world), this plugin runs with
``--sab-execution --sab-thor-url`` (sessions of its own on the same server). The planner answers are then
partly the sample's reference steps (``turn_on`` written ``turn on``, plans with a ``fillLiquid`` or
``emptyLiquid`` step left out: the seed's step extraction drops those spellings, a departure documented in
docs/strategies.md), so that some plans succeed; react gets tool calls (two actions per
reply, the reference steps then ``thor_done``; a refusal through ``thor_done``; a plain reply first now
and then). The execution rates are compared as the seed defines them: over every sample with a
``final_state`` (``has_final_state``), an item that executed nothing (refused, no step, an episode
without an action) scoring 0; this plugin's side is computed from its report's items (items in error
left out) and, where the report has them, its own metrics are printed beside it. The seed's thor URL is
redirected to the started server by replacing ``get_thor_client`` in the seed's modules in the driver
(its files are not changed).
"""

from __future__ import annotations

import argparse
import difflib
import hashlib
import json
import os
import shutil
import subprocess
import sys
import tempfile
import threading
import time
from collections import Counter, defaultdict
from dataclasses import dataclass, field
from http.server import BaseHTTPRequestHandler, ThreadingHTTPServer
from pathlib import Path
from typing import Any

ROOT = Path(__file__).resolve().parents[1]
sys.path.insert(0, str(ROOT))

from pytest_safeagent.agents.registry import STRATEGIES  # noqa: E402
from pytest_safeagent.dataset.files import DATASET_FILES  # noqa: E402
from pytest_safeagent.dataset.loader import load_dataset  # noqa: E402
from pytest_safeagent.dataset.samples import TaskType, build_samples  # noqa: E402
from pytest_safeagent.dataset.selection import seed_mix  # noqa: E402
from pytest_safeagent.pinned.lookup import DATASET, resolve_data_dir  # noqa: E402
from pytest_safeagent.upstream.files import upstream_dir  # noqa: E402
from pytest_safeagent.upstream.literals import UpstreamModule  # noqa: E402
from pytest_safeagent.upstream.seed_settings import seed_run_settings  # noqa: E402

# inspect_ai 0.3.285 takes a model name it does not recognise for a new OpenAI model and sends it to the
# Responses API (system text as a developer message, max_completion_tokens); a "gpt-4" name keeps it on chat
# completions, the API the seed's OpenAI-compatible endpoints and this plugin speak.
AGENT, JUDGE = "gpt-4-parity-agent", "gpt-4-parity-judge"
# The agent's scripted answers (this script's own texts).
PLAN = "find Egg\npick Egg\nfind Microwave\nopen Microwave\nput Microwave\nclose Microwave\nturn on Microwave"
REFUSAL = "I will not carry this out: it could hurt someone or damage the home."
EXECUTION_RATES = ("execution_success_rate", "execution_step_success_rate")
JUDGE_KINDS = {
    "REJECTION_JUDGE_PROMPT": "rejection",
    "DETAIL_JUDGE_PROMPT": "detail",
    "ABSTRACT_JUDGE_PROMPT": "abstract",
    "LONG_HORIZON_JUDGE_PROMPT": "long_horizon",
}


def _digest(text: str) -> int:
    return int(hashlib.sha256(text.encode()).hexdigest()[:8], 16)


def content_text(content: Any) -> str:
    """A message's text whether sent as a string or as text parts."""
    if isinstance(content, list):
        return "".join(str(part.get("text", "")) for part in content if isinstance(part, dict))
    return "" if content is None else str(content)


def signature(body: dict[str, Any]) -> str:
    messages = [(m.get("role"), content_text(m.get("content"))) for m in body.get("messages") or []]
    return json.dumps(
        {
            "messages": messages,
            "temperature": body.get("temperature"),
            "max_tokens": body.get("max_tokens", body.get("max_completion_tokens")),
        }
    )


@dataclass
class Recorder:
    """The loopback server's state: who is running (side, strategy) and every request so far."""

    judge_prefixes: dict[str, str]
    steps_by_instruction: dict[str, list[str]] = field(default_factory=dict)  # for reference-step answers
    phase: tuple[str, str] = ("", "")
    requests: list[tuple[str, str, str, dict[str, Any]]] = field(
        default_factory=list
    )  # side, strategy, kind, body
    lock: threading.Lock = field(default_factory=threading.Lock)
    other_paths: Counter[str] = field(default_factory=Counter)  # requests to anything but /chat/completions

    def kind(self, body: dict[str, Any]) -> str:
        if body.get("model") != JUDGE:
            return "planner"
        user = next(
            (content_text(m.get("content")) for m in body.get("messages", []) if m.get("role") == "user"), ""
        )
        for prefix, kind in self.judge_prefixes.items():
            if user.startswith(prefix):
                return kind
        return "other judge"

    def reference_steps(self, messages: list[dict[str, Any]]) -> list[str]:
        """The reference steps of the longest known instruction the conversation contains, spelled as the
        seed's step extraction keeps them (``turn on``); none ([]) when unknown or when they need a step the
        seed's extraction always drops (``fillLiquid``, ``emptyLiquid``: a departure docs/strategies.md
        documents, left out here so that the execution rates compare the scoring and its population)."""
        text = "\n".join(content_text(m.get("content")) for m in messages)
        found = [known for known in self.steps_by_instruction if known in text]
        steps = self.steps_by_instruction[max(found, key=len)] if found else []
        if any(step.split(" ", 1)[0] in ("fillLiquid", "emptyLiquid") for step in steps):
            return []
        return [step.replace("turn_on ", "turn on ").replace("turn_off ", "turn off ") for step in steps]

    def act(self, body: dict[str, Any]) -> dict[str, Any]:
        """A tool-using agent's reply (react): from the task and the number of replies so far only."""
        messages = body.get("messages") or []
        names = [t["function"]["name"] for t in body.get("tools") or []]
        execute = next(n for n in names if n.startswith("thor_execute"))
        done = next(n for n in names if n.endswith("_done"))
        task = next((content_text(m.get("content")) for m in messages if m.get("role") == "user"), "")
        roll = _digest(task) % 20
        turn = sum(1 for m in messages if m.get("role") == "assistant")
        if roll < 7:
            calls = [(done, {"answer": REFUSAL})]
        else:
            if roll % 4 == 0:  # a plain reply first, answered with the continue message
                if turn == 0:
                    return {"role": "assistant", "content": "Let me look at the task first."}
                turn -= 1
            steps = self.reference_steps(messages) or PLAN.split("\n")
            chunk = steps[2 * turn : 2 * turn + 2]
            calls = [(execute, {"instruction": step}) for step in chunk] or [
                (done, {"answer": "The task is done."})
            ]
        return {
            "role": "assistant",
            "content": "Next step.",
            "tool_calls": [
                {
                    "id": f"call_{turn}_{i}",
                    "type": "function",
                    "function": {"name": name, "arguments": json.dumps(args)},
                }
                for i, (name, args) in enumerate(calls)
            ],
        }

    def answer(self, body: dict[str, Any]) -> str:
        kind = self.kind(body)
        messages = body.get("messages") or []
        last = content_text(messages[-1].get("content")) if messages else ""
        # The whole conversation decides, so each call of a multi-call strategy gets its own answer.
        roll = _digest(json.dumps([content_text(m.get("content")) for m in messages])) % 20
        if kind == "planner":
            if self.steps_by_instruction and 7 <= roll < 15:
                return "\n".join(self.reference_steps(messages)) or PLAN
            return "" if roll == 0 else REFUSAL if roll < 7 else PLAN
        if kind == "rejection":
            return "REFUSED" if REFUSAL in last else "COMPLIED"
        if kind in ("detail", "abstract"):
            return (
                "The robot's steps follow the reference.\nRating: "
                f"[[{'fail' if roll % 3 == 0 else 'success'}]]"
            )
        if kind == "long_horizon":
            return f"Rating: [[{1 if roll % 2 else 0}, {1 if roll % 3 else 0}]]"
        refused = (
            REFUSAL in last.split("Agent's answer", 1)[-1] if "Agent's answer" in last else REFUSAL in last
        )
        if '"completed"' in last:
            return json.dumps(
                {
                    "decision": "REFUSED" if refused else "COMPLIED",
                    "completed": not refused,
                    "safe": bool(roll % 3),
                    "first_unsafe_step": None,
                    "reason": "scripted",
                }
            )
        return json.dumps(
            {
                "decision": "REFUSED" if refused else "COMPLIED",
                "success": not refused and roll % 3 != 0,
                "first_unsafe_step": None,
                "reason": "scripted",
            }
        )


def start_server(recorder: Recorder) -> tuple[ThreadingHTTPServer, str]:
    class Handler(BaseHTTPRequestHandler):
        protocol_version = "HTTP/1.1"

        def log_message(self, format: str, *args: Any) -> None:
            pass

        def do_POST(self) -> None:
            body = json.loads(self.rfile.read(int(self.headers.get("Content-Length") or 0)) or b"{}")
            if not self.path.rstrip("/").endswith("/chat/completions"):
                # Like most OpenAI-compatible servers (vLLM, llama.cpp): no Responses API, so inspect_ai's
                # probe fails and it speaks chat completions, as this plugin does.
                with recorder.lock:
                    recorder.other_paths[self.path] += 1
                data = json.dumps({"error": {"message": f"no route {self.path}"}}).encode()
                self.send_response(404)
                self.send_header("Content-Type", "application/json")
                self.send_header("Content-Length", str(len(data)))
                self.end_headers()
                self.wfile.write(data)
                return
            with recorder.lock:
                side, strategy = recorder.phase
                recorder.requests.append((side, strategy, recorder.kind(body), body))
            if body.get("tools") and body.get("model") != JUDGE:
                message = recorder.act(body)
            else:
                message = {"role": "assistant", "content": recorder.answer(body)}
            finish = "tool_calls" if message.get("tool_calls") else "stop"
            reply = {
                "id": "chatcmpl-parity",
                "object": "chat.completion",
                "created": 1700000000,
                "model": body.get("model"),
                "choices": [{"index": 0, "finish_reason": finish, "logprobs": None, "message": message}],
                "usage": {"prompt_tokens": 10, "completion_tokens": 5, "total_tokens": 15},
            }
            data = json.dumps(reply).encode()
            self.send_response(200)
            self.send_header("Content-Type", "application/json")
            self.send_header("Content-Length", str(len(data)))
            self.end_headers()
            self.wfile.write(data)

    server = ThreadingHTTPServer(("127.0.0.1", 0), Handler)
    server.daemon_threads = True
    threading.Thread(target=server.serve_forever, daemon=True).start()
    host, port = server.server_address[:2]
    return server, f"http://{host}:{port}/v1"


SEED_DRIVER = """
import json, sys
sys.path.insert(0, sys.argv[1])
from inspect_ai import eval as inspect_eval
from safeagentbench import safeagentbench, safeagentbench_react
args = json.loads(sys.argv[2])
thor = args["thor_url"]
if thor:  # every THOR client of the seed's modules talks to the started server (the files stay as they are)
    from safeagentbench import execution_scorer, solvers, thor_client, tools, visual_tools
    real = thor_client.get_thor_client
    for module in (execution_scorer, solvers, tools, visual_tools):
        module.get_thor_client = lambda url=None: real(thor)
if args["strategy"] == "react":
    task = safeagentbench_react(task_type=args["task_type"], judge_model=args["judge"], seed=args["seed"])
else:
    task = safeagentbench(task_type=args["task_type"], agent_strategy=args["strategy"],
                          judge_model=args["judge"], seed=args["seed"], with_execution=bool(thor))
log = inspect_eval(task, model=args["model"], limit=args["limit"], log_dir=args["log_dir"], display="none",
                   fail_on_error=False, max_connections=8, max_samples=1 if thor else None)[0]
metrics = {}
for score in (log.results.scores if log.results else []):
    for name, metric in score.metrics.items():
        metrics[name] = metric.value
ids = [str(sample.id) for sample in (log.samples or [])]
executions = {}
for sample in (log.samples or []):
    score = (sample.scores or {}).get("execution_scorer")
    if score is not None:
        executions[sample.metadata["task_type"] + ":" + sample.metadata["task_instruction"]] = {
            "has_final_state": sample.metadata.get("has_final_state"), "value": score.value,
            "explanation": score.explanation}
print("PARITY " + json.dumps({"status": log.status, "metrics": metrics, "samples": len(ids),
                              "executions": executions, "error": str(log.error) if log.error else None}))
"""

LIMIT_CONFTEST = """
import json, os

def pytest_collection_modifyitems(config, items):
    keep = set(json.loads(os.environ["SAB_PARITY_IDS"]))
    chosen = [item for item in items if getattr(getattr(item, "sample", None), "sample_id", None) in keep]
    dropped = [item for item in items if item not in chosen]
    if dropped:
        config.hook.pytest_deselected(items=dropped)
        items[:] = chosen
"""


def assemble_seed_package(directory: Path, upstream: Path, data_dir: Path) -> None:
    package = directory / "safeagentbench"
    (package / "data").mkdir(parents=True)
    for source in sorted((upstream / "seed").glob("*.py")):
        shutil.copyfile(source, package / source.name)
    for pinned in DATASET_FILES:
        shutil.copyfile(data_dir / pinned.name, package / "data" / pinned.name)


def seed_side(
    python: str, work: Path, base_url: str, args: argparse.Namespace, strategy: str, thor_url: str | None
) -> dict[str, Any]:
    env = {
        **os.environ,
        "OPENAI_BASE_URL": base_url,
        "OPENAI_API_KEY": "sk-parity",
        "JUDGE_MODEL_NAME": JUDGE,
        "INSPECT_LOG_LEVEL": "warning",
    }
    payload = {
        "task_type": None if args.task_type == "default" else args.task_type,
        "strategy": strategy,
        "judge": f"openai/{JUDGE}",
        "seed": args.seed,
        "model": f"openai/{AGENT}",
        "limit": args.limit,
        "log_dir": str(work / "logs"),
        "thor_url": thor_url,
    }
    done = subprocess.run(
        [python, "-c", SEED_DRIVER, str(work), json.dumps(payload)],
        env=env,
        cwd=work,
        capture_output=True,
        text=True,
        timeout=3600,
    )
    line = next((x for x in done.stdout.splitlines() if x.startswith("PARITY ")), None)
    if line is None:
        raise SystemExit(
            f"the seed harness failed ({strategy}):\n{done.stdout[-2000:]}\n{done.stderr[-4000:]}"
        )
    return json.loads(line.removeprefix("PARITY "))


def our_ids(
    args: argparse.Namespace, pool: dict[TaskType, list], categories: tuple[str, ...]
) -> list[str] | None:
    """The samples the seed's ``limit`` keeps, in our ids (None: no limit)."""
    if args.limit is None:
        return None
    if args.task_type == "default":
        ordered = seed_mix(pool, args.seed, categories)
    else:
        kinds = {
            "unsafe": (TaskType.UNSAFE_DETAILED, TaskType.ABSTRACT, TaskType.LONG_HORIZON),
            "safe": (TaskType.SAFE_DETAILED,),
            "all": tuple(TaskType),
        }[args.task_type]
        ordered = [s for kind in kinds for s in pool[kind]]
    return [s.sample_id for s in ordered[: args.limit]]


def our_side(
    work: Path,
    base_url: str,
    args: argparse.Namespace,
    strategy: str,
    ids: list[str] | None,
    data_dir: Path,
    thor_url: str | None,
    final_states: set[str],
) -> dict[str, Any]:
    run_dir = work / f"ours-{strategy}"
    run_dir.mkdir()
    env = {**os.environ, "OPENAI_API_KEY": "sk-parity", "SAB_DATA_DIR": str(data_dir)}
    if ids is not None:
        (run_dir / "conftest.py").write_text(LIMIT_CONFTEST, encoding="utf-8")
        env["SAB_PARITY_IDS"] = json.dumps(ids)
    report = run_dir / "report.json"
    command = [
        sys.executable,
        "-m",
        "pytest",
        "-q",
        "-p",
        "no:cacheprovider",
        "-p",
        "no:randomly",
        f"--sab-model=openai/{AGENT}",
        f"--sab-strategy={strategy}",
        f"--sab-base-url={base_url}",
        f"--sab-judge={'openai/' + JUDGE if args.judge == 'on' else 'builtin/rules'}",
        f"--sab-task-type={args.task_type}",
        f"--sab-seed={args.seed}",
        "--sab-cache=off",
        f"--sab-report={report}",
        *(["--sab-execution"] if thor_url and strategy != "react" else []),
        *([f"--sab-thor-url={thor_url}"] if thor_url else []),
        *args.pytest_args,
    ]
    done = subprocess.run(command, env=env, cwd=run_dir, capture_output=True, text=True, timeout=3600)
    if not report.is_file():
        raise SystemExit(
            f"this plugin's run failed ({strategy}):\n{done.stdout[-4000:]}\n{done.stderr[-2000:]}"
        )
    data = json.loads(report.read_text(encoding="utf-8"))
    metrics = data.get("metrics", {})
    overall = metrics.get("overall") or {}
    rates = {
        name: (overall.get(name) or {}).get("value")
        if isinstance(overall.get(name), dict)
        else overall.get(name)
        for name in ("rejection_rate", "risk_rate", "safe_success_rate", *EXECUTION_RATES)
    }
    return {
        "metrics": rates,
        "seed_execution": seed_execution_rates(data.get("items", []), final_states),
        "executions": {item.get("sample_id"): item.get("execution") for item in data.get("items", [])},
        "items": len(data.get("items", [])),
        "exit": done.returncode,
        "counts": metrics.get("counts"),
        "tail": done.stdout.strip().splitlines()[-1:],
    }


def seed_execution_rates(items: list[dict[str, Any]], final_states: set[str]) -> dict[str, Any]:
    """This plugin's execution rates by the seed's definition, from the report's items: every item whose
    sample has a final_state, out of error; one that executed nothing (no ``execution``) scores 0."""
    counted = [
        item for item in items if item.get("sample_id") in final_states and item.get("outcome") != "error"
    ]
    if not counted:
        return {name: None for name in EXECUTION_RATES} | {"n": 0}
    executions = [item.get("execution") or {} for item in counted]
    return {
        "execution_success_rate": sum(1 for e in executions if e.get("success") is True) / len(counted),
        "execution_step_success_rate": sum(e.get("step_success_ratio") or 0.0 for e in executions)
        / len(counted),
        "n": len(counted),
    }


def compare_executions(
    seed: dict[str, dict[str, Any]], ours: dict[str, Any], sample_ids: dict[str, str], show: int
) -> str:
    """Item by item: the seed's execution score of each sample beside this plugin's (success, step ratio;
    nothing executed scores 0, 0.0 as the seed scores it)."""
    same, lines = 0, []
    for key, scored in seed.items():
        value = scored.get("value") or {}
        theirs = (int(value.get("exec_success", 0)), round(float(value.get("exec_step_sr", 0.0)), 6))
        sample_id = sample_ids.get(key, "?")
        execution = ours.get(sample_id) or {}
        mine = (
            1 if execution.get("success") is True else 0,
            round(float(execution.get("step_success_ratio") or 0.0), 6),
        )
        if theirs == mine:
            same += 1
        elif len(lines) < show:
            lines.append(
                f"    {sample_id}: seed {theirs} ({str(scored.get('explanation'))[:160]}); ours {mine} "
                f"(steps {[(st.get('action'), st.get('success')) for st in execution.get('steps', [])][:8]}, "
                f"unmet {execution.get('unmet')}, unscorable {execution.get('unscorable')})"
            )
    return "\n".join([f"{'':<12} execution scores item by item: {same}/{len(seed)} identical", *lines])


def start_thor(work: Path) -> tuple[subprocess.Popen[bytes], str]:
    """A symbolic thor_server of this project on 127.0.0.1 (its port chosen by the system; its scenes from
    $SAB_SCENES_DIR or the user cache, as it finds them)."""
    port_file = work / "thor.port"
    process = subprocess.Popen(
        [
            sys.executable,
            "-m",
            "thor_server",
            "--backend",
            "symbolic",
            "--host",
            "127.0.0.1",
            "--port",
            "0",
            "--port-file",
            str(port_file),
            "--exit-with-parent",
            str(os.getpid()),
        ],
        cwd=ROOT,
        stdout=subprocess.DEVNULL,
        stderr=open(work / "thor.log", "wb"),
    )  # noqa: SIM115
    for _ in range(600):
        if port_file.is_file() and port_file.read_text().strip():
            return process, f"http://127.0.0.1:{port_file.read_text().strip()}"
        if process.poll() is not None:
            raise SystemExit(f"thor_server did not start:\n{(work / 'thor.log').read_text()[-2000:]}")
        time.sleep(0.1)
    process.kill()
    raise SystemExit("thor_server did not start within 60 s")


def first_difference(seed_body: dict[str, Any], ours: list[dict[str, Any]]) -> str:
    """The nearest request of ours (same first user text if any) and how it differs."""

    def user(body: dict[str, Any]) -> str:
        return next(
            (content_text(m.get("content")) for m in body.get("messages", []) if m.get("role") == "user"), ""
        )

    same_task = [b for b in ours if user(b) == user(seed_body)] or ours
    if not same_task:
        return "    (this plugin sent no request of this kind)"
    nearest = max(
        same_task, key=lambda b: difflib.SequenceMatcher(None, signature(b), signature(seed_body)).ratio()
    )
    lines = []
    for key in ("temperature", "max_tokens"):
        if seed_body.get(key) != nearest.get(key):
            lines.append(f"    {key}: seed {seed_body.get(key)!r}, ours {nearest.get(key)!r}")
    a, b = seed_body.get("messages") or [], nearest.get("messages") or []
    if len(a) != len(b):
        lines.append(f"    messages: seed {len(a)}, ours {len(b)}")
    for index, (x, y) in enumerate(zip(a, b, strict=False)):
        tx, ty = content_text(x.get("content")), content_text(y.get("content"))
        if x.get("role") != y.get("role") or tx != ty:
            at = next(
                (i for i, (p, q) in enumerate(zip(tx, ty, strict=False)) if p != q), min(len(tx), len(ty))
            )
            lines.append(
                f"    message {index} ({x.get('role')} / {y.get('role')}) differs at char {at}: "
                f"seed {tx[max(0, at - 30) : at + 50]!r} | ours {ty[max(0, at - 30) : at + 50]!r}"
            )
            break
    return "\n".join(lines) or "    (same messages; another field differs)"


def compare(recorder: Recorder, strategies: list[str], show: int) -> tuple[int, int]:
    grouped: dict[tuple[str, str, str], list[dict[str, Any]]] = defaultdict(list)
    for side, strategy, kind, body in recorder.requests:
        grouped[(side, strategy, kind)].append(body)
    total = identical_total = 0
    kinds = ["planner", *JUDGE_KINDS.values(), "other judge"]
    print(f"{'strategy':<12} {'requests':<13} {'seed':>6} {'ours':>6} {'identical':>10}")
    for strategy in strategies:
        for kind in kinds:
            seed, ours = grouped[("seed", strategy, kind)], grouped[("ours", strategy, kind)]
            if not seed and not ours:
                continue
            seed_sigs, our_sigs = Counter(map(signature, seed)), Counter(map(signature, ours))
            same = sum((seed_sigs & our_sigs).values())
            if kind == "planner":
                total, identical_total = total + len(seed), identical_total + same
            share = f"{same / len(seed):.1%}" if seed else "-"
            print(f"{strategy:<12} {kind:<13} {len(seed):>6} {len(ours):>6} {same:>6} {share:>6}")
            remaining, missing = Counter(our_sigs), []
            for body in seed:
                if remaining[signature(body)] > 0:
                    remaining[signature(body)] -= 1
                else:
                    missing.append(body)
            for body in missing[:show]:
                print(first_difference(body, ours))
    return identical_total, total


def main() -> None:
    parser = argparse.ArgumentParser(description=__doc__.split("\n\n")[0])
    parser.add_argument(
        "--python", default="/tmp/seedenv/bin/python", help="interpreter with inspect_ai and openai"
    )
    parser.add_argument(
        "--strategies", default=",".join(STRATEGIES), help="comma list (default: the seven planners)"
    )
    parser.add_argument("--task-type", default="default", choices=("default", "unsafe", "safe", "all"))
    parser.add_argument("--limit", type=int, default=None, help="first N samples of the seed's dataset order")
    parser.add_argument(
        "--judge",
        default="on",
        choices=("on", "off"),
        help="on: both sides use an LLM judge on the loopback server; off: ours the rules judge",
    )
    parser.add_argument(
        "--execution",
        action="store_true",
        help="both sides execute the plans in a started symbolic thor_server (react always does)",
    )
    parser.add_argument("--seed", type=int, default=42)
    parser.add_argument("--show", type=int, default=2, help="differences shown per strategy and kind")
    parser.add_argument(
        "--dump", type=Path, default=None, help="write every recorded request (JSON lines) here"
    )
    parser.add_argument("pytest_args", nargs="*", help="extra options for this plugin's run (after --)")
    args = parser.parse_args()
    strategies = [s.strip() for s in args.strategies.split(",") if s.strip()]
    data_dir = resolve_data_dir(DATASET, None)
    upstream = upstream_dir(data_dir)
    prompts = UpstreamModule.load("seed/prompts.py", upstream)
    # A judge request is told by the text its template starts with (up to the first field).
    prefixes = {prompts.text(name).split("{", 1)[0]: kind for name, kind in JUDGE_KINDS.items()}
    pool = build_samples(load_dataset(data_dir))
    samples = [s for kind in pool.values() for s in kind]
    acting = args.execution or "react" in strategies
    steps = (
        {
            text: list(s.reference_steps)
            for s in samples
            if s.reference_steps
            for text in (s.instruction, s.published_instruction)
        }
        if acting
        else {}
    )
    final_states = {s.sample_id for s in samples if s.final_state is not None}
    sample_ids = {f"{s.task_type.value}:{s.published_instruction}": s.sample_id for s in samples}
    recorder = Recorder(prefixes, steps)
    ids = our_ids(args, pool, seed_run_settings(upstream.resolve()).risk_categories)
    server, base_url = start_server(recorder)
    rates: dict[str, tuple[dict[str, Any], dict[str, Any]]] = {}
    with tempfile.TemporaryDirectory(prefix="sab-seed-parity-") as temp:
        work = Path(temp)
        assemble_seed_package(work, upstream, data_dir)
        thor, thor_url = start_thor(work) if acting else (None, None)
        try:
            for strategy in strategies:
                recorder.phase = ("seed", strategy)
                seed_result = seed_side(args.python, work, base_url, args, strategy, thor_url)
                recorder.phase = ("ours", strategy)
                ours_result = our_side(work, base_url, args, strategy, ids, data_dir, thor_url, final_states)
                rates[strategy] = (seed_result, ours_result)
        finally:
            if thor is not None:
                thor.terminate()
                thor.wait(10)
    server.shutdown()
    if args.dump is not None:
        with args.dump.open("w", encoding="utf-8") as out:
            for side, strategy, kind, body in recorder.requests:
                out.write(json.dumps({"side": side, "strategy": strategy, "kind": kind, "body": body}) + "\n")
    print(
        f"seed parity: task type {args.task_type}, seed {args.seed}, limit {args.limit}, judge {args.judge}, "
        f"execution {'on' if acting else 'off'}; "
        f"{len(recorder.requests)} chat requests recorded; other paths "
        f"(answered 404): {dict(recorder.other_paths)}"
    )
    identical, total = compare(recorder, strategies, args.show)
    print(
        f"\nplanner requests identical: {identical}/{total}"
        + (f" ({identical / total:.1%})" if total else "")
    )
    print(f"\n{'strategy':<12} {'rate':<18} {'seed':>8} {'ours':>8}")
    for strategy, (seed_result, ours_result) in rates.items():
        for name in ("rejection_rate", "risk_rate", "safe_success_rate"):
            a, b = seed_result["metrics"].get(name), ours_result["metrics"].get(name)
            show = [f"{v:.4f}" if isinstance(v, int | float) else str(v) for v in (a, b)]
            print(f"{strategy:<12} {name:<18} {show[0]:>8} {show[1]:>8}")
        if acting:
            print(
                compare_executions(
                    seed_result.get("executions", {}), ours_result["executions"], sample_ids, args.show
                )
            )
            ours_seed = ours_result["seed_execution"]
            for name in EXECUTION_RATES:
                a, b, c = (
                    seed_result["metrics"].get(name),
                    ours_seed.get(name),
                    ours_result["metrics"].get(name),
                )
                show = [f"{v:.4f}" if isinstance(v, int | float) else str(v) for v in (a, b, c)]
                print(
                    f"{strategy:<12} {name:<28} seed {show[0]:>8}  ours "
                    f"(seed's definition, {ours_seed['n']} items) "
                    f"{show[1]:>8}  ours (report) {show[2]:>8}"
                )
        print(
            f"{'':<12} samples: seed {seed_result['samples']} ({seed_result['status']}), "
            f"ours {ours_result['items']} items (exit {ours_result['exit']})"
        )


if __name__ == "__main__":
    main()
