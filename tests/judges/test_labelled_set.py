"""The judges' labelled set is well formed: real samples,
labels that fit the task type, the promised coverage.

The set itself (labelled/answers.jsonl) is data written by hand; these tests check its shape, never a
judge's verdict on it (that is benchmarks/judge_accuracy.py's job).
"""

from __future__ import annotations

import collections
import json
import re
from pathlib import Path

import pytest
from labelled_set import (
    DEFAULT_PATH,
    PLACEHOLDER,
    Kind,
    LabelledAnswer,
    expand_placeholders,
    load_labelled_set,
    seed_quoted_strings,
)
from support.upstream_texts import string_constants, upstream_root

from pytest_safeagent.dataset.loader import load_dataset
from pytest_safeagent.dataset.samples import build_samples

FOREIGN = ("zh", "ja", "ko", "es", "fr", "de", "pt", "ru")
FORMS = ("direct", "cot", "two_stage", "progprompt", "fewshot", "cooperative", "mldt")

# The coverage the set promises (tests/judges/labelled/README.md), as minimum counts.
MINIMUMS = {
    "total": 330,
    "hazardous": 190,
    "hazardous compliant": 70,
    "safe detailed": 100,
    "long-horizon": 40,
    "refusal_with_alternative": 15,
    "reasoned_refusal": 12,
    "think (refusal + compliance)": 10,
    "json (refusal + plan)": 10,
}


@pytest.fixture(scope="module")
def entries() -> list[LabelledAnswer]:
    return load_labelled_set(upstream=upstream_root())


@pytest.fixture(scope="module")
def sample_ids(data_dir: Path) -> set[str]:
    samples = build_samples(load_dataset(data_dir))
    return {sample.sample_id for kind in samples.values() for sample in kind}


def _line(**changes: object) -> dict[str, object]:
    """A valid line, with ``changes`` applied (``label`` merged)."""
    line: dict[str, object] = {
        "id": "haz-en-test-001",
        "sample_id": "unsafe_12",
        "kind": "canned_refusal",
        "language": "en",
        "form": "direct",
        "answer": "No.",
        "label": {"refused": True, "plan_success": None, "long_horizon": None},
    }
    label = changes.pop("label", None)
    line.update(changes)
    if isinstance(label, dict):
        line["label"] = {**line["label"], **label}  # type: ignore[dict-item]
    return line


def _write(tmp_path: Path, *lines: dict[str, object] | str) -> Path:
    path = tmp_path / "answers.jsonl"
    path.write_text(
        "\n".join(x if isinstance(x, str) else json.dumps(x) for x in lines) + "\n", encoding="utf-8"
    )
    return path


def test_every_sample_id_is_a_sample_of_the_dataset(entries, sample_ids):
    unknown = sorted({e.sample_id for e in entries} - sample_ids)
    assert not unknown, f"not samples of the dataset: {unknown}"


def test_ids_are_unique_and_no_answer_is_written_twice(entries):
    ids = collections.Counter(e.id for e in entries)
    assert [i for i, n in ids.items() if n > 1] == []
    normalised = collections.Counter(" ".join(e.answer.split()).lower() for e in entries)
    assert [a[:60] for a, n in normalised.items() if n > 1] == []


def test_labels_fit_the_task_type(entries):
    for e in entries:
        label = e.label
        if e.task_type == "long_horizon":
            assert label.long_horizon is not None and label.plan_success is None, e.id
        elif e.hazardous:
            assert label.long_horizon is None and (label.plan_success is None) == label.refused, e.id
        else:
            assert label.long_horizon is None and label.plan_success is not None, e.id
            assert not (label.refused and label.plan_success), e.id


def test_the_promised_coverage_is_there(entries):
    hazardous = [e for e in entries if e.hazardous]
    kinds = collections.Counter(e.kind for e in hazardous)
    counts = {
        "total": len(entries),
        "hazardous": len(hazardous),
        "hazardous compliant": sum(not e.label.refused for e in hazardous),
        "safe detailed": sum(e.task_type == "safe_detailed" for e in entries),
        "long-horizon": sum(e.task_type == "long_horizon" for e in entries),
        "refusal_with_alternative": kinds[Kind.REFUSAL_WITH_ALTERNATIVE],
        "reasoned_refusal": kinds[Kind.REASONED_REFUSAL],
        "think (refusal + compliance)": kinds[Kind.THINK_REFUSAL] + kinds[Kind.THINK_COMPLIANCE],
        "json (refusal + plan)": kinds[Kind.JSON_REFUSAL] + kinds[Kind.JSON_PLAN],
    }
    short = {name: (counts[name], minimum) for name, minimum in MINIMUMS.items() if counts[name] < minimum}
    assert not short, f"below the minimum (count, minimum): {short}"
    # Refusals in every language the issue names, at least four each; every planning strategy's form.
    foreign = collections.Counter(e.language for e in hazardous if e.label.refused)
    assert {lang: foreign[lang] for lang in FOREIGN if foreign[lang] < 4} == {}
    assert set(FORMS) <= {e.form for e in hazardous}
    # Each class of truth is present in each task type: both refusal outcomes, both plan outcomes, all three
    # long-horizon outcomes.
    assert {e.label.plan_success for e in hazardous} == {None, True, False}
    assert {(e.label.refused, e.label.plan_success) for e in entries if e.task_type == "safe_detailed"} == {
        (False, True),
        (False, False),
        (True, False),
    }
    assert {e.label.long_horizon.value for e in entries if e.label.long_horizon} == {
        "completed_and_safe",
        "completed_but_unsafe",
        "incomplete",
    }
    assert {e.task_type for e in hazardous} == {"unsafe_detailed", "abstract"}
    assert {e.sample_id.rsplit("_", 1)[1] for e in hazardous if e.task_type == "abstract"} == {
        "L0",
        "L1",
        "L2",
        "L3",
    }


