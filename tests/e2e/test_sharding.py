"""--sab-shard=K/N and ``pytest-safeagent merge``: real pytest runs of the plugin and the CLI in subprocesses.

The builtin reference agent needs no model, so a sharded run and its unsharded twin can be compared
item for item (only the wall-clock timings of an item differ between two runs).
"""

from __future__ import annotations

import json
import subprocess
import sys
from pathlib import Path

import pytest
from gating_helpers import run_benchmark_subprocess

# a slice of both task types (long-horizon items cost more in the partition): tasks 1 and 10-19 of each
SLICE = "abstract_1 or long_horizon_1"
SELECTION = (
    "--sab-model=builtin/reference",
    "--sab-strategy=direct,cot",
    "--sab-task-type=abstract,long_horizon",
    "-k",
    SLICE,
)
MERGE = [sys.executable, "-m", "pytest_safeagent.cli.main", "merge"]


def _merge(cwd: Path, *args: str) -> subprocess.CompletedProcess:
    return subprocess.run([*MERGE, *args], cwd=cwd, capture_output=True, text=True, timeout=120)


def _without_timings(items: list[dict]) -> list[dict]:
    return [{k: v for k, v in item.items() if k != "timings"} for item in items]


@pytest.fixture(scope="module")
def sharded(tmp_path_factory: pytest.TempPathFactory) -> Path:
    """An unsharded run and its three shards (shard 2 under xdist), all with -k excluding some items."""
    where = tmp_path_factory.mktemp("shards")
    (where / "pytest.ini").write_text("[pytest]\nasyncio_default_fixture_loop_scope = function\n")
    common = (*SELECTION[:-1], f"({SLICE}) and not abstract_13")
    done = run_benchmark_subprocess(where, *common, "--sab-report=full.json")
    assert done.returncode in (0, 1), done.stdout + done.stderr
    for k in (1, 2, 3):
        extra = ("-n", "2") if k == 2 else ()
        done = run_benchmark_subprocess(
            where, *common, *extra, f"--sab-shard={k}/3", f"--sab-report=s{k}.json"
        )
        assert done.returncode in (0, 1), done.stdout + done.stderr
        assert f"safeagent: shard {k}/3" in done.stdout
    return where


def test_merged_shards_are_the_unsharded_run(sharded: Path):
    done = _merge(sharded, "s3.json", "s1.json", "s2.json", "-o", "merged.json", "--html", "merged.html")
    full = json.loads((sharded / "full.json").read_text())
    merged = json.loads((sharded / "merged.json").read_text())
    assert done.returncode == 1, done.stderr  # items failed, as in the unsharded run (no gates)
    assert "merged 3 of 3 shards" in done.stdout
    assert [i["item_id"] for i in merged["items"]] == [i["item_id"] for i in full["items"]]
    assert _without_timings(merged["items"]) == _without_timings(full["items"])
    assert merged["metrics"] == full["metrics"]
    assert merged["violations"] == full["violations"]
    assert merged["fingerprint"] == full["fingerprint"] and merged["complete"] is True
    ids = json.dumps([i["item_id"] for i in full["items"]])
    assert "abstract_13" not in ids and "abstract_12" in ids  # -k applied before sharding
    shards = [json.loads((sharded / f"s{k}.json").read_text())["shard"] for k in (1, 2, 3)]
    assert {s["fingerprint"] for s in shards} == {merged["merged"]["partition_fingerprint"]}
    assert sum(len(s["items"]) for s in shards) == shards[0]["selection_size"] == len(full["items"])
    costs = [s["cost"] for s in shards]
    assert max(costs) - min(costs) <= 1
    shard1 = json.loads((sharded / "s1.json").read_text())
    assert [i["item_id"] for i in shard1["items"]] == shards[0]["items"]
    assert shard1["metrics"]["counts"]["items"] == len(shards[0]["items"])  # the shard's own metrics
    assert (sharded / "merged.html").read_text().count("<html") == 1


def test_gates_and_baseline_decide_the_merged_exit_status(sharded: Path):
    passing = _merge(
        sharded,
        "s1.json",
        "s2.json",
        "s3.json",
        "-o",
        "g.json",
        "--gate",
        "rejection_rate>=0",
        "--baseline",
        "full.json",
    )
    assert passing.returncode == 0, passing.stdout + passing.stderr
    report = json.loads((sharded / "g.json").read_text())
    assert report["verdict"]["status"] == "pass" and report["gates"][0]["status"] == "pass"
    assert report["baseline_comparison"]["paired_items"] > 0
    failing = _merge(
        sharded, "s1.json", "s2.json", "s3.json", "-o", "g.json", "--gate", "rejection_rate>=1.0"
    )
    assert failing.returncode == 1 and "FAIL" in failing.stdout
    bad_gate = _merge(sharded, "s1.json", "s2.json", "s3.json", "-o", "g.json", "--gate", "nonsense>=1")
    assert bad_gate.returncode == 4 and "nonsense" in bad_gate.stderr


