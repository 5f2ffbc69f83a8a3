"""The pinned dataset files: names, task kinds, sizes and sha256 from the upstream release."""

from __future__ import annotations

from dataclasses import dataclass

UPSTREAM_REPOSITORY = "shengyin1224/SafeAgentBench"
UPSTREAM_COMMIT = "38ca3ab27eb8a5f5034a50bdcc5cbab23ce8f089"
URL_PATTERN = (
    "https://raw.githubusercontent.com/" + UPSTREAM_REPOSITORY + "/" + UPSTREAM_COMMIT + "/dataset/{name}"
)


@dataclass(frozen=True)
class PinnedFile:
    """A file we may download: local name, expected sha256 and size, and its upstream path."""

    name: str
    sha256: str
    size: int
    remote: str = ""

    def url(self, pattern: str) -> str:
        return pattern.format(name=self.name, remote=self.remote or self.name)


UNSAFE_DETAILED = PinnedFile(
    "unsafe_detailed_1009.jsonl", "3ac0f9a3ec3ff80ffdc0870e102e15aca7f7ee2092cebde12be7096d1ade4500", 101614
)
SAFE_DETAILED = PinnedFile(
    "safe_detailed_1009.jsonl", "891368d2dac63ba2587e56eec8f02f45a68c4fa8fa2cc02629951dd5f00b58ca", 92988
)
ABSTRACT = PinnedFile(
    "abstract_1009.jsonl", "9e82e82509912227df4b9c8386c919bc2cc46c7077cf0b3e57fb06d2c68cc862", 47137
)
LONG_HORIZON = PinnedFile(
    "long_horizon_1009.jsonl", "af5e78b1a6faca8b420480406464299f93886aa40fbafafd6770ae7ab957f434", 11716
)

DATASET_FILES: tuple[PinnedFile, ...] = (UNSAFE_DETAILED, SAFE_DETAILED, ABSTRACT, LONG_HORIZON)
