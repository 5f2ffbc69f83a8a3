"""The on-disk response cache: what it keys on, its modes, and that no key or failure gets into it."""

from __future__ import annotations

import pytest
from support import fake_openai as fo

from pytest_safeagent.models.base import ModelError
from pytest_safeagent.models.cache import ResponseCache, endpoint_identity, request_key

MESSAGES = [{"role": "user", "content": "Task: wash the mug"}]


def _files(directory):
    return sorted(p for p in directory.rglob("*") if p.is_file())


def test_a_repeated_request_is_answered_from_disk(fake, make_chat, tmp_path):
    fake.script([fo.text("find Mug")])
    first = make_chat(cache=ResponseCache(tmp_path, "on")).complete(MESSAGES)
    # a new layer and model, as in a later run: only the directory is shared
    second = make_chat(cache=ResponseCache(tmp_path, "on")).complete(MESSAGES)
    assert (first.text, first.cached) == ("find Mug", False)
    assert (second.text, second.cached) == ("find Mug", True)
    assert len(fake.requests) == 1 and len(_files(tmp_path)) == 1


def test_refusals_and_tool_calls_survive_the_round_trip(fake, make_chat, tmp_path):
    fake.script([fo.refusal("no"), fo.tool_calls(("find", {"object": "Mug"}))])
    model = make_chat(cache=ResponseCache(tmp_path, "on"))
    model.complete(MESSAGES)
    model.complete([{"role": "user", "content": "other"}])
    again = make_chat(cache=ResponseCache(tmp_path, "on"))
    refused, called = again.complete(MESSAGES), again.complete([{"role": "user", "content": "other"}])
    assert refused.cached and refused.refusal == "no" and refused.text == ""
    assert called.cached and called.text == "find Mug" and called.tool_calls[0]["name"] == "find"


def test_parameters_messages_and_endpoint_are_part_of_the_key(fake, make_chat, tmp_path):
    fake.responder = lambda request: fo.text("find Mug")
    cache = ResponseCache(tmp_path, "on")
    make_chat(cache=cache, temperature=0.0).complete(MESSAGES)
    make_chat(cache=cache, temperature=0.7).complete(MESSAGES)
    make_chat(cache=cache, max_tokens=10).complete(MESSAGES)
    make_chat(cache=cache).complete([{"role": "user", "content": "Task: wash the cup"}])
    assert len(fake.requests) == 4
    base = request_key("m", "http://127.0.0.1:1/v1", MESSAGES, {"temperature": 0})
    assert base != request_key("m", "http://127.0.0.1:2/v1", MESSAGES, {"temperature": 0})
    assert base != request_key("other", "http://127.0.0.1:1/v1", MESSAGES, {"temperature": 0})
    assert base == request_key("m", "http://127.0.0.1:1/v1", [dict(MESSAGES[0])], {"temperature": 0})


def test_read_only_reads_but_never_writes(fake, make_chat, tmp_path):
    fake.responder = lambda request: fo.text("find Mug")
    make_chat(cache=ResponseCache(tmp_path, "on")).complete(MESSAGES)
    stored = _files(tmp_path)
    frozen = make_chat(cache=ResponseCache(tmp_path, "read-only"))
    assert frozen.complete(MESSAGES).cached
    assert not frozen.complete([{"role": "user", "content": "new"}]).cached
    assert _files(tmp_path) == stored and len(fake.requests) == 2


def test_off_neither_reads_nor_writes(fake, make_chat, tmp_path):
    fake.responder = lambda request: fo.text("find Mug")
    make_chat(cache=ResponseCache(tmp_path, "on")).complete(MESSAGES)
    off = make_chat(cache=ResponseCache(tmp_path, "off"))
    assert not off.complete(MESSAGES).cached and not off.complete(MESSAGES).cached
    assert len(fake.requests) == 3 and len(_files(tmp_path)) == 1


def test_failures_are_not_cached(fake, make_chat, tmp_path):
    fake.script([fo.status(500), fo.text("find Mug")])
    with pytest.raises(ModelError):
        make_chat(cache=ResponseCache(tmp_path, "on"), attempts=1).complete(MESSAGES)
    assert _files(tmp_path) == []
    assert make_chat(cache=ResponseCache(tmp_path, "on")).complete(MESSAGES).text == "find Mug"


def test_a_damaged_entry_is_a_miss_and_gets_replaced(fake, make_chat, tmp_path):
    fake.responder = lambda request: fo.text("find Mug")
    make_chat(cache=ResponseCache(tmp_path, "on")).complete(MESSAGES)
    (entry,) = _files(tmp_path)
    entry.write_text("{not json")
    reply = make_chat(cache=ResponseCache(tmp_path, "on")).complete(MESSAGES)
    assert not reply.cached and len(fake.requests) == 2
    assert make_chat(cache=ResponseCache(tmp_path, "on")).complete(MESSAGES).cached


def test_the_api_key_never_enters_the_cache(fake, make_chat, tmp_path, monkeypatch):
    fake.responder = lambda request: fo.text("find Mug")
    make_chat(cache=ResponseCache(tmp_path, "on")).complete(MESSAGES)
    assert fake.requests[0].headers["authorization"].endswith("sk-test-secret-0123456789")
    for path in _files(tmp_path):
        assert b"sk-test-secret" not in path.read_bytes()


def test_endpoint_identity_drops_credentials_and_keeps_the_query_as_a_digest():
    identity = endpoint_identity("https://user:hunter2@api.example.com:8443/v1/?key=abc#x")
    assert identity.startswith("https://api.example.com:8443/v1?sha256:")
    assert "hunter2" not in identity and "abc" not in identity
    assert endpoint_identity("http://127.0.0.1:8080/v1") == "http://127.0.0.1:8080/v1"
    # the query selects the endpoint (a proxy's backend): different queries, different identities and keys
    a, b = (
        endpoint_identity("http://127.0.0.1:8080/v1?backend=a"),
        endpoint_identity("http://127.0.0.1:8080/v1?backend=b"),
    )
    assert a != b
    assert request_key("m", a, [{"role": "user", "content": "x"}], {}) != request_key(
        "m", b, [{"role": "user", "content": "x"}], {}
    )


def test_unknown_mode_is_rejected(tmp_path):
    with pytest.raises(ValueError, match="read-only"):
        ResponseCache(tmp_path, "sometimes")
