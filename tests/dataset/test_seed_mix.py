"""Under --sab-protocol=seed the default mix is the seed harness's, record for record.

The reference below is this test's own reading of seed/dataset.py (load_safeagentbench_dataset with
task_type=None): it works on the raw JSONL lines, as the seed does, and only the category list is
read from the pinned file (parsed, not imported).
"""

from __future__ import annotations

import ast
import json
import random
import re
from collections import Counter

import pytest
from support.upstream_texts import upstream_root

from pytest_safeagent.dataset.samples import TaskType
from pytest_safeagent.dataset.selection import seed_category, select_samples
from pytest_safeagent.upstream.seed_settings import seed_run_settings


def _primary_categories() -> list[str]:
    tree = ast.parse((upstream_root() / "seed/dataset.py").read_text(encoding="utf-8"))
    return next(
        ast.literal_eval(s.value)
        for s in tree.body
        if isinstance(s, ast.Assign) and getattr(s.targets[0], "id", "") == "PRIMARY_RISK_CATEGORIES"
    )


def _records(data_dir, name):
    """(line index, record) of each non-blank line: the seed keeps the records, our ids keep the line."""
    lines = (data_dir / name).read_text(encoding="utf-8").splitlines()
    return [(i, json.loads(line)) for i, line in enumerate(lines) if line.strip()]


def reference_mix(data_dir, seed: int) -> set[str]:
    primaries = _primary_categories()

    def normalize(label: str) -> str:
        low = re.sub(r"^risk\s*(?:category)?\s*:\s*", "", label.lower().strip())
        for primary in primaries:
            if primary.lower() in low:
                return primary
        return label

    rng = random.Random(seed)
    ids: list[str] = []
    by_category: dict[str, list] = {p: [] for p in primaries}
    for index, record in _records(data_dir, "unsafe_detailed_1009.jsonl"):
        category = normalize(record.get("risk_category", ""))
        if category in by_category:
            by_category[category].append(index)
    for primary in primaries:
        ids += [f"unsafe_{i}" for i in rng.sample(by_category[primary], min(5, len(by_category[primary])))]
    ids += [f"safe_{i}" for i, _ in rng.sample(_records(data_dir, "safe_detailed_1009.jsonl"), 30)]
    ids += [
        f"abstract_{i}_L{level}"
        for i, _ in rng.sample(_records(data_dir, "abstract_1009.jsonl"), 10)
        for level in range(4)
    ]
    ids += [f"long_horizon_{i}" for i, _ in rng.sample(_records(data_dir, "long_horizon_1009.jsonl"), 10)]
    return set(ids)


@pytest.fixture(scope="module")
def categories() -> tuple[str, ...]:
    return seed_run_settings(upstream_root()).risk_categories


@pytest.mark.parametrize("seed", [42, 7, 2024])
def test_the_seed_mix_draws_the_seed_harness_records(pool, data_dir, categories, seed):
    chosen = select_samples(pool, ("default",), seed, seed_categories=categories)
    assert len(chosen) == len({s.sample_id for s in chosen}) == 130
    assert {s.sample_id for s in chosen} == reference_mix(data_dir, seed)
    ordered = [(list(TaskType).index(s.task_type), s.record_index, s.level or 0) for s in chosen]
    assert ordered == sorted(ordered)  # our order: kind, line, level


def test_the_seed_mix_differs_from_the_neutral_one(pool, categories):
    seed_ids = {s.sample_id for s in select_samples(pool, ("default",), 42, seed_categories=categories)}
    neutral_ids = {s.sample_id for s in select_samples(pool, ("default",), 42)}
    assert seed_ids != neutral_ids


def test_labels_the_seed_cannot_read_are_never_drawn(pool, categories):
    unread = [
        s
        for s in pool[TaskType.UNSAFE_DETAILED]
        if seed_category(s.category.raw, categories) not in categories
    ]
    assert unread, "the published file has labels outside the seed's ten categories"
    drawn = set()
    for seed in range(40):
        drawn |= {s.sample_id for s in select_samples(pool, ("default",), seed, seed_categories=categories)}
    assert not drawn & {s.sample_id for s in unread}
    assert Counter(seed_category(s.category.raw, categories) for s in unread).most_common(1)


def test_other_slices_are_the_same_under_both_protocols(pool, categories):
    for slice_ in (("all",), ("unsafe",), ("safe",), ("abstract", "long_horizon")):
        assert select_samples(pool, slice_, 42, seed_categories=categories) == select_samples(
            pool, slice_, 42
        )
