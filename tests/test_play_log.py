"""The log of `twilight play` gives the numbers behind an outcome: a war's die with its modifier and the
number it needed, and each side's score in a region part by part (level, battlegrounds, countries next to
the enemy superpower), in both languages, each number as the game used it."""

from __future__ import annotations

from typing import Any

import pytest
from helpers import compiled_ir
from twilight.cli.session.log import Narrator
from twilight.cli.session.text import PlayText
from twilight.runtime.core.decisions import RandomPlayer
from twilight.runtime.core.sides import opponent
from twilight.runtime.game import new_engine

# A random game of the standard rules in which a war is rolled with a hindrance (seed 14: the Korean War at
# -1) and regions are scored.
SEED = 14


@pytest.fixture(scope="module")
def events() -> list[dict[str, Any]]:
    engine = new_engine(
        compiled_ir("standard"), {"us": RandomPlayer(SEED), "ussr": RandomPlayer(SEED + 1)}, seed=SEED
    )
    engine.run()
    return engine.events


def test_the_trace_carries_the_war_roll_and_the_score_parts(events: list[dict[str, Any]]) -> None:
    rolls = [i for i, e in enumerate(events) if e["kind"] == "roll"]
    assert rolls and any(events[i]["modifier"] < 0 for i in rolls)
    for i in rolls:
        roll = events[i]
        assert events[i - 1] == {**events[i - 1], "kind": "die", "value": roll["die"]}
        assert roll["total"] == roll["die"] + roll["modifier"]
        # (a roll that must come in at or under its number: Bear Trap's, Quagmire's)
        wanted = roll["total"] <= roll["needed"] if roll.get("at_most") else roll["total"] >= roll["needed"]
        assert roll["success"] == wanted
    scores = [i for i, e in enumerate(events) if e["kind"] == "region_score"]
    assert scores
    for i in scores[::2]:
        us, ussr = events[i], events[i + 1]
        assert (us["side"], ussr["side"], us["region"]) == ("us", "ussr", ussr["region"])
        for side in (us, ussr):
            assert side["vp"] == side["level_vp"] + side["battlegrounds"] + side["adjacent"]
        net = us["vp"] - ussr["vp"]
        after = next(e for e in events[i + 2 :] if e["kind"] in ("vp", "scored"))
        if net == 0:
            assert after["kind"] == "scored"
        else:
            assert (
                after["kind"] == "vp"
                and (after["change"] if after["side"] == "us" else -after["change"]) == net
            )


@pytest.mark.parametrize(
    ("lang", "war", "score"),
    [
        (
            "en",
            "Korean War: USSR rolls 1 − 1 = 0, needing 4 or more: failure.",
            "{region}, USSR: {level} {level_vp}"
            " + {battlegrounds} for battlegrounds + {adjacent} for countries next to the US = {vp} VP.",
        ),
        (
            "ru",
            "«Корейская война»: бросок СССР — 1 − 1 = 0, а нужно не меньше 4: неудача.",
            "{region}, СССР: {level} {level_vp} + {battlegrounds} за Ключевые страны"
            " + {adjacent} за соседство с США = {vp} ПО.",
        ),
    ],
)
def test_the_log_tells_a_war_roll_and_a_scoring_breakdown(
    events: list[dict[str, Any]], lang: str, war: str, score: str
) -> None:
    text = PlayText("standard", lang, compiled_ir("standard"))
    lines = Narrator(text).lines(events)
    assert war in lines
    scored = [e for e in events if e["kind"] == "region_score" and e["side"] == "ussr"]
    for e in scored:
        level = text.t(f"outline-enum-{e['level']}")
        args = {k: e[k] for k in ("level_vp", "battlegrounds", "adjacent", "vp")}
        assert score.format(region=text.region(e["region"]), level=level, **args) in lines


@pytest.mark.parametrize(
    ("lang", "line"),
    [
        (
            "en",
            "{side} coup in {country}: roll {roll} + {ops} {unit}{modifier} = {strength} against {defence}: ",
        ),
        (
            "ru",
            "Переворот {side_gen} {country_in}: бросок {roll} + {ops} {unit}{modifier} = {strength} "
            "против {defence}: ",
        ),
    ],
)
def test_a_coup_is_told_with_the_parts_of_its_strength(
    events: list[dict[str, Any]], lang: str, line: str
) -> None:
    """Die + the card's operations + the modifiers in force (seed 14: a coup under a modifier)."""
    text = PlayText("standard", lang, compiled_ir("standard"))
    lines = Narrator(text).lines(events)
    coups = [e for e in events if e["kind"] == "coup"]
    assert any(e["modifier"] for e in coups)
    units = {
        "en": {1: "operation"},
        "ru": {1: "очко операций", 2: "очка операций", 3: "очка операций", 4: "очка операций"},
    }
    for e in coups:
        assert e["strength"] == e["roll"] + e["ops"] + e["modifier"]
        unit = units[lang].get(e["ops"], "operations" if lang == "en" else "очков операций")
        sign = "" if not e["modifier"] else f" {'+' if e['modifier'] > 0 else '−'} {abs(e['modifier'])}"
        args = {**text.side_args(e["side"]), **text.country_args(e["country"])}
        expected = line.format(
            **args,
            roll=e["roll"],
            ops=e["ops"],
            unit=unit,
            modifier=sign,
            strength=e["strength"],
            defence=e["defence"],
        )
        # (the outcome that follows: tests/test_narration_outcomes.py)
        assert any(line.startswith(expected) for line in lines)


