"""The rules' outlines in Russian (`twilight docs`, `explain`, `diff --lang ru`) name what the rule writer
named by an id in the ruleset's own words: an `allow` and a `decide` by the name of the question the play
screens ask, a `decide`'s options by their labels, a setting's value by its answer, every procedure and
function by its message; and a verb agrees with a plural or feminine subject."""

from __future__ import annotations

from functools import cache
from typing import Any

import pytest
from helpers import ROOT
from twilight.cli.localizer import Localizer
from twilight.cli.outline import Outliner, outline_event
from twilight.cli.session.text import play_folders
from twilight.compiler.api import compile_target

RULESETS = ("standard", "solo-v2")


@cache
def ir_of(ruleset: str) -> dict[str, Any]:
    result = compile_target(str(ROOT / "rules" / ruleset))
    assert result.ir is not None and result.ok
    return result.ir


def loc_of(ruleset: str, lang: str) -> Localizer:
    return Localizer.for_folders(play_folders(str(ROOT / "rules" / ruleset)), lang)


def card_outline(ruleset: str, card: str, lang: str) -> str:
    ir = ir_of(ruleset)
    return "\n".join(outline_event(loc_of(ruleset, lang), ir, ir["cards"][card]))


def test_decide_options_are_named_by_their_labels() -> None:
    russian = card_outline("standard", "south_african_unrest", "ru")
    assert "вариант «2 в Южную Африку»" in russian
    assert "вариант «1 в Южную Африку, 2 в соседние»" in russian
    assert "with neighbours" not in russian and "south africa only" not in russian
    assert "решает СССР (куда пойдёт влияние)" in russian
    english = card_outline("standard", "south_african_unrest", "en")
    assert "option “1 in South Africa, 2 next to it”" in english


def test_allow_is_named_by_its_question() -> None:
    russian = card_outline("standard", "cuban_missile_crisis", "ru")
    assert ": «закончить кризис, сняв 2 своих влияния»" in russian
    assert "defuse" not in russian
    english = card_outline("standard", "cuban_missile_crisis", "en")
    assert "“end the crisis by removing 2 influence”" in english


def test_a_setting_compared_with_its_value_says_the_answer() -> None:
    roll = ir_of("solo-v2")["tables"]["variable_setup"]["roll"]
    russian = Outliner(loc_of("solo-v2", "ru"), ir_of("solo-v2")).expr(roll)
    assert "= «Два кубика, считается меньший», то меньшее из броска кубика и броска кубика" in russian
    assert "lower of two" not in russian
    english = Outliner(loc_of("solo-v2", "en"), ir_of("solo-v2")).expr(roll)
    assert "= “Two dice, the lower one counts” then" in english


def test_verbs_agree_with_their_subject_in_russian() -> None:
    outliner = Outliner(loc_of("standard", "ru"), ir_of("standard"))
    for side, said in (("us", "США сбрасывают НАТО"), ("ussr", "СССР сбрасывает НАТО")):
        discard = {"do": {"discard": [{"ref": "side", "id": side}, {"ref": "card", "id": "nato"}]}}
        assert outliner.body([discard]) == [said]
    drawn = outliner.expr({"call": {"drawn_this_round": [{"var": "actor"}]}})
    assert drawn == "карты, которые взяла действующая сторона в этом раунде"
    in_hand = outliner.expr(
        {"op": "in", "args": [{"ref": "card", "id": "nato"}, {"call": {"hand": [{"var": "s"}]}}]}
    )
    assert in_hand == "НАТО входит в руку s"


@pytest.mark.parametrize("ruleset", RULESETS)
@pytest.mark.parametrize("lang", ["en", "ru"])
def test_every_procedure_and_function_has_a_name(ruleset: str, lang: str) -> None:
    loc = loc_of(ruleset, lang)
    ir = ir_of(ruleset)
    unnamed = [
        f"{kind}-{name}"
        for kind, section in (("procedure", "procedures"), ("function", "functions"))
        for name in ir.get(section) or {}
        if loc.get(f"{kind}-{name}") is None
    ]
    assert not unnamed


def test_russian_outlines_name_the_solo_steps() -> None:
    outliner = Outliner(loc_of("solo-v2", "ru"), ir_of("solo-v2"))
    run = outliner.body([{"run": "give_up_for_event", "args": [{"var": "s"}, {"var": "c"}]}])
    assert run == ["карта отдаётся ради события (s, c)"]
    human = outliner.expr({"op": "==", "args": [{"var": "actor"}, {"fn": "human_side", "args": []}]})
    assert human == "действующая сторона = сторона игрока-человека"
