"""A real OpenAI-compatible HTTP server on 127.0.0.1 for tests, scripted per request.

It listens on a free port (port 0) in a background thread and answers ``POST
/v1/chat/completions`` (and ``/chat/completions``). Each request takes the next scripted
:class:`Reply` from the queue; when the queue is empty the ``responder`` callable decides
(default: HTTP 500 "unscripted request", so a test never passes by accident). Every request is
recorded (path, headers, JSON body) for assertions.

Replies cover what real servers do: text, tool calls, ``content: null`` with a ``refusal``,
``finish_reason: content_filter``, HTTP errors with headers (429 + Retry-After), a stall
longer than the client's timeout, a malformed JSON body, and empty ``choices``.
"""

from __future__ import annotations

import json
import socket
import ssl
import threading
import time
from collections import deque
from collections.abc import Callable, Iterable
from dataclasses import dataclass, field
from http.server import BaseHTTPRequestHandler, ThreadingHTTPServer
from typing import Any


@dataclass(frozen=True)
class Reply:
    """One scripted answer. Build them with the helper functions below."""

    kind: str  # completion | status | stall | raw
    status: int = 200
    body: Any = None  # dict for JSON bodies, str for raw bodies
    headers: tuple[tuple[str, str], ...] = ()
    delay_s: float = 0.0


@dataclass
class Recorded:
    path: str
    headers: dict[str, str]
    body: Any
    received_at: float
    in_flight: int = 0  # chat requests being handled when this one arrived, itself included
    usage: dict | None = None  # the ``usage`` the reply carried (None: no completion was sent)

    @property
    def messages(self) -> list[dict]:
        return list((self.body or {}).get("messages") or [])

    @property
    def prompt(self) -> str:
        return "\n".join(str(m.get("content") or "") for m in self.messages)


def _completion(message: dict, finish_reason: str | None, model: str = "fake-model") -> dict:
    return {
        "id": "chatcmpl-fake",
        "object": "chat.completion",
        "created": 1700000000,
        "model": model,
        "choices": [{"index": 0, "message": message, "finish_reason": finish_reason, "logprobs": None}],
        "usage": {"prompt_tokens": 10, "completion_tokens": 5, "total_tokens": 15},
    }


def text(content: str, finish_reason: str = "stop", delay_s: float = 0.0) -> Reply:
    return Reply(
        "completion",
        body=_completion({"role": "assistant", "content": content}, finish_reason),
        delay_s=delay_s,
    )


def tool_calls(*calls: tuple[str, dict | str], content: str | None = None) -> Reply:
    """Tool-call answer: ``tool_calls(("find", {"object": "Mug"}), ("pick", {"object": "Mug"}))``."""
    rendered = [
        {
            "id": f"call_{i}",
            "type": "function",
            "function": {"name": name, "arguments": args if isinstance(args, str) else json.dumps(args)},
        }
        for i, (name, args) in enumerate(calls)
    ]
    message = {"role": "assistant", "content": content, "tool_calls": rendered}
    return Reply("completion", body=_completion(message, "tool_calls"))


def refusal(reason: str) -> Reply:
    """``content: null`` with the API's ``refusal`` field set."""
    return Reply(
        "completion", body=_completion({"role": "assistant", "content": None, "refusal": reason}, "stop")
    )


def content_filter() -> Reply:
    return Reply("completion", body=_completion({"role": "assistant", "content": None}, "content_filter"))


def status(code: int, message: str = "fake failure", headers: dict[str, str] | None = None) -> Reply:
    body = {"error": {"message": message, "type": "fake_error", "code": str(code)}}
    return Reply("status", status=code, body=body, headers=tuple((headers or {}).items()))


def rate_limited(retry_after: str = "1") -> Reply:
    return status(429, "rate limited", {"Retry-After": retry_after})


def stall(seconds: float) -> Reply:
    """Hold the request for ``seconds`` before answering (longer than the client's timeout)."""
    return Reply(
        "stall", delay_s=seconds, body=_completion({"role": "assistant", "content": "too late"}, "stop")
    )


def malformed_json() -> Reply:
    return Reply(
        "raw",
        body='{"id": "chatcmpl-broken", "choices": [ {"message": ',
        headers=(("Content-Type", "application/json"),),
    )


def empty_choices() -> Reply:
    body = _completion({"role": "assistant", "content": "x"}, "stop")
    body["choices"] = []
    return Reply("completion", body=body)


Responder = Callable[[Recorded], Reply]


def _unscripted(request: Recorded) -> Reply:
    return status(500, f"unscripted request to {request.path}")


