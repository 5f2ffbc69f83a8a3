"""Every ``--sab-*`` option's default is declared once (plugin/options.py): pytest, the ini keys
and the help texts are handed it from there, and the parsers make of an absent option exactly what
the table declares."""

from __future__ import annotations

import dataclasses
import re
from typing import Any

import pytest
from support.upstream_texts import upstream_root

from pytest_safeagent.agents.interactive.settings import EpisodeSettings
from pytest_safeagent.agents.prompt_sets import NEUTRAL
from pytest_safeagent.models.local_catalog import LOCAL_MODELS
from pytest_safeagent.models.settings import DEFAULT_MAX_TOKENS, CacheSettings, RetrySettings
from pytest_safeagent.plugin.hooks import pytest_addoption
from pytest_safeagent.plugin.options import (
    DEFAULTS,
    NEUTRAL_MAX_IMAGES,
    default_text,
    parse_cost_settings,
    parse_gating_settings,
    parse_run_config,
    parse_shard_option,
    simulator_settings,
)
from pytest_safeagent.upstream.seed_settings import seed_run_settings

# absent stays None on the command line: the seed's sampling and the seed's episode limits need to know
APPLIED_BY_THE_PARSER = {"--sab-temperature", "--sab-max-steps", "--sab-episode-timeout"}


class Recorder:
    """Stands in for pytest's parser and its option group: keeps what every option and ini key is given."""

    def __init__(self) -> None:
        self.options: dict[str, dict[str, Any]] = {}
        self.inis: dict[str, Any] = {}

    def getgroup(self, *args: Any, **kwargs: Any) -> Recorder:
        return self

    def addoption(self, *names: str, **kwargs: Any) -> None:
        self.options[names[0]] = kwargs

    def addini(self, name: str, help: str, type: str | None = None, default: Any = None) -> None:  # noqa: A002
        self.inis[name] = default


@pytest.fixture(scope="module")
def declared() -> Recorder:
    recorder = Recorder()
    pytest_addoption(recorder)  # type: ignore[arg-type]
    return recorder


def ini_key(option: str) -> str:
    return "sab_" + option.removeprefix("--sab-").replace("-", "_")


def test_every_option_has_one_entry_in_the_table(declared):
    assert sorted(declared.options) == sorted(DEFAULTS)
    assert all(option.startswith("--sab-") for option in declared.options)


def test_pytest_or_the_ini_key_holds_the_declared_default(declared):
    for option, value in DEFAULTS.items():
        given = declared.options[option].get("default")
        if value is None or isinstance(value, (bool, tuple)):
            assert given == (list(value) if isinstance(value, tuple) else value), option
        elif given is not None:
            assert given == default_text(option), option
        elif option not in APPLIED_BY_THE_PARSER:  # left unset so that the ini key can apply
            assert declared.inis[ini_key(option)] == default_text(option), option


def test_the_help_texts_show_the_declared_default(declared):
    for option, value in DEFAULTS.items():
        help_text = declared.options[option]["help"]
        assert "{default}" not in help_text, option
        if value is not None and not isinstance(value, (bool, tuple)):
            shown = re.escape(default_text(option))
            # "(default: 30)", "default 8", "ini sab_protocol,
            # else seed"; --sab-task-type names its default first
            assert re.search(rf"(default:? |else |^which samples: ){shown}\b", help_text), option
    assert f"{NEUTRAL_MAX_IMAGES} under neutral" in declared.options["--sab-max-images"]["help"]


@pytest.fixture
def config(pytester: pytest.Pytester, monkeypatch: pytest.MonkeyPatch):
    monkeypatch.delenv("OPENAI_BASE_URL", raising=False)
    return lambda *args: pytester.parseconfig("-p", "no:cacheprovider", *args)


