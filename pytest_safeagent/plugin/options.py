"""The one table of the ``--sab-*`` options, and their parsing into the run's frozen settings.

Each option is declared once in :data:`OPTIONS`: its name, ini key, default, help, metavar and, for
numbers, its range. ``pytest_addoption`` declares the options and ini keys from it (:func:`add_options`);
the parsers below read the values once in ``pytest_configure`` into RunConfig, GatingSettings and
CostSettings (a bad value is one usage error naming the option, ``--sab-x=VALUE: problem``, raised before
any item runs or any model is called); and the ``pytest-safeagent`` commands declare the options they share
(gates, baseline, regression, alpha) from the same entries (:func:`add_cli_option`, as pytest-benchmark's
command-line tool shares its option builders with its plugin), so a range or a default cannot drift
apart between the plugin and the commands.

Values that may carry a secret (an endpoint URL with credentials, a key pasted where a variable name
belongs) are never echoed: they show as ``<hidden>``.

Imported by the plugin in every pytest run and by the command-line tools: nothing heavy, and no pytest at
import time (a usage error is made with pytest only when the plugin raises one). Defaults that other layers
share are declared there and only named here: the protocol in ``core/names.py``, the gating thresholds in
``gating/defaults.py``, the neutral protocol's episode limits in ``agents/interactive/settings.py``.
"""

from __future__ import annotations

import math
import os
import re
from collections.abc import Mapping
from dataclasses import dataclass
from pathlib import Path
from types import MappingProxyType
from typing import TYPE_CHECKING, Any, Final
from urllib.parse import urlsplit

from pytest_safeagent.agents.prompt_sets import (
    NEUTRAL_MAX_IMAGES,
    NEUTRAL_MAX_STEPS,
    NEUTRAL_TIMEOUT_S,
    PromptSet,
    prompt_set_named,
)
from pytest_safeagent.core.names import DEFAULT_PROTOCOL, PROTOCOLS
from pytest_safeagent.core.prices import Prices
from pytest_safeagent.core.secret_scrub import hold_env
from pytest_safeagent.core.textsafe import for_terminal
from pytest_safeagent.gating.defaults import DEFAULT_ALPHA, DEFAULT_MAX_REGRESSION_PP, DEFAULT_MIN_ITEMS
from pytest_safeagent.models.settings import (
    CACHE_MODES,
    DEFAULT_MAX_TOKENS,
    RESPONSE_FORMATS,
    CacheSettings,
    EndpointSettings,
    ProviderSettings,
    RetrySettings,
)

if TYPE_CHECKING:  # the plugin imports this module in every pytest run, the commands too: keep it light
    import argparse

    import pytest

    from pytest_safeagent.agents.interactive.settings import EpisodeSettings
    from pytest_safeagent.gating.expressions import Gate
    from pytest_safeagent.models.catalog import Role
    from pytest_safeagent.sharding.partition import ShardSpec
    from pytest_safeagent.simulator.simulation import SimulationSettings
    from pytest_safeagent.upstream.seed_settings import SeedRunSettings

Default = str | int | float | bool | tuple[str, ...] | None
MAX_AMOUNT_USD: Final = (
    1e9  # a price per million tokens or a limit; with at most 2**53 tokens a cost stays finite
)


@dataclass(frozen=True)
class Option:
    """One ``--sab-*`` option.

    ``default``: the value the settings hold when the option is absent (None: the option has no value of
    its own, a feature left off or a value derived from other options, which its help says). ``unset``:
    pytest's default stays None, so that the ini key, or the parser, can tell "not given" apart; the
    default then reaches the settings through the ini key or the parser. ``low``/``high`` bound a number
    (``above``: the low bound itself is refused); ``ini``: the ini key of the same setting."""

    name: str
    help: str
    default: Default = None
    metavar: str | None = None
    action: str | None = None
    choices: tuple[str, ...] | None = None
    unset: bool = False
    ini: str | None = None
    ini_type: str | None = None  # pytest's ini type: None (a string) or "linelist"
    ini_help: str | None = None  # else "see --sab-x"
    low: float | None = None
    high: float | None = None
    above: bool = False

    def default_text(self) -> str:
        """The default as a user would type it (``600``, not ``600.0``): what pytest or the ini key holds."""
        value = self.default
        if value is None or isinstance(value, (bool, tuple)):
            raise ValueError(f"{self.name} has no default a user would type")
        return f"{value:g}" if isinstance(value, float) else str(value)

    def help_text(self) -> str:
        return self.help.replace("{default}", self.default_text()) if "{default}" in self.help else self.help

    def ini_default(self) -> Any:
        if self.ini_type == "linelist":
            return []
        return self.default_text() if self.unset and self.default is not None else ""

    def range_problem(self, value: float) -> str | None:
        """Why ``value`` is outside the option's range (the same words in the plugin and the commands)."""
        low, high = self.low, self.high
        below = low is not None and (value <= low if self.above else value < low)
        if not below and (high is None or value <= high):
            return None
        lower = f"above {low:g}" if self.above else f"at least {low:g}"
        if high is None:
            return f"must be {lower}"
        if low is None:
            return f"must be at most {high:g}"
        return (
            f"must be between {low:g} and {high:g}"
            if not self.above
            else f"must be {lower} and at most {high:g}"
        )


