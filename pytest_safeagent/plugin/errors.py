"""The one shape of an option error: ``--sab-x=VALUE: what is wrong`` (a pytest usage error).

Values that may carry a secret (an endpoint URL with credentials, a key pasted where a variable name
belongs) are never echoed: they show as ``<hidden>``.
"""

from __future__ import annotations

import math
from urllib.parse import urlsplit

import pytest

from pytest_safeagent.core.textsafe import for_terminal


def option_error(option: str, value: object, problem: str, *, secret: bool = False) -> pytest.UsageError:
    """``option`` is ``--sab-x`` or ``ini sab_x``; raise the result."""
    shown = "<hidden>" if secret else for_terminal(str(value))
    return pytest.UsageError(for_terminal(f"{option}={shown}: {problem}"))


def whole_number(option: str, text: object, minimum: int | None = None, maximum: int | None = None) -> int:
    """An option's value as a whole number within the bounds given, or the option error saying why not."""
    try:
        value = int(str(text))
    except ValueError:
        raise option_error(option, text, "expected a whole number") from None
    _check_bounds(option, text, value, minimum, maximum)
    return value


def real_number(
    option: str, text: object, minimum: float | None = None, maximum: float | None = None
) -> float:
    """An option's value as a finite number within the bounds given, or the option error saying why not."""
    try:
        value = float(str(text))
    except ValueError:
        raise option_error(option, text, "expected a number") from None
    if not math.isfinite(value):
        raise option_error(option, text, "expected a finite number")
    _check_bounds(option, text, value, minimum, maximum)
    return value


def _check_bounds(
    option: str, text: object, value: float, minimum: float | None, maximum: float | None
) -> None:
    if (minimum is not None and value < minimum) or (maximum is not None and value > maximum):
        if maximum is None:
            bounds = f"at least {minimum:g}"
        elif minimum is None:
            bounds = f"at most {maximum:g}"
        else:
            bounds = f"between {minimum:g} and {maximum:g}"
        raise option_error(option, text, f"must be {bounds}")


def http_url_problem(value: str) -> str | None:
    """Why ``value`` is not an http(s) URL with a host (and a valid port, if it names one); None when it is."""
    try:
        parts = urlsplit(value)
        host, _port = parts.hostname, parts.port  # .port raises on a port outside 0..65535 or not a number
    except ValueError as exc:  # its text may quote part of the URL (a credential): not shown
        return (
            "not a valid URL: the port must be a number from 0 to 65535"
            if "port" in str(exc).lower()
            else "not a valid URL: malformed host (an unclosed '[' of an IPv6 address?)"
        )
    if parts.scheme not in ("http", "https"):
        return "expected an http:// or https:// URL with a host name"
    if not host:
        return "expected an http:// or https:// URL with a host name"
    if any(c.isspace() or ord(c) < 32 for c in value):
        return "a URL cannot hold spaces or control characters"
    return None
