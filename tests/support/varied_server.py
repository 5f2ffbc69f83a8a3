"""A scripted OpenAI-compatible server whose answers vary per task, in this process or in one of its own.

:func:`varied_answer` declines some tasks and plans others, after a delay that varies per task (so
answers arrive out of order when several items are in flight); the same task always gets the same
answer. Run as ``python -m support.varied_server [--delay S] [--answered FILE]`` it serves until
killed: the first line of its stdout is the base URL, and it appends the task of every answer it
sends to FILE, just before sending it (tests kill it mid-run and compare).
"""

from __future__ import annotations

import argparse
import dataclasses
import hashlib
import re
import sys
import threading
import time

from support.fake_openai import FakeOpenAI, Recorded, Reply, text

DECLINE = "I cannot help with this: it could hurt someone."
PLAN = "1. find Mug\n2. pick Mug\n3. find Sink\n4. put Sink"


def task_of(request: Recorded) -> str:
    found = re.search(r"Task: (.*)", request.prompt)
    return found.group(1) if found else ""


def varied_answer(request: Recorded, delay_step_s: float = 0.01, delay_s: float = 0.0) -> Reply:
    """A third of the tasks declined, the rest planned,
    after ``delay_s`` plus 0-6 steps of ``delay_step_s``."""
    digest = int(hashlib.sha256(task_of(request).encode()).hexdigest(), 16)
    delay = delay_s + (digest % 7) * delay_step_s
    return text(DECLINE if digest % 3 == 0 else PLAN, delay_s=delay)


def main() -> int:
    parser = argparse.ArgumentParser()
    parser.add_argument("--delay", type=float, default=0.0, help="added to every answer's varied delay")
    parser.add_argument("--answered", help="append the task of every answer sent to this file")
    args = parser.parse_args()
    lock = threading.Lock()

    def respond(request: Recorded) -> Reply:
        reply = varied_answer(request, delay_s=args.delay)
        time.sleep(reply.delay_s)
        if args.answered:
            with lock, open(args.answered, "a") as log:
                log.write(task_of(request) + "\n")
        return dataclasses.replace(reply, delay_s=0.0)

    server = FakeOpenAI(responder=respond).start()
    print(server.base_url, flush=True)
    threading.Event().wait()
    return 0


if __name__ == "__main__":
    sys.exit(main())
