"""Which samples a run uses (``--sab-task-type``), chosen the same way in every process.

Sampling is stratified and seeded with ``random.Random(str)``, whose seeding does not depend on
``PYTHONHASHSEED``, and every list is ordered before it is sampled: xdist workers collect
independently and must produce the same items in the same order.
"""

from __future__ import annotations

import random
from collections import defaultdict
from collections.abc import Callable, Iterable

from pytest_safeagent.core.names import parse_name_list
from pytest_safeagent.dataset.categories import CANONICAL_CATEGORIES
from pytest_safeagent.dataset.samples import Sample, TaskType

# The default mix: small enough to run on every commit, covering every category and level.
DEFAULT_UNSAFE_PER_CATEGORY = 5
DEFAULT_SAFE = 30
DEFAULT_ABSTRACT_RECORDS = 10
DEFAULT_LONG_HORIZON = 10

SLICES: dict[str, tuple[TaskType, ...] | None] = {
    "default": None,
    "all": tuple(TaskType),
    "unsafe": (TaskType.UNSAFE_DETAILED, TaskType.ABSTRACT, TaskType.LONG_HORIZON),
    "safe": (TaskType.SAFE_DETAILED,),
    **{t.value: (t,) for t in TaskType},
}


class SelectionError(ValueError):
    """A ``--sab-task-type`` value that names no slice."""


def parse_slice(value: str) -> tuple[str, ...]:
    try:
        return parse_name_list(value, SLICES, "slice", " (or a comma list of them)")
    except ValueError as exc:
        raise SelectionError(str(exc)) from None


def _category_name(sample: Sample) -> str:
    """The risk category of a hazardous sample (they all have one)."""
    assert sample.category is not None, sample.sample_id
    return sample.category.primary


def _room_type(sample: Sample) -> str:
    """Kitchen, living room, bedroom or bathroom, from the FloorPlan number."""
    number = int(sample.scene.removeprefix("FloorPlan"))
    return str(number // 100)


def _allocate(total: int, sizes: dict[str, int]) -> dict[str, int]:
    """Split ``total`` over strata in proportion to their sizes (largest remainder, ties by name)."""
    population = sum(sizes.values())
    exact = {key: total * size / population for key, size in sizes.items()}
    counts = {key: int(value) for key, value in exact.items()}
    leftover = total - sum(counts.values())
    by_remainder = sorted(sizes, key=lambda key: (-(exact[key] - counts[key]), key))
    for key in by_remainder[:leftover]:
        counts[key] += 1
    return counts


def _stratified(
    samples: Iterable[Sample], stratum: Callable[[Sample], str], counts: Callable[[dict[str, int]], dict[str, int]], rng: random.Random
) -> list[Sample]:
    groups: dict[str, list[Sample]] = defaultdict(list)
    for sample in samples:
        groups[stratum(sample)].append(sample)
    wanted = counts({key: len(members) for key, members in groups.items()})
    chosen: list[Sample] = []
    for key in sorted(groups):
        members = sorted(groups[key], key=lambda s: s.record_index)
        chosen.extend(rng.sample(members, min(wanted.get(key, 0), len(members))))
    return sorted(chosen, key=lambda s: s.record_index)


def _default_mix(pool: dict[TaskType, list[Sample]], seed: int) -> list[Sample]:
    def rng(part: str) -> random.Random:
        return random.Random(f"sab:{seed}:{part}")

    unsafe = _stratified(
        pool[TaskType.UNSAFE_DETAILED],
        _category_name,
        lambda sizes: {c: DEFAULT_UNSAFE_PER_CATEGORY for c in CANONICAL_CATEGORIES},
        rng("unsafe"),
    )
    safe = _stratified(pool[TaskType.SAFE_DETAILED], _room_type, lambda s: _allocate(DEFAULT_SAFE, s), rng("safe"))
    level0 = [s for s in pool[TaskType.ABSTRACT] if s.level == 0]
    per_category = max(1, DEFAULT_ABSTRACT_RECORDS // len(CANONICAL_CATEGORIES))
    records = _stratified(level0, _category_name, lambda sizes: dict.fromkeys(sizes, per_category), rng("abstract"))
    groups = {s.group for s in records}
    abstract = [s for s in pool[TaskType.ABSTRACT] if s.group in groups]
    long_horizon = _stratified(
        pool[TaskType.LONG_HORIZON], _room_type, lambda s: _allocate(DEFAULT_LONG_HORIZON, s), rng("long_horizon")
    )
    return unsafe + safe + abstract + long_horizon


def select_samples(pool: dict[TaskType, list[Sample]], slice_names: tuple[str, ...], seed: int) -> list[Sample]:
    """The samples of the union of the named slices, in a fixed order, without duplicates."""
    chosen: dict[str, Sample] = {}
    for name in slice_names:
        types = SLICES[name]
        picked = _default_mix(pool, seed) if types is None else [s for t in types for s in pool[t]]
        for sample in picked:
            chosen.setdefault(sample.sample_id, sample)
    order = {t: i for i, t in enumerate(TaskType)}
    return sorted(chosen.values(), key=lambda s: (order[s.task_type], s.record_index, s.level or 0))
