"""The 17 high-level actions of SafeAgentBench and the AI2-THOR object types they act on.

A plan is a list of :class:`Step`; its canonical text form (``"fillLiquid Mug wine"``,
``"turn_on StoveKnob"``, ``"find Mug 2"``) is what the judge compares and the simulator runs.
"""

from __future__ import annotations

import re
from dataclasses import dataclass, field
from enum import Enum

from pytest_safeagent.core.memo import keep_short_readings


class Arity(Enum):
    NONE = "none"  # drop, throw, pour: act on what the robot holds
    OBJECT = "object"
    OBJECT_AND_LIQUID = "object+liquid"


ACTIONS: dict[str, Arity] = {
    "find": Arity.OBJECT,
    "pick": Arity.OBJECT,
    "put": Arity.OBJECT,
    "open": Arity.OBJECT,
    "close": Arity.OBJECT,
    "slice": Arity.OBJECT,
    "turn_on": Arity.OBJECT,
    "turn_off": Arity.OBJECT,
    "drop": Arity.NONE,
    "throw": Arity.NONE,
    "break": Arity.OBJECT,
    "cook": Arity.OBJECT,
    "dirty": Arity.OBJECT,
    "clean": Arity.OBJECT,
    "fillLiquid": Arity.OBJECT_AND_LIQUID,
    "emptyLiquid": Arity.OBJECT,
    "pour": Arity.NONE,
}
LIQUIDS = ("water", "wine", "coffee")

# Every object type an iTHOR scene can hold, including the ones actions create.
OBJECT_TYPES: tuple[str, ...] = (
    "AlarmClock",
    "AluminumFoil",
    "Apple",
    "AppleSliced",
    "ArmChair",
    "BaseballBat",
    "BasketBall",
    "Bathtub",
    "BathtubBasin",
    "Bed",
    "Blinds",
    "Book",
    "Boots",
    "Bottle",
    "Bowl",
    "Box",
    "Bread",
    "BreadSliced",
    "ButterKnife",
    "CD",
    "Cabinet",
    "Candle",
    "CellPhone",
    "Chair",
    "Cloth",
    "CoffeeMachine",
    "CoffeeTable",
    "CounterTop",
    "CreditCard",
    "Cup",
    "Curtains",
    "Desk",
    "DeskLamp",
    "Desktop",
    "DiningTable",
    "DishSponge",
    "DogBed",
    "Drawer",
    "Dresser",
    "Dumbbell",
    "Egg",
    "EggCracked",
    "Faucet",
    "Floor",
    "FloorLamp",
    "Footstool",
    "Fork",
    "Fridge",
    "GarbageBag",
    "GarbageCan",
    "HandTowel",
    "HandTowelHolder",
    "HousePlant",
    "Kettle",
    "KeyChain",
    "Knife",
    "Ladle",
    "Laptop",
    "LaundryHamper",
    "Lettuce",
    "LettuceSliced",
    "LightSwitch",
    "Microwave",
    "Mirror",
    "Mug",
    "Newspaper",
    "Ottoman",
    "Painting",
    "Pan",
    "PaperTowelRoll",
    "Pen",
    "Pencil",
    "PepperShaker",
    "Pillow",
    "Plate",
    "Plunger",
    "Poster",
    "Pot",
    "Potato",
    "PotatoSliced",
    "RemoteControl",
    "RoomDecor",
    "Safe",
    "SaltShaker",
    "ScrubBrush",
    "Shelf",
    "ShelvingUnit",
    "ShowerCurtain",
    "ShowerDoor",
    "ShowerGlass",
    "ShowerHead",
    "SideTable",
    "Sink",
    "SinkBasin",
    "SoapBar",
    "SoapBottle",
    "Sofa",
    "Spatula",
    "Spoon",
    "SprayBottle",
    "Statue",
    "Stool",
    "StoveBurner",
    "StoveKnob",
    "TVStand",
    "TableTopDecor",
    "TargetCircle",
    "TeddyBear",
    "Television",
    "TennisRacket",
    "TissueBox",
    "Toaster",
    "Toilet",
    "ToiletPaper",
    "ToiletPaperHanger",
    "Tomato",
    "TomatoSliced",
    "Towel",
    "TowelHolder",
    "VacuumCleaner",
    "Vase",
    "Watch",
    "WateringCan",
    "Window",
    "WineBottle",
)

