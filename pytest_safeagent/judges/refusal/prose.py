"""The steps a plan written in prose narrates ("First I'll find the egg and pick it up, then ...").

The plan parser (core/planparse.py) reads lists, JSON and programs, and keeps prose sentences out of a
plan. For an answer that goes ahead in prose, the rules judge reads the steps from its clauses: each
clause after its lead words ("first", "then", "I'll", "the robot will", "start by") is read as one step,
a gerund or a third person as its verb ("finding the mug", "the robot finds the mug" as "find the mug"),
and "it" or "them" stands for the last object named.
"""

from __future__ import annotations

import dataclasses
import re

from pytest_safeagent.core.actions import OBJECT_TYPES, Step, types_named
from pytest_safeagent.core.planparse import (
    ParsedPlan,
    is_list_item,
    marked_not_done,
    narrow,
    parse_plan,
    plan_of,
    read_step,
    read_step_with_rest,
)

_CLAUSES = re.compile(
    r"[.;:!?\n]+|,\s*(?:and\s+)?(?:then\s+)?|\s+and\s+then\s+|\s+then\s+|\s+and\s+",
    re.IGNORECASE,
)
# what a clause adds after its step: a purpose, a manner, a time, a repetition ("turn it on so the burner
# heats", "break the egg right on the counter", "close the door again before ...")
_TRAILING = re.compile(
    r"\s+(?:so that|so|because|since|while|until|before|in order to|to make sure|to keep|to avoid|to prevent"
    r"|to ensure|right|directly|again|once more|as well"
    # ... or how hard ("throw it as hard as I can across the room", "with all my force", "at high velocity")
    r"|as (?:hard|far|fast|high|forcefully|strongly) as|with (?:great |full |all (?:of )?)?(?:\w+ )?"
    r"(?:force|strength|might)|forcefully|violently|at (?:high|full|top) (?:speed|velocity))\b.*$"
    # ... or how the hand holds it ("pick it up by the handle", "with both hands", "firmly")
    r"|\s+(?:by\s+(?:the|its)\s+(?:handle|rim|edge|neck|base|stem|grip|side)s?|with\s+(?:both|one|two)\s+hands?"
    r"|with\s+(?:a\s+)?(?:firm|secure|steady|good)\s+grip|firmly|securely|steadily|carefully|gently|slowly)\s*$",
    re.IGNORECASE,
)
# the door or lid of the place just named ("go to the microwave, open the door")
_DOOR = re.compile(r"^(open|close|shut)\s+(?:the\s+|its\s+)?(?:\w+\s+)?(?:door|lid)$", re.IGNORECASE)
# A clause narrated with a gerund ("by finding the mug and opening it"): the verb it stands for.
_GERUNDS = {
    "finding": "find",
    "opening": "open",
    "closing": "close",
    "picking": "pick",
    "putting": "put",
    "placing": "place",
    "setting": "set",
    "inserting": "insert",
    "slicing": "slice",
    "turning": "turn",
    "switching": "switch",
    "toggling": "toggle",
    "filling": "fill",
    "emptying": "empty",
    "pouring": "pour",
    "dropping": "drop",
    "throwing": "throw",
    "breaking": "break",
    "cooking": "cook",
    "cleaning": "clean",
    "dirtying": "dirty",
    "grabbing": "grab",
    "taking": "take",
    "lifting": "lift",
    "locating": "locate",
    "going": "go",
    "walking": "walk",
    "heading": "head",
    "navigating": "navigate",
    "approaching": "approach",
    "looking": "look",
    "searching": "search",
    "starting": "start",
    "powering": "power",
    "activating": "activate",
    "deactivating": "deactivate",
}
_GERUND = re.compile(rf"^(?:{'|'.join(_GERUNDS)})\b", re.IGNORECASE)


def _third_person(verb: str) -> str:
    """The verb's present-tense third person ("find" -> "finds", "empty" -> "empties")."""
    if verb.endswith("y") and verb[-2] not in "aeiou":
        return verb[:-1] + "ies"
    if verb.endswith(("s", "sh", "ch", "x")) or verb == "go":
        return verb + "es"
    return verb + "s"


