"""Turn a model's free-text answer into a plan of the 17-action grammar.

Answers come as numbered lists, bullets, markdown (bold, headings, tables), JSON (a list of
strings, of ``{"action": ..., "object": ...}`` objects, or ``{"plan": [...]}``), fenced code
blocks, or a Python-like program (ProgPrompt). Spellings are normalised by
:func:`~pytest_safeagent.core.actions.parse_step` (``Turn On``, ``toggle_on``, ``turn_on(X)``), object
names become AI2-THOR types (``coffee machine`` -> ``CoffeeMachine``, ``Mug 2``, ``Mug_2``,
``Mug|+01.2|...``), and ``put the mug in the sink`` keeps the receptacle.

Accounting, so nothing is lost silently: every non-blank line either yields steps or lands in
``unparsed`` (list markers stripped), and a trailing comment cut off to read a step
(``find Mug (the red one)``) is put there too. Only pure syntax is skipped: code fences,
bracket-only lines, table rules, and in programs the lines that hold no call of an action
(comments, ``def``, ``import``, ``assert`` and ``if`` checks). A call of a function that is not
an action (``teleport("Mug")``) is unparsed. Programs are read with :mod:`ast` and never
executed; conditional and loop bodies are read once, in source order.

A line that merely starts with an action word is not a step when it reads like prose
(``Break the window? I won't.``): outside a list, a step's object must be a known type or a
single word, and questions, exclamations and long object phrases are rejected.
"""

from __future__ import annotations

import ast
import dataclasses
import itertools
import json
import re
import textwrap
from collections.abc import Iterator, Mapping, Sequence
from dataclasses import dataclass, field

from pytest_safeagent.core import bounded_json, python_source
from pytest_safeagent.core.actions import (
    ACTIONS,
    EVERYDAY_VERBS,
    LIQUIDS,
    OBJECT_TYPES,
    TWO_WORD_VERBS,
    Arity,
    Step,
    StepSyntaxError,
    action_spelled,
    action_words,
    normalise_object_type,
    parse_step,
    split_verb,
)
from pytest_safeagent.core.languages import read_translated_step, read_translated_steps, with_antecedent
from pytest_safeagent.core.memo import keep_short_readings


@dataclass(frozen=True)
class ParsedPlan:
    steps: tuple[Step, ...] = ()
    unparsed: tuple[str, ...] = field(default_factory=tuple)
    format: str = "text"  # text | json | yaml | program: the reading that produced the steps
    # every step as its own line reads, before the steps around it give a pronoun its object or a word its
    # gloss (plan_of): for a reader that takes the lines of a plan one by one (judges/refusal/prose.py)
    read: tuple[Step, ...] = field(default=(), compare=False, repr=False)

    @property
    def lines(self) -> list[str]:
        return [str(step) for step in self.steps]


_KNOWN_TYPES = frozenset(OBJECT_TYPES)
_FENCE = re.compile(r"^\s*(```|~~~)\s*([\w+-]*)\s*$")
_SYNTAX_ONLY = re.compile(r"^[\s\[\]{}(),;:.=*#|`'\"_~<>/\\-]*$")
_MARKER = re.compile(
    r"""^\s*(?:(?:
        [\[(]?(?:\d{4}-\d{2}-\d{2}[T\x20])?\d{1,2}:\d{2}(?::\d{2}(?:[.,]\d{1,6})?)?Z?
        (?-i:\x20[A-Z]{3,8})?[\])]?(?=\s)          # [12:01]  14:02:11  (2025-03-02 18:20:11 INFO): a time
      | (?:step|action)\s*\d+(?:\s*(?:/|of)\s*\d+)?\s*[:.)\-]?  # Step 3:  Action 2)  Step 3/6:  Step 2 of 6
      | [\[(]\d+\s*/\s*\d+[\])][:.]?(?=\s)           # [3/6]  (3/6): a log's count
      | action\s*:(?=\s)                        # Action: find[Mug]  (a ReAct transcript)
      | \(?\d+[.):\]]                            # 1.  2)  (3)  4:  5]  (repeated: "1. 1.1.")
      | \d\ufe0f?\u20e3                             # 1️⃣ (a keycap digit)
      | [\u2600-\u27bf\U0001f300-\U0001faff\u2b50\u2b55\u2b1b\u2b1c][\ufe0f\u200d\U0001f3fb-\U0001f3ff]*(?=\s)
                                                # ✅ ⚠️ 🍳: a sign or emoji marking the step
      | \d+\s+-                                  # 6 -
      | [a-z][.)](?=\s)                          # a.  b)
      | [-*+•–·>](?=\s)                           # bullets, quote
      | \[[A-Za-z][\w .:-]{0,24}\](?=\s)          # [ROBOT]  [Agent]  [Step 3]: a log's tag
      | (?:executing|running|performing|calling)\s*:(?=\s)  # Executing: find Mug (a log's verb)
      | (?:exec|execute)\s*:?(?=\s)                     # EXEC find(Mug)  Execute: pick Mug
    )\s*)+(?:\[[ xX]?\]\s*)?""",
    re.IGNORECASE | re.VERBOSE,
)
# a sub-step's number in a nested list ("1.1 find Mug", "2.3. open Fridge"), taken off before the marker is
# read (an alternative of the marker's repeated group would split "1.1.1." many ways over)
_SUB_NUMBER = re.compile(r"^[ \t]*\d{1,3}(?:\.\d{1,3}){1,3}\.?[ \t]+(?=\S)")
_HEADING = re.compile(r"^\s*#{1,6}\s+")
_EMPHASIS = re.compile(r"\*\*|__|`")
# markdown strikethrough: "~~pick Mug~~ put Mug", the struck text taken back (the judges' reading drops it
# too)
STRUCK = re.compile(r"~~[^~\n]+~~")
_ITALIC = re.compile(r"(?<![\w*])\*(\S(?:[^*]*\S)?)\*(?![\w*])")
_THOR_ID = re.compile(r"\|[^\s|]*(?:\|[^\s|]*)*")  # Mug|+01.23|+00.90|-01.50 -> Mug
_GLUED_INSTANCE = re.compile(r"\b([A-Za-z]+)_?(\d+)\b")
_SEPARATORS = re.compile(
    r"\s*(?:;|->|→|=>|(?:,\s*)?\band then\b|(?:,\s*)?\bthen\b)\s*|[ \t]\|[ \t]", re.IGNORECASE
)
# "2. Find the bowl and fill it with water": in a list item, an "and" before a word that starts a step
_AND_STEP = re.compile(
    rf",?\s+and\s+(?=(?:{'|'.join(sorted(action_words(), key=len, reverse=True))})\b)", re.IGNORECASE
)
# A run of three or more spaces, tabs or other blanks inside a line, read as two (wide spacing sets a comment
# off; how wide does not matter, and a run of thousands would make the patterns around it take cubic time)
_WIDE = re.compile(r"[^\S\n]{3,}")
# a comment in Chinese, Japanese or Korean after a step, in full-width brackets or none (steps are ASCII)
_CJK_COMMENT = re.compile("\\s*[\u3000-\u303f\u3040-\u30ff\u3400-\u9fff\uac00-\ud7af\uff00-\uffef].*$")
_COMMENT_SUFFIXES = (
    re.compile(r"\s+#.*$"),
    re.compile(r":\s+.*$"),
    re.compile(r"\s+\([^()]*\)\s*\.?$"),
    re.compile(r"\s+\[[^\[\]]*\]\s*\.?$"),  # a status in brackets: "find Mug [OK]"
    # what follows a call's closing bracket: "find(Plate) pre: near(Plate) eff: holding(Plate)" (a step's
    # conditions and effects written after it)
    re.compile(r"(?<=\))\s+\S.*$"),
    # a log's status word after the step: "find Mug OK", "open Fridge success"
    re.compile(r"\s+(?:ok|okay|done|success|successful|succeeded|completed|failed|error)\s*[.!]?$", re.I),
    re.compile(r"\s+[-–—]{1,2}\s+.*$"),
    re.compile(r"\s*[:,]\s+(?:to|so|in order|because)\b.*$", re.I),
    re.compile(r"\s*(?:<-{1,2}|<=|\u2190|\u27f5|\u2b05)\ufe0f?\s*.*$"),  # "turn_off Faucet  <- right away"
    re.compile("\\s*[\u2600-\u27bf\U0001f300-\U0001faff].*$"),  # a sign or emoji: "pour \u26a0\ufe0f hot"
    re.compile(r"\s{2,}\S.*$"),  # a comment aligned after the step: "pick Mug      then carry it"
    re.compile(
        r"\s*(?:\.{2,}|\u2026)\s*\S.*$"
    ),  # a status after dot leaders: "find Mug ...... OK", "... done"
)
# The words of a step's comment that say it is not done
_NOT_DONE = r"(?:skipped|omitted|left out|not (?:executed|performed|run|done|carried out|attempted))\b"
# ... after a backward arrow, a bracket, a colon or a dash ("(skipped - unsafe)", "<- omitted",
# "[not executed]")
_SKIPPED = re.compile(rf"(?:<-+|[(\[#:\u2190]|\s[-\u2013\u2014]{{1,2}})\s*{_NOT_DONE}", re.IGNORECASE)
# ... or after a forward arrow, which splits the line as it splits steps ("turn_on Microwave -> skipped
# (unsafe)"): the part after the arrow is the note, the part before it the step not done
_SKIP_NOTE = re.compile(rf"^\W*{_NOT_DONE}", re.IGNORECASE)


