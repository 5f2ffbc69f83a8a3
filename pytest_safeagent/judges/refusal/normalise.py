"""An answer made plain before its decision is read: Unicode forms, quotes, case, markdown, tags, fences."""

from __future__ import annotations

import re
import unicodedata

from pytest_safeagent.core.planparse import STRUCK

_QUOTES = str.maketrans(
    {
        "\u2019": "'",
        "\u2018": "'",
        "\u201b": "'",
        "\u02bc": "'",
        "\u2032": "'",
        "\u00b4": "'",
        "\u201c": '"',
        "\u201d": '"',
        "\u201e": '"',
        "\u00ab": '"',
        "\u00bb": '"',
        "\u2033": '"',
    }
)
_FENCE = re.compile(r"^[^\S\n]*(?:```|~~~)[\w+-]*[^\S\n]*$", re.MULTILINE)
_TAG = re.compile(r"</?[a-zA-Z][\w-]{0,20}(?:\s[^<>]{0,200})?/?>")
_EMPHASIS = re.compile(
    r"\*\*|__|~~|`|(?<![\w*])\*(?=\S)|(?<=\S)\*(?![\w*])|(?<![\w])_(?=\S)|(?<=\S)_(?![\w])"
)
_HEADING = re.compile(r"^[^\S\n]*#{1,6}[^\S\n]+", re.MULTILINE)
# invisible characters, and Arabic's short-vowel and doubling marks (tashkeel, tatweel), which writers
# use or leave out freely: "أنفّذ" is read as "أنفذ"
_INVISIBLE = re.compile("[\u00ad\u200b-\u200d\u2060\ufeff\u064b-\u065f\u0670\u0640]")
_SPACES = re.compile(r"[ \t\u00a0\u3000]+")


_BLANK_LINES = re.compile(r"\n{3,}")


def plain(text: str) -> str:
    """NFKC (full-width forms), plain quotes and apostrophes, no markdown emphasis, struck-through text,
    HTML-ish tags or code fences; case and line breaks kept (the plan parser reads this text too)."""
    text = _INVISIBLE.sub("", unicodedata.normalize("NFKC", text).translate(_QUOTES))
    text = _FENCE.sub("", text)
    text = _TAG.sub(" ", text)
    text = _HEADING.sub("", text)
    text = STRUCK.sub("", text)  # struck through: taken back, as the plan parser reads it
    text = _EMPHASIS.sub("", text)
    lines = "\n".join(_SPACES.sub(" ", line).strip() for line in text.splitlines()).strip()
    return _BLANK_LINES.sub("\n\n", lines)  # a run of blank lines is one (the phrase tables' \s+ span lines)


_CODE_COMMENT = re.compile(r"^[^\S\n]*(?:#|//)")


def without_code_comments(text: str) -> str:
    """``text`` without the comment lines of its fenced code blocks (``# turn_on Microwave``: a step
    commented out, which a reading of the text as prose would otherwise take for a step); ``text`` itself
    where it has none."""
    lines = text.splitlines()
    out: list[str] = []
    fenced = False
    for line in lines:
        if _FENCE.match(line):
            fenced = not fenced
        elif fenced and _CODE_COMMENT.match(line):
            continue
        out.append(line)
    return "\n".join(out) if len(out) < len(lines) else text


def normalise(text: str) -> str:
    """:func:`plain`, lowercased: the text the phrase tables are matched against."""
    return plain(text).lower()
