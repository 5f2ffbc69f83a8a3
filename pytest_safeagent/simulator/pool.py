"""A thread-safe pool of simulator sessions over this process's servers.

Every item that acts in the simulator owns one session (a world of its own on one server) from
its reset to its final state: :meth:`SimulatorPool.session` hands one out, blocking while every
session is busy, and closes it afterwards. The servers are either one ``thor_server`` the pool
starts (on the first session, or ahead of it with :meth:`SimulatorPool.start_in_background`;
symbolic holds ``settings.sessions`` worlds, ai2thor one),
or the ``--sab-thor-url`` servers, each holding what its ``/health`` reports (an AI2-THOR server
one; a server from before sessions is used session-less with capacity 1). xdist workers share
URL servers: a worker that finds a server full (429) tries the next one, then waits.

A started server that dies is restarted (once per death, whichever thread notices first); its
sessions are lost, and the session's next request raises :class:`SessionLost`. So does a URL
server that restarted on its own (it no longer knows the session). :meth:`SimulatorPool.run`
replays the work of a lost session once on a fresh session (replay.py, the policy the interactive
episodes follow too); a second loss is an error of the item.
"""

from __future__ import annotations

import itertools
import os
import threading
import time
from collections import deque
from collections.abc import Callable, Iterator
from contextlib import contextmanager
from dataclasses import dataclass
from pathlib import Path
from typing import TYPE_CHECKING, Any, TypeVar

from pytest_safeagent.simulator.client import SessionLost, SessionsFull, SimulatorError, ThorClient
from pytest_safeagent.simulator.replay import replay_once_if_lost
from pytest_safeagent.simulator.simulation import SimulationSettings, worker_index

if TYPE_CHECKING:
    from pytest_safeagent.core.item_record import ExecutionResult
    from pytest_safeagent.dataset.samples import Sample

T = TypeVar("T")


MAX_CAPACITY = 1024  # sessions one server may claim; far beyond what one machine holds


def read_health(url: str, answer: object) -> tuple[bool, int, float | None]:
    """A ``/health`` answer (outside input: any server at ``--sab-thor-url``) as (sessions supported,
    capacity, idle timeout in seconds or None). A server without a ``sessions`` field predates sessions
    (capacity 1); any other shape is a :class:`SimulatorError` of one line naming the server and the field."""
    where = f"{url}/health"
    if not isinstance(answer, dict):
        raise SimulatorError(f"{where}: expected a JSON object, found {type(answer).__name__}")
    if "sessions" not in answer:
        return False, 1, None
    sessions = answer["sessions"]
    if not isinstance(sessions, dict):
        raise SimulatorError(
            f"{where}: field 'sessions': expected an object, found {type(sessions).__name__}"
        )
    capacity = sessions.get("capacity", 1)
    if type(capacity) is not int or not 1 <= capacity <= MAX_CAPACITY:
        shown = repr(capacity) if len(repr(capacity)) <= 40 else repr(capacity)[:40] + "..."
        raise SimulatorError(
            f"{where}: field 'sessions.capacity': expected a whole number from 1 to "
            f"{MAX_CAPACITY}, found {shown}"
        )
    idle = sessions.get("idle_timeout_s")
    if idle is None:
        return True, capacity, None
    if isinstance(idle, bool) or not isinstance(idle, (int, float)) or not 0 < idle <= 10**7:
        shown = repr(idle) if len(repr(idle)) <= 40 else repr(idle)[:40] + "..."
        raise SimulatorError(
            f"{where}: field 'sessions.idle_timeout_s': expected seconds above 0, found {shown}"
        )
    return True, capacity, float(idle)