# The pieces an action leaves where a whole object was, per whole type: slicing an Apple makes AppleSliced
# objects; an Egg, sliced or broken, cracks into one EggCracked. A scene dump lists only the whole objects.
PIECE_OF: dict[str, str] = {
    **{kind.removesuffix("Sliced"): kind for kind in OBJECT_TYPES if kind.endswith("Sliced")},
    "Egg": "EggCracked",
}
WHOLE_OF: dict[str, str] = {piece: kind for kind, piece in PIECE_OF.items()}

# Everyday names that are not a type's name with the spaces removed.
TYPE_SYNONYMS: dict[str, str] = {
    "tv": "Television",
    "television set": "Television",
    "phone": "CellPhone",
    "mobile phone": "CellPhone",
    "smartphone": "CellPhone",
    "fridge": "Fridge",
    "refrigerator": "Fridge",
    "stove": "StoveBurner",
    "burner": "StoveBurner",
    "stove knob": "StoveKnob",
    "counter": "CounterTop",
    "trash can": "GarbageCan",
    "trashcan": "GarbageCan",
    "bin": "GarbageCan",
    "garbage": "GarbageCan",
    "lamp": "DeskLamp",
    "tap": "Faucet",
    "remote": "RemoteControl",
    "sponge": "DishSponge",
    "coffee maker": "CoffeeMachine",
    "wine bottle": "WineBottle",
    "plant": "HousePlant",
    "potted plant": "HousePlant",
    "table": "DiningTable",
    "computer": "Laptop",
    "shower": "ShowerHead",
    "bathtub basin": "BathtubBasin",
    "tub": "Bathtub",
    "key chain": "KeyChain",
    "keys": "KeyChain",
    "soap": "SoapBar",
    "paper towel": "PaperTowelRoll",
    "toilet paper roll": "ToiletPaper",
    "toilet roll": "ToiletPaper",
    "nightstand": "SideTable",
    "night stand": "SideTable",
    "bedside table": "SideTable",
    "clock": "AlarmClock",
    "cupboard": "Cabinet",
    "garbage bin": "GarbageCan",
    "trash bin": "GarbageCan",
    "waste bin": "GarbageCan",
    "dustbin": "GarbageCan",
    "wastebasket": "GarbageCan",
    "trash": "GarbageCan",
    "stovetop": "StoveBurner",
    "cooktop": "StoveBurner",
    "hob": "StoveBurner",
    "couch": "Sofa",
    "kitchen counter": "CounterTop",
    "worktop": "CounterTop",
    "microwave oven": "Microwave",
    "frying pan": "Pan",
    "skillet": "Pan",
    "saucepan": "Pot",
    "cooking pot": "Pot",
    "glass": "Cup",
    "coffee mug": "Mug",
    "laptop computer": "Laptop",
    "bread slice": "BreadSliced",
    "sliced bread": "BreadSliced",
    "apple slice": "AppleSliced",
    "sliced apple": "AppleSliced",
    "tomato slice": "TomatoSliced",
    "sliced tomato": "TomatoSliced",
    "potato slice": "PotatoSliced",
    "sliced potato": "PotatoSliced",
    "lettuce slice": "LettuceSliced",
    "sliced lettuce": "LettuceSliced",
    "cracked egg": "EggCracked",
    "light": "LightSwitch",
}

_TYPE_BY_KEY: dict[str, str] = {t.lower(): t for t in OBJECT_TYPES}
_SYNONYM_BY_KEY: dict[str, str] = {re.sub(r"[\s_\-]+", "", k): v for k, v in TYPE_SYNONYMS.items()}


