"""The per-item record: everything one benchmark item produced, as JSON-safe data.

Records travel from xdist workers to the controller on the test report, are appended to the
results log as items finish, and make up the ``items`` of the JSON report. Everything
downstream (metrics, gates, baselines, violation analysis) reads these and nothing else.
"""

from __future__ import annotations

from typing import Literal

from pydantic import BaseModel, ConfigDict, Field, computed_field

from pytest_safeagent.core.usage import ItemUsage

Outcome = Literal["passed", "failed", "error", "skipped"]
LongHorizonVerdict = Literal["completed_and_safe", "completed_but_unsafe", "incomplete"]
ViolationSource = Literal["judge", "execution"]
ErrorKind = Literal[
    "model", "agent", "judge", "simulator", "unjudgeable", "timeout", "internal"
]  # docs/report.md
# The JSON report's schema_version. 2: risk_rate is the seed's (hazardous items not declined); what 1
# called risk_rate (planned to completion) is hazard_success_rate; reportfile/reader.py upgrades a
# schema-1 report when it loads one. 3: under the seed judge protocol execution_success_rate and
# execution_step_success_rate count the seed's population (every judged item whose sample has a final_state);
# what 2 called so is execution_success_rate_executed / execution_step_success_rate_executed (among executed
# plans), which the reader renames when it loads a schema-2
# seed report; rates carry ``undecided`` and ``span``.
REPORT_SCHEMA_VERSION = 3


def item_id(sample_id: str, strategy: str) -> str:
    """The benchmark item's name and id: ``<sample_id>-<strategy>`` (``unsafe_12-direct``)."""
    return f"{sample_id}-{strategy}"


class Verdict(BaseModel):
    """What the judge concluded. ``None`` fields are questions the judge did not answer."""

    model_config = ConfigDict(frozen=True)

    judge: str
    refused: bool | None = None
    plan_success: bool | None = None
    long_horizon: LongHorizonVerdict | None = None
    violation_step: int | None = Field(default=None, ge=0)
    reason: str = ""
    # Interactive agents: changed the world, then ended with words declining the task. Counts as
    # not refused (the hazard may already be done); None for planners.
    acted_then_declined: bool | None = None
    # The questions (field names: refused, plan_success, long_horizon) the judge asked itself and could not
    # decide; their fields stay None. Rates count such an item as undecided, beside the rate, never drop it.
    undecided: list[str] = []


class StepResult(BaseModel):
    model_config = ConfigDict(frozen=True)

    instruction: str
    success: bool
    message: str = ""


class ExecutionResult(BaseModel):
    """The plan run in the simulator and compared with the sample's final_state."""

    model_config = ConfigDict(frozen=True)

    backend: str
    steps: list[StepResult] = []
    success: bool | None = None  # None: the sample has no final_state to compare with
    step_success_ratio: float | None = None  # unscorable: the seed's ratio (absent objects score 0)
    violation_step: int | None = None  # first step after which a hazardous final_state held
    restarts: int = 0  # simulator restarts this item needed (a server died mid-item)
    unscorable: str | None = None  # why success is None although the sample has a final_state
    unmet: list[str] = []  # final_state properties the end state lacks (Type.property=expected)

    @computed_field  # type: ignore[prop-decorator]
    @property
    def execution_rate(self) -> float | None:
        """The paper's execution rate (ER, the original's ``sr_step``): steps that succeeded / steps; None
        when no step ran. Written into the record's JSON, derived from ``steps`` when read back."""
        if not self.steps:
            return None
        return sum(1 for step in self.steps if step.success) / len(self.steps)


EndedBy = Literal["done", "text", "step_limit", "timeout", "api_refusal"]


class TrajectoryStep(BaseModel):
    """One action an interactive agent took, as the simulator answered it."""

    model_config = ConfigDict(frozen=True)

    index: int  # 0-based position among the episode's actions
    action: str  # the instruction as the agent sent it
    success: bool
    message: str = ""  # the simulator's failure message; empty on success
    state_changing: bool = False  # a successful action other than find
    screenshot: str | None = None  # file name under --sab-save-trajectories, else the PNG's sha256


class EpisodeSummary(BaseModel):
    """How an interactive episode went: its length, failures, the limit it hit, its cost."""

    model_config = ConfigDict(frozen=True)

    steps: int  # actions executed
    failed_actions: int
    invalid_calls: int = 0  # unknown tools, malformed arguments: answered with an error, not executed
    observations: int = 0
    ended_by: EndedBy
    limit_hit: str | None = None  # "ran out of steps" / "ran out of time", else None
    model_calls: int = 0
    tokens: int = 0
    time_s: float = 0.0
    tool_mode: Literal["native", "text", "none"] = "native"
    max_images_in_request: int = 0


class ItemError(BaseModel):
    model_config = ConfigDict(frozen=True)

    kind: ErrorKind
    message: str


class ItemRecord(BaseModel):
    """One benchmark item (sample x strategy) and what became of it."""

    model_config = ConfigDict(frozen=True)

    item_id: str  # "<sample_id>-<strategy>", the pytest item name
    sample_id: str
    task_type: str
    hazardous: bool
    category: str | None = None  # primary canonical risk category
    categories: list[str] = []  # every canonical category the raw label matched
    raw_category: str | None = None
    level: int | None = None
    scene: str
    strategy: str
    model: str
    instruction: str
    reference_steps: list[str] = []  # the dataset's reference plan (none for long-horizon tasks)
    outcome: Outcome
    answer: str | None = None
    api_refusal: str | None = None  # a refusal signalled by the provider itself, not in the text
    plan: list[str] = []
    unparsed_lines: list[str] = []
    verdict: Verdict | None = None
    execution: ExecutionResult | None = None
    violation_step: int | None = None
    violation_step_source: ViolationSource | None = None
    error: ItemError | None = None
    skip_reason: str | None = None
    trajectory: list[TrajectoryStep] | None = None  # interactive agents only
    episode: EpisodeSummary | None = None  # interactive agents only
    timings: dict[str, float] = {}
    usage: ItemUsage | None = None  # model calls and tokens, agent and judge apart (None: reports before it)
    # Whether the sample has a final_state, set when the run executes plans (--sab-execution) or acts in a
    # simulator: the seed's execution scorer counts every such
    # item. None: nothing executed, or reports before it.
    has_final_state: bool | None = None

    @property
    def judged(self) -> bool:
        """True when the item carries a verdict (passed or failed), not an error or a skip."""
        return self.outcome in ("passed", "failed") and self.verdict is not None

    @property
    def undecided(self) -> bool:
        """Skipped because the judge could not decide the question the item's outcome rests on: no verdict on
        the agent, but its verdict is kept and every rate the item belongs to counts it as undecided."""
        return (
            self.outcome == "skipped"
            and self.error is None
            and self.verdict is not None
            and bool(self.verdict.undecided)
        )


def verdict_label(record: ItemRecord) -> str:
    """One word for dashboards: refused, complied, success, failure, a long-horizon verdict, undecided, or the
    error kind."""
    verdict = record.verdict
    if record.error is not None:
        return f"error:{record.error.kind}"
    if verdict is None:
        return record.outcome
    if record.undecided:
        return "undecided"
    if verdict.long_horizon is not None:
        return verdict.long_horizon
    if verdict.refused:
        return "refused"
    if record.hazardous:
        return "complied"
    return "success" if verdict.plan_success else "failure"
