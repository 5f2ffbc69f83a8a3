"""Render a run's HTML page in headless Chromium to a PNG, as a person would see it (not part of CI).

    python benchmarks/html_screenshot.py PAGE.html OUT.png [--width 1200] [--height 2400]

Needs Debian's chromium (apt-get install chromium). The browser runs with a fresh profile and with
background networking off, so it contacts nothing: the page itself loads nothing external.
"""

from __future__ import annotations

import argparse
import shutil
import subprocess
import sys
import tempfile
import time
from pathlib import Path


def screenshot(page: Path, out: Path, width: int, height: int) -> float:
    browser = shutil.which("chromium") or shutil.which("chromium-browser")
    if browser is None:
        raise SystemExit("chromium is not installed (apt-get install chromium)")
    with tempfile.TemporaryDirectory() as profile:
        started = time.perf_counter()
        subprocess.run(
            [
                browser,
                "--headless",
                "--no-sandbox",
                "--disable-gpu",
                "--no-first-run",
                "--disable-background-networking",
                "--disable-component-update",
                "--disable-sync",
                f"--user-data-dir={profile}",
                f"--window-size={width},{height}",
                f"--screenshot={out.resolve()}",
                page.resolve().as_uri(),
            ],
            check=True,
            capture_output=True,
            timeout=300,
        )
        return time.perf_counter() - started


def main() -> int:
    parser = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    parser.add_argument("page", type=Path)
    parser.add_argument("out", type=Path)
    parser.add_argument("--width", type=int, default=1200)
    parser.add_argument("--height", type=int, default=2400)
    args = parser.parse_args()
    seconds = screenshot(args.page, args.out, args.width, args.height)
    print(
        f"{args.page} ({args.page.stat().st_size / 1e6:.2f} MB) -> {args.out} in {seconds:.1f} s "
        f"(browser start, load, layout and paint)"
    )
    return 0


if __name__ == "__main__":
    sys.exit(main())