def marked_not_done(text: str) -> bool:
    """Does ``text`` mark the step in it as not done ("pour (skipped: unsafe)", "[not done] turn_on
    StoveKnob", "fillLiquid Mug coffee - NOT DONE")? The plan parser sets such a line aside, and so does a
    reader of prose."""
    return _SKIPPED.search(text) is not None


_SLASH_COMMENT = re.compile(r"\s+//.*$")  # a C-style comment after a step
# a two-word verb split around its object: "turn the stove knob off", "pick the mug up"
_PARTICLE_LAST = re.compile(r"^(\w+)\s+(\w+(?:\s+\w+){0,3}?)\s+(on|off|up)\s*\.?$", re.IGNORECASE)


def _particle_first(match: re.Match[str]) -> str:
    """``turn the stove on`` -> ``turn on the stove``, for a known type or a pronoun (``turn it on``)."""
    verb, words, particle = match.groups()
    named = " ".join(w for w in words.split() if w.lower() not in _STOPWORDS)
    known = normalise_object_type(named) in _KNOWN_TYPES or words.lower() in _PRONOUNS
    if (verb.lower(), particle.lower()) in TWO_WORD_VERBS and known:
        return f"{verb} {particle} {words}"
    return match.group(0)


_PREPOSITIONS = {
    "in",
    "into",
    "on",
    "onto",
    "inside",
    "at",
    "to",
    "from",
    "with",
    "using",
    "near",
    "beside",
    "under",
    "next",
    "towards",
    "toward",
    "off",
    "out",
}
_STOPWORDS = {"the", "a", "an", "to", "into", "onto", "in", "on", "with", "some", "it", "up"}
_PLAN_KEYS = ("plan", "steps", "actions", "action_sequence", "plan_steps", "action_plan", "sequence")
# ... and a plan key named for its kind ("low_level_plan", "final_steps", "robot actions")
_PLAN_KEY_NAMED = re.compile(r"^[a-z]+(?:[\s_-][a-z]+)*[\s_-](?:plan|steps|actions)$")


# ... but not a plan the answer names as not taken ("rejected_plan", "unsafe_steps", "original plan")
_NOT_TAKEN_KEY = re.compile(
    r"^(?:rejected|declined|refused|unsafe|dangerous|hazardous|forbidden|avoided|original|requested|careless"
    r"|wrong|bad|not|do[\s_-]?not|dont|as[\s_-](?:asked|requested|written))[\s_-]"
)


def _is_plan_key(key: str) -> bool:
    return key in _PLAN_KEYS or bool(_PLAN_KEY_NAMED.match(key))


# the keys a step's whole text is given under: its number ("1", "step 2", "step_3"), or a word for it
_STEP_KEY = re.compile(r"^(?:step[\s_-]*)?\d+$")
_STEP_TEXT_KEYS = ("do", "step", "command", "instruction", "low_level_action", "action_text")
_ACTION_KEYS = ("action", "name", "verb", "function", "skill", "act", "type", "tool", "do")
_OBJECT_KEYS = (
    "object",
    "target",
    "obj",
    "item",
    "receptacle",
    "argument",
    "arg",
    "object_type",
    "objectType",
)
# (what a step-running tool is handed: {"tool": "thor_execute", "instruction": "find Mug"})
_ARGS_KEYS = (
    "args",
    "arguments",
    "params",
    "parameters",
    "objects",
    "instruction",
    "input",
    "action_input",
    "command",
)


class _Collector:
    """Steps and unparsed lines in answer order, and which readings contributed."""

    def __init__(self) -> None:
        self.steps: list[Step] = []
        self.unparsed: list[str] = []
        self.formats: list[str] = []
        self.blocks: list[int] = []  # per step, the block of lines (between blank lines) it was read from
        self.block = 0

    def close_block(self) -> None:
        """The steps read so far belong to the current block; the next ones to a new one."""
        self.blocks += [self.block] * (len(self.steps) - len(self.blocks))
        self.block += 1

    def result(self) -> ParsedPlan:
        kinds = [f for f in self.formats if f != "text"]
        self.close_block()
        steps, reported = plan_of(self.steps, self.blocks)
        return ParsedPlan(
            tuple(steps), (*self.unparsed, *reported), kinds[0] if kinds else "text", tuple(self.steps)
        )


def plan_of(read: Sequence[Step], blocks: Sequence[int]) -> tuple[list[Step], list[str]]:
    """The plan of the steps ``read`` in answer order (``blocks``: per step, its block of lines between blank
    lines), and what is reported instead of planned. Each step whose object is a pronoun acts on what the
    steps before it named (:func:`~pytest_safeagent.core.languages.with_antecedent`; one with nothing named
    before is reported); a translated step naming a word glossed before ("encontrar a mesa (Desk)", then
    "colocar o celular na mesa") acts on the gloss; a word of two meanings takes the one the plan calls for
    (:func:`_resolve_alternatives`); reasoning in another language beside an English plan is set aside
    (:func:`english_plan_first`)."""
    steps: list[Step] = []
    kept: list[int] = []
    reported: list[str] = []
    glosses: dict[str, str] = {}  # the type a word of the answer's language names -> the gloss given it
    for step, block in zip(read, blocks, strict=True):
        if step.glossed and step.target:
            glosses[step.glossed] = step.target
        elif step.translated and step.target in glosses:
            step = dataclasses.replace(step, target=glosses[step.target])
        named = with_antecedent(step, steps) if step.pronoun else step
        if named is None:
            reported.append(f"{step.action} it")
            continue
        steps.append(named)
        kept.append(block)
    planned, aside = english_plan_first(_resolve_alternatives(steps), kept)
    return planned, [*reported, *(str(step) for step in aside)]


def english_plan_first(steps: list[Step], blocks: list[int]) -> tuple[list[Step], list[Step]]:
    """``steps`` without those read from another language in blocks of lines (``blocks``: one per step) that
    hold no English step, where the English steps are as many or more: an English plan with its reasoning, a
    summary or an aside in another language (Chinese "目标分解： 1. 拿到叉子 ..." before the low-level steps)
    is the English steps, the rest told. A translated step among English ones in one list stays. Also the
    steps set aside."""
    english = {block for step, block in zip(steps, blocks, strict=True) if not step.translated}
    aside = [
        index
        for index, (step, block) in enumerate(zip(steps, blocks, strict=True))
        if step.translated and block not in english
    ]
    if not aside or len(steps) - sum(step.translated for step in steps) < len(aside):
        return steps, []
    kept = set(range(len(steps))).difference(aside)
    return [steps[index] for index in sorted(kept)], [steps[index] for index in aside]


def _resolve_alternatives(steps: list[Step]) -> list[Step]:
    """A step whose word could mean two actions (``Step.alternative``: Chinese 打开 a microwave) takes the one
    the plan so far calls for: it switches on what the plan has closed and switches off what it has switched
    on; otherwise it opens or closes."""
    if all(step.alternative is None for step in steps):
        return steps
    last: dict[str | None, str] = {}  # per target, the last of open, close, turn_on, turn_off
    resolved: list[Step] = []
    for step in steps:
        if step.alternative is not None:
            before = last.get(step.target)
            switch = before == "close" if step.action == "open" else before == "turn_on"
            step = dataclasses.replace(
                step, action=step.alternative if switch else step.action, alternative=None
            )
        if step.action in ("open", "close", "turn_on", "turn_off"):
            last[step.target] = step.action
        resolved.append(step)
    return resolved


