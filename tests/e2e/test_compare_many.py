"""Several saved runs compared: the page (``pytest-safeagent html A B C``) and the N-way ``compare`` show each
run's own numbers, and their paired tests are those of the two-report ``compare``. Real CLI subprocesses
over reports written by real pytest runs."""

from __future__ import annotations

import csv
import json
import subprocess
import sys
from html.parser import HTMLParser
from itertools import combinations
from pathlib import Path

import pytest
from gating_helpers import run_benchmark_subprocess

CLI = [sys.executable, "-m", "pytest_safeagent.cli.main"]
RUNS = ("reference", "safe-reference", "refuse-all")


def cli(cwd: Path, *args: str) -> subprocess.CompletedProcess:
    return subprocess.run([*CLI, *args], cwd=cwd, capture_output=True, text=True, timeout=300)


class Cells(HTMLParser):
    """The elements carrying data-* attributes, with their attributes and text."""

    def __init__(self) -> None:
        super().__init__()
        self.found: list[dict] = []
        self._open: list[dict | None] = []

    def handle_starttag(self, tag: str, attrs: list) -> None:
        data = {k: v for k, v in attrs if k.startswith("data-")}
        entry = {"tag": tag, **data, "text": ""} if data else None
        if entry is not None:
            self.found.append(entry)
        if tag not in ("br", "input", "meta", "line", "circle"):
            self._open.append(entry)

    def handle_endtag(self, tag: str) -> None:
        if self._open:
            self._open.pop()

    def handle_data(self, data: str) -> None:
        for entry in self._open:
            if entry is not None:
                entry["text"] += data


def page_cells(path: Path) -> list[dict]:
    parser = Cells()
    parser.feed(path.read_text(encoding="utf-8"))
    return parser.found


@pytest.fixture(scope="module")
def subset_report(tmp_path_factory: pytest.TempPathFactory, data_dir: Path) -> Path:
    """The reference agent on the hazardous items of the default mix only (a different item set)."""
    where = tmp_path_factory.mktemp("subset")
    (where / "pytest.ini").write_text("[pytest]\nasyncio_default_fixture_loop_scope = function\n")
    done = run_benchmark_subprocess(
        where, "--sab-model=builtin/reference", "-k", "unsafe", "--sab-report=subset.json"
    )
    assert done.returncode == 1, done.stdout + done.stderr
    return where / "subset.json"


