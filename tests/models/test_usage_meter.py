"""Usage is counted where every network call passes (the client layer), for the item and role being played:
new calls with the tokens the server reported, cached and shared replies as cached with no tokens."""

from __future__ import annotations

import threading

from support import fake_openai as fo

from pytest_safeagent.core.usage import UsageMeter, add_listener, metering, remove_listener
from pytest_safeagent.models.cache import ResponseCache

MESSAGES = [{"role": "user", "content": "Task: wash the mug in the sink"}]


def test_calls_count_for_the_role_being_played_with_the_servers_tokens(fake, make_chat, tmp_path):
    fake.count_tokens = True
    fake.responder = lambda request: fo.text("1. find Mug\n2. pick Mug")
    meter, heard = UsageMeter(), []

    def listener(role: str, prompt_tokens: int, completion_tokens: int) -> None:
        heard.append(role)

    add_listener(listener)
    try:
        model = make_chat(cache=ResponseCache(tmp_path, "on"))
        with metering(meter, "agent"):
            model.complete(MESSAGES)
        with metering(meter, "judge"):
            model.complete([{"role": "user", "content": "Judge this answer, please"}])
            model.complete(MESSAGES)  # answered from the cache
        model.complete([{"role": "user", "content": "outside any item"}])  # counted for nobody's item
    finally:
        remove_listener(listener)
        heard_calls = list(heard)
    agent_seen = fake.observed_usage(lambda r: "wash" in r.prompt)
    judge_seen = fake.observed_usage(lambda r: "Judge" in r.prompt)
    usage = meter.snapshot()
    assert usage.agent.model_dump() == {**agent_seen, "cached_calls": 0, "unknown_usage_calls": 0}
    assert usage.judge.model_dump() == {**judge_seen, "cached_calls": 1, "unknown_usage_calls": 0}
    assert agent_seen["prompt_tokens"] != judge_seen["prompt_tokens"]  # the counts differ per request
    assert len(fake.requests) == 3  # the spending limit hears sent calls only, with their role
    assert heard_calls == ["agent", "judge", "agent"]


def test_an_identical_request_in_flight_is_shared_and_counted_as_cached(fake, make_chat, tmp_path):
    fake.responder = lambda request: fo.text("1. find Mug", delay_s=0.3)
    model = make_chat(cache=ResponseCache(tmp_path, "on"))
    meters = [UsageMeter(), UsageMeter()]

    def play(meter: UsageMeter) -> None:
        with metering(meter, "agent"):
            model.complete(MESSAGES)

    threads = [threading.Thread(target=play, args=(meter,)) for meter in meters]
    for thread in threads:
        thread.start()
    for thread in threads:
        thread.join()
    assert len(fake.requests) == 1
    agents = sorted((m.snapshot().agent for m in meters), key=lambda u: u.calls)
    assert [(u.calls, u.cached_calls) for u in agents] == [(0, 1), (1, 0)]
    assert (agents[0].prompt_tokens, agents[1].prompt_tokens) == (0, 10)
