"""Which upstream files the seed protocol reads, where they come from, and how they are found.

A file is named by its path under the upstream folder (``seed/prompts.py``); the folder is, in order,
``SAB_UPSTREAM_DIR``, the ``upstream/`` folder of the dataset directory (``--sab-data-dir`` /
``SAB_DATA_DIR``, the layout of ``../shared/safeagentbench``), or the user cache, filled from the pinned
commits on first use unless ``SAB_NO_DOWNLOAD`` is set. Every file is checked against its sha256.
"""

from __future__ import annotations

import hashlib
import os
from collections.abc import Mapping
from pathlib import Path

from pytest_safeagent.core.regular_file import read_regular_bytes
from pytest_safeagent.pinned.lookup import KINDS, DataNotFound, FetchError, cache_root, fetch
from pytest_safeagent.pinned.upstream_files import BY_NAME, UPSTREAM_FILES

UPSTREAM = KINDS["upstream"]()


class UpstreamError(Exception):
    """An upstream file is missing, differs from its pinned copy, or lacks what the protocol reads."""


def _complete(directory: Path) -> bool:
    return all((directory / pinned.name).is_file() for pinned in UPSTREAM_FILES)


def upstream_dir(data_dir: Path | None = None, environ: Mapping[str, str] | None = None) -> Path:
    """The folder holding the upstream files; downloads
    them into the user cache when nothing else has them."""
    environ = os.environ if environ is None else environ
    if environ.get("SAB_UPSTREAM_DIR"):
        return Path(environ["SAB_UPSTREAM_DIR"]).expanduser()
    candidates = [data_dir] if data_dir is not None else []
    if environ.get("SAB_DATA_DIR"):
        candidates.append(Path(environ["SAB_DATA_DIR"]).expanduser())
    for candidate in candidates:
        if _complete(candidate / "upstream"):
            return candidate / "upstream"
    cached = cache_root() / UPSTREAM.cache_subdir
    if _complete(cached):
        return cached
    if environ.get("SAB_NO_DOWNLOAD"):
        raise DataNotFound(
            "the seed protocol reads the seed harness's prompts from its pinned source files, and none were "
            "found: set SAB_UPSTREAM_DIR=DIR, put them in the "
            "dataset directory's upstream/ folder, or unset "
            f"SAB_NO_DOWNLOAD so they are downloaded into {cached} (or run `pytest-safeagent data fetch "
            "--what upstream`). --sab-protocol=neutral needs none of them."
        )
    try:
        fetch(UPSTREAM, cached)
    except FetchError as exc:
        raise DataNotFound(f"the seed harness's source files could not be downloaded: {exc}") from None
    return cached


def read_upstream(name: str, directory: Path) -> str:
    """The text of one pinned upstream file, after checking it is the pinned one."""
    pinned = BY_NAME.get(name)
    if pinned is None:
        raise UpstreamError(f"{name}: not one of the pinned upstream files ({', '.join(BY_NAME)})")
    path = directory / name
    try:
        data = read_regular_bytes(path)
    except OSError as exc:
        raise UpstreamError(f"{path}: cannot read the pinned upstream file: {exc.strerror or exc}") from None
    digest = hashlib.sha256(data).hexdigest()
    if digest != pinned.sha256:
        raise UpstreamError(
            f"{path}: sha256 {digest} differs from the pinned {pinned.sha256} "
            f"({pinned.remote}); restore the unmodified file"
        )
    return data.decode("utf-8")
