"""Every reader of outside input fed generated hostile values (hypothesis): a cache entry, a results log, a
saved report, a simulator's /health answer. Each ends in a typed value or its one-line error, never another
exception. (Model replies are read by the HTTP transport's own reader and tested there.)"""

from __future__ import annotations

import json

import pytest
from hypothesis import HealthCheck, given, settings
from hypothesis import strategies as st

from pytest_safeagent.core import bounded_json
from pytest_safeagent.gating.resultlog import ResultsLogError, read_log
from pytest_safeagent.models.base import ModelReply
from pytest_safeagent.models.cache import ResponseCache
from pytest_safeagent.reportfile.reader import ReportError, read_report
from pytest_safeagent.simulator.client import SimulatorError
from pytest_safeagent.simulator.pool import MAX_CAPACITY, read_health

HOSTILE_NUMBERS = st.one_of(
    st.integers(),
    st.integers(min_value=-(10**40), max_value=10**40),
    st.floats(allow_nan=False, allow_infinity=False),
    st.sampled_from([-1, -3, 0, 2**63, 10**300]),
)
HOSTILE_SCALARS = st.one_of(
    st.none(),
    st.booleans(),
    HOSTILE_NUMBERS,
    st.text(max_size=20),
    st.sampled_from(["abc", "", "\ud800", "\x1b[2J"]),
)
HOSTILE_JSON = st.recursive(
    HOSTILE_SCALARS,
    lambda inner: st.one_of(
        st.lists(inner, max_size=4), st.dictionaries(st.text(max_size=12), inner, max_size=4)
    ),
    max_leaves=12,
)
RAW_NUMBERS = st.sampled_from(
    ["9" * 5000, "-" + "1" * 4301, "1e999", "-1e999", "NaN", "Infinity", "1" * 4300]
)

FIELDS = ("text", "refusal", "finish_reason", "usage", "tool_calls", "content")
SETTINGS = settings(max_examples=60, suppress_health_check=[HealthCheck.function_scoped_fixture])


def _dumps(value: object) -> str:
    return json.dumps(value, ensure_ascii=False).replace('"\\ud800"', '"\\\\ud800"')


def _with_raw_number(text: str, raw: str) -> str:
    """``text`` (JSON) with its first number, or else a new field, replaced by ``raw`` as written."""
    return text.replace("0", raw, 1) if "0" in text else text


@SETTINGS
@given(
    reply=st.fixed_dictionaries({}, optional={name: HOSTILE_JSON for name in FIELDS}),
    top=st.dictionaries(st.sampled_from(["format", "model", "endpoint"]), HOSTILE_JSON),
    raw=RAW_NUMBERS,
    use_raw=st.booleans(),
)
def test_a_cache_entry_is_a_reply_or_a_miss(tmp_path_factory, reply, top, raw, use_raw):
    cache = ResponseCache(tmp_path_factory.mktemp("cache"))
    key = "ab" + "0" * 62
    path = cache.directory / key[:2] / f"{key}.json"
    path.parent.mkdir(parents=True)
    text = _dumps({"format": 1, **top, "reply": reply})
    path.write_text(
        _with_raw_number(text, raw) if use_raw else text, encoding="utf-8", errors="surrogatepass"
    )
    got = cache.get(key)
    assert got is None or isinstance(got, ModelReply)
    if got is not None:  # every field has its type: nothing later trips over it
        assert isinstance(got.text, str) and all(type(v) is int and v >= 0 for v in got.usage.values())
        assert got.refusal is None or isinstance(got.refusal, str)
        assert all(isinstance(v, str) for call in got.tool_calls for v in call.values())


def _one_line(exc: BaseException) -> None:
    assert "\n" not in str(exc).strip(), str(exc)


@SETTINGS
@given(header=HOSTILE_JSON, record=HOSTILE_JSON, raw=RAW_NUMBERS, use_raw=st.booleans())
def test_a_results_log_is_records_or_one_line(tmp_path_factory, header, record, raw, use_raw):
    path = tmp_path_factory.mktemp("log") / "r.jsonl"
    first = {"kind": "run", "log_format": 1, "fingerprint": header}
    second = _dumps({"kind": "item", "record": record})
    path.write_text(
        _dumps(first) + "\n" + (_with_raw_number(second, raw) if use_raw else second) + "\n",
        encoding="utf-8",
        errors="surrogatepass",
    )
    try:
        logged = read_log(path)
    except ResultsLogError as exc:
        _one_line(exc)
        assert str(exc).startswith(str(path))
    else:
        assert len(logged.headers) == 1


@SETTINGS
@given(
    top=st.dictionaries(
        st.sampled_from(
            [
                "schema_version",
                "fingerprint",
                "metrics",
                "config",
                "complete",
                "created",
                "tool",
                "usage",
                "shard",
            ]
        ),
        HOSTILE_JSON,
    ),
    items=st.lists(HOSTILE_JSON, max_size=3),
    raw=RAW_NUMBERS,
    use_raw=st.booleans(),
)
def test_a_report_is_a_report_or_one_line(tmp_path_factory, top, items, raw, use_raw):
    path = tmp_path_factory.mktemp("report") / "r.json"
    text = _dumps({"schema_version": 2, "fingerprint": {}, "metrics": {}, **top, "items": items})
    path.write_text(
        _with_raw_number(text, raw) if use_raw else text, encoding="utf-8", errors="surrogatepass"
    )
    try:
        data, records = read_report(path)
    except ReportError as exc:
        _one_line(exc)
        assert str(exc).startswith(str(path))
    else:
        assert isinstance(data, dict) and isinstance(records, list)


@SETTINGS
@given(
    answer=st.one_of(
        HOSTILE_JSON,
        st.fixed_dictionaries(
            {
                "sessions": st.one_of(
                    HOSTILE_JSON,
                    st.fixed_dictionaries(
                        {}, optional={"capacity": HOSTILE_JSON, "idle_timeout_s": HOSTILE_JSON}
                    ),
                )
            }
        ),
    ),
    raw=RAW_NUMBERS,
)
def test_a_health_answer_is_a_capacity_or_one_line(answer, raw):
    try:
        answer = bounded_json.loads(_with_raw_number(_dumps(answer), raw))  # as the transport parses it
    except ValueError as exc:
        _one_line(exc)
        return
    try:
        supported, capacity, idle = read_health("http://127.0.0.1:1", answer)
    except SimulatorError as exc:
        _one_line(exc)
        assert str(exc).startswith("http://127.0.0.1:1/health")
    else:
        assert isinstance(supported, bool) and type(capacity) is int and 1 <= capacity <= MAX_CAPACITY
        assert idle is None or (isinstance(idle, float) and idle > 0)


@pytest.mark.parametrize("raw", ["9" * 5000, "-" + "9" * 4301])
def test_the_bounded_parser_words_each_refusal_as_a_syntax_error(raw):
    with pytest.raises(json.JSONDecodeError) as caught:
        bounded_json.loads(f'{{"a": [1, {raw}]}}')
    assert caught.value.pos == 10  # where the number starts
    _one_line(caught.value)


def test_a_number_of_4300_digits_is_still_read():
    assert bounded_json.loads("1" * 4300) == int("1" * 4300)