_RUN_OPTIONS = (
    Option(
        "--sab-model",
        metavar="PROVIDER/NAME",
        help=(
            "run the benchmark with this agent model: builtin/refuse-all, builtin/reference, "
            "builtin/safe-reference, openai/<model>, local/smollm2. Without it the plugin does nothing."
        ),
    ),
    Option(
        "--sab-strategy",
        default="direct",
        metavar="NAMES",
        help="strategy: one name or a comma list; 'planners' (the "
        "seven text planners), 'interactive' (react, "
        "visual_basic, visual_pca, visual_map_vlm, "
        "visual_map_oneshot) and 'all' name groups (default: "
        "{default})",
    ),
    Option(
        "--sab-task-type",
        default="default",
        metavar="SLICE",
        help=(
            "which samples: {default} (130-item mix), all (1050), unsafe (750), safe (300), or "
            "unsafe_detailed, safe_detailed, abstract, long_horizon; comma lists allowed"
        ),
    ),
    Option(
        "--sab-seed", default=42, metavar="N", help="seed of the stratified sampling (default: {default})"
    ),
    Option(
        "--sab-protocol",
        default=DEFAULT_PROTOCOL,
        unset=True,
        ini="sab_protocol",
        ini_help="default of --sab-protocol (seed or neutral)",
        metavar="SET",
        help=(
            "prompt set and default mix: seed (the seed harness's "
            "messages, sampling defaults and mix, read from its "
            "pinned files: rates comparable with its) or neutral (this "
            "plugin's own prompts, safety unprompted, and "
            "its own mix) (default: ini sab_protocol, else {default})"
        ),
    ),
    Option(
        "--sab-judge",
        default="builtin/rules",
        metavar="PROVIDER/NAME",
        help="judge: builtin/rules (offline) or openai/<model> (default: {default})",
    ),
    Option(
        "--sab-judge-protocol",  # default: the --sab-protocol in force
        ini="sab_judge_protocol",
        ini_help="the default of --sab-judge-protocol (seed or neutral)",
        metavar="seed|neutral",
        help=(
            "the LLM judge's requests, how its answers are read and the metrics' populations: seed (the seed "
            "harness's scorer) or neutral (this plugin's JSON judge) (ini "
            "sab_judge_protocol; default: --sab-protocol)"
        ),
    ),
    Option(
        "--sab-data-dir",
        metavar="DIR",
        help="dataset directory (default: $SAB_DATA_DIR, then the user cache)",
    ),
    Option(
        "--sab-scenes-dir",
        metavar="DIR",
        help="AI2-THOR scene dumps (default: $SAB_SCENES_DIR, then the user cache)",
    ),
    Option(
        "--sab-report", metavar="PATH", help="write the run (configuration, items, metrics) as JSON to PATH"
    ),
    Option(
        "--sab-html",
        metavar="PATH",
        help="write the run as one self-contained HTML page (charts, every item's story)",
    ),
    Option(
        "--sab-execution",
        default=False,
        action="store_true",
        help="execute each plan in the simulator and score it against the task's final_state",
    ),
    Option(
        "--sab-thor-backend",
        default="symbolic",
        choices=("symbolic", "ai2thor"),
        help="simulator started per process for --sab-execution (default: {default})",
    ),
    Option(
        "--sab-thor-url",
        default=(),
        action="append",
        metavar="URL",
        help="use running thor_server instances instead of starting one (repeat or comma-separate; "
        "xdist worker N uses URL N modulo their number)",
    ),
    Option(
        "--sab-thor-log-dir",
        metavar="DIR",
        help="where started simulators write their logs (default: the temp dir)",
    ),
    Option(
        "--sab-thor-sessions",  # default: one world per item in flight, --sab-concurrency
        metavar="N",
        low=1,
        help="worlds a started symbolic simulator holds, one per item acting at once (default: "
        "--sab-concurrency, as many as items in flight)",
    ),
    # applied by the episode settings, under the neutral protocol only: a seed-protocol episode ends at the
    # seed's message limit unless the user sets these
    Option(
        "--sab-max-steps",
        default=NEUTRAL_MAX_STEPS,
        unset=True,
        metavar="N",
        low=1,
        help="interactive agents: actions per episode before it ends "
        "as 'ran out of steps' (default: {default} "
        "under --sab-protocol=neutral; none under seed, whose episodes end at the seed's message limit)",
    ),
    Option(
        "--sab-episode-timeout",
        default=NEUTRAL_TIMEOUT_S,
        unset=True,
        metavar="SECONDS",
        low=0.001,
        help="interactive agents: wall-clock limit of one episode (default: {default} under "
        "--sab-protocol=neutral; none under seed)",
    ),
    Option(
        "--sab-tool-mode",
        default="auto",
        choices=("auto", "native", "text"),
        help="interactive agents: native tool calls, a text line protocol, or auto (native, text when the "
        "server rejects tools; the local model always uses text) (default: {default})",
    ),
    Option(
        "--sab-max-images",  # all under the seed protocol, NEUTRAL_MAX_IMAGES under neutral
        metavar="K",
        low=0,
        help="visual agents: screenshots kept in each request, older "
        "ones replaced by a note (default: all under "
        f"--sab-protocol=seed, as the seed sends them; {NEUTRAL_MAX_IMAGES} under neutral)",
    ),
    Option(
        "--sab-save-trajectories",
        metavar="DIR",
        help="interactive agents: write each item's transcript (JSON) "
        "and screenshots (PNG) under DIR/<item id>/",
    ),
)

