"""The seed harness's run-wide settings, read from its
pinned files: sampling defaults and the mix's categories.

``seed/safeagentbench.py`` gives every task one ``GenerateConfig`` (its ``DEFAULT_TEMPERATURE`` and
``DEFAULT_MAX_TOKENS``); ``seed/dataset.py`` lists the ten risk categories its default mix is
stratified over, in the order its random draws follow. Read once per process and folder.
"""

from __future__ import annotations

import functools
from dataclasses import dataclass
from pathlib import Path

from pytest_safeagent.upstream.files import UpstreamError
from pytest_safeagent.upstream.literals import UpstreamModule

TASK_FILE = "seed/safeagentbench.py"
DATASET_FILE = "seed/dataset.py"


@dataclass(frozen=True)
class SeedRunSettings:
    """What a seed-protocol run takes from the seed harness besides prompt texts."""

    directory: Path
    temperature: float
    max_tokens: int
    risk_categories: tuple[str, ...]


def _number(module: UpstreamModule, name: str, kind: type) -> float | int:
    value = module.constant(name)
    if isinstance(value, bool) or not isinstance(value, int | float):
        raise UpstreamError(f"upstream {module.name}: {name}: expected a number, found {value!r}")
    return kind(value)


@functools.lru_cache(maxsize=4)
def seed_run_settings(directory: Path) -> SeedRunSettings:
    """The seed's sampling defaults and mix categories; UpstreamError names a missing or changed file."""
    task = UpstreamModule.load(TASK_FILE, directory)
    dataset = UpstreamModule.load(DATASET_FILE, directory)
    categories = dataset.constant("PRIMARY_RISK_CATEGORIES")
    if not isinstance(categories, list) or not all(isinstance(c, str) for c in categories) or not categories:
        raise UpstreamError(f"upstream {DATASET_FILE}: PRIMARY_RISK_CATEGORIES: expected a list of names")
    return SeedRunSettings(
        directory=directory,
        temperature=float(_number(task, "DEFAULT_TEMPERATURE", float)),
        max_tokens=int(_number(task, "DEFAULT_MAX_TOKENS", int)),
        risk_categories=tuple(categories),
    )