# ---------------------------------------------------------------------- every other die, and Southeast Asia
# A random standard game (seed 38: the real-game fixes of Quagmire and Bear Trap changed seed 15's)
# with the Olympic Games and the Summit rolled off, Bear Trap's and Quagmire's rolls, a card drawn at
# random, realignments, Space Race attempts and Southeast Asia scored.
OTHER_DICE_SEED = 38


@pytest.fixture(scope="module")
def dice_events() -> list[dict[str, Any]]:
    seed = OTHER_DICE_SEED
    engine = new_engine(
        compiled_ir("standard"), {"us": RandomPlayer(seed), "ussr": RandomPlayer(seed + 1)}, seed=seed
    )
    engine.run()
    return engine.events


def test_the_trace_tells_every_die_with_its_numbers(dice_events: list[dict[str, Any]]) -> None:
    events = dice_events
    offs = [i for i, e in enumerate(events) if e["kind"] == "roll_off"]
    assert offs
    for i in offs:
        off = events[i]
        # The two dice just rolled, the first side's first.
        assert [events[i - 2]["value"], events[i - 1]["value"]] == [off["first_die"], off["second_die"]]
        for which in ("first", "second"):
            assert off[f"{which}_total"] == off[f"{which}_die"] + off[f"{which}_modifier"]
        assert off["second"] != off["first"]
        best = max(off["first_total"], off["second_total"])
        expected = (
            None
            if off["first_total"] == off["second_total"]
            else next(off[w] for w in ("first", "second") if off[f"{w}_total"] == best)
        )
        assert off["winner"] == expected
    # The Olympic Games' host adds 2.
    assert any(events[i]["first_modifier"] == 2 for i in offs)
    traps = [e for e in events if e["kind"] == "roll" and e.get("at_most")]
    assert {e["card"] for e in traps} == {"quagmire", "bear_trap"}
    for e in traps:
        assert e["success"] == (e["total"] <= e["needed"] == 4)
        assert e["side"] == ("us" if e["card"] == "quagmire" else "ussr")
    drawn = [e for e in events if e["kind"] == "random_card"]
    assert drawn and all(e["among"] >= 1 for e in drawn)
    for e in (e for e in events if e["kind"] in ("realign", "space")):
        assert e["roll"] == e["die"] + e["modifier"]
        if e["kind"] == "realign":
            assert e["against"] == e["against_die"] + e["against_modifier"]
        else:
            assert e["success"] == (e["roll"] <= e["needed"])


def test_southeast_asia_is_told_country_by_country(dice_events: list[dict[str, Any]]) -> None:
    ir = compiled_ir("standard")
    events = dice_events
    told = [i for i, e in enumerate(events) if e["kind"] == "region_score_counted"]
    assert told
    for i in told[::2]:
        us, ussr = events[i], events[i + 1]
        assert (us["side"], ussr["side"]) == ("us", "ussr")
        assert us["region"] == ussr["region"] == "southeast_asia"
        for side in (us, ussr):
            # Each counted country is one the side controls there.
            assert all("southeast_asia" in ir["map"]["countries"][c]["subregions"] for c in side["countries"])
            assert side["vp"] == sum(2 if c == "thailand" else 1 for c in side["countries"])
        net = us["vp"] - ussr["vp"]
        after = next(e for e in events[i + 2 :] if e["kind"] in ("vp", "region_score_counted", "play"))
        if net:
            assert (
                after["kind"] == "vp"
                and (after["change"] if after["side"] == "us" else -after["change"]) == net
            )