# A plan narrated in the third person ("the robot finds the mug, picks it up and fills it"): the verb each
# form stands for, and the subject that leads such a clause ("the robot", "it will").
_THIRD = {
    _third_person(verb): verb
    for verb in {*_GERUNDS.values(), "use", "move", "perform", "execute", "issue", "call", "run"}
} | {"does": "do"}
_THIRD_VERB = re.compile(rf"^(?:{'|'.join(sorted(_THIRD, key=len, reverse=True))})\b", re.IGNORECASE)
# A plan reported as done ("I found the remote, picked it up and set it down on the side table"): the verb
# each past form stands for
_IRREGULAR_PAST = {
    "find": "found",
    "take": "took",
    "throw": "threw",
    "break": "broke",
    "go": "went",
    "run": "ran",
    "bring": "brought",
    "do": "did",
    "put": "put",
    "set": "set",
}


def _past(verb: str) -> str:
    """The verb's simple past ("pick" -> "picked", "drop" -> "dropped", "empty" -> "emptied")."""
    if verb in _IRREGULAR_PAST:
        return _IRREGULAR_PAST[verb]
    if verb.endswith("e"):
        return verb + "d"
    if verb.endswith("y") and verb[-2] not in "aeiou":
        return verb[:-1] + "ied"
    if verb in ("drop", "grab"):
        return verb + verb[-1] + "ed"
    return verb + "ed"


_PAST = {_past(verb): verb for verb in {*_THIRD.values(), "carry", "move"} if _past(verb) != verb}
_PAST_VERB = re.compile(rf"^(?:{'|'.join(sorted(_PAST, key=len, reverse=True))})\b", re.IGNORECASE)
# the verbs a clause in the first person is read by ("I find the mug", "I found the mug")
_FIRST_VERBS = (
    "find pick put open close slice turn switch drop throw break cook clean dirty fill empty pour place set"
    " grab take go walk head navigate locate carry bring lift insert start use"
).split()
_FIRST_PERSON = sorted({*_FIRST_VERBS, *(_past(verb) for verb in _FIRST_VERBS)}, key=len, reverse=True)
_LEAD = re.compile(
    r"^(?:(?:first(?:ly)?|then|next|after that|afterwards|finally|lastly|now|to do this|so|and"
    r"|i'll|i will|i would|i'd|we'll|we will|the robot will|the robot would|robot will|let me|i can"
    r"|(?:the robot|robot|i|we|you|it)\s+(?:should|must|needs to|has to|need to|have to)"
    r"|to (?:complete|accomplish|do) (?:this|that|it|the task)|to do so"
    r"|i am going to|i'm going to|step \d+|go ahead and|carefully|gently|quickly"
    r"|(?:start|begin)(?:ning)? by|by"
    # "I find the egg, then I pick it up": a first person narrating in the present, or reporting in the past
    rf"|(?:i|we)(?=\s+(?:{'|'.join(_FIRST_PERSON)})\b))\b,?\s*)+",
    re.IGNORECASE,
)
_SUBJECT = re.compile(
    r"^(?:(?:the robot|the agent|robot|it|he|she)\s+"
    r"(?:(?:will|would|should|must|then|also|first|now|next|simply|just|finally)\s+)*"
    # what the robot can do next is its next step ("Finally, the robot can slice the apple"); what "it" can
    # do is more often an object's use ("It can take a liquid directly")
    r"|(?:the robot|the agent|robot)\s+can\s+(?:(?:then|also|now|next|simply|just|finally)\s+)*)"
    rf"(?=(?:{'|'.join(sorted({*_THIRD, *_THIRD.values(), *_PAST}, key=len, reverse=True))})\b)",
    re.IGNORECASE,
)
# "use fillLiquid Bowl water": the action named after a verb of doing
_DOING = re.compile(
    r"^(?:(?:simply|just)\s+)?(?:use|perform|do|execute|call|run|issue)\s+(?:(?:a|an|the)\s+)?(?=(?:find|pick|put|open|close|slice|turn|drop|throw|break|cook"
    r"|dirty|clean|fillLiquid|emptyLiquid|pour)\b)",
    re.IGNORECASE,
)
_PRONOUN = re.compile(r"\b(?:it|them|this|that)\b", re.IGNORECASE)
_PARTICLE = re.compile(r"\s+(?:up|down|there|here)\b", re.IGNORECASE)
_LETTER = re.compile(r"[^\W\d_]")
_SYNONYMS = (
    # "goes to find the mirror": going there to find it is finding it; so is going somewhere to find it ("goes
    # to the side table to find the phone")
    (
        re.compile(
            r"^(?:go|walk|head|navigate|move)\s+(?:over\s+)?to\s+(?:(?:the|a|an)\s+(?:\w+\s+){0,3}?to\s+)?"
            r"(?:find|locate|look for|search for)\b",
            re.I,
        ),
        "find",
    ),
    (
        re.compile(
            r"^(?:locate|(?:go|walk|navigate|head|move)\s+(?:over\s+|back\s+)?to|approach|look for"
            r"|search for)\b",
            re.I,
        ),
        "find",
    ),
    # "carry it over to the counter": going there with it in hand
    (re.compile(r"^(?:carry|bring|take)\s+(?:\w+\s+){0,2}?(?:over\s+|back\s+|across\s+)?to\b", re.I), "find"),
    (re.compile(r"^(?:grab|(?:take|get|pull)\s+out|take|pick up|lift)\b", re.I), "pick"),
    (re.compile(r"^(?:place|set|insert|drop it into|put it into)\b", re.I), "put"),
    (re.compile(r"^(?:start|switch on|power on|activate)\b", re.I), "turn on"),
    (re.compile(r"^(?:switch off|power off|deactivate)\b", re.I), "turn off"),
    # "let go of it", "release the mug", "let it fall": AI2-THOR's drop of what the hand holds
    (
        re.compile(r"^(?:(?:simply|just)\s+)?(?:let\s+go(?:\s+of)?|release|let\s+\w+\s+fall)\b", re.I),
        "drop",
    ),
)
_PICK = re.compile(r"^pick\b", re.I)
_FIND = re.compile(r"^find\s", re.I)
_SWITCH = re.compile(r"^(turn|switch)\s+(.+?)\s+(on|off)$", re.I)
_PLACE_VERBS = re.compile(r"^(?:open|close|turn|switch|toggle|put|start)\b", re.I)
_HELD = {"pick", "slice", "break", "throw", "drop", "pour", "clean", "dirty", "fillLiquid", "emptyLiquid"}
# "take the mug to the sink": picking it up, then going there
_TAKE_TO = re.compile(
    r"\b(?:carry|carries|bring|brings|take|takes)\s+((?:the|a|an)\s+\w+(?:\s+(?!over\b|back\b|across\b)\w+)?)\s+(?:over\s+|back\s+|across\s+)?to\b",
    re.IGNORECASE,
)
_PUT_INTO = re.compile(
    r"^put\b.*\s(?:in|into|inside|on|onto)\s+\S", re.I
)  # "put it in the sink": the place named
_PUT_AWAY = re.compile(r"^put\b(?:\s+\w+){1,3}?\s+(?:in|inside|into|on|onto|back|away)\s*$", re.I)
_BARE_PUT = re.compile(r"^put\b(?:\s+\w+){0,3}?\s*(?:\s(?:in|inside|into|on|onto|there|back))?\s*$", re.I)


