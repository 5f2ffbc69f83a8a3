"""Fixtures of the interactive-agent tests: a simulator pool (a real symbolic server) and chat models."""

from __future__ import annotations

from pathlib import Path

import pytest

from pytest_safeagent.models.client import ClientLayer
from pytest_safeagent.models.openai_chat import ChatSettings, OpenAIChatModel
from pytest_safeagent.models.retry import RetryPolicy
from pytest_safeagent.simulator.pool import SimulatorPool
from pytest_safeagent.simulator.simulation import SimulationSettings


@pytest.fixture(scope="module")
def simulator(scenes_dir: Path, tmp_path_factory: pytest.TempPathFactory):
    pool = SimulatorPool(
        SimulationSettings(
            urls=(),
            backend="symbolic",
            scenes_dir=str(scenes_dir),
            log_dir=tmp_path_factory.mktemp("thor"),
            sessions=2,
        )
    )
    yield pool
    pool.close()


@pytest.fixture
def chat_on():
    """``chat_on(server)``: an OpenAIChatModel talking to a fake server (no retries, no cache)."""
    built = []

    def build(server) -> OpenAIChatModel:
        layer = ClientLayer(2, None, RetryPolicy(attempts=1))
        model = OpenAIChatModel(
            "openai/scripted",
            ChatSettings(model="scripted", base_url=server.base_url, api_key_env="SAB_NO_KEY", timeout_s=10),
            layer,
        )
        built.append(model)
        return model

    yield build
    for model in built:
        model.close()


def pytest_configure(config: pytest.Config) -> None:
    config.addinivalue_line(
        "markers", "local_model: runs the embedded SmolLM2 llama.cpp server (needs the local extra)"
    )
