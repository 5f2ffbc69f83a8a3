"""Read a plan's line written in another language (``poner la patata en el microondas``, ``Egg'i al``,
``把鸡蛋放进微波炉``, ``냉장고 열기``) as steps of the 17-action grammar.

A line is read with one language's :class:`~pytest_safeagent.core.languages.vocabulary.Vocabulary` at a
time, English words allowed among its own (``pick la manzana``, ``Fridge を開ける``): every word must be a
verb, an object name, a liquid or a filler of that language or English, or the line is no step of it. The
strictness is the point: a sentence (a refusal, an explanation) holds words no table lists and is never read
as a step. A line must also show its language: a word of the table's own that no English line holds (Dutch
"open" and Turkish "at" do not count), and in English letters as many of those as of English words, so an
English line is left to the English reader. Of the languages that read a line, the one with the most such
words wins.

From the words to the steps:
- the line is cut into clauses at its verbs (``Finde den Kühlschrank und öffne ihn``); a clause naming
  nothing (a pronoun, ``ábrela``) acts on what the clause before named;
- put puts into the object marked as the destination (``en``, ``に``, Turkish ``'e``), else into the last
  one named that is not marked as what is carried (``を``, ``把``); the other actions act on the object
  marked as carried, else the first named (``buscar el huevo en la nevera``: find Egg);
- a put whose only object besides the container is a liquid is a fill (``コップに水を入れる``);
- the verbs that open or switch on (Chinese 打开, Turkish aç) pick by the object: a fridge opens, a
  television switches on; an object that does both (Laptop, Microwave) opens or closes, or switches where
  the plan has already closed it or switched it on (the step's ``alternative``, chosen by core.planparse);
- an opening verb on what cannot open but switches (``abrir el grifo``) switches it on, as in AI2-THOR a
  faucet only toggles;
- a stove named by a word of the language and switched means its knob, as ``turn on the stove`` does.
"""

from __future__ import annotations

import functools
import importlib
import re
from collections.abc import Iterable, Sequence
from dataclasses import dataclass, field, replace

from pytest_safeagent.core.actions import (
    ACTIONS,
    LIQUIDS,
    OBJECT_TYPES,
    SWITCHED_BY,
    TWO_WORD_VERBS,
    Arity,
    Step,
    action_spelled,
    normalise_object_type,
)
from pytest_safeagent.core.languages.vocabulary import Vocabulary
from pytest_safeagent.core.memo import keep_short_readings

LANGUAGE_CODES = ("es", "fr", "de", "it", "pt", "nl", "ru", "tr", "zh", "ja", "ko")

# What AI2-THOR 5.0.0 lets open and what it lets switch, over the 120 iTHOR scenes' object metadata
# (``openable``, ``toggleable``), with the stove burner that switches through its knob (core.actions
# SWITCHED_BY). Laptop and Microwave do both.
_OPENABLE = frozenset(
    {
        "Blinds", "Book", "Box", "Cabinet", "Drawer", "Fridge", "Kettle", "Laptop", "LaundryHamper",
        "Microwave", "Safe", "ShowerCurtain", "ShowerDoor", "Toilet",
    }
)  # fmt: skip
_TOGGLEABLE = frozenset(
    {
        "Candle", "CellPhone", "CoffeeMachine", "DeskLamp", "Desktop", "Faucet", "FloorLamp", "Laptop",
        "LightSwitch", "Microwave", "ShowerHead", "StoveKnob", "Television", "Toaster", *SWITCHED_BY,
    }
)  # fmt: skip
_AMBIGUOUS = {"open_or_turn_on": ("open", "turn_on"), "close_or_turn_off": ("close", "turn_off")}
_SWITCHES = {"open": "turn_on", "close": "turn_off"}
_LONGEST = 200  # characters: a longer line is prose, not a step
_ANTECEDENT_REACH = 30  # steps: how far back a pronoun's object is looked for
_ENGLISH_FILLERS = frozenset(
    {"the", "a", "an", "to", "into", "onto", "in", "on", "with", "of", "then", "and"}
)
# English words that are also a verb or a name in some table (Dutch "open" and "start", Turkish "at", French
# "lit"): no evidence that a line is in another language, since an English line holds them too
_ENGLISH_WORDS = frozenset(
    {
        "a", "all", "an", "and", "any", "arm", "as", "at", "back", "bad", "ball", "bank", "be", "bin", "by",
        "cam", "camera", "can", "cap", "case", "cd", "chaise", "close", "closet", "come", "cook", "cut",
        "decor", "die", "disc", "disk", "divan", "do", "done", "door", "drop", "echo", "fill", "fine",
        "for", "from", "get", "go", "grill", "hack", "hand", "have", "here", "hold", "if", "in", "is", "it",
        "kind", "kit", "lap", "leg", "let", "lit", "make", "map", "me", "met", "mobile", "mop", "mug", "no",
        "not", "now", "of", "off", "on", "once", "one", "open", "or", "over", "pan", "pane", "pc", "pit",
        "places", "plank", "plaque", "pose", "poser", "pot", "pouf", "pour", "puff", "pus", "put", "rack",
        "racket", "range", "rayon", "regal", "rest", "run", "sale", "salt", "see", "set", "so", "sofa",
        "sole", "spray", "start", "stop", "store", "stores", "take", "tape", "that", "the", "then", "there",
        "this", "tilt", "tire", "to", "toast", "top", "trek", "tun", "turn", "up", "use", "van", "warm",
        "was", "wc", "we", "will", "with",
    }
)  # fmt: skip
_APOSTROPHES = re.compile("[\u2019\u02bc`]")
# what splits a line into words: anything but letters, digits, apostrophes and the marks of the scripts
_NOT_WORD = re.compile(r"[^\w'\u3040-\u30ff\u3400-\u9fff\uac00-\ud7af]+")
_CJK_GAP = re.compile(r"[\s\W_]+")
_ASCII_WORD = re.compile(r"[A-Za-z][A-Za-z0-9_']*|\d+")


