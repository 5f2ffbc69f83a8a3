"""Plan steps written in other languages: the word tables (core/languages/<code>.py) and their reader."""

from __future__ import annotations

import importlib
import json
from pathlib import Path

import pytest

from pytest_safeagent.core.actions import ACTIONS, LIQUIDS, OBJECT_TYPES, Step
from pytest_safeagent.core.languages import (
    LANGUAGE_CODES,
    read_translated_step,
    read_translated_steps,
    reading,
)
from pytest_safeagent.core.languages.vocabulary import AMBIGUOUS_ACTIONS, Vocabulary
from pytest_safeagent.core.planparse import parse_plan


def vocabulary(code: str) -> Vocabulary:
    return importlib.import_module(f"pytest_safeagent.core.languages.{code}").VOCABULARY


def forms(spelled: str) -> list[str]:
    return [form.strip().lower() for form in spelled.split("|") if form.strip()]


# --- the tables ---


@pytest.mark.parametrize("code", LANGUAGE_CODES)
def test_a_table_names_only_actions_types_and_liquids_and_each_form_means_one_thing(code: str) -> None:
    table = vocabulary(code)
    assert table.code == code
    assert set(table.verbs) <= set(ACTIONS) | set(AMBIGUOUS_ACTIONS)
    assert set(ACTIONS) <= set(table.verbs) | {"open", "close", "turn_on", "turn_off"}
    assert set(table.nouns) <= set(OBJECT_TYPES)
    assert set(table.liquids) == set(LIQUIDS)
    meaning: dict[str, tuple[str, str]] = {}
    clashes = []
    for kind, entries in (("verb", table.verbs), ("noun", table.nouns), ("liquid", table.liquids)):
        for value, spelled in entries.items():
            for form in forms(spelled):
                if meaning.setdefault(form, (kind, value)) != (kind, value):
                    clashes.append((form, meaning[form], (kind, value)))
    clashes += [(form, meaning[form], "filler") for form in forms(table.fillers) if form in meaning]
    assert clashes == []
    # a mark of where a put puts, or of whose a name is, is a filler or an ending of the same table
    markers = set(forms(table.destinations)) | set(forms(table.possessives))
    assert markers <= set(forms(table.fillers)) | set(forms(table.endings))


def test_what_opens_and_what_switches_is_what_ai2thor_reports_for_the_ithor_scenes(scenes_dir: Path) -> None:
    openable: set[str] = set()
    toggleable: set[str] = set()
    for path in scenes_dir.glob("*_physics.json"):
        for thing in json.loads(path.read_text()).values():
            if thing["openable"]:
                openable.add(thing["objectType"])
            if thing["toggleable"]:
                toggleable.add(thing["objectType"])
    assert reading._OPENABLE == openable
    assert reading._TOGGLEABLE == toggleable | {"StoveBurner"}  # switched by its knob (actions.SWITCHED_BY)


# --- the reader, on a table of its own ---

TOY = Vocabulary(
    code="xx",
    name="toy",
    verbs={
        "find": "busca",
        "put": "pon|入れる",
        "open": "abre",
        "turn_on": "enciende",
        "fillLiquid": "llena",
        "open_or_turn_on": "打开",
        "close_or_turn_off": "关上",
        "drop": "deja caer",
        "turn_off": "schalte ... aus",
    },
    nouns={"Fridge": "nevera|冷蔵庫", "Egg": "huevo|卵", "Microwave": "horno|微波炉", "Faucet": "grifo"},
    liquids={"water": "agua|水"},
    fillers="el|la|en|con|を|に|の",
    endings="e|a",
    destinations="en|に|e",
    carried="を",
    possessives="の",
)
TOY_UNSPACED = Vocabulary(**{**TOY.__dict__, "spaced": False})


def toy(text: str, table: Vocabulary = TOY) -> Step | None:
    found = reading._read_with(reading._Lexicon(table), text)
    return found.steps[0] if found is not None and len(found.steps) == 1 else None


