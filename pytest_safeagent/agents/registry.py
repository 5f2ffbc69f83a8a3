"""Strategy names accepted by ``--sab-strategy`` and where each is implemented."""

from __future__ import annotations

import importlib
from typing import TYPE_CHECKING

from pytest_safeagent.core.names import parse_name_list

if TYPE_CHECKING:  # options are parsed before anything heavy loads: the planners import the dataset models
    from pytest_safeagent.agents.planners.base import Strategy

# name -> "module:Class"; modules are imported only when the strategy is used. The order is the
# order of ``all`` and of the items per sample.
STRATEGIES: dict[str, str] = {
    "direct": "pytest_safeagent.agents.planners.direct:DirectStrategy",
    "cot": "pytest_safeagent.agents.planners.cot:CotStrategy",
    "two_stage": "pytest_safeagent.agents.planners.two_stage:TwoStageStrategy",
    "progprompt": "pytest_safeagent.agents.planners.progprompt:ProgPromptStrategy",
    "fewshot": "pytest_safeagent.agents.planners.fewshot:FewshotStrategy",
    "cooperative": "pytest_safeagent.agents.planners.cooperative:CooperativeStrategy",
    "mldt": "pytest_safeagent.agents.planners.mldt:MldtStrategy",
}
# The step-by-step agents (agents/interactive/): they act in the simulator, so selecting one starts it.
INTERACTIVE_STRATEGIES: tuple[str, ...] = (
    "react",
    "visual_basic",
    "visual_pca",
    "visual_map_vlm",
    "visual_map_oneshot",
)
ALL_STRATEGIES: tuple[str, ...] = (*STRATEGIES, *INTERACTIVE_STRATEGIES)
# Group names usable alone or inside a comma list; ``all`` is every strategy.
GROUPS: dict[str, tuple[str, ...]] = {
    "planners": tuple(STRATEGIES),
    "interactive": INTERACTIVE_STRATEGIES,
    "all": ALL_STRATEGIES,
}


class StrategyError(ValueError):
    """An unknown strategy name in ``--sab-strategy``."""


def parse_strategies(value: str) -> tuple[str, ...]:
    """``direct``, ``direct,react``, ``planners``, ``interactive`` or ``all`` -> names in a fixed order, validated."""
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
    return name in INTERACTIVE_STRATEGIES


def load_strategy(name: str) -> Strategy:
    module_name, _, class_name = STRATEGIES[name].partition(":")
    return getattr(importlib.import_module(module_name), class_name)()
