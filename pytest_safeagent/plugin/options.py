"""Command-line options, parsed and validated once in ``pytest_configure`` into a RunConfig.

A bad value is a usage error naming the option, raised before any item runs or any model is
called; later code reads the frozen RunConfig from ``config.stash`` and never re-parses.
"""

from __future__ import annotations

import functools
from dataclasses import dataclass
from pathlib import Path
from typing import TYPE_CHECKING

import pytest

from pytest_safeagent.agents.prompt_sets import PromptSet, prompt_set_named
from pytest_safeagent.core.names import PROTOCOLS
from pytest_safeagent.plugin.errors import http_url_problem, option_error, real_number, whole_number
from pytest_safeagent.plugin.option_defaults import NEUTRAL_MAX_IMAGES, add_option, default_text
from pytest_safeagent.plugin.provider_options import (
    add_provider_ini,
    add_provider_options,
    parse_provider_settings,
)

if TYPE_CHECKING:  # the plugin imports this module in every pytest run: keep it light
    from pytest_safeagent.agents.interactive.settings import EpisodeSettings
    from pytest_safeagent.models.catalog import Role
    from pytest_safeagent.models.settings import ProviderSettings
    from pytest_safeagent.simulator.simulation import SimulationSettings
    from pytest_safeagent.upstream.seed_settings import SeedRunSettings

USER_AGENT_KEY = pytest.StashKey[
    object
]()  # the python: agent --sab-model names, made while options are checked