# --- one step ---------------------------------------------------------------------------------


def _canonical_words(text: str) -> str:
    text = _THOR_ID.sub("", text)
    return _GLUED_INSTANCE.sub(_split_glued, text)


def _split_glued(match: re.Match[str]) -> str:
    word, number = match.group(1), match.group(2)
    if normalise_object_type(word) in _KNOWN_TYPES:
        return f"{word} {number}"
    return match.group(0)


def _focus_object(text: str) -> str:
    """``put the apple in the fridge`` -> ``put fridge``;
    ``find the apple on the table`` -> ``find apple``."""
    verb, rest = split_verb(text)
    if not verb:
        return text
    lowered = [w.lower() for w in rest]
    positions = [i for i, w in enumerate(lowered) if w in _PREPOSITIONS]
    if not positions:
        return text
    action = "".join(verb).lower()
    if action in ("put", "place", "putobject"):
        last = positions[-1]
        tail = rest[last + 1 :]
        carried = [w for w in lowered[:last] if w not in _STOPWORDS and w not in _PREPOSITIONS]
        if len(carried) > 3:
            return text  # a sentence, not "put the clean mug in the sink"
        return " ".join(verb + tail) if tail else text
    if action.startswith("fill"):
        return text  # "fill the mug with water": the liquid comes last, parse_step knows
    # the first preposition after a word that is not a stopword (found once: checking the words before each
    # preposition again took quadratic time on a line of prepositions and stopwords)
    content = next((j for j, w in enumerate(lowered) if w not in _STOPWORDS), len(lowered))
    first = next((i for i in positions if i > content), None)
    if first is None:
        return text
    return " ".join(verb + rest[:first])


def _plausible(step: Step, text: str, structured: bool) -> bool:
    """Is ``text`` an action rather than a sentence that starts with an action word?"""
    if re.search(r"[?!]", text):
        return False
    verb, words = split_verb(text)
    rest = [w for w in words if w.lower() not in _STOPWORDS]
    if any(word.lower() in _PREPOSITIONS for word in rest):
        return False  # "put the egg inside": a receptacle is missing, or this is a sentence
    if step.liquid:
        rest = rest[:-1]
    if step.instance is not None and rest and rest[-1].isdigit():
        rest = rest[:-1]
    if ACTIONS[step.action] is Arity.NONE:
        return len(rest) <= (4 if structured else 1)
    if step.target not in _KNOWN_TYPES and verb[0].lower() in EVERYDAY_VERBS:
        return False  # "Take note: ...", "remove any doubt": an everyday verb takes an object type
    if not rest:
        return False  # "pick it up": a pronoun is no object
    if step.target in _KNOWN_TYPES:
        return len(rest) <= 4
    return len(rest) <= (3 if structured else 1)


_TRAILING_NOISE = {
    "door",
    "doors",
    "lid",
    "handle",
    "again",
    "now",
    "first",
    "then",
    "next",
    "finally",
    "carefully",
    "gently",
    "slowly",
    "back",
    "also",
    "too",
    "please",
}


def _tidy(step: Step) -> Step:
    """``close MicrowaveDoor`` -> ``close Microwave``; ``turn_on MicrowaveAgain`` -> ``turn_on Microwave``.

    Only for unknown names whose known-type prefix is followed by parts or adverbs."""
    if step.target is None or step.target in _KNOWN_TYPES:
        return step
    words = re.findall(r"[A-Z][a-z]*|[a-z]+|\d+", step.target)
    while len(words) > 1 and words[-1].lower() in _TRAILING_NOISE:
        words.pop()
        candidate = normalise_object_type(" ".join(words))
        if candidate in _KNOWN_TYPES:
            return Step(step.action, candidate, step.instance, step.liquid)
    return step


@keep_short_readings  # the rules judge reads the same short lines several times per answer (the plan, the
# lines that hold a step, the clauses of a plan told in prose), and the same steps recur across answers
def read_step_with_rest(text: str, structured: bool) -> tuple[Step | None, str]:
    """The step ``text`` spells and the trailing comment cut off to read it ("" if none).

    Tried bare first, then without a trailing comment (``# ...``, ``(...)``, `` - ...``,
    ``: ...``); a step naming a known object type wins over one naming an unknown name.
    """
    text = _strip_call_prefix(_canonical_words(narrow(text)).strip().strip("*_`\"'").strip())
    step, rest = _english_step_with_rest(_PARTICLE_LAST.sub(_particle_first, text), structured)
    if step is None or (step.target is not None and step.target not in _KNOWN_TYPES):
        # not English, or English naming no known type: a step in another language ("encontrar Apple",
        # "Fridge を開ける", "pick la manzana") is read whole, or not at all
        translated = read_translated_step(text)
        if translated is not None:
            return translated, ""
        if "_" in text and _SNAKE_STEP.fullmatch(text):
            # one word joined by underscores, as small models write a step ("turn_on_Faucet",
            # "fillLiquid_Mug_water"): read with spaces, if it then names an object type
            spaced = _english_step_with_rest(text.replace("_", " "), structured)[0]
            if spaced is not None and spaced.target in _KNOWN_TYPES:
                return spaced, ""
    return step, rest


_SNAKE_STEP = re.compile(r"[A-Za-z]+(?:_[A-Za-z0-9]+){1,5}")


def _english_step_with_rest(text: str, structured: bool) -> tuple[Step | None, str]:
    # "slice Apple  // into slices", "pour（把咖啡倒在地板上）": never part of the step
    comment = _SLASH_COMMENT.search(text) or _CJK_COMMENT.search(text)
    if comment and comment.start():
        step, rest = read_step_with_rest(text[: comment.start()].rstrip(" \t-\u2013\u2014:#"), structured)
        return (step, f"{rest} {comment.group(0).strip()}".strip()) if step else (None, "")
    candidates = [(text, "")]
    for suffix in _COMMENT_SUFFIXES:
        trimmed = suffix.sub("", text)
        if trimmed and trimmed not in [c for c, _ in candidates]:
            candidates.append((trimmed, text[len(trimmed) :].strip(" :-–—#")))
    found: list[tuple[Step, str]] = []
    for candidate, rest in candidates:
        for form in dict.fromkeys((_focus_object(candidate), candidate)):
            try:
                step = _tidy(parse_step(form))
            except StepSyntaxError:
                continue
            if _plausible(step, form, structured):
                if step.target is None or step.target in _KNOWN_TYPES:
                    return step, rest
                found.append((step, rest))
    return found[0] if found else (None, "")


def read_step(text: str, structured: bool) -> Step | None:
    """The step ``text`` spells, or None if it is not one."""
    return read_step_with_rest(text, structured)[0]


def _strip_call_prefix(text: str) -> str:
    """``robot.find('Mug')`` -> ``find('Mug')``; ``break_('Vase')`` -> ``break('Vase')``."""
    text = re.sub(r"^\s*[A-Za-z_]\w*\.(?=[A-Za-z_]\w*\s*\()", "", text)
    return re.sub(r"^(\s*[A-Za-z]\w*?)_+(?=\s*\(|\s|$)", r"\1", text)


# --- free text --------------------------------------------------------------------------------


def _split_actions(line: str, listed: bool = False) -> list[str]:
    """Split ``find Mug; pick Mug``, ``find Mug -> pick Mug``, ``open the fridge, then take the egg``; in a
    list item (``listed``) also ``find the bowl and fill it``.

    Commas and the other separators split only outside brackets, so ``fillLiquid(Mug, water)`` and ``find Egg
    (sealed; or a Potato)`` stay whole; a leading ``and`` of a part is dropped.
    """
    depths = [0] * len(line)  # the bracket depth at each character
    if any(bracket in line for bracket in "([{)]}"):
        depth = 0
        for index, char in enumerate(line):
            depth += char in "([{"
            depth -= char in ")]}"
            depths[index] = depth
    cuts = [(index, index + 1) for index, char in enumerate(line) if char == "," and depths[index] <= 0]
    separators = [*_SEPARATORS.finditer(line), *(_AND_STEP.finditer(line) if listed else ())]
    cuts += [match.span() for match in separators if match.start() == 0 or depths[match.start() - 1] <= 0]
    parts: list[str] = []
    position = 0
    for start, end in sorted(cuts, key=lambda cut: (cut[0], -cut[1])):
        if start < position:
            continue  # a comma inside a separator (", then") already cut
        parts.append(line[position:start])
        position = end
    parts.append(line[position:])
    parts = [re.sub(r"^\s*and\s+", "", part, flags=re.I).strip() for part in parts]
    return [part for part in parts if part]


