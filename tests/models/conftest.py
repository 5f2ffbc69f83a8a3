"""Fixtures of the model-layer tests: the fake OpenAI-compatible server and clients wired to it."""

from __future__ import annotations

from pathlib import Path

import pytest
from support.fake_openai import FakeOpenAI

from pytest_safeagent.models.client import ClientLayer
from pytest_safeagent.models.local_catalog import (
    LOCAL_MODELS,
    LocalModelUnavailable,
    check_available,
    served_file,
)
from pytest_safeagent.models.openai_chat import ChatSettings, OpenAIChatModel
from pytest_safeagent.models.retry import RetryPolicy

KEY_ENV = "SAB_TEST_OPENAI_KEY"


def pytest_configure(config: pytest.Config) -> None:
    config.addinivalue_line(
        "markers", "local_model: runs the embedded SmolLM2 llama.cpp server (needs the local extra)"
    )


@pytest.fixture(scope="session")
def gguf() -> Path:
    """The file the embedded model's server loads; the local-model tests skip when the wheels are missing.
    Installed, a copy that cannot be made fails them, never skips them."""
    spec = LOCAL_MODELS["local/smollm2"]
    try:
        check_available(spec)
    except LocalModelUnavailable as exc:
        pytest.skip(f"local model not installed: {exc}")
    return served_file(spec)


@pytest.fixture
def make_chat(fake: FakeOpenAI, monkeypatch: pytest.MonkeyPatch):
    """Build an OpenAIChatModel on the fake server; retries wait milliseconds unless told otherwise."""
    monkeypatch.setenv(KEY_ENV, "sk-test-secret-0123456789")
    built: list[OpenAIChatModel] = []

    def build(
        *,
        attempts: int = 4,
        base_delay_s: float = 0.01,
        max_delay_s: float = 5.0,
        timeout_s: float = 5.0,
        concurrency: int = 4,
        cache=None,
        **settings,
    ) -> OpenAIChatModel:
        layer = ClientLayer(concurrency, cache, RetryPolicy(attempts, base_delay_s, max_delay_s))
        chat_settings = ChatSettings(
            model="fake-model", base_url=fake.base_url, api_key_env=KEY_ENV, timeout_s=timeout_s, **settings
        )
        model = OpenAIChatModel("openai/fake-model", chat_settings, layer)
        built.append(model)
        return model

    yield build
    for model in built:
        model.close()
        model.layer.close()
