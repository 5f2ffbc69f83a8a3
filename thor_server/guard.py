"""What keeps a web page and a careless or hostile client from driving the simulator.

The server has no authentication: it is meant for this machine (or a container port published on
loopback). A browser on the same machine can still reach it, so every request is checked before any
handler sees it:

- **Host.** The ``Host`` header must name this machine as a client on it does (``localhost``,
  ``127.x.y.z``, ``[::1]``) or one of the names the server was started with (``--allow-host``). A
  DNS-rebinding page reaches the server under its own domain name, so its requests carry that name and
  are refused (403) before they can read a state.
- **Origin.** A request carrying ``Origin`` (every cross-origin browser request does) must come from an
  allowed host too; ``Sec-Fetch-Site: cross-site`` is refused as well.
- **JSON only.** A body-carrying request must say ``Content-Type: application/json`` (415 otherwise).
  A page's "simple" request (a form, a ``text/plain`` fetch) cannot say so without a CORS preflight,
  which this server never grants, so no page can open a session or act.

The connection limits and read deadlines that keep slow clients from holding threads are in
:mod:`thor_server.serving`.
"""

from __future__ import annotations

import ipaddress
from collections.abc import Iterable
from urllib.parse import urlsplit

LOOPBACK_NAMES = frozenset({"localhost", "localhost.localdomain", "ip6-localhost", "ip6-loopback"})
BODY_METHODS = frozenset({"POST", "PUT", "PATCH"})


def host_name(value: str) -> str:
    """The host part of a ``Host`` header or a netloc, lower-cased, without port or brackets."""
    value = value.strip().lower()
    if value.startswith("["):  # [::1]:8765
        return value[1 : value.find("]")] if "]" in value else value[1:]
    if value.count(":") == 1:  # name:port (a bare IPv6 address has several colons)
        value = value.split(":", 1)[0]
    return value.rstrip(".")


def is_loopback(name: str) -> bool:
    if name in LOOPBACK_NAMES:
        return True
    try:
        return ipaddress.ip_address(name).is_loopback
    except ValueError:
        return False


class RequestGuard:
    """Decides whether a request may reach the handlers; ``check`` returns None or (status, message)."""

    def __init__(self, allowed_hosts: Iterable[str] = ()) -> None:
        self.allowed = frozenset(host_name(name) for name in allowed_hosts if name.strip())

    def host_allowed(self, name: str) -> bool:
        return bool(name) and (is_loopback(name) or name in self.allowed)

    def check(
        self,
        method: str,
        host: str | None,
        origin: str | None,
        fetch_site: str | None,
        content_type: str | None,
        has_body: bool,
    ) -> tuple[int, str] | None:
        name = host_name(host or "")
        if not self.host_allowed(name):
            return 403, (
                f"Host {name or '(none)'!r} is not served here: this server answers requests addressed "
                "to a loopback name (localhost, 127.0.0.1, [::1]) or to a name given with --allow-host"
            )
        if origin is not None and origin.strip().lower() != "null":
            origin_host = host_name(urlsplit(origin.strip()).netloc)
            if not self.host_allowed(origin_host):
                return 403, f"requests from the web origin {origin.strip()!r} are refused"
        elif origin is not None:  # "null": a sandboxed frame or a file:// page
            return 403, "requests from an opaque web origin are refused"
        if (fetch_site or "").strip().lower() == "cross-site":
            return 403, "cross-site browser requests are refused"
        if method in BODY_METHODS and has_body:
            media = (content_type or "").split(";", 1)[0].strip().lower()
            if media != "application/json":
                return 415, (
                    f"the request body must be sent as application/json, not {media or 'untyped'}; "
                    "send a JSON object with Content-Type: application/json"
                )
        return None
