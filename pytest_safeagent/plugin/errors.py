"""The one shape of an option error: ``--sab-x=VALUE: what is wrong`` (a pytest usage error).

Values that may carry a secret (an endpoint URL with credentials, a key pasted where a variable name
belongs) are never echoed: they show as ``<hidden>``.
"""

from __future__ import annotations

import pytest


def option_error(option: str, value: object, problem: str, *, secret: bool = False) -> pytest.UsageError:
    """``option`` is ``--sab-x`` or ``ini sab_x``; raise the result."""
    shown = "<hidden>" if secret else value
    return pytest.UsageError(f"{option}={shown}: {problem}")


def whole_number(option: str, text: object, minimum: int) -> int:
    """An option's value as a whole number of at least ``minimum``, or the option error saying why not."""
    try:
        value = int(text)  # type: ignore[call-overload]
    except (TypeError, ValueError):
        raise option_error(option, text, "expected a whole number") from None
    if value < minimum:
        raise option_error(option, text, f"must be at least {minimum}")
    return value
