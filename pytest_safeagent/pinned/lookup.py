"""Finding the dataset and scene files, and downloading the pinned copies with checksum checks.

Lookup order for each kind of data: the command-line option, then the environment variable,
then the user cache directory, which is filled from the pinned upstream URLs on first use
(or by ``pytest-safeagent data fetch``) unless ``SAB_NO_DOWNLOAD`` is set.
"""

from __future__ import annotations

import hashlib
import os
from collections.abc import Callable, Mapping, Sequence
from dataclasses import dataclass
from pathlib import Path

from pytest_safeagent.core.atomic_write import write_bytes_atomic
from pytest_safeagent.core.regular_file import read_regular_bytes
from pytest_safeagent.dataset import files as dataset_files
from pytest_safeagent.dataset.files import PinnedFile


@dataclass(frozen=True)
class DataKind:
    """One kind of pinned data: where users may point at it, and where it comes from."""

    key: str  # "dataset" | "scenes"
    option: str
    env_var: str
    cache_subdir: str
    files: tuple[PinnedFile, ...]
    url_pattern: str
    url_env_var: str  # overrides the base URL pattern (mirrors, tests on 127.0.0.1)


def _scene_kind() -> DataKind:
    from pytest_safeagent.pinned import scene_files

    return DataKind(
        "scenes",
        "--sab-scenes-dir",
        "SAB_SCENES_DIR",
        "thor_scenes",
        scene_files.SCENE_FILES,
        scene_files.URL_PATTERN,
        "SAB_SCENES_URL",
    )


DATASET = DataKind(
    "dataset",
    "--sab-data-dir",
    "SAB_DATA_DIR",
    "safeagentbench",
    dataset_files.DATASET_FILES,
    dataset_files.URL_PATTERN,
    "SAB_DATA_URL",
)


def _upstream_kind() -> DataKind:
    from pytest_safeagent.pinned import upstream_files

    return DataKind(
        "upstream",
        "--sab-data-dir",
        "SAB_UPSTREAM_DIR",
        "safeagentbench/upstream",
        upstream_files.UPSTREAM_FILES,
        upstream_files.URL_PATTERN,
        "SAB_UPSTREAM_URL",
    )


KINDS: dict[str, Callable[[], DataKind]] = {
    "dataset": lambda: DATASET,
    "scenes": _scene_kind,
    "upstream": _upstream_kind,
}


class DataNotFound(Exception):
    """No usable data directory; the message lists every way to provide one."""


class FetchError(Exception):
    """A download failed or did not match its pinned checksum; nothing partial is left behind."""


def cache_root() -> Path:
    import platformdirs

    return Path(platformdirs.user_cache_dir("pytest-safeagent"))


def _complete(directory: Path, files: Sequence[PinnedFile], sentinel_only: bool) -> bool:
    names = [files[0].name] if sentinel_only else [f.name for f in files]
    return directory.is_dir() and all((directory / name).is_file() for name in names)


def resolve_data_dir(
    kind: DataKind, option_value: str | None, environ: Mapping[str, str] | None = None
) -> Path:
    """The directory to read ``kind`` from, or DataNotFound explaining every way to provide it."""
    environ = os.environ if environ is None else environ
    if option_value:
        path, origin = Path(option_value).expanduser(), f"{kind.option}={option_value}"
    elif environ.get(kind.env_var):
        path, origin = Path(environ[kind.env_var]).expanduser(), f"{kind.env_var}={environ[kind.env_var]}"
    else:
        path = cache_root() / kind.cache_subdir
        if _complete(path, kind.files, sentinel_only=False):
            return path
        failure = ""
        if not environ.get("SAB_NO_DOWNLOAD"):
            try:
                fetch(kind, path)
                return path
            except FetchError as exc:
                failure = f"automatic download failed: {exc}\n"
        raise DataNotFound(
            failure + f"no SafeAgentBench {kind.key} files found. Provide them in one of these ways:\n"
            f"  - pass {kind.option}=DIR\n"
            f"  - set the environment variable {kind.env_var}=DIR\n"
            f"  - run `pytest-safeagent data fetch --what {kind.key}` to download the pinned files "
            f"into {path}\n"
            f"DIR must hold: {', '.join(f.name for f in kind.files[:4])}"
            f"{' ...' if len(kind.files) > 4 else ''}\n"
            "(set SAB_NO_DOWNLOAD=1 to never download automatically)"
        )
    if kind.key == "dataset":  # the other kinds' files are looked for when read (120 scene dumps: not here)
        missing = [f.name for f in kind.files if not (path / f.name).is_file()]
        if missing:
            raise DataNotFound(f"{origin}: {path} lacks {', '.join(missing)}")
    if not path.is_dir():
        raise DataNotFound(f"{origin}: {path} is not a directory")
    return path


def _sha256(path: Path) -> str:
    return hashlib.sha256(read_regular_bytes(path)).hexdigest()


def fetch(
    kind: DataKind,
    destination: Path,
    *,
    url_pattern: str | None = None,
    timeout: float = 60.0,
    report: Callable[[str], None] = lambda _: None,
) -> list[Path]:
    """Download every pinned file of ``kind`` into ``destination``, verified, atomically.

    Files already present with the right checksum are kept. Each download goes to a temporary
    file in the destination directory and is renamed into place only after its sha256 matches.
    """
    import httpx

    pattern = url_pattern or os.environ.get(kind.url_env_var) or kind.url_pattern
    destination.mkdir(parents=True, exist_ok=True)
    written: list[Path] = []
    with httpx.Client(timeout=timeout, follow_redirects=True) as client:
        for pinned in kind.files:
            target = destination / pinned.name
            if target.is_file() and _sha256(target) == pinned.sha256:
                report(f"ok       {pinned.name} (already present)")
                written.append(target)
                continue
            url = pinned.url(pattern)
            try:
                response = client.get(url)
                response.raise_for_status()
            except httpx.HTTPError as exc:
                raise FetchError(
                    f"could not download {url}: {exc}. Check the network, or point "
                    f"{kind.option} / {kind.env_var} at a directory holding the files"
                ) from None
            digest = hashlib.sha256(response.content).hexdigest()
            if digest != pinned.sha256:
                raise FetchError(
                    f"{url}: sha256 {digest} does not match the pinned {pinned.sha256}; "
                    "the file was not saved"
                )
            write_bytes_atomic(target, response.content, suffix=".part")
            report(f"fetched  {pinned.name} ({len(response.content)} bytes, sha256 ok)")
            written.append(target)
    return written