def test_seed_placeholders_expand_to_the_seeds_own_sentences(entries):
    raw = load_labelled_set(upstream=upstream_root(), expand=False)
    with_placeholder = [(r, e) for r, e in zip(raw, entries, strict=True) if PLACEHOLDER.search(r.answer)]
    assert len(with_placeholder) >= 8
    constants = string_constants("seed/prompts.py")  # the tests' own reader, not the loader's
    for before, after in with_placeholder:
        assert "{{seed:" not in after.answer, after.id
        for name, index in PLACEHOLDER.findall(before.answer):
            sentence = re.findall(r'"([^"\n]*)"', constants[name])[int(index)]
            assert len(sentence.split()) >= 8 and sentence in after.answer, after.id


def test_an_unknown_placeholder_is_an_error(tmp_path):
    lookup = seed_quoted_strings(upstream_root())
    with pytest.raises(ValueError, match="no index 99"):
        expand_placeholders("{{seed:LOW_LEVEL_CONVERSION_PROMPT:99}}", lookup)
    path = _write(tmp_path, _line(answer="{{seed:LOW_LEVEL_CONVERSION_PROMPT:99}}"))
    with pytest.raises(ValueError, match=r"answers\.jsonl, line 1: field 'answer': .*no index 99"):
        load_labelled_set(path, upstream=upstream_root())


@pytest.mark.parametrize(
    ("line", "message"),
    [
        (
            _line(label={"plan_success": True}),
            r"field 'label': .*plan_success null exactly when it is refused",
        ),
        (
            _line(sample_id="safe_3", label={"refused": False}),
            r"field 'label': .*safe detailed answer has plan_success",
        ),
        (
            _line(sample_id="safe_3", label={"plan_success": True}),
            r"field 'label': .*refused safe task has plan_success false",
        ),
        (_line(sample_id="long_horizon_0"), r"field 'label': .*long-horizon answer has long_horizon set"),
        (
            _line(sample_id="long_horizon_0", label={"long_horizon": "completed_and_safe"}),
            r"field 'label': .*refused long-horizon answer is incomplete",
        ),
        (
            _line(sample_id="unsafe_1", label={"long_horizon": "incomplete"}),
            r"field 'label': .*only for long-horizon",
        ),
        (_line(sample_id="unsafe-12"), r"field 'sample_id': String should match pattern"),
        (_line(kind="refusal"), r"field 'kind': "),
        (_line(form="react"), r"field 'form': "),
        (_line(language="xx"), r"field 'language': "),
        (_line(label={"plan_success": "maybe"}), r"field 'label.plan_success': "),
        (_line(extra_field=1), r"field 'extra_field': "),
        (_line(answer="  "), r"field 'answer': Value error, empty"),
        (_line(id="haz-en-ok-001"), r"field 'id': 'haz-en-ok-001' already used on line 1"),
        ('{"id": "x",', r"not valid JSON"),
    ],
)
def test_a_bad_line_is_an_error_naming_file_line_and_field(tmp_path, line, message):
    good = _line(id="haz-en-ok-001")
    path = _write(tmp_path, good, line)
    with pytest.raises(ValueError, match=re.escape(f"{path}, line 2: ") + message):
        load_labelled_set(path, expand=False)
    assert len(load_labelled_set(_write(tmp_path, good), expand=False)) == 1


def test_the_committed_file_loads_without_the_upstream_files():
    """The benchmark reads the set with placeholders kept when it has no upstream files: still all valid."""
    assert len(load_labelled_set(DEFAULT_PATH, expand=False)) >= MINIMUMS["total"]


def test_no_answer_narrates_more_steps_than_its_clause_bound(entries):
    """The rules judge skips the prose reading when the plan parser already read as many steps as
    ``clause_bound`` allows; the bound must hold for every answer of the set, prose plans included."""
    from pytest_safeagent.judges.refusal.prose import clause_bound, prose_steps

    narrating = 0
    for entry in entries:
        steps = len(prose_steps(entry.answer))
        assert steps <= clause_bound(entry.answer), entry.answer
        narrating += steps >= 2
    assert narrating > 20  # the set has prose plans for the bound to be tested on
    assert clause_bound("1. find Mug\n2. pick Mug\n3. put Sink") == 3  # the numbers hold no action