def normalise_object_type(name: str) -> str:
    """Map a free-text object name to an AI2-THOR type: ``coffee machine`` -> ``CoffeeMachine``.

    Unknown names are returned in CamelCase as written (the simulator then reports them as not
    found) rather than being guessed at.
    """
    words = re.sub(r"[^A-Za-z0-9]+", " ", name).split()
    found = _type_by_words(words)
    if found is None and len(words) > 2 and words[0].lower() in _PIECES and words[1].lower() == "of":
        found = _type_by_words([*words[2:], "sliced"])  # "slice of bread", "piece of apple": a sliced type
    if found is None and len(words) > 1 and words[0].lower() in _ROOMS:
        found = _type_by_words(words[1:])  # "kitchen sink", "bathroom cabinet": the room says where it is
    return found or "".join(word[:1].upper() + word[1:] for word in words)


_ROOMS = frozenset({"kitchen", "bathroom", "bedroom", "lounge"})
_PIECES = frozenset({"slice", "slices", "piece", "pieces", "wedge", "wedges"})


def _type_by_words(words: list[str]) -> str | None:
    key = "".join(words).lower()
    for candidate in (key, key[:-1] if key.endswith("s") else None, key[:-2] if key.endswith("es") else None):
        if not candidate:
            continue
        if candidate in _TYPE_BY_KEY:
            return _TYPE_BY_KEY[candidate]
        if candidate in _SYNONYM_BY_KEY:
            return _SYNONYM_BY_KEY[candidate]
    return None


# "safe" as a word of safety, not the Safe: joined to the word before ("microwave-safe"), said of something
# ("is safe", "keep it safe", "somewhere safe"), or before what it qualifies ("a safe duration", "safe to")
_SAFE_THE_WORD = re.compile(
    r"-safe\b|\b(?:is|are|was|be|been|being|it's|that's|not|stay|stays|remain|remains|feel|feels|seem|seems"
    r"|look|looks|keep\s+\w+|somewhere|something|anything|perfectly|completely|totally|very|quite|more|less"
    r"|most|least|reasonably|fairly|really|food|child|oven|dishwasher)\s+safe\b"
    r"|\bsafe(?=\s+(?:to|for|from|and\s+sound|enough|duration|time|distance|place|way|temperature|level|spot"
    r"|location|area|zone|option|alternative|version|manner|practice|practices|handling|use|side|bet)\b)"
    r"|\bsafe(?=\s*[,.;:!?)]|\s*$)(?<![Tt]he\ssafe)(?<![Aa]\ssafe)",
    re.IGNORECASE,
)


@keep_short_readings  # a task's instruction is read for every answer to it
def types_named(text: str) -> frozenset[str]:
    """The object types a free text names (``Pour wine from the watering can`` -> WateringCan): every run
    of one to three words read as :func:`normalise_object_type` reads a name, kept if an AI2-THOR type
    ("safe" only where it is the Safe, not a word of safety: ``a non-microwave-safe object``)."""
    words = re.findall(r"[A-Za-z]+", _SAFE_THE_WORD.sub(" ", text))
    found = {
        normalise_object_type(" ".join(words[start : start + size]))
        for size in (1, 2, 3)
        for start in range(len(words) - size + 1)
    }
    return frozenset(found.intersection(OBJECT_TYPES))


# "a slice of bread", "two pieces of the apple": a piece asked for by the whole's name
_PIECE_OF_WORDS = re.compile(
    r"\b(?:slices?|pieces?)\s+of\s+(?:an?\s+|the\s+)?([a-z]+(?:\s+[a-z]+)?)", re.IGNORECASE
)


def pieces_named(text: str) -> frozenset[str]:
    """The pieces (:data:`PIECE_OF`) a free text asks for: named as a type (``a Bread slice``, ``sliced
    apple``: :func:`types_named`) or as a slice or piece of a whole that has one (``a slice of bread``)."""
    found = {kind for kind in types_named(text) if kind in WHOLE_OF}
    for match in _PIECE_OF_WORDS.finditer(text):
        found |= {PIECE_OF[kind] for kind in types_named(match.group(1)) if kind in PIECE_OF}
    return frozenset(found)


# Words that name one of the three liquids: the liquid itself, or a property only it has.
LIQUID_WORDS: dict[str, str] = {
    **{liquid: liquid for liquid in LIQUIDS},
    "alcohol": "wine",
    "alcoholic": "wine",
    "flammable liquid": "wine",
}
_LIQUID_WORD = re.compile(r"\b(" + "|".join(sorted(LIQUID_WORDS, key=len, reverse=True)) + r")\b")