def test_the_page_shows_each_reports_numbers_and_compares_p_values(saved_reports, tmp_path):
    paths = [str(saved_reports[name]) for name in RUNS]
    done = cli(tmp_path, "html", *paths, "-o", "compare.html")
    assert done.returncode == 0, done.stderr
    assert "wrote compare.html: 3 runs, 3 paired tests" in done.stdout
    page = tmp_path / "compare.html"
    text = page.read_text()
    assert "All runs hold the same 130 items." in text and "http" not in text.replace("http-equiv", "")
    cells = page_cells(page)
    reports = {label: json.loads(Path(path).read_text()) for label, path in zip("ABC", paths, strict=True)}
    headline = [c for c in cells if c["tag"] == "td" and "data-metric" in c and "data-count" in c]
    assert {c["data-metric"] for c in headline} >= {"rejection_rate", "safe_success_rate"}
    rows = [c for c in cells if c["tag"] == "tr" and "data-run" in c]
    assert [r["data-run"] for r in rows] == ["A", "B", "C"]
    checked = 0
    for row in rows:  # each run row holds its cells in metric order; match them to that run's report
        overall = reports[row["data-run"]]["metrics"]["overall"]
        for cell in headline[checked : checked + len(headline) // 3]:
            rate = overall.get(cell["data-metric"]) or {}
            if rate.get("value") is None:
                assert cell["text"].strip() == "-"
                continue
            assert cell["data-count"] == str(rate["count"]) and cell["data-total"] == str(rate["total"])
            low, high = rate["ci95"]
            assert cell["text"].replace("[", " [").split() == [
                f"{rate['value']:.3f}",
                f"[{low:.3f},",
                f"{high:.3f}]",
                f"({rate['count']}/{rate['total']})",
            ]
        checked += len(headline) // 3
    assert checked == len(headline)

    tests = [c for c in cells if c["tag"] == "tr" and "data-pair" in c]
    for (a, path_a), (b, path_b) in combinations(zip("ABC", paths, strict=True), 2):
        two = cli(tmp_path, "compare", path_a, path_b, f"--json={a}{b}.json")
        assert two.returncode in (0, 1), two.stderr
        expected = {
            m["metric"]: m
            for m in json.loads((tmp_path / f"{a}{b}.json").read_text())["comparison"]["metrics"]
            if m["higher_is_better"] is not None
        }
        shown = {c["data-metric"]: c for c in tests if c["data-pair"] == f"{b}-{a}"}
        assert set(shown) == set(expected)
        for metric, change in expected.items():
            assert float(shown[metric]["data-p"]) == change["mcnemar_exact_p"]
            assert (
                shown[metric]["data-significant"]
                == str(change["mcnemar_exact_p"] < 0.05 and change["worse"] != change["better"]).lower()
            )
    disagreements = [c for c in cells if c["tag"] == "details" and "data-pattern" in c]
    reference, refuse = ({r["item_id"]: r for r in reports[k]["items"]} for k in ("A", "C"))
    assert (
        len(disagreements) >= sum(1 for i in reference if reference[i]["outcome"] != refuse[i]["outcome"]) > 0
    )
    first = disagreements[0]
    assert all(f"{label}:" in first["data-pattern"] for label in "ABC")


def test_the_page_says_when_item_sets_differ(saved_reports, subset_report, tmp_path):
    done = cli(tmp_path, "html", str(saved_reports["refuse-all"]), str(subset_report), "-o", "page.html")
    assert done.returncode == 0, done.stderr
    assert "different item sets" in done.stdout
    text = (tmp_path / "page.html").read_text()
    subset = len(json.loads(subset_report.read_text())["items"])
    assert f"The runs hold different items: {subset} are in every run, 130 in at least one." in text
    assert f"compared on the {subset} items both hold" in text


def test_compare_with_three_reports_prints_the_table_and_writes_csv_and_json(saved_reports, tmp_path):
    paths = [str(saved_reports[name]) for name in RUNS]
    done = cli(tmp_path, "compare", *paths, "--csv=runs.csv", "--json=runs.json")
    assert done.returncode == 0, done.stderr
    out = done.stdout
    assert "C against A" in out and "C against B" in out and "B against A" in out
    reports = {label: json.loads(Path(path).read_text()) for label, path in zip("ABC", paths, strict=True)}
    rows = list(csv.DictReader((tmp_path / "runs.csv").open()))
    overall = [r for r in rows if r["slice"] == "overall" and r["count"]]
    assert {r["run"] for r in overall} == {"A", "B", "C"}
    for row in overall:
        rate = reports[row["run"]]["metrics"]["overall"][row["metric"]]
        assert (float(row["value"]), int(row["count"]), int(row["total"])) == (
            rate["value"],
            rate["count"],
            rate["total"],
        )
        assert [float(row["ci95_low"]), float(row["ci95_high"])] == rate["ci95"]
    sliced = [r for r in rows if r["slice"] == "category"]
    assert sliced and all(
        float(r["value"])
        == reports[r["run"]]["metrics"]["slices"]["category"][r["group"]][r["metric"]]["value"]
        for r in sliced
    )
    many = json.loads((tmp_path / "runs.json").read_text())
    assert [run["label"] for run in many["runs"]] == ["A", "B", "C"] and len(many["pairs"]) == 3
    two = cli(tmp_path, "compare", paths[0], paths[2], "--json=ac.json")
    expected = {
        m["metric"]: m["mcnemar_exact_p"]
        for m in json.loads((tmp_path / "ac.json").read_text())["comparison"]["metrics"]
        if m["higher_is_better"] is not None
    }
    pair = next(p for p in many["pairs"] if (p["first"], p["second"]) == ("A", "C"))
    assert {m["metric"]: m["p_value"] for m in pair["metrics"]} == expected
    assert two.returncode in (0, 1)


def test_compare_many_refuses_gates_and_unreadable_reports(saved_reports, tmp_path):
    paths = [str(saved_reports[name]) for name in RUNS]
    gated = cli(tmp_path, "compare", *paths, "--gate", "rejection_rate>=0.5")
    assert gated.returncode == 2 and "--gate judges one run against one baseline" in gated.stderr
    (tmp_path / "broken.json").write_text("{")
    broken = cli(tmp_path, "html", *paths[:2], "broken.json", "-o", "x.html")
    assert broken.returncode == 2 and "broken.json" in broken.stderr and not (tmp_path / "x.html").exists()
