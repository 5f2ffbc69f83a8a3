"""JSON over HTTP for the model and simulator clients, through httpx (a client per sending thread).

httpx does the HTTP: its connection pool, ``HTTP(S)_PROXY``/``ALL_PROXY``/``NO_PROXY`` (read when the
client is made), ``SSL_CERT_FILE``/``SSL_CERT_DIR``, gzip/deflate bodies, chunked bodies and redirects
(``Authorization`` is dropped when a redirect leaves the host, and so are the headers this module was
told are secret: an ``api-key`` or a ``--sab-header``). What this module adds:

- **a deadline for the whole request**: httpx's timeouts bound each connect, read and write, so an
  answer that drips one byte at a time never times out. The network streams under every pool of the
  client (the direct one and each proxy's) are wrapped so that each operation gets at most the time
  left before the request's deadline; past it the next read fails as a timeout;
- **no Nagle delay** (``TCP_NODELAY``): httpcore writes a request's headers and body apart;
- **one send per request**: those two writes are held by the same stream wrapper and sent together when
  the answer is first read (one system call and one segment; see :data:`HELD_WRITES`);
- **immediate acknowledgements** (``TCP_QUICKACK``, Linux): a server that writes an answer's headers and
  body apart without ``TCP_NODELAY`` (Python's ``http.server``) holds the body until the headers are
  acknowledged, and Linux delays that by up to 40 ms; the flag does not stick, so it is set before each read;
- **Basic auth from the URL**: ``https://user:pass@host/v1`` is sent as ``Authorization: Basic`` and the
  URL used without it (``password`` says what the caller must hold as a secret);
- **failures sorted** into :class:`TransportError` (no connection at all, timed out, broken answer);
- **a shorter path per request**: straight to the transport the client routes the URL to, a redirect
  through the client (:func:`exchange`), the proxy environment read when an endpoint is made.

Nothing is sent twice here: the model client's retry policy decides about its calls, and the
simulator's actions are not idempotent.
"""

from __future__ import annotations

import ipaddress
import json
import logging
import os
import socket
import ssl
import threading
import time
from collections.abc import Iterable, Mapping
from dataclasses import dataclass
from typing import Any
from urllib.parse import unquote, urlsplit, urlunsplit

import httpcore
import httpx

QUICKACK = getattr(socket, "TCP_QUICKACK", None)  # Linux only
# What the shared client depends on in the environment: a change makes a new client.
ENVIRONMENT = (
    "HTTP_PROXY",
    "HTTPS_PROXY",
    "ALL_PROXY",
    "NO_PROXY",
    "http_proxy",
    "https_proxy",
    "all_proxy",
    "no_proxy",
    "SSL_CERT_FILE",
    "SSL_CERT_DIR",
)
SECRET_HEADERS = "sab_secret_headers"  # request extension: (origin, header names) dropped off that origin


class TransportError(Exception):
    """No usable answer: no connection, a timeout or a broken response. ``connect_failed`` says that no
    connection could be made at all (refused, host unknown, unreachable): the endpoint is unusable."""

    def __init__(self, message: str, *, timed_out: bool = False, connect_failed: bool = False):
        super().__init__(message)
        self.timed_out = timed_out
        self.connect_failed = connect_failed


@dataclass(frozen=True)
class Answer:
    """A server's answer: status, headers (names lower-cased) and the body as sent (decompressed)."""

    status: int
    headers: Mapping[str, str]
    body: bytes

    def json(self) -> Any:
        """The body as JSON (a ``ValueError`` when it is not)."""
        return json.loads(self.body)


def json_body(value: object) -> bytes:
    """``value`` as a compact UTF-8 JSON body; text holding a lone surrogate (model output can) goes
    with ``\\u`` escapes, which a server reads back as the same string."""
    text = json.dumps(value, ensure_ascii=False, separators=(",", ":"), allow_nan=False)
    try:
        return text.encode("utf-8")
    except UnicodeEncodeError:
        return json.dumps(value, separators=(",", ":"), allow_nan=False).encode("ascii")


# ----- the whole-request deadline, under httpcore --------------------------------------------

_deadline = threading.local()  # .at: monotonic time the request of this thread must end by


class DeadlinePassed(httpcore.ReadTimeout):
    """The request's deadline passed (httpx words it as a ReadTimeout)."""