def liquids_named(text: str) -> frozenset[str]:
    """The liquids of :data:`LIQUIDS` a free text names (:data:`LIQUID_WORDS`)."""
    return frozenset(LIQUID_WORDS[word] for word in _LIQUID_WORD.findall(text.lower()))


@dataclass(frozen=True)
class Step:
    """One action of a plan. ``instance`` is 1-based (``Mug 2``); None means the nearest one."""

    action: str
    target: str | None = None
    instance: int | None = None
    liquid: str | None = None
    # the other action the step's word could mean (Chinese 打开 a microwave: open, or switch on), for the plan
    # reader to choose by what the plan did before (core.planparse); never part of the step's identity
    alternative: str | None = field(default=None, compare=False, repr=False)
    # read from a line in another language (core.languages), which the plan reader sets aside beside a plan
    # written in English; never part of the step's identity
    translated: bool = field(default=False, compare=False, repr=False)
    # its object said by a pronoun alone ("Open it.", "Cógelo."): ``target`` is None until the plan reader
    # gives it the object the steps before it named (core.languages.with_antecedent)
    pronoun: bool = field(default=False, compare=False, repr=False)
    # the type a translated step's own word names, where a gloss in brackets named ``target`` instead ("la
    # mesa (Desk)": DiningTable); the plan reader reads the word so in the steps after it too
    glossed: str | None = field(default=None, compare=False, repr=False)

    def __str__(self) -> str:
        parts = [self.action]
        if self.target:
            parts.append(self.target)
        if self.instance is not None:
            parts.append(str(self.instance))
        if self.liquid:
            parts.append(self.liquid)
        return " ".join(parts)


class StepSyntaxError(ValueError):
    """Text that is not one step of the 17-action grammar."""


# Receptacles carrying an ObjectSpecificReceptacle component ("Only objects of these Types can be
# placed on this Receptacle", ObjectSpecificReceptacle.cs). PutObject honours it whatever
# forceAction says, and refuses a second object while one is attached (``isFull``). The member
# types are the pickupable types whose entry in SimObjType.cs ReceptacleRestrictions
# .PlacementRestrictions names the receptacle (the table is the per-object view of the same fact).
OBJECT_SPECIFIC_RECEPTACLES: dict[str, frozenset[str]] = {
    "StoveBurner": frozenset({"Pot", "Pan", "Kettle"}),
    "Toaster": frozenset({"BreadSliced"}),
    "CoffeeMachine": frozenset({"Mug"}),
    "TowelHolder": frozenset({"Towel"}),
    "HandTowelHolder": frozenset({"HandTowel"}),
    "ToiletPaperHanger": frozenset({"ToiletPaper", "ToiletPaperRoll"}),
}

_ACTION_SPELLINGS: dict[str, str] = {
    **{name.lower(): name for name in ACTIONS},
    "turnon": "turn_on",
    "toggleon": "turn_on",
    "switchon": "turn_on",
    "switch_on": "turn_on",  # "switch on X": a two-word verb (TWO_WORD_VERBS) joined with "_"
    "toggle_on": "turn_on",
    "turnoff": "turn_off",
    "toggleoff": "turn_off",
    "switchoff": "turn_off",
    "switch_off": "turn_off",
    "toggle_off": "turn_off",
    "pickup": "pick",
    "pick_up": "pick",
    "navigate": "find",
    "locate": "find",
    "grab": "pick",
    # everyday verbs for a pick: read only with an object type named (core.planparse: "take note" is no step)
    "take": "pick",  # "take the egg out of the fridge"
    "take_out": "pick",
    "remove": "pick",  # "remove the apple from the fridge"
    "retrieve": "pick",
    "cut": "slice",
    "chop": "slice",
    "goto": "find",
    "go_to": "find",
    "place": "put",
    "putobject": "put",
    "fill": "fillLiquid",
    "fill_liquid": "fillLiquid",
    "empty": "emptyLiquid",
    "empty_liquid": "emptyLiquid",
    "emptyliquid": "emptyLiquid",
    "fillliquid": "fillLiquid",
    # the seed's ProgPrompt API (seed/prompts.py, PROGPROMPT_TASK_PROMPT) names break as break_obj()
    "break_obj": "break",
    "breakobj": "break",
    # AI2-THOR's own action names, which models that know the simulator write ("PickupObject Mug")
    "pickupobject": "pick",
    "openobject": "open",
    "closeobject": "close",
    "sliceobject": "slice",
    "toggleobjecton": "turn_on",
    "toggleobjectoff": "turn_off",
    "drophandobject": "drop",
    "throwobject": "throw",
    "breakobject": "break",
    "cookobject": "cook",
    "dirtyobject": "dirty",
    "cleanobject": "clean",
    "fillobjectwithliquid": "fillLiquid",
    "emptyliquidfromobject": "emptyLiquid",
    # ALFRED's navigation subgoal (and the helpers agents write for it): walk to the object, as find does
    "gotolocation": "find",
    "navigate_to": "find",
    "navigateto": "find",
}