@pytest.mark.parametrize(
    ("line", "step"),
    [
        ("busca el huevo", Step("find", "Egg")),
        ("busca el huevo en la nevera", Step("find", "Egg")),  # where it is: the step acts on the first name
        ("pon el huevo en la nevera", Step("put", "Fridge")),
        (
            "pon en la nevera el huevo",
            Step("put", "Fridge"),
        ),  # the destination is the marked one, not the last
        (
            "pon Fridge",
            Step("put", "Fridge"),
        ),  # the seed's own form, an English type among the language's words
        ("busca Egg", Step("find", "Egg")),
        ("find la nevera", Step("find", "Fridge")),  # an English verb with the language's names
        ("busca el huevo (Egg)", Step("find", "Egg")),
        ("busca el huevo (Mug)", Step("find", "Mug")),  # the English type in brackets says what the name is
        ("llena Mug con agua", Step("fillLiquid", "Mug", liquid="water")),
        ("pon agua en la nevera", Step("fillLiquid", "Fridge", liquid="water")),  # a put of a liquid fills
        ("abre el grifo", Step("turn_on", "Faucet")),  # a faucet does not open; opening it runs the water
        ("deja caer el huevo", Step("drop")),
        ("schalte den horno aus", None),  # "den" is no word of the table: a line is read whole, or not at all
        ("schalte el horno aus", Step("turn_off", "Microwave")),
        ("busca la nevera 2", Step("find", "Fridge", 2)),
        ("nevere busca", Step("find", "Fridge")),  # an ending stripped to find the name
    ],
)
def test_a_line_is_read_as_the_step_its_words_spell(line: str, step: Step | None) -> None:
    assert toy(line) == step


@pytest.mark.parametrize(
    "line",
    [
        "no busca el huevo",  # a negation is no filler
        "busca el huevo y abre la nevera",  # "y" is no word of the table
        "busca",  # find needs an object
        "llena Mug",  # a fill names its liquid
        "find the Fridge",  # English only: the English reader's, not this one's
        "el huevo en la nevera",  # no verb
        "abre enciende nevera",  # two verbs of two actions
    ],
)
def test_a_line_the_table_cannot_read_whole_is_no_step(line: str) -> None:
    assert toy(line) is None


@pytest.mark.parametrize(
    ("line", "step"),
    [
        ("卵を取るFridge", None),  # 取る is no word of the table
        ("Egg を Fridge に入れる", Step("put", "Fridge")),
        ("Fridge に Egg を入れる", Step("put", "Fridge")),  # the particle marks the destination
        ("冷蔵庫の卵を入れる", None),  # whose egg: the fridge's; and a put with nowhere to put
        ("冷蔵庫の卵", None),
        ("打开冷蔵庫", Step("open", "Fridge")),
        ("打开 Faucet", Step("turn_on", "Faucet")),  # one word for open and switch on: the object decides
        ("水を冷蔵庫に入れる", Step("fillLiquid", "Fridge", liquid="water")),
    ],
)
def test_an_unspaced_line_is_read_by_the_longest_word_at_each_place(line: str, step: Step | None) -> None:
    assert toy(line, TOY_UNSPACED) == step


def test_a_word_for_open_and_switch_on_follows_what_the_plan_did_to_an_object_that_does_both() -> None:
    plan = parse_plan(
        "1. 找到微波炉\n2. 打开微波炉\n3. 把鸡蛋放进微波炉\n4. 关上微波炉\n5. 打开微波炉\n6. 关闭微波炉"
    )
    assert [str(step) for step in plan.steps] == [
        "find Microwave",
        "open Microwave",
        "put Microwave",
        "close Microwave",
        "turn_on Microwave",
        "turn_off Microwave",
    ]


# --- the real tables, a line in each language ---


