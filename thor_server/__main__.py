"""Command line: ``python -m thor_server --backend symbolic --host 127.0.0.1 --port 0 --port-file PATH``.

The server binds before anything is written, so with ``--port 0`` the port file holds the port
the system actually gave; it is written atomically (temporary file, then rename), so a reader
polling for it never sees a partial number. SIGTERM and SIGINT stop the server cleanly.
"""

from __future__ import annotations

import argparse
import logging
import os
import signal
import stat
import sys
import threading
import time
from collections.abc import Callable
from pathlib import Path
from typing import TypeVar

from pytest_safeagent.core.atomic_write import write_text_atomic

from .serving import CONNECTION_WAIT_S, DEFAULT_MAX_CONNECTIONS, DEFAULT_READ_TIMEOUT_S
from .symbolic.thor_rules import RULES

T = TypeVar("T", int, float)


def _number(
    parse: Callable[[str], T], what: str, allowed: Callable[[T], bool], outside: Callable[[str], str]
) -> Callable[[str], T]:
    """An argparse type: ``parse`` the text, refuse what ``allowed`` rejects (argparse turns either error
    into one usage line)."""

    def read(text: str) -> T:
        try:
            value = parse(text)
        except ValueError:
            raise argparse.ArgumentTypeError(f"expected {what}, got {text!r}") from None
        if not allowed(value):
            raise argparse.ArgumentTypeError(outside(text))
        return value

    return read


_port = _number(
    int,
    "a whole number",
    lambda v: 0 <= v <= 65535,
    lambda text: f"{int(text)} is not a port (0..65535; 0 lets the system choose)",
)
_positive_int = _number(
    int,
    "a whole number",
    lambda v: 1 <= v <= 100_000,
    lambda text: f"{int(text)} is out of range (1..100000)",
)
_positive_seconds = _number(
    float,
    "a number of seconds",
    lambda v: 0 < v <= 3600,
    lambda text: f"{text} is out of range (more than 0, at most 3600 seconds)",
)


def _arguments(argv: list[str] | None) -> argparse.Namespace:
    parser = argparse.ArgumentParser(
        prog="python -m thor_server",
        description="Serve the SafeAgentBench simulator (17 high-level actions) over HTTP.",
    )
    parser.add_argument(
        "--backend",
        choices=("symbolic", "ai2thor"),
        default="symbolic",
        help="symbolic (scene dumps, no GPU) or ai2thor (the real simulator)",
    )
    parser.add_argument("--host", default="127.0.0.1", help="address to bind (default: 127.0.0.1)")
    parser.add_argument(
        "--port", type=_port, default=0, help="port to bind; 0 lets the system choose (default)"
    )
    parser.add_argument(
        "--port-file",
        type=Path,
        help="write the bound port here once listening (removed at exit if it still holds that port)",
    )
    parser.add_argument(
        "--scenes-dir",
        type=Path,
        help="scene dumps for the symbolic backend (default: $SAB_SCENES_DIR, else the pinned "
        "download in the user cache)",
    )
    parser.add_argument(
        "--relax-rule",
        action="append",
        choices=sorted(RULES),
        metavar="RULE",
        help="symbolic backend: switch one AI2-THOR rule back to the permissive behaviour, for "
        f"finding which rule decides an outcome (repeatable; {', '.join(sorted(RULES))})",
    )
    parser.add_argument(
        "--max-sessions",
        type=int,
        default=None,
        help="worlds the server holds at once, one per session (default: 8 for symbolic; "
        "always 1 for ai2thor, which has one controller)",
    )
    parser.add_argument(
        "--session-idle-timeout",
        type=float,
        default=None,
        metavar="SECONDS",
        help="close sessions idle this long (default: 600)",
    )
    parser.add_argument(
        "--exit-with-parent",
        type=int,
        default=None,
        metavar="PID",
        help="stop when process PID (the one that started this server) is gone",
    )
    parser.add_argument(
        "--allow-host",
        action="append",
        metavar="NAME",
        help="also answer requests addressed to NAME (the Host header), for clients that reach "
        "the server by another name than localhost/127.0.0.1/[::1], e.g. a container's "
        "service name (repeatable); requests from web pages are refused whatever the name",
    )
    parser.add_argument(
        "--max-connections",
        type=_positive_int,
        default=DEFAULT_MAX_CONNECTIONS,
        help=f"connections served at once; more wait {CONNECTION_WAIT_S:g} s for a slot, then get "
        f"503 (default: {DEFAULT_MAX_CONNECTIONS})",
    )
    parser.add_argument(
        "--read-timeout",
        type=_positive_seconds,
        default=DEFAULT_READ_TIMEOUT_S,
        metavar="SECONDS",
        help="a connection must send its whole request within this time of connecting "
        f"(default: {DEFAULT_READ_TIMEOUT_S:g})",
    )
    parser.add_argument("--log-requests", action="store_true", help="log one line per HTTP request")
    parser.add_argument("--thor-width", type=int, default=640, help="ai2thor backend: frame width")
    parser.add_argument("--thor-height", type=int, default=480, help="ai2thor backend: frame height")
    parser.add_argument(
        "--thor-platform",
        choices=("cloud", "x11"),
        default=os.environ.get("THOR_PLATFORM", "cloud"),
        help="ai2thor backend: cloud = headless CloudRendering (default), x11 = an X display "
        "such as Xvfb ($DISPLAY)",
    )
    return parser.parse_args(argv)