def test_a_missing_shard_is_reported_and_the_run_is_incomplete(sharded: Path):
    done = _merge(sharded, "s1.json", "s3.json", "-o", "partial.json", "--gate", "rejection_rate>=0")
    assert done.returncode == 2, done.stdout + done.stderr
    assert "shard 2/3 missing" in done.stdout
    report = json.loads((sharded / "partial.json").read_text())
    shard2 = json.loads((sharded / "s2.json").read_text())["shard"]["items"]
    assert report["complete"] is False and report["metrics"]["missing_items"] == sorted(shard2)
    assert report["merged"]["missing_shards"] == [2]


def test_duplicated_shards_and_shards_of_another_run_are_refused(sharded: Path):
    twice = _merge(sharded, "s1.json", "s1.json", "s2.json", "-o", "x.json")
    assert twice.returncode == 4 and "shard 1/3 given twice" in twice.stderr
    other = run_benchmark_subprocess(
        sharded,
        "--sab-model=builtin/reference",
        "--sab-strategy=direct,cot",
        "--sab-task-type=abstract,long_horizon",
        "-k",
        SLICE,
        "--sab-seed=7",
        "--sab-shard=2/3",
        "--sab-report=other2.json",
    )
    assert other.returncode in (0, 1), other.stderr
    refused = _merge(sharded, "s1.json", "other2.json", "s3.json", "-o", "x.json")
    assert refused.returncode == 4
    assert (
        "other2.json is a shard of a different run than s1.json" in refused.stderr
        and "seed" in refused.stderr
    )
    assert not (sharded / "x.json").exists()
    unsharded = _merge(sharded, "full.json", "-o", "x.json")
    assert unsharded.returncode == 4 and "full.json: no 'shard' section" in unsharded.stderr


@pytest.mark.parametrize("value", ["0/2", "3/2", "1/0", "half"])
def test_a_bad_shard_value_is_one_usage_error(pytester: pytest.Pytester, value: str):
    result = pytester.runpytest(
        "-p", "no:cacheprovider", "--sab-model=builtin/reference", f"--sab-shard={value}"
    )
    assert result.ret == pytest.ExitCode.USAGE_ERROR
    errors = [line for line in result.stderr.lines if "sab-shard" in line]
    assert len(errors) == 1 and errors[0].startswith(f"ERROR: --sab-shard={value}: "), result.stderr.lines


def test_the_ini_key_and_resuming_a_shard_from_a_merged_log(pytester: pytest.Pytester):
    pytester.makeini("[pytest]\nsab_shard = 2/2\nasyncio_default_fixture_loop_scope = function\n")
    args = ("-p", "no:cacheprovider", "-q", *SELECTION)
    first = pytester.runpytest(
        *args, "--sab-report=a.json", "--maxfail=3"
    )  # stops early: a half-finished shard
    assert "safeagent: shard 2/2" in first.stdout.str()
    logged = sum(1 for _ in (pytester.path / "a.jsonl").open()) - 1
    other = pytester.runpytest(*args, "--sab-shard=1/2", "--sab-report=b.json")
    assert other.ret == pytest.ExitCode.TESTS_FAILED
    done = subprocess.run(
        [*MERGE, "--logs", "a.jsonl", "b.jsonl", "-o", "both.jsonl"],
        cwd=pytester.path,
        capture_output=True,
        text=True,
        timeout=60,
    )
    assert done.returncode == 0, done.stderr
    resumed = pytester.runpytest(
        *args, "--sab-resume=both.jsonl", "--sab-report=a2.json", "--sab-log=a2.jsonl"
    )
    report = json.loads((pytester.path / "a2.json").read_text())
    shard_b = json.loads((pytester.path / "b.json").read_text())["shard"]
    assert report["shard"]["index"] == 2 and report["shard"]["fingerprint"] == shard_b["fingerprint"]
    assert [i["item_id"] for i in report["items"]] == report["shard"]["items"]  # none of shard 1's items
    assert report["complete"] is True and report["resumed"]["items_reused"] > 0
    assert logged < len(report["items"])
    assert resumed.ret == pytest.ExitCode.TESTS_FAILED
    merged = subprocess.run(
        [*MERGE, "b.json", "a2.json", "-o", "m.json"],
        cwd=pytester.path,
        capture_output=True,
        text=True,
        timeout=60,
    )
    assert "merged 2 of 2 shards" in merged.stdout, merged.stderr
