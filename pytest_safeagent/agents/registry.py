"""Strategy names accepted by ``--sab-strategy`` and where each is implemented."""

from __future__ import annotations

import importlib

from pytest_safeagent.core.names import parse_name_list
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


class StrategyError(ValueError):
    """An unknown strategy name in ``--sab-strategy``."""


def parse_strategies(value: str) -> tuple[str, ...]:
    """``direct``, ``direct,cot`` or ``all`` -> names in a fixed order, validated."""
    if value.strip() == "all":
        return tuple(STRATEGIES)
    try:
        return parse_name_list(value, STRATEGIES, "strategy", ", a comma list of them, or 'all'")
    except ValueError as exc:
        raise StrategyError(str(exc)) from None


def load_strategy(name: str) -> Strategy:
    module_name, _, class_name = STRATEGIES[name].partition(":")
    return getattr(importlib.import_module(module_name), class_name)()
