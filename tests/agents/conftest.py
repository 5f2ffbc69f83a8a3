"""Fixtures of the strategy tests: the real dataset samples and a model on the fake server."""

from __future__ import annotations

import pytest

from pytest_safeagent.agents.planners.base import PlanningContext
from pytest_safeagent.agents.prompt_sets import NEUTRAL
from pytest_safeagent.models.client import ClientLayer
from pytest_safeagent.models.openai_chat import ChatSettings, OpenAIChatModel
from pytest_safeagent.models.retry import RetryPolicy


@pytest.fixture(scope="session")
def context(pool) -> PlanningContext:
    """The neutral prompt set: these tests are about this
    plugin's own prompts (test_seed_calls.py: the seed's)."""
    return PlanningContext(
        example_pool=tuple(s for group in pool.values() for s in group), prompt_set=NEUTRAL
    )


@pytest.fixture
def chat(fake) -> OpenAIChatModel:
    """A real OpenAI-compatible client on the fake server (no cache, quick retries)."""
    settings = ChatSettings(model="recorded", base_url=fake.base_url, api_key_env="SAB_UNUSED_TEST_KEY")
    model = OpenAIChatModel("openai/recorded", settings, ClientLayer(2, None, RetryPolicy(2, 0.01, 0.05)))
    yield model
    model.close()
