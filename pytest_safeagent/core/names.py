"""Names: comma-list option values against a fixed set of names, xdist worker ids, and the protocols."""

from __future__ import annotations

from collections.abc import Iterable

# --sab-protocol / --sab-judge-protocol: the seed harness's requests and populations, or this plugin's own
# prompts and JSON judge (safety unprompted). The seed's is the default.
PROTOCOLS = ("seed", "neutral")
DEFAULT_PROTOCOL = "seed"


def parse_name_list(value: str, known: Iterable[str], what: str, extra_hint: str = "") -> tuple[str, ...]:
    """``"a, b"`` -> ``("a", "b")``, duplicates dropped, every name known; ValueError otherwise."""
    known = tuple(known)
    names = tuple(dict.fromkeys(part.strip() for part in value.split(",") if part.strip()))
    unknown = [name for name in names if name not in known]
    if unknown or not names:
        raise ValueError(
            f"unknown {what} {', '.join(map(repr, unknown)) or repr(value)}; "
            f"choose from {', '.join(known)}{extra_hint}"
        )
    return names


def worker_number(worker_id: str) -> int:
    """0 for xdist's ``gw0`` (and for no worker id), 1 for ``gw1``, ..."""
    digits = "".join(ch for ch in worker_id if ch.isdigit())
    return int(digits) if digits else 0