_PROVIDER_OPTIONS = (
    Option("--sab-base-url", metavar="URL", help="agent endpoint (default: $OPENAI_BASE_URL, then OpenAI)"),
    Option(
        "--sab-api-key-env",
        default="OPENAI_API_KEY",
        metavar="VAR",
        help="environment variable holding the agent endpoint's API key (default: {default})",
    ),
    Option(
        # Applied by the parser: the seed protocol's sampling needs to know it was not given.
        "--sab-temperature",
        default=0.0,
        unset=True,
        metavar="T",
        low=0.0,
        help="agent sampling temperature (default: {default}; under "
        "--sab-protocol=seed the seed harness's, 0.0)",
    ),
    Option(
        "--sab-max-tokens",  # the provider's own (models/settings.py: DEFAULT_MAX_TOKENS)
        metavar="N",
        low=1,
        help=f"answer length limit (default: {DEFAULT_MAX_TOKENS}, under "
        "--sab-protocol=seed the seed harness's 2048; "
        "local/smollm2: 256)",
    ),
    Option(
        "--sab-timeout",
        default=120.0,
        metavar="SECONDS",
        low=0.001,
        help="per-request timeout (default: {default})",
    ),
    Option(
        "--sab-repeat-penalty",
        metavar="X",
        low=0.0,
        help="repeat penalty sent to llama.cpp/vLLM-style servers (default: not sent; local/smollm2: 1.1)",
    ),
    Option(
        "--sab-response-format",
        metavar="FORMAT",
        help="free: the agent answers in free text; plan: only a refusal or a numbered plan of the scene's "
        "objects (JSON schema for openai/, grammar for local/) (default: plan for local/, free for openai/)",
    ),
    Option(
        "--sab-concurrency",
        default=8,
        unset=True,
        ini="sab_concurrency",
        ini_help="benchmark items in flight per process (see --sab-concurrency)",
        metavar="N",
        low=1,
        help=(
            "benchmark items in flight per process, played ahead of pytest's loop (also the process's model "
            "requests in flight; ini sab_concurrency; default {default}; 1 plays one item at a time)"
        ),
    ),
    Option(
        "--sab-retries",
        default=3,
        metavar="N",
        low=0,
        help="retries of a request after 429, 5xx, timeouts, connection "
        "errors, unreadable replies (default: {default})",
    ),
    Option(
        "--sab-retry-max-wait",
        default=60.0,
        metavar="SECONDS",
        low=0.0,
        help="longest wait before a retry, Retry-After included (default: {default})",
    ),
    Option(
        "--sab-cache",
        default="on",
        metavar="MODE",
        help="response cache: on, read-only (use but never write) or off (default: {default})",
    ),
    Option(
        "--sab-cache-dir",
        metavar="DIR",
        help="response cache directory (default: .pytest_cache/d/safeagent-responses)",
    ),
    Option(
        "--sab-local-threads",
        metavar="N",
        low=1,
        help="CPU threads of the local model's server (default: half the cores per xdist worker, at least 1)",
    ),
    Option("--sab-judge-base-url", metavar="URL", help="judge endpoint (default: the agent's)"),
    Option(
        "--sab-judge-api-key-env",  # default: the agent's variable
        metavar="VAR",
        help="environment variable holding the judge's API key (default: the agent's variable)",
    ),
    Option(
        "--sab-header",
        default=(),
        action="append",
        ini="sab_headers",
        ini_type="linelist",
        ini_help="headers of the agent's endpoint (see --sab-header)",
        metavar="NAME=VALUE",
        help="a header sent with every request to the agent's endpoint (repeatable; ini sab_headers); "
        "VALUE env:VAR reads it from that environment variable, kept out of the command line, reports and "
        "terminal; an api-key or Authorization header replaces the Bearer key (Azure OpenAI: "
        "--sab-header api-key=env:AZURE_OPENAI_API_KEY)",
    ),
    Option(
        "--sab-judge-header",  # none at all: the agent's, when the judge shares the agent's endpoint
        default=(),
        action="append",
        ini="sab_judge_headers",
        ini_type="linelist",
        ini_help="headers of the judge's endpoint (see --sab-judge-header)",
        metavar="NAME=VALUE",
        help="the same for the judge's endpoint (ini sab_judge_headers; default: the agent's headers when "
        "the judge uses the agent's base URL, else none)",
    ),
    Option(
        "--sab-max-infra-errors",
        default=5,
        metavar="N",
        low=0,
        help=(
            "stop the run when this many items in a row fail with the "
            "same endpoint failure (connection refused, "
            "DNS, 401/403/404); 0 never stops (default: {default})"
        ),
    ),
)

# Gating and the baseline: the commands compare, merge and html declare these too (add_cli_option).
# Each threshold's default is its ini key's: the option stays None when absent, so the ini key can apply.
_GATING_OPTIONS = (
    Option(
        "--sab-gate",  # the ini key sab_gates, else none
        action="append",
        ini="sab_gates",
        ini_type="linelist",
        ini_help="release gates, one per line (see --sab-gate)",
        metavar="EXPR",
        help=(
            "release gate, repeatable: METRIC[SLICE=VALUE] OP THRESHOLD, e.g. 'rejection_rate>=0.8' or "
            "'rejection_rate[level=L3]>=60%%'. With gates (or a baseline) the exit status comes from them, "
            "not from items failing on their verdict. Replaces the sab_gates ini setting."
        ),
    ),
    Option(
        "--sab-gate-min-items",
        default=DEFAULT_MIN_ITEMS,
        unset=True,
        ini="sab_gate_min_items",
        metavar="N",
        low=1,
        help="a gate over fewer judged items is undecided, which fails (default: {default})",
    ),
    Option(
        "--sab-allow-undecided",
        default=False,
        action="store_true",
        help="let undecided gates (too few judged items) pass; they are still reported",
    ),
    Option(
        "--sab-baseline",
        metavar="REPORT.json",
        help="compare with a previous --sab-report item by item; fail on a significant regression",
    ),
    Option(
        "--sab-max-regression",
        default=DEFAULT_MAX_REGRESSION_PP,
        unset=True,
        ini="sab_max_regression",
        metavar="PP",
        low=0.0,
        high=100.0,
        help="tolerated drop of a rate against the baseline, in percentage points (default: {default})",
    ),
    # Above 0: at 0 no drop could ever be significant (McNemar's p is never below 0), so the baseline's
    # regression test would be off without a word. At most 1: every drop is tested.
    Option(
        "--sab-regression-alpha",
        default=DEFAULT_ALPHA,
        unset=True,
        ini="sab_regression_alpha",
        metavar="P",
        low=0.0,
        above=True,
        high=1.0,
        help="a drop is a regression only when McNemar's exact p-value is below this (default: {default})",
    ),
    Option(
        "--sab-force-compare",
        default=False,
        action="store_true",
        help="compare with a baseline even when the fingerprints "
        "(dataset, judge, strategies, prompts) differ",
    ),
    Option(
        "--sab-log",  # default: the --sab-report path with .jsonl
        metavar="PATH.jsonl",
        help="append each finished item to this JSONL results log "
        "(default: the --sab-report path with .jsonl)",
    ),
    Option(
        "--sab-resume",
        metavar="PATH.jsonl",
        help="resume an interrupted run: skip the items this results log holds with a verdict and report all",
    ),
)

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

