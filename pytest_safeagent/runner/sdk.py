"""The run's openai SDK clients, for agents of a user's own: ``openai.OpenAI`` and ``openai.AsyncOpenAI``
configured from the ``--sab-*`` options (base URL, key variable, headers, timeout) whose calls go through
the plugin's layer (models/sdk.py): counted in the item's usage and cost, answered from the response
cache, held by the concurrency gate and the 429 back-off, stopped by ``--sab-max-cost``.

The fixtures ``sab_openai_client`` and ``sab_async_openai_client`` hand them out; a ``python:`` agent,
made before any fixture exists, calls :func:`openai_client` or :func:`async_openai_client` when it
first needs one (inside ``plan``/``act``). One client of each kind per process.
"""

from __future__ import annotations

import threading
from typing import TYPE_CHECKING, Any

if TYPE_CHECKING:
    from pytest_safeagent.models.settings import ProviderSettings

_lock = threading.Lock()
_providers: ProviderSettings | None = None
_clients: dict[bool, Any] = {}


def configure(providers: ProviderSettings | None) -> None:
    """The run's provider settings (the plugin calls this when it reads the options)."""
    global _providers
    with _lock:
        _providers = providers
        _clients.clear()


def openai_client() -> Any:
    """The run's ``openai.OpenAI``."""
    return _client(asynchronous=False)


def async_openai_client() -> Any:
    """The run's ``openai.AsyncOpenAI``."""
    return _client(asynchronous=True)


def _client(*, asynchronous: bool) -> Any:
    with _lock:
        client = _clients.get(asynchronous)
        if client is None:
            if _providers is None:
                raise RuntimeError(
                    "no benchmark run is configured: the openai SDK client needs pytest run with "
                    "--sab-model (its --sab-base-url, --sab-api-key-env and --sab-header options)"
                )
            from pytest_safeagent.models.sdk import openai_client as make
            from pytest_safeagent.runner.parts import sdk_chat

            client = _clients[asynchronous] = make(sdk_chat(_providers), asynchronous=asynchronous)
        return client
