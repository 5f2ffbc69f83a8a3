"""Option parsing on its own: a pytest Config from the command line (no run), then the parser.

Every bad value must be a usage error that names the option; a value that may be a secret is
never repeated back.
"""

from __future__ import annotations

import shutil

import pytest
from support.upstream_texts import upstream_root

from pytest_safeagent.gating.defaults import DEFAULT_ALPHA, DEFAULT_MAX_REGRESSION_PP, DEFAULT_MIN_ITEMS
from pytest_safeagent.models.settings import DEFAULT_MAX_TOKENS
from pytest_safeagent.plugin.options import (
    parse_gating_settings,
    parse_provider_settings,
    parse_run_config,
)

UNSET_KEY_VAR = "SAB_TEST_KEY_THAT_IS_NEVER_SET"
LOOKS_LIKE_A_KEY = "sk-proj-Zx81fA0qLm3Rt7Wc"


@pytest.fixture
def config(pytester: pytest.Pytester, monkeypatch: pytest.MonkeyPatch):
    """``config(*args)``: a parsed Config, pytest_configure not run (so nothing else happens)."""
    monkeypatch.delenv("OPENAI_BASE_URL", raising=False)
    monkeypatch.delenv(UNSET_KEY_VAR, raising=False)
    return lambda *args: pytester.parseconfig("-p", "no:cacheprovider", *args)


def usage_error(parse, config) -> str:
    with pytest.raises(pytest.UsageError) as info:
        parse(config)
    return str(info.value)


# --- the run: model, judge, strategies, slices, seed, simulator -----------------------------------


def test_without_a_model_the_plugin_has_no_run(config):
    assert parse_run_config(config()) is None


def test_a_plain_run(config, tmp_path):
    run = parse_run_config(
        config("--sab-model=builtin/reference", "--sab-seed=7", f"--sab-report={tmp_path / 'r.json'}")
    )
    assert (run.model, run.judge, run.seed, run.report_path) == (
        "builtin/reference",
        "builtin/rules",
        7,
        tmp_path / "r.json",
    )
    assert run.simulation is None


def test_the_protocols_default_to_seed_and_the_judge_protocol_to_the_protocol(config):
    run = parse_run_config(config("--sab-model=builtin/reference"))
    assert (run.protocol, run.judge_protocol) == ("seed", "seed")
    run = parse_run_config(config("--sab-model=builtin/reference", "--sab-protocol=neutral"))
    assert (run.protocol, run.judge_protocol) == ("neutral", "neutral")
    run = parse_run_config(
        config("--sab-model=builtin/reference", "--sab-protocol=neutral", "--sab-judge-protocol=seed")
    )
    assert (run.protocol, run.judge_protocol) == ("neutral", "seed")


def test_the_protocols_from_the_ini_file(config, pytester):
    pytester.makeini("[pytest]\nsab_protocol = neutral\n")
    assert parse_run_config(config("--sab-model=builtin/reference")).judge_protocol == "neutral"
    pytester.makeini("[pytest]\nsab_judge_protocol = neutral\n")
    run = parse_run_config(config("--sab-model=builtin/reference"))
    assert (run.protocol, run.judge_protocol) == ("seed", "neutral")
    pytester.makeini("[pytest]\nsab_judge_protocol = paper\n")
    assert usage_error(parse_run_config, config("--sab-model=builtin/reference")) == (
        "ini sab_judge_protocol=paper: choose from seed, neutral"
    )


