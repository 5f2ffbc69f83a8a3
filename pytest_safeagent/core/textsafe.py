"""Outside text (model replies, agent answers, exception messages, files) made safe to show or write.

Text from outside may hold lone surrogates (which no UTF-8 writer accepts), terminal escape
sequences (which retitle a window or clear the screen), characters XML 1.0 forbids, or a megabyte
where one line was expected. Every place that shows or writes such text passes it through here:
:func:`clean` before JSON/UTF-8, :func:`for_terminal` before a terminal or an XML file (its escapes cover
the controls XML 1.0 forbids), :func:`cut` where a bounded length is promised.
"""

from __future__ import annotations

import re
from collections.abc import Callable, Mapping

REPLACEMENT = "\ufffd"
_SURROGATES = re.compile("[\ud800-\udfff]")
# C0 controls except tab and newline, DEL, C1 controls, the line/paragraph separators and the
# bidirectional overrides (which reorder what a reader sees): shown as escapes, never sent raw.
_UNPRINTABLE = re.compile("[\x00-\x08\x0b-\x1f\x7f-\x9f\u2028\u2029\u202a-\u202e\u2066-\u2069]")


def clean(text: str) -> str:
    """``text`` with every lone surrogate replaced by U+FFFD, so any UTF-8 writer accepts it."""
    return _SURROGATES.sub(REPLACEMENT, text)


def _visible(match: re.Match[str]) -> str:
    code = ord(match.group())
    return f"\\x{code:02x}" if code < 0x100 else f"\\u{code:04x}"


def for_terminal(text: str) -> str:
    """``text`` cleaned, with control characters shown as ``\\x1b``-style escapes (tab and newline kept)."""
    return _UNPRINTABLE.sub(_visible, clean(text))


def has_surrogates(text: str) -> bool:
    """Whether ``text`` holds a lone surrogate (which :func:`clean` would replace)."""
    return _SURROGATES.search(text) is not None


def map_json_strings(value: object, change: Callable[[str], str]) -> object:
    """A JSON-like value (dicts, lists, strings, numbers) with ``change`` applied to every string, keys
    included (tuples come back as lists)."""
    if isinstance(value, str):
        return change(value)
    if isinstance(value, Mapping):
        return {change(k) if isinstance(k, str) else k: map_json_strings(v, change) for k, v in value.items()}
    if isinstance(value, list | tuple):
        return [map_json_strings(v, change) for v in value]
    return value


def clean_json(value: object) -> object:
    """A JSON-like value with every string, keys included, cleaned."""
    return map_json_strings(value, clean)


def cut(text: str, max_chars: int) -> str:
    """``text`` up to ``max_chars`` characters, the rest counted (``... (N more characters)``)."""
    if len(text) <= max_chars:
        return text
    return f"{text[:max_chars]}... ({len(text) - max_chars} more characters)"


def answer_lines(text: str, *, lines: int, width: int) -> list[str]:
    """The first ``lines`` lines of ``text`` (split on newlines only), each cut to ``width``; a last line
    counts what was left out."""
    parts = text.split("\n")
    shown = [cut(line, width) for line in parts[:lines]]
    if len(parts) > lines:
        rest = sum(len(p) + 1 for p in parts[lines:])
        shown.append(f"... ({len(parts) - lines} more lines, {rest} more characters)")
    return shown