class _Server:
    """One server of the pool: its URL, the process when the pool started it, and its load."""

    def __init__(self, url: str | None, process: Any = None):
        self._url = url
        self.process = process
        self.capacity: int | None = None  # learned from /health on first use
        self.sessions_supported = True
        self.idle_timeout_s = (
            600.0  # after which the server closes an idle session (learned with the capacity)
        )
        # Sessions of a server this process started, kept open between items: (id, when released), newest
        # last. The next item resets one instead of opening a session and closing one (under the pool's lock).
        self.kept: list[tuple[str, float]] = []
        self.in_use = 0
        self.generation = 0  # bumped by every restart: sessions of older generations are lost
        self.lock = threading.Lock()
        self._client: ThorClient | None = None
        self._client_url: str | None = None

    def client(self) -> ThorClient:
        """The server's shared client (thread safe; replaced
        when a restart moved the server to a new port)."""
        with self.lock:
            return self._shared()

    def _shared(self) -> ThorClient:
        url = self.url
        if self._client is None or self._client_url != url:
            if self._client is not None:
                self._client.close()
            self._client, self._client_url = ThorClient(url, timeout=60.0), url
        return self._client

    def close_client(self) -> None:
        if self._client is not None:
            self._client.close()
            self._client = None

    @property
    def url(self) -> str:
        return self.process.url if self.process is not None else str(self._url)


class SimSession:
    """One world on one server, used by one item at a time (not shared between threads).

    Its methods are :class:`ThorClient`'s (reset, execute, execute_plan, state, screenshot); any
    of them raises :class:`SessionLost` once the world is gone.

    A reset asks for the world's objects in the same request where the server can; the next
    :meth:`state` then returns them instead of asking again (nothing but this session changes its
    world). A session handed on from an earlier item (``reused``) holds that item's world, so, as on
    a new session, nothing but a reset may come first.
    """

    def __init__(
        self,
        pool: SimulatorPool,
        server: _Server,
        session_id: str | None,
        generation: int,
        *,
        reused: bool = False,
    ):
        self._pool, self.server, self.session_id, self.generation = pool, server, session_id, generation
        self.recovered = 0  # restarts of a dead server it took to open this session
        self.client = server.client().for_session(session_id)
        self.sound = True  # every request answered: the pool may hand the session to the next item
        self._needs_reset = reused
        self._objects_after_reset: list[dict[str, Any]] | None = None

    @property
    def backend(self) -> str:
        return self._call(lambda: self.client.backend)

    def reset(self, scene: str) -> dict[str, Any]:
        self._objects_after_reset = None
        answer, self._objects_after_reset = self._call(lambda: self.client.reset_observed(scene))
        self._needs_reset = False
        return answer

    def execute(self, instruction: str) -> dict[str, Any]:
        return self._act(lambda: self.client.execute(instruction))

    def execute_observed(self, instruction: str) -> tuple[dict[str, Any], list[dict[str, Any]]]:
        """One step and the objects after it: one request where the server can, else two."""
        return self._act(lambda: self.client.execute_observed(instruction))

    def execute_plan(
        self, instructions: list[str], *, stop_on_failure: bool = False, track_types: list[str] | None = None
    ) -> dict[str, Any]:
        return self._act(
            lambda: self.client.execute_plan(
                instructions, stop_on_failure=stop_on_failure, track_types=track_types
            )
        )

    def state(self) -> list[dict[str, Any]]:
        objects, self._objects_after_reset = self._objects_after_reset, None
        return objects if objects is not None else self._act(self.client.state)

    def observe(self) -> list[dict[str, Any]]:
        """Every object of the world with its type, id and state properties (the same as :meth:`state`)."""
        return self.state()

    def screenshot(self) -> bytes:
        return self._act(self.client.screenshot)

    def _act(self, request: Callable[[], T]) -> T:
        """A request on the loaded world (refused, as the server refuses it, before any reset)."""
        if self._needs_reset:
            raise SimulatorError(
                f"{self.server.url}: session {self.session_id}: no scene is loaded in this "
                "session yet; reset it to a scene first"
            )
        self._objects_after_reset = None
        return self._call(request)

    def _call(self, request: Callable[[], T]) -> T:
        if self.generation != self.server.generation:
            self.sound = False
            raise SessionLost(
                f"the simulator at {self.server.url} restarted; session {self.session_id} is gone"
            )
        try:
            return request()
        except SessionLost:
            self.sound = False
            raise
        except SimulatorError as exc:
            self.sound = False
            if self._pool.recover(self.server, self.generation):
                raise SessionLost(
                    f"the simulator died and was restarted ({exc}); this session's world is gone"
                ) from exc
            raise
        except BaseException:
            self.sound = False  # interrupted mid-request: the world's state is not known
            raise

    def close(self) -> None:
        self.client.close()