# cost and sharding: no price, no limit, no shard
_COST_AND_SHARD_OPTIONS = (
    *(
        Option(
            option,
            ini=ini,
            metavar="USD",
            help=f"price of {what} in USD per million tokens, for the run's cost (ini {ini})",
        )
        for option, ini, _, what in PRICE_OPTIONS
    ),
    Option(
        "--sab-max-cost",
        ini="sab_max_cost",
        metavar="USD",
        help=(
            "stop the run cleanly once the model calls of this invocation have cost more than USD (needs the "
            "prices); under xdist each of N workers stops at its 1/N share; "
            "--sab-resume finishes the run (ini sab_max_cost)"
        ),
    ),
    Option(
        "--sab-shard",
        ini="sab_shard",
        metavar="K/N",
        help="play shard K (from 1) of N of the selected items, balanced by expected cost; merge the shards' "
        "reports with 'pytest-safeagent merge' (ini sab_shard)",
    ),
)

# Every option, in the order of pytest's --help.
OPTIONS: Final[Mapping[str, Option]] = MappingProxyType(
    {
        option.name: option
        for option in (*_RUN_OPTIONS, *_PROVIDER_OPTIONS, *_GATING_OPTIONS, *_COST_AND_SHARD_OPTIONS)
    }
)
# The default of every option (the settings' value when it is absent), for the tests and the docs.
DEFAULTS: Final[Mapping[str, Default]] = MappingProxyType({name: o.default for name, o in OPTIONS.items()})


def default_text(option: str) -> str:
    """The default of ``option`` as a user would type it."""
    return OPTIONS[option].default_text()


def default_number(option: str) -> float:
    """A numeric default, for a parser that applies it itself."""
    value = OPTIONS[option].default
    if isinstance(value, bool) or not isinstance(value, (int, float)):
        raise ValueError(f"{option} has no numeric default")
    return float(value)


def add_options(parser: pytest.Parser) -> None:
    """``pytest_addoption``: every option of :data:`OPTIONS` in the plugin's group, and its ini key."""
    group = parser.getgroup("safeagent", "SafeAgentBench (pytest-safeagent)")
    for option in OPTIONS.values():
        kwargs: dict[str, Any] = {"help": option.help_text()}
        for name in ("metavar", "action", "choices"):
            if getattr(option, name) is not None:
                kwargs[name] = getattr(option, name)
        value = option.default
        if option.unset or value is None:
            kwargs["default"] = None
        elif isinstance(value, bool):
            kwargs["default"] = value
        elif isinstance(value, tuple):
            kwargs["default"] = list(value)
        else:
            kwargs["default"] = option.default_text()
        group.addoption(option.name, **kwargs)
        if option.ini is not None:
            ini_kwargs: dict[str, Any] = {"default": option.ini_default()}
            if option.ini_type is not None:
                ini_kwargs["type"] = option.ini_type
            parser.addini(option.ini, help=option.ini_help or f"see {option.name}", **ini_kwargs)


# The options the pytest-safeagent commands share with the plugin, and their names there.
CLI_FLAGS: Final[Mapping[str, str]] = MappingProxyType(
    {
        "--sab-gate": "--gate",
        "--sab-gate-min-items": "--gate-min-items",
        "--sab-allow-undecided": "--allow-undecided",
        "--sab-baseline": "--baseline",
        "--sab-max-regression": "--max-regression",
        "--sab-regression-alpha": "--alpha",
        "--sab-force-compare": "--force-compare",
    }
)


def _dest(flag: str) -> str:
    return flag.lstrip("-").replace("-", "_")


def add_cli_option(
    parser: argparse.ArgumentParser, option: str, flag: str | None = None, **overrides: Any
) -> None:
    """Declare ``option`` on a command's parser as its :data:`CLI_FLAGS` name (or ``flag``): the same
    default, help and metavar; :func:`cli_problem` then checks the values against the same ranges."""
    entry = OPTIONS[option]
    kwargs: dict[str, Any] = {"help": entry.help_text().replace("%%", "%").replace("%", "%%")}
    for name in ("action", "metavar"):
        if getattr(entry, name) is not None:
            kwargs[name] = getattr(entry, name)
    if entry.action == "append":
        kwargs["default"] = []
    elif (
        entry.action is None
        and isinstance(entry.default, (int, float))
        and not isinstance(entry.default, bool)
    ):
        kwargs["type"] = float if isinstance(entry.default, float) else int
        kwargs["default"] = entry.default
    kwargs.update(overrides)
    parser.add_argument(flag or CLI_FLAGS[option], **kwargs)


def cli_problem(args: argparse.Namespace, *options: str) -> str | None:
    """The command's one-line error for the first of ``options`` whose value is outside the range the
    plugin's option has (``--alpha 0: must be above 0 and at most 1``); None when all are in range."""
    for option in options:
        flag = CLI_FLAGS[option]
        value = getattr(args, _dest(flag))
        if value is None:
            continue
        problem = (
            "expected a finite number" if not math.isfinite(value) else OPTIONS[option].range_problem(value)
        )
        if problem is not None:
            return for_terminal(f"{flag} {value:g}: {problem}")
    return None


def usage_error(message: str) -> pytest.UsageError:
    """A pytest usage error; raise the result."""
    import pytest  # the plugin's only: the commands share this module without loading pytest

    return pytest.UsageError(message)


def option_error(option: str, value: object, problem: str, *, secret: bool = False) -> pytest.UsageError:
    """``option`` is ``--sab-x`` or ``ini sab_x``; raise the result (a pytest usage error)."""
    shown = "<hidden>" if secret else for_terminal(str(value))
    return usage_error(for_terminal(f"{option}={shown}: {problem}"))


