"""Request bodies, validated with pydantic so every malformed request gets a precise 400."""

from __future__ import annotations

from typing import Annotated

from pydantic import BaseModel, ConfigDict, Field, StringConstraints

from pytest_safeagent.core.validation import describe_error

MAX_BODY_BYTES = 256 * 1024
MAX_INSTRUCTION_CHARS = 1_000
MAX_PLAN_STEPS = 500

Instruction = Annotated[str, StringConstraints(max_length=MAX_INSTRUCTION_CHARS)]
ObjectType = Annotated[str, StringConstraints(min_length=1, max_length=100)]


class _Strict(BaseModel):
    model_config = ConfigDict(extra="forbid", strict=True)


class ResetRequest(_Strict):
    scene: Annotated[str, StringConstraints(strip_whitespace=True, min_length=1, max_length=100)]
    with_state: bool = False  # answer with the world's objects after the reset too (one request, not two)


class ExecuteRequest(_Strict):
    instruction: Instruction
    with_state: bool = False  # answer with the world's objects after the step too (one request, not two)


class ExecutePlanRequest(_Strict):
    instructions: list[Instruction] = Field(max_length=MAX_PLAN_STEPS)
    # Stop at the first failed step instead of going on (SafeAgentBench goes on).
    stop_on_failure: bool = False
    # Return, after every step, the objects of these types (to find when a goal state first held).
    track_types: list[ObjectType] | None = Field(default=None, max_length=200)


def describe_validation_error(exc) -> str:  # noqa: ANN001 - a pydantic ValidationError
    """One line per problem: ``field 'scene': Field required``."""
    return "; ".join(describe_error(error, whole="body") for error in exc.errors())
