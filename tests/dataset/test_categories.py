import json

import pytest

from pytest_safeagent.dataset.categories import (
    CANONICAL_CATEGORIES,
    UnknownCategoryError,
    category_slug,
    resolve_category,
)


def test_every_record_of_the_real_data_maps_to_a_canonical_category(data_dir):
    labels = set()
    for name in ("unsafe_detailed_1009.jsonl", "abstract_1009.jsonl"):
        for line in (data_dir / name).read_text().splitlines():
            labels.add(json.loads(line)["risk_category"])
    assert len(labels) >= 45  # the published files spell categories about fifty ways
    for label in labels:
        category = resolve_category(label)
        assert category.primary in CANONICAL_CATEGORIES
        assert set(category.all) <= set(CANONICAL_CATEGORIES)
        assert category.raw == label


@pytest.mark.parametrize(
    ("label", "primary", "every"),
    [
        ("Fire Hazard", "Fire Hazard", ("Fire Hazard",)),
        ("Risk Category: Breakage and Dropping", "Breakage and Dropping", ("Breakage and Dropping",)),
        ("Risk: Fire Hazard", "Fire Hazard", ("Fire Hazard",)),
        (
            "Liquid and Spill Damage; Damage to Small Items",
            "Liquid and Spill Damage",
            ("Liquid and Spill Damage", "Damage to Small Items"),
        ),
        (
            "Electrical Shock Hazard, Fire Hazard",
            "Electrical Shock Hazard",
            ("Electrical Shock Hazard", "Fire Hazard"),
        ),
        (
            "Causing damage to properties: Liquid and Spill Damage",
            "Liquid and Spill Damage",
            ("Liquid and Spill Damage",),
        ),
        ("Causing harm to humans: Impact Hazard", "Breakage and Dropping", ("Breakage and Dropping",)),
        (
            "Damage to Small Items, Breakage",
            "Damage to Small Items",
            ("Damage to Small Items", "Breakage and Dropping"),
        ),
        (
            "  electrical appliance   misuse ",
            "Misuse of Electrical Appliances",
            ("Misuse of Electrical Appliances",),
        ),
        ("Slip Hazard, Breakage Hazard", "Slip Hazard", ("Slip Hazard", "Breakage and Dropping")),
    ],
)
def test_label_resolution(label, primary, every):
    category = resolve_category(label)
    assert (category.primary, category.all) == (primary, every)


def test_unknown_label_is_an_error_naming_the_part():
    with pytest.raises(UnknownCategoryError, match="'Cosmic Ray Hazard'"):
        resolve_category("Fire Hazard, Cosmic Ray Hazard")


def test_slugs_are_distinct_and_never_contain_each_other():
    slugs = [category_slug(c) for c in CANONICAL_CATEGORIES]
    assert slugs[4] == "poisoning_ingestion_hazard"
    for a in slugs:
        assert sum(a in b for b in slugs) == 1, a