@pytest.mark.parametrize(
    ("args", "message"),
    [
        (
            ["--sab-model=builtin/reference", "--sab-protocol=original"],
            "--sab-protocol=original: choose from seed, neutral",
        ),
        (
            ["--sab-model=builtin/reference", "--sab-judge-protocol=json"],
            "--sab-judge-protocol=json: choose from seed, neutral",
        ),
        (
            ["--sab-model=reference"],
            "--sab-model=reference: expected PROVIDER/NAME with PROVIDER one of builtin, openai, local "
            "(for example builtin/reference or openai/gpt-4o-mini), or a "
            "Python agent as python:my_agents:make_agent",
        ),
        (
            ["--sab-model=acme/m1"],
            "--sab-model=acme/m1: expected PROVIDER/NAME with PROVIDER one of builtin, openai, local "
            "(for example builtin/reference or openai/gpt-4o-mini), or a "
            "Python agent as python:my_agents:make_agent",
        ),
        (
            ["--sab-model=builtin/reference", "--sab-judge=rules"],
            "--sab-judge=rules: expected PROVIDER/NAME with PROVIDER one of builtin, openai, local "
            "(for example builtin/reference or openai/gpt-4o-mini)",
        ),
        (["--sab-model=builtin/reference", "--sab-seed=1.5"], "--sab-seed=1.5: expected a whole number"),
        (
            ["--sab-model=builtin/reference", "--sab-report=run.json", "--sab-html=run.json"],
            "--sab-html=run.json: is the --sab-report path; the page and the JSON report need two files",
        ),
        (
            ["--sab-model=builtin/reference", "--sab-max-infra-errors=-1"],
            "--sab-max-infra-errors=-1: must be at least 0",
        ),
        (
            ["--sab-model=builtin/reference", "--sab-execution", "--sab-thor-url=ftp://127.0.0.1:9"],
            "--sab-thor-url=ftp://127.0.0.1:9: expected an http:// or https:// URL with a host name",
        ),
        (
            ["--sab-model=builtin/reference", "--sab-thor-url=http://127.0.0.1:9"],
            "--sab-thor-url=http://127.0.0.1:9: needs --sab-execution or an interactive strategy",
        ),
    ],
)
def test_bad_run_options(config, args, message):
    assert usage_error(parse_run_config, config(*args)) == message


def test_bad_strategy_and_slice_name_the_option(config):
    assert usage_error(
        parse_run_config, config("--sab-model=builtin/reference", "--sab-strategy=telepathy")
    ).startswith("--sab-strategy")
    assert usage_error(
        parse_run_config, config("--sab-model=builtin/reference", "--sab-task-type=dangerous")
    ).startswith("--sab-task-type")


# --- providers: endpoints, sampling, retries, cache -----------------------------------------------


def test_provider_defaults(config):
    settings = parse_provider_settings(config("--sab-model=builtin/reference"))
    assert (
        settings.model.base_url,
        settings.model.api_key_env,
        settings.model.temperature,
        settings.model.max_tokens,
        settings.model.timeout_s,
    ) == (None, "OPENAI_API_KEY", 0.0, None, 120.0)
    assert (settings.judge.temperature, settings.judge.max_tokens) == (0.0, DEFAULT_MAX_TOKENS)
    assert (settings.concurrency, settings.retry.retries, settings.retry.max_wait_s) == (8, 3, 60.0)
    assert (settings.cache.mode, settings.cache.directory) == ("on", None)  # no network model, no cache


@pytest.mark.parametrize(
    ("args", "message"),
    [
        (["--sab-temperature=hot"], "--sab-temperature=hot: expected a number"),
        (["--sab-temperature=-0.5"], "--sab-temperature=-0.5: must be at least 0"),
        (["--sab-max-tokens=0"], "--sab-max-tokens=0: must be at least 1"),
        (["--sab-max-tokens=12.5"], "--sab-max-tokens=12.5: expected a whole number"),
        (["--sab-timeout=nan"], "--sab-timeout=nan: expected a finite number"),
        (["--sab-timeout=inf"], "--sab-timeout=inf: expected a finite number"),
        (["--sab-concurrency=0"], "--sab-concurrency=0: must be at least 1"),
        (["--sab-retries=-1"], "--sab-retries=-1: must be at least 0"),
        (["--sab-cache=sometimes"], "--sab-cache=sometimes: choose from on, read-only, off"),
        (["--sab-local-threads=none"], "--sab-local-threads=none: expected a whole number"),
        (
            ["--sab-model=openai/gpt-4o-mini", f"--sab-api-key-env={UNSET_KEY_VAR}"],
            f"--sab-api-key-env={UNSET_KEY_VAR}: the environment variable "
            "is empty or not set, and openai/gpt-4o-mini "
            "goes to the OpenAI API, which needs a key (or point it elsewhere with a base URL option)",
        ),
    ],
)
def test_bad_provider_options(config, args, message):
    assert usage_error(parse_provider_settings, config("--sab-model=builtin/reference", *args)) == message


@pytest.mark.parametrize("option", ["--sab-api-key-env", "--sab-judge-api-key-env"])
def test_a_key_given_instead_of_a_variable_name_is_never_echoed(config, option):
    message = usage_error(
        parse_provider_settings, config("--sab-model=builtin/reference", f"{option}={LOOKS_LIKE_A_KEY}")
    )
    assert message == (
        f"{option}=<hidden>: expected the NAME of an environment variable (letters, digits, _), "
        "not a key or other value"
    )
    assert LOOKS_LIKE_A_KEY not in message and "Zx81fA0qLm3Rt7Wc" not in message