def _bounded(timeout: float | None) -> float | None:
    at: float | None = getattr(_deadline, "at", None)
    if at is None:
        return timeout
    left = at - time.monotonic()
    if left <= 0:
        raise DeadlinePassed("the whole request's time ran out")
    return left if timeout is None else min(timeout, left)


# Writes are held until the next read (or this many bytes), so that a request's headers and body, which
# httpcore writes apart, leave in one send: one system call and one segment instead of two, and the server
# wakes once for them.
HELD_WRITES = 65536


class _Stream(httpcore.NetworkStream):
    def __init__(self, inner: httpcore.NetworkStream):
        self._inner = inner
        sock = inner.get_extra_info("socket")
        self._sock = sock if QUICKACK is not None and isinstance(sock, socket.socket) else None
        self._held: list[bytes] = []
        self._held_bytes = 0
        self._write_timeout: float | None = None

    def read(self, max_bytes: int, timeout: float | None = None) -> bytes:
        if self._held:
            try:
                self._flush()
            except httpcore.WriteError:
                pass  # as httpcore does: a server may close early and still answer; the read says what it did
        if self._sock is not None:
            try:
                self._sock.setsockopt(socket.IPPROTO_TCP, QUICKACK, 1)  # type: ignore[arg-type]
            except OSError:
                self._sock = None  # not TCP: the defaults stay
        return self._inner.read(max_bytes, _bounded(timeout))

    def write(self, buffer: bytes, timeout: float | None = None) -> None:
        if buffer:
            self._held.append(buffer)
            self._held_bytes += len(buffer)
            self._write_timeout = timeout
            if self._held_bytes >= HELD_WRITES:
                self._flush()

    def _flush(self) -> None:
        held, self._held, self._held_bytes = self._held, [], 0
        self._inner.write(held[0] if len(held) == 1 else b"".join(held), _bounded(self._write_timeout))

    def close(self) -> None:
        self._held, self._held_bytes = [], 0
        self._inner.close()

    def start_tls(
        self, ssl_context: Any, server_hostname: str | None = None, timeout: float | None = None
    ) -> httpcore.NetworkStream:
        if self._held:
            self._flush()
        return _Stream(self._inner.start_tls(ssl_context, server_hostname, _bounded(timeout)))

    def get_extra_info(self, info: str) -> Any:
        return self._inner.get_extra_info(info)


class DeadlineBackend(httpcore.NetworkBackend):
    """httpcore's network backend with every operation bounded by the calling thread's deadline."""

    def __init__(self, inner: httpcore.NetworkBackend):
        self._inner = inner

    def connect_tcp(
        self,
        host: str,
        port: int,
        timeout: float | None = None,
        local_address: str | None = None,
        socket_options: Iterable[Any] | None = None,
    ) -> httpcore.NetworkStream:
        # httpcore writes a request's headers and body apart: without TCP_NODELAY the body waits for the
        # headers' acknowledgement (Nagle), which the server may delay
        options = [*(socket_options or ()), (socket.IPPROTO_TCP, socket.TCP_NODELAY, 1)]
        return _Stream(self._inner.connect_tcp(host, port, _bounded(timeout), local_address, options))

    def connect_unix_socket(
        self, path: str, timeout: float | None = None, socket_options: Iterable[Any] | None = None
    ) -> httpcore.NetworkStream:
        return _Stream(self._inner.connect_unix_socket(path, _bounded(timeout), socket_options))

    def sleep(self, seconds: float) -> None:
        self._inner.sleep(seconds)


def _bound_pools(client: httpx.Client) -> None:
    """Put :class:`DeadlineBackend` under every pool of ``client`` (httpx builds one per proxy from the
    environment). httpx offers no public way to hand its default transports a network backend, so the
    pools' attribute is set here, in this one place."""
    transports = [getattr(client, "_transport", None), *getattr(client, "_mounts", {}).values()]
    for transport in transports:
        pool = getattr(transport, "_pool", None)
        backend = getattr(pool, "_network_backend", None)
        if backend is not None and not isinstance(backend, DeadlineBackend):
            pool._network_backend = DeadlineBackend(backend)  # type: ignore[union-attr]


