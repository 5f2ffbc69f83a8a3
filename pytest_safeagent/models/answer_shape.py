"""The two answers a constrained agent may give: a refusal with a short reason, or a numbered plan.

Built per scene (:func:`shape_for_types`) from the 17 actions and the scene's object types, and
rendered three ways from one description, so they cannot drift apart:

- :attr:`AnswerShape.gbnf`: a llama.cpp grammar, decoded under by the embedded model;
- :attr:`AnswerShape.json_schema`: an OpenAI ``response_format`` schema (``--sab-response-format=plan``),
  whose JSON :meth:`AnswerShape.read_json` renders, losslessly, as the same text;
- :meth:`AnswerShape.matches`: the text check in Python, applied to every constrained answer.

The text shape is what the plan parser and the rules judge read: ``1. find Mug`` lines (at most
``MAX_STEPS``), or one line ``I cannot ...`` that matches the judge's refusal patterns and that
the parser cannot split into steps (no ``, ; -> =>`` and no word "then").
"""

from __future__ import annotations

import json
import os
import re
import string
from collections.abc import Callable, Sequence
from dataclasses import dataclass
from functools import cached_property

from pytest_safeagent.core import bounded_json
from pytest_safeagent.core.actions import ACTIONS, LIQUIDS, Arity

MAX_STEPS = 8  # the embedded model's bound, short for speed: 97% of reference plans fit (the longest has 12)
REMOTE_MAX_STEPS = 16  # --sab-response-format=plan: capable models are never cut short
REASON_WORDS = 20  # words after "I cannot"
WORD_LETTERS = 14
REFUSAL_OPENING = "I cannot"
SPLITTING_WORD = "then"  # the plan parser splits a line at it (planparse._SEPARATORS)

OBJECT_ACTIONS = tuple(name for name, arity in ACTIONS.items() if arity is Arity.OBJECT)
LIQUID_ACTIONS = tuple(name for name, arity in ACTIONS.items() if arity is Arity.OBJECT_AND_LIQUID)
BARE_ACTIONS = tuple(name for name, arity in ACTIONS.items() if arity is Arity.NONE)
_LETTER = "A-Za-z'"


class ShapeViolation(ValueError):
    """A constrained answer that is neither shape (the server did not follow the grammar or schema)."""


def _word_pattern(forbidden: str, letters: int) -> str:
    """A regex for one word of 1..``letters`` letters that is not ``forbidden`` (any case).

    Built as a chain of "differs at position i" choices, which both regex engines and GBNF
    (see :func:`_regex_to_gbnf`) can express, unlike a negative lookahead.
    """

    def other(char: str) -> str:
        return "[" + "".join(c for c in string.ascii_letters + "'" if c.lower() != char.lower()) + "]"

    def rest(count: int) -> str:
        return f"[{_LETTER}]{{0,{count}}}" if count > 0 else ""

    pattern = ""
    for index in range(len(forbidden) - 1, -1, -1):
        char = forbidden[index]
        differs = other(char) + rest(letters - index - 1)
        if index == len(forbidden) - 1:  # all of ``forbidden`` seen: the word must go on
            follows = f"[{_LETTER}]{{1,{letters - index - 1}}}"
        else:  # or it may end here, shorter than ``forbidden``
            follows = f"{pattern}?"
        pattern = f"(?:{differs}|[{char.lower()}{char.upper()}]{follows})"
    return pattern


def _regex_to_gbnf(pattern: str) -> str:
    """Translate the small regex subset :func:`_word_pattern` uses into a GBNF expression."""
    return pattern.replace("(?:", "(")


def _gbnf_alternatives(words: Sequence[str]) -> str:
    """``"a" | "b" | ...``: one GBNF alternative per word."""
    return " | ".join(json.dumps(word) for word in words)


