"""Prices and the spending limit: ``--sab-price-in/out``, ``--sab-judge-price-in/out``, ``--sab-max-cost``.

Parsed once in ``pytest_configure`` (an option wins over its ini key); the settings live on
``config.stash[COST_KEY]``. Prices are USD per million tokens, as providers publish them; nothing here
knows any provider's price.
"""

from __future__ import annotations

from dataclasses import dataclass

import pytest

from pytest_safeagent.core.prices import Prices
from pytest_safeagent.plugin.errors import option_error
from pytest_safeagent.plugin.option_defaults import add_option

PRICE_OPTIONS = (  # option, ini key, Prices field, what it prices
    ("--sab-price-in", "sab_price_in", "agent_in", "the agent model's input (prompt) tokens"),
    ("--sab-price-out", "sab_price_out", "agent_out", "the agent model's output (completion) tokens"),
    ("--sab-judge-price-in", "sab_judge_price_in", "judge_in", "the judge model's input (prompt) tokens"),
    (
        "--sab-judge-price-out",
        "sab_judge_price_out",
        "judge_out",
        "the judge model's output (completion) tokens",
    ),
)
NETWORK_PROVIDERS = ("openai/",)  # the providers whose tokens are billed


@dataclass(frozen=True)
class CostSettings:
    prices: Prices = Prices()
    max_cost: float | None = None  # USD; None: no limit


COST_KEY = pytest.StashKey[CostSettings]()


def add_cost_options(parser: pytest.Parser) -> None:
    group = parser.getgroup("safeagent")
    for option, ini, _, what in PRICE_OPTIONS:
        add_option(
            group,
            option,
            metavar="USD",
            help=f"price of {what} in USD per million tokens, for the run's cost (ini {ini})",
        )
        parser.addini(ini, default="", help=f"see {option}")
    add_option(
        group,
        "--sab-max-cost",
        metavar="USD",
        help=(
            "stop the run cleanly once the model calls of this invocation have cost more than USD (needs the "
            "prices); under xdist each of N workers stops at its 1/N share; --sab-resume finishes the run (ini sab_max_cost)"
        ),
    )
    parser.addini("sab_max_cost", default="", help="see --sab-max-cost")


MAX_AMOUNT_USD = 1e9  # a price per million tokens or a limit; with at most 2**53 tokens a cost stays finite


def _amount(config: pytest.Config, option: str, ini: str, *, positive: bool = False) -> float | None:
    text, source = config.getoption(option), option
    if text is None:
        text, source = str(config.getini(ini) or "").strip(), f"ini {ini}"
        if not text:
            return None
    try:
        value = float(text)
    except ValueError:
        raise option_error(source, text, "expected an amount in USD (a number such as 0.15)") from None
    if value != value or value in (float("inf"), float("-inf")) or value < 0 or (positive and value == 0):
        raise option_error(
            source, text, "must be a finite amount " + ("above 0" if positive else "of at least 0")
        )
    if value > MAX_AMOUNT_USD:  # keeps every cost finite: no Infinity or NaN can reach the report
        raise option_error(source, text, f"must be at most {MAX_AMOUNT_USD:g} USD")
    return value


def parse_cost_settings(config: pytest.Config, model: str, judge: str) -> CostSettings:
    """The prices and the limit; a limit needs a price for every billed model (``openai/`` agent or judge)."""
    prices = Prices(**{field: _amount(config, option, ini) for option, ini, field, _ in PRICE_OPTIONS})
    max_cost = _amount(config, "--sab-max-cost", "sab_max_cost", positive=True)
    if max_cost is not None:
        for role, spec, options in (
            ("agent", model, "--sab-price-in and --sab-price-out"),
            ("judge", judge, "--sab-judge-price-in and --sab-judge-price-out"),
        ):
            if spec.startswith(NETWORK_PROVIDERS) and None in prices.of(role):
                raise option_error(
                    "--sab-max-cost",
                    max_cost,
                    f"the {role} {spec} is billed but has no price: give {options}",
                )
    return CostSettings(prices=prices, max_cost=max_cost)