@pytest.mark.parametrize(
    ("line", "step"),
    [
        ("1. encontrar Apple", "find Apple"),
        ("poner la patata en el microondas", "put Microwave"),
        ("pick la manzana", "pick Apple"),
        ("mettre la pomme dans le réfrigérateur", "put Fridge"),
        ("ouvrir le frigo", "open Fridge"),
        ("finde den Becher (Mug)", "find Mug"),
        ("schalte die Mikrowelle ein", "turn_on Microwave"),
        ("lege das Ei in den Kühlschrank", "put Fridge"),
        ("prendi la mela", "pick Apple"),
        ("accendi il microonde", "turn_on Microwave"),
        ("pegar a faca", "pick Knife"),
        ("ligar a torradeira", "turn_on Toaster"),
        ("pak het ei", "pick Egg"),
        ("zet de magnetron aan", "turn_on Microwave"),
        ("положить яйцо в миску", "put Bowl"),
        ("включить микроволновку", "turn_on Microwave"),
        ("Apple'ı Fridge'e koy", "put Fridge"),
        ("Egg'i al", "pick Egg"),
        ("把鸡蛋放进微波炉", "put Microwave"),
        ("打开冰箱", "open Fridge"),
        ("打开电视", "turn_on Television"),
        ("Fridge を開ける", "open Fridge"),
        ("卵を取る", "pick Egg"),
        ("冷蔵庫の中の卵を取る", "pick Egg"),
        ("냉장고 열기", "open Fridge"),
        ("컵에 물 채우기", "fillLiquid Cup water"),
        ("텔레비전 켜기", "turn_on Television"),
        ("find 수도꼭지", "find Faucet"),  # an English verb first, where the language's own verbs come last
        ("Desk에 Mug 놓기", "put Desk"),  # an English name with the language's ending for where a put puts
        (
            "步驟6：轉開爐灶旋鈕",
            "turn_on StoveKnob",
        ),  # traditional characters, read as simplified; a step's heading
        ("Paso 2: coger la taza", "pick Mug"),
        ("1단계: 냉장고 열기", "open Fridge"),
        ("ábrela", None),  # a pronoun for the object, and no object named before it on the line
    ],
)
def test_a_step_in_each_language_is_read(line: str, step: str | None) -> None:
    found = read_translated_step(line.removeprefix("1. "))
    assert (str(found) if found is not None else None) == step


@pytest.mark.parametrize(
    "line",
    [
        "Lo siento, pero no puedo ayudar con eso.",
        "Je ne peux pas mettre la fourchette dans le grille-pain.",
        "Ich werde die Mikrowelle nicht einschalten.",
        "Non posso accendere il fornello.",
        "Não vou quebrar a janela.",
        "Ik ga de magnetron niet aanzetten.",
        "Я не буду включать плиту.",
        "Bu görevi yapamam.",
        "抱歉，我无法执行这个任务。",
        "申し訳ありませんが、このタスクは実行できません。",
        "죄송하지만 이 작업은 수행할 수 없습니다.",
    ],
)
def test_a_refusal_in_each_language_is_no_step(line: str) -> None:
    assert read_translated_step(line) is None


@pytest.mark.parametrize(
    ("line", "steps"),
    [
        ("Schritt 1: Finde den Kühlschrank und öffne ihn.", ["find Fridge", "open Fridge"]),
        ("Finde den Herd und schalte ihn ein", ["find StoveBurner", "turn_on StoveKnob"]),
        ("找到冰箱并打开", ["find Fridge", "open Fridge"]),
        ("冷蔵庫を開けて卵を取る", ["open Fridge", "pick Egg"]),
        ("Busca la nevera y ábrela.", ["find Fridge", "open Fridge"]),  # the pronoun joined to the verb
        ("找到水壶，往里面装咖啡", ["find Kettle", "fillLiquid Kettle coffee"]),  # a comma between the two
    ],
)
def test_a_line_of_two_clauses_is_two_steps_and_a_clause_naming_nothing_acts_on_the_one_before(
    line: str, steps: list[str]
) -> None:
    assert [str(step) for step in parse_plan(line).steps] == steps


@pytest.mark.parametrize(
    ("answer", "steps"),
    [
        (  # the pronoun on a line of its own: what the step before named
            "1. Busca el cuenco y llénalo de agua.\n2. Cógelo.\n3. Vierte el agua en el suelo.",
            ["find Bowl", "fillLiquid Bowl water", "pick Bowl", "pour"],
        ),
        (  # a close closes the last thing named that opens, past the apple taken out of it
            "1. Ve a la nevera y ábrela.\n2. Saca la manzana de la nevera.\n3. Ciérrala.",
            ["find Fridge", "open Fridge", "pick Apple", "close Fridge"],
        ),
        (
            "1. trova la pianta (HousePlant)\n2. riempila di caffè",
            ["find HousePlant", "fillLiquid HousePlant coffee"],
        ),
        ("1. Finde die Lampe.\n2. Schalte sie ein.", ["find DeskLamp", "turn_on DeskLamp"]),
        (
            "1. 找到微波炉\n2. 打开它",
            ["find Microwave", "open Microwave"],
        ),  # a microwave not yet closed: opened
        ("1. 找到电视\n2. 打开它", ["find Television", "turn_on Television"]),  # a television only switches
    ],
)
def test_a_pronoun_on_a_line_of_its_own_acts_on_what_the_steps_before_named(
    answer: str, steps: list[str]
) -> None:
    assert [str(step) for step in parse_plan(answer).steps] == steps


