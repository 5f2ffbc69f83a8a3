"""reportfile/reader.py: one wording for every JSON file the plugin reads, and report items checked
with the file, the item and the field named."""

from __future__ import annotations

import json

import pytest
from pydantic import ValidationError

from pytest_safeagent.core.item_record import ItemRecord
from pytest_safeagent.core.validation import first_error
from pytest_safeagent.reportfile.reader import ReportError, load_report, parse_items, read_json_file
from pytest_safeagent.violations.model import InputError


@pytest.mark.parametrize(
    ("content", "message"),
    [
        (None, "no such file"),
        (b"\xff\xfe{}", "cannot read: not UTF-8 text (byte 0)"),
        (b'{"items": [\n  1,\n  ]\n}', "not valid JSON (line 3, column 3): Expecting value"),
    ],
)
def test_unreadable_json_files_name_the_file(tmp_path, content, message):
    path = tmp_path / "report.json"
    if content is not None:
        path.write_bytes(content)
    with pytest.raises(ReportError) as info:
        read_json_file(path)
    assert str(info.value) == f"{path}: {message}"
    with pytest.raises(InputError, match="^" + str(path).replace("\\", "\\\\")):
        read_json_file(path, error=InputError)  # the violation analysis raises its own error, same words


def test_items_name_the_file_the_item_and_the_field(tmp_path):
    path = tmp_path / "report.json"
    with pytest.raises(ReportError) as info:
        parse_items(path, [{"item_id": "u1-direct", "outcome": "maybe"}])
    assert str(info.value).startswith(f"{path}: items[0] (item_id 'u1-direct'): field ")
    assert "more)" in str(info.value)  # several fields are wrong; the first is shown, the rest counted
    with pytest.raises(ReportError, match=r"items\[1\]: expected an item record object, found int"):
        parse_items(path, [_valid(), 3])
    with pytest.raises(ReportError, match="field 'items' should be a list of item records, found dict"):
        parse_items(path, {})


def _valid() -> dict:
    return {
        "item_id": "s1-direct",
        "sample_id": "s1",
        "task_type": "safe_detailed",
        "hazardous": False,
        "scene": "FloorPlan1",
        "strategy": "direct",
        "model": "m",
        "instruction": "x",
        "outcome": "skipped",
    }


def test_first_error_names_the_field_and_counts_the_rest():
    with pytest.raises(ValidationError) as info:
        ItemRecord.model_validate({**_valid(), "outcome": "maybe", "hazardous": "perhaps"})
    text = first_error(info.value)
    assert text.startswith("field 'hazardous': ") and text.endswith(" (and 1 more)")


def test_a_report_without_its_parts_is_refused(tmp_path):
    path = tmp_path / "report.json"
    path.write_text(json.dumps({"schema_version": 1, "items": []}))
    with pytest.raises(ReportError) as info:
        load_report(path)
    assert str(info.value) == (
        f"{path}: field 'fingerprint' is missing; is this a pytest-safeagent --sab-report file?"
    )
