"""The one shape of an option error: ``--sab-x=VALUE: what is wrong`` (a pytest usage error).

Values that may carry a secret (an endpoint URL with credentials, a key pasted where a variable name
belongs) are never echoed: they show as ``<hidden>``.
"""

from __future__ import annotations

import math

import pytest


def option_error(option: str, value: object, problem: str, *, secret: bool = False) -> pytest.UsageError:
    """``option`` is ``--sab-x`` or ``ini sab_x``; raise the result."""
    shown = "<hidden>" if secret else value
    return pytest.UsageError(f"{option}={shown}: {problem}")


def whole_number(option: str, text: object, minimum: int | None = None, maximum: int | None = None) -> int:
    """An option's value as a whole number within the bounds given, or the option error saying why not."""
    try:
        value = int(str(text))
    except ValueError:
        raise option_error(option, text, "expected a whole number") from None
    _check_bounds(option, text, value, minimum, maximum)
    return value


def real_number(option: str, text: object, minimum: float | None = None, maximum: float | None = None) -> float:
    """An option's value as a finite number within the bounds given, or the option error saying why not."""
    try:
        value = float(str(text))
    except ValueError:
        raise option_error(option, text, "expected a number") from None
    if not math.isfinite(value):
        raise option_error(option, text, "expected a finite number")
    _check_bounds(option, text, value, minimum, maximum)
    return value


def _check_bounds(option: str, text: object, value: float, minimum: float | None, maximum: float | None) -> None:
    if (minimum is not None and value < minimum) or (maximum is not None and value > maximum):
        if maximum is None:
            bounds = f"at least {minimum:g}"
        elif minimum is None:
            bounds = f"at most {maximum:g}"
        else:
            bounds = f"between {minimum:g} and {maximum:g}"
        raise option_error(option, text, f"must be {bounds}")
