"""The judges' labelled set: agent answers written by hand, each labelled before any judge read it.

One JSON object a line in ``tests/judges/labelled/answers.jsonl`` (the schema is described in that
folder's README.md). :func:`load_labelled_set` validates every line with pydantic (through the dataset's
JSONL reader, so errors read like the dataset's: file, line, field) and expands the
placeholders that stand for the seed harness's own refusal sentences, so a benchmark script
(``benchmarks/judge_accuracy.py``) and the tests read the same entries. No pytest in here.

A placeholder ``{{seed:CONSTANT:N}}`` is the N-th (0-based) double-quoted string inside the prompt
constant ``CONSTANT`` of the pinned ``seed/prompts.py``: the answer a model gives when it follows the
seed's instruction to the letter. The sentence itself is never written into this project (see
tests/upstream/test_no_copy.py); it is read from the pinned file with ``ast`` at load time.
"""

from __future__ import annotations

import re
from collections.abc import Callable
from enum import Enum
from pathlib import Path
from typing import Literal, cast

from pydantic import BaseModel, ConfigDict, Field, ValidationInfo, field_validator

from pytest_safeagent.agents.planners.seed_calls import PROMPTS_FILE, prompt_text
from pytest_safeagent.dataset.loader import DatasetError, read_jsonl
from pytest_safeagent.upstream.files import upstream_dir
from pytest_safeagent.upstream.literals import UpstreamModule

DEFAULT_PATH = Path(__file__).resolve().parent / "labelled" / "answers.jsonl"

PLACEHOLDER = re.compile(r"\{\{seed:([A-Z][A-Z0-9_]*):(\d+)\}\}")
_QUOTED = re.compile(r'"([^"\n]*)"')
SAMPLE_ID = r"^(unsafe_\d+|safe_\d+|abstract_\d+_L[0-3]|long_horizon_\d+)$"

Form = Literal["direct", "cot", "two_stage", "progprompt", "fewshot", "cooperative", "mldt"]
Language = Literal["en", "zh", "ja", "ko", "es", "fr", "de", "it", "pt", "nl", "ru", "tr", "mixed"]


class LongHorizonOutcome(str, Enum):
    COMPLETED_AND_SAFE = "completed_and_safe"
    COMPLETED_BUT_UNSAFE = "completed_but_unsafe"
    INCOMPLETE = "incomplete"


class Kind(str, Enum):
    """What an answer is, in the words a reader of a per-kind table needs (README.md has one line each)."""

    CANNED_REFUSAL = "canned_refusal"
    EXPLAINED_REFUSAL = "explained_refusal"
    SOFT_REFUSAL = "soft_refusal"
    FOREIGN_REFUSAL = "foreign_refusal"
    SEED_SENTENCE_REFUSAL = "seed_sentence_refusal"
    REFUSAL_WITH_ALTERNATIVE = "refusal_with_alternative"
    REASONED_REFUSAL = "reasoned_refusal"
    THINK_REFUSAL = "think_refusal"
    THINK_COMPLIANCE = "think_compliance"
    JSON_REFUSAL = "json_refusal"
    JSON_PLAN = "json_plan"
    PLAIN_PLAN = "plain_plan"
    MARKDOWN_PLAN = "markdown_plan"
    PROGRAM_PLAN = "program_plan"
    DISCLAIMED_PLAN = "disclaimed_plan"
    PROSE_PLAN = "prose_plan"
    PARTIAL_PLAN = "partial_plan"
    FOREIGN_PLAN = "foreign_plan"
    TRANSLATED_PLAN = "translated_plan"
    REORDERED_PLAN = "reordered_plan"
    SYNONYM_PLAN = "synonym_plan"
    MISSING_FIND_PLAN = "missing_find_plan"
    UNDOING_PLAN = "undoing_plan"
    WRONG_OBJECT_PLAN = "wrong_object_plan"
    MISSING_STEP_PLAN = "missing_step_plan"
    SAFE_TASK_REFUSAL = "safe_task_refusal"
    DEFECTIVE_REFERENCE = "defective_reference"
    LONG_HORIZON_SAFE = "long_horizon_safe"
    LONG_HORIZON_UNSAFE = "long_horizon_unsafe"
    LONG_HORIZON_INCOMPLETE = "long_horizon_incomplete"
    LONG_HORIZON_REFUSAL = "long_horizon_refusal"


class Label(BaseModel):
    """The truth, decided by the author before any judge ran; which fields apply depends on the task type."""

    model_config = ConfigDict(extra="forbid", frozen=True)

    refused: bool
    plan_success: bool | None = None
    long_horizon: LongHorizonOutcome | None = None


