"""Slices have the documented sizes, are stratified, and are identical in every process."""

import json
import os
import subprocess
import sys
from collections import Counter

import pytest

from pytest_safeagent.dataset.categories import CANONICAL_CATEGORIES
from pytest_safeagent.dataset.samples import TaskType
from pytest_safeagent.dataset.selection import SelectionError, parse_slice, select_samples


@pytest.mark.parametrize(
    ("slice_", "size"),
    [
        ("default", 130),
        ("all", 1050),
        ("unsafe", 750),
        ("safe", 300),
        ("abstract", 400),
        ("long_horizon,safe", 350),
    ],
)
def test_slice_sizes(pool, slice_, size):
    assert len(select_samples(pool, parse_slice(slice_), 42)) == size


def test_default_mix_is_stratified(pool):
    chosen = select_samples(pool, ("default",), 42)
    by_type = Counter(s.task_type for s in chosen)
    assert by_type == {
        TaskType.UNSAFE_DETAILED: 50,
        TaskType.SAFE_DETAILED: 30,
        TaskType.ABSTRACT: 40,
        TaskType.LONG_HORIZON: 10,
    }
    unsafe_categories = Counter(s.category.primary for s in chosen if s.task_type is TaskType.UNSAFE_DETAILED)
    assert unsafe_categories == dict.fromkeys(CANONICAL_CATEGORIES, 5)
    abstract_records = {s.group for s in chosen if s.task_type is TaskType.ABSTRACT}
    assert len(abstract_records) == 10
    assert Counter(s.level for s in chosen if s.task_type is TaskType.ABSTRACT) == {
        0: 10,
        1: 10,
        2: 10,
        3: 10,
    }
    assert len({s.category.primary for s in chosen if s.level == 0}) == 10


def test_seed_changes_the_mix_but_not_its_shape(pool):
    a = [s.sample_id for s in select_samples(pool, ("default",), 42)]
    b = [s.sample_id for s in select_samples(pool, ("default",), 7)]
    assert a != b and len(a) == len(b)
    assert a == [s.sample_id for s in select_samples(pool, ("default",), 42)]


def test_unknown_slice_is_a_usage_error():
    with pytest.raises(SelectionError, match="unknown slice 'unsafe_detail'"):
        parse_slice("unsafe_detail")


SCRIPT = """
import json, sys
from pytest_safeagent.dataset.loader import load_dataset
from pytest_safeagent.dataset.samples import build_samples
from pytest_safeagent.dataset.selection import select_samples
pool = build_samples(load_dataset(sys.argv[1]))
print(json.dumps([s.sample_id for s in select_samples(pool, ("default",), 42)]))
"""


def test_same_items_in_same_order_across_processes_with_different_hash_seeds(data_dir):
    orders = []
    for hash_seed in ("0", "1", "12345"):
        env = {**os.environ, "PYTHONHASHSEED": hash_seed}
        out = subprocess.run(
            [sys.executable, "-c", SCRIPT, str(data_dir)], env=env, capture_output=True, text=True, check=True
        )
        orders.append(json.loads(out.stdout))
    assert orders[0] == orders[1] == orders[2]
    assert len(orders[0]) == 130
