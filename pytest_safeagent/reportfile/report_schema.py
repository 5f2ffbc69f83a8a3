"""The JSON report's schema as pydantic models: what ``html``, ``compare``, ``violations``, baselines
and resume may rely on in a saved report (docs/report.md).

A saved report is untrusted input: it may be hand-edited, damaged, or crafted. Validated strictly
(``"false"`` is no boolean, ``"3"`` no count), every part a command reads has the type it needs;
parts no command reads are kept as they are (``extra="allow"``). The items are
:class:`core.item_record.ItemRecord`, validated one by one by the reader so an error names the item.
"""

from __future__ import annotations

from typing import Annotated, Any

from pydantic import BaseModel, ConfigDict, Field, ValidationError, field_validator

from pytest_safeagent.core.metric_catalog import CATALOG
from pytest_safeagent.core.metric_values import MeanValue, RateValue

Count = Annotated[int, Field(ge=0)]
Share = Annotated[float, Field(ge=0.0, le=1.0, allow_inf_nan=False)]
Finite = Annotated[float, Field(allow_inf_nan=False)]


class _Part(BaseModel):
    model_config = ConfigDict(strict=True, extra="allow", frozen=True)


def _is_mean(key: str) -> bool:
    """A mean over items by the metric catalogue; a name it does not hold is read as a rate."""
    metric = CATALOG.get(key)
    return metric is not None and not metric.is_rate


class PopulationJson(_Part):
    """Which judge protocol's populations the rates were counted over."""

    protocol: str

    @field_validator("protocol")
    @classmethod
    def _known(cls, protocol: str) -> str:
        from pytest_safeagent.core.populations import population_for

        population_for(protocol)  # ValueError naming the protocols there are
        return protocol


class CountsJson(_Part):
    items: Count = 0
    judged: Count = 0
    passed: Count = 0
    failed: Count = 0
    errors: Count = 0
    skipped: Count = 0
    undecided: Count = 0  # of the skipped: the judge could not decide the item's question (schema 3)
    missing: Count = 0
    errors_by_kind: dict[str, Count] = {}
    unscorable: Count = 0
    unscorable_by_reason: dict[str, Count] = {}


def _checked(model: type[BaseModel], value: Any, where: str) -> dict[str, Any]:
    """``value`` validated as ``model``; a problem is a ValueError naming ``where`` and the inner field."""
    try:
        return model.model_validate(value, strict=True).model_dump()
    except ValidationError as exc:
        error = exc.errors()[0]
        inner = ".".join(str(part) for part in error["loc"])
        raise ValueError(f"{where}{'.' + inner if inner else ''}: {error['msg']}") from None


class MetricsJson(_Part):
    overall: dict[str, Any]
    counts: CountsJson
    slices: dict[str, dict[str, dict[str, Any]]]
    missing_items: list[str] = []
    interactive: dict[str, Any] | None = None
    population: PopulationJson | None = None

    @field_validator("overall")
    @classmethod
    def _rates_by_name(cls, overall: dict[str, Any]) -> dict[str, Any]:
        """A mean where the metric catalogue says so (``execution_step_success_rate*``,
        ``execution_rate*``), else a rate."""
        return {
            key: _checked(MeanValue if _is_mean(key) else RateValue, value, key)
            for key, value in overall.items()
        }

    @field_validator("slices")
    @classmethod
    def _slice_groups(
        cls, slices: dict[str, dict[str, dict[str, Any]]]
    ) -> dict[str, dict[str, dict[str, Any]]]:
        """Each group: its ``items`` count, then rates (and
        the means reported per slice: ``execution_rate``)."""
        checked: dict[str, dict[str, dict[str, Any]]] = {}
        for name, groups in slices.items():
            checked[name] = {}
            for group, values in groups.items():
                where = f"{name}.{group}"
                items = values.get("items", 0)
                if type(items) is not int or items < 0:
                    raise ValueError(f"{where}.items: expected a count")
                checked[name][group] = {
                    "items": items,
                    **{
                        key: _checked(MeanValue if _is_mean(key) else RateValue, value, f"{where}.{key}")
                        for key, value in values.items()
                        if key != "items"
                    },
                }
        return checked


class StepRowJson(_Part):
    step: Count
    ratio: Share
    percentage: Finite
    cumulative_ratio: Share
    cumulative_percentage: Finite


class ViolationStepJson(_Part):
    average: Finite | None = None
    min: Count | None = None
    max: Count | None = None


class ViolationGroupJson(_Part):
    total: Count
    unsafe: Count = 0
    unsafe_percentage: Finite = 0.0
    violation_step: ViolationStepJson = ViolationStepJson()
    steps: list[StepRowJson] = []


class ViolationInputJson(_Part):
    violation_source: str = "auto"


class ViolationsJson(_Part):
    input: ViolationInputJson | None = None
    overall: ViolationGroupJson | None = None


class ToolJson(_Part):
    name: str = "pytest-safeagent"
    version: str = ""


class AgentJson(_Part):
    kind: str
    import_path: str = "?"
    version: str | None = None


class ConfigJson(_Part):
    model: str = "?"
    judge: str = "?"
    strategies: list[str] = []
    agent: AgentJson | None = None


class FingerprintJson(_Part):
    strategies: list[str] | None = None


# A count or an amount as written (an int stays an int: the page prints it as the run's page does).
Amount = Annotated[int, Field(ge=0)] | Annotated[float, Field(ge=0.0, allow_inf_nan=False)]
Usd = Amount | None


class RoleUsageJson(_Part):
    """One role's calls and tokens (a total, or a mean per item)."""

    calls: Amount
    cached_calls: Amount
    prompt_tokens: Amount
    completion_tokens: Amount


class RolesUsageJson(_Part):
    agent: RoleUsageJson
    judge: RoleUsageJson


class UsageGroupJson(RolesUsageJson):
    """The usage of the items of one strategy or one model."""

    items: Count
    cost_usd: dict[str, Usd] | None = None


class UsageTimeJson(_Part):
    mean: Amount


class UsageJson(_Part):
    """The run's model usage and cost (``core/usage_summary.py``), as the page and the terminal read it."""

    items: Count
    total: RolesUsageJson
    mean_per_item: RolesUsageJson
    time_s: dict[str, UsageTimeJson] = {}
    by_strategy: dict[str, UsageGroupJson] = {}
    by_model: dict[str, UsageGroupJson] = {}
    cost_usd: dict[str, Usd] | None = None
    prices_per_million_usd: dict[str, dict[str, Usd] | None] | None = None


class SavedReport(_Part):
    """A report's top level, without its items."""

    schema_version: Annotated[int, Field(ge=1)]
    tool: ToolJson | None = None
    created: str | None = None
    complete: bool = False
    config: ConfigJson = ConfigJson()
    fingerprint: FingerprintJson
    metrics: MetricsJson
    violations: ViolationsJson | None = None
    usage: UsageJson | None = None