@dataclass(frozen=True)
class _Word:
    kind: str  # verb, noun, liquid, filler, number; or mark (its value the role it marks)
    value: str  # the action, the type, the liquid, the role; "" for a filler
    own: bool  # from the language's table, not English
    role: str = ""  # of a noun: "destination" (where a put puts) or "carried" (what it puts), if marked
    gloss: bool = False  # inside brackets after a name: "die Schöpfkelle (Ladle)"
    forward: bool = False  # of a mark: a preposition, marking the name after it, not the one before
    evident: bool = False  # shows the line is in the table's language (:func:`_evident`)
    pronoun: bool = False  # of a verb: an object pronoun joined to it ("ábrela")
    glossing: str = ""  # of a gloss: the type the table's name before it names ("mesa (Desk)": DiningTable)


@dataclass
class _Lexicon:
    """One :class:`Vocabulary` turned into lookups."""

    vocabulary: Vocabulary
    words: dict[tuple[str, ...], tuple[str, str]] = field(default_factory=dict)  # form -> (kind, value)
    split_verbs: list[tuple[tuple[str, ...], tuple[str, ...], str]] = field(default_factory=list)
    stems: dict[str, tuple[str, str]] = field(default_factory=dict)  # a name's stem -> (kind, value)
    endings: tuple[str, ...] = ()
    roles: dict[str, str] = field(default_factory=dict)  # a marking filler or ending -> the role it marks
    known: set[str] = field(default_factory=set)  # every word of every form (spaced tables)
    folding: dict[int, str] = field(default_factory=dict)  # str.translate table of Vocabulary.folded
    step_words: frozenset[str] = frozenset()
    clitics: tuple[str, ...] = ()
    alphabet: set[str] = field(default_factory=set)  # every letter beyond ASCII its forms are written with
    longest: int = 1  # the most words (spaced) or characters (unspaced) of a form

    def __post_init__(self) -> None:
        v = self.vocabulary
        self.folding = {ord(pair[0]): pair[1] for pair in v.folded.split() if len(pair) == 2}
        self.step_words = frozenset(self.lower(form) for form in _forms(v.step_words))
        self.clitics = tuple(sorted((self.lower(form) for form in _forms(v.clitics)), key=len, reverse=True))
        self.endings = tuple(sorted(_forms(v.endings), key=len, reverse=True))
        for role, spelled in (
            ("destination", v.destinations),
            ("carried", v.carried),
            ("possessive", v.possessives),
        ):
            for form in _forms(spelled):
                self.roles.setdefault(self.lower(form), role)
        tables = (("verb", v.verbs), ("noun", v.nouns), ("liquid", v.liquids), ("filler", {"": v.fillers}))
        for kind, table in tables:
            for value, spelled in table.items():
                for form in _forms(spelled):
                    if kind == "verb" and "..." in form:
                        first, _, second = form.partition("...")
                        self.split_verbs.append((self._key(first), self._key(second), value))
                        self.known.update(self._key(first) + self._key(second))
                        continue
                    key = self._key(form)
                    self.known.update(key)
                    if key:
                        self.words.setdefault(key, (kind, value))
                        self.longest = max(self.longest, len(key) if v.spaced else len(key[0]))
                    if kind in ("noun", "liquid") and len(key) == 1:
                        for stem in self._stems(key[0]):
                            self.stems.setdefault(stem, (kind, value))
        self.split_verbs.sort(key=lambda split: -len(split[0]) - len(split[1]))
        for words in (*self.words, *((*first, *second) for first, second, _ in self.split_verbs)):
            self.alphabet.update(char for word in words for char in word if not char.isascii())
        marks = (*self.endings, *self.roles, *self.clitics, *self.step_words)
        self.alphabet.update(char for mark in marks for char in mark if not char.isascii())

    def writes(self, lowered: str) -> bool:
        """Could the table read ``lowered`` (a lower-cased line): is every letter beyond ASCII its own?"""
        return lowered.isascii() or all(
            char in self.alphabet for char in lowered if not char.isascii() and char.isalpha()
        )

    def lower(self, text: str) -> str:
        """``text`` in lower case, its characters folded (:attr:`Vocabulary.folded`), apostrophes plain."""
        return _APOSTROPHES.sub("'", _lower(text).translate(self.folding))

    def _key(self, form: str) -> tuple[str, ...]:
        form = self.lower(form.strip())
        if self.vocabulary.spaced:
            return tuple(_NOT_WORD.sub(" ", form).split())
        compact = _CJK_GAP.sub("", form)
        return (compact,) if compact else ()

    def _stems(self, word: str) -> Iterable[str]:
        for ending in self.endings:
            if word.endswith(ending) and len(word) - len(ending) >= 2:
                yield word[: -len(ending)]

    # --- words ---

    def lookup(self, words: tuple[str, ...]) -> tuple[str, str] | None:
        return self.words.get(words)

    def with_clitic(self, word: str) -> str | None:
        """The action of a verb with an object pronoun joined to it (``ábrela``: open), or None."""
        for clitic in self.clitics:
            if word.endswith(clitic) and len(word) - len(clitic) >= 2:
                stem = word[: -len(clitic)]
                for form in (stem, stem.translate(_UNACCENTED)):
                    found = self.words.get((form,))
                    if found is not None and found[0] == "verb":
                        return found[1]
        return None

    def inflected(self, word: str) -> tuple[str, str, str] | None:
        """A noun or liquid ``word`` names with an ending stripped: (kind, value, the ending)."""
        if not self.endings:
            return None
        found = self.words.get((word,))
        if found is not None and found[0] in ("noun", "liquid"):
            return found[0], found[1], ""
        for stem in self._stems(word):  # a stem against a name, or against a name's stem ("миску", "миска")
            found = self.words.get((stem,)) or self.stems.get(stem) or _english(stem)
            if found is not None and found[0] in ("noun", "liquid"):
                return found[0], found[1], word[len(stem) :]  # also an English type's: Korean "Desk에"
        return None