def is_list_item(line: str) -> bool:
    """Does ``line`` start with a list marker (``1.``, ``- ``, ``Step 2:``, ``Action:``)?"""
    return _MARKER.match(_EMPHASIS.sub("", line)) is not None


def _step_or_call(part: str, structured: bool) -> tuple[Step | None, str]:
    step, rest = read_step_with_rest(part, structured)
    if step is None and structured:
        step = _pronoun_step(part)  # "2. Open it."
    return (step, rest) if step is not None else (_call_line_step(part.strip()), "")


_PRONOUNS = {"it", "them"}
_AFTER_PRONOUN = {"up", "out", "down", "back", "again", "now", "too", "also", "first", "carefully", "gently"}


def _pronoun_step(text: str) -> Step | None:
    """``Open it.``, ``Pick it up``, ``Turn it off``, ``Fill it with water``: a step whose object is a
    pronoun, for the plan reader to give the object the steps before it named (``with_antecedent``). A put
    names where it puts."""
    text = narrow(text).strip().strip("*_`\"'").strip()
    if re.search(r"[?!]", text):
        return None
    verb, rest = split_verb(_PARTICLE_LAST.sub(_particle_first, text))  # "turn it on": "turn on it"
    words = [word.lower() for word in rest]
    if not words or words[0] not in _PRONOUNS:
        return None
    action = action_spelled("_".join(verb))
    if action is None or action == "put" or ACTIONS[action] is Arity.NONE:
        return None
    tail = [word for word in words[1:] if word not in _AFTER_PRONOUN and word != "with"]
    if action == "fillLiquid":
        return Step(action, liquid=tail[0], pronoun=True) if len(tail) == 1 and tail[0] in LIQUIDS else None
    return None if tail else Step(action, pronoun=True)


def _escaped_lines(line: str) -> list[str] | None:
    """The lines of a plan written as one escaped string (``"find Pan\\npick Pan"``, as a string printed with
    its escapes), or None when fewer than two of its pieces read as steps."""
    line = re.sub(r"^[\w ]{1,40}:\s*(?=[\"'`])", "", line)  # a label before the string ("Output: ")
    pieces = [piece.strip(" \t\"'`,") for piece in line.split("\\n")]
    if sum(read_step(_MARKER.sub("", piece, count=1), structured=False) is not None for piece in pieces) < 2:
        return None
    return pieces


def narrow(text: str) -> str:
    """``text`` with every run of three or more blanks in a line read as two spaces (``_WIDE``)."""
    return _WIDE.sub("  ", text)


# A numbered list run together on one line ("1) find Mug 2) pick Mug 3) pour"): where each item starts
_RUN_ITEM = re.compile(r"(?:^|(?<=\s))\(?(\d{1,2})[.)]\s+")


def _run_together(line: str) -> list[str] | None:
    """The items of a numbered list written on one line, numbered 1, 2, 3 ... in order; None for any other
    line (a step with a number in it, "open Cabinet 2.", stays whole)."""
    starts = list(_RUN_ITEM.finditer(line))
    if len(starts) < 3 or starts[0].start() != 0:
        return None
    if [int(match.group(1)) for match in starts] != list(range(1, len(starts) + 1)):
        return None
    ends = [match.start() for match in starts[1:]] + [len(line)]
    return [line[match.start() : end].strip() for match, end in zip(starts, ends, strict=True)]


_CODE_SPAN = re.compile(r"`([^`\n]{2,60})`")
# words around steps in inline code that take them out of the plan, or make it no plan
_SET_ASIDE_WORDS = re.compile(
    r"\b(?:not|never|no|without|instead|rather|skip\w*|omit\w*|left|leave|avoid\w*|refus\w*|declin\w*|if|unless"
    r"|would|could|might|should)\b|n't\b",
    re.IGNORECASE,
)


def _code_span_steps(line: str) -> list[Step] | None:
    """The steps a sentence gives in inline code ("The robot will `find Mug` and `fillLiquid Mug coffee`, then
    `pick Mug` up."), where every span of it reads as a step and the words around them do not set them aside
    ("I left out `pour`"); None for any other line."""
    spans = _CODE_SPAN.findall(line)
    if not spans:
        return None
    around = _CODE_SPAN.sub(" ", line)
    if len(re.findall(r"[A-Za-z]{2,}", around)) < 3 or _SET_ASIDE_WORDS.search(around):
        return None
    steps = [read_step(span, structured=True) for span in spans]
    return [step for step in steps if step is not None] if all(steps) else None


# A step written as tagged fields, a robot's command line: ACTION[fillLiquid] TARGET[Mug] PARAM[coffee]
_TAGGED_FIELD = re.compile(r"([A-Za-z_]{1,20})\[([^\[\]\n]{0,60})\]")
_TAGGED_LINE = re.compile(rf"(?:{_TAGGED_FIELD.pattern}[\s,;]*){{2,8}}")  # two to eight of them, nothing else
_ACTION_TAGS = {"action", "act", "cmd", "command", "verb", "op", "skill"}


def _tagged_step(line: str) -> str | None:
    """The step of a line of tagged fields, its action's value first and then the others' in order, as a
    call's arguments ("ACTION[pour] TARGET[-]" is ``pour``, "CMD[put] OBJ[Mug] DEST[Sink]" ``put Sink``),
    or None when the line is not one or names no action."""
    if not _TAGGED_LINE.fullmatch(line):
        return None
    fields = [(tag.lower(), value.strip()) for tag, value in _TAGGED_FIELD.findall(line)]
    actions = [value for tag, value in fields if tag in _ACTION_TAGS]
    if len(actions) != 1:
        return None
    rest = [value for tag, value in fields if tag not in _ACTION_TAGS and re.search(r"\w", value)]
    return _join_call(actions[0], rest)  # as a call's arguments: a put puts into the last one


# An element of XML that names a step in its attributes, as behaviour trees write them:
# <Action name="fillLiquid" object="Mug" liquid="coffee"/>, or <find object="Mug"/>
_XML_ELEMENT = re.compile(
    r"<([A-Za-z][\w:.-]{0,40})((?:\s+[\w:.-]{1,40}\s*=\s*(?:\"[^\"<>]{0,200}\"|'[^'<>]{0,200}'))*)\s*/?>(?:\s*</\1>)?"
)
_XML_ATTRIBUTE = re.compile(r"([\w:.-]{1,40})\s*=\s*(?:\"([^\"<>]*)\"|'([^'<>]*)')")


def _xml_fields(line: str) -> dict[str, object] | None:
    """The attributes of a line that is one XML element, with its tag as the action where the tag is an
    action's name; None for any other line."""
    element = _XML_ELEMENT.fullmatch(line)
    if element is None:
        return None
    fields: dict[str, object] = {key: a or b for key, a, b in _XML_ATTRIBUTE.findall(element.group(2))}
    if _is_action_name(element.group(1)):
        fields.setdefault("action", element.group(1))
    return fields


# A step as a planner's s-expression: (find robot mug), (put-in mug sink)
_SEXPR = re.compile(r"\(\s*([A-Za-z][\w-]{0,40})((?:\s+[^\s()]{1,60}){1,6})\s*\)")


def _sexpr_step(line: str) -> Step | None:
    """The step of a line that is one s-expression, its head the action and the rest its arguments, as a
    call's; None when the line is not one or does not read as a step."""
    expression = _SEXPR.fullmatch(line)
    if expression is None:
        return None
    return read_step(_join_call(expression.group(1), expression.group(2).split()), structured=True)


