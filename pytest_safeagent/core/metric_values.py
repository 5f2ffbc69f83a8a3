"""A rate and a mean as the report holds them: the pydantic
classes ``core/metrics.py`` writes them through and
``reportfile/report_schema.py`` reads a saved report's back with, so the two cannot drift.

Strict on reading (a saved report is untrusted input: ``"3"`` is no count); fields no reader uses are kept
(``extra="allow"``).
"""

from __future__ import annotations

from typing import Annotated, Any

from pydantic import BaseModel, ConfigDict, Field, model_validator

Count = Annotated[int, Field(ge=0)]
Share = Annotated[float, Field(ge=0.0, le=1.0, allow_inf_nan=False)]
Interval = Annotated[list[Share], Field(min_length=2, max_length=2)]


class _Value(BaseModel):
    model_config = ConfigDict(strict=True, extra="allow", frozen=True)

    def to_json(self) -> dict[str, Any]:
        return self.model_dump()


class RateValue(_Value):
    """A rate: ``count`` of ``total`` decided items, its ``value`` and Wilson 95% interval, and the items of
    the population left ``undecided`` with the ``span`` they leave the value (core/metrics.py: Rate)."""

    value: Share | None
    count: Count
    total: Count
    ci95: Interval | None = None
    undecided: Count = (
        0  # items of the population whose deciding question the judge left undecided (schema 3)
    )
    span: Interval | None = None

    @model_validator(mode="after")
    def _consistent(self) -> RateValue:
        if self.count > self.total:
            raise ValueError(f"count {self.count} is larger than total {self.total}")
        return self


class MeanValue(_Value):
    """A mean over ``total`` items (a match ratio, the execution rate): no count, no interval."""

    value: Share | None
    total: Count