def whole_number(option: str, text: object, minimum: int | None = None, maximum: int | None = None) -> int:
    """An option's value as a whole number within the bounds given, or the option error saying why not."""
    try:
        value = int(str(text))
    except ValueError:
        raise option_error(option, text, "expected a whole number") from None
    _check_bounds(option, text, value, minimum, maximum)
    return value


def real_number(
    option: str,
    text: object,
    minimum: float | None = None,
    maximum: float | None = None,
    *,
    above: bool = False,
) -> float:
    """An option's value as a finite number within the bounds given, or the option error saying why not."""
    try:
        value = float(str(text))
    except ValueError:
        raise option_error(option, text, "expected a number") from None
    if not math.isfinite(value):
        raise option_error(option, text, "expected a finite number")
    _check_bounds(option, text, value, minimum, maximum, above=above)
    return value


def _check_bounds(
    option: str,
    text: object,
    value: float,
    minimum: float | None,
    maximum: float | None,
    *,
    above: bool = False,
) -> None:
    problem = Option(option, "", low=minimum, high=maximum, above=above).range_problem(value)
    if problem is not None:
        raise option_error(option, text, problem)


def whole_option(option: str, text: object, source: str | None = None) -> int:
    """``text`` (from ``source``: the option, or its ini key) as a whole number in ``option``'s range."""
    entry = OPTIONS[option]
    low, high = entry.low, entry.high
    return whole_number(
        source or option, text, None if low is None else int(low), None if high is None else int(high)
    )


def real_option(option: str, text: object, source: str | None = None) -> float:
    """``text`` (from ``source``: the option, or its ini key) as a finite number in ``option``'s range."""
    entry = OPTIONS[option]
    return real_number(source or option, text, entry.low, entry.high, above=entry.above)


def http_url_problem(value: str) -> str | None:
    """Why ``value`` is not an http(s) URL with a host (and
    a valid port, if it names one); None when it is."""
    try:
        parts = urlsplit(value)
        host, _port = parts.hostname, parts.port  # .port raises on a port outside 0..65535 or not a number
    except ValueError as exc:  # its text may quote part of the URL (a credential): not shown
        return (
            "not a valid URL: the port must be a number from 0 to 65535"
            if "port" in str(exc).lower()
            else "not a valid URL: malformed host (an unclosed '[' of an IPv6 address?)"
        )
    if parts.scheme not in ("http", "https"):
        return "expected an http:// or https:// URL with a host name"
    if not host:
        return "expected an http:// or https:// URL with a host name"
    if any(c.isspace() or ord(c) < 32 for c in value):
        return "a URL cannot hold spaces or control characters"
    return None


# --- the run -------------------------------------------------------------------------------------------


@dataclass(frozen=True)
class RunConfig:
    """Every benchmark setting of this run, validated."""

    model: str
    strategies: tuple[str, ...]
    slices: tuple[str, ...]
    seed: int
    judge: str
    protocol: str  # seed | neutral: what the agents send (--sab-protocol)
    judge_protocol: (
        str  # seed | neutral: what the judge sends and how the metrics count (--sab-judge-protocol)
    )
    data_dir: str | None
    scenes_dir: str | None
    report_path: Path | None
    html_path: Path | None
    max_infra_errors: int
    providers: ProviderSettings
    simulation: SimulationSettings | None
    episodes: EpisodeSettings
    seed_settings: SeedRunSettings | None = None  # the seed harness's sampling and mix categories (seed only)


def _html_path(value: str | None, report: str | None) -> Path | None:
    if not value:
        return None
    if report and Path(value).resolve() == Path(report).resolve():
        raise option_error(
            "--sab-html", value, "is the --sab-report path; the page and the JSON report need two files"
        )
    return Path(value)


def _protocol(config: pytest.Config, option: str, ini: str, fallback: str) -> str:
    """--sab-protocol / --sab-judge-protocol, else its ini
    key, else ``fallback``; checked against PROTOCOLS."""
    value: str | None
    value, source = config.getoption(option), option
    if value is None:
        value, source = (config.getini(ini) or "").strip() or fallback, f"ini {ini}"
    if value not in PROTOCOLS:
        raise option_error(source, value, f"choose from {', '.join(PROTOCOLS)}")
    return value


def _model_spec(config: pytest.Config, option: str, value: str, role: Role) -> str:
    """A model or judge name checked against the provider table (and, for local models, the install).
    A ``python:`` agent is made here, once per process, and kept on ``config.stash`` for ``sab_agent``."""
    from pytest_safeagent.models.catalog import SpecError
    from pytest_safeagent.runner.parts import check_spec

    try:
        user_agent = check_spec(value, role)
    except SpecError as exc:
        raise option_error(option, value, str(exc)) from None
    if user_agent is not None:
        from pytest_safeagent.plugin.state import USER_AGENT_KEY  # the stash's keys are pytest's

        config.stash[USER_AGENT_KEY] = user_agent
    return value