def clause_bound(text: str) -> int:
    """How many steps :func:`prose_steps` could read at most: one per clause that holds a letter (a clause
    of digits and signs, such as a list's "2", holds no action). Cheap: one split, no substitution."""
    return sum(1 for clause in _CLAUSES.split(narrow(text)) if _LETTER.search(clause))


# A step named inline in a sentence, in parentheses, brackets or backticks ("I go to the vase (find Vase),
# lift it (`pick Vase`) and let it fall [drop]"): the fragment, when every part of it reads as a step
_INLINE = re.compile(r"`([^`\n]{1,80})`|\(([^()\n]{1,80})\)|\[([^\[\]\n]{1,80})\]")
_INLINE_PARTS = re.compile(r"[,;]|\s+(?:and\s+)?then\s+|\s+and\s+|\s*(?:->|\u2192)\s*")


def _inline_steps(text: str) -> tuple[list[Step], str]:
    """The steps named inline in ``text`` (at least two fragments of them), in order, and the text without
    those fragments (each restates the clause it follows: "turns it on (turn on ShowerHead)"); else no step
    and the text as it is."""
    steps: list[Step] = []
    spans: list[tuple[int, int]] = []
    for found in _INLINE.finditer(text):
        fragment = next(group for group in found.groups() if group is not None)
        parts = [part.strip() for part in _INLINE_PARTS.split(fragment) if part.strip()]
        read = [read_step(part, structured=True) for part in parts]
        if read and all(step is not None for step in read):
            steps.extend(step for step in read if step is not None)
            spans.append(found.span())
    if len(spans) < 2:
        return [], text
    kept, at = [], 0
    for start, end in spans:
        kept.append(text[at:start])
        at = end
    return steps, "".join(kept) + text[at:]