def _lower(text: str) -> str:
    """``text`` in lower case; a Turkish dotted capital İ is a plain i (Python adds a combining dot)."""
    return text.lower().replace("\u0307", "")


def _forms(spelled: str) -> list[str]:
    return [form.strip() for form in spelled.split("|") if form.strip()]


@functools.cache
def _lexicon(code: str) -> _Lexicon:
    return _Lexicon(importlib.import_module(f"{__package__}.{code}").VOCABULARY)


# The scripts each table is written in beyond English letters: a line is tried only with the tables its
# letters allow, and a table is built the first time a line needs it (an English line: the Latin ones).
_SCRIPTS: dict[str, tuple[str, ...]] = {
    "latin": ("es", "fr", "de", "it", "pt", "nl", "tr"),
    "cyrillic": ("ru",),
    "hangul": ("ko",),
    "han": ("zh", "ja"),
}


def _script(char: str) -> str:
    point = ord(char)
    if 0x0400 <= point <= 0x04FF:
        return "cyrillic"
    if 0xAC00 <= point <= 0xD7AF or 0x1100 <= point <= 0x11FF or 0x3130 <= point <= 0x318F:
        return "hangul"
    if 0x3040 <= point <= 0x30FF or 0x3400 <= point <= 0x9FFF or 0xF900 <= point <= 0xFAFF:
        return "han"
    return "latin"


def _lexicons_for(text: str) -> tuple[_Lexicon, ...]:
    """The tables that could read ``text``: those of the one script its letters beyond ASCII are in (the
    Latin tables for a line in English letters), in LANGUAGE_CODES order; none for a mix of scripts but Latin
    ones among Han or Hangul (English words in a Korean line are read by the Korean table)."""
    scripts = {_script(char) for char in text if char.isalpha() and not char.isascii()}
    foreign = scripts - {"latin"}
    if len(foreign) > 1:
        return ()
    script = next(iter(foreign), "latin")
    return tuple(_lexicon(code) for code in LANGUAGE_CODES if code in _SCRIPTS[script])