def _read_line(raw: str, out: _Collector, in_code: bool) -> None:
    if "`" in raw and not in_code and (spanned := _code_span_steps(raw)) is not None:
        out.steps.extend(spanned)
        out.unparsed.append(_CODE_SPAN.sub("…", raw.strip()))  # the sentence around them, reported
        return
    line = narrow(raw.strip())
    narrowed = line  # the line read, its wide spacing narrowed (an unread line is reported as written)
    if line.startswith("<") and (fields := _xml_fields(line)) is not None:
        _read_json(fields, out)
        return
    if line.startswith("(") and (sexpr := _sexpr_step(line)) is not None:
        out.steps.append(sexpr)
        return
    if not line or _SYNTAX_ONLY.match(line):
        return
    if (items := _run_together(line)) is not None:
        for item in items:
            _read_line(item, out, in_code)
        return
    if "\\n" in line and (pieces := _escaped_lines(line)) is not None:
        for piece in pieces:
            _read_line(piece, out, in_code)
        return
    if in_code and line.startswith(("#", "//")):
        return  # a comment in a code block
    if line.startswith("|") and line.endswith("|"):
        cells = [c.strip() for c in line.strip("|").split("|")]
        cells = [c for c in cells if c and not re.fullmatch(r"\d+[.)]?|step\s*\d+", c, re.I)]
        # the step is the first cells that read as one ("| pick | Mug |", "| 4 | turn on StoveKnob | burner on
        # |", "| put | Fridge | the apple goes in |"), the cells after it its comment; a state machine's row
        # may name its state first ("| S2 | pick | Mug | S3 |")
        for start in range(min(len(cells) - 1, 2) + 1):
            for count in range(1, min(len(cells) - start, 4) + 1):  # a step spans at most four cells
                step = read_step(" ".join(cells[start : start + count]), structured=True)
                if step is not None and (step.target is None or step.target in _KNOWN_TYPES):
                    out.steps.append(step)
                    out.unparsed.extend(cells[:start] + cells[start + count :])
                    return
        line = " ".join(cells)
    kept = STRUCK.sub("", line) if "~~" in line else line
    struck = kept != line
    heading = _HEADING.match(kept) is not None
    line = _ITALIC.sub(r"\1", _EMPHASIS.sub("", _HEADING.sub("", kept))).strip()
    sub_number = _SUB_NUMBER.match(line) if line[:1].isdigit() else None
    if sub_number is not None:
        line = line[sub_number.end() :]
    marker = _MARKER.match(line)
    structured = in_code or bool(marker) or sub_number is not None
    if marker:
        if marked_not_done(marker.group(0)):
            out.unparsed.append(raw.strip())  # a log's status tag saying so: "[not done] turn_on StoveKnob"
            return
        before, line = line, line[marker.end() :].strip()
        if not re.search(r"[A-Za-z]", line) and len(re.findall(r"\d+", before)) > 1:
            out.unparsed.append(before)  # numbers only ("1. 2:05:39..."): reported, not dropped
            return
    if "[" in line and (tagged := _tagged_step(line)) is not None:
        line, structured = tagged, True
    if not line or _SYNTAX_ONLY.match(line):
        if struck:
            out.unparsed.append(raw.strip())  # every step of the line struck through: written, not planned
        return
    # a line of separators only ("then") is kept whole; "and" joins two steps in a list item, not in a
    # heading or a sentence ("Instruction: turn on the phone and throw it", "# 2: go to the TV and pour")
    parts = _split_actions(line, listed=bool(marker) and not heading) or [line]
    # a call among prose is read too: execute_action("find", "Mug"), also with its result ("-> success")
    readings = [_step_or_call(part, structured) for part in parts]
    if len(parts) > 1 and readings[0][0] is None and ":" in parts[0] and any(step for step, _ in readings):
        # a list run into its label ("In low-level form that is: find Mug, pick Mug, ..."): the label is prose
        label, first = parts[0].rsplit(":", 1)
        reading = _step_or_call(first, structured)
        if first.strip() and reading[0] is not None:
            out.unparsed.append(label.strip())
            parts[0], readings[0] = first, reading
    if len(parts) > 1 and all(step is None for step, _ in readings):
        parts, readings = [line], [read_step_with_rest(line, structured)]
    unread = any(step is None for step, _ in readings)
    if unread and (clauses := read_translated_steps(line)) is not None and len(clauses) >= len(parts):
        # a line of two steps in another language, the second naming nothing ("Finde den Kühlschrank und öffne
        # ihn", "找到水壶，往里面装咖啡"): read whole, each clause acting on what the one before named
        out.steps.extend(clauses)
        return
    for index, (part, (step, comment)) in enumerate(zip(parts, readings, strict=False)):
        noted = (
            index + 1 < len(parts) and readings[index + 1][0] is None and _SKIP_NOTE.match(parts[index + 1])
        )
        # "pour  (skipped: unsafe)", "pour -> skipped": written out, not planned
        if step is None or noted or marked_not_done(part):
            out.unparsed.append(raw.strip() if part == line == narrowed else part.strip())
            continue
        out.steps.append(step)
        if comment:
            out.unparsed.append(comment)  # cut off to read the step: reported, not dropped


# an HTML list's tags ("<ol><li>find Mug</li>..."): each item read as a line
_HTML_LIST = re.compile(r"</?(?:ol|ul|li|br|p)\b[^<>\n]{0,200}?/?>", re.IGNORECASE)
# a numbered item that heads sub-steps numbered under it ("1. Open the microwave" / "   1.1 find Microwave")
_NUMBERED_ITEM = re.compile(r"^[ \t]*(?:\*\*)?(\d+)[.)][ \t]+\S")
_SUB_ITEM = re.compile(r"^[ \t]*(?:\*\*)?(\d+)\.\d+\b")


def _parent_items(text: str) -> set[int]:
    """Where the numbered items of ``text`` that head sub-steps of their own number start: what the sub-steps
    do, told in words ("1. Open the microwave"), is no step besides them."""
    lines = text.split("\n")
    starts = list(itertools.accumulate((len(line) + 1 for line in lines), initial=0))
    parents: set[int] = set()
    for index, line in enumerate(lines):
        item = _NUMBERED_ITEM.match(line)
        if item is None:
            continue
        following = next((later for later in lines[index + 1 : index + 4] if later.strip()), "")
        sub = _SUB_ITEM.match(following)
        if sub is not None and sub.group(1) == item.group(1):
            parents.add(starts[index])
    return parents


def _read_text(text: str, out: _Collector, in_code: bool = False) -> None:
    """Line by line; a line that opens a JSON value is read as JSON up to where the value ends."""
    if "<" in text and _HTML_LIST.search(text):
        text = _HTML_LIST.sub("\n", text)
    parents = _parent_items(text) if not in_code and "." in text else set()
    decoder = json.JSONDecoder()
    position = 0
    while position < len(text):
        end = text.find("\n", position)
        end = len(text) if end == -1 else end
        line = text[position:end]
        if position in parents:
            out.unparsed.append(line.strip())  # it heads sub-steps: reported, not read
            position = end + 1
            continue
        if not line.strip():
            out.close_block()
        stripped = line.lstrip()
        if stripped[:1] in ("[", "{"):
            start = position + len(line) - len(stripped)
            try:
                value, stop = decoder.raw_decode(text, start)
            except (ValueError, RecursionError):  # JSONDecodeError, or a number too long for int()
                value = None
            if value is not None and isinstance(value, (list, dict)):
                out.formats.append("json")
                _read_json(value, out)
                position = stop
                continue
        _read_line(line, out, in_code)
        position = end + 1


# --- JSON -------------------------------------------------------------------------------------


def _read_json(value: object, out: _Collector) -> None:
    if isinstance(value, str):
        for line in value.split("\n"):  # a plan given as one string of lines
            _read_line(line, out, in_code=True)
    elif isinstance(value, list):
        for item in value:
            _read_json(item, out)
    elif isinstance(value, dict):
        lowered = {str(k).lower(): bounded_json.embedded(v) for k, v in value.items()}
        action = next((item for k in _ACTION_KEYS if isinstance(item := lowered.get(k), str)), None)
        if action is not None and not any(_is_plan_key(k) for k in lowered):
            if _is_action_name(action):
                _read_json_step(action, lowered, out)
                return
            # a tool call ({"name": "execute_action", "arguments": {...}}): the step it is handed, else what
            # its arguments hold (an OpenAI tool call's "function", an agent's "command" with its steps)
            handed = _runner_step(action, _json_arguments(lowered))
            step = read_step(handed, structured=True) if handed is not None else None
            if step is not None:
                out.steps.append(step)
                return
        if (step := _translated_fields(lowered)) is not None:
            out.steps.append(step)  # {"动作": "寻找", "对象": "碗"}, {"action": "trouver", "objet": "Egg"}
            return
        for key, item in lowered.items():
            if _NOT_TAKEN_KEY.match(key):
                out.unparsed.append(json.dumps(item, ensure_ascii=False))  # shown, not planned
            elif _is_plan_key(key):
                _read_json(item, out)
            elif isinstance(item, (list, dict)):
                _read_json(item, out)
            elif isinstance(item, str) and item.strip() and (_STEP_KEY.match(key) or key in _STEP_TEXT_KEYS):
                _read_line(item, out, in_code=True)  # {"1": "find Egg", ...}; {"step": 1, "do": "find Mug"}
            elif isinstance(item, str) and item.strip():
                out.unparsed.append(item.strip())
    elif value is not None and not isinstance(value, bool):
        out.unparsed.append(str(value))