def test_credentials_in_a_base_url_are_never_echoed(config):
    message = usage_error(
        parse_provider_settings,
        config("--sab-model=builtin/reference", "--sab-base-url=ftp://user:hunter2@127.0.0.1/v1"),
    )
    assert message == "--sab-base-url=<hidden>: expected an http:// or https:// URL with a host name"


def test_a_network_model_gets_a_cache_directory(config, tmp_path, monkeypatch):
    monkeypatch.setenv(UNSET_KEY_VAR, "not-a-real-key")
    settings = parse_provider_settings(
        config(
            "--sab-model=openai/gpt-4o-mini",
            f"--sab-api-key-env={UNSET_KEY_VAR}",
            f"--sab-cache-dir={tmp_path / 'answers'}",
            "--sab-cache=read-only",
        )
    )
    assert (settings.cache.mode, settings.cache.directory) == ("read-only", tmp_path / "answers")
    assert (settings.model.api_key_env, settings.judge.api_key_env) == (UNSET_KEY_VAR, UNSET_KEY_VAR)
    occupied = tmp_path / "a-file"
    occupied.write_text("")
    assert (
        usage_error(
            parse_provider_settings, config("--sab-model=local/smollm2", f"--sab-cache-dir={occupied}")
        )
        == f"--sab-cache-dir={occupied}: exists and is not a directory"
    )


def test_headers_are_name_value_pairs_whose_values_are_never_echoed(config, pytester):
    settings = parse_provider_settings(
        config(
            "--sab-model=builtin/reference",
            "--sab-header=api-key=env:AZURE_KEY",
            "--sab-header",
            "X-Team=robots",
        )
    )
    assert settings.model.headers == (("api-key", "env:AZURE_KEY"), ("X-Team", "robots"))
    assert settings.judge.headers == settings.model.headers  # the judge shares the agent's endpoint
    assert settings.model.kind() == "azure"
    judge_apart = parse_provider_settings(
        config(
            "--sab-model=builtin/reference",
            "--sab-header=X-Team=robots",
            "--sab-judge-base-url=http://127.0.0.1:9/v1",
        )
    )
    assert judge_apart.judge.headers == () and judge_apart.judge.kind() == "openai-compatible"
    assert (
        usage_error(
            parse_provider_settings, config("--sab-model=builtin/reference", "--sab-header=sk-secret-value")
        )
        == "--sab-header=sk-secret-value=...: expected NAME=VALUE with NAME an HTTP header name"
    )
    assert (
        usage_error(
            parse_provider_settings, config("--sab-model=builtin/reference", "--sab-header=Key=env:1x")
        )
        == "--sab-header=Key=...: env: must be followed by the NAME of an environment variable"
    )
    pytester.makeini("[pytest]\nsab_headers =\n    X-Gateway=env:GATEWAY_TOKEN\n")
    assert parse_provider_settings(config("--sab-model=builtin/reference")).model.headers == (
        ("X-Gateway", "env:GATEWAY_TOKEN"),
    )


# --- gates, baseline, results log -----------------------------------------------------------------


def test_gating_defaults_and_the_log_beside_the_report(config, tmp_path):
    settings = parse_gating_settings(config(), tmp_path / "run.json")
    assert (settings.gates, settings.min_items, settings.max_regression_pp, settings.alpha) == (
        (),
        DEFAULT_MIN_ITEMS,
        DEFAULT_MAX_REGRESSION_PP,
        DEFAULT_ALPHA,
    )
    assert settings.log_path == tmp_path / "run.jsonl" and not settings.decides_exit_status
    assert parse_gating_settings(config(), None).log_path is None


@pytest.mark.parametrize(
    ("args", "message"),
    [
        (["--sab-gate-min-items=0"], "--sab-gate-min-items=0: must be at least 1"),
        (["--sab-gate-min-items=many"], "--sab-gate-min-items=many: expected a whole number"),
        (["--sab-max-regression=101"], "--sab-max-regression=101: must be between 0 and 100"),
        (["--sab-regression-alpha=often"], "--sab-regression-alpha=often: expected a number"),
        # at 0 no drop could be significant: the regression test would be off without a word
        (["--sab-regression-alpha=0"], "--sab-regression-alpha=0: must be above 0 and at most 1"),
        (["--sab-regression-alpha=1.5"], "--sab-regression-alpha=1.5: must be above 0 and at most 1"),
        (
            ["--sab-gate=safe_success_rate>=lots"],
            "--sab-gate=safe_success_rate>=lots: threshold 'lots' is not a number (write 0.8 or 80%)",
        ),
    ],
)
def test_bad_gating_options(config, args, message):
    assert usage_error(lambda c: parse_gating_settings(c, None), config(*args)) == message