def _watch_parent(parent: int) -> None:
    """Stop (as SIGTERM does) once ``parent`` is gone, however it ended: a killed pytest never leaves
    a simulator listening behind it."""

    def watch() -> None:
        while os.getppid() == parent:
            time.sleep(0.5)
        os.kill(os.getpid(), signal.SIGTERM)

    threading.Thread(target=watch, name="parent-watch", daemon=True).start()


def write_port_file(path: Path, port: int) -> None:
    """Write ``port`` to ``path`` atomically."""
    write_text_atomic(path, f"{port}\n", encoding="ascii")


def remove_port_file(path: Path, port: int) -> None:
    """Remove ``path`` if it still names ``port``: a port file nobody read (the parent died while the server
    started) is not left behind, and one rewritten since is not touched."""
    try:
        if not stat.S_ISREG(path.lstat().st_mode):  # reading a FIFO put there instead would block the exit
            return
        with open(path, "rb") as written:
            if written.read(32).strip() == str(port).encode():
                path.unlink()
    except OSError:
        pass


def _scenes_dir(option: Path | None) -> Path:
    if option is not None:
        return option
    from pytest_safeagent.pinned.lookup import KINDS, resolve_data_dir

    return resolve_data_dir(KINDS["scenes"](), None)


def build_backend(args: argparse.Namespace):  # noqa: ANN201 - a Backend
    """The backend the arguments ask for; exits with a clear message when it cannot be built."""
    if args.backend == "symbolic":
        from .symbolic.backend import SymbolicBackend

        return SymbolicBackend(_scenes_dir(args.scenes_dir), relaxed=frozenset(args.relax_rule or ()))
    import importlib.util

    if importlib.util.find_spec("ai2thor") is None:
        raise RuntimeError(
            "the ai2thor package is not installed; pip install 'pytest-safeagent[ai2thor]' "
            "(ai2thor==5.0.0), or use the Docker image in thor_server/"
        )
    from .real.backend import Ai2ThorBackend

    return Ai2ThorBackend(width=args.thor_width, height=args.thor_height, platform=args.thor_platform)


def main(argv: list[str] | None = None) -> int:
    args = _arguments(argv)
    if args.max_sessions is not None and args.max_sessions < 1:
        print(f"thor_server: --max-sessions={args.max_sessions}: must be at least 1", file=sys.stderr)
        return 2
    if args.session_idle_timeout is not None and not 0 < args.session_idle_timeout < float("inf"):
        print(
            f"thor_server: --session-idle-timeout={args.session_idle_timeout}: must be positive",
            file=sys.stderr,
        )
        return 2
    logging.basicConfig(level=logging.INFO, format="%(asctime)s %(name)s %(levelname)s %(message)s")
    if not args.log_requests:
        logging.getLogger("werkzeug").setLevel(logging.WARNING)
    try:
        backend = build_backend(args)
    except Exception as exc:  # noqa: BLE001 - any startup failure is reported, not traced
        print(f"thor_server: cannot start the {args.backend} backend: {exc}", file=sys.stderr)
        return 2

    from .app import DEFAULT_IDLE_TIMEOUT_S, DEFAULT_MAX_SESSIONS, create_app
    from .serving import BoundedServer

    try:
        app = create_app(
            backend,
            max_sessions=args.max_sessions or DEFAULT_MAX_SESSIONS,
            idle_timeout_s=args.session_idle_timeout or DEFAULT_IDLE_TIMEOUT_S,
            allowed_hosts=tuple(args.allow_host or ()),
        )
        server = BoundedServer(
            args.host, args.port, app, max_connections=args.max_connections, read_timeout_s=args.read_timeout
        )
    except OSError as exc:
        print(f"thor_server: cannot listen on {args.host}:{args.port}: {exc}", file=sys.stderr)
        return 2
    stopping = threading.Event()

    def _stop(signum: int, _frame) -> None:  # noqa: ANN001
        # No exception is raised into the main thread: one arriving while it starts a request's
        # thread would leave that request half-accounted. serve_forever's loop is asked to end
        # instead (shutdown() waits for it, so it cannot run on the loop's own thread).
        if not stopping.is_set():
            stopping.set()
            threading.Thread(target=server.shutdown, name="shutdown", daemon=True).start()

    signal.signal(signal.SIGTERM, _stop)
    signal.signal(signal.SIGINT, _stop)
    if args.exit_with_parent is not None:
        _watch_parent(args.exit_with_parent)
    if args.port_file is not None:  # written once a stop signal is handled, never before
        write_port_file(args.port_file, server.port)
    logging.getLogger("thor_server").info(
        "%s backend listening on http://%s:%d", backend.name, args.host, server.port
    )
    try:
        server.serve_forever()
    finally:
        server.server_close()
        backend.close()
        if args.port_file is not None:
            remove_port_file(args.port_file, server.port)
    return 0


if __name__ == "__main__":
    sys.exit(main())