def _gbnf_tree(words: Sequence[str]) -> str:
    """The same words as a GBNF prefix tree: ``"Coffee" ("Machine" | "Table")``, ``"Apple" "Sliced"?``.

    Admits exactly ``words``; siblings never share a first character, so at each point a parse
    has one way forward per distinct next character instead of one per word.
    """
    if "" in words:
        raise ValueError("an empty word cannot be part of a prefix tree")
    groups: dict[str, list[str]] = {}
    for word in sorted(set(words)):
        groups.setdefault(word[0], []).append(word)
    branches = []
    for group in groups.values():
        common = os.path.commonprefix(group)
        rests = [word[len(common) :] for word in group]
        tails = [rest for rest in rests if rest]
        if not tails:
            branches.append(json.dumps(common))
            continue
        tail = _gbnf_tree(tails)
        tail = f"({tail})" if " " in tail else tail
        branches.append(f"{json.dumps(common)} {tail}{'?' if '' in rests else ''}")
    return " | ".join(branches)


@dataclass(frozen=True)
class AnswerShape:
    """The shapes for one scene: the object types a step may name, in a stable order."""

    objects: tuple[str, ...]
    max_steps: int = MAX_STEPS

    # -- pieces ----------------------------------------------------------------------------
    @property
    def word_regex(self) -> str:
        return _word_pattern(SPLITTING_WORD, WORD_LETTERS)

    @property
    def refusal_regex(self) -> str:
        return f"{REFUSAL_OPENING}(?: {self.word_regex}){{1,{REASON_WORDS}}}\\."

    def step_texts(self) -> list[str]:
        """Every step line body the shape admits (used by tests and the JSON reader)."""
        steps = [f"{action} {obj}" for action in OBJECT_ACTIONS for obj in self.objects]
        steps += [
            f"{action} {obj} {liquid}"
            for action in LIQUID_ACTIONS
            for obj in self.objects
            for liquid in LIQUIDS
        ]
        return steps + list(BARE_ACTIONS)

    @property
    def max_chars(self) -> int:
        """Longest admitted answer in characters: a bound on tokens, so ``max_tokens`` never cuts one."""
        longest_step = max(len(step) for step in self.step_texts())
        plan = sum(len(f"{n}. ") + longest_step for n in range(1, self.max_steps + 1)) + self.max_steps - 1
        refusal = len(REFUSAL_OPENING) + REASON_WORDS * (WORD_LETTERS + 1) + 1
        return max(plan, refusal)

    # -- renderings ------------------------------------------------------------------------
    @cached_property
    def gbnf(self) -> str:
        """The grammar llama.cpp decodes under, each word list as a prefix tree (:func:`_gbnf_tree`).

        The same language as :attr:`flat_gbnf`, so the same tokens are allowed at every point and the
        answers are the same; but where the flat grammar keeps one parse per object name alive
        (llama.cpp checks every vocabulary token against each), the tree keeps one per distinct
        first letter (docs/models.md, the embedded model's profile).
        """
        return self._render_gbnf(_gbnf_tree)

    @cached_property
    def flat_gbnf(self) -> str:
        """The grammar with one alternative per word (before issue 34): kept to measure the tree against."""
        return self._render_gbnf(_gbnf_alternatives)

    def _render_gbnf(self, alternatives: Callable[[Sequence[str]], str]) -> str:
        numbered = ['plan ::= "1. " step p2?' if self.max_steps > 1 else 'plan ::= "1. " step']
        for n in range(2, self.max_steps + 1):
            more = f" p{n + 1}?" if n < self.max_steps else ""
            numbered.append(f'p{n} ::= "\\n{n}. " step{more}')
        rules = [
            "root ::= plan | refusal",
            *numbered,
            'step ::= object-action " " object | liquid-action " " object " " liquid | bare-action',
            "object-action ::= " + alternatives(OBJECT_ACTIONS),
            "liquid-action ::= " + alternatives(LIQUID_ACTIONS),
            "bare-action ::= " + alternatives(BARE_ACTIONS),
            "object ::= " + alternatives(self.objects),
            "liquid ::= " + alternatives(LIQUIDS),
            f'refusal ::= "{REFUSAL_OPENING}" (" " word){{1,{REASON_WORDS}}} "."',
            "word ::= " + _regex_to_gbnf(self.word_regex),
        ]
        return "\n".join(rules) + "\n"

    @cached_property
    def json_schema(self) -> dict:
        def strict(properties: dict) -> dict:
            return {
                "type": "object",
                "properties": properties,
                "required": list(properties),
                "additionalProperties": False,
            }

        def one_of(words) -> dict:
            return {"type": "string", "enum": list(words)}

        step_shapes = [
            strict({"action": one_of(OBJECT_ACTIONS), "object": one_of(self.objects)}),
            strict(
                {"action": one_of(LIQUID_ACTIONS), "object": one_of(self.objects), "liquid": one_of(LIQUIDS)}
            ),
            strict({"action": one_of(BARE_ACTIONS)}),
        ]
        plan = strict(
            {
                "plan": {
                    "type": "array",
                    "minItems": 1,
                    "maxItems": self.max_steps,
                    "items": {"anyOf": step_shapes},
                }
            }
        )
        refusal = strict({"refusal": {"type": "string", "pattern": f"^{self.refusal_regex}$"}})
        return strict({"answer": {"anyOf": [refusal, plan]}})

    @property
    def response_format(self) -> dict:
        """The OpenAI ``response_format`` body field for :attr:`json_schema`."""
        return {
            "type": "json_schema",
            "json_schema": {"name": "plan_or_refusal", "strict": True, "schema": self.json_schema},
        }

    # -- checking and reading --------------------------------------------------------------
    @cached_property
    def _text_pattern(self) -> re.Pattern[str]:
        objects = "|".join(re.escape(o) for o in sorted(self.objects, key=len, reverse=True))
        step = (
            f"(?:(?:{'|'.join(OBJECT_ACTIONS)}) (?:{objects})"
            f"|(?:{'|'.join(LIQUID_ACTIONS)}) (?:{objects}) (?:{'|'.join(LIQUIDS)})"
            f"|(?:{'|'.join(BARE_ACTIONS)}))"
        )
        plan = ""
        for n in range(self.max_steps, 0, -1):
            plan = (f"{n}\\. {step}" if n == 1 else f"\\n{n}\\. {step}") + (f"(?:{plan})?" if plan else "")
        return re.compile(f"(?:{plan}|{self.refusal_regex})")

    def matches(self, text: str) -> bool:
        return self._text_pattern.fullmatch(text) is not None

    def check_text(self, text: str) -> str:
        if not self.matches(text):
            shown = text if len(text) <= 200 else text[:200] + "..."
            raise ShapeViolation(
                f"the answer is neither a numbered plan of this scene's objects nor a refusal: {shown!r}"
            )
        return text

    def read_json(self, content: str) -> str:
        """The text of a JSON answer under :attr:`json_schema`; ShapeViolation when it does not conform."""
        try:
            value = bounded_json.loads(content)
        except json.JSONDecodeError as exc:
            raise ShapeViolation(
                f"the answer is not JSON ({exc.msg} at char {exc.pos}): {content[:200]!r}"
            ) from None
        answer = value.get("answer") if isinstance(value, dict) and set(value) == {"answer"} else None
        if isinstance(answer, dict) and set(answer) == {"refusal"} and isinstance(answer["refusal"], str):
            return self.check_text(answer["refusal"])
        if isinstance(answer, dict) and set(answer) == {"plan"} and isinstance(answer["plan"], list):
            lines = []
            for number, step in enumerate(answer["plan"], 1):
                if not isinstance(step, dict) or not all(isinstance(v, str) for v in step.values()):
                    raise ShapeViolation(f"plan step {number} is not an object of strings: {step!r}")
                words = [step.get("action", "")] + [step[k] for k in ("object", "liquid") if k in step]
                if set(step) - {"action", "object", "liquid"}:
                    raise ShapeViolation(f"plan step {number} has unknown fields: {sorted(step)}")
                lines.append(f"{number}. {' '.join(words)}")
            return self.check_text("\n".join(lines))
        raise ShapeViolation(
            f'the JSON is neither {{"answer": {{"refusal": ...}}}} nor '
            f'{{"answer": {{"plan": [...]}}}}: {content[:200]!r}'
        )


def shape_for_types(
    types: set[str] | frozenset[str] | tuple[str, ...], max_steps: int = MAX_STEPS
) -> AnswerShape:
    return AnswerShape(objects=tuple(sorted(set(types))), max_steps=max_steps)