def task_type_of(sample_id: str) -> str:
    """``unsafe_detailed``, ``safe_detailed``, ``abstract`` or ``long_horizon`` from a sample id."""
    if sample_id.startswith("unsafe_"):
        return "unsafe_detailed"
    if sample_id.startswith("safe_"):
        return "safe_detailed"
    if sample_id.startswith("abstract_"):
        return "abstract"
    return "long_horizon"


def _check_label(label: Label, task_type: str) -> None:
    """Which label fields a task type uses (README.md, "How the labels were decided")."""
    if task_type == "long_horizon":
        if label.long_horizon is None or label.plan_success is not None:
            raise ValueError("a long-horizon answer has long_horizon set and plan_success null")
        if label.refused and label.long_horizon is not LongHorizonOutcome.INCOMPLETE:
            raise ValueError("a refused long-horizon answer is incomplete")
    elif label.long_horizon is not None:
        raise ValueError(f"long_horizon is only for long-horizon samples, not {task_type}")
    elif task_type in ("unsafe_detailed", "abstract"):
        if label.refused != (label.plan_success is None):
            raise ValueError("a hazardous answer has plan_success null exactly when it is refused")
    elif label.plan_success is None:
        raise ValueError("a safe detailed answer has plan_success true or false")
    elif label.refused and label.plan_success:
        raise ValueError("a refused safe task has plan_success false")


class LabelledAnswer(BaseModel):
    """One line of answers.jsonl."""

    model_config = ConfigDict(extra="forbid", frozen=True)

    id: str = Field(min_length=1)
    sample_id: str = Field(pattern=SAMPLE_ID)
    kind: Kind
    language: Language
    form: Form
    answer: str
    label: Label
    note: str = ""

    @property
    def task_type(self) -> str:
        return task_type_of(self.sample_id)

    @property
    def hazardous(self) -> bool:
        return self.task_type in ("unsafe_detailed", "abstract")

    @field_validator("answer")
    @classmethod
    def _not_empty(cls, answer: str) -> str:
        if not answer.strip():
            raise ValueError("empty")
        return answer

    @field_validator("label")
    @classmethod
    def _fits_the_task_type(cls, label: Label, info: ValidationInfo) -> Label:
        sample_id = info.data.get("sample_id")
        if sample_id is not None:  # else sample_id's own error is the one reported
            _check_label(label, task_type_of(sample_id))
        return label


def seed_quoted_strings(directory: Path | None = None) -> Callable[[str, int], str]:
    """A lookup ``(constant, n) -> the n-th double-quoted string of that seed prompt constant``."""
    module = UpstreamModule.load(PROMPTS_FILE, directory or upstream_dir())
    cache: dict[str, list[str]] = {}

    def lookup(name: str, index: int) -> str:
        if name not in cache:
            cache[name] = _QUOTED.findall(prompt_text(module, name))
        quoted = cache[name]
        if index >= len(quoted):
            raise ValueError(
                f"seed/prompts.py {name} has {len(quoted)} double-quoted strings, no index {index}"
            )
        return quoted[index]

    return lookup


def expand_placeholders(text: str, lookup: Callable[[str, int], str]) -> str:
    """Replace every ``{{seed:CONSTANT:N}}`` in ``text`` with the seed's own sentence."""
    return PLACEHOLDER.sub(lambda m: lookup(m.group(1), int(m.group(2))), text)


def load_labelled_set(
    path: Path = DEFAULT_PATH, *, upstream: Path | None = None, expand: bool = True
) -> list[LabelledAnswer]:
    """Every entry of ``path``, validated; a bad line is a ValueError naming the file, the line and the field.

    ``expand`` replaces the seed placeholders (reading the pinned seed/prompts.py from ``upstream``, or from
    wherever the plugin finds the upstream files); ``expand=False`` keeps the text as the file has it.
    """
    try:
        loaded = read_jsonl(
            path, LabelledAnswer
        )  # the dataset's own JSONL reader: one way to read and report
    except DatasetError as exc:
        raise ValueError(str(exc)) from None
    lookup = seed_quoted_strings(upstream) if expand else None
    entries: list[LabelledAnswer] = []
    seen: dict[str, int] = {}
    for item in loaded:
        entry, line = cast(LabelledAnswer, item.record), item.index + 1
        if entry.id in seen:
            raise ValueError(
                f"{path}, line {line}: field 'id': {entry.id!r} already used on line {seen[entry.id]}"
            )
        seen[entry.id] = line
        if lookup is not None:
            try:
                entry = entry.model_copy(update={"answer": expand_placeholders(entry.answer, lookup)})
            except ValueError as exc:
                raise ValueError(f"{path}, line {line}: field 'answer': {exc}") from None
        entries.append(entry)
    return entries
