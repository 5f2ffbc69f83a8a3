"""On-disk cache of model replies, so ``--lf`` reruns and re-judging cost no model calls.

A reply is stored under the SHA-256 of the request that produced it: model name, endpoint
identity, messages and sampling parameters. API keys never take part: they are not in the
request description, and endpoint URLs lose any user:password and fragment before use; the
query string (which may select a backend, ``?backend=a``, or carry a key) takes part as its SHA-256
digest, never as text (see :func:`endpoint_identity`). Only successful replies are stored; failures
are always retried on the next run.

An entry is outside input (a shared cache, a damaged disk): :func:`reply_from_entry` checks every
field's type and bounds, and anything else is a miss (the request is sent again). A cache that cannot
be written (unwritable or full) costs a warning, never the reply the run has already paid for.

Modes: ``on`` reads and writes, ``read-only`` reads but never writes (a shared or frozen
cache), ``off`` neither reads nor writes.
"""

from __future__ import annotations

import hashlib
import json
import threading
import warnings
from dataclasses import asdict
from pathlib import Path
from typing import Any
from urllib.parse import urlsplit, urlunsplit

from pytest_safeagent.core import bounded_json
from pytest_safeagent.core.agent import Message
from pytest_safeagent.core.atomic_write import write_json_atomic
from pytest_safeagent.core.regular_file import read_regular_bytes
from pytest_safeagent.core.secret_scrub import scrub_json
from pytest_safeagent.models.base import ModelReply

CACHE_MODES = ("on", "read-only", "off")
CACHE_FORMAT = 1


def endpoint_identity(base_url: str) -> str:
    """``https://user:secret@host:443/v1?backend=a`` ->
    ``https://host:443/v1?sha256:<16 hex>``: everything that
    selects the endpoint (the query string too: ``?backend=a`` and ``?backend=b`` are different keys), and
    nothing secret in clear (the query only as a digest: it may hold a key)."""
    parts = urlsplit(base_url)
    host = parts.hostname or ""
    if parts.port is not None:
        host = f"{host}:{parts.port}"
    query = (
        "sha256:" + hashlib.sha256(parts.query.encode("utf-8", "surrogatepass")).hexdigest()[:16]
        if parts.query
        else ""
    )
    return urlunsplit((parts.scheme, host, parts.path.rstrip("/"), query, ""))


def request_key(model: str, endpoint: str, messages: list[Message], params: dict[str, Any]) -> str:
    """The cache key of one chat request (stable across runs and processes).

    ``params`` carries the tools offered, if any; image
    parts count by their digest (see :func:`digest_images`).
    """
    description = {
        "format": CACHE_FORMAT,
        "model": model,
        "endpoint": endpoint,
        "messages": digest_images(messages),
        "params": params,
    }
    canonical = json.dumps(description, sort_keys=True, ensure_ascii=False, separators=(",", ":"))
    return hashlib.sha256(
        canonical.encode("utf-8", "surrogatepass")
    ).hexdigest()  # model text may hold lone surrogates


def digest_images(value: Any) -> Any:
    """``value`` with every base64 ``data:`` URL replaced by ``sha256:<hex>`` of the bytes it holds: keys and
    transcripts keep which image was sent, never the image."""
    if isinstance(value, str):
        if value.startswith("data:") and ";base64," in value[:100]:
            import base64
            import binascii

            payload = value.split(",", 1)[1]
            try:
                data = base64.b64decode(payload, validate=True)
            except (binascii.Error, ValueError):
                data = payload.encode("ascii", "replace")
            return "sha256:" + hashlib.sha256(data).hexdigest()
        return value
    if isinstance(value, list):
        return [digest_images(item) for item in value]
    if isinstance(value, dict):
        return {key: digest_images(item) for key, item in value.items()}
    return value