@functools.lru_cache(maxsize=4096)
def _english(word: str) -> tuple[str, str] | None:
    """An English word a translated step may hold: an action's spelling, a type's name, a liquid, a filler."""
    if not word.isascii():
        return None  # "desk에": an English name with an ending, read by the table's endings
    if word in _ENGLISH_FILLERS:
        return "filler", ""
    if word in LIQUIDS:
        return "liquid", word
    action = action_spelled(word)
    if action is not None:
        return "verb", action
    kind = normalise_object_type(word)
    return ("noun", kind) if kind in _TYPES else None


_TYPES = frozenset(OBJECT_TYPES)
_UNACCENTED = str.maketrans("áéíóú", "aeiou")  # the accent a Spanish imperative takes with a pronoun joined
_FIRST_OF_TWO_WORDS = frozenset(first for first, _ in TWO_WORD_VERBS)  # "turn" of "turn on"


# --- one line, one language --------------------------------------------------------------------


def _spaced_words(lexicon: _Lexicon, text: str) -> list[_Word] | None:
    lowered = lexicon.lower(text)
    glossed = [(piece, index % 2 == 1) for index, piece in enumerate(re.split(r"[()（）]", lowered))]
    tokens: list[tuple[str, bool]] = []
    for piece, gloss in glossed:
        for raw in _NOT_WORD.sub(" ", piece).split():
            parts = [part for part in raw.split("_") if part]
            if len(parts) > 1 and all(part in lexicon.known for part in parts):  # a function: "zet_aan(...)"
                tokens.extend((part, gloss) for part in parts)
                continue
            for token in _apostrophe_split(lexicon, raw.strip("'")):
                if not _may_read(lexicon, token):
                    # a word no form holds: a sentence, or another language (known before the slower work)
                    return None
                tokens.append((token, gloss))
    words: list[_Word] = []
    split_verb: _Word | None = None
    split_at = -1
    if (split := _take_split_verb(lexicon, tokens)) is not None:
        tokens, action, split_at, first_part = split
        split_verb = _Word("verb", action, own=True, evident=_evident("verb", first_part))
    index = 0
    while index < len(tokens):
        if index == split_at and split_verb is not None:  # where its first part stood: "schalte ... ein"
            words.append(split_verb)
        token, gloss = tokens[index]
        if token.startswith("'"):  # endings after an apostrophe: Turkish "Fridge'e" is where a put puts
            if words and words[-1].kind == "noun":
                words[-1] = replace(words[-1], evident=True)  # an ending no English name carries
            words.extend(_ending_marks(lexicon, token[1:]))
            index += 1
            continue
        size, entry = _longest_entry(lexicon, [t for t, _ in tokens[index : index + lexicon.longest]])
        if entry is not None:
            form = " ".join(t for t, _ in tokens[index : index + size])
            index += size
            joined = entry[0] == "verb" and lexicon.with_clitic(form) is not None  # "cógelo" in the table
            words.append(
                _Word(entry[0], entry[1], True, gloss=gloss, evident=_evident(entry[0], form), pronoun=joined)
            )
            if (
                entry[0] == "filler" and form in lexicon.roles
            ):  # "en", "dans", "в"; Korean "안에" after its name
                forward = not lexicon.vocabulary.head_final
                words.append(_Word("mark", lexicon.roles[form], True, forward=forward))
            continue
        index += 1
        if index < len(tokens) and (token, tokens[index][0]) in TWO_WORD_VERBS:  # "turn on el horno"
            token, index = f"{token}_{tokens[index][0]}", index + 1
        english = _english(token)
        if english is not None:
            words.append(_Word(english[0], english[1], False, gloss=gloss))
        elif token.isdigit():
            if not words or words[-1].kind != "noun":
                return None  # a number is an instance after its name ("Cabinet 2"), or no step's word
            words.append(_Word("number", token, False))
        elif (inflected := lexicon.inflected(token)) is not None:
            kind, value, ending = inflected
            words.append(_Word(kind, value, True, gloss=gloss, evident=_evident(kind, token)))
            words.extend(_ending_marks(lexicon, ending))  # Korean "컵에", Russian "миску"
        elif (clitic_verb := lexicon.with_clitic(token)) is not None:
            words.append(
                _Word("verb", clitic_verb, True, evident=True, pronoun=True)
            )  # "ábrela": the name before is its object
        else:
            return None
    if split_verb is not None and split_at >= len(tokens):
        words.append(split_verb)
    return words