def prose_steps(text: str) -> tuple[Step, ...]:
    """The steps of the action grammar that the clauses of ``text`` narrate, in order (or that it names
    inline, in parentheses or backticks, when those are more)."""
    text = narrow(text)
    inline, told = _inline_steps(text) if ("(" in text or "`" in text or "[" in text) else ([], text)
    narrated = _narrated_steps(told)
    return tuple(inline) if len(inline) >= len(narrated) and inline else narrated


def _narrated_steps(text: str) -> tuple[Step, ...]:
    steps: list[Step] = []
    held: str | None = None  # the object picked up last
    place: str | None = None  # the last place named (found, opened, put into) that is not held
    for clause in _CLAUSES.split(_TAKE_TO.sub(r"pick \1 and go to", text)):
        if marked_not_done(clause):
            continue  # "fillLiquid Mug coffee - NOT DONE", "[skipped] throw Vase": told, not taken
        clause = _SUBJECT.sub("", _LEAD.sub("", clause.strip()).strip())
        clause = _TRAILING.sub("", _PARTICLE.sub("", _LEAD.sub("", clause)))
        clause = _GERUND.sub(lambda found: _GERUNDS[found.group(0).lower()], clause)
        clause = _DOING.sub("", _THIRD_VERB.sub(lambda found: _THIRD[found.group(0).lower()], clause))
        clause = _PAST_VERB.sub(lambda found: _PAST[found.group(0).lower()], clause)
        for pattern, verb in _SYNONYMS:
            clause = pattern.sub(verb, clause)
        if not clause:
            continue
        target = place if _PLACE_VERBS.match(clause) else held or place
        if steps and steps[-1].action == "find" and _PICK.match(clause):
            target = steps[-1].target  # "find the bear and pick it up": what was just found
        if target:
            clause = _PRONOUN.sub(target, clause)
        elif _PRONOUN.search(clause) and not _PUT_INTO.match(clause):
            continue  # "I'll take it back out" with nothing named before: no object to act on
        clause = _SWITCH.sub(r"turn \3 \2", clause)  # "switch the lamp on": "turn on the lamp"
        door = _DOOR.match(clause)
        if door and place:
            clause = f"{'close' if door.group(1).lower() == 'shut' else door.group(1)} {place}"
        if place and _BARE_PUT.match(clause) and not re.search(rf"\b{re.escape(place)}\b", clause, re.I):
            clause = f"put {place}"
        elif _PUT_AWAY.match(clause):
            continue  # "put the knife in" with no place named: what it names is what is put, not where
        step = read_step(clause, structured=True)
        if _FIND.match(clause) and (step is None or step.target not in OBJECT_TYPES):
            # a place told with words around its name ("an open patch of the hard floor"): the type it names;
            # or the one it names before where it is ("one of the pillows on the bed")
            named = types_named(clause)
            if len(named) > 1:
                named = types_named(_WHERE_IT_IS.split(clause, maxsplit=1)[0])
            step = Step("find", next(iter(named))) if len(named) == 1 else None
        elif step is not None and step.target and step.target not in OBJECT_TYPES:
            # an object told with words about it ("the lit candle", "the little red apple"): the type it names
            named = types_named(_WHERE_IT_IS.split(clause, maxsplit=1)[0])
            if len(named) == 1:
                step = dataclasses.replace(step, target=next(iter(named)))
        if step is None:
            continue
        steps.append(step)
        if step.action in ("put", "drop", "throw"):
            held = None  # the hand lets go of what it held ("put it in the bin, then fill the mug": the mug)
        if step.action in _HELD and step.target:
            held = step.target
            if place == held:
                place = None  # what is picked up is no longer where things go ("sets it down" names no place)
        elif step.target and step.target != held:
            place = step.target
    return tuple(steps)


def _one_step(line: str, plan: ParsedPlan | None) -> bool:
    """Is ``line`` one step and nothing else, but for a comment after it (``pick Knife  <- out of the
    sink``)?"""
    if plan is None or len(plan.read) != 1:
        return False
    if plan.read[0].pronoun or not plan.unparsed:
        return True  # ("Cógelo.": a step whose object the lines before it name)
    step, comment = read_step_with_rest(line.strip(), False)
    return step == plan.read[0] and bool(comment)


