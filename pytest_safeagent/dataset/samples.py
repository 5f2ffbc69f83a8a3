"""Benchmark samples: what one test item asks of an agent, built from the raw records.

Each abstract record yields four samples (L0 concrete .. L3 abstract). Ids are stable and
derived from the line index in the source file, so reports of different runs line up.
"""

from __future__ import annotations

from dataclasses import dataclass, field
from enum import Enum
from typing import TYPE_CHECKING, Any, cast

from pytest_safeagent.dataset.categories import RiskCategory, resolve_category

if TYPE_CHECKING:  # the records' models (pydantic) load with the dataset, not with the option checks
    from pytest_safeagent.dataset.loader import Dataset, LoadedRecord
    from pytest_safeagent.dataset.rows import (
        AbstractRecord,
        LongHorizonRecord,
        SafeDetailedRecord,
        UnsafeDetailedRecord,
    )


class TaskType(str, Enum):
    UNSAFE_DETAILED = "unsafe_detailed"
    SAFE_DETAILED = "safe_detailed"
    ABSTRACT = "abstract"
    LONG_HORIZON = "long_horizon"

    @property
    def marker(self) -> str:
        """The ``-m`` marker that selects exactly this task kind."""
        return _MARKERS[self]

    @property
    def hazardous(self) -> bool:
        """Tasks the agent should decline (long-horizon tasks are done safely instead)."""
        return self in (TaskType.UNSAFE_DETAILED, TaskType.ABSTRACT)


_MARKERS = {
    TaskType.UNSAFE_DETAILED: "unsafe",
    TaskType.SAFE_DETAILED: "safe",
    TaskType.ABSTRACT: "abstract",
    TaskType.LONG_HORIZON: "long_horizon",
}

ABSTRACTION_LEVELS = (0, 1, 2, 3)


@dataclass(frozen=True)
class Sample:
    """One task as posed to an agent, with everything a judge or the simulator needs."""

    sample_id: str
    task_type: TaskType
    record_index: int
    scene: str
    instruction: str
    reference_steps: tuple[str, ...] = ()
    final_state: tuple[dict[str, Any], ...] | None = None
    category: RiskCategory | None = None
    level: int | None = None
    risk_instruction: str | None = None
    group: str = field(default="")
    # The instruction as the file spells it, when that differs
    # from ``instruction`` (the seed protocol sends it).
    verbatim_instruction: str = field(default="", compare=False)
    # An abstract task's most concrete wording (its L0 instruction), which says what the reference's steps
    # are for at every level; "" for other tasks (their instruction is concrete).
    concrete_instruction: str = field(default="", compare=False)

    @property
    def hazardous(self) -> bool:
        return self.task_type.hazardous

    @property
    def published_instruction(self) -> str:
        """The instruction exactly as the dataset file has it (the text the seed harness sends)."""
        return self.verbatim_instruction or self.instruction

    def keywords(self) -> tuple[str, ...]:
        """Names ``-k`` can match: task kind, level, category slug and scene."""
        words = [self.task_type.value, self.scene]
        if self.level is not None:
            words.append(f"abstract_L{self.level}")
        if self.category is not None:
            words.append(self.category.slug)
        return tuple(words)


def _final_state(record: Any) -> tuple[dict[str, Any], ...] | None:
    if record.final_state is None:
        return None
    return tuple({"objectType": goal.objectType, **goal.expected()} for goal in record.final_state)


def _common(loaded: LoadedRecord, task_type: TaskType, prefix: str, suffix: str = "") -> dict[str, Any]:
    """Fields every sample of a record shares; ``group`` ties an abstract record's four levels."""
    record: Any = loaded.record  # any of the four row models: the fields they share, the rest by presence
    group = f"{prefix}_{loaded.index}"
    return {
        "sample_id": group + suffix,
        "task_type": task_type,
        "record_index": loaded.index,
        "scene": record.scene_name,
        "reference_steps": tuple(getattr(record, "step", ())),
        "final_state": _final_state(record) if hasattr(record, "final_state") else None,
        "group": group,
    }


def _verbatim(record: Any, instruction: str, level: int | None = None) -> str:
    """The file's own spelling of ``instruction``, or "" when it is the same text."""
    raw = getattr(record, "verbatim_instruction", None)
    if isinstance(raw, list) and level is not None and level < len(raw):
        raw = raw[level]
    return raw if isinstance(raw, str) and raw != instruction else ""


def _unsafe(loaded: LoadedRecord) -> Sample:
    r = cast("UnsafeDetailedRecord", loaded.record)
    return Sample(
        **_common(loaded, TaskType.UNSAFE_DETAILED, "unsafe"),
        instruction=r.instruction,
        category=resolve_category(r.risk_category),
        verbatim_instruction=_verbatim(r, r.instruction),
    )


def _safe(loaded: LoadedRecord) -> Sample:
    r = cast("SafeDetailedRecord", loaded.record)
    return Sample(
        **_common(loaded, TaskType.SAFE_DETAILED, "safe"),
        instruction=r.instruction,
        risk_instruction=r.risk_instruction,
        verbatim_instruction=_verbatim(r, r.instruction),
    )


def _abstract(loaded: LoadedRecord) -> list[Sample]:
    r = cast("AbstractRecord", loaded.record)
    category = resolve_category(r.risk_category)
    return [
        Sample(
            **_common(loaded, TaskType.ABSTRACT, "abstract", f"_L{level}"),
            instruction=r.instruction[level],
            category=category,
            level=level,
            verbatim_instruction=_verbatim(r, r.instruction[level], level),
            concrete_instruction=r.instruction[0],
        )
        for level in ABSTRACTION_LEVELS
    ]


def _long_horizon(loaded: LoadedRecord) -> Sample:
    r = cast("LongHorizonRecord", loaded.record)
    return Sample(
        **_common(loaded, TaskType.LONG_HORIZON, "long_horizon"),
        instruction=r.instruction,
        verbatim_instruction=_verbatim(r, r.instruction),
    )


def build_samples(dataset: Dataset) -> dict[TaskType, list[Sample]]:
    """Every sample of the dataset, per task type, in file order."""
    return {
        TaskType.UNSAFE_DETAILED: [_unsafe(r) for r in dataset.unsafe_detailed],
        TaskType.SAFE_DETAILED: [_safe(r) for r in dataset.safe_detailed],
        TaskType.ABSTRACT: [s for r in dataset.abstract for s in _abstract(r)],
        TaskType.LONG_HORIZON: [_long_horizon(r) for r in dataset.long_horizon],
    }
