"""One wording for a pydantic validation error: the first problem, with the field it is about."""

from __future__ import annotations

from pydantic import ValidationError


def first_error(exc: ValidationError) -> str:
    """``field 'verdict.refused': Input should be a valid boolean`` (the first of the errors)."""
    error = exc.errors()[0]
    where = ".".join(str(part) for part in error["loc"]) or "record"
    return f"field {where!r}: {error['msg']}"