@pytest.mark.parametrize(
    ("lang", "expected"),
    [
        (
            "en",
            {
                "roll_off": "{card}: {first} rolls {first_roll}, {second} rolls {second_roll}: "
                "{winner} wins.",
                "realign": "{side} {mine}, {opponent} {against}: ",
                "quagmire": "Quagmire: US rolls {die}, needing 4 or less: {outcome}.",
                "outcomes": ("success", "failure"),
                "sea": "Southeast Asia, {side}: {parts} = {vp} VP.",
                "controls": "controls {countries}",
                "none": "no country controlled",
                "drawn": "Drawn at random from {among} cards: {card}.",
                "space": "{side} Space Race: roll {roll}, needing {needed} or less: ",
            },
        ),
        (
            "ru",
            {
                "roll_off": "«{card}»: бросок {first} — {first_roll}, бросок {second} — {second_roll}: "
                "побеждает {winner}.",
                "realign": "у {side} {mine}, у {opponent} {against}: ",
                "quagmire": (
                    "«Затруднительное положение»: бросок США — {die}, а нужно не больше 4: {outcome}."
                ),
                "outcomes": ("удача", "неудача"),
                "sea": "Юго-Восточная Азия, {side}: {parts} = {vp} ПО.",
                "controls": "под контролем {countries}",
                "none": "ни одной страны под контролем",
                "drawn": "Наугад вытянута одна карта из {among}: «{card}».",
                "space": "{side} — Космическая гонка: бросок {roll}, а нужно не больше {needed}: ",
            },
        ),
    ],
)
def test_the_log_tells_every_other_die_and_southeast_asia(
    dice_events: list[dict[str, Any]], lang: str, expected: dict[str, Any]
) -> None:
    text = PlayText("standard", lang, compiled_ir("standard"))
    lines = Narrator(text).lines(dice_events)
    side = text.side
    card = None
    offs = {}
    for e in dice_events:
        if e["kind"] == "event":
            card = e["card"]
        elif e["kind"] == "roll_off" and e["winner"]:
            offs[card] = e
            assert (
                expected["roll_off"].format(
                    card=text.card(card),
                    first=side(e["first"]),
                    first_roll=Narrator.roll(e["first_die"], e["first_modifier"], e["first_total"]),
                    second=side(e["second"]),
                    second_roll=Narrator.roll(e["second_die"], e["second_modifier"], e["second_total"]),
                    winner=side(e["winner"]),
                )
                in lines
            )
    assert {"olympic_games", "summit"} <= set(offs)
    assert offs["olympic_games"]["first_modifier"] == 2
    for e in (e for e in dice_events if e["kind"] == "roll" and e.get("card") == "quagmire"):
        outcome = expected["outcomes"][0 if e["success"] else 1]
        assert expected["quagmire"].format(die=e["die"], outcome=outcome) in lines
    for e in (e for e in dice_events if e["kind"] == "region_score_counted"):
        names = ", ".join(text.country(c) for c in e["countries"])
        parts = expected["controls"].format(countries=names) if names else expected["none"]
        assert expected["sea"].format(side=side(e["side"]), parts=parts, vp=e["vp"]) in lines
    for e in (e for e in dice_events if e["kind"] == "random_card" and e["among"] > 1):
        assert expected["drawn"].format(among=e["among"], card=text.card(e["card"])) in lines
    for e in (e for e in dice_events if e["kind"] == "space"):
        roll = Narrator.roll(e["die"], e["modifier"], e["roll"])
        start = expected["space"].format(side=side(e["side"]), roll=roll, needed=e["needed"])
        assert any(line.startswith(start) for line in lines)
    realigned = [e for e in dice_events if e["kind"] == "realign" and e["against_modifier"]]
    assert realigned
    for e in realigned:
        mine = Narrator.roll(e["die"], e["modifier"], e["roll"])
        against = f"{e['against_die']} + {e['against_modifier']} = {e['against']}"
        told = expected["realign"].format(
            side=side(e["side"]), mine=mine, opponent=side(opponent(e["side"])), against=against
        )
        assert any(told in line for line in lines)


@pytest.mark.parametrize(
    ("lang", "tie"),
    [
        ("en", "US rolls 3 + 2 = 5, USSR rolls 5: a tie."),
        ("ru", "Бросок США — 3 + 2 = 5, бросок СССР — 5: ничья."),
    ],
)
def test_a_roll_off_tie_is_told(lang: str, tie: str) -> None:
    from twilight.runtime.core.primitives.basics import roll_off

    ir = compiled_ir("standard")
    engine = new_engine(ir, {"us": RandomPlayer(0), "ussr": RandomPlayer(1)}, seed=0, dice=[3, 5])
    assert roll_off(engine, "us", 2, 0) is None
    assert Narrator(PlayText("standard", lang, ir)).lines(engine.events[-1:]) == [tie]


class _Enough(Exception):
    pass


class _StopAtFirstDecision:
    def decide(self, decision: Any) -> Any:
        raise _Enough


@pytest.mark.parametrize(
    ("lang", "expected"),
    [
        ("en", "Variable setup: dice {a}, {b}, the lower counts: {roll}, column {column}."),
        ("ru", "Вариативная расстановка: на кубиках {a}, {b}, берется меньшее — {roll}, столбец {column}."),
    ],
)
def test_the_setup_roll_is_told_with_both_dice(lang: str, expected: str) -> None:
    ir = compiled_ir("solo-v2")
    stop = _StopAtFirstDecision()
    engine = new_engine(ir, {"us": stop, "ussr": stop}, seed=0, settings={"setup_dice": "lower_of_two"})
    with pytest.raises(_Enough):
        engine.run()
    (rolled,) = [e for e in engine.events if e["kind"] == "table_roll"]
    a, b = rolled["dice"]
    assert rolled["roll"] == min(a, b)
    labels = [c["label"] for c in ir["tables"]["variable_setup"]["columns"]]
    column = next(c for c in ir["tables"]["variable_setup"]["columns"] if rolled["roll"] in c["faces"])
    assert rolled["column"] == column["label"] in labels
    lines = Narrator(PlayText("solo-v2", lang, ir)).lines(engine.events)
    assert expected.format(a=a, b=b, roll=rolled["roll"], column=rolled["column"]) in lines