@dataclass
class FakeOpenAI:
    """Start with ``with FakeOpenAI() as server:``; point clients at ``server.base_url``."""

    responder: Responder = _unscripted
    requests: list[Recorded] = field(default_factory=list)
    # True: each completion's usage is counted from this request and reply (words of the prompt, of the
    # answer), so totals differ per request; False: the fixed 10 prompt + 5 completion tokens.
    count_tokens: bool = False
    # A server-side TLS context: the server speaks HTTPS (``base_url`` says so) with its certificate.
    tls: ssl.SSLContext | None = None

    def observed_usage(self, predicate: Callable[[Recorded], bool] = lambda request: True) -> dict[str, int]:
        """Completions sent and the tokens their ``usage``
        reported, over the requests ``predicate`` selects."""
        sent = [r.usage for r in list(self.requests) if r.usage is not None and predicate(r)]
        return {
            "calls": len(sent),
            "prompt_tokens": sum(u["prompt_tokens"] for u in sent),
            "completion_tokens": sum(u["completion_tokens"] for u in sent),
        }

    def __post_init__(self) -> None:
        self.in_flight = 0
        self.peak_in_flight = 0  # most chat requests being handled at once
        self._queue: deque[Reply] = deque()
        self._lock = threading.Lock()
        self._closing = threading.Event()
        self._server: ThreadingHTTPServer | None = None
        self._thread: threading.Thread | None = None

    # -- scripting ---------------------------------------------------------------------------
    def script(self, replies: Iterable[Reply]) -> None:
        with self._lock:
            self._queue.extend(replies)

    def _next(self, request: Recorded) -> Reply:
        with self._lock:
            self.requests.append(request)
            if self._queue:
                return self._queue.popleft()
        return self.responder(request)

    # -- lifecycle ---------------------------------------------------------------------------
    @property
    def base_url(self) -> str:
        assert self._server is not None, "server not started"
        host = self._server.server_address[0]
        return f"{'https' if self.tls else 'http'}://{host}:{self.port}/v1"

    @property
    def port(self) -> int:
        assert self._server is not None, "server not started"
        return int(self._server.server_address[1])

    def start(self) -> FakeOpenAI:
        handler = _make_handler(self)
        self._server = ThreadingHTTPServer(("127.0.0.1", 0), handler)
        self._server.daemon_threads = True
        if self.tls is not None:
            self._server.socket = self.tls.wrap_socket(self._server.socket, server_side=True)
        self._thread = threading.Thread(
            target=self._server.serve_forever, kwargs={"poll_interval": 0.02}, name="fake-openai", daemon=True
        )
        self._thread.start()
        return self

    def stop(self) -> None:
        self._closing.set()
        if self._server is not None:
            self._server.shutdown()
            self._server.server_close()
            self._server = None

    def __enter__(self) -> FakeOpenAI:
        return self.start()

    def __exit__(self, *exc: object) -> None:
        self.stop()

    def wait(self, seconds: float) -> bool:
        """Sleep unless the server is closing (stalls end early on shutdown)."""
        return self._closing.wait(seconds)


def _with_usage(server: FakeOpenAI, request: Recorded, reply: Reply) -> Any:
    """The reply's body, its ``usage`` counted from the request
    when the server counts tokens; noted on the request."""
    body = reply.body
    if reply.kind != "completion" or reply.status != 200 or not isinstance(body, dict) or "usage" not in body:
        return body
    if server.count_tokens:
        message = (body.get("choices") or [{}])[0].get("message") or {}
        answer = str(message.get("content") or "") + json.dumps(message.get("tool_calls") or "")
        prompt, completion = len(request.prompt.split()) + 1, len(answer.split())
        body = {
            **body,
            "usage": {
                "prompt_tokens": prompt,
                "completion_tokens": completion,
                "total_tokens": prompt + completion,
            },
        }
    request.usage = dict(body["usage"])
    return body


def _make_handler(server: FakeOpenAI) -> type[BaseHTTPRequestHandler]:
    class Handler(BaseHTTPRequestHandler):
        protocol_version = "HTTP/1.1"

        def setup(self) -> None:
            super().setup()
            # headers and body go out in separate writes: without this, Nagle's algorithm and
            # delayed ACKs add ~40 ms to every response
            self.connection.setsockopt(socket.IPPROTO_TCP, socket.TCP_NODELAY, 1)

        def log_message(self, format: str, *args: Any) -> None:  # keep test output clean
            pass

        def do_GET(self) -> None:
            if self.path.rstrip("/").endswith("/models"):
                self._send_json(200, {"object": "list", "data": [{"id": "fake-model", "object": "model"}]})
            else:
                self._send_json(404, {"error": {"message": f"no route {self.path}"}})

        def do_POST(self) -> None:
            length = int(self.headers.get("Content-Length") or 0)
            raw = self.rfile.read(length) if length else b""
            try:
                body = json.loads(raw) if raw else None
            except json.JSONDecodeError:
                body = raw.decode("utf-8", "replace")
            request = Recorded(
                self.path, {k.lower(): v for k, v in self.headers.items()}, body, time.monotonic()
            )
            if (
                not self.path.split("?", 1)[0].rstrip("/").endswith("/chat/completions")
            ):  # a query may select a backend
                self._send_json(404, {"error": {"message": f"no route {self.path}"}})
                return
            with server._lock:
                server.in_flight += 1
                server.peak_in_flight = max(server.peak_in_flight, server.in_flight)
                request.in_flight = server.in_flight
            handled = False
            try:
                reply = server._next(request)
                if reply.delay_s and server.wait(reply.delay_s):
                    return
                # Done once the answer is on its way: the client may send its next request as soon as
                # it has read this one, so counting until after the write would count both.
                with server._lock:
                    server.in_flight -= 1
                    handled = True
                if reply.kind == "raw":
                    self._send(reply.status, reply.body.encode("utf-8"), dict(reply.headers))
                else:
                    body = _with_usage(server, request, reply)
                    self._send_json(reply.status, body, dict(reply.headers))
            finally:
                if not handled:
                    with server._lock:
                        server.in_flight -= 1

        def _send_json(self, code: int, payload: Any, headers: dict[str, str] | None = None) -> None:
            self._send(
                code,
                json.dumps(payload).encode("utf-8"),
                {"Content-Type": "application/json", **(headers or {})},
            )

        def _send(self, code: int, data: bytes, headers: dict[str, str]) -> None:
            try:
                self.send_response(code)
                for name, value in headers.items():
                    self.send_header(name, value)
                self.send_header("Content-Length", str(len(data)))
                self.end_headers()
                self.wfile.write(data)
            except (BrokenPipeError, ConnectionResetError):
                pass  # the client gave up (a stall beyond its timeout): nothing to answer

    return Handler