def _drop_secrets_off_origin(request: httpx.Request) -> None:
    """A request hook (it sees every redirect): the headers marked secret go to their own origin only."""
    marked = request.extensions.get(SECRET_HEADERS)
    if marked and _origin(request.url) != marked[0]:
        for name in marked[1]:
            request.headers.pop(name, None)


class _NoCookies(httpx.Cookies):
    """Cookies are neither kept nor sent: API endpoints have no use for them. Handing httpx a jar that keeps
    none is not enough: it still wraps every answer and request in urllib's cookie objects to ask the jar
    (measured: about a tenth of a call's client CPU), so the client's cookie store itself does nothing."""

    def extract_cookies(self, response: httpx.Response) -> None:
        return None

    def set_cookie_header(self, request: httpx.Request) -> None:
        return None


def _origin(url: httpx.URL) -> tuple[str, str, int | None]:
    return url.scheme, url.host, url.port


_local = threading.local()  # .clients: this thread's httpx clients, by environment
_all_clients: list[httpx.Client] = []
_clients_lock = threading.Lock()
_ssl_contexts: dict[tuple[str | None, str | None], Any] = {}


def _ssl() -> Any:
    """One TLS context for every client (SSL_CERT_FILE / SSL_CERT_DIR, else certifi's bundle): making one
    loads the trust store, which costs milliseconds."""
    key = (os.environ.get("SSL_CERT_FILE"), os.environ.get("SSL_CERT_DIR"))
    with _clients_lock:
        context = _ssl_contexts.get(key)
        if context is None:
            context = _ssl_contexts[key] = httpx.create_ssl_context(trust_env=True)
        return context


# (whether the proxy variables count, their values): what a client depends on in the environment
EnvironmentKey = tuple[bool, tuple[str | None, ...]]


def environment_key(use_environment: bool = True) -> EnvironmentKey:
    """What a client made now depends on in the environment (``use_environment=False``: nothing)."""
    return (use_environment, tuple(map(os.environ.get, ENVIRONMENT)) if use_environment else ())


def thread_client(key: EnvironmentKey) -> httpx.Client:
    """This thread's httpx client for the proxy environment ``key`` (:func:`environment_key`, taken when the
    endpoint was made: reading ten variables on every request cost more than the rest of this; a key whose
    first item is False: a client that ignores the proxy variables, for servers this process started itself
    on the loopback interface).

    A client per thread, not per process: measured with benchmarks/client_cpu.py (zero-latency loopback
    server), one shared client cost 1.4-2.8 ms of CPU per call at 64 threads against 1.1-1.5 ms with a
    client per thread (its pool's lock and connection scan are contended), and 1.4-1.6 against 1.1-1.3 ms
    at 16. The items' threads live as long as the run, so their clients and connections are kept alive."""
    use_environment = key[0]
    clients: dict[EnvironmentKey, httpx.Client] | None = getattr(_local, "clients", None)
    if clients is None:
        clients = _local.clients = {}
    client = clients.get(key)
    if client is None or client.is_closed:  # closed: close_clients() ran (a test, the end of a run)
        client = httpx.Client(
            trust_env=use_environment,
            follow_redirects=True,
            timeout=None,
            verify=_ssl(),
            limits=httpx.Limits(max_connections=None, max_keepalive_connections=64),
            event_hooks={"request": [_drop_secrets_off_origin]},
        )
        _bound_pools(client)
        client._cookies = _NoCookies()  # the setter would copy it into a plain store (see _NoCookies)
        clients[key] = client
        with _clients_lock:
            _all_clients.append(client)
    return client


_httpx_log = logging.getLogger("httpx")