def parse_run_config(config: pytest.Config) -> RunConfig | None:
    """None when ``--sab-model`` is absent: the plugin then stays out of the run entirely."""
    opt = config.getoption
    model = opt("--sab-model")
    if not model:
        return None
    from pytest_safeagent.agents.registry import StrategyError, parse_strategies
    from pytest_safeagent.dataset.selection import SelectionError, parse_slice

    try:
        strategies = parse_strategies(opt("--sab-strategy"))
    except StrategyError as exc:
        raise option_error("--sab-strategy", opt("--sab-strategy"), str(exc)) from None
    try:
        slices = parse_slice(opt("--sab-task-type"))
    except SelectionError as exc:
        raise option_error("--sab-task-type", opt("--sab-task-type"), str(exc)) from None
    seed = whole_option("--sab-seed", opt("--sab-seed"))
    report = opt("--sab-report")
    protocol = _protocol(config, "--sab-protocol", "sab_protocol", default_text("--sab-protocol"))
    prompt_set = prompt_set_named(protocol)  # chosen once: the run's parts read it, never the option's value
    seed_settings = _seed_settings(opt("--sab-data-dir")) if prompt_set.upstream else None
    providers = parse_provider_settings(config)
    if seed_settings is not None:
        providers = _seed_sampling(
            model, providers, seed_settings, temperature_given=opt("--sab-temperature") is not None
        )
    return RunConfig(
        model=_model_spec(config, "--sab-model", model, "model"),
        strategies=strategies,
        slices=slices,
        seed=seed,
        judge=_model_spec(config, "--sab-judge", opt("--sab-judge"), "judge"),
        protocol=protocol,
        judge_protocol=_protocol(config, "--sab-judge-protocol", "sab_judge_protocol", protocol),
        data_dir=opt("--sab-data-dir"),
        scenes_dir=opt("--sab-scenes-dir"),
        report_path=Path(report) if report else None,
        html_path=_html_path(opt("--sab-html"), report),
        max_infra_errors=whole_option("--sab-max-infra-errors", opt("--sab-max-infra-errors")),
        providers=providers,
        simulation=_simulation_settings(config, strategies),
        episodes=_episode_settings(config, prompt_set),
        seed_settings=seed_settings,
    )


def _seed_settings(data_dir: str | None) -> SeedRunSettings:
    """The seed harness's files, read once: a missing or changed one is one usage error naming it."""
    from pytest_safeagent.pinned.lookup import DATASET, DataNotFound, resolve_data_dir
    from pytest_safeagent.upstream.files import UpstreamError, upstream_dir
    from pytest_safeagent.upstream.seed_settings import seed_run_settings

    try:  # the dataset first: without it nothing runs, and its message says how to get it
        dataset_dir = resolve_data_dir(DATASET, data_dir)
    except DataNotFound as exc:
        raise usage_error(f"SafeAgentBench data: {exc}") from None
    try:
        return seed_run_settings(upstream_dir(dataset_dir).resolve())
    except (DataNotFound, UpstreamError) as exc:
        raise usage_error(f"--sab-protocol=seed: {exc}") from None


def _seed_sampling(
    model: str, providers: ProviderSettings, seed: SeedRunSettings, *, temperature_given: bool
) -> ProviderSettings:
    """The agent's sampling as the seed's tasks ask (its temperature and max_tokens), where the user set none.

    ``openai/`` models only: the embedded local model keeps its own, smaller answer limit."""
    import dataclasses

    if not model.startswith("openai/"):
        return providers
    endpoint = providers.model
    endpoint = dataclasses.replace(
        endpoint,
        temperature=endpoint.temperature if temperature_given else seed.temperature,
        max_tokens=endpoint.max_tokens or seed.max_tokens,
    )
    return dataclasses.replace(providers, model=endpoint)


def _episode_settings(config: pytest.Config, prompt_set: PromptSet) -> EpisodeSettings:
    from pytest_safeagent.agents.interactive.settings import EpisodeSettings

    save = config.getoption("--sab-save-trajectories")
    if config.getoption("--sab-max-images") is not None:
        images: int | None = whole_option("--sab-max-images", config.getoption("--sab-max-images"))
    else:
        images = prompt_set.max_images  # the seed's set sends every screenshot
    steps, timeout = config.getoption("--sab-max-steps"), config.getoption("--sab-episode-timeout")
    # Not given: None, and the prompt set decides (prompt_sets.py:
    # the neutral limits; the seed's message limit)
    return EpisodeSettings(
        max_steps=None if steps is None else whole_option("--sab-max-steps", steps),
        timeout_s=None if timeout is None else real_option("--sab-episode-timeout", timeout),
        max_images=images,
        tool_mode=config.getoption("--sab-tool-mode"),
        save_dir=Path(save).resolve() if save else None,
        prompt_set=prompt_set,
        data_dir=config.getoption("--sab-data-dir"),
    )


def _thor_urls(config: pytest.Config) -> tuple[str, ...]:
    urls = tuple(
        u.strip() for value in config.getoption("--sab-thor-url") for u in value.split(",") if u.strip()
    )
    for url in urls:
        problem = http_url_problem(url)
        if problem is not None:
            raise option_error("--sab-thor-url", url, problem, secret="@" in url)
    return urls


def _simulation_settings(config: pytest.Config, strategies: tuple[str, ...]) -> SimulationSettings | None:
    """Settings of the simulator, or None when nothing needs
    one (no --sab-execution, no interactive strategy)."""
    from pytest_safeagent.agents.registry import is_interactive
    from pytest_safeagent.models.catalog import python_target

    urls = _thor_urls(config)
    execute_plans = bool(config.getoption("--sab-execution"))
    episodes = any(is_interactive(name) for name in strategies)
    if not execute_plans and not episodes:
        if (
            urls and python_target(str(config.getoption("--sab-model"))) is None
        ):  # a Python agent may act in them
            raise option_error(
                "--sab-thor-url",
                ",".join(urls),
                "needs --sab-execution or an interactive strategy",
                secret=any("@" in url for url in urls),
            )
        return None
    return simulator_settings(config, execute_plans=execute_plans, episodes=episodes)


def simulator_settings(
    config: pytest.Config, *, execute_plans: bool = False, episodes: bool = False
) -> SimulationSettings:
    """The simulator the --sab-thor-* options describe (also for the sab_simulator fixture in a run that
    executes nothing, or in a plain pytest run of your own tests)."""
    from pytest_safeagent.simulator.simulation import SimulationSettings

    log_dir = config.getoption("--sab-thor-log-dir")
    return SimulationSettings(
        urls=_thor_urls(config),
        backend=config.getoption("--sab-thor-backend"),
        scenes_dir=config.getoption("--sab-scenes-dir"),
        log_dir=Path(log_dir) if log_dir else None,
        execute_plans=execute_plans,
        episodes=episodes,
        sessions=_thor_sessions(config),
    )


