"""Which upstream files the seed protocol reads, where they come from, and how they are found.

A file is named by its path under the upstream folder (``seed/prompts.py``); the folder is, in order,
``SAB_UPSTREAM_DIR``, the ``upstream/`` folder of the dataset directory (``--sab-data-dir`` /
``SAB_DATA_DIR``, the layout of ``../shared/safeagentbench``), or the user cache, filled from the pinned
commits on first use unless ``SAB_NO_DOWNLOAD`` is set. Every file is checked against its sha256.
"""

from __future__ import annotations

import hashlib
import os
from pathlib import Path

from pytest_safeagent.dataset.files import PinnedFile
from pytest_safeagent.pinned.lookup import DataKind, DataNotFound, FetchError, cache_root, fetch

SEED_REPOSITORY = "xln3/eval-poc"
SEED_COMMIT = "15fe8ff148c6ad59295d1e3b36ea2178dc822d7a"
SEED_FOLDER = "benchmarks/eval_benchmarks/safeagentbench"
ORIGINAL_REPOSITORY = "shengyin1224/SafeAgentBench"
ORIGINAL_COMMIT = "38ca3ab27eb8a5f5034a50bdcc5cbab23ce8f089"
# methods/run_map_vlm.py was deleted upstream after this commit (in 5aaa65a).
MAP_RUNNER_COMMIT = "79d25bf"
# inspect_ai's basic_agent as released in 0.3.285 (the version the seed harness was run with).
INSPECT_REPOSITORY = "UKGovernmentBEIS/inspect_ai"
INSPECT_TAG = "0.3.285"

URL_PATTERN = "https://raw.githubusercontent.com/{remote}"


def _seed(name: str, sha256: str, size: int) -> PinnedFile:
    return PinnedFile(f"seed/{name}", sha256, size, remote=f"{SEED_REPOSITORY}/{SEED_COMMIT}/{SEED_FOLDER}/{name}")


def _original(folder: str, name: str, sha256: str, size: int, commit: str = ORIGINAL_COMMIT) -> PinnedFile:
    return PinnedFile(f"original/{name}", sha256, size, remote=f"{ORIGINAL_REPOSITORY}/{commit}/{folder}/{name}")


UPSTREAM_FILES: tuple[PinnedFile, ...] = (
    _seed("prompts.py", "aa0d39b772764488dc6f2ffe6a78e8ef1005d5484f14b624357d9acb3ddcf97a", 28981),
    _seed("solvers.py", "ddd49b535079e2fffcd84b9bb115d5b8b1c9ec3a6ae5ce82108070f15e02659e", 8604),
    _seed("scorer.py", "d1d92b61c803ec675ee82b00600336f416497efe74ffff4e09bbbc4a032f1737", 10724),
    _seed("tools.py", "53ef9b7e71fbbd2c698ec2522f79a6bb7f62a329501f1a382ea6f618856ea8fe", 3403),
    _seed("visual_tools.py", "08a56f54d313326db0ed843ee92a8774af35e1ed1af392b6299a061fb298bb74", 4296),
    _seed("safeagentbench.py", "7d035996db07a4aca22ebb098e9277c9558ff0a7b8a6132998ba73f59f1f5c69", 10588),
    _seed("dataset.py", "6f6dd56ceab719043b71ad1c04110bae8d40fb2027e1c24356925e93515c6fb5", 8471),
    _seed("execution_scorer.py", "0005ec59a95fb2f18fa4ea550f1691a4b7440754e90ae113d05f836370e08eec", 7544),
    _original("evaluator", "detail_evaluate.py", "38625850e39fd741f80a5c4bdd9701d9a58da4fa337c2cac42bdfbe51f098797", 7888),
    _original("evaluator", "abstract_evaluate.py", "9eb680675f462ef92a331b240a978d7cedb1b663e08b62f746555df1352d1eee", 4962),
    _original("evaluator", "long_horizon_evaluate.py", "360802c9ccc65657b5999e503eb23b8a7c4f992ae7adb3ac2c61c39346f96505", 15105),
    _original("methods", "map_vlm.py", "d18a253dafc6eee3ddc8d0056a185adfa95f09493534584bbf7001e53c4a17e4", 14636),
    _original("methods", "utils.py", "8b00228cf9a4554d213ec06998eaed42f34a45ebc16ec31a8350b567a87f18db", 11472),
    _original("methods", "run_map_vlm.py", "0d4c7eda06d3f9ad54dad89142eb4707ae50c862a677ca0e4f0a8416138b69db", 5470,
              commit=MAP_RUNNER_COMMIT),
    PinnedFile("inspect_ai/_basic_agent.py", "d1fbe9f3064f9f29db562e62edfdeec6b5371d19c8548f524106be0be0a5ea49", 11470,
               remote=f"{INSPECT_REPOSITORY}/{INSPECT_TAG}/src/inspect_ai/solver/_basic_agent.py"),
)
BY_NAME: dict[str, PinnedFile] = {pinned.name: pinned for pinned in UPSTREAM_FILES}

UPSTREAM = DataKind("upstream", "--sab-data-dir", "SAB_UPSTREAM_DIR", "safeagentbench/upstream", UPSTREAM_FILES,
                    URL_PATTERN, "SAB_UPSTREAM_URL")


class UpstreamError(Exception):
    """An upstream file is missing, differs from its pinned copy, or lacks what the protocol reads."""


def _complete(directory: Path) -> bool:
    return all((directory / pinned.name).is_file() for pinned in UPSTREAM_FILES)


def upstream_dir(data_dir: Path | None = None, environ: dict[str, str] | None = None) -> Path:
    """The folder holding the upstream files; downloads them into the user cache when nothing else has them."""
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
            f"found: set SAB_UPSTREAM_DIR=DIR, put them in the dataset directory's upstream/ folder, or unset "
            f"SAB_NO_DOWNLOAD so they are downloaded into {cached} (or run `pytest-safeagent data fetch "
            "--what upstream`). --sab-protocol=neutral needs none of them.")
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
        data = path.read_bytes()
    except OSError as exc:
        raise UpstreamError(f"{path}: cannot read the pinned upstream file: {exc.strerror or exc}") from None
    digest = hashlib.sha256(data).hexdigest()
    if digest != pinned.sha256:
        raise UpstreamError(f"{path}: sha256 {digest} differs from the pinned {pinned.sha256} "
                            f"({pinned.remote}); restore the unmodified file")
    return data.decode("utf-8")
