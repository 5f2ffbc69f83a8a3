"""The OpenAI-compatible provider against a real HTTP
server on 127.0.0.1, through the real ``openai`` client."""

from __future__ import annotations

import email.utils
import time

import pytest
from support import fake_openai as fo

from pytest_safeagent.models.base import ModelError
from pytest_safeagent.models.retry import RetryPolicy, parse_retry_after

MESSAGES = [{"role": "system", "content": "You plan."}, {"role": "user", "content": "Task: wash the mug"}]


def test_text_answer_and_request_shape(fake, make_chat):
    fake.script([fo.text("1. find Mug\n2. pick Mug")])
    reply = make_chat(temperature=0.25, max_tokens=77).complete(MESSAGES)
    assert reply.text == "1. find Mug\n2. pick Mug"
    assert reply.refusal is None and reply.finish_reason == "stop" and not reply.cached
    assert reply.usage == {"prompt_tokens": 10, "completion_tokens": 5, "total_tokens": 15}
    (request,) = fake.requests
    assert request.path == "/v1/chat/completions"
    assert request.body["model"] == "fake-model" and request.body["messages"] == MESSAGES
    assert request.body["temperature"] == 0.25 and request.body["max_tokens"] == 77
    assert "repeat_penalty" not in request.body  # only sent when set
    assert request.headers["authorization"] == "Bearer sk-test-secret-0123456789"


def test_repeat_penalty_is_sent_as_an_extension_field(fake, make_chat):
    fake.script([fo.text("find Mug")])
    make_chat(repeat_penalty=1.1).complete(MESSAGES)
    assert fake.requests[0].body["repeat_penalty"] == 1.1


def test_tool_calls_become_plan_lines(fake, make_chat):
    fake.script(
        [
            fo.tool_calls(
                ("find", {"object": "Mug"}),
                ("fillLiquid", {"object": "Mug", "liquid": "water"}),
                ("submit_plan", {"steps": ["find Sink", "put Sink"]}),
                ("drop", ""),
            )
        ]
    )
    reply = make_chat().complete(MESSAGES)
    assert reply.text.splitlines() == ["find Mug", "fillLiquid Mug water", "find Sink", "put Sink", "drop"]
    assert reply.tool_calls[0] == {"id": "call_0", "name": "find", "arguments": '{"object": "Mug"}'}
    assert reply.refusal is None and reply.finish_reason == "tool_calls"


@pytest.mark.parametrize(
    ("script", "expected"),
    [
        (fo.refusal("I can't help with that."), "I can't help with that."),
        (fo.content_filter(), "content filter"),
        (fo.text(""), "empty answer"),
    ],
    ids=["refusal-field", "content-filter", "empty-content"],
)
def test_api_refusals_are_recorded_not_raised(fake, make_chat, script, expected):
    fake.script([script])
    reply = make_chat().complete(MESSAGES)
    assert reply.text == "" and expected in reply.refusal
    assert len(fake.requests) == 1  # a refusal is an answer: no retry


def test_429_retry_after_is_honoured(fake, make_chat):
    fake.script([fo.rate_limited("1"), fo.text("find Mug")])
    model = make_chat(base_delay_s=0.01)  # without the header the wait would be ~10 ms
    assert model.complete(MESSAGES).text == "find Mug"
    first, second = fake.requests
    assert second.received_at - first.received_at >= 0.95
    assert model.layer.stats.retries == 1 and model.layer.stats.waits_s == [1.0]


def test_retry_after_is_capped_by_the_longest_wait(fake, make_chat):
    fake.script([fo.rate_limited("3600"), fo.text("find Mug")])
    model = make_chat(max_delay_s=0.2)
    started = time.monotonic()
    assert model.complete(MESSAGES).text == "find Mug"
    assert time.monotonic() - started < 2 and model.layer.stats.waits_s == [0.2]


def test_server_errors_are_retried_then_reported(fake, make_chat):
    fake.script([fo.status(500, "boom")] * 3)
    with pytest.raises(ModelError, match=r"gave up after 3 tries: HTTP 500: boom"):
        make_chat(attempts=3).complete(MESSAGES)
    assert len(fake.requests) == 3


def test_mixed_faults_then_success(fake, make_chat):
    fake.script([fo.status(503), fo.malformed_json(), fo.empty_choices(), fo.text("find Mug")])
    model = make_chat(attempts=4)
    assert model.complete(MESSAGES).text == "find Mug"
    assert len(fake.requests) == 4 and model.layer.stats.retries == 3


def test_malformed_json_and_empty_choices_name_the_cause(fake, make_chat):
    fake.script([fo.malformed_json(), fo.empty_choices()])
    with pytest.raises(ModelError) as info:
        make_chat(attempts=2).complete(MESSAGES)
    assert "not valid JSON" in str(info.value) and "no choices" in str(info.value)


def test_stall_beyond_the_timeout_is_a_retried_timeout(fake, make_chat):
    fake.script([fo.stall(3.0), fo.text("find Mug")])
    model = make_chat(timeout_s=0.3)
    started = time.monotonic()
    assert model.complete(MESSAGES).text == "find Mug"
    assert time.monotonic() - started < 2.5
    fake.script([fo.stall(3.0), fo.stall(3.0)])
    with pytest.raises(ModelError, match="timed out"):
        make_chat(timeout_s=0.3, attempts=2).complete(MESSAGES)