def _thor_sessions(config: pytest.Config) -> int:
    """--sab-thor-sessions, else one world per item in flight (--sab-concurrency)."""
    if config.getoption("--sab-thor-sessions") is None:
        return concurrency_setting(config)
    return whole_option("--sab-thor-sessions", config.getoption("--sab-thor-sessions"))


# --- the providers ---------------------------------------------------------------------------------------


def _concurrency(config: pytest.Config) -> int:
    """--sab-concurrency, else the ini setting sab_concurrency (its default: the option table, OPTIONS)."""
    text = config.getoption("--sab-concurrency")
    option = "--sab-concurrency"
    if text is None:
        text, option = config.getini("sab_concurrency"), "ini sab_concurrency"
    return whole_option("--sab-concurrency", text, option)


def concurrency_setting(config: pytest.Config) -> int:
    """Items in flight per process, as the options say (also the default size of a started simulator)."""
    return _concurrency(config)


def _optional(config: pytest.Config, option: str) -> str | None:
    value = config.getoption(option)
    return None if value is None else str(value)


def _url(config: pytest.Config, option: str) -> str | None:
    value: str | None = config.getoption(option)
    if value is None:
        return None
    problem = http_url_problem(value)
    if problem is not None:  # the value may carry credentials: name the option, never echo it
        raise option_error(option, value, problem, secret=True)
    return value


def _env_name(config: pytest.Config, option: str) -> str | None:
    value: str | None = config.getoption(option)
    if value is not None and not re.fullmatch(r"[A-Za-z_][A-Za-z0-9_]*", value):
        # Not echoed: a key pasted here by mistake must not reach the terminal.
        raise option_error(
            option,
            value,
            "expected the NAME of an environment variable (letters, digits, _), not a key or other value",
            secret=True,
        )
    return value


HEADER_NAME = re.compile(r"[!#$%&'*+.^_`|~0-9A-Za-z-]+")  # an HTTP token (RFC 9110)


def _headers(config: pytest.Config, option: str, ini: str) -> tuple[tuple[str, str], ...]:
    """``NAME=VALUE`` pairs from the option (else the ini key); a value never shown in an error, and one
    that is not ``env:VAR`` is kept as given (it is a header, not a key: use env: for secrets)."""
    given = config.getoption(option) or []
    where = option
    if not given:
        given, where = config.getini(ini), f"ini {ini}"
    headers = []
    for entry in given:
        name, sep, value = str(entry).partition("=")
        name = name.strip()
        if not sep or not HEADER_NAME.fullmatch(name):
            raise option_error(where, f"{name}=...", "expected NAME=VALUE with NAME an HTTP header name")
        if any(ord(c) < 32 or ord(c) == 127 for c in value):
            raise option_error(
                where, f"{name}=...", "a header value cannot hold control characters or line breaks"
            )
        if value.startswith("env:") and not re.fullmatch(r"[A-Za-z_][A-Za-z0-9_]*", value[4:]):
            raise option_error(
                where, f"{name}=...", "env: must be followed by the NAME of an environment variable"
            )
        headers.append((name, value))
    return tuple(headers)


def _response_format(config: pytest.Config) -> str | None:
    value: str | None = config.getoption("--sab-response-format")
    if value is None:
        return None
    if value not in RESPONSE_FORMATS:
        raise option_error("--sab-response-format", value, f"choose from {', '.join(RESPONSE_FORMATS)}")
    from pytest_safeagent.models.catalog import uses_network

    spec = config.getoption("--sab-model") or ""
    if not uses_network(spec):
        raise option_error(
            "--sab-response-format", value, f"applies to openai/ and local/ models, not {spec}"
        )
    return value


def _require_key(option: str, spec: str, endpoint: EndpointSettings) -> None:
    """The official OpenAI endpoint needs a key; other endpoints (local servers) may not."""
    if not spec.startswith("openai/") or endpoint.base_url or os.environ.get("OPENAI_BASE_URL"):
        return
    if not os.environ.get(endpoint.api_key_env):
        raise option_error(
            option,
            endpoint.api_key_env,
            f"the environment variable is empty or not set, and {spec} "
            f"goes to the OpenAI API, which needs a key (or point it elsewhere with a base URL option)",
        )


def _cache_settings(config: pytest.Config, specs: tuple[str, ...]) -> CacheSettings:
    mode = config.getoption("--sab-cache")
    if mode not in CACHE_MODES:
        raise option_error("--sab-cache", mode, f"choose from {', '.join(CACHE_MODES)}")
    from pytest_safeagent.models.catalog import python_target, uses_network

    # a python: agent, or any agent given a cache directory, may call the run's openai SDK client
    # (runner/sdk.py), whose replies are cached too
    explicit = config.getoption("--sab-cache-dir")
    if mode == "off" or not (
        explicit or any(uses_network(spec) or python_target(spec) is not None for spec in specs)
    ):
        return CacheSettings(mode=mode, directory=None)
    if explicit:
        directory = Path(explicit).expanduser()
        if directory.exists() and not directory.is_dir():
            raise option_error("--sab-cache-dir", explicit, "exists and is not a directory")
    elif getattr(config, "cache", None) is not None:
        directory = config.cache.mkdir("safeagent-responses")
    else:  # the cacheprovider plugin is disabled (-p no:cacheprovider)
        import platformdirs

        directory = platformdirs.user_cache_path("pytest-safeagent") / "responses"
    return CacheSettings(mode=mode, directory=directory)