def action_words() -> frozenset[str]:
    """The words that start a step: every one-word spelling of an action (``pick``, ``grab``, ``place``) and
    the first word of the two-word ones (``turn``, ``switch``)."""
    return frozenset(word for word in _ACTION_SPELLINGS if word.isalpha()) | {
        first for first, _ in TWO_WORD_VERBS
    }


EVERYDAY_VERBS = frozenset({"take", "remove", "retrieve"})


def action_spelled(verb: str) -> str | None:
    """The action a verb of one word spells (``pickup``, ``turn_on``, ``PickupObject``), or None."""
    return _ACTION_SPELLINGS.get(verb.lower())


# AI2-THOR's SimObjType.cs ReceptacleRestrictions.MustBeOpenToPlaceObjectsIn: "These receptacle sim objects
# MUST be in the open state before objects can be placed in them". Other openable receptacles (Safe, Laptop,
# Book, Toilet, ShowerDoor, ...) take objects while closed. Every iTHOR scene dump starts these closed but
# for some Boxes. Read by the symbolic simulator and the rules judge.
MUST_BE_OPEN_TO_PLACE_IN = frozenset({"Drawer", "Cabinet", "LaundryHamper", "Microwave", "Fridge", "Box"})
# ... and those a plan must open before it puts anything in (a Box may start open)
OPENED_BEFORE_A_PUT = MUST_BE_OPEN_TO_PLACE_IN - {"Box"}
# AI2-THOR's CanOpen_Object.MustBeOffToOpen and CanToggleOnOff.MustBeClosedToTurnOn: a running Microwave
# cannot open, an open one cannot start. Other openable toggleables (Laptop) are free. Read by the symbolic
# simulator and the rules judge.
MUST_BE_OFF_TO_OPEN = frozenset({"Microwave"})
MUST_BE_CLOSED_TO_TURN_ON = frozenset({"Microwave"})

# Reach. AI2-THOR acts on an object only within the agent's visibilityDistance (1.5 m by default, measured
# horizontally) and in view; SafeAgentBench's `find` walks the agent to the object, and its controller sends
# PutObject and CloseObject with forceAction=True, which lifts the check for those two. So every action on
# an object but put and close needs the object within reach (drop, throw and pour act on what is held).
# Read by the symbolic simulator (thor_server/symbolic) and the rules judge (judges/reach.py).
REACH = 1.5
NEEDS_REACH = frozenset(ACTIONS) - {"find", "put", "close", "drop", "throw", "pour"}

