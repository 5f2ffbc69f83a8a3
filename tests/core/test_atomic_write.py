"""core/atomic_write.py: the target holds the old content or the new, and no temporary file is left."""

from __future__ import annotations

import json

import pytest

from pytest_safeagent.core.atomic_write import write_bytes_atomic, write_json_atomic, write_text_atomic


def test_writes_replace_the_target_and_leave_nothing_else(tmp_path):
    target = tmp_path / "sub" / "report.json"
    write_json_atomic(target, {"a": [1, "é"]})
    assert target.read_text(encoding="utf-8") == '{\n  "a": [\n    1,\n    "\\u00e9"\n  ]\n}\n'
    write_json_atomic(target, {"a": "é"}, indent=None, ensure_ascii=False, final_newline=False)
    assert target.read_text(encoding="utf-8") == '{"a": "é"}'
    write_text_atomic(target, "8765\n", encoding="ascii")
    write_bytes_atomic(tmp_path / "sub" / "blob.bin", b"\x00\xff", suffix=".part")
    assert target.read_text() == "8765\n" and (tmp_path / "sub" / "blob.bin").read_bytes() == b"\x00\xff"
    assert sorted(p.name for p in (tmp_path / "sub").iterdir()) == ["blob.bin", "report.json"]


def test_a_failed_write_keeps_the_old_content_and_removes_the_temporary_file(tmp_path):
    target = tmp_path / "report.json"
    write_json_atomic(target, {"run": 1})
    with pytest.raises(TypeError):
        write_json_atomic(target, {"run": object()})  # not serialisable: fails before anything is written
    with pytest.raises(UnicodeEncodeError):
        write_text_atomic(target, "é", encoding="ascii")
    assert json.loads(target.read_text()) == {"run": 1}
    assert [p.name for p in tmp_path.iterdir()] == ["report.json"]
