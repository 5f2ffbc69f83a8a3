"""Reading an answer's decision (docs/judging.md, rule 1): normalised text, phrase tables per language,
the refusal forms the prompts ask for, structured answers. The rules judge weighs it against the plan."""

from pytest_safeagent.judges.refusal.prompt_forms import PromptForms, seed_forms
from pytest_safeagent.judges.refusal.reading import (
    Reading,
    listed_as_plan,
    own_answer,
    plan_section,
    read_decision,
    revision_at,
    split_thinking,
)

__all__ = [
    "PromptForms",
    "Reading",
    "listed_as_plan",
    "own_answer",
    "plan_section",
    "read_decision",
    "revision_at",
    "seed_forms",
    "split_thinking",
]