@pytest.mark.parametrize("code", [400, 401, 404])
def test_client_errors_are_not_retried(fake, make_chat, code):
    fake.script([fo.status(code, "no such model")])
    with pytest.raises(ModelError, match=rf"not retryable, stopped after 1 try: HTTP {code}: no such model"):
        make_chat().complete(MESSAGES)
    assert len(fake.requests) == 1


def test_one_try_is_one_request(fake, make_chat):
    fake.script([fo.status(500), fo.text("never reached")])
    with pytest.raises(ModelError):
        make_chat(attempts=1).complete(MESSAGES)
    assert len(fake.requests) == 1


def test_a_redirect_is_followed_as_httpx_follows_it(fake, make_chat):
    moved = (
        fake.base_url.replace("/v1", "/v2") + "/chat/completions"
    )  # the same loopback server (tests/net: other hosts)
    fake.script([fo.status(307, "moved", {"Location": moved}), fo.text("find Mug")])
    assert make_chat(attempts=1).complete(MESSAGES).text == "find Mug"
    assert [request.path for request in fake.requests] == ["/v1/chat/completions", "/v2/chat/completions"]
    assert fake.requests[1].body == fake.requests[0].body  # a 307 keeps the method and the body


def test_the_organization_and_project_variables_become_headers_as_in_the_openai_sdk(
    fake, make_chat, monkeypatch
):
    monkeypatch.setenv("OPENAI_ORG_ID", "org-42")
    monkeypatch.setenv("OPENAI_PROJECT_ID", "proj-7")
    fake.script([fo.text("find Mug")])
    make_chat().complete(MESSAGES)
    (request,) = fake.requests
    assert (
        request.headers["openai-organization"] == "org-42" and request.headers["openai-project"] == "proj-7"
    )
    assert request.headers["content-type"] == "application/json"


def test_connection_refused_is_a_model_error_naming_an_unusable_endpoint(make_chat, fake):
    model = make_chat(attempts=2)
    fake.stop()
    with pytest.raises(ModelError, match="connection error .*Connection refused") as raised:
        model.complete(MESSAGES)
    assert raised.value.infra_cause == "connection refused"


def test_concurrency_gate_bounds_requests_in_flight(fake, make_chat):
    fake.responder = lambda request: fo.text("find Mug", delay_s=0.2)
    model = make_chat(concurrency=2)
    futures = [
        model.layer.submit(model.complete, [*MESSAGES, {"role": "user", "content": str(i)}]) for i in range(6)
    ]
    assert [f.result(timeout=10).text for f in futures] == ["find Mug"] * 6
    assert fake.peak_in_flight == 2 and model.layer.stats.peak_in_flight == 2


def test_a_429_slows_the_whole_process_then_recovers(fake, make_chat):
    """A Retry-After holds every new submission of the process, not just the rate-limited request,
    and halves the slots in use; successes give the slots back."""
    fake.script([fo.rate_limited("1")])
    fake.responder = lambda request: fo.text("ok")
    model = make_chat(concurrency=4)
    slow = model.layer.submit(model.complete, MESSAGES)
    time.sleep(0.3)
    assert model.layer.limit == 2 and model.layer.stats.slowdowns == 1
    started = time.monotonic()
    assert model.complete([*MESSAGES, {"role": "user", "content": "other"}]).text == "ok"
    assert time.monotonic() - started > 0.4  # held back until the server's Retry-After passed
    assert slow.result(timeout=5).text == "ok"
    for i in range(6):
        model.complete([*MESSAGES, {"role": "user", "content": f"more {i}"}])
    assert model.layer.limit == 4


@pytest.mark.parametrize(
    ("headers", "expected"),
    [
        ({"Retry-After": "2"}, 2.0),
        ({"retry-after": "0.5"}, 0.5),
        ({"retry-after-ms": "250"}, 0.25),
        ({"Retry-After": "soon"}, None),
        ({}, None),
    ],
)
def test_parse_retry_after(headers, expected):
    assert parse_retry_after(headers) == expected


def test_parse_retry_after_http_date():
    now = time.time()
    header = email.utils.formatdate(now + 30, usegmt=True)
    assert 28 <= parse_retry_after({"Retry-After": header}, now=now) <= 31


def test_backoff_grows_and_is_capped():
    import random

    policy = RetryPolicy(attempts=6, base_delay_s=1.0, max_delay_s=5.0)
    rng = random.Random(1)
    waits = [policy.backoff(n, rng) for n in range(1, 6)]
    assert 0.5 <= waits[0] <= 1.0 and 1.0 <= waits[1] <= 2.0 and all(w <= 5.0 for w in waits)


def test_the_key_stays_out_of_debug_logs_and_errors(fake, make_chat, caplog):
    """Even with every logger at DEBUG, the key is only in the request header: not in errors, not in logs."""
    caplog.set_level("DEBUG")
    fake.script([fo.text("find Mug"), fo.status(401, "invalid key"), fo.status(500)])
    model = make_chat(attempts=1)
    model.complete(MESSAGES)
    for _ in range(2):
        with pytest.raises(ModelError) as info:
            model.complete([*MESSAGES, {"role": "user", "content": str(_)}])
        assert "sk-test-secret" not in str(info.value) and "sk-test-secret" not in repr(info.value.__cause__)
    assert "sk-test-secret" not in caplog.text
    assert all(r.headers["authorization"].endswith("sk-test-secret-0123456789") for r in fake.requests)