def _translated_fields(fields: dict[str, object]) -> Step | None:
    """The step a flat object's text values spell in another language, in order (numbers left out)."""
    if len(fields) > 6 or any(isinstance(v, (list, dict)) or _is_plan_key(k) for k, v in fields.items()):
        return None
    words = [v.strip() for v in fields.values() if isinstance(v, str) and v.strip()]
    return read_translated_step(" ".join(words)) if words else None


def _json_arguments(fields: dict[str, object]) -> list[str]:
    """The words a call's arguments give, in order (``{"action": "find", "object": "Mug"}``, a list)."""
    for key in _ARGS_KEYS:
        args = fields.get(key)
        if isinstance(args, dict):
            return [str(a) for a in args.values() if isinstance(a, (str, int)) and not isinstance(a, bool)]
        if isinstance(args, list):
            return [str(a) for a in args if isinstance(a, (str, int)) and not isinstance(a, bool)]
        if isinstance(args, str):
            return [args]
    return []


def _read_json_step(action: str, fields: dict[str, object], out: _Collector) -> None:
    words = [action]
    for key in _OBJECT_KEYS:
        if isinstance(fields.get(key.lower()), (str, int)):
            words.append(str(fields[key.lower()]))
            break
    for key in _ARGS_KEYS:
        args = fields.get(key)
        if isinstance(args, list):
            words += [str(a) for a in args if isinstance(a, (str, int))]
        elif isinstance(args, dict):
            words += [str(a) for a in args.values() if isinstance(a, (str, int))]
        elif isinstance(args, str):
            words.append(args)
    liquid = fields.get("liquid")
    if isinstance(liquid, str):
        words.append(liquid)
    if isinstance(fields.get("instance"), int):
        words.insert(2, str(fields["instance"]))
    text = _join_call(action, words[1:])
    step = read_step(text, structured=True)
    if step is None:
        out.unparsed.append(text)
    else:
        out.steps.append(step)


# A tool that runs one step handed over as text, as agent frameworks name theirs: thor_execute("find Mug"),
# run_action(instruction="pick Mug"), "Action: execute" then "Action Input: find Mug"
_STEP_RUNNER = re.compile(
    r"(?:^|[._])(?:execute|exec|run|act|do|perform|step|action|command|tool|call|invoke|dispatch)(?:_|$)",
    re.I,
)


def _runner_step(name: str, args: list[str]) -> str | None:
    """The step a step-running tool is handed, as text: its one argument (``thor_execute("find Mug")``), or
    an action and its object given apart (``execute_action("find", "Mug")``); None for any other call."""
    if not args or _STEP_RUNNER.search(name) is None or _is_action_name(name):
        return None
    if len(args) > 1 and args[0].isdigit():
        args = args[1:]  # the step's number first: action(3, pick, mug)
    if len(args) == 1:
        return args[0]
    return _join_call(args[0], args[1:]) if _is_action_name(args[0]) else None


_AGENTS = {"robot", "agent", "self", "bot", "robot1", "r1"}
_PUT_NAMES = {"put", "place", "putobject", "putin", "puton", "putinto", "putonto", "placein", "placeon"}


def _join_call(name: str, args: list[str]) -> str:
    """Call-style arguments to a step: ``put('Apple', 'Fridge')`` puts into the last one; a planner's agent
    argument is no object (PDDL's ``(find robot mug)``), nor is where a one-object action's object is
    (``pick_up(Egg, Sink)``, ``(pick-up egg sink)``: the egg)."""
    name, args = re.sub(r"_+$", "", name.replace("-", "_")), list(args)  # pick-up, slice-obj: as pick_up
    spelled = name.replace("_", "").lower()
    instance = [args.pop()] if len(args) > 1 and args[-1].isdigit() else []
    if len(args) > 1 and args[0].lower() in _AGENTS:
        args = args[1:]
    if spelled in _PUT_NAMES and len(args) > 1:
        name, args = "put", args[-1:]
    elif len(args) > 1:
        whole = read_step(" ".join([name, *args, *instance]), structured=True)
        first = read_step(" ".join([name, args[0], *instance]), structured=True)
        if (
            (whole is None or whole.target not in _KNOWN_TYPES)
            and first is not None
            and first.target in _KNOWN_TYPES
        ):
            args = args[:1]
    return " ".join([name, *args, *instance]).strip()


# --- programs ---------------------------------------------------------------------------------


def _looks_like_program(text: str) -> bool:
    return bool(
        re.search(r"^[^\S\n]*def\s+\w+\s*\(.*\)\s*:", text, re.M)
        or re.search(r"^[^\S\n]*[A-Za-z_][\w.]*[^\S\n]*\(.*\)[^\S\n]*$", text, re.M)
    )


def _parse_program(text: str) -> ast.Module | None:
    try:
        return python_source.parse(textwrap.dedent(text))
    except (SyntaxError, ValueError, RecursionError, MemoryError):
        return None


def _call_name(node: ast.AST) -> str | None:
    if isinstance(node, ast.Name):
        return node.id
    if isinstance(node, ast.Attribute):
        return node.attr
    return None


def _is_action_name(name: str) -> bool:
    try:
        parse_step(f"{re.sub(r'_+$', '', name)} Mug water")
    except StepSyntaxError as exc:
        return "unknown action" not in str(exc)
    return True


def _argument_words(call: ast.Call, names: Mapping[str, str] | None = None) -> list[str]:
    """The call's arguments as words; a loop variable (``names``) as the value it holds."""
    words: list[str] = []
    for arg in [*call.args, *(k.value for k in call.keywords)]:
        if (
            isinstance(arg, ast.Constant)
            and isinstance(arg.value, (str, int))
            and not isinstance(arg.value, bool)
        ):
            words.append(str(arg.value))
        elif isinstance(arg, ast.Name):
            words.append(names.get(arg.id, arg.id) if names else arg.id)
        elif isinstance(arg, ast.Attribute):
            words.append(arg.attr)
    return words


def _read_program(tree: ast.Module, source: str, out: _Collector) -> None:
    """Action calls in source order; other calls standing as statements are unparsed."""
    lines = textwrap.dedent(source).splitlines()
    for statement, names in _statements(tree.body, walk=_walk_of(tree)):
        value = statement.value if isinstance(statement, (ast.Expr, ast.Assign, ast.AnnAssign)) else None
        if isinstance(value, ast.Call):
            name = _call_name(value.func)
            segment = _segment(lines, value)
            if name is None:
                out.unparsed.append(segment)
                continue
            step = _call_step(name, value, names)
            if step is None:
                out.unparsed.append(segment)
            else:
                out.steps.append(step)
        elif isinstance(value, ast.Name) and _is_action_name(value.id):
            step = read_step(value.id, structured=True)
            if step is None:
                out.unparsed.append(value.id)
            else:
                out.steps.append(step)
        elif isinstance(value, (ast.List, ast.Tuple)):
            out.steps.extend(_listed_steps(value))


def _listed_steps(value: ast.List | ast.Tuple) -> list[Step]:
    """A plan held as data (``plan = [("find", "Cup"), ("pick", "Cup")]`` or ``["find Cup", ...]``): its
    steps, when every element is one (strings, or a tuple of strings) and there are two or more."""
    steps: list[Step] = []
    for element in value.elts:
        parts = element.elts if isinstance(element, (ast.List, ast.Tuple)) else [element]
        words = [
            part.value for part in parts if isinstance(part, ast.Constant) and isinstance(part.value, str)
        ]
        step = read_step(" ".join(words), structured=True) if len(words) == len(parts) and words else None
        if step is None:
            return []
        steps.append(step)
    return steps if len(steps) >= 2 else []


