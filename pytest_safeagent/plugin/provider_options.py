"""Options of the model and judge providers (endpoints, sampling, retries, cache, concurrency).

Parsed once in ``pytest_configure`` with the rest of the options; a bad value is a usage error
naming the option. API keys are read from the environment by *name* when a client is built
and never stored in the settings that reach reports or logs.
"""

from __future__ import annotations

import os
import re
from pathlib import Path
from urllib.parse import urlsplit

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
from pytest_safeagent.plugin.errors import option_error, whole_number


def add_provider_options(group: pytest.OptionGroup) -> None:
    add = group.addoption
    add("--sab-base-url", metavar="URL", help="agent endpoint (default: $OPENAI_BASE_URL, then OpenAI)")
    add("--sab-api-key-env", default="OPENAI_API_KEY", metavar="VAR",
        help="environment variable holding the agent endpoint's API key (default: OPENAI_API_KEY)")
    add("--sab-temperature", default=None, metavar="T",
        help="agent sampling temperature (default: 0; under --sab-protocol=seed the seed harness's, 0.0)")
    add("--sab-max-tokens", default=None, metavar="N",
        help=f"answer length limit (default: {DEFAULT_MAX_TOKENS}, under --sab-protocol=seed the seed harness's 2048; "
             "local/smollm2: 256)")
    add("--sab-timeout", default="120", metavar="SECONDS", help="per-request timeout (default: 120)")
    add("--sab-repeat-penalty", default=None, metavar="X",
        help="repeat penalty sent to llama.cpp/vLLM-style servers (default: not sent; local/smollm2: 1.1)")
    add("--sab-response-format", default=None, metavar="FORMAT",
        help="free: the agent answers in free text; plan: only a refusal or a numbered plan of the scene's "
             "objects (JSON schema for openai/, grammar for local/) (default: plan for local/, free for openai/)")
    add("--sab-concurrency", default=None, metavar="N", help=(
        "benchmark items in flight per process, played ahead of pytest's loop (also the process's model "
        "requests in flight; ini sab_concurrency; default 8; 1 plays one item at a time)"))
    add("--sab-retries", default="3", metavar="N",
        help="retries of a request after 429, 5xx, timeouts, connection errors, unreadable replies (default: 3)")
    add("--sab-retry-max-wait", default="60", metavar="SECONDS",
        help="longest wait before a retry, Retry-After included (default: 60)")
    add("--sab-cache", default="on", metavar="MODE",
        help="response cache: on, read-only (use but never write) or off (default: on)")
    add("--sab-cache-dir", default=None, metavar="DIR",
        help="response cache directory (default: .pytest_cache/d/safeagent-responses)")
    add("--sab-local-threads", default=None, metavar="N",
        help="CPU threads of the local model's server (default: half the cores per xdist worker, at least 1)")
    add("--sab-judge-base-url", metavar="URL", help="judge endpoint (default: the agent's)")
    add("--sab-judge-api-key-env", default=None, metavar="VAR",
        help="environment variable holding the judge's API key (default: the agent's variable)")


def _number(config: pytest.Config, option: str, kind: type, minimum: float) -> float | int:
    text = config.getoption(option)
    try:
        value = kind(text)
    except (TypeError, ValueError):
        raise option_error(option, text, f"expected a {'number' if kind is float else 'whole number'}") from None
    if value != value or value in (float("inf"), float("-inf")):
        raise option_error(option, text, "expected a finite number")
    if value < minimum:
        raise option_error(option, text, f"must be at least {minimum}")
    return value


def _concurrency(config: pytest.Config) -> int:
    """--sab-concurrency, else the ini setting sab_concurrency (default 8)."""
    text = config.getoption("--sab-concurrency")
    option = "--sab-concurrency"
    if text is None:
        text, option = config.getini("sab_concurrency"), "ini sab_concurrency"
    return whole_number(option, text, 1)