class ResponseCache:
    """Replies on disk, one JSON file per request key, written atomically."""

    def __init__(self, directory: Path, mode: str = "on"):
        if mode not in CACHE_MODES:
            raise ValueError(f"cache mode {mode!r}: choose from {', '.join(CACHE_MODES)}")
        self.directory = Path(directory)
        self.mode = mode
        self.hits = 0
        self.misses = 0
        self._lock = threading.Lock()
        self.write_failures = 0  # replies that could not be stored (unwritable or full cache)

    @property
    def readable(self) -> bool:
        return self.mode in ("on", "read-only")

    @property
    def writable(self) -> bool:
        return self.mode == "on"

    def _path(self, key: str) -> Path:
        return self.directory / key[:2] / f"{key}.json"

    def get(self, key: str) -> ModelReply | None:
        if not self.readable:
            return None
        path = self._path(key)
        try:
            result = reply_from_entry(_read_entry(path))
        except FileNotFoundError:
            result = None
        except (OSError, ValueError, RecursionError):
            result = None  # a damaged entry is a miss; a fresh reply will replace it
        with self._lock:
            if result is None:
                self.misses += 1
            else:
                self.hits += 1
        return result

    def put(self, key: str, reply: ModelReply, *, model: str, endpoint: str) -> None:
        if not self.writable:
            return
        path = self._path(key)
        stored = asdict(reply)
        stored.pop("cached", None)
        if stored.get("raw") is None:
            stored.pop("raw", None)  # the entries of the plugin's own calls stay as they were
        stored["tool_calls"] = list(stored.get("tool_calls") or ())
        payload = scrub_json({"format": CACHE_FORMAT, "model": model, "endpoint": endpoint, "reply": stored})
        try:
            write_json_atomic(path, payload, indent=None, ensure_ascii=False, final_newline=False)
        except OSError as exc:  # the reply is paid for and used; only its copy on disk is lost
            with self._lock:
                self.write_failures += 1
                first = self.write_failures == 1
            if first:
                warnings.warn(
                    CacheWriteWarning(
                        f"response cache {self.directory}: a reply could not "
                        f"be stored ({exc.strerror or exc}); "
                        "the run goes on with the answers it receives, uncached"
                    ),
                    stacklevel=2,
                )


class CacheWriteWarning(UserWarning):
    """The response cache could not store a reply (the reply itself was used)."""


MAX_ENTRY_BYTES = 64 * 1024 * 1024  # far above any reply; a bigger file is not an entry this cache wrote


def _read_entry(path: Path) -> object:
    """The parsed entry; only a regular file is read (a FIFO there would block the item forever)."""
    return bounded_json.loads(read_regular_bytes(path, limit=MAX_ENTRY_BYTES).decode("utf-8"))


def _text(value: object, field_name: str, *, optional: bool = False) -> str | None:
    if value is None and optional:
        return None
    if not isinstance(value, str):
        raise ValueError(f"field {field_name!r}: expected text")
    return value


def reply_from_entry(entry: object) -> ModelReply:
    """The reply a cache entry holds, every field type-checked; ValueError (naming the field) otherwise.

    Usage counts must be non-negative whole numbers; tool calls objects of three strings."""
    if (
        not isinstance(entry, dict)
        or entry.get("format") != CACHE_FORMAT
        or not isinstance(entry.get("reply"), dict)
    ):
        raise ValueError("not a cache entry of this format")
    reply = entry["reply"]
    usage = reply.get("usage") or {}
    if not isinstance(usage, dict) or not all(
        isinstance(k, str) and type(v) is int and 0 <= v < 2**53 for k, v in usage.items()
    ):
        raise ValueError("field 'reply.usage': expected non-negative whole numbers")
    calls = reply.get("tool_calls") or []
    if not isinstance(calls, list) or not all(
        isinstance(c, dict) and all(isinstance(k, str) and isinstance(v, str) for k, v in c.items())
        for c in calls
    ):
        raise ValueError("field 'reply.tool_calls': expected objects of text fields")
    return ModelReply(
        text=str(_text(reply.get("text"), "reply.text")),
        refusal=_text(reply.get("refusal"), "reply.refusal", optional=True),
        finish_reason=_text(reply.get("finish_reason"), "reply.finish_reason", optional=True),
        cached=True,
        usage=dict(usage),
        tool_calls=tuple(dict(c) for c in calls),
        content=_text(reply.get("content"), "reply.content", optional=True),
        raw=_raw(reply.get("raw")),
    )


def _raw(value: object) -> dict[str, Any] | None:
    """The whole completion an SDK call stored (models/sdk.py hands it back to the SDK), or None."""
    if value is None:
        return None
    if not isinstance(value, dict):
        raise ValueError("field 'reply.raw': expected an object")
    return value