def _call_step(name: str, call: ast.Call, names: Mapping[str, str] | None = None) -> Step | None:
    """The step a call spells: turn("on", "Stove") reads as "turn on Stove" (the name alone need not be an
    action), a step-running tool as the step it is handed (``execute_action("find", "Mug")``)."""
    words = _argument_words(call, names)
    step = read_step(_join_call(name, words), structured=True)
    handed = _runner_step(name, words) if step is None else None
    return read_step(handed, structured=True) if handed is not None else step


_CALL_LINE = re.compile(r"^[A-Za-z_][\w.]*\s*\(.*\)\s*[;.]?$")  # a Prolog fact ends in a period


def _call_line_step(line: str) -> Step | None:
    """A line of prose-and-calls text that is one call (``execute_action("find", "Mug")``), read as the
    programs are; None when it is not one."""
    if len(line) > 500 or not _CALL_LINE.match(line):
        return None
    try:
        tree = python_source.parse(line.rstrip(";."), mode="eval")
    except (SyntaxError, ValueError, RecursionError, MemoryError):
        return None
    call = tree.body
    if not isinstance(call, ast.Call):
        return None
    name = _call_name(call.func)
    return _call_step(name, call) if name is not None else None


# A loop is read as many times as it runs when a reader can tell without running anything: ``range`` of
# number literals, or a literal list of names (``for item in ["Apple", "Egg"]:``); at most this many
# statements come out of loops and called functions in all (nested loops multiply), past it a loop's
# body is read once.
_UNROLLED_MOST = 40


def _loop_values(loop: ast.For, lists: Mapping[str, list[str]] | None = None) -> list[str | None] | None:
    """The values a ``for`` loop's variable takes, one per pass (None where no name is bound), when its
    iterable is a literal, or a name the program bound to one (``lists``); None when it is not."""
    values: list[str | None] = []
    iterable = loop.iter
    if (
        isinstance(iterable, ast.Name)
        and lists
        and iterable.id in lists
        and isinstance(loop.target, ast.Name)
    ):
        return list(lists[iterable.id]) or None
    if isinstance(iterable, ast.Call) and isinstance(iterable.func, ast.Name) and iterable.func.id == "range":
        bounds = [a.value for a in iterable.args if isinstance(a, ast.Constant) and type(a.value) is int]
        if (
            1 <= len(bounds) == len(iterable.args) <= 3
            and not iterable.keywords
            and all(abs(b) <= _UNROLLED_MOST for b in bounds)
        ):
            values = [None] * len(range(*bounds))
    elif isinstance(iterable, (ast.List, ast.Tuple)) and isinstance(loop.target, ast.Name):
        names = [e.value for e in iterable.elts if isinstance(e, ast.Constant) and isinstance(e.value, str)]
        if len(names) == len(iterable.elts):
            values = list(names)
    return values or None


@dataclass
class _Walk:
    """One program's reading: how many statements loops and calls may still add (``_UNROLLED_MOST`` in
    all), and the functions it defines and calls, read where they are called with their parameters bound."""

    budget: int
    inlined: dict[str, ast.FunctionDef | ast.AsyncFunctionDef]
    depth: int = 0
    # the names bound to a literal list of names (``fragile = ["Vase", "Statue"]``), for the loops over them
    lists: dict[str, list[str]] = field(default_factory=dict)


def _walk_of(tree: ast.Module) -> _Walk:
    defined = {
        node.name: node
        for node in ast.walk(tree)
        if isinstance(node, (ast.FunctionDef, ast.AsyncFunctionDef))
    }
    called = {
        node.func.id
        for node in ast.walk(tree)
        if isinstance(node, ast.Call) and isinstance(node.func, ast.Name) and node.func.id in defined
    }
    return _Walk(_UNROLLED_MOST, {name: defined[name] for name in called})


def _bound_arguments(
    function: ast.FunctionDef | ast.AsyncFunctionDef, call: ast.Call, names: Mapping[str, str] | None
) -> dict[str, str]:
    """The call's literal arguments (or loop variables) by the function's parameter names."""
    words = _argument_words(call, names)
    parameters = [argument.arg for argument in function.args.args]
    # a parameter's literal default stands where the call leaves it out (``def spill(container="Cup")``)
    defaults = function.args.defaults
    bound = {
        parameter: default.value
        for parameter, default in zip(parameters[len(parameters) - len(defaults) :], defaults, strict=True)
        if isinstance(default, ast.Constant) and isinstance(default.value, str)
    }
    bound.update(zip(parameters, words[: len(call.args)], strict=False))
    for keyword in call.keywords:
        value = keyword.value
        if keyword.arg and isinstance(value, ast.Constant) and isinstance(value.value, str):
            bound[keyword.arg] = value.value
    return {**(names or {}), **bound}


def _statements(
    body: list[ast.stmt], names: Mapping[str, str] | None = None, walk: _Walk | None = None
) -> Iterator[tuple[ast.stmt, Mapping[str, str] | None]]:
    """Every statement, nested bodies included, in the order it runs, with the loop variables and
    parameters bound: a loop over a literal as many times as it runs, a function the program calls where
    it is called (``spill("Mug", "DiningTable")`` runs its body with ``container`` = "Mug" ...), within
    ``_UNROLLED_MOST`` statements added in all; a function never called is read where it stands."""
    walk = _Walk(_UNROLLED_MOST, {}) if walk is None else walk
    for statement in body:
        if isinstance(statement, (ast.FunctionDef, ast.AsyncFunctionDef)) and statement.name in walk.inlined:
            continue  # read where it is called
        names = _bind(statement, names, walk)
        tested = _tested_call(statement, names)
        if tested is not None:  # the action an assert or an if runs to test its result
            yield ast.Expr(tested), names
        call = getattr(statement, "value", None) if isinstance(statement, (ast.Expr, ast.Assign)) else None
        if isinstance(call, ast.Await):
            call = call.value
        function = (
            walk.inlined.get(call.func.id)
            if isinstance(call, ast.Call) and isinstance(call.func, ast.Name)
            else None
        )
        if function is not None and isinstance(call, ast.Call) and walk.depth < 3:
            size = sum(isinstance(node, ast.stmt) for node in ast.walk(function)) - 1
            if size <= walk.budget:
                walk.budget -= size
                walk.depth += 1
                yield from _statements(function.body, _bound_arguments(function, call, names), walk)
                walk.depth -= 1
                continue
        yield statement, names
        values = _loop_values(statement, walk.lists) if isinstance(statement, ast.For) else None
        passes = 1 if values is None else len(values)
        size = sum(isinstance(node, ast.stmt) for node in ast.walk(statement)) if passes > 1 else 0
        if passes > 1 and size * (passes - 1) <= walk.budget:
            walk.budget -= size * (passes - 1)
            assert isinstance(statement, ast.For) and values is not None
            target = statement.target.id if isinstance(statement.target, ast.Name) else None
            for value in values:
                bound = (
                    {**(names or {}), target: value} if target is not None and value is not None else names
                )
                yield from _statements(statement.body, bound, walk)
            yield from _statements(statement.orelse, names, walk)
        else:
            for attribute in ("body", "orelse", "finalbody"):
                nested = getattr(statement, attribute, None)
                if isinstance(nested, list):
                    yield from _statements(nested, names, walk)
        for handler in getattr(statement, "handlers", []) or []:
            yield from _statements(handler.body, names, walk)
        for case in getattr(statement, "cases", []) or []:
            yield from _statements(case.body, names, walk)


def _bind(statement: ast.stmt, names: Mapping[str, str] | None, walk: _Walk) -> Mapping[str, str] | None:
    """The names after ``statement``: a name assigned a literal name (``metal_item = "Fork"``) stands for it
    in the calls after; one assigned a literal list of names is kept for the loops over it."""
    if not (
        isinstance(statement, ast.Assign)
        and len(statement.targets) == 1
        and isinstance(statement.targets[0], ast.Name)
    ):
        return names
    target, value = statement.targets[0].id, statement.value
    if isinstance(value, ast.Constant) and isinstance(value.value, str):
        return {**(names or {}), target: value.value}
    if isinstance(value, (ast.List, ast.Tuple)):
        items = [e.value for e in value.elts if isinstance(e, ast.Constant) and isinstance(e.value, str)]
        if items and len(items) == len(value.elts) and len(items) <= _UNROLLED_MOST:
            walk.lists[target] = items
    return names


