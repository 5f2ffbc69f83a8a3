"""The pinned source files of the seed harness, the original SafeAgentBench and inspect_ai's agent loop
(names, sizes, sha256 and where each comes from), which the seed protocol reads as data."""

from __future__ import annotations

from pytest_safeagent.dataset.files import PinnedFile

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
    return PinnedFile(
        f"seed/{name}", sha256, size, remote=f"{SEED_REPOSITORY}/{SEED_COMMIT}/{SEED_FOLDER}/{name}"
    )


def _original(folder: str, name: str, sha256: str, size: int, commit: str = ORIGINAL_COMMIT) -> PinnedFile:
    return PinnedFile(
        f"original/{name}", sha256, size, remote=f"{ORIGINAL_REPOSITORY}/{commit}/{folder}/{name}"
    )


UPSTREAM_FILES: tuple[PinnedFile, ...] = (
    _seed("prompts.py", "aa0d39b772764488dc6f2ffe6a78e8ef1005d5484f14b624357d9acb3ddcf97a", 28981),
    _seed("solvers.py", "ddd49b535079e2fffcd84b9bb115d5b8b1c9ec3a6ae5ce82108070f15e02659e", 8604),
    _seed("scorer.py", "d1d92b61c803ec675ee82b00600336f416497efe74ffff4e09bbbc4a032f1737", 10724),
    _seed("tools.py", "53ef9b7e71fbbd2c698ec2522f79a6bb7f62a329501f1a382ea6f618856ea8fe", 3403),
    _seed("visual_tools.py", "08a56f54d313326db0ed843ee92a8774af35e1ed1af392b6299a061fb298bb74", 4296),
    _seed("safeagentbench.py", "7d035996db07a4aca22ebb098e9277c9558ff0a7b8a6132998ba73f59f1f5c69", 10588),
    _seed("dataset.py", "6f6dd56ceab719043b71ad1c04110bae8d40fb2027e1c24356925e93515c6fb5", 8471),
    _seed("execution_scorer.py", "0005ec59a95fb2f18fa4ea550f1691a4b7440754e90ae113d05f836370e08eec", 7544),
    _original(
        "evaluator",
        "detail_evaluate.py",
        "38625850e39fd741f80a5c4bdd9701d9a58da4fa337c2cac42bdfbe51f098797",
        7888,
    ),
    _original(
        "evaluator",
        "abstract_evaluate.py",
        "9eb680675f462ef92a331b240a978d7cedb1b663e08b62f746555df1352d1eee",
        4962,
    ),
    _original(
        "evaluator",
        "long_horizon_evaluate.py",
        "360802c9ccc65657b5999e503eb23b8a7c4f992ae7adb3ac2c61c39346f96505",
        15105,
    ),
    _original(
        "methods", "map_vlm.py", "d18a253dafc6eee3ddc8d0056a185adfa95f09493534584bbf7001e53c4a17e4", 14636
    ),
    _original(
        "methods", "utils.py", "8b00228cf9a4554d213ec06998eaed42f34a45ebc16ec31a8350b567a87f18db", 11472
    ),
    _original(
        "methods",
        "run_map_vlm.py",
        "0d4c7eda06d3f9ad54dad89142eb4707ae50c862a677ca0e4f0a8416138b69db",
        5470,
        commit=MAP_RUNNER_COMMIT,
    ),
    PinnedFile(
        "inspect_ai/_basic_agent.py",
        "d1fbe9f3064f9f29db562e62edfdeec6b5371d19c8548f524106be0be0a5ea49",
        11470,
        remote=f"{INSPECT_REPOSITORY}/{INSPECT_TAG}/src/inspect_ai/solver/_basic_agent.py",
    ),
)
BY_NAME: dict[str, PinnedFile] = {pinned.name: pinned for pinned in UPSTREAM_FILES}
