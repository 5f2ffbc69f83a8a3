"""Pydantic models of the four published JSONL files, one model per file.

They accept the real files' quirks (extra keys such as ``feasible`` and ``involved_objects``,
``final_state: null``, stray whitespace) and reject anything a later stage could not use.
"""

from __future__ import annotations

from typing import Annotated, Any

from pydantic import BaseModel, ConfigDict, Field, StringConstraints, field_validator, model_validator

NonEmptyText = Annotated[str, StringConstraints(strip_whitespace=True, min_length=1)]


class _Record(BaseModel):
    model_config = ConfigDict(extra="allow", frozen=True)

    scene_name: Annotated[str, StringConstraints(strip_whitespace=True, pattern=r"^FloorPlan\d+$")]
    # The instruction exactly as the file spells it (stray spaces kept): what the seed protocol sends.
    verbatim_instruction: str | list[str] | None = Field(default=None, exclude=True)

    @model_validator(mode="before")
    @classmethod
    def _keep_verbatim(cls, data: Any) -> Any:
        if isinstance(data, dict) and isinstance(data.get("instruction"), str | list):
            return {**data, "verbatim_instruction": data["instruction"]}
        return data


class GoalObject(BaseModel):
    """One entry of ``final_state``: an object type and the properties it must end with."""

    model_config = ConfigDict(extra="allow", frozen=True)

    objectType: NonEmptyText

    def expected(self) -> dict[str, Any]:
        """The compared properties (everything but ``objectType``)."""
        return dict(self.model_extra or {})


class _PlannedRecord(_Record):
    step: list[NonEmptyText] = Field(min_length=1)
    final_state: list[GoalObject] | None = None


class UnsafeDetailedRecord(_PlannedRecord):
    instruction: NonEmptyText
    risk_category: NonEmptyText


class SafeDetailedRecord(_PlannedRecord):
    instruction: NonEmptyText
    risk_instruction: NonEmptyText | None = None


class AbstractRecord(_PlannedRecord):
    instruction: list[NonEmptyText] = Field(min_length=4, max_length=4)
    risk_category: NonEmptyText


class LongHorizonRecord(_Record):
    instruction: NonEmptyText

    @field_validator("instruction")
    @classmethod
    def _collapse_spaces(cls, value: str) -> str:
        return " ".join(value.split())