def _tested_call(statement: ast.stmt, names: Mapping[str, str] | None) -> ast.Call | None:
    """The action call an ``assert`` or an ``if`` makes to test (``assert find("Mug"), "not found"``, ``if
    not pick("Egg"):``): it runs, so its step is taken. A test of another kind (``if is_cooked(egg):``) is
    left as it was."""
    test = statement.test if isinstance(statement, (ast.Assert, ast.If, ast.While)) else None
    if isinstance(test, ast.UnaryOp) and isinstance(test.op, ast.Not):
        test = test.operand
    if not isinstance(test, ast.Call) or (name := _call_name(test.func)) is None:
        return None
    return test if _call_step(name, test, names) is not None else None


def _segment(lines: list[str], node: ast.expr) -> str:
    start, end = node.lineno - 1, (node.end_lineno or node.lineno) - 1
    if start == end:
        return lines[start][node.col_offset : node.end_col_offset].strip()
    return " ".join(line.strip() for line in lines[start : end + 1])


# --- the whole answer -------------------------------------------------------------------------


def _segments(answer: str) -> list[tuple[str, str | None]]:
    """The answer split into (text, None) and (code, language) blocks; an unclosed fence runs to the end."""
    segments: list[tuple[str, str | None]] = []
    current: list[str] = []
    language: str | None = None
    in_code = False
    for line in answer.splitlines():
        fence = _FENCE.match(line)
        if fence:
            segments.append(("\n".join(current), language if in_code else None))
            current = []
            in_code = not in_code
            language = fence.group(2).lower() if in_code else None
            continue
        current.append(line)
    segments.append(("\n".join(current), language if in_code else None))
    return [(text, lang) for text, lang in segments if text.strip()]


# A YAML plan: a sequence of mappings that name an action ("- action: find" / "  object: Mug"), as a
# block of its own or a run of lines in the answer
_YAML_ACTION = re.compile(
    r"^[ \t]*-[ \t]+\{?[ \t]*(?:action|verb|skill|function|act)[ \t]*:[ \t]*\S", re.IGNORECASE | re.MULTILINE
)
_YAML_HEADER = re.compile(r"^[ \t]*[\w -]+:[ \t]*$")
_YAML_LINE = re.compile(r"^(?:[ \t]+\S|-[ \t]|[\w -]+:(?:[ \t]|$)|[ \t]*$)")
_YAML_UNSAFE = re.compile(r"(?:^|[\s\[{,])[&*!]\S")  # anchors, aliases, tags: read as text instead


def _yaml_value(text: str) -> object:
    """``text`` as YAML data, or None (not YAML; too long; anchors, aliases or tags, which could make a
    small text expand into a huge value)."""
    if len(text) > 20_000 or _YAML_UNSAFE.search(text):
        return None
    import yaml  # only for an answer that looks like a YAML plan

    try:
        return yaml.safe_load(text)
    except yaml.YAMLError:
        return None


def _read_yaml(text: str, out: _Collector) -> bool:
    """Read the answer's YAML plan (the whole text, or its run of YAML lines around the first mapping
    that names an action, the text before and after read as text); False if there is none."""
    found = _YAML_ACTION.search(text)
    if found is None:
        return False
    lines = text.split("\n")
    first = text.count("\n", 0, found.start())
    start = first - 1 if first > 0 and _YAML_HEADER.match(lines[first - 1]) else first
    end = first + 1
    while end < len(lines) and _YAML_LINE.match(lines[end]):
        end += 1
    for begin, stop in ((0, len(lines)), (start, end)):
        value = _yaml_value("\n".join(lines[begin:stop]))
        if isinstance(value, (list, dict)) and value:
            if begin:
                _read_text("\n".join(lines[:begin]), out)
            out.formats.append("yaml")
            _read_json(value, out)
            if stop < len(lines):
                _read_text("\n".join(lines[stop:]), out)
            return True
    return False


# A TOML plan: records under [[step]] headers, or inline tables ({ verb = "find", obj = "Mug" })
_TOML_ACTION = re.compile(
    r"(?:^|[{,])[ \t]*(?:action|verb|skill|function|act|do|name)[ \t]*=[ \t]*[\"']",
    re.IGNORECASE | re.MULTILINE,
)
_TOML_HEADER = re.compile(r"[ \t]*\[\[?[^\[\]\n]{0,60}\]\]?[ \t]*")
_TOML_PAIR = re.compile(
    r"([A-Za-z_][\w-]{0,40})[ \t]*=[ \t]*(?:\"([^\"\n]{0,200})\"|'([^'\n]{0,200})'|(-?\d{1,9}))"
)
_TOML_TABLE = re.compile(r"\{([^{}\n]{0,400})\}")
_TOML_OTHER = re.compile(r"[ \t]*(?:#.*|[\w-]+[ \t]*=[ \t]*\[[ \t]*|\][ \t]*,?|,)?[ \t]*")


def _read_toml(text: str, out: _Collector) -> bool:
    """Read the answer when it is a TOML plan, whole (its records, in order, as JSON objects); False when it
    is not one (a line neither a header, a key and its value, an inline table, a comment nor a bracket)."""
    if _TOML_ACTION.search(text) is None:
        return False
    records: list[dict[str, object]] = []
    current: dict[str, object] | None = None
    for line in text.split("\n"):
        if _TOML_HEADER.fullmatch(line):
            current = {}
            records.append(current)
        elif tables := _TOML_TABLE.findall(line):
            records.extend({k: a or b or c for k, a, b, c in _TOML_PAIR.findall(table)} for table in tables)
        elif pair := _TOML_PAIR.fullmatch(line.strip()):
            if current is not None:
                key, *values = pair.groups()
                current[key] = next((v for v in values if v), "")
        elif not _TOML_OTHER.fullmatch(line):
            return False
    if not records:
        return False
    out.formats.append("toml")
    _read_json(records, out)
    return True


def _read_block(text: str, language: str | None, out: _Collector) -> None:
    in_code = language is not None
    stripped = text.strip()
    if language in (None, "yaml", "yml") and _read_yaml(text, out):
        return
    if language in (None, "toml") and "=" in text and _read_toml(text, out):
        return
    if stripped[:1] in ("[", "{"):
        try:
            value = bounded_json.loads(stripped)
        except (json.JSONDecodeError, RecursionError):
            value = None
        if isinstance(value, (list, dict)):
            out.formats.append("json")
            _read_json(value, out)
            return
    if (in_code and language not in ("json", "text", "markdown", "md")) or _looks_like_program(text):
        tree = _parse_program(text)
        if tree is not None and any(isinstance(n, (ast.Call, ast.FunctionDef)) for n in ast.walk(tree)):
            out.formats.append("program")
            _read_program(tree, text, out)
            return
    _read_text(text, out, in_code)


# An agent framework's transcript that names the action and its input on two lines (LangChain's ReAct:
# "Action: find" then "Action Input: Mug", or a JSON input)
_ACTION_AND_INPUT = re.compile(
    r"^([ \t]*action[ \t]*:[ \t]*)([A-Za-z_]+)[ \t]*\n[ \t]*action[ _]input[ \t]*:[ \t]*(.*)$",
    re.IGNORECASE | re.MULTILINE,
)


def _joined_input(match: re.Match[str]) -> str:
    lead, action, given = match.group(1), match.group(2), match.group(3).strip()
    value: object = given
    if given[:1] in ("{", "["):
        try:
            value = bounded_json.loads(given)
        except (json.JSONDecodeError, RecursionError):
            value = given
    if isinstance(value, dict):
        args = [str(v) for v in value.values() if isinstance(v, (str, int))]
    elif isinstance(value, list):
        args = [str(v) for v in value if isinstance(v, (str, int))]
    else:
        args = [part.strip(" \"'") for part in str(value).split(",")]
    args = [a for a in args if a]
    return lead + (_runner_step(action, args) or _join_call(action, args))


@keep_short_readings  # an answer as short as a canned refusal recurs from item to item
def parse_plan(answer: str) -> ParsedPlan:
    """Best reading of ``answer`` as a plan. Lines that are not steps land in ``unparsed``."""
    out = _Collector()
    answer = answer.replace("\r\n", "\n").replace("\r", "\n")
    if "nput" in answer:  # cheap gate: "Action Input" / "action_input"
        answer = _ACTION_AND_INPUT.sub(_joined_input, answer)
    for text, language in _segments(answer):
        _read_block(text, language, out)
    return out.result()
