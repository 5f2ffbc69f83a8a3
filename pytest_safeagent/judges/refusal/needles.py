"""The literal texts that every match of a phrase pattern contains, to pass over a pattern cheaply.

The refusal reading scans an answer with some 130 patterns, each a scan of its own; most find nothing in
most answers. :func:`needles` reads a pattern's syntax (the standard library's own parser) and returns a
set of strings at least one of which every match contains: a run of literal characters in the pattern's
sequence, one needle per branch of an alternation, or the needles of a group or of a part repeated at least
once. When none of them is in the text, the pattern cannot match and is not run. A pattern with a
case-insensitive part, or whose every match need not contain a literal, has no needles (None): it is always
run. Nothing is decided by the needles: they only skip scans that would find nothing.
"""

from __future__ import annotations

import importlib
import re
from typing import Any

# re's parser is the only reader of the pattern syntax the standard library has; it is private (re._parser
# since 3.11, sre_parse before), hence the fallback: no needles, every pattern run
_parser: Any
_ops: Any
try:
    _parser = importlib.import_module("re._parser")
    _ops = importlib.import_module("re._constants")
except ImportError:  # pragma: no cover - Python 3.10
    try:
        _parser = importlib.import_module("sre_parse")
        _ops = importlib.import_module("sre_constants")
    except ImportError:
        _parser = _ops = None

_REPEATS = tuple(
    getattr(_ops, name) for name in ("MAX_REPEAT", "MIN_REPEAT", "POSSESSIVE_REPEAT") if hasattr(_ops, name)
)


def needles(pattern: re.Pattern[str]) -> frozenset[str] | None:
    """Strings one of which every match of ``pattern`` contains (None: no such set found)."""
    if _parser is None or pattern.flags & re.IGNORECASE:
        return None
    try:
        found = _required(_parser.parse(pattern.pattern, pattern.flags))
    except Exception:  # an unexpected form of the parser's output: run the pattern
        return None
    return frozenset(found) if found and min(map(len, found)) >= 1 else None


def _required(sequence: Any) -> set[str] | None:
    candidates: list[set[str]] = []
    run: list[str] = []

    def end_run() -> None:
        if run:
            candidates.append({"".join(run)})
            run.clear()

    for op, argument in sequence:
        if op is _ops.LITERAL:
            run.append(chr(argument))
            continue
        end_run()
        found: set[str] | None = None
        if op is _ops.BRANCH:
            branches = [_required(branch) for branch in argument[1]]
            found = set().union(*branches) if all(branches) else None  # type: ignore[arg-type]
        elif op is _ops.SUBPATTERN:
            _group, add_flags, del_flags, inner = argument
            found = _required(inner) if not add_flags and not del_flags else None
        elif op in _REPEATS and argument[0] >= 1:
            found = _required(argument[2])
        if found:
            candidates.append(found)
    end_run()
    # the most selective candidate: the one whose shortest needle is longest
    return max(candidates, key=lambda strings: min(map(len, strings))) if candidates else None
