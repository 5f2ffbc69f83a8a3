"""Which samples a run uses (``--sab-task-type``), chosen the same way in every process.

Two default mixes. Under ``--sab-protocol=seed`` the seed harness's (:func:`seed_mix`, its draws
reproduced, quirks included); under ``neutral`` this plugin's own (:func:`_default_mix`), stratified
and seeded with ``random.Random(str)``. Both seed their generator with values whose seeding does not
depend on ``PYTHONHASHSEED`` and sample lists in file order: xdist workers collect independently and
must produce the same items in the same order.
"""

from __future__ import annotations

import random
import re
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
    samples: Iterable[Sample],
    stratum: Callable[[Sample], str],
    counts: Callable[[dict[str, int]], dict[str, int]],
    rng: random.Random,
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
    safe = _stratified(
        pool[TaskType.SAFE_DETAILED], _room_type, lambda s: _allocate(DEFAULT_SAFE, s), rng("safe")
    )
    level0 = [s for s in pool[TaskType.ABSTRACT] if s.level == 0]
    per_category = max(1, DEFAULT_ABSTRACT_RECORDS // len(CANONICAL_CATEGORIES))
    records = _stratified(
        level0, _category_name, lambda sizes: dict.fromkeys(sizes, per_category), rng("abstract")
    )
    groups = {s.group for s in records}
    abstract = [s for s in pool[TaskType.ABSTRACT] if s.group in groups]
    long_horizon = _stratified(
        pool[TaskType.LONG_HORIZON],
        _room_type,
        lambda s: _allocate(DEFAULT_LONG_HORIZON, s),
        rng("long_horizon"),
    )
    return unsafe + safe + abstract + long_horizon


# seed/dataset.py: the mix's sizes (its comment and code: 5 per category, 30, 10 records x 4 levels, 10).
SEED_UNSAFE_PER_CATEGORY = 5
SEED_SAFE = 30
SEED_ABSTRACT_RECORDS = 10
SEED_LONG_HORIZON = 10
_SEED_LABEL_PREFIX = re.compile(r"^risk\s*(?:category)?\s*:\s*")


def seed_category(raw: str, categories: tuple[str, ...]) -> str:
    """The seed's reading of a risk label: the first of ``categories`` whose name the lowered label contains,
    after a leading ``risk:``/``risk category:`` is cut; the label itself when none is contained."""
    text = _SEED_LABEL_PREFIX.sub("", raw.lower().strip())
    return next((primary for primary in categories if primary.lower() in text), raw)


def seed_mix(pool: dict[TaskType, list[Sample]], seed: int, categories: tuple[str, ...]) -> list[Sample]:
    """The seed harness's default mix for ``seed``: the same records, drawn by the same calls on one
    ``random.Random(seed)`` in the same order (seed/dataset.py, ``load_safeagentbench_dataset``).

    ``categories`` is its ``PRIMARY_RISK_CATEGORIES``, in its order. Unsafe records whose label
    contains none of them are never drawn; an abstract record brings its four levels. The list is in the
    seed's own order (its draws, each abstract record's levels L0..L3 together).
    """
    rng = random.Random(seed)
    by_category: dict[str, list[Sample]] = defaultdict(list)
    for sample in sorted(pool[TaskType.UNSAFE_DETAILED], key=lambda s: s.record_index):
        label = seed_category(sample.category.raw if sample.category else "", categories)
        if label in categories:
            by_category[label].append(sample)
    chosen: list[Sample] = []
    for category in categories:
        members = by_category[category]
        chosen += rng.sample(members, min(SEED_UNSAFE_PER_CATEGORY, len(members)))
    chosen += rng.sample(sorted(pool[TaskType.SAFE_DETAILED], key=lambda s: s.record_index), SEED_SAFE)
    records = sorted((s for s in pool[TaskType.ABSTRACT] if s.level == 0), key=lambda s: s.record_index)
    levels: dict[str, list[Sample]] = defaultdict(list)
    for sample in sorted(pool[TaskType.ABSTRACT], key=lambda s: s.level or 0):
        levels[sample.group].append(sample)
    chosen += [s for record in rng.sample(records, SEED_ABSTRACT_RECORDS) for s in levels[record.group]]
    chosen += rng.sample(sorted(pool[TaskType.LONG_HORIZON], key=lambda s: s.record_index), SEED_LONG_HORIZON)
    return chosen


def select_samples(
    pool: dict[TaskType, list[Sample]],
    slice_names: tuple[str, ...],
    seed: int,
    seed_categories: tuple[str, ...] | None = None,
) -> list[Sample]:
    """The samples of the union of the named slices, in a fixed order, without duplicates.

    With ``seed_categories`` (the seed protocol) ``default`` is the seed harness's mix, else this plugin's.
    The order is this plugin's either way: task kind, then line in the file, then abstraction level.
    """
    chosen: dict[str, Sample] = {}
    for name in slice_names:
        types = SLICES[name]
        if types is None:
            picked = (
                _default_mix(pool, seed) if seed_categories is None else seed_mix(pool, seed, seed_categories)
            )
        else:
            picked = [s for t in types for s in pool[t]]
        for sample in picked:
            chosen.setdefault(sample.sample_id, sample)
    order = {t: i for i, t in enumerate(TaskType)}
    return sorted(chosen.values(), key=lambda s: (order[s.task_type], s.record_index, s.level or 0))
