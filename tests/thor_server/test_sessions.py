"""Simulator sessions: isolated worlds in one server, capacity, idle reaping, and the plugin's pool."""

from __future__ import annotations

import threading
from pathlib import Path

import httpx
import pytest

from pytest_safeagent.simulator import ThorServerProcess
from pytest_safeagent.simulator.client import SessionLost, SessionsFull, ThorClient
from pytest_safeagent.simulator.pool import SimulatorPool
from pytest_safeagent.simulator.simulation import SimulationSettings
from thor_server.sessions import SessionTable, UnknownSession


@pytest.fixture(scope="module")
def two_world_server(scenes_dir: Path, tmp_path_factory: pytest.TempPathFactory):
    with ThorServerProcess(
        "symbolic",
        scenes_dir=scenes_dir,
        extra_args=["--max-sessions", "2"],
        log_path=tmp_path_factory.mktemp("sessions") / "server.log",
    ) as server:
        yield server


def _candle(client: ThorClient) -> dict:
    return next(o for o in client.state() if o["objectType"] == "Candle")


def test_two_worlds_changed_concurrently_never_see_each_others_objects(two_world_server) -> None:
    with two_world_server.client() as control:
        ids = [control.open_session(), control.open_session()]
    clients = [ThorClient(two_world_server.url, session_id=i) for i in ids]
    try:
        plans = [["find Candle", "turn_on Candle"] * 10, ["find Candle", "pick Candle", "drop"] * 7]
        for client in clients:
            client.reset("FloorPlan401")
        barrier = threading.Barrier(2)

        def act(client: ThorClient, plan: list[str]) -> None:
            barrier.wait()
            for step in plan:
                client.execute(step)

        threads = [threading.Thread(target=act, args=pair) for pair in zip(clients, plans, strict=False)]
        for thread in threads:
            thread.start()
        for thread in threads:
            thread.join()
        lit, dropped = (_candle(c) for c in clients)
        assert lit["isToggled"] is True and lit["isPickedUp"] is False and lit["isBroken"] is False
        assert dropped["isToggled"] is False  # never lit in this world
        assert clients[0].health()["holding"] is None
        with two_world_server.client() as default:  # the default world was never touched
            default.reset("FloorPlan401")
            assert _candle(default)["isToggled"] is False
    finally:
        for client, session_id in zip(clients, ids, strict=False):
            client.close_session(session_id)
            client.close()


def test_capacity_is_reported_and_a_full_server_answers_429(two_world_server) -> None:
    with two_world_server.client() as control:
        assert control.capacity() == 2
        first, second = control.open_session(), control.open_session()
        with pytest.raises(SessionsFull, match="all 2 session"):
            control.open_session()
        assert control.health()["sessions"]["open"] == 2
        control.close_session(first)
        third = control.open_session()
        for session_id in (second, third):
            control.close_session(session_id)
        assert control.health()["sessions"]["open"] == 0


def test_an_unknown_or_closed_session_is_a_404_the_client_reads_as_lost(two_world_server) -> None:
    with two_world_server.client() as control:
        session_id = control.open_session()
        control.close_session(session_id)
    with ThorClient(two_world_server.url, session_id=session_id) as gone:
        with pytest.raises(SessionLost, match="unknown session"):
            gone.reset("FloorPlan1")
    raw = httpx.delete(f"{two_world_server.url}/sessions/nosuch", trust_env=False)
    assert raw.status_code == 404 and raw.json()["kind"] == "unknown_session"


def test_requests_without_a_session_keep_the_single_world_protocol(two_world_server) -> None:
    with two_world_server.client() as client:
        client.reset("FloorPlan401")
        assert client.execute("find Candle")["success"] is True
        assert client.health()["facing"].startswith("Candle")


class _OneWorld:
    """A backend without spawn(), like the AI2-THOR backend (one controller per server)."""

    name = "one"

    def describe(self) -> dict:
        return {"backend": self.name}

    def close(self) -> None:
        pass


def test_a_backend_that_cannot_spawn_has_capacity_one_and_idle_sessions_are_reaped() -> None:
    now = [0.0]
    table = SessionTable(_OneWorld(), max_sessions=8, idle_timeout_s=10.0, clock=lambda: now[0])
    assert table.capacity == 1
    session_id = table.open()
    assert table.backend(session_id) is table.default
    now[0] = 9.0
    table.backend(session_id)  # used: the idle clock starts again
    now[0] = 18.0
    assert table.describe()["open"] == 1
    now[0] = 19.5
    table.reap()
    assert table.describe() == {
        "capacity": 1,
        "open": 0,
        "idle_timeout_s": 10.0,
        "opened": 1,
        "peak_open": 1,
        "reaped": 1,
    }
    with pytest.raises(UnknownSession):
        table.backend(session_id)
    table.open()  # the slot is free again