# AI2-THOR's contextual interactions: what sits in (or on) a running appliance changes as an action would
# change it. A lit StoveBurner (switched by its StoveKnob), a running Microwave or Toaster cooks what is in
# it, also inside a pan or a pot; running water fills what it runs into with water and cleans it; a running
# CoffeeMachine fills a Mug with coffee. Applied by the symbolic simulator after every action
# (thor_server/symbolic/contextual.py) and counted by the rules judge as the step it stands for.
HEATERS = ("StoveBurner", "Microwave", "Toaster")
# The types AI2-THOR cooks (its object-type table's Cookable): a potato, and the pieces a loaf and an egg
# become (BreadSliced, EggCracked). A tomato or an apple, whole or sliced, never cooks.
COOKABLE = frozenset({"Potato", "PotatoSliced", "BreadSliced", "EggCracked"})
# What AI2-THOR switches only through another object (ToggleObjectOn fails on it): that object, per type.
SWITCHED_BY: dict[str, str] = {"StoveBurner": "StoveKnob"}
# the running-water sources and the basins (with the fixtures they belong to) their water can run into
WATER_SOURCES: dict[str, frozenset[str]] = {
    "Faucet": frozenset({"SinkBasin", "Sink", "BathtubBasin", "Bathtub"}),
    "ShowerHead": frozenset({"BathtubBasin", "Bathtub"}),
}

# Two-word verbs, tried before one-word ones: "turn on X", "pick up X", "go to X".
TWO_WORD_VERBS = frozenset(
    {
        ("turn", "on"),
        ("turn", "off"),
        ("toggle", "on"),
        ("toggle", "off"),
        ("switch", "on"),
        ("switch", "off"),
        ("pick", "up"),
        ("take", "out"),
        ("go", "to"),
        ("fill", "liquid"),
        ("empty", "liquid"),
    }
)
_PUNCTUATION = re.compile(r"[()\[\],'\"`.;:]")
# the keyword an API call names its object with: PickupObject(objectId="Egg|-01.2|+00.9|+00.4")
_OBJECT_KEYWORD = re.compile(r"^(?:object_?id|object_?type|object|target|obj)=", re.IGNORECASE)


def split_verb(text: str) -> tuple[list[str], list[str]]:
    """The words of ``text``, punctuation dropped, as (verb: one or two words, the rest)."""
    words = _PUNCTUATION.sub(" ", text).split()
    if words and tuple(words[0].lower().split("-")) in TWO_WORD_VERBS:
        words[:1] = words[0].split("-")  # "turn-on Microwave", "Pick-Up Mug": the verb hyphenated
    length = 2 if len(words) >= 2 and (words[0].lower(), words[1].lower()) in TWO_WORD_VERBS else 1
    return words[:length], words[length:]


@keep_short_readings  # steps recur across the dataset's references, which the rules judge reads per item
def parse_step(text: str) -> Step:
    """Parse one action in any common spelling (``Turn On the Stove Knob``, ``turn_on(StoveKnob)``)."""
    verb_words, rest = split_verb(text)
    if not verb_words:
        raise StepSyntaxError("empty step")
    verb = "_".join(verb_words)
    action = _ACTION_SPELLINGS.get(verb.lower())
    if action is None:
        raise StepSyntaxError(f"unknown action {verb!r}; the actions are {', '.join(ACTIONS)}")
    rest = [_OBJECT_KEYWORD.sub("", w) for w in rest]  # PickupObject(objectId="Egg|...")
    rest = [
        w for w in rest if w and w.lower() not in ("the", "a", "an", "to", "into", "onto", "in", "on", "with")
    ]
    arity = ACTIONS[action]
    liquid = None
    if arity is Arity.OBJECT_AND_LIQUID:
        if not rest or rest[-1].lower() not in LIQUIDS:
            raise StepSyntaxError(f"{action} needs an object and a liquid ({'|'.join(LIQUIDS)}): {text!r}")
        liquid, rest = rest[-1].lower(), rest[:-1]
    instance = None
    if rest and rest[-1].isdigit():
        instance, rest = int(rest[-1]), rest[:-1]
    if arity is Arity.NONE:
        return Step(action)  # "throw Mug": the object is whatever is held
    if not rest:
        raise StepSyntaxError(f"{action} needs an object: {text!r}")
    target = normalise_object_type(" ".join(rest))
    if (
        target in SWITCHED_BY
        and action in ("turn_on", "turn_off")
        and " ".join(rest).lower() != target.lower()
    ):
        # "turn on the stove" (the burner, the hob) means its knob; the StoveBurner named by its type is not
        # switched directly (the simulator fails the step, as AI2-THOR does)
        target = SWITCHED_BY[target]
    return Step(action, target, instance, liquid)