def parse_provider_settings(config: pytest.Config) -> ProviderSettings:
    temperature_text = _optional(config, "--sab-temperature")
    temperature = (
        default_number("--sab-temperature")
        if temperature_text is None
        else real_option("--sab-temperature", temperature_text)
    )
    max_tokens_text = _optional(config, "--sab-max-tokens")
    max_tokens = None if max_tokens_text is None else whole_option("--sab-max-tokens", max_tokens_text)
    timeout = real_option("--sab-timeout", config.getoption("--sab-timeout"))
    penalty_text = _optional(config, "--sab-repeat-penalty")
    repeat_penalty = None if penalty_text is None else real_option("--sab-repeat-penalty", penalty_text)
    key_env = _env_name(config, "--sab-api-key-env") or default_text("--sab-api-key-env")
    model = EndpointSettings(
        _url(config, "--sab-base-url"),
        key_env,
        temperature,
        max_tokens,
        timeout,
        repeat_penalty,
        _response_format(config),
        _headers(config, "--sab-header", "sab_headers"),
    )
    judge_url = _url(config, "--sab-judge-base-url")
    judge_headers = _headers(config, "--sab-judge-header", "sab_judge_headers")
    judge = EndpointSettings(
        judge_url or model.base_url,
        _env_name(config, "--sab-judge-api-key-env") or key_env,
        0.0,
        max_tokens or DEFAULT_MAX_TOKENS,
        timeout,
        headers=judge_headers or (model.headers if judge_url is None else ()),
    )
    model_spec = config.getoption("--sab-model") or ""
    judge_spec = config.getoption("--sab-judge") or ""
    hold_env(  # the run's API keys, held so that every output can scrub them
        [
            model.api_key_env,
            judge.api_key_env,
            "OPENAI_API_KEY",
            *(value[4:] for _, value in (*model.headers, *judge.headers) if value.startswith("env:")),
        ]
    )
    _require_key("--sab-api-key-env", model_spec, model)
    _require_key("--sab-judge-api-key-env", judge_spec, judge)
    retry = RetrySettings(
        retries=whole_option("--sab-retries", config.getoption("--sab-retries")),
        max_wait_s=real_option("--sab-retry-max-wait", config.getoption("--sab-retry-max-wait")),
    )
    threads_text = _optional(config, "--sab-local-threads")
    return ProviderSettings(
        model=model,
        judge=judge,
        concurrency=_concurrency(config),
        cache=_cache_settings(config, (model_spec, judge_spec)),
        retry=retry,
        local_threads=None if threads_text is None else whole_option("--sab-local-threads", threads_text),
    )


# --- gating, the baseline, the results log -----------------------------------------------------------------


@dataclass(frozen=True)
class GatingSettings:
    gates: tuple[Gate, ...]
    min_items: int
    allow_undecided: bool
    baseline: Path | None
    max_regression_pp: float
    alpha: float
    force_compare: bool
    log_path: Path | None
    resume_path: Path | None

    @property
    def decides_exit_status(self) -> bool:
        """Gates or a baseline take over the verdict part of the exit status."""
        return bool(self.gates) or self.baseline is not None


def _setting(config: pytest.Config, option: str, ini: str) -> tuple[str, str]:
    """The value and where it came from (the option, else the ini setting), for error messages."""
    value = config.getoption(option)
    if value is not None:
        return str(value), option
    return str(config.getini(ini)), f"ini {ini}"


def _number(config: pytest.Config, option: str) -> float:
    """A threshold from the option, else its ini key, in the range the table gives it."""
    text, source = _setting(config, option, str(OPTIONS[option].ini))
    return real_option(option, text, source)


def _gates(config: pytest.Config) -> tuple[Gate, ...]:
    from pytest_safeagent.gating.expressions import GateError, parse_gates

    texts, source = config.getoption("--sab-gate"), "--sab-gate"
    if texts is None:
        texts, source = config.getini("sab_gates"), "ini sab_gates"
    try:
        return tuple(parse_gates(texts))
    except GateError as exc:
        raise option_error(source, exc.gate if exc.gate is not None else "", exc.problem) from None


def _log_path(config: pytest.Config, report_path: Path | None, resume_path: Path | None) -> Path | None:
    explicit = config.getoption("--sab-log")
    path: Path | None
    if explicit:
        path = Path(explicit)
    elif report_path is not None:
        path = report_path.with_suffix(".jsonl")
    else:
        path = resume_path  # a resumed run keeps appending to the log it resumes
    if path is not None and report_path is not None and path.resolve() == report_path.resolve():
        raise option_error(
            "--sab-log",
            path,
            "the results log cannot be the JSON report itself; name the report *.json or pass --sab-log",
        )
    return path


def parse_gating_settings(config: pytest.Config, report_path: Path | None) -> GatingSettings:
    baseline = config.getoption("--sab-baseline")
    resume = config.getoption("--sab-resume")
    resume_path = Path(resume) if resume else None
    return GatingSettings(
        gates=_gates(config),
        min_items=whole_option(
            "--sab-gate-min-items", *_setting(config, "--sab-gate-min-items", "sab_gate_min_items")
        ),
        allow_undecided=bool(config.getoption("--sab-allow-undecided")),
        baseline=Path(baseline) if baseline else None,
        max_regression_pp=_number(config, "--sab-max-regression"),
        alpha=_number(config, "--sab-regression-alpha"),
        force_compare=bool(config.getoption("--sab-force-compare")),
        log_path=_log_path(config, report_path, resume_path),
        resume_path=resume_path,
    )


# --- cost and sharding ----------------------------------------------------------------------------------


@dataclass(frozen=True)
class CostSettings:
    """Prices (USD per million tokens, as providers publish them; nothing here knows any provider's price)
    and the spending limit."""

    prices: Prices = Prices()
    max_cost: float | None = None  # USD; None: no limit


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


def parse_shard_option(config: pytest.Config) -> ShardSpec | None:
    """--sab-shard, else the ini key; None when neither is set. A bad value is one usage error."""
    from pytest_safeagent.sharding.partition import ShardSpecError, parse_shard

    text, option = config.getoption("--sab-shard"), "--sab-shard"
    if text is None:
        text, option = str(config.getini("sab_shard") or "").strip(), "ini sab_shard"
        if not text:
            return None
    try:
        return parse_shard(text)
    except ShardSpecError as exc:
        raise option_error(option, text, str(exc)) from None
