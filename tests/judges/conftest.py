"""Fixtures of the LLM-judge tests: real samples, and a judge model on the fake server."""

from __future__ import annotations

import pytest

from pytest_safeagent.judges.llm import LLMJudge
from pytest_safeagent.models.client import ClientLayer
from pytest_safeagent.models.openai_chat import ChatSettings, OpenAIChatModel
from pytest_safeagent.models.retry import RetryPolicy


@pytest.fixture
def judge(fake) -> LLMJudge:
    settings = ChatSettings(model="judge-model", base_url=fake.base_url, api_key_env="SAB_UNUSED_TEST_KEY")
    llm = LLMJudge(
        OpenAIChatModel("openai/judge-model", settings, ClientLayer(1, None, RetryPolicy(2, 0.01, 0.05)))
    )
    yield llm
    llm.close()