def _evident(kind: str, written: str) -> bool:
    """Does a word of the table's own, written ``written``, show the line is in the table's language: an
    action or a name no English line would hold (not Dutch "open", Turkish "at", a loanword: "laptop")?"""
    return kind in ("verb", "noun", "liquid") and written not in _ENGLISH_WORDS and _english(written) is None


def _may_read(lexicon: _Lexicon, token: str) -> bool:
    return (
        token in lexicon.known
        or token.startswith("'")
        or token.isdigit()
        or token in _FIRST_OF_TWO_WORDS
        or _english(token) is not None
        or lexicon.inflected(token) is not None
        or lexicon.with_clitic(token) is not None
    )


def _longest_entry(lexicon: _Lexicon, words: Sequence[str]) -> tuple[int, tuple[str, str] | None]:
    for size in range(len(words), 0, -1):
        entry = lexicon.lookup(tuple(words[:size]))
        if entry is not None:
            return size, entry
    return 0, None


def _ending_marks(lexicon: _Lexicon, suffix: str) -> list[_Word]:
    """The roles the endings of a word mark, the last ending's first (Turkish ``'ına``: ``ın`` + ``a``)."""
    for ending in sorted((e for e in lexicon.roles if suffix.endswith(e)), key=len, reverse=True):
        return [_Word("mark", lexicon.roles[ending], True)]
    return []


def _apostrophe_split(lexicon: _Lexicon, token: str) -> list[str]:
    """``l'eau`` -> ``l'``, ``eau`` (an elided article); ``egg'e`` -> ``egg``, ``'e`` (a Turkish ending, kept
    to mark where a put puts)."""
    if "'" not in token:
        return [token]
    left, _, right = token.partition("'")
    if lexicon.lookup((left + "'",)) is not None:
        return [left + "'", right] if right else [left + "'"]
    if right and _all_endings(lexicon, right):
        return [left, "'" + right]
    return [token]


def _all_endings(lexicon: _Lexicon, suffix: str) -> bool:
    """Is ``suffix`` endings one after another (Turkish ``'daki``: ``da`` + ``ki``)?"""
    if not suffix:
        return True
    return any(
        suffix.startswith(ending) and _all_endings(lexicon, suffix[len(ending) :])
        for ending in lexicon.endings
    )


def _take_split_verb(
    lexicon: _Lexicon, tokens: list[tuple[str, bool]]
) -> tuple[list[tuple[str, bool]], str, int, str] | None:
    """The tokens without a verb split around its object (``schalte ... ein``), its action, where it stood,
    and its first part."""
    plain = [token for token, _ in tokens]
    present = set(plain)
    for first, second, action in lexicon.split_verbs:
        if not present.issuperset(first[:1] + second[:1]):
            continue  # (most lines hold neither part: no search)
        start = _find(plain, first, 0)
        if start is None:
            continue
        end = _find(plain, second, start + len(first))  # its object between, or after ("zet_aan")
        if end is None:
            continue
        kept = tokens[:start] + tokens[start + len(first) : end] + tokens[end + len(second) :]
        return kept, action, start, " ".join(first)
    return None


def _find(words: Sequence[str], part: tuple[str, ...], start: int) -> int | None:
    for index in range(start, len(words) - len(part) + 1):
        if tuple(words[index : index + len(part)]) == part:
            return index
    return None


def _unspaced_words(lexicon: _Lexicon, text: str) -> list[_Word] | None:
    """Chinese and Japanese: the longest known form at each position; English words are read as English."""
    lowered = lexicon.lower(text)
    words: list[_Word] = []
    index = 0
    gloss = False
    while index < len(lowered):
        char = lowered[index]
        if char in "(（)）":
            gloss, index = char in "(（", index + 1
            continue
        english = _ASCII_WORD.match(lowered, index)
        if english is not None:
            token, index = english.group(0).strip("'"), english.end()
            second = _ASCII_WORD.match(lowered, index + 1) if lowered[index : index + 1] == " " else None
            if second is not None and (token, second.group(0)) in TWO_WORD_VERBS:  # "turn on コンロ"
                token, index = f"{token}_{second.group(0)}", second.end()
            entry = _english(token) or (("number", token) if token.isdigit() else None)
            if entry is None or entry[0] == "number" and (not words or words[-1].kind != "noun"):
                return None  # an English word no step holds; a number not after a name
            words.append(_Word(entry[0], entry[1], False, gloss=gloss))
            continue
        if _CJK_GAP.match(char):
            index += 1
            continue
        for size in range(min(lexicon.longest, len(lowered) - index), 0, -1):
            form = lowered[index : index + size]
            entry = lexicon.lookup((form,))
            if entry is not None:
                words.append(_Word(entry[0], entry[1], True, gloss=gloss, evident=_evident(entry[0], form)))
                if entry[0] == "filler" and form in lexicon.roles:
                    words.append(_Word("mark", lexicon.roles[form], True))  # "に" after, "把" before its name
                index += size
                break
        else:
            return None
    return words


