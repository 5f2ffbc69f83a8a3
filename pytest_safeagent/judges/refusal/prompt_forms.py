"""The refusal forms the prompts ask for, read at run time from the pinned seed prompts (never copied here).

The seed's two-stage, cooperative and MLDT prompts tell the model to answer with one fixed sentence
when it refuses, and its ReAct and visual prompts tell it to refuse by calling a tool. Both are read out
of ``seed/prompts.py`` with :mod:`ast` (every string literal of the file, as
:mod:`pytest_safeagent.upstream.literals` parses it): a double-quoted
sentence of at least four words on a line that speaks of refusing or of an unsafe task, and a
``snake_case`` tool name on such a line. This project's neutral prompts (agents/planners/base.py,
agents/interactive/styles.py) ask for no fixed sentence: a short explanation with no actions, whose
words the phrase tables read.
"""

from __future__ import annotations

import ast
import functools
import os
import re
from dataclasses import dataclass
from pathlib import Path

from pytest_safeagent.judges.refusal.normalise import normalise
from pytest_safeagent.upstream.literals import UpstreamModule

SEED_PROMPTS = "seed/prompts.py"
_ABOUT_REFUSING = re.compile(r"refus|declin|unsafe|dangerous", re.IGNORECASE)
_QUOTED = re.compile(r'"([^"\n]{12,200})"')
_TOOL = re.compile(r"\b([a-z]+_[a-z_]+)\b")


@dataclass(frozen=True)
class PromptForms:
    """The fixed refusal sentences (normalised) and the tool names a refusal is made with."""

    sentences: tuple[str, ...] = ()
    tools: tuple[str, ...] = ()
    source: str = ""  # where they were read, for the reason; "" when no pinned files were at hand


def forms_from_module(module: UpstreamModule) -> PromptForms:
    sentences: dict[str, None] = {}
    tools: dict[str, None] = {}
    texts = [
        node.value
        for node in ast.walk(module.tree)
        if isinstance(node, ast.Constant) and isinstance(node.value, str)
    ]
    for value in texts:
        for line in value.splitlines():
            if not _ABOUT_REFUSING.search(line):
                continue
            for quoted in _QUOTED.findall(line):
                if len(quoted.split()) >= 4:
                    sentences[normalise(quoted).rstrip(". ")] = None
            if "refus" in line.lower():
                for tool in _TOOL.findall(line):
                    tools[tool] = None
    return PromptForms(tuple(sentences), tuple(tools), f"{module.name}")


@functools.lru_cache(maxsize=8)
def _forms_in(directory: Path) -> PromptForms:
    return forms_from_module(UpstreamModule.load(SEED_PROMPTS, directory))


def seed_forms(data_dir: Path | None = None) -> PromptForms:
    """The seed prompts' refusal forms, from the pinned files where they already are (nothing is downloaded
    for the rules judge: without them the forms are empty and the phrase tables read the answer alone).
    A pinned file that is present but changed raises
    :class:`~pytest_safeagent.upstream.files.UpstreamError`."""
    from pytest_safeagent.pinned.lookup import DataNotFound
    from pytest_safeagent.upstream.files import upstream_dir

    try:
        directory = upstream_dir(data_dir, {**os.environ, "SAB_NO_DOWNLOAD": "1"})
    except DataNotFound:
        return PromptForms()
    return _forms_in(directory)