def exchange(client: httpx.Client, request: httpx.Request) -> httpx.Response:
    """Send ``request`` through the transport ``client`` routes its URL to (a proxy's, or the direct pool)
    and read the answer whole; a redirect goes on through ``client.send``, which follows it as httpx does
    (secret headers dropped off their origin, ``Authorization`` too).

    Why not ``client.send`` for every request: around the transport it adds what these requests never use
    (the client's timeouts merged in, an auth flow, event hooks, cookies, a timed stream, a redirect
    history): 0.05-0.15 ms of a call's 0.7-1.1 ms of client CPU (benchmarks/client_cpu.py). The two
    client methods used are httpx's own (private, so a client without them sends the usual way)."""
    route = getattr(client, "_transport_for_url", None)
    if route is None or not hasattr(client, "_build_redirect_request"):
        return client.send(request)
    response: httpx.Response = route(request.url).handle_request(request)
    response.request = request
    try:
        response.read()
    finally:
        response.close()
    if _httpx_log.isEnabledFor(logging.INFO):  # the line httpx's client logs for each request
        _httpx_log.info(
            'HTTP Request: %s %s "%s %d %s"',
            request.method,
            request.url,
            response.http_version,
            response.status_code,
            response.reason_phrase,
        )
    if response.has_redirect_location and client.follow_redirects:
        followed: httpx.Response = client.send(client._build_redirect_request(request, response))
        return followed
    return response


def close_clients() -> None:
    """Close every client of every thread (the end of the process, or a test)."""
    with _clients_lock:
        clients = list(_all_clients)
        _all_clients.clear()
    for client in clients:
        client.close()
    _local.__dict__.pop("clients", None)


def is_loopback(host: str | None) -> bool:
    if not host:
        return False
    if host == "localhost":
        return True
    try:
        return ipaddress.ip_address(host.strip("[]")).is_loopback
    except ValueError:
        return False