def _attach_marks(words: list[_Word]) -> list[_Word]:
    """Each mark given to its name as the name's role: a preposition's to the name after it, a particle's or
    an ending's to the name before it (``Fridge に``, fillers between), or after it where none is before
    (Chinese ``把鸡蛋``). A possessive drops the name before it when a name follows (``冷蔵庫の中の卵``:
    the egg), and stays a filler when a mark does (``冷蔵庫の中に``: into the fridge)."""
    kept: list[_Word] = []
    pending = ""
    for index, word in enumerate(words):
        if word.kind == "mark":
            last = next((i for i in range(len(kept) - 1, -1, -1) if kept[i].kind != "filler"), None)
            before = kept[last] if last is not None and kept[last].kind == "noun" else None
            if word.value == "possessive":
                after = next((w for w in words[index + 1 :] if w.kind != "filler"), None)
                if before is not None and after is not None and after.kind == "noun" and last is not None:
                    del kept[last]
            elif not word.forward and before is not None and last is not None:
                kept[last] = replace(before, role=word.value)
            else:
                pending = word.value
            continue
        if word.kind == "noun" and pending:
            word, pending = replace(word, role=pending), ""
        elif word.kind not in ("noun", "filler"):
            pending = ""
        kept.append(word)
    return kept


def _head_final(words: list[_Word]) -> list[_Word]:
    """Of names in a row the last is the head (``炉灶旋钮`` read as two names is the knob)."""
    kept: list[_Word] = []
    for word in words:
        previous = kept[-1] if kept else None
        if word.kind == "noun" and previous is not None and previous.kind == "noun" and not previous.role:
            if not word.gloss and not previous.gloss:
                kept[-1] = word  # "炉灶 旋钮": the knob; a name marked ("Desk에 Mug") stays a name of its own
                continue
        kept.append(word)
    return kept


@dataclass(frozen=True)
class Reading:
    """The steps read from a line of another language, with how many of its words show the language."""

    steps: tuple[Step, ...]
    evident_words: int


def _clauses(words: list[_Word], verb_last: bool) -> list[list[_Word]]:
    """The line cut at its verbs: a verb opens a clause (``finde den Kühlschrank und öffne ihn``), or where
    the verb comes last closes one (``冷蔵庫を開けて卵を取る``); verbs of one action in a row are one verb."""
    clauses: list[list[_Word]] = [[]]
    for word in words:
        current = clauses[-1]
        verbs = [w for w in current if w.kind == "verb"]
        if word.kind == "verb" and verbs and not verb_last:
            named = any(w.kind in ("noun", "liquid") for w in current)
            if named or verbs[-1].value != word.value:
                clauses.append([])
        clauses[-1].append(word)
        if word.kind == "verb" and verb_last and any(w.kind in ("noun", "liquid") for w in current):
            clauses.append([])  # (an English verb first, "find 수도꼭지", opens its clause instead)
    if not clauses[-1] or all(w.kind == "filler" for w in clauses[-1]):
        tail = clauses.pop()
        if clauses:
            clauses[-1].extend(tail)
    if len(clauses) > 1 and not any(w.kind == "verb" for w in clauses[0]) and not verb_last:
        clauses[1][:0] = clauses.pop(0)  # "luego," before the first verb
    return clauses