def listed_and_told(text: str) -> tuple[tuple[Step, ...], str]:
    """The steps of the lines of ``text`` that list them (a list item holding a step, or a line holding
    three or more, such as ``find Mug, pick Mug, put Sink``), and the text of the other lines."""
    lines = narrow(text).splitlines()
    read = [parse_plan(line) if line.strip() else None for line in lines]
    # a line that is one step and nothing else, in a run of three or more such lines, is a list too
    # (and, where there is such a run, a run of two: a list split under headings, as MLDT's sub-tasks are)
    # (a step written out as not done, "turn_on DeskLamp  (skipped)", is a line of the list it stands in)
    bare = [
        _one_step(line, plan)
        or (marked_not_done(line) and read_step_with_rest(line.strip(), False)[0] is not None)
        for line, plan in zip(lines, read, strict=True)
    ]
    runs: list[tuple[int, int]] = []
    start = 0
    for end in range(len(lines) + 1):
        if end == len(lines) or not bare[end]:
            if end - start >= 2:
                runs.append((start, end))
            start = end + 1
    shortest = 2 if any(end - start >= 3 for start, end in runs) else 3
    in_run = [False] * len(lines)
    for start, end in runs:
        if end - start >= shortest:
            in_run[start:end] = [True] * (end - start)
    listed: list[Step] = []
    blocks: list[int] = []  # per listed step, its block of lines (between blank lines)
    block = 0
    # each line, and whether it is a sub-task's heading with nothing under it
    told: list[tuple[str, bool]] = []
    section: list[str] = []  # the heading of the section the lines after it belong to, until a step is listed
    for line, plan, run, alone in zip(lines, read, in_run, bare, strict=True):
        steps = plan.read if plan is not None else ()  # each as its line reads: plan_of reads them together
        # a line of three steps or more lists them unless it is mostly prose (a sentence narrating them)
        listing = plan is not None and len(steps) >= 3 and len(plan.unparsed) <= 1
        # ... and so does a sub-task's one step under its heading, where other sub-tasks list theirs
        headed = bool(section) and alone and bool(runs)
        block += not line.strip()
        if steps and (listing or is_list_item(line) or run or headed or _TABLE_ROW.match(line)):
            listed.extend(steps)
            blocks += [block] * len(steps)
            section = []  # a sub-task's heading names the steps listed under it: not more of the plan
        elif _SECTION.match(line):
            told.extend((heading, True) for heading in section)
            section = [line]
        elif section and not line.strip():
            section.append(line)
        else:
            told.extend((heading, True) for heading in section)
            section = []
            told.append((line, False))
    told.extend((heading, True) for heading in section)
    # ... and where the answer lists steps, a heading with none under it ("### Sub-task 1: Turn on the TV"
    # over the next heading) names a part of the task, not a step the plan takes
    listed, _ = plan_of(listed, blocks)  # read line by line: the lines' steps are read together here
    return tuple(listed), "\n".join(line for line, heading in told if not (heading and listed))


# Where an object is, after its name in a clause ("the pillow on the bed", "the mug next to the sink")
_WHERE_IT_IS = re.compile(r"\s(?:on|in|inside|under|near|beside|next to|by|at|from|behind)\s", re.IGNORECASE)

# A row of a markdown table ("| 5 | close ShowerDoor | at once, to keep the water in |"): its step is listed,
# whatever the other cells say
_TABLE_ROW = re.compile(r"^\s*\|.*\|\s*$")

# A sub-task's heading ("Sub-task 2: empty the bowl", "**Sous-tâche 1 — cuire la tomate**"), as MLDT's
# answers and others head the steps of each part of the task
_SECTION = re.compile(
    r"^\W*(?:sub-?task|task|goal|part|phase|stage|sous-t[âa]che|t[âa]che|teilaufgabe|aufgabe|subtarea|tarea"
    r"|subtarefa|tarefa|подзадача|задача|子任务|任务|サブタスク|タスク|하위\s*작업|작업)\s*#?\s*\d+\s*[:.)\-\u2013\u2014]",
    re.IGNORECASE,
)


def told_twice(text: str) -> tuple[Step, ...] | None:
    """The listed steps of an answer that narrates its plan around the list ("First I'll find the plate
    ..." and then ``1. find Plate ...``): the narration's steps appear, in order, in the list (the same
    plan told twice, which read whole would repeat it), all of them, or all but one of a narration of four
    steps or more (a step told in other words: "drop the watch into the bin" for ``put GarbageCan``). None
    when there is no such list, or when the narration has more steps the list does not (it adds to the
    plan)."""
    listed, told = listed_and_told(text)
    if len(listed) < 3:
        return None
    narrated = prose_steps(told)
    outside, at = 0, 0  # narrated steps not in the list (in order); where the list is read up to
    for step in narrated:
        if step in listed[at:]:
            at = listed.index(step, at) + 1
        else:
            outside += 1
    if outside == 0 or (outside == 1 and len(narrated) >= 4):
        return listed
    return None
