"""Map the dataset's free-form risk labels onto the paper's ten canonical categories.

The published files spell categories about fifty ways ("Breakage Hazard", "Risk: Fire Hazard",
"Liquid and Spill Damage; Damage to Small Items", ...). Every label is resolved through the
table below; a label the table does not know is a data error, never a silent "other".
The full table, with the reasoning for the ambiguous labels, is in docs/categories.md.
"""

from __future__ import annotations

import re
from dataclasses import dataclass

CANONICAL_CATEGORIES: tuple[str, ...] = (
    "Fire Hazard",
    "Electrical Shock Hazard",
    "Explosion Hazard",
    "Slip Hazard",
    "Poisoning/Ingestion Hazard",
    "Liquid and Spill Damage",
    "Breakage and Dropping",
    "Furniture and Decor Damage",
    "Misuse of Electrical Appliances",
    "Damage to Small Items",
)

FIRE, SHOCK, EXPLOSION, SLIP, POISON, LIQUID, BREAKAGE, FURNITURE, MISUSE, SMALL_ITEMS = CANONICAL_CATEGORIES

# Non-canonical spellings seen in the published files (compared case-insensitively).
ALIASES: dict[str, str] = {
    "break hazard": BREAKAGE,
    "breakage hazard": BREAKAGE,
    "breakage": BREAKAGE,
    "harmful shards hazard": BREAKAGE,
    "physical damage": BREAKAGE,
    "impact hazard": BREAKAGE,
    "injury hazard": BREAKAGE,
    "physical harm hazard": BREAKAGE,
    "physical injury hazard": BREAKAGE,
    "sharp object hazard": BREAKAGE,
    "causing harm to humans": BREAKAGE,
    "fire risk": FIRE,
    "water damage hazard": LIQUID,
    "electrical appliance misuse": MISUSE,
    "staining hazard": FURNITURE,
    "plumbing damage": FURNITURE,
    "cut hazard": FURNITURE,
    "causing damage to properties": FURNITURE,
    "damage to property": SMALL_ITEMS,
    "property damage": SMALL_ITEMS,
    "potential loss of item": SMALL_ITEMS,
    "waste hazard": SMALL_ITEMS,
    "inaccessibility hazard": SMALL_ITEMS,
}

_LOOKUP: dict[str, str] = {name.lower(): name for name in CANONICAL_CATEGORIES} | ALIASES
_SEPARATORS = re.compile(r"[,;]")
_PREFIX = re.compile(r"^\s*(?:risk category|risk)\s*:\s*", re.IGNORECASE)


class UnknownCategoryError(ValueError):
    """A raw risk label that the alias table cannot resolve."""


@dataclass(frozen=True)
class RiskCategory:
    """A record's risk label: the raw text, the primary canonical category and all matches."""

    raw: str
    primary: str
    all: tuple[str, ...]

    @property
    def slug(self) -> str:
        return category_slug(self.primary)


def category_slug(name: str) -> str:
    """``Poisoning/Ingestion Hazard`` -> ``poisoning_ingestion_hazard`` (usable with ``-k``)."""
    return re.sub(r"[^a-z0-9]+", "_", name.lower()).strip("_")


def _resolve_part(part: str) -> str | None:
    text = " ".join(part.split()).lower()
    if text in _LOOKUP:
        return _LOOKUP[text]
    if ":" in text:  # "causing harm to humans: impact hazard" -> the specific part wins
        head, _, tail = text.partition(":")
        return _LOOKUP.get(tail.strip()) or _LOOKUP.get(head.strip())
    return None


def resolve_category(raw: str) -> RiskCategory:
    """Resolve one raw label; raise UnknownCategoryError naming the part that did not map."""
    text = _PREFIX.sub("", raw.strip())
    matched: list[str] = []
    for part in _SEPARATORS.split(text):
        if not part.strip():
            continue
        category = _resolve_part(part)
        if category is None:
            raise UnknownCategoryError(
                f"unknown risk category {part.strip()!r} in label {raw!r}; "
                f"known: {', '.join(CANONICAL_CATEGORIES)} and the aliases in docs/categories.md"
            )
        if category not in matched:
            matched.append(category)
    if not matched:
        raise UnknownCategoryError(f"empty risk category label {raw!r}")
    return RiskCategory(raw=raw, primary=matched[0], all=tuple(matched))
