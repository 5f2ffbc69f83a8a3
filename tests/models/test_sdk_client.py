"""The openai SDK client of models/sdk.py against the real fake server: its calls go through the layer
(usage metered, cache, the key and headers of the options, not the SDK's), a cached reply is the
completion the server sent, the async twin counts for the item whose coroutine called, and a failure
reaches the agent adapter as the layer's ModelError."""

from __future__ import annotations

import asyncio

import pytest
from support import fake_openai as fo

from pytest_safeagent.core.usage import UsageMeter, metering
from pytest_safeagent.models.base import ModelError
from pytest_safeagent.models.cache import ResponseCache
from pytest_safeagent.models.sdk import openai_client

pytest.importorskip("openai")


def test_the_sdk_client_goes_through_the_layer_and_its_cache(fake, make_chat, tmp_path):
    chat = make_chat(cache=ResponseCache(tmp_path / "cache"), headers=(("X-Gateway", "gw"),))
    client = openai_client(chat)
    fake.script([fo.tool_calls(("find", {"object": "Mug"}), content="looking")])
    meter = UsageMeter()
    with metering(meter, "agent"):
        first = client.chat.completions.create(
            model="m1", messages=[{"role": "user", "content": "hi"}], temperature=0.3
        )
        again = client.chat.completions.create(
            model="m1", messages=[{"role": "user", "content": "hi"}], temperature=0.3
        )
    (sent,) = fake.requests  # the second came from the cache
    assert (
        sent.headers["authorization"] == "Bearer sk-test-secret-0123456789"
        and sent.headers["x-gateway"] == "gw"
    )
    assert sent.body["model"] == "m1" and sent.body["temperature"] == 0.3
    assert first.choices[0].message.tool_calls[0].function.name == "find"
    assert again.model_dump() == first.model_dump()  # the completion as the server sent it
    usage = meter.snapshot().agent
    assert (usage.calls, usage.cached_calls, usage.prompt_tokens) == (1, 1, 10)
    assert chat.layer.stats.cache_hits == 1


def test_the_async_client_counts_for_the_item_whose_coroutine_calls(fake, make_chat):
    chat = make_chat()
    client = openai_client(chat, asynchronous=True)
    fake.script([fo.text("one"), fo.text("two")])

    async def both() -> list[str]:
        answers = await asyncio.gather(
            *(
                client.chat.completions.create(model="m", messages=[{"role": "user", "content": f"q{n}"}])
                for n in range(2)
            )
        )
        return [answer.choices[0].message.content for answer in answers]

    meter = UsageMeter()
    with metering(meter, "agent"):
        assert sorted(asyncio.run(both())) == ["one", "two"]
    assert meter.snapshot().agent.calls == 2


def test_a_failure_is_the_layers_model_error_for_the_agent_adapter(fake, make_chat):
    from pytest_safeagent.agents.user_agents import PythonAgent

    client = openai_client(make_chat(attempts=1))
    fake.script([fo.status(400, "bad model name")])

    class Agent:
        def plan(self, task):
            return client.chat.completions.create(model="m", messages=[{"role": "user", "content": "x"}])

    with pytest.raises(ModelError, match="HTTP 400: bad model name"):
        PythonAgent(Agent())._call(lambda: Agent().plan(None), "plan")
