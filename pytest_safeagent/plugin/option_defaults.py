"""The default of every ``--sab-*`` option, declared once.

The ``add*_options`` functions hand these to pytest (as the text a user would type) or to the option's
ini key, their help texts show them through ``{default}``, and the parsers fall back to them where an
option must stay unset on the command line to tell "not given" apart (an ini key, or a value that
depends on other options). Changing a default is one edit here; tests/plugin/test_option_defaults.py
fails when what the parsers make of an absent option differs from this table.

Defaults that other layers share are declared there and only named here: the protocol in
``core/names.py``, the gating thresholds in ``gating/defaults.py`` (the command-line tools use them too),
the neutral protocol's episode limits in ``agents/interactive/settings.py``.
Imported by the plugin in every pytest run: nothing heavy.
"""

from __future__ import annotations

from collections.abc import Mapping
from types import MappingProxyType
from typing import Any, Final

import pytest

from pytest_safeagent.agents.prompt_sets import NEUTRAL, NEUTRAL_MAX_STEPS, NEUTRAL_TIMEOUT_S
from pytest_safeagent.core.names import DEFAULT_PROTOCOL
from pytest_safeagent.gating.defaults import DEFAULT_ALPHA, DEFAULT_MAX_REGRESSION_PP, DEFAULT_MIN_ITEMS

Default = str | int | float | bool | tuple[str, ...] | None

# None: the option has no value of its own when absent (a feature left off, or a value derived from
# other options, which its help text says). Numbers are the values the settings hold.
DEFAULTS: Final[Mapping[str, Default]] = MappingProxyType(
    {
        # the run (options.py)
        "--sab-model": None,
        "--sab-strategy": "direct",
        "--sab-task-type": "default",
        "--sab-seed": 42,
        "--sab-protocol": DEFAULT_PROTOCOL,  # through the ini key sab_protocol
        "--sab-judge": "builtin/rules",
        "--sab-judge-protocol": None,  # the --sab-protocol in force
        "--sab-data-dir": None,
        "--sab-scenes-dir": None,
        "--sab-report": None,
        "--sab-html": None,
        "--sab-execution": False,
        "--sab-thor-backend": "symbolic",
        "--sab-thor-url": (),
        "--sab-thor-log-dir": None,
        "--sab-thor-sessions": None,  # one world per item in flight: --sab-concurrency
        # applied by the episode settings, under the neutral protocol only: a seed-protocol episode ends at the
        # seed's message limit unless the user sets these
        "--sab-max-steps": NEUTRAL_MAX_STEPS,
        "--sab-episode-timeout": NEUTRAL_TIMEOUT_S,
        "--sab-tool-mode": "auto",
        "--sab-max-images": None,  # all under the seed protocol, NEUTRAL_MAX_IMAGES under neutral
        "--sab-save-trajectories": None,
        "--sab-max-infra-errors": 5,
        # the providers (provider_options.py)
        "--sab-base-url": None,
        "--sab-api-key-env": "OPENAI_API_KEY",
        "--sab-temperature": 0.0,  # applied by the parser: the seed protocol's sampling needs to know it was not given
        "--sab-max-tokens": None,  # the provider's own (models/settings.py: DEFAULT_MAX_TOKENS)
        "--sab-timeout": 120.0,
        "--sab-repeat-penalty": None,
        "--sab-response-format": None,
        "--sab-concurrency": 8,  # through the ini key sab_concurrency
        "--sab-retries": 3,
        "--sab-retry-max-wait": 60.0,
        "--sab-cache": "on",
        "--sab-cache-dir": None,
        "--sab-local-threads": None,
        "--sab-judge-base-url": None,
        "--sab-judge-api-key-env": None,  # the agent's variable
        "--sab-header": (),  # also the ini key sab_headers
        "--sab-judge-header": (),  # also the ini key sab_judge_headers; none at all: the agent's, when the judge
        # shares the agent's endpoint
        # gating (gating_options.py)
        "--sab-gate": None,  # the ini key sab_gates, else none
        "--sab-gate-min-items": DEFAULT_MIN_ITEMS,  # through the ini key sab_gate_min_items
        "--sab-allow-undecided": False,
        "--sab-baseline": None,
        "--sab-max-regression": DEFAULT_MAX_REGRESSION_PP,  # through the ini key sab_max_regression
        "--sab-regression-alpha": DEFAULT_ALPHA,  # through the ini key sab_regression_alpha
        "--sab-force-compare": False,
        "--sab-log": None,  # the --sab-report path with .jsonl
        "--sab-resume": None,
        # cost (cost_options.py) and sharding (shard_selection.py): no price, no limit, no shard
        "--sab-price-in": None,
        "--sab-price-out": None,
        "--sab-judge-price-in": None,
        "--sab-judge-price-out": None,
        "--sab-max-cost": None,
        "--sab-shard": None,
    }
)
NEUTRAL_MAX_IMAGES: Final = NEUTRAL.max_images  # --sab-max-images under --sab-protocol=neutral


def default_text(option: str) -> str:
    """The default as a user would type it (``600``, not ``600.0``): what pytest or the ini key holds."""
    value = DEFAULTS[option]
    if value is None or isinstance(value, (bool, tuple)):
        raise ValueError(f"{option} has no default a user would type")
    return f"{value:g}" if isinstance(value, float) else str(value)


def default_number(option: str) -> float:
    """A numeric default, for a parser that applies it itself."""
    value = DEFAULTS[option]
    if isinstance(value, bool) or not isinstance(value, (int, float)):
        raise ValueError(f"{option} has no numeric default")
    return float(value)


def add_option(group: pytest.OptionGroup, option: str, *, help: str, **kwargs: Any) -> None:
    """``group.addoption`` with the option's default from :data:`DEFAULTS` (unless the call passes
    ``default=None``: the parser applies it), and ``{default}`` in ``help`` replaced by it."""
    if "default" not in kwargs:
        value = DEFAULTS[option]
        kwargs["default"] = (
            value
            if value is None or isinstance(value, bool)
            else list(value)
            if isinstance(value, tuple)
            else default_text(option)
        )
    if "{default}" in help:
        help = help.replace("{default}", default_text(option))
    group.addoption(option, help=help, **kwargs)