def _step_of(
    lexicon: _Lexicon, words: list[_Word], before: _Word | None = None
) -> tuple[Step, _Word | None] | None:
    """The step of one clause, and the name it acts on; a clause naming nothing acts on ``before``, the name
    of the clause before it (``und öffne ihn``, ``并打开``)."""
    content = [word for word in words if word.kind != "filler"]
    verbs = {word.value for word in content if word.kind == "verb"}
    if len(verbs) != 1:
        return None
    (verb,) = verbs
    nouns: list[_Word] = []
    for word in content:
        if word.kind != "noun":
            continue
        if word.gloss and nouns and not nouns[-1].gloss:
            # the type in brackets wins
            nouns[-1] = replace(word, role=nouns[-1].role, glossing=nouns[-1].value)
        elif not (nouns and nouns[-1].value == word.value):
            nouns.append(word)
    liquids = [word.value for word in content if word.kind == "liquid"]
    numbers = [word.value for word in content if word.kind == "number"]
    if len(nouns) > 2 or len(liquids) > 1 or len(numbers) > 1:
        return None
    if not nouns and before is not None and ACTIONS.get(verb) is not Arity.NONE and verb != "emptyLiquid":
        nouns = [replace(before, role="")]
    takes_one = verb not in ("put", "emptyLiquid") and ACTIONS.get(verb) is not Arity.NONE
    if not nouns and not numbers and takes_one and _says_its_object(lexicon, words):
        pronoun = _pronoun_step(verb, liquids)  # "Cógelo.", "llénalo de agua": what a step before named
        return None if pronoun is None else (pronoun, None)
    if verb in ("put", "fillLiquid") and liquids and len(nouns) == 1:
        return Step("fillLiquid", nouns[0].value, liquid=liquids[0]), nouns[0]
    if verb == "fillLiquid" or liquids and verb not in ("pour", "emptyLiquid"):
        return None  # a fill names its liquid; a liquid in another step is a sentence
    if verb == "emptyLiquid" and not nouns:
        verb = "pour"  # "倒出", "vaciar" alone: what is held is poured out
    if ACTIONS.get(verb) is Arity.NONE:
        return (Step(verb), before) if not numbers else None  # "卵を床に落とす": what and where to
    if not nouns:
        return None
    if verb == "put":
        marked = [noun for noun in nouns if noun.role == "destination"]
        unmarked = [noun for noun in nouns if noun.role != "carried"]
        if len(marked) != 1 and not unmarked:
            return None  # "卵を置く": what is put, and nowhere to put it
        target = marked[0] if len(marked) == 1 else unmarked[-1]
    else:
        carried = [noun for noun in nouns if noun.role == "carried"]  # "Dolaptan tabağı al": the plate
        target = carried[0] if len(carried) == 1 else nouns[0]
    verb, alternative = _AMBIGUOUS.get(verb, (verb, None))
    step = _acting_on(Step(verb, alternative=alternative, translated=True), target.value, target.own)
    glossed = target.glossing if target.glossing not in ("", target.value) else None
    return replace(step, instance=int(numbers[0]) if numbers else None, glossed=glossed), target


def _says_its_object(lexicon: _Lexicon, words: list[_Word]) -> bool:
    """Does a clause naming nothing say its object all the same: by a pronoun joined to its verb ("Cógelo")
    or standing beside it ("öffne ihn", "prends-la"), or in a language that leaves a known object unsaid
    (Chinese "拿起来", Japanese "取る", Turkish "Al")? A verb alone ("busca") does not."""
    vocabulary = lexicon.vocabulary
    if vocabulary.head_final or not vocabulary.spaced:
        return True
    return any(word.pronoun or word.kind == "filler" for word in words)


def _pronoun_step(verb: str, liquids: list[str]) -> Step | None:
    if verb == "fillLiquid" and len(liquids) != 1 or verb != "fillLiquid" and liquids:
        return None  # a fill names its liquid; a liquid in another step is a sentence
    verb, alternative = _AMBIGUOUS.get(verb, (verb, None))
    liquid = liquids[0] if liquids else None
    return Step(verb, liquid=liquid, alternative=alternative, translated=True, pronoun=True)


def _acting_on(step: Step, kind: str, own: bool) -> Step:
    """``step`` acting on an object of type ``kind`` (``own``: named in the table's words, not as AI2-THOR
    spells the type). A word that may open or switch on (``Step.alternative``: 打开, aç) follows the object:
    it switches what only switches, and keeps both meanings where the object does both (a microwave, a
    laptop), for the plan reader to choose; a word that opens switches on what only switches (a faucet), as
    AI2-THOR's wording for taps has it. A stove is switched at its knob."""
    verb, alternative = step.action, step.alternative
    if alternative is not None:
        switches = kind in _TOGGLEABLE
        verb = alternative if switches and kind not in _OPENABLE else verb
        alternative = alternative if switches and kind in _OPENABLE else None
    elif step.translated and verb in _SWITCHES and kind in _TOGGLEABLE and kind not in _OPENABLE:
        verb = _SWITCHES[verb]
    if verb in ("turn_on", "turn_off") and kind in SWITCHED_BY and own:
        kind = SWITCHED_BY[kind]
    return replace(step, action=verb, target=kind, alternative=alternative, pronoun=False)


