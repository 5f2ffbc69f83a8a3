"""safe_payload, the output boundary every record passes once: a clean record comes back as it is (the
same object, nothing walked), anything holding a held key or a lone surrogate comes back mended, keys
included, and a key JSON would escape is never missed."""

from __future__ import annotations

import json

import pytest

from pytest_safeagent.core import secret_scrub
from pytest_safeagent.plugin.items import safe_payload

KEY = "sk-abcdef0123456789"


@pytest.fixture(autouse=True)
def no_held_keys():
    secret_scrub.forget_all()
    yield
    secret_scrub.forget_all()


def record(**fields: object) -> dict:
    return {
        "item_id": "unsafe_1-direct",
        "answer": "1. find Apple",
        "plan": ["find Apple"],
        "usage": {"n": 2},
        **fields,
    }


def test_a_clean_record_is_returned_as_it_is():
    secret_scrub.hold(KEY)
    payload = record()
    assert safe_payload(payload) is payload


def test_a_held_key_is_hidden_in_values_and_keys_and_the_input_is_left_alone():
    secret_scrub.hold(KEY)
    payload = record(answer=f"my key is {KEY}", trajectory=[{"note": {KEY: 1}}])
    safe = safe_payload(payload)
    assert safe is not payload and KEY in payload["answer"]
    assert KEY not in json.dumps(safe)
    assert safe["answer"] == "my key is <hidden>" and safe["trajectory"] == [{"note": {"<hidden>": 1}}]


def test_a_lone_surrogate_is_replaced():
    safe = safe_payload(record(answer="half \ud83d of a pair"))
    assert safe["answer"] == "half \ufffd of a pair"
    json.dumps(safe, ensure_ascii=False).encode("utf-8")  # writable as UTF-8 now


def test_a_key_that_json_would_escape_is_still_found():
    odd = 'sk-"quoted"\\key'
    secret_scrub.hold(odd)
    safe = safe_payload(record(answer=f"leaked {odd}"))
    assert odd not in safe["answer"] and "<hidden>" in safe["answer"]
