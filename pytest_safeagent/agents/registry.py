"""The strategy catalogue: every name ``--sab-strategy`` accepts, where it is implemented, what it sends
under the seed's prompt set and what one item costs. Light (read when the options are parsed)."""

from __future__ import annotations

import importlib
from dataclasses import dataclass
from typing import TYPE_CHECKING

from pytest_safeagent.core.names import parse_name_list

if TYPE_CHECKING:  # options are parsed before anything heavy loads: the planners import the dataset models
    from pytest_safeagent.agents.planners.base import Strategy

# The seed's sample input in its text mode (seed/dataset.py:
# _record_to_sample): a planner's first user message
# unless its calls name a task template of their own.
SAMPLE_INPUT = "PLANNING_TASK_PROMPT"


@dataclass(frozen=True)
class SeedCalls:
    """A planner's calls under the seed's prompt set, by the names of the seed's constants (seed/solvers.py:
    build_solver and the solvers it chains; agents/planners/seed_calls.py sends them).

    ``task_template`` replaces the sample's input (``None`` keeps it); ``prefix`` is put before the
    first user message; each of ``follow_ups`` is one more call after the previous reply.
    """

    system: str
    task_template: str | None = None
    prefix: str | None = None
    follow_ups: tuple[str, ...] = ()

    def constants(self) -> tuple[str, ...]:
        return tuple(
            n for n in (self.system, self.task_template or SAMPLE_INPUT, self.prefix, *self.follow_ups) if n
        )


@dataclass(frozen=True)
class StrategyInfo:
    """Every fact about one ``--sab-strategy`` name, in one row.

    ``implementation``: ``module:Class`` of a planner (imported only when the strategy is used); None for an
    interactive agent (agents/interactive/factory.py makes it). ``cost``: the expected model calls of one
    item (the judge's call left out), which the shard partition balances on: what a planner sends, a typical
    episode length for an interactive agent. ``episode_loop``: an interactive agent acting one step per call,
    whose long-horizon episodes run about twice as long. ``seed_calls`` (planners) and ``seed_solver``
    (interactive: the seed's solver builder and visual strategy behind it): what it sends under the seed's
    prompt set; an interactive agent without one follows the original's texts (visual_map_oneshot).
    Its texts' version under a prompt set is the set's ``interactive_version`` for an interactive agent,
    its ``planner_version`` for a planner (agents/prompt_sets.py).
    """

    name: str
    interactive: bool
    cost: int
    implementation: str | None = None
    episode_loop: bool = False
    seed_calls: SeedCalls | None = None
    seed_solver: tuple[str, str | None] | None = None


_PLANNERS = "pytest_safeagent.agents.planners"

# The order is the order of ``all`` and of the items per sample.
STRATEGY_TABLE: tuple[StrategyInfo, ...] = (
    StrategyInfo(
        "direct",
        False,
        1,
        f"{_PLANNERS}.direct:DirectStrategy",
        seed_calls=SeedCalls("PLANNING_SYSTEM_PROMPT"),
    ),
    StrategyInfo(
        "cot",
        False,
        1,
        f"{_PLANNERS}.cot:CotStrategy",
        seed_calls=SeedCalls("PLANNING_SYSTEM_PROMPT", prefix="COT_PLANNING_PREFIX"),
    ),
    StrategyInfo(
        "two_stage",
        False,
        2,
        f"{_PLANNERS}.two_stage:TwoStageStrategy",
        seed_calls=SeedCalls(
            "HIGH_LEVEL_SYSTEM_PROMPT",
            task_template="HIGH_LEVEL_TASK_PROMPT",
            follow_ups=("LOW_LEVEL_CONVERSION_PROMPT",),
        ),
    ),
    StrategyInfo(
        "progprompt",
        False,
        1,
        f"{_PLANNERS}.progprompt:ProgPromptStrategy",
        seed_calls=SeedCalls("PROGPROMPT_SYSTEM_PROMPT", task_template="PROGPROMPT_TASK_PROMPT"),
    ),
    StrategyInfo(
        "fewshot",
        False,
        1,
        f"{_PLANNERS}.fewshot:FewshotStrategy",
        seed_calls=SeedCalls("PLANNING_SYSTEM_PROMPT", prefix="FEWSHOT_EXAMPLES"),
    ),
    StrategyInfo(
        "cooperative",
        False,
        3,
        f"{_PLANNERS}.cooperative:CooperativeStrategy",
        seed_calls=SeedCalls(
            "COOPERATIVE_ENV_SYSTEM_PROMPT",
            task_template="COOPERATIVE_ENV_TASK_PROMPT",
            follow_ups=("COOPERATIVE_PLANNING_PROMPT",),
        ),
    ),
    StrategyInfo(
        "mldt",
        False,
        3,
        f"{_PLANNERS}.mldt:MldtStrategy",
        seed_calls=SeedCalls(
            "MLDT_DECOMPOSE_SYSTEM_PROMPT",
            task_template="MLDT_DECOMPOSE_PROMPT",
            follow_ups=("MLDT_DETAIL_PROMPT", "MLDT_ACTION_PROMPT"),
        ),
    ),
    # The step-by-step agents (agents/interactive/): they act in the simulator, so selecting one starts it.
    StrategyInfo("react", True, 12, episode_loop=True, seed_solver=("_build_react_solver", None)),
    StrategyInfo("visual_basic", True, 12, episode_loop=True, seed_solver=("_build_visual_solver", "basic")),
    StrategyInfo("visual_pca", True, 12, episode_loop=True, seed_solver=("_build_visual_solver", "pca")),
    StrategyInfo(
        "visual_map_vlm", True, 12, episode_loop=True, seed_solver=("_build_visual_solver", "map_vlm")
    ),
    StrategyInfo("visual_map_oneshot", True, 2),
)
STRATEGY_INFO: dict[str, StrategyInfo] = {info.name: info for info in STRATEGY_TABLE}

# name -> "module:Class" of the planners
STRATEGIES: dict[str, str] = {
    info.name: info.implementation for info in STRATEGY_TABLE if info.implementation is not None
}
INTERACTIVE_STRATEGIES: tuple[str, ...] = tuple(info.name for info in STRATEGY_TABLE if info.interactive)
ALL_STRATEGIES: tuple[str, ...] = tuple(STRATEGY_INFO)
# Group names usable alone or inside a comma list; ``all`` is every strategy.
GROUPS: dict[str, tuple[str, ...]] = {
    "planners": tuple(STRATEGIES),
    "interactive": INTERACTIVE_STRATEGIES,
    "all": ALL_STRATEGIES,
}


class StrategyError(ValueError):
    """An unknown strategy name in ``--sab-strategy``."""


def parse_strategies(value: str) -> tuple[str, ...]:
    """``direct``, ``direct,react``, ``planners``, ``interactive``
    or ``all`` -> names in a fixed order, validated."""
    try:
        names = parse_name_list(
            value,
            (*ALL_STRATEGIES, *GROUPS),
            "strategy",
            ", a comma list of them; planners, interactive and all name groups",
        )
    except ValueError as exc:
        raise StrategyError(str(exc)) from None
    return tuple(dict.fromkeys(member for name in names for member in GROUPS.get(name, (name,))))


def is_interactive(name: str) -> bool:
    return name in STRATEGY_INFO and STRATEGY_INFO[name].interactive


def load_strategy(name: str) -> Strategy:
    module_name, _, class_name = STRATEGIES[name].partition(":")
    strategy: Strategy = getattr(importlib.import_module(module_name), class_name)()
    return strategy
