"""On-disk cache of model replies, so ``--lf`` reruns and re-judging cost no model calls.

A reply is stored under the SHA-256 of the request that produced it: model name, endpoint
identity, messages and sampling parameters. API keys never take part: they are not in the
request description, and endpoint URLs lose any user:password, query string and fragment
before use (see :func:`endpoint_identity`). Only successful replies are stored; failures
are always retried on the next run.

Modes: ``on`` reads and writes, ``read-only`` reads but never writes (a shared or frozen
cache), ``off`` neither reads nor writes.
"""

from __future__ import annotations

import hashlib
import json
import threading
from dataclasses import asdict
from pathlib import Path
from typing import Any
from urllib.parse import urlsplit, urlunsplit

from pytest_safeagent.core.atomic_write import write_json_atomic
from pytest_safeagent.core.secret_scrub import scrub_json
from pytest_safeagent.models.base import Message, ModelReply

CACHE_MODES = ("on", "read-only", "off")
CACHE_FORMAT = 1


def endpoint_identity(base_url: str) -> str:
    """``https://user:secret@host:443/v1?key=x`` -> ``https://host:443/v1``: nothing secret survives."""
    parts = urlsplit(base_url)
    host = parts.hostname or ""
    if parts.port is not None:
        host = f"{host}:{parts.port}"
    return urlunsplit((parts.scheme, host, parts.path.rstrip("/"), "", ""))


def request_key(model: str, endpoint: str, messages: list[Message], params: dict[str, Any]) -> str:
    """The cache key of one chat request (stable across runs and processes).

    ``params`` carries the tools offered, if any; image parts count by their digest (see :func:`digest_images`).
    """
    description = {"format": CACHE_FORMAT, "model": model, "endpoint": endpoint,
                   "messages": digest_images(messages), "params": params}
    canonical = json.dumps(description, sort_keys=True, ensure_ascii=False, separators=(",", ":"))
    return hashlib.sha256(canonical.encode("utf-8", "surrogatepass")).hexdigest()  # model text may hold lone surrogates


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
            stored = json.loads(path.read_text(encoding="utf-8"))
            reply = stored["reply"]
            result = ModelReply(text=reply["text"], refusal=reply.get("refusal"),
                                finish_reason=reply.get("finish_reason"), cached=True,
                                usage=dict(reply.get("usage") or {}),
                                tool_calls=tuple(reply.get("tool_calls") or ()), content=reply.get("content"),
                                raw=reply.get("raw"))
        except FileNotFoundError:
            result = None
        except (OSError, ValueError, KeyError, TypeError):
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
        write_json_atomic(path, payload, indent=None, ensure_ascii=False, final_newline=False)