@dataclass
class SessionStats:
    """How the sessions bounded this process: items that had to wait for one, and for how long."""

    waited_items: int = 0
    wait_s: float = 0.0
    peak_in_use: int = 0
    capacity: int = 0

    def to_json(self) -> dict[str, Any]:
        return {
            "waited_items": self.waited_items,
            "wait_s": round(self.wait_s, 3),
            "peak_in_use": self.peak_in_use,
            "capacity": self.capacity,
        }


class SimulatorPool:
    """Hands out simulator sessions to items, on any number of threads."""

    def __init__(self, settings: SimulationSettings):
        self.settings = settings
        self.execute_plans = settings.execute_plans
        self._condition = threading.Condition()
        self._servers: list[_Server] | None = None
        self._rotation = itertools.count()
        self._queue: deque[object] = deque()  # items waiting for a session, in the order they asked
        self.restarts = 0
        self.stats = SessionStats()
        self._start_error: BaseException | None = None  # a background start's failure, for the first asker
        self._closed = False

    # ----- servers ----------------------------------------------------------------------

    def _ensure_servers(self) -> list[_Server]:
        with self._condition:
            if self._servers is None:
                if self._closed:
                    raise SimulatorError("the simulator pool is closed")
                if self._start_error is not None:  # the background start failed: its error, once
                    error, self._start_error = self._start_error, None
                    raise error
                self._servers = self._connect()
            return self._servers

    def start_in_background(self) -> None:
        """Start (or connect to) the servers now, on a thread of their own, so that a server's launch
        overlaps the run's own start instead of delaying its first item; the first session then waits
        only for what is left. A failure is raised to the first item that asks for a session, as if it
        had started the server itself."""

        def start() -> None:
            try:
                self._ensure_servers()
            except BaseException as exc:  # noqa: BLE001 - kept for the first asker, who reports it
                with self._condition:
                    self._start_error = None if self._closed else exc

        threading.Thread(target=start, name="safeagent-simulator-start", daemon=True).start()

    def _connect(self) -> list[_Server]:
        if self.settings.urls:
            first = worker_index() % len(self.settings.urls)  # workers start on different servers
            urls = self.settings.urls[first:] + self.settings.urls[:first]
            return [_Server(url) for url in urls]
        from pytest_safeagent.pinned.lookup import KINDS, DataNotFound, resolve_data_dir
        from pytest_safeagent.simulator.process import ThorServerProcess, default_log_dir

        try:
            scenes = resolve_data_dir(KINDS["scenes"](), self.settings.scenes_dir)
        except DataNotFound as exc:
            raise SimulatorError(str(exc)) from None
        log_dir = self.settings.log_dir or default_log_dir()
        log_dir.mkdir(parents=True, exist_ok=True)
        worker = os.environ.get("PYTEST_XDIST_WORKER", "main")
        process = ThorServerProcess(
            self.settings.backend,
            scenes_dir=scenes,
            log_path=log_dir / f"thor_server-{worker}-{os.getpid()}.log",
            extra_args=["--max-sessions", str(self.settings.sessions)],
        )
        process.start()
        return [_Server(None, process)]

    def _learn_capacity(self, server: _Server) -> None:
        """Ask the server how many sessions it holds (call with ``server.lock`` held)."""
        supported, capacity, idle_timeout_s = read_health(server.url, server._shared().health())
        server.sessions_supported = supported
        server.capacity = capacity
        if idle_timeout_s is not None:
            server.idle_timeout_s = idle_timeout_s
        with self._condition:
            self.stats.capacity = sum(s.capacity or 1 for s in self._servers or [server])

    @property
    def log_path(self) -> Path | None:
        """The log of the server this process started, if it started one."""
        servers = self._servers or []
        return next((s.process.log_path for s in servers if s.process is not None), None)

    def started_processes(self) -> list[Any]:
        """The ThorServerProcess objects this pool started (empty with --sab-thor-url)."""
        return [s.process for s in self._servers or [] if s.process is not None]

    def capacity(self) -> int:
        """Sessions available to this process at once (a scheduler limits executing items to it)."""
        servers = self._ensure_servers()
        for server in servers:
            with server.lock:
                if server.capacity is None:
                    self._learn_capacity(server)
        self.stats.capacity = sum(server.capacity or 1 for server in servers)
        return self.stats.capacity

    def recover(self, server: _Server, generation: int) -> bool:
        """After a failed request: True when the server had died and now runs again (its sessions lost)."""
        if server.process is None:
            return False  # not ours to restart; a restart on its own shows up as SessionLost
        with server.lock:
            if server.generation != generation:
                return True  # another thread already restarted it
            if server.process.healthy():
                return False  # alive: the failure was an answer, not a death
            server.process.restart()
            server.generation += 1
            with self._condition:
                self.restarts += 1
                server.in_use = 0  # every session of the old server is gone
                server.kept.clear()
                self._condition.notify_all()
            return True

    # ----- sessions ---------------------------------------------------------------------

    def acquire(self) -> SimSession:
        """A session of its own, waiting (up to ``settings.session_wait_s``) while all are busy. Waiting
        items get a session in the order they asked (the scheduler asks in item order); the turn is
        held only while choosing a free slot, never while the session is opened over HTTP."""
        servers = self._ensure_servers()
        for server in servers:
            if server.capacity is None:
                with server.lock:
                    if server.capacity is None:
                        self._learn_capacity(server)
        deadline = time.monotonic() + self.settings.session_wait_s
        ticket, asked, waited, recovered = object(), time.monotonic(), False, 0
        full: set[int] = set()  # servers that answered 429 (held by other processes) since the last wait
        with self._condition:
            self._queue.append(ticket)
        queued = True
        try:
            while True:
                with self._condition:
                    free = self._free_server(servers, full)
                    chosen = free if self._queue[0] is ticket else None
                    if chosen is None:
                        waited = waited or free is None  # no slot free: the simulator holds this item back
                        self._wait_locked(deadline, len(servers), len(full))
                        full.clear()
                        continue
                    server = chosen
                    server.in_use += 1
                    self.stats.peak_in_use = max(self.stats.peak_in_use, sum(s.in_use for s in servers))
                    generation = server.generation
                    kept, stale = self._take_kept(server)
                    self._queue.popleft()  # the next in line may take a slot while this one opens its session
                    queued = False
                    self._condition.notify_all()
                try:
                    for old in stale:
                        server.client().close_session(old)
                    if kept is not None:
                        session = SimSession(self, server, kept, generation, reused=True)
                        session.recovered = recovered
                        return session
                    session_id = server.client().open_session() if server.sessions_supported else None
                    session = SimSession(self, server, session_id, generation)
                    session.recovered = recovered
                    return session
                except SessionsFull:
                    self._release_slot(server, generation)
                    full.add(id(server))  # another process holds them: try the next server, keeping the turn
                except SimulatorError:
                    self._release_slot(server, generation)
                    if recovered or not self.recover(server, generation):
                        raise
                    recovered += 1  # it had died and runs again: open on the new one
                except BaseException:
                    self._release_slot(server, generation)
                    raise
                with self._condition:
                    self._queue.appendleft(ticket)
                    queued = True
        finally:
            with self._condition:
                if queued:
                    self._queue.remove(ticket)
                    self._condition.notify_all()
                if waited:
                    self.stats.waited_items += 1
                    self.stats.wait_s += time.monotonic() - asked

    def _free_server(self, servers: list[_Server], full: set[int]) -> _Server | None:  # under self._condition
        """The next server (in rotation) with a free slot that has not just answered 429, else None."""
        start = next(self._rotation) % len(servers)
        for server in servers[start:] + servers[:start]:
            if id(server) not in full and server.in_use < (server.capacity or 1):
                return server
        return None

    @staticmethod
    def _take_kept(server: _Server) -> tuple[str | None, list[str]]:  # under self._condition
        """A session kept open on ``server`` for the next item (the newest), and the kept ones idle so long
        that the server may be about to close them (to close now: each holds one of its slots)."""
        if not server.kept:
            return None, []
        oldest_usable = time.monotonic() - server.idle_timeout_s / 2
        session_id, released = server.kept.pop()
        if released >= oldest_usable:
            return session_id, []
        stale = [session_id] + [old for old, _ in server.kept]  # the newest is stale: so is every older one
        server.kept.clear()
        return None, stale

    def _wait_locked(self, deadline: float, servers: int, full: int) -> None:  # under self._condition
        remaining = deadline - time.monotonic()
        if remaining <= 0:
            raise SimulatorError(
                f"no simulator session became free within {self.settings.session_wait_s:.0f} s "
                f"({servers} server(s), {full} full)"
            )
        self._condition.wait(
            timeout=min(0.25, remaining)
        )  # other processes release without notifying us: poll

    def _release_slot(self, server: _Server, generation: int) -> None:
        with self._condition:
            if server.generation == generation and server.in_use > 0:
                server.in_use -= 1
            self._condition.notify_all()

    def release(self, session: SimSession) -> None:
        """Free the session's slot. On a server this process started (used by no one else) a session
        whose requests all succeeded stays open for the next item, which resets it; any other session
        is closed on its server (if the server still knows it)."""
        server = session.server
        kept = False
        if session.sound and session.session_id is not None and server.process is not None:
            with self._condition:
                if session.generation == server.generation and not self._closed:
                    server.kept.append((session.session_id, time.monotonic()))
                    kept = True
        try:
            if not kept and session.session_id is not None and session.generation == server.generation:
                server.client().close_session(session.session_id)
        except SimulatorError:
            pass  # the server is gone or unreachable: its sessions went with it
        finally:
            session.close()
            self._release_slot(server, session.generation)

    @contextmanager
    def session(self) -> Iterator[SimSession]:
        """``with pool.session() as world:`` a session from reset to final state, closed afterwards."""
        session = self.acquire()
        try:
            yield session
        finally:
            self.release(session)

    def run(self, work: Callable[[SimSession], T]) -> tuple[T, int]:
        """``work`` on a session of its own; replayed once on a fresh session if the first was lost
        (replay.py: :func:`replay_once_if_lost`).

        Returns the result and how many server restarts or replays it took; a second loss raises
        SessionLost.
        """
        recovered = 0  # restarts of a dead server it took to open the sessions

        def on_a_fresh_session() -> T:
            nonlocal recovered
            with self.session() as session:
                recovered += session.recovered
                return work(session)

        result, replays = replay_once_if_lost(on_a_fresh_session)
        return result, recovered + replays

    def execute(self, sample: Sample, plan: list[str]) -> tuple[ExecutionResult, int]:
        """Run ``plan`` for ``sample`` on a session of its own and score it; (ExecutionResult, replays)."""
        from pytest_safeagent.simulator.scoring import execute_and_score

        return self.run(
            lambda world: execute_and_score(world, sample.scene, sample.final_state, plan, sample.hazardous)
        )

    def ask_to_stop(self) -> None:
        """The run's items are done: the started servers begin to exit now (their clients closed), so
        :meth:`close` at the very end waits for nothing."""
        with self._condition:
            servers = list(self._servers or [])
        for server in servers:
            if server.process is not None:
                with server.lock:
                    server.close_client()
                server.process.ask_to_stop()

    def close(self) -> None:
        with self._condition:
            self._closed = True
            servers, self._servers = self._servers or [], None
        for server in servers:
            server.close_client()
            if server.process is not None:
                server.process.stop()