def _optional_number(config: pytest.Config, option: str, kind: type, minimum: float) -> float | int | None:
    return None if config.getoption(option) is None else _number(config, option, kind, minimum)


def _url(config: pytest.Config, option: str) -> str | None:
    value = config.getoption(option)
    if value is None:
        return None
    parts = urlsplit(value)
    if parts.scheme not in ("http", "https") or not parts.hostname:
        # The value may carry credentials: name the option, never echo it.
        raise option_error(option, value, "expected an http:// or https:// URL with a host name", secret=True)
    return value


def _env_name(config: pytest.Config, option: str) -> str | None:
    value = config.getoption(option)
    if value is not None and not re.fullmatch(r"[A-Za-z_][A-Za-z0-9_]*", value):
        # Not echoed: a key pasted here by mistake must not reach the terminal.
        raise option_error(option, value, "expected the NAME of an environment variable (letters, digits, _), "
                                          "not a key or other value", secret=True)
    return value


def _response_format(config: pytest.Config) -> str | None:
    value = config.getoption("--sab-response-format")
    if value is None:
        return None
    if value not in RESPONSE_FORMATS:
        raise option_error("--sab-response-format", value, f"choose from {', '.join(RESPONSE_FORMATS)}")
    from pytest_safeagent.models.catalog import uses_network

    spec = config.getoption("--sab-model") or ""
    if not uses_network(spec):
        raise option_error("--sab-response-format", value, f"applies to openai/ and local/ models, not {spec}")
    return value


def _require_key(option: str, spec: str, endpoint: EndpointSettings) -> None:
    """The official OpenAI endpoint needs a key; other endpoints (local servers) may not."""
    if not spec.startswith("openai/") or endpoint.base_url or os.environ.get("OPENAI_BASE_URL"):
        return
    if not os.environ.get(endpoint.api_key_env):
        raise option_error(option, endpoint.api_key_env, f"the environment variable is empty or not set, and {spec} "
                           f"goes to the OpenAI API, which needs a key (or point it elsewhere with a base URL option)")


def _cache_settings(config: pytest.Config, specs: tuple[str, ...]) -> CacheSettings:
    mode = config.getoption("--sab-cache")
    if mode not in CACHE_MODES:
        raise option_error("--sab-cache", mode, f"choose from {', '.join(CACHE_MODES)}")
    from pytest_safeagent.models.catalog import uses_network

    if mode == "off" or not any(uses_network(spec) for spec in specs):
        return CacheSettings(mode=mode, directory=None)
    explicit = config.getoption("--sab-cache-dir")
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
    temperature = _optional_number(config, "--sab-temperature", float, 0.0) or 0.0
    max_tokens = _optional_number(config, "--sab-max-tokens", int, 1)
    timeout = _number(config, "--sab-timeout", float, 0.001)
    repeat_penalty = _optional_number(config, "--sab-repeat-penalty", float, 0.0)
    key_env = _env_name(config, "--sab-api-key-env")
    model = EndpointSettings(_url(config, "--sab-base-url"), key_env, temperature, max_tokens, timeout, repeat_penalty,
                             _response_format(config))
    judge = EndpointSettings(
        _url(config, "--sab-judge-base-url") or model.base_url,
        _env_name(config, "--sab-judge-api-key-env") or key_env,
        0.0, max_tokens or DEFAULT_MAX_TOKENS, timeout,
    )
    model_spec = config.getoption("--sab-model") or ""
    judge_spec = config.getoption("--sab-judge") or ""
    _require_key("--sab-api-key-env", model_spec, model)
    _require_key("--sab-judge-api-key-env", judge_spec, judge)
    retry = RetrySettings(retries=_number(config, "--sab-retries", int, 0),
                          max_wait_s=_number(config, "--sab-retry-max-wait", float, 0.0))
    return ProviderSettings(model=model, judge=judge, concurrency=_concurrency(config),
                            cache=_cache_settings(config, (model_spec, judge_spec)), retry=retry,
                            local_threads=_optional_number(config, "--sab-local-threads", int, 1))