def _pool(url: str, **extra) -> SimulatorPool:
    return SimulatorPool(
        SimulationSettings(urls=(url,), backend="symbolic", scenes_dir=None, log_dir=None, **extra)
    )


def test_the_pool_blocks_while_every_session_is_busy(scenes_dir: Path, tmp_path: Path) -> None:
    with ThorServerProcess(
        "symbolic", scenes_dir=scenes_dir, extra_args=["--max-sessions", "1"], log_path=tmp_path / "one.log"
    ) as server:
        pool = _pool(server.url)
        assert pool.capacity() == 1
        order: list[str] = []
        first = pool.acquire()
        started = threading.Event()

        def second_item() -> None:
            started.set()
            with pool.session() as world:
                order.append("second got a session")
                world.reset("FloorPlan1")

        thread = threading.Thread(target=second_item)
        thread.start()
        started.wait()
        first.reset("FloorPlan1")
        order.append("first released")
        pool.release(first)
        thread.join()
        assert order == ["first released", "second got a session"]
        pool.close()


def test_a_started_server_that_dies_loses_its_sessions_and_the_work_is_replayed_once(
    scenes_dir: Path, tmp_path: Path
) -> None:
    pool = SimulatorPool(
        SimulationSettings(
            urls=(), backend="symbolic", scenes_dir=str(scenes_dir), log_dir=tmp_path, sessions=2
        )
    )
    attempts: list[str] = []

    def work(world) -> bool:
        world.reset("FloorPlan401")
        attempts.append(world.session_id)
        if len(attempts) == 1:
            process = pool.started_processes()[0]
            process._process.kill()
            process._process.wait()
        return world.execute("find Candle")["success"]

    try:
        assert pool.run(work) == (True, 1)
        assert len(attempts) == 2 and attempts[0] != attempts[1]
        assert pool.restarts == 1

        def always_dies(world) -> None:
            world.reset("FloorPlan401")
            process = pool.started_processes()[0]
            process._process.kill()
            process._process.wait()
            world.execute(
                "find Candle"
            )  # (a state read right after the reset is the reset's answer: no request)

        with pytest.raises(SessionLost):
            pool.run(always_dies)
    finally:
        pool.close()


@pytest.mark.parametrize(
    ("args", "message"),
    [
        (["--max-sessions", "0"], "--max-sessions=0: must be at least 1"),
        (["--session-idle-timeout", "-5"], "must be positive"),
    ],
)
def test_bad_session_arguments_stop_the_server_at_startup(args, message):
    import subprocess
    import sys

    done = subprocess.run(
        [sys.executable, "-m", "thor_server", *args], capture_output=True, text=True, timeout=60
    )
    assert done.returncode == 2 and message in done.stderr


def test_many_threads_share_a_two_session_server_and_each_sees_only_its_own_world(
    scenes_dir: Path, tmp_path: Path
) -> None:
    with ThorServerProcess(
        "symbolic", scenes_dir=scenes_dir, extra_args=["--max-sessions", "2"], log_path=tmp_path / "two.log"
    ) as server:
        pool = _pool(server.url)
        peak = {"now": 0, "max": 0}
        lock = threading.Lock()
        failures: list[BaseException] = []

        def item(lit: bool) -> None:
            try:
                for _ in range(5):
                    with pool.session() as world:
                        with lock:
                            peak["now"] += 1
                            peak["max"] = max(peak["max"], peak["now"])
                        world.reset("FloorPlan401")
                        world.execute("find Candle")
                        if lit:
                            world.execute("turn_on Candle")
                        candle = next(o for o in world.state() if o["objectType"] == "Candle")
                        assert candle["isToggled"] is lit
                        with lock:
                            peak["now"] -= 1
            except BaseException as exc:  # noqa: BLE001 - reported below
                failures.append(exc)

        threads = [threading.Thread(target=item, args=(i % 2 == 0,)) for i in range(6)]
        for thread in threads:
            thread.start()
        for thread in threads:
            thread.join()
        pool.close()
        with server.client() as client:
            sessions = client.health()["sessions"]
    assert failures == []
    assert peak["max"] <= 2  # never more sessions at once than the server holds
    assert sessions["opened"] == 30 and sessions["open"] == 0