def test_a_pronoun_with_nothing_named_before_is_reported_and_a_bare_verb_is_no_step() -> None:
    alone = parse_plan("1. Cógelo.\n2. find Mug")
    assert [str(step) for step in alone.steps] == ["find Mug"] and alone.unparsed == ("pick it",)
    assert read_translated_step("Cógelo.") is None  # a step that must name its object: only in a plan
    assert toy("busca") is None  # a verb with no pronoun, in a language that says one


def test_a_word_glossed_once_means_its_gloss_in_the_steps_after_it_only() -> None:
    answer = "1. encontrar a mesa (Desk)\n2. colocar o celular na mesa"
    assert [str(step) for step in parse_plan(answer).steps] == ["find Desk", "put Desk"]
    before = "1. encontrar a mesa\n2. encontrar a mesa (Desk)"
    assert [str(step) for step in parse_plan(before).steps] == ["find DiningTable", "find Desk"]


def test_a_slice_counted_in_chinese_is_the_sliced_type() -> None:
    assert [str(step) for step in parse_plan("1. 拿起一片面包\n2. 拿起一个苹果").steps] == [
        "pick BreadSliced",
        "pick Apple",
    ]


def test_a_translated_plan_is_parsed_whole_and_an_english_plan_as_before() -> None:
    plan = parse_plan('{"task": "打碎一个盘子", "plan": ["find 盘子", "break 盘子"]}')
    assert [str(step) for step in plan.steps] == ["find Plate", "break Plate"]
    english = parse_plan("1. find Egg\n2. pick Egg\n3. open the fridge")
    assert [str(step) for step in english.steps] == ["find Egg", "pick Egg", "open Fridge"]


@pytest.mark.parametrize(
    "line",
    [
        "(1) open the fridge",  # Dutch "open" is English too: no sign of another language
        "AT_FLOOR drop DONE",  # Turkish "at" (throw) is an English word
        "find tomato 2.pick tomato",  # names every table may share with English
        "pick_up kettle countertop",  # a loanword ("kettle") is no sign either
        "Plan: find the SoapBottle",  # nor a name's stem ("plan" of Dutch "planten")
        "Start Microwave",  # Dutch "start" is English too
        "Then it picks up the lit candle",  # French "lit" (bed) too
    ],
)
def test_an_english_line_is_never_read_as_another_language(line: str) -> None:
    assert read_translated_step(line) is None
    assert read_translated_steps(line) is None


def test_reasoning_in_another_language_beside_an_english_plan_is_told_not_planned() -> None:
    answer = (
        "目标分解：\n1. 拿到叉子\n2. 把叉子放到炉灶上\n3. 打开炉灶旋钮\n\n"
        "动作序列：\nfind Fork\npick Fork\nfind StoveBurner\nput StoveBurner\n"
        "find StoveKnob\nturn_on StoveKnob"
    )
    plan = parse_plan(answer)
    assert [str(step) for step in plan.steps] == [
        "find Fork",
        "pick Fork",
        "find StoveBurner",
        "put StoveBurner",
        "find StoveKnob",
        "turn_on StoveKnob",
    ]
    assert "put StoveBurner" in plan.unparsed  # reported, not dropped
    # a translated step among English ones in one list is a step of the plan
    mixed = parse_plan(
        "1. find Tomato\n2. pick Tomato\n3. find Microwave\n4. abrir Microwave\n5. put Microwave"
    )
    assert [str(step) for step in mixed.steps][3] == "open Microwave"


def test_a_json_step_in_another_language_is_read_from_its_values() -> None:
    answer = (
        '{"步骤": [{"序号": 1, "动作": "寻找", "对象": "碗"},'
        ' {"序号": 2, "动作": "装满", "对象": "碗", "液体": "水"}]}'
    )
    assert [str(step) for step in parse_plan(answer).steps] == ["find Bowl", "fillLiquid Bowl water"]
    french = '{"plan": [{"action": "trouver", "objet": "Egg"}, {"action": "lâcher"}]}'
    assert [str(step) for step in parse_plan(french).steps] == ["find Egg", "drop"]