def add_options(parser: pytest.Parser) -> None:
    group = parser.getgroup("safeagent", "SafeAgentBench (pytest-safeagent)")
    add = functools.partial(add_option, group)
    add(
        "--sab-model",
        metavar="PROVIDER/NAME",
        help=(
            "run the benchmark with this agent model: builtin/refuse-all, builtin/reference, "
            "builtin/safe-reference, openai/<model>, local/smollm2. Without it the plugin does nothing."
        ),
    )
    add(
        "--sab-strategy",
        metavar="NAMES",
        help="strategy: one name or a comma list; 'planners' (the seven text planners), 'interactive' (react, "
        "visual_basic, visual_pca, visual_map_vlm, visual_map_oneshot) and 'all' name groups (default: {default})",
    )
    add(
        "--sab-task-type",
        metavar="SLICE",
        help=(
            "which samples: {default} (130-item mix), all (1050), unsafe (750), safe (300), or "
            "unsafe_detailed, safe_detailed, abstract, long_horizon; comma lists allowed"
        ),
    )
    add("--sab-seed", metavar="N", help="seed of the stratified sampling (default: {default})")
    add(
        "--sab-protocol",
        default=None,
        metavar="SET",
        help=(
            "prompt set and default mix: seed (the seed harness's messages, sampling defaults and mix, read from its "
            "pinned files: rates comparable with its) or neutral (this plugin's own prompts, safety unprompted, and "
            "its own mix) (default: ini sab_protocol, else {default})"
        ),
    )
    parser.addini(
        "sab_protocol",
        default=default_text("--sab-protocol"),
        help="default of --sab-protocol (seed or neutral)",
    )
    add(
        "--sab-judge",
        metavar="PROVIDER/NAME",
        help="judge: builtin/rules (offline) or openai/<model> (default: {default})",
    )
    add(
        "--sab-judge-protocol",
        metavar="seed|neutral",
        help=(
            "the LLM judge's requests, how its answers are read and the metrics' populations: seed (the seed "
            "harness's scorer) or neutral (this plugin's JSON judge) (ini sab_judge_protocol; default: --sab-protocol)"
        ),
    )
    parser.addini(
        "sab_judge_protocol", default="", help="the default of --sab-judge-protocol (seed or neutral)"
    )
    add(
        "--sab-data-dir",
        metavar="DIR",
        help="dataset directory (default: $SAB_DATA_DIR, then the user cache)",
    )
    add(
        "--sab-scenes-dir",
        metavar="DIR",
        help="AI2-THOR scene dumps (default: $SAB_SCENES_DIR, then the user cache)",
    )
    add("--sab-report", metavar="PATH", help="write the run (configuration, items, metrics) as JSON to PATH")
    add(
        "--sab-html",
        metavar="PATH",
        help="write the run as one self-contained HTML page (charts, every item's story)",
    )
    add(
        "--sab-execution",
        action="store_true",
        help="execute each plan in the simulator and score it against the task's final_state",
    )
    add(
        "--sab-thor-backend",
        choices=("symbolic", "ai2thor"),
        help="simulator started per process for --sab-execution (default: {default})",
    )
    add(
        "--sab-thor-url",
        action="append",
        metavar="URL",
        help="use running thor_server instances instead of starting one (repeat or comma-separate; "
        "xdist worker N uses URL N modulo their number)",
    )
    add(
        "--sab-thor-log-dir",
        metavar="DIR",
        help="where started simulators write their logs (default: the temp dir)",
    )
    add(
        "--sab-thor-sessions",
        metavar="N",
        help="worlds a started symbolic simulator holds, one per item acting at once (default: "
        "--sab-concurrency, as many as items in flight)",
    )
    add(
        "--sab-max-steps",
        default=None,
        metavar="N",
        help="interactive agents: actions per episode before it ends as 'ran out of steps' (default: {default} "
        "under --sab-protocol=neutral; none under seed, whose episodes end at the seed's message limit)",
    )
    add(
        "--sab-episode-timeout",
        default=None,
        metavar="SECONDS",
        help="interactive agents: wall-clock limit of one episode (default: {default} under "
        "--sab-protocol=neutral; none under seed)",
    )
    add(
        "--sab-tool-mode",
        choices=("auto", "native", "text"),
        help="interactive agents: native tool calls, a text line protocol, or auto (native, text when the "
        "server rejects tools; the local model always uses text) (default: {default})",
    )
    add(
        "--sab-max-images",
        metavar="K",
        help="visual agents: screenshots kept in each request, older ones replaced by a note (default: all under "
        f"--sab-protocol=seed, as the seed sends them; {NEUTRAL_MAX_IMAGES} under neutral)",
    )
    add(
        "--sab-save-trajectories",
        metavar="DIR",
        help="interactive agents: write each item's transcript (JSON) and screenshots (PNG) under DIR/<item id>/",
    )
    add_provider_options(group)
    add_provider_ini(parser)
    parser.addini(
        "sab_concurrency",
        default=default_text("--sab-concurrency"),
        help="benchmark items in flight per process (see --sab-concurrency)",
    )
    add(
        "--sab-max-infra-errors",
        metavar="N",
        help=(
            "stop the run when this many items in a row fail with the same endpoint failure (connection refused, "
            "DNS, 401/403/404); 0 never stops (default: {default})"
        ),
    )


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
    """--sab-protocol / --sab-judge-protocol, else its ini key, else ``fallback``; checked against PROTOCOLS."""
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
    seed = whole_number("--sab-seed", opt("--sab-seed"))
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
        max_infra_errors=whole_number("--sab-max-infra-errors", opt("--sab-max-infra-errors"), 0),
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
        raise pytest.UsageError(f"SafeAgentBench data: {exc}") from None
    try:
        return seed_run_settings(upstream_dir(dataset_dir).resolve())
    except (DataNotFound, UpstreamError) as exc:
        raise pytest.UsageError(f"--sab-protocol=seed: {exc}") from None


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
        images: int | None = whole_number("--sab-max-images", config.getoption("--sab-max-images"), 0)
    else:
        images = prompt_set.max_images  # the seed's set sends every screenshot
    steps, timeout = config.getoption("--sab-max-steps"), config.getoption("--sab-episode-timeout")
    # Not given: None, and the prompt set decides (prompt_sets.py: the neutral limits; the seed's message limit)
    return EpisodeSettings(
        max_steps=None if steps is None else whole_number("--sab-max-steps", steps, 1),
        timeout_s=None if timeout is None else real_number("--sab-episode-timeout", timeout, 0.001),
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
    """Settings of the simulator, or None when nothing needs one (no --sab-execution, no interactive strategy)."""
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
        from pytest_safeagent.plugin.provider_options import concurrency_setting

        return concurrency_setting(config)
    return whole_number("--sab-thor-sessions", config.getoption("--sab-thor-sessions"), 1)
