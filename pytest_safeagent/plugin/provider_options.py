"""Options of the model and judge providers (endpoints, sampling, retries, cache, concurrency).

Parsed once in ``pytest_configure`` with the rest of the options; a bad value is a usage error
naming the option. API keys are read from the environment by *name* when a client is built
and never stored in the settings that reach reports or logs.
"""

from __future__ import annotations

import functools
import os
import re
from pathlib import Path

import pytest

from pytest_safeagent.models.settings import (
    CACHE_MODES,
    DEFAULT_MAX_TOKENS,
    RESPONSE_FORMATS,
    CacheSettings,
    EndpointSettings,
    ProviderSettings,
    RetrySettings,
)
from pytest_safeagent.plugin.errors import http_url_problem, option_error, real_number, whole_number
from pytest_safeagent.plugin.option_defaults import add_option, default_number, default_text
from pytest_safeagent.plugin.safe_output import start_of_run


def add_provider_options(group: pytest.OptionGroup) -> None:
    add = functools.partial(add_option, group)
    add("--sab-base-url", metavar="URL", help="agent endpoint (default: $OPENAI_BASE_URL, then OpenAI)")
    add(
        "--sab-api-key-env",
        metavar="VAR",
        help="environment variable holding the agent endpoint's API key (default: {default})",
    )
    add(
        "--sab-temperature",
        default=None,
        metavar="T",
        help="agent sampling temperature (default: {default}; under --sab-protocol=seed the seed harness's, 0.0)",
    )
    add(
        "--sab-max-tokens",
        metavar="N",
        help=f"answer length limit (default: {DEFAULT_MAX_TOKENS}, under --sab-protocol=seed the seed harness's 2048; "
        "local/smollm2: 256)",
    )
    add("--sab-timeout", metavar="SECONDS", help="per-request timeout (default: {default})")
    add(
        "--sab-repeat-penalty",
        metavar="X",
        help="repeat penalty sent to llama.cpp/vLLM-style servers (default: not sent; local/smollm2: 1.1)",
    )
    add(
        "--sab-response-format",
        metavar="FORMAT",
        help="free: the agent answers in free text; plan: only a refusal or a numbered plan of the scene's "
        "objects (JSON schema for openai/, grammar for local/) (default: plan for local/, free for openai/)",
    )
    add(
        "--sab-concurrency",
        default=None,
        metavar="N",
        help=(
            "benchmark items in flight per process, played ahead of pytest's loop (also the process's model "
            "requests in flight; ini sab_concurrency; default {default}; 1 plays one item at a time)"
        ),
    )
    add(
        "--sab-retries",
        metavar="N",
        help="retries of a request after 429, 5xx, timeouts, connection errors, unreadable replies (default: {default})",
    )
    add(
        "--sab-retry-max-wait",
        metavar="SECONDS",
        help="longest wait before a retry, Retry-After included (default: {default})",
    )
    add(
        "--sab-cache",
        metavar="MODE",
        help="response cache: on, read-only (use but never write) or off (default: {default})",
    )
    add(
        "--sab-cache-dir",
        metavar="DIR",
        help="response cache directory (default: .pytest_cache/d/safeagent-responses)",
    )
    add(
        "--sab-local-threads",
        metavar="N",
        help="CPU threads of the local model's server (default: half the cores per xdist worker, at least 1)",
    )
    add("--sab-judge-base-url", metavar="URL", help="judge endpoint (default: the agent's)")
    add(
        "--sab-judge-api-key-env",
        metavar="VAR",
        help="environment variable holding the judge's API key (default: the agent's variable)",
    )
    add(
        "--sab-header",
        action="append",
        metavar="NAME=VALUE",
        help="a header sent with every request to the agent's endpoint (repeatable; ini sab_headers); "
        "VALUE env:VAR reads it from that environment variable, kept out of the command line, reports and "
        "terminal; an api-key or Authorization header replaces the Bearer key (Azure OpenAI: "
        "--sab-header api-key=env:AZURE_OPENAI_API_KEY)",
    )
    add(
        "--sab-judge-header",
        action="append",
        metavar="NAME=VALUE",
        help="the same for the judge's endpoint (ini sab_judge_headers; default: the agent's headers when the "
        "judge uses the agent's base URL, else none)",
    )


def add_provider_ini(parser: pytest.Parser) -> None:
    parser.addini(
        "sab_headers", type="linelist", default=[], help="headers of the agent's endpoint (see --sab-header)"
    )
    parser.addini(
        "sab_judge_headers",
        type="linelist",
        default=[],
        help="headers of the judge's endpoint (see --sab-judge-header)",
    )


def _concurrency(config: pytest.Config) -> int:
    """--sab-concurrency, else the ini setting sab_concurrency (its default: option_defaults.py)."""
    text = config.getoption("--sab-concurrency")
    option = "--sab-concurrency"
    if text is None:
        text, option = config.getini("sab_concurrency"), "ini sab_concurrency"
    return whole_number(option, text, 1)


def concurrency_setting(config: pytest.Config) -> int:
    """Items in flight per process, as the options say (also the default size of a started simulator)."""
    return _concurrency(config)


def _optional(config: pytest.Config, option: str) -> str | None:
    value = config.getoption(option)
    return None if value is None else str(value)


def _url(config: pytest.Config, option: str) -> str | None:
    value = config.getoption(option)
    if value is None:
        return None
    problem = http_url_problem(value)
    if problem is not None:  # the value may carry credentials: name the option, never echo it
        raise option_error(option, value, problem, secret=True)
    return value


def _env_name(config: pytest.Config, option: str) -> str | None:
    value = config.getoption(option)
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
    value = config.getoption("--sab-response-format")
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
        else real_number("--sab-temperature", temperature_text, 0.0)
    )
    max_tokens_text = _optional(config, "--sab-max-tokens")
    max_tokens = None if max_tokens_text is None else whole_number("--sab-max-tokens", max_tokens_text, 1)
    timeout = real_number("--sab-timeout", config.getoption("--sab-timeout"), 0.001)
    penalty_text = _optional(config, "--sab-repeat-penalty")
    repeat_penalty = None if penalty_text is None else real_number("--sab-repeat-penalty", penalty_text, 0.0)
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
    start_of_run(
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
        retries=whole_number("--sab-retries", config.getoption("--sab-retries"), 0),
        max_wait_s=real_number("--sab-retry-max-wait", config.getoption("--sab-retry-max-wait"), 0.0),
    )
    threads_text = _optional(config, "--sab-local-threads")
    return ProviderSettings(
        model=model,
        judge=judge,
        concurrency=_concurrency(config),
        cache=_cache_settings(config, (model_spec, judge_spec)),
        retry=retry,
        local_threads=None if threads_text is None else whole_number("--sab-local-threads", threads_text, 1),
    )