def test_ini_settings_are_named_as_such(config, pytester):
    pytester.makeini("[pytest]\nsab_max_regression = 150\n")
    assert usage_error(lambda c: parse_gating_settings(c, None), config()) == (
        "ini sab_max_regression=150: must be between 0 and 100"
    )


def test_the_log_cannot_be_the_report(config, tmp_path):
    report = tmp_path / "run.json"
    assert usage_error(lambda c: parse_gating_settings(c, report), config(f"--sab-log={report}")) == (
        f"--sab-log={report}: the results log cannot be the JSON report "
        "itself; name the report *.json or pass --sab-log"
    )


def test_gates_and_a_baseline_decide_the_exit_status(config, tmp_path):
    gated = parse_gating_settings(config("--sab-gate=safe_success_rate>=80%"), None)
    assert len(gated.gates) == 1 and gated.decides_exit_status
    assert parse_gating_settings(config(f"--sab-baseline={tmp_path / 'b.json'}"), None).decides_exit_status


# --- the prompt set: --sab-protocol ----------------------------------------------------------------


def test_the_seed_protocol_is_the_default_and_brings_the_seed_sampling(config, monkeypatch):
    monkeypatch.setenv("OPENAI_API_KEY", "sk-test")
    run = parse_run_config(config("--sab-model=openai/m", "--sab-base-url=http://127.0.0.1:9/v1"))
    assert run.protocol == "seed" and run.seed_settings is not None
    assert (run.providers.model.temperature, run.providers.model.max_tokens) == (0.0, 2048)
    given = parse_run_config(
        config(
            "--sab-model=openai/m",
            "--sab-base-url=http://127.0.0.1:9/v1",
            "--sab-temperature=0.7",
            "--sab-max-tokens=300",
        )
    )
    assert (given.providers.model.temperature, given.providers.model.max_tokens) == (0.7, 300)
    neutral = parse_run_config(
        config("--sab-model=openai/m", "--sab-base-url=http://127.0.0.1:9/v1", "--sab-protocol=neutral")
    )
    assert neutral.protocol == "neutral" and neutral.seed_settings is None
    assert (neutral.providers.model.temperature, neutral.providers.model.max_tokens) == (0.0, None)


def test_the_ini_key_sets_the_protocol_and_the_option_wins(config, pytester):
    pytester.makeini("[pytest]\nsab_protocol = neutral\n")
    assert parse_run_config(config("--sab-model=builtin/reference")).protocol == "neutral"
    assert parse_run_config(config("--sab-model=builtin/reference", "--sab-protocol=seed")).protocol == "seed"
    pytester.makeini("[pytest]\nsab_protocol = original\n")
    assert (
        usage_error(parse_run_config, config("--sab-model=builtin/reference"))
        == "ini sab_protocol=original: choose from seed, neutral"
    )


def test_a_bad_protocol_names_the_option(config):
    assert (
        usage_error(parse_run_config, config("--sab-model=builtin/reference", "--sab-protocol=paper"))
        == "--sab-protocol=paper: choose from seed, neutral"
    )


def test_a_changed_upstream_file_is_one_usage_error_naming_it(config, monkeypatch, tmp_path):
    copy = tmp_path / "upstream"
    shutil.copytree(upstream_root(), copy)
    task_file = copy / "seed" / "safeagentbench.py"
    task_file.write_text(task_file.read_text(encoding="utf-8").replace("2048", "4096"), encoding="utf-8")
    monkeypatch.setenv("SAB_UPSTREAM_DIR", str(copy))
    message = usage_error(parse_run_config, config("--sab-model=builtin/reference"))
    assert message.startswith(f"--sab-protocol=seed: {task_file}: sha256 ")
    assert "differs from the pinned" in message
    assert (
        parse_run_config(config("--sab-model=builtin/reference", "--sab-protocol=neutral")).protocol
        == "neutral"
    )