def parsed_defaults(config: pytest.Config) -> dict[str, object]:
    """What the parsers make of every absent option, in the table's terms (None: derived from another
    option, so each derivation is checked here too)."""
    run = parse_run_config(config)
    assert run is not None
    gating = parse_gating_settings(config, run.report_path)
    cost = parse_cost_settings(config, run.model, run.judge)
    simulation = simulator_settings(config)
    providers, episodes = run.providers, run.episodes
    model, judge = providers.model, providers.judge
    return {
        "--sab-model": None if run.model == "builtin/reference" else run.model,  # the one option given
        "--sab-strategy": ",".join(run.strategies),
        "--sab-task-type": ",".join(run.slices),
        "--sab-seed": run.seed,
        "--sab-protocol": run.protocol,
        "--sab-judge": run.judge,
        "--sab-judge-protocol": None if run.judge_protocol == run.protocol else run.judge_protocol,
        "--sab-data-dir": run.data_dir,
        "--sab-scenes-dir": run.scenes_dir,
        "--sab-report": run.report_path,
        "--sab-html": run.html_path,
        "--sab-execution": run.simulation is not None,
        "--sab-thor-backend": simulation.backend,
        "--sab-thor-url": simulation.urls,
        "--sab-thor-log-dir": simulation.log_dir,
        "--sab-thor-sessions": None if simulation.sessions == providers.concurrency else simulation.sessions,
        # the table declares the neutral protocol's limits; under seed an episode has none unless given
        "--sab-max-steps": dataclasses.replace(episodes, prompt_set=NEUTRAL).step_limit,
        "--sab-episode-timeout": dataclasses.replace(episodes, prompt_set=NEUTRAL).time_limit_s,
        "--sab-tool-mode": episodes.tool_mode,
        "--sab-max-images": episodes.max_images if run.protocol == "seed" else "not the seed protocol",
        "--sab-save-trajectories": episodes.save_dir,
        "--sab-max-infra-errors": run.max_infra_errors,
        "--sab-base-url": model.base_url,
        "--sab-api-key-env": model.api_key_env,
        "--sab-temperature": model.temperature,
        "--sab-max-tokens": model.max_tokens,
        "--sab-timeout": model.timeout_s,
        "--sab-repeat-penalty": model.repeat_penalty,
        "--sab-response-format": model.response_format,
        "--sab-concurrency": providers.concurrency,
        "--sab-retries": providers.retry.retries,
        "--sab-retry-max-wait": providers.retry.max_wait_s,
        "--sab-cache": providers.cache.mode,
        "--sab-cache-dir": providers.cache.directory,  # no network model: no cache directory
        "--sab-local-threads": providers.local_threads,
        "--sab-judge-base-url": None if judge.base_url == model.base_url else judge.base_url,
        "--sab-judge-api-key-env": None if judge.api_key_env == model.api_key_env else judge.api_key_env,
        "--sab-header": model.headers,
        "--sab-judge-header": judge.headers,
        "--sab-gate": gating.gates or None,
        "--sab-gate-min-items": gating.min_items,
        "--sab-allow-undecided": gating.allow_undecided,
        "--sab-baseline": gating.baseline,
        "--sab-max-regression": gating.max_regression_pp,
        "--sab-regression-alpha": gating.alpha,
        "--sab-force-compare": gating.force_compare,
        "--sab-log": gating.log_path,  # no report: no log beside it
        "--sab-resume": gating.resume_path,
        "--sab-price-in": cost.prices.agent_in,
        "--sab-price-out": cost.prices.agent_out,
        "--sab-judge-price-in": cost.prices.judge_in,
        "--sab-judge-price-out": cost.prices.judge_out,
        "--sab-max-cost": cost.max_cost,
        "--sab-shard": parse_shard_option(config),
    }


def test_an_absent_option_is_parsed_to_its_declared_default(config):
    assert parsed_defaults(config("--sab-model=builtin/reference")) == dict(DEFAULTS)


def test_under_the_neutral_protocol_visual_agents_keep_the_declared_screenshots(config):
    run = parse_run_config(config("--sab-model=builtin/reference", "--sab-protocol=neutral"))
    assert run is not None and run.episodes.max_images == NEUTRAL_MAX_IMAGES


def test_the_episode_limits_apply_under_seed_only_when_the_user_sets_them(config):
    """A seed-protocol episode ends where the seed's end (its message limit); the neutral protocol keeps
    the declared limits; a limit the user sets applies under either."""
    limits = lambda run: (run.episodes.step_limit, run.episodes.time_limit_s)  # noqa: E731
    assert limits(parse_run_config(config("--sab-model=builtin/reference"))) == (None, None)
    assert limits(parse_run_config(config("--sab-model=builtin/reference", "--sab-protocol=neutral"))) == (
        DEFAULTS["--sab-max-steps"],
        DEFAULTS["--sab-episode-timeout"],
    )
    for protocol in ("seed", "neutral"):
        given = config(
            "--sab-model=builtin/reference",
            f"--sab-protocol={protocol}",
            "--sab-max-steps=30",
            "--sab-episode-timeout=90",
        )
        assert limits(parse_run_config(given)) == (30, 90.0)


def test_the_settings_made_without_options_agree_with_the_table():
    """The settings classes keep defaults of their own for code that builds them directly (tests, the
    benchmarks): they must not drift from the options'."""
    episode, neutral = EpisodeSettings(), EpisodeSettings(prompt_set=NEUTRAL)
    assert (neutral.step_limit, neutral.time_limit_s, episode.tool_mode, episode.prompt_set.name) == (
        DEFAULTS["--sab-max-steps"],
        DEFAULTS["--sab-episode-timeout"],
        DEFAULTS["--sab-tool-mode"],
        DEFAULTS["--sab-protocol"],
    )
    assert (episode.step_limit, episode.time_limit_s) == (
        None,
        None,
    )  # the seed's message limit ends its episodes
    assert (RetrySettings().retries, RetrySettings().max_wait_s) == (
        DEFAULTS["--sab-retries"],
        DEFAULTS["--sab-retry-max-wait"],
    )
    assert CacheSettings().mode == DEFAULTS["--sab-cache"]


def test_the_provider_values_the_help_texts_quote_are_the_providers(declared):
    """Values that are not the option's own (the seed's sampling, the local model's limits) are quoted in
    the help where a user looks for them; they must say what the run will use."""
    seed = seed_run_settings(upstream_root().resolve())
    local = LOCAL_MODELS["local/smollm2"]
    max_tokens, temperature = (
        declared.options["--sab-max-tokens"]["help"],
        declared.options["--sab-temperature"]["help"],
    )
    assert f"default: {DEFAULT_MAX_TOKENS}," in max_tokens
    assert (
        f"the seed harness's {seed.max_tokens};" in max_tokens
        and f"local/smollm2: {local.default_max_tokens})" in max_tokens
    )
    assert f"the seed harness's, {seed.temperature})" in temperature
    assert f"local/smollm2: {local.repeat_penalty})" in declared.options["--sab-repeat-penalty"]["help"]
