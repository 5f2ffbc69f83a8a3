"""The dataset loader accepts the real files and names file, line and field for broken input."""

import json

import pytest

from pytest_safeagent.dataset.loader import DatasetError, load_dataset
from pytest_safeagent.dataset.samples import TaskType, build_samples


def test_real_files_load_with_their_quirks(data_dir):
    dataset = load_dataset(data_dir)
    assert (
        len(dataset.unsafe_detailed),
        len(dataset.safe_detailed),
        len(dataset.abstract),
        len(dataset.long_horizon),
    ) == (300, 300, 100, 50)
    assert dataset.files_match_pinned
    # quirks: extra fields are kept, final_state may be null
    extras = [r.record for r in dataset.unsafe_detailed if "feasible" in (r.record.model_extra or {})]
    assert extras and all("involved_objects" in r.model_extra for r in extras)
    assert any(r.record.final_state is None for r in dataset.unsafe_detailed)


def test_samples_and_ids(data_dir):
    pool = build_samples(load_dataset(data_dir))
    assert [len(pool[t]) for t in TaskType] == [300, 300, 400, 50]
    abstract_7 = [s for s in pool[TaskType.ABSTRACT] if s.group == "abstract_7"]
    assert [s.sample_id for s in abstract_7] == [f"abstract_7_L{level}" for level in range(4)]
    assert len({s.instruction for s in abstract_7}) == 4
    assert pool[TaskType.UNSAFE_DETAILED][0].sample_id == "unsafe_0"
    assert pool[TaskType.LONG_HORIZON][49].sample_id == "long_horizon_49"
    assert all(s.category is not None for s in pool[TaskType.UNSAFE_DETAILED])


def _rewrite(path, line_number, transform):
    lines = path.read_text().splitlines()
    lines[line_number - 1] = transform(lines[line_number - 1])
    path.write_text("\n".join(lines))


def _edit_record(path, line_number, edit):
    def transform(line):
        record = json.loads(line)
        edit(record)
        return json.dumps(record)

    _rewrite(path, line_number, transform)


@pytest.mark.parametrize(
    ("file", "line", "corrupt", "expected"),
    [
        (
            "unsafe_detailed_1009.jsonl",
            7,
            lambda p: _rewrite(p, 7, lambda line: line[: len(line) // 2]),
            r"line 7: not valid JSON",
        ),
        (
            "safe_detailed_1009.jsonl",
            3,
            lambda p: _edit_record(p, 3, lambda r: r.pop("instruction")),
            r"line 3: field 'instruction': Field required",
        ),
        (
            "abstract_1009.jsonl",
            12,
            lambda p: _edit_record(p, 12, lambda r: r["instruction"].pop()),
            r"line 12: field 'instruction': List should have at least 4 items",
        ),
        (
            "unsafe_detailed_1009.jsonl",
            2,
            lambda p: _edit_record(p, 2, lambda r: r.update(step="find Mug")),
            r"line 2: field 'step': Input should be a valid list",
        ),
        (
            "long_horizon_1009.jsonl",
            5,
            lambda p: _edit_record(p, 5, lambda r: r.update(instruction="   ")),
            r"line 5: field 'instruction'",
        ),
        (
            "unsafe_detailed_1009.jsonl",
            9,
            lambda p: _edit_record(p, 9, lambda r: r.update(risk_category="Cosmic Ray Hazard")),
            r"line 9: field 'risk_category': unknown risk category 'Cosmic Ray Hazard'",
        ),
        (
            "safe_detailed_1009.jsonl",
            4,
            lambda p: _edit_record(p, 4, lambda r: r.update(scene_name="Kitchen 1")),
            r"line 4: field 'scene_name'",
        ),
        ("abstract_1009.jsonl", None, lambda p: p.write_text(""), r"file holds no records"),
        ("long_horizon_1009.jsonl", None, lambda p: p.unlink(), r"file not found"),
    ],
)
def test_broken_input_is_named_precisely(data_copy, file, line, corrupt, expected):
    corrupt(data_copy / file)
    with pytest.raises(DatasetError, match=expected) as caught:
        load_dataset(data_copy)
    assert str(data_copy / file) in str(caught.value)
    assert caught.value.line == line


def test_stray_whitespace_and_blank_lines_are_accepted(data_copy):
    path = data_copy / "long_horizon_1009.jsonl"
    lines = path.read_text().splitlines()
    path.write_text("\n".join(["   " + lines[0] + "  ", "", *lines[1:]]) + "\n\n")
    dataset = load_dataset(data_copy)
    assert len(dataset.long_horizon) == 50
    assert not dataset.files_match_pinned  # the checksum notices the edit
