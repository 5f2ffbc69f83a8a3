"""How long the comparison page of several runs takes to render and to load in headless Chromium (not CI).

    python benchmarks/compare_page.py [A.json B.json C.json ...] [--out DIR]

Without reports it makes three: the builtin reference, safe-reference and refuse-all agents over all
1050 samples (real pytest runs, about 10 s each), which disagree on every item, so every item is listed
with all three answers: the page's worst case at this size. It prints the render time, the page's size
and the Chromium time for the page and for an empty page (the browser's own start), and saves a
screenshot. Needs Debian's chromium (apt-get install chromium); the browser runs with a fresh profile,
background networking off, and the page loads nothing external.
"""

from __future__ import annotations

import argparse
import os
import subprocess
import sys
import tempfile
import time
from pathlib import Path

from html_screenshot import (
    screenshot,  # this folder's page-to-PNG helper (run as a script, it is on sys.path)
)

from pytest_safeagent.reportfile.reader import load_report
from pytest_safeagent.reporting.compare_page import render_compare_page
from pytest_safeagent.reporting.multi_run import compare_many

BUILTIN = ("reference", "safe-reference", "refuse-all")


def builtin_reports(where: Path) -> list[Path]:
    (where / "pytest.ini").write_text("[pytest]\n")
    paths = []
    for model in BUILTIN:
        path = where / f"{model}.json"
        subprocess.run(
            [
                sys.executable,
                "-m",
                "pytest",
                "-p",
                "no:cacheprovider",
                "-q",
                f"--sab-model=builtin/{model}",
                "--sab-task-type=all",
                f"--sab-report={path}",
            ],
            cwd=where,
            capture_output=True,
            check=False,
            timeout=900,
            env=dict(os.environ),
        )
        paths.append(path)
    return paths


def chromium_seconds(page: Path, shot: Path) -> float:
    """Seconds headless Chromium takes to load ``page`` and paint it into ``shot``."""
    return screenshot(page, shot, 1280, 2400)


def main() -> int:
    parser = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    parser.add_argument("reports", type=Path, nargs="*")
    parser.add_argument("--out", type=Path, default=Path(tempfile.mkdtemp(prefix="sab-compare-")))
    args = parser.parse_args()
    args.out.mkdir(parents=True, exist_ok=True)
    reports = args.reports or builtin_reports(args.out)
    started = time.perf_counter()
    runs = [load_report(path) for path in reports]
    loaded = time.perf_counter()
    multi = compare_many(runs)
    page = args.out / "compare.html"
    page.write_text(render_compare_page(multi), encoding="utf-8")
    rendered = time.perf_counter()
    blank = args.out / "blank.html"
    blank.write_text("<!DOCTYPE html><title>blank</title>", encoding="utf-8")
    empty = chromium_seconds(blank, args.out / "blank.png")
    load = chromium_seconds(page, args.out / "compare.png")
    items = sum(len(run.records) for run in runs)
    print(f"{len(runs)} runs, {items} item records, {len(multi.disagreements)} items where they disagree")
    print(
        f"read {loaded - started:.2f} s, compare and render "
        f"{rendered - loaded:.2f} s, page {page.stat().st_size / 1e6:.2f} MB"
    )
    print(
        f"headless Chromium: the page {load:.2f} s (start, load, layout, paint, screenshot); an empty page "
        f"{empty:.2f} s; screenshot {args.out / 'compare.png'}"
    )
    return 0


if __name__ == "__main__":
    sys.exit(main())