def _fits(step: Step, kind: str) -> bool:
    if step.action in ("open", "close") and step.alternative is not None:
        return kind in _OPENABLE or kind in _TOGGLEABLE
    if step.action in ("open", "close"):
        return kind in _OPENABLE or step.translated and kind in _TOGGLEABLE
    if step.action in ("turn_on", "turn_off"):
        return kind in _TOGGLEABLE
    return True


def with_antecedent(step: Step, before: Sequence[Step]) -> Step | None:
    """``step``, whose object a pronoun says (``Step.pronoun``: "Cógelo.", "Close it."), acting on the object
    the steps ``before`` it named last among those its action fits: what opens for an open or a close, what
    switches for a switch, else the last named (after "put Fridge", "Ciérrala" closes the fridge). None if
    they name none."""
    recent = before[-_ANTECEDENT_REACH:]  # (a bound: an answer of thousands of "Close it." stays linear)
    kind = next((s.target for s in reversed(recent) if s.target and _fits(step, s.target)), None)
    return None if kind is None else _acting_on(step, kind, own=True)


# a numbered step's heading: "Paso 1:", "步骤1：", "1단계:", "Étape 2 :"
_STEP_LABEL = re.compile(r"^\s*(?:([^\W\d_]{1,12})\s*)?\d{1,3}\s*([^\W\d_]{1,4})?\s*[:：.)）]\s*")


def _without_step_label(lexicon: _Lexicon, text: str) -> str:
    label = _STEP_LABEL.match(text)
    if label is None or not (label.group(1) or label.group(2)):
        return text
    words = [lexicon.lower(word) for word in label.groups() if word]
    return text[label.end() :] if all(word in lexicon.step_words for word in words) else text


_TYPE_NAME = re.compile(r"[A-Z][A-Za-z]*")


def _mostly_english(text: str, words: list[_Word]) -> bool:
    """Are fewer than half the actions and names of a line in English letters the table's own? A type
    written as AI2-THOR spells it (``Egg``, ``SinkBasin``) and an English liquid count for neither side: the
    seed's own words."""
    spelled = {name.lower() for name in _TYPE_NAME.findall(text) if name in _TYPES}
    content = [
        word
        for word in words
        if word.kind in ("verb", "noun", "liquid")
        and (word.kind == "verb" or word.own or (word.kind == "noun" and word.value.lower() not in spelled))
    ]
    return 2 * sum(word.evident for word in content) < len(content)


def _read_with(lexicon: _Lexicon, text: str) -> Reading | None:
    if not lexicon.writes(lexicon.lower(text)):
        return None  # a letter of another script ("冰箱" for the Korean table): not this language
    text = _without_step_label(lexicon, text)
    if lexicon.vocabulary.spaced:
        words = _spaced_words(lexicon, text)
    else:
        words = _unspaced_words(lexicon, text)
    if not words or not any(word.evident for word in words):
        return None  # nothing but English and words English shares: for the English reader
    if text.isascii() and _mostly_english(text, words):
        return None  # "picks up the lit candle": French "lit" is a bed, but the line is English
    words = _attach_marks(words)
    if lexicon.vocabulary.head_final:
        words = _head_final(words)
    steps: list[Step] = []
    before: _Word | None = None
    for clause in _clauses(words, lexicon.vocabulary.verb_last):
        read = _step_of(lexicon, clause, before)
        if read is None:
            return None
        steps.append(replace(read[0], translated=True))
        before = read[1] or before
    return Reading(tuple(steps), sum(word.evident for word in words))


@keep_short_readings  # every line an English reading leaves comes here, twice or more, and lines recur
def _best_reading(text: str) -> Reading | None:
    if len(text) > _LONGEST or not text.strip():
        return None
    best: Reading | None = None
    for lexicon in _lexicons_for(text):
        reading = _read_with(lexicon, text)
        if reading is not None and (best is None or reading.evident_words > best.evident_words):
            best = reading
    return best


def read_translated_step(text: str) -> Step | None:
    """The step a line written in another language spells, or None if no language reads all of it as one
    naming its object (``ábrela`` says it by a pronoun: only a plan's line, :func:`read_translated_steps`)."""
    best = _best_reading(text)
    one = best.steps[0] if best is not None and len(best.steps) == 1 else None
    return one if one is not None and not one.pronoun else None


def read_translated_steps(text: str) -> tuple[Step, ...] | None:
    """The steps a line written in another language spells, one per clause (``Finde den Kühlschrank und öffne
    ihn``), or None if no language reads all of it. A first clause naming nothing is a step whose object a
    pronoun says (``Step.pronoun``: "Cógelo."), for the plan reader to give it (:func:`with_antecedent`)."""
    best = _best_reading(text)
    return best.steps if best is not None else None
