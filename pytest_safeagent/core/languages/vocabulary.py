"""The shape of one language's words for plan steps (one module per language beside this one)."""

from __future__ import annotations

from collections.abc import Mapping
from dataclasses import dataclass

# Verbs whose one word means either of two actions, told apart by the object (Chinese 打开 opens a fridge and
# switches on a television): the reader picks the action the object's type can take.
AMBIGUOUS_ACTIONS = ("open_or_turn_on", "close_or_turn_off")


@dataclass(frozen=True)
class Vocabulary:
    """The words a plan written in one language uses for the 17 actions, the object types and the liquids.

    Every table value lists forms separated by ``|``, compared without case. A verb form ``A ... B`` is a verb
    split around its object (German ``schalte ... ein``); a form of several words is read as those words in
    a row."""

    code: str  # ISO 639-1
    name: str
    verbs: Mapping[str, str]  # an action of core.actions.ACTIONS or of AMBIGUOUS_ACTIONS -> its forms
    nouns: Mapping[str, str]  # an AI2-THOR object type -> the names for it
    liquids: Mapping[str, str]  # water, wine, coffee -> their names
    fillers: str  # articles, prepositions, particles, adverbs: words a step may hold that change nothing
    endings: str = ""  # inflection endings a word may carry beyond the forms listed (stripped to look it up)
    # the prepositions before, or the particles or endings after, the object a put puts into (``en``, ``に``,
    # Turkish ``e``); fillers or endings of this table
    destinations: str = ""
    carried: str = (
        ""  # the particle or ending that marks what a step acts on (Japanese を, Korean 를, Chinese 把)
    )
    # object pronouns joined to the end of a verb (Spanish ``ábrela``, Italian ``riempila``): taken off (with
    # the accent the joining added), the verb acts on the name before
    clitics: str = ""
    possessives: str = (
        ""  # a particle after a name that makes it say whose or where (``冷蔵庫の卵``: the egg)
    )
    step_words: str = (
        ""  # the word a numbered step is headed with ("Paso 1:", "1단계:"), taken off with its number
    )
    # two characters at a time, separated by spaces: the first read as the second (Chinese traditional
    # characters as simplified)
    folded: str = ""
    spaced: bool = True  # words are separated by spaces (False for Chinese and Japanese)
    # the head comes last: of names in a row the last is the thing (``炉灶旋钮``), and a mark follows its name
    # (``냉장고 안에``) rather than preceding it (``dans le frigo``)
    head_final: bool = False
    verb_last: bool = False  # a clause ends with its verb (Japanese, Korean, Turkish), not begins with it