class HttpEndpoint:
    """Requests to one base URL (``http://host:port/prefix?query``) through the sending thread's client.

    ``timeout_s`` bounds each request as a whole (connecting, sending, waiting, reading the body).
    ``secret_headers`` names headers (besides ``Authorization``) that never leave the base URL's origin.
    ``direct``: ignore proxy variables (a server this process started on the loopback interface).
    """

    def __init__(
        self,
        base_url: str,
        *,
        timeout_s: float,
        headers: Mapping[str, str] | None = None,
        secret_headers: Iterable[str] = (),
        direct: bool = False,
    ):
        parts = urlsplit(base_url)
        if (
            parts.scheme not in ("http", "https") or not parts.hostname
        ):  # the URL itself is not echoed: it may hold a password
            raise ValueError(f"not an http(s) URL with a host (scheme {parts.scheme!r})")
        try:
            port = parts.port
        except ValueError:
            raise ValueError("the port is not a number from 0 to 65535") from None
        netloc = parts.hostname if ":" not in parts.hostname else f"[{parts.hostname}]"
        netloc = netloc if port is None else f"{netloc}:{port}"
        self.base_url = urlunsplit((parts.scheme, netloc, parts.path, parts.query, ""))  # no user:password
        self._auth: httpx.BasicAuth | None = None
        self.password: str | None = None
        if parts.username is not None or parts.password is not None:
            self.password = unquote(
                parts.password or ""
            )  # the caller holds it as a secret (core/secret_scrub.py)
            self._auth = httpx.BasicAuth(unquote(parts.username or ""), self.password)
        self._prefix = f"{parts.scheme}://{netloc}{parts.path.rstrip('/')}"
        self._query = parts.query
        self._timeout = timeout_s
        self._headers = {"Accept-Encoding": "gzip, deflate", **(headers or {})}
        self._urls: dict[str, httpx.URL] = {}
        # the proxy environment as it is now: a run's endpoints are made at its start, and reading the ten
        # variables on every request cost more than the rest of choosing the client
        self._client_key = environment_key(not direct)
        origin = _origin(httpx.URL(self._prefix or "/"))
        self._secret = (origin, ("Authorization", *secret_headers))

    @property
    def sends_basic_auth(self) -> bool:
        return self._auth is not None

    def _target(self, path: str) -> httpx.URL:
        url = self._urls.get(path)
        if url is None:
            url = self._urls[path] = httpx.URL(self.url(path))
        return url

    def url(self, path: str) -> str:
        """Where ``path`` (relative to the base URL) goes."""
        target = f"{self._prefix}/{path.lstrip('/')}"
        return f"{target}?{self._query}" if self._query else target

    def request(
        self, method: str, path: str, body: bytes | None = None, headers: Mapping[str, str] | None = None
    ) -> Answer:
        """Send and read one request; raise :class:`TransportError` when no answer could be read in time."""
        sent = {**self._headers, **(headers or {})}
        if body is not None:
            sent.setdefault("Content-Type", "application/json")
        previous = getattr(_deadline, "at", None)
        _deadline.at = at = time.monotonic() + self._timeout
        try:
            client = thread_client(self._client_key)
            # built here rather than by client.build_request, which merges the client's defaults, cookies and
            # timeouts into every request (a fifth of a call's client CPU); the URL is parsed once per path
            request = httpx.Request(
                method,
                self._target(path),
                content=body,
                headers=sent,
                extensions={SECRET_HEADERS: self._secret},
            )
            if self._auth is not None:
                flow = self._auth.sync_auth_flow(request)  # sets Authorization: Basic
                request = next(flow)
                flow.close()
            response = exchange(client, request)
            return Answer(response.status_code, response.headers, response.content)
        except httpx.HTTPError as exc:
            raise self._failure(exc, deadline_passed=time.monotonic() >= at - 0.01) from None
        except OSError as exc:  # a socket error httpx did not map
            raise TransportError(f"{type(exc).__name__}: {exc}") from None
        finally:
            _deadline.at = previous

    def _failure(self, exc: httpx.HTTPError, *, deadline_passed: bool) -> TransportError:
        cause = exc.__context__ if isinstance(exc.__context__, OSError) else None
        detail = f"{type(exc).__name__}: {exc}" + (
            f" ({cause})" if cause is not None and str(cause) not in str(exc) else ""
        )
        if isinstance(exc, httpx.TimeoutException):
            what = (
                f"no complete answer within {self._timeout:g} s (the whole request's limit)"
                if deadline_passed
                else f"timed out ({detail})"
            )
            return TransportError(what, timed_out=True, connect_failed=isinstance(exc, httpx.ConnectTimeout))
        if isinstance(exc, httpx.ConnectError):
            return TransportError(detail + self._connect_hint(exc), connect_failed=True)
        if isinstance(exc, httpx.DecodingError):
            encoding = getattr(getattr(exc, "_request", None), "headers", {}).get("content-encoding", "")
            return TransportError(
                f"the body could not be decoded{f' ({encoding})' if encoding else ''}: {exc}"
            )
        if isinstance(exc, (httpx.RemoteProtocolError, httpx.LocalProtocolError)):
            return TransportError(f"broken answer: {detail}")
        if isinstance(exc, httpx.TooManyRedirects):
            return TransportError(f"too many redirects: {exc}")
        if isinstance(exc, httpx.ProxyError):
            return TransportError(f"the proxy refused the request: {detail}", connect_failed=True)
        return TransportError(detail)

    def _connect_hint(self, exc: BaseException) -> str:
        """What to change, for the two connection failures whose cause is this machine's set-up: a server
        certificate signed by an authority not trusted here, and a proxy variable set for the other scheme
        only (httpx, like curl and the openai SDK, sends an ``http://`` URL through ``HTTP_PROXY`` or
        ``ALL_PROXY``, never ``HTTPS_PROXY``), which leaves a host known only to the proxy unresolved."""
        causes: list[BaseException] = []
        cause = exc.__cause__ or exc.__context__
        while cause is not None and len(causes) < 8:
            causes.append(cause)
            cause = cause.__cause__ or cause.__context__
        if any(isinstance(c, ssl.SSLCertVerificationError) for c in causes):
            return (
                "; the server's certificate is not trusted here: point SSL_CERT_FILE (a bundle) or"
                " SSL_CERT_DIR at the authority that signed it"
            )
        use_environment, values = self._client_key
        if not use_environment or not any(isinstance(c, socket.gaierror) for c in causes):
            return ""
        environment = dict(zip(ENVIRONMENT, values, strict=True))

        def is_set(name: str) -> bool:
            return bool(environment.get(name) or environment.get(name.lower()))

        scheme = self._prefix.split(":", 1)[0]
        other = "https" if scheme == "http" else "http"
        if is_set(f"{other.upper()}_PROXY") and not (
            is_set(f"{scheme.upper()}_PROXY") or is_set("ALL_PROXY")
        ):
            return (
                f"; {other.upper()}_PROXY is set, but it carries {other}:// URLs only and this base URL is"
                f" {scheme}://: set {scheme.upper()}_PROXY (or ALL_PROXY) to send it through the proxy"
            )
        return ""

    def close(self) -> None:
        """Nothing of its own to close: the connections belong to the threads' clients."""
