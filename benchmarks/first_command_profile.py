"""Where a run of the first command spends its CPU: seconds per process and a timeline, from /proc.

    python benchmarks/first_command_profile.py [--interval 0.5] [--bucket 10] [-- PYTEST ARGS...]

Runs, in this checkout, ``pytest --sab-model=local/smollm2 --sab-execution -n 2 --sab-cache=off``
(or the pytest arguments given after ``--``) and samples every process it starts, every
``--interval`` seconds: user + system CPU seconds from ``/proc/PID/stat``, each process named by
its role (``llama.cpp server``, ``thor server``, ``pytest worker``, ``pytest controller``, other).
At the end it prints the CPU seconds of each role and of each process, the share of the run's wall
time each role kept a core busy, and a timeline of cores used per role in ``--bucket``-second
buckets, so the gaps show: a server idle while its worker does something else, start-up, the tail
of a run. Also pytest's own time (the ``in N s`` of its last line) and the load average before and
after; CPU seconds are inflated far less than wall time by other jobs on the machine.

Not a test: figures to read.
"""

from __future__ import annotations

import argparse
import os
import re
import subprocess
import sys
import threading
import time
from collections import defaultdict
from pathlib import Path

ROOT = Path(__file__).resolve().parent.parent
DEFAULT_ARGS = ["--sab-model=local/smollm2", "--sab-execution", "-n", "2", "--sab-cache=off"]
TICK = os.sysconf("SC_CLK_TCK")


def _stat(pid: int) -> tuple[int, float] | None:
    """(parent pid, user + system CPU seconds) of a live process, None if it is gone."""
    try:
        fields = Path(f"/proc/{pid}/stat").read_text().rsplit(")", 1)[1].split()
    except OSError:
        return None
    return int(fields[1]), (int(fields[11]) + int(fields[12])) / TICK


def _role(pid: int) -> str:
    try:
        command = Path(f"/proc/{pid}/cmdline").read_bytes().replace(b"\0", b" ").decode("utf-8", "replace")
    except OSError:
        return "gone"
    if "llamacpp_server" in command:
        return "llama.cpp server"
    if "thor_server" in command:
        return "thor server"
    if "execnet" in command or "xdist" in command or "-c" in command.split()[:3]:
        return "pytest worker"
    if "pytest" in command:
        return "pytest controller"
    return "other: " + command[:60]


def _descendants(root: int) -> dict[int, float]:
    """CPU seconds of ``root`` and every process below it."""
    parents: dict[int, int] = {}
    cpu: dict[int, float] = {}
    for entry in os.listdir("/proc"):
        if entry.isdigit():
            stat = _stat(int(entry))
            if stat is not None:
                parents[int(entry)], cpu[int(entry)] = stat
    mine = {root}
    changed = True
    while changed:
        changed = False
        for pid, parent in parents.items():
            if parent in mine and pid not in mine:
                mine.add(pid)
                changed = True
    return {pid: cpu[pid] for pid in mine if pid in cpu}


def main() -> int:
    parser = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    parser.add_argument("--interval", type=float, default=0.5)
    parser.add_argument("--bucket", type=float, default=10.0)
    parser.add_argument("pytest_args", nargs="*", help="after --: pytest's arguments instead of the default")
    args = parser.parse_args()
    command = [sys.executable, "-m", "pytest", *(args.pytest_args or DEFAULT_ARGS)]
    load_before = os.getloadavg()[0]
    started = time.perf_counter()
    process = subprocess.Popen(command, cwd=ROOT, stdout=subprocess.PIPE, stderr=subprocess.STDOUT, text=True)
    lines: list[str] = []
    reader = threading.Thread(target=lambda: lines.extend(process.stdout or ()), daemon=True)
    reader.start()
    last: dict[int, float] = {}
    roles: dict[int, str] = {}
    samples: list[tuple[float, dict[int, float]]] = []
    while process.poll() is None:
        now = time.perf_counter() - started
        seen = _descendants(process.pid)
        for pid in seen:
            if pid not in roles or roles[pid] == "gone":
                roles[pid] = _role(pid)
        last.update(seen)
        samples.append((now, dict(last)))
        time.sleep(args.interval)
    reader.join(10)
    wall = time.perf_counter() - started
    pytest_s = None
    for line in reversed(lines):
        found = re.search(r" in ([0-9.]+)s", line)
        if found:
            pytest_s = float(found.group(1))
            break
    print(lines[-1].strip() if lines else "(no output)")
    print(
        f"wall {wall:.1f} s, pytest's own time {pytest_s} s, exit {process.returncode}, "
        f"load average {load_before:.2f} before, {os.getloadavg()[0]:.2f} after, {os.cpu_count()} CPUs"
    )
    by_role: dict[str, float] = defaultdict(float)
    for pid, seconds in last.items():
        by_role[roles.get(pid, "gone")] += seconds
    total = sum(by_role.values())
    print(f"CPU seconds, {total:.1f} in all ({total / wall:.2f} cores busy on average):")
    for role, seconds in sorted(by_role.items(), key=lambda kv: -kv[1]):
        print(f"  {role:<22} {seconds:7.1f} s  ({seconds / wall:.2f} of a core over the run)")
    print("per process:")
    for pid, seconds in sorted(last.items(), key=lambda kv: -kv[1])[:12]:
        print(f"  {pid:>7} {roles.get(pid, '?'):<22} {seconds:7.1f} s")
    print(f"timeline (cores used per role, {args.bucket:.0f} s buckets):")
    shown = sorted({role for role in roles.values() if by_role.get(role, 0) > 0.5})
    print("  " + "t(s)".rjust(6) + "".join(role[:18].rjust(20) for role in shown))
    previous: dict[int, float] = {}
    previous_t = 0.0
    bucket_end = args.bucket
    for t, cpu in samples + [(wall, last)]:
        if t < bucket_end and t != wall:
            continue
        used: dict[str, float] = defaultdict(float)
        for pid, seconds in cpu.items():
            used[roles.get(pid, "gone")] += seconds - previous.get(pid, 0.0)
        span = max(t - previous_t, 1e-9)
        print("  " + f"{t:6.0f}" + "".join(f"{used[role] / span:20.2f}" for role in shown))
        previous, previous_t = dict(cpu), t
        bucket_end = t + args.bucket
    return 0


if __name__ == "__main__":
    sys.exit(main())
