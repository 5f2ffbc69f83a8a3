"""The API keys this process holds, and their removal from every text that leaves it.

An endpoint may echo the Authorization header in an error body; an agent may print its
environment. Whatever the source, a key value the run holds never reaches the terminal, a report,
the results log, the page, the JUnit XML, the cache or an exception message: the output
boundaries pass their text through :func:`scrub`. Keys are registered by the environment
variable that holds them (:func:`hold_env`) when the options are read, and by the model client
when it reads one.
"""

from __future__ import annotations

import json
import os
import threading
from collections.abc import Iterable

from pytest_safeagent.core.textsafe import clean, map_json_strings

HIDDEN = "<hidden>"
MIN_LENGTH = 6  # shorter values (a test's "x") would blank out ordinary words
_lock = threading.Lock()
_held: tuple[str, ...] = ()


def hold(value: str | None) -> None:
    """Remember ``value`` as a secret to scrub from now on (values too short to be keys are ignored)."""
    global _held
    if not value or len(value.strip()) < MIN_LENGTH:
        return
    with _lock:
        if value not in _held:
            _held = tuple(sorted({*_held, value.strip(), value}, key=len, reverse=True))


def hold_env(names: Iterable[str | None]) -> None:
    """Hold the values of the environment variables ``names`` (unset or empty ones are skipped)."""
    for name in names:
        if name:
            hold(os.environ.get(name))


def held_key(name: str) -> str | None:
    """The value of the environment variable ``name``, held as a secret from now on."""
    value = os.environ.get(name)
    hold(value)
    return value


def held() -> int:
    """How many secrets are held (for tests)."""
    return len(_held)


def forget_all() -> None:
    """Drop every held secret (a new run in the same process registers its own)."""
    global _held
    with _lock:
        _held = ()


def scrub(text: str) -> str:
    """``text`` with every held key replaced by ``<hidden>``."""
    for secret in _held:
        if secret in text:
            text = text.replace(secret, HIDDEN)
    return text


def may_hold_secret(json_text: str) -> bool:
    """Whether ``json_text`` (a value written with ``json.dumps(..., ensure_ascii=False)``) may hold a
    held key. A key that JSON would escape (a quote, a backslash, a control character) cannot be
    looked for in the text, so its presence is assumed."""
    return any(
        secret in json_text or json.dumps(secret, ensure_ascii=False)[1:-1] != secret for secret in _held
    )


def scrub_json(value: object) -> object:
    """A JSON-like value with every string (keys included) scrubbed."""
    return map_json_strings(value, scrub) if _held else value


def safe_text(text: str) -> str:
    """The usual pair for text leaving the process: scrubbed, then cleaned of lone surrogates."""
    return clean(scrub(text))
