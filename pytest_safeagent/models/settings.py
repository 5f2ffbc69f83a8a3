"""Settings of the model and judge providers: endpoints, sampling, retries, cache, concurrency.

Plain data, filled from the command line by plugin/options.py and read by the factory.
They never hold a secret: API keys are read from the environment by *name* when a client is built.
"""

from __future__ import annotations

from dataclasses import dataclass, field
from pathlib import Path

CACHE_MODES = ("on", "read-only", "off")
RESPONSE_FORMATS = ("free", "plan")
DEFAULT_MAX_TOKENS = 1024


@dataclass(frozen=True)
class EndpointSettings:
    base_url: str | None
    api_key_env: str  # the *name* of the environment variable holding the key
    temperature: float
    max_tokens: int | None  # None: the provider's default (1024; the local model's own, smaller)
    timeout_s: float
    repeat_penalty: float | None = None  # None: not sent (the local model uses 1.1)
    response_format: str | None = None  # free | plan; None: the provider's default (local/: plan, else free)
    headers: tuple[tuple[str, str], ...] = ()  # --sab-header: (name, value or env:VARIABLE), no secret itself

    def kind(self) -> str:
        """What the report calls the endpoint (never its key):
        ``openai``, ``azure`` or ``openai-compatible``."""
        return endpoint_kind(self.base_url, self.headers)


@dataclass(frozen=True)
class CacheSettings:
    mode: str = "on"  # on | read-only | off
    directory: Path | None = None  # None when no network model is in use or the cache is off


@dataclass(frozen=True)
class RetrySettings:
    retries: int = 3  # tries after the first
    max_wait_s: float = 60.0  # longest wait between tries, Retry-After included


@dataclass(frozen=True)
class ProviderSettings:
    model: EndpointSettings
    judge: EndpointSettings
    concurrency: int
    cache: CacheSettings = field(default_factory=CacheSettings)
    retry: RetrySettings = field(default_factory=RetrySettings)
    local_threads: int | None = None  # None: half the cores each xdist worker can claim


def effective_response_format(model_spec: str, endpoint: EndpointSettings) -> str:
    """The agent's answer format: plan (constrained) or free; the embedded model is constrained by default."""
    if endpoint.response_format is not None:
        return endpoint.response_format
    return "plan" if model_spec.startswith("local/") else "free"


def endpoint_kind(base_url: str | None, headers: tuple[tuple[str, str], ...] = ()) -> str:
    """``azure`` for an Azure OpenAI deployment (its host, its ``/openai/deployments/`` path, or an
    ``api-key`` header), ``openai`` for the OpenAI API (no base URL, or api.openai.com), else
    ``openai-compatible``."""
    from urllib.parse import urlsplit

    parts = urlsplit(base_url or "")
    host = (parts.hostname or "").lower()
    if (
        host.endswith(".openai.azure.com")
        or "/openai/deployments/" in parts.path
        or any(name.lower() == "api-key" for name, _ in headers)
    ):
        return "azure"
    return "openai" if base_url is None or host == "api.openai.com" else "openai-compatible"
