"""No sentence of the seed's prompts lives in this project's sources: they are read from the pinned files.

Every tracked file is scanned for any run of eight consecutive words of any prompt constant of
seed/prompts.py (words compared lowercased, punctuation and escapes ignored).
"""

from __future__ import annotations

import re
import subprocess
from pathlib import Path

import pytest
from support.upstream_texts import string_constants

RUN = 8
ROOT = Path(__file__).resolve().parents[2]
_WORD = re.compile(r"[a-z0-9]+")


def _words(text: str) -> list[str]:
    return _WORD.findall(text.lower().replace("\\n", " "))


def _runs(text: str) -> set[tuple[str, ...]]:
    words = _words(text)
    return {tuple(words[i : i + RUN]) for i in range(len(words) - RUN + 1)}


def _tracked_files() -> list[Path]:
    try:
        listed = subprocess.run(["git", "ls-files", "-z"], cwd=ROOT, capture_output=True, check=True).stdout
    except (OSError, subprocess.CalledProcessError):
        pytest.skip("not a git checkout")
    return [ROOT / name for name in listed.decode().split("\0") if name]


def test_no_eight_word_run_of_a_seed_prompt_appears_in_a_tracked_file():
    prompts = string_constants("seed/prompts.py")
    assert len(prompts) >= 20
    forbidden = {run: name for name, text in prompts.items() for run in _runs(text)}
    assert len(forbidden) > 1000
    found = []
    for path in _tracked_files():
        try:
            text = path.read_text(encoding="utf-8")
        except (UnicodeDecodeError, OSError):
            continue  # binary data (images, fixtures) or a file removed but not yet committed
        for run in _runs(text) & forbidden.keys():
            found.append(f"{path.relative_to(ROOT)}: {' '.join(run)!r} (from {forbidden[run]})")
    assert not found, "\n".join(sorted(found)[:20])


def test_the_scan_finds_a_copied_sentence(tmp_path):
    prompts = string_constants("seed/prompts.py")
    forbidden = {run for text in prompts.values() for run in _runs(text)}
    sample = " ".join(_words(prompts["PLANNING_TASK_PROMPT"])[5:15])
    assert _runs(f"x = '{sample}'") & forbidden
