"""The history says the outcome of a coup and of a realignment at once, in both languages: a coup's
success and its margin (or its failure), the influence it changed on the lines that follow, DEFCON's
drop as the coup's in a battleground; a realignment's rolls on both sides, who won and by how much, a
tie, or a loser with no influence there to lose (which no influence line would show). A military
operations change, once the trace carries it, is told too."""

from __future__ import annotations

import re
from typing import Any

import pytest
from helpers import compiled_ir
from twilight.cli.session.happened import what_happened
from twilight.cli.session.log import Narrator
from twilight.cli.session.text import PlayText
from twilight.runtime.core.decisions import GreedyPlayer, RandomPlayer
from twilight.runtime.core.primitives.operations import coup, realign
from twilight.runtime.game import new_engine


def engine_with(dice: list[int], influence: dict[str, dict[str, int]]) -> Any:
    """A standard game before its first decision, the dice to come fixed and influence put as given."""
    engine = new_engine(
        compiled_ir("standard"), {"us": RandomPlayer(0), "ussr": RandomPlayer(1)}, seed=0, dice=dice
    )
    for country, sides in influence.items():
        engine.state.influence[country].update(sides)
    return engine


def told(lang: str, events: list[dict[str, Any]]) -> list[str]:
    return Narrator(PlayText("standard", lang, compiled_ir("standard"))).lines(events)


@pytest.mark.parametrize(
    ("lang", "expected"),
    [
        (
            "en",
            [
                "US coup in Iran: roll 6 + 3 operations = 9 against 4: success by 5.",
                "USSR −1 in Iran (now 0).",
                "US +4 in Iran (now 4).",
                "The coup in a battleground lowers DEFCON to 4.",
                "US military operations +3 (now 3).",
            ],
        ),
        (
            "ru",
            [
                "Переворот США в Иране: бросок 6 + 3 очка операций = 9 против 4: успех с перевесом 5.",
                "СССР: −1 влияния в Иране (теперь 0).",
                "США: +4 влияния в Иране (теперь 4).",
                "Переворот в Ключевой стране снижает DEFCON до 4.",
                "США: +3 к военным операциям (теперь 3).",
            ],
        ),
    ],
)
def test_a_successful_coup_says_its_margin_and_defcon_drop(lang: str, expected: list[str]) -> None:
    engine = engine_with([6], {"iran": {"ussr": 1}})
    start = len(engine.events)
    coup(engine, "us", "iran", 3)
    assert told(lang, engine.events[start:]) == expected


@pytest.mark.parametrize(
    ("lang", "expected"),
    [
        (
            "en",
            [
                "USSR coup in Finland: roll 1 + 2 operations = 3 against 8: failure, no influence changes.",
                "USSR military operations +2 (now 2).",
            ],
        ),
        (
            "ru",
            [
                "Переворот СССР в Финляндии: бросок 1 + 2 очка операций = 3 против 8: неудача, "
                "влияние не меняется.",
                "СССР: +2 к военным операциям (теперь 2).",
            ],
        ),
    ],
)
def test_a_failed_coup_says_so_and_nothing_else(lang: str, expected: list[str]) -> None:
    """Finland is no battleground: no DEFCON drop follows, and a failure changes no influence; the
    military operations it gained are told after it, although the rules gain them before the roll."""
    engine = engine_with([1], {"finland": {"us": 1}})
    start = len(engine.events)
    coup(engine, "ussr", "finland", 2)
    assert told(lang, engine.events[start:]) == expected


@pytest.mark.parametrize(
    ("lang", "dice", "influence", "expected"),
    [
        # Chile: next to neither superpower, no neighbour controlled; only the USSR's greater influence
        # adds 1 to its die. The US wins by 2 (its 5 against the USSR's 2 + 1), the USSR losing 2 of its 2.
        (
            "en",
            [5, 2],
            {"us": 0, "ussr": 2},
            ["US realigns in Chile: US 5, USSR 2 + 1 = 3: US wins by 2.", "USSR −2 in Chile (now 0)."],
        ),
        (
            "ru",
            [5, 2],
            {"us": 0, "ussr": 2},
            [
                "США — уравнивание влияния в Чили: у США 5, у СССР 2 + 1 = 3: перевес 2 в пользу США.",
                "СССР: −2 влияния в Чили (теперь 0).",
            ],
        ),
        # The USSR wins, but the US has no influence in Chile to lose: no line of influence follows.
        (
            "en",
            [1, 4],
            {"us": 0, "ussr": 1},
            [
                "US realigns in Chile: US 1, USSR 4 + 1 = 5: USSR wins by 4, "
                "but US has no influence there to lose."
            ],
        ),
        (
            "ru",
            [1, 4],
            {"us": 0, "ussr": 1},
            [
                "США — уравнивание влияния в Чили: у США 1, у СССР 4 + 1 = 5: перевес 4 в пользу СССР, "
                "но у США там нет влияния."
            ],
        ),
        # A tie: nobody loses anything.
        (
            "en",
            [3, 2],
            {"us": 0, "ussr": 1},
            ["US realigns in Chile: US 3, USSR 2 + 1 = 3: a tie, no influence is removed."],
        ),
        (
            "ru",
            [3, 2],
            {"us": 0, "ussr": 1},
            ["США — уравнивание влияния в Чили: у США 3, у СССР 2 + 1 = 3: ничья, влияние не снимается."],
        ),
    ],
)
def test_a_realignment_says_who_won_and_what_was_lost(
    lang: str, dice: list[int], influence: dict[str, int], expected: list[str]
) -> None:
    engine = engine_with(dice, {"chile": influence})
    start = len(engine.events)
    realign(engine, "us", "chile")
    assert told(lang, engine.events[start:]) == expected


def test_the_panel_of_what_happened_tells_the_same_outcome() -> None:
    """The terminal's "since your last decision" and the browser's "what happened" read `what_happened`:
    the coup's moment carries its outcome and its die, DEFCON's drop is a move too."""
    engine = engine_with([6], {"iran": {"ussr": 1}})
    start = len(engine.events)
    coup(engine, "us", "iran", 3)
    moves, kept = what_happened(
        Narrator(PlayText("standard", "en", compiled_ir("standard"))), engine.events[start:]
    )
    first = moves[0]
    assert (first.line, first.dice, first.kind) == (
        "US coup in Iran: roll 6 + 3 operations = 9 against 4: success by 5.",
        [6],
        "coup",
    )
    assert [m.line for m in moves[-2:]] == [
        "The coup in a battleground lowers DEFCON to 4.",
        "US military operations +3 (now 3).",
    ]
    assert not kept


# A random standard game (as tests/test_play_log.py's) with coups that succeed and fail, in battlegrounds and
# not, and realignments of every outcome.
SEED = 14


@pytest.fixture(scope="module")
def game_events() -> list[dict[str, Any]]:
    engine = new_engine(
        compiled_ir("standard"), {"us": RandomPlayer(SEED), "ussr": RandomPlayer(SEED + 1)}, seed=SEED
    )
    engine.run()
    return engine.events


def test_every_coup_line_agrees_with_the_influence_lines_after_it(game_events: list[dict[str, Any]]) -> None:
    """In a whole game: a success's margin is the influence the next lines remove and add in that
    country; a failure is followed by no influence line there."""
    lines = told("en", game_events)
    coup_line = re.compile(
        r"(US|USSR) coup in (.+?): .* = (\d+) against (\d+): "
        r"(success by (\d+)|failure, no influence changes)\.$"
    )
    change_line = re.compile(r"(US|USSR) ([+−])(\d+) in (.+?) \(now \d+\)\.$")
    outcomes = set()
    for i, line in enumerate(lines):
        m = coup_line.match(line)
        if not m:
            continue
        strength, defence = int(m.group(3)), int(m.group(4))
        changed = 0
        for after in lines[i + 1 :]:
            c = change_line.match(after)
            if not c or c.group(4) != m.group(2):
                break
            changed += int(c.group(3))
        if strength > defence:
            assert int(m.group(6)) == strength - defence == changed, line
            outcomes.add("success")
        else:
            assert m.group(5).startswith("failure") and changed == 0, line
            outcomes.add("failure")
    assert outcomes == {"success", "failure"}


def test_every_realignment_line_agrees_with_the_influence_lines_after_it(
    game_events: list[dict[str, Any]],
) -> None:
    lines = told("en", game_events)
    realign_line = re.compile(
        r"(US|USSR) realigns in (.+?): (?:US|USSR) [^,]*?(\d+), (?:US|USSR) [^:]*?(\d+): (.*)\.$"
    )
    outcomes = set()
    for i, line in enumerate(lines):
        m = realign_line.match(line)
        if not m:
            continue
        mine, theirs, outcome = int(m.group(3)), int(m.group(4)), m.group(5)
        after = lines[i + 1] if i + 1 < len(lines) else ""
        removed = re.match(rf"(US|USSR) −(\d+) in {re.escape(m.group(2))} \(now", after)
        if mine == theirs:
            assert outcome == "a tie, no influence is removed" and not removed, line
            outcomes.add("tie")
        elif "no influence there to lose" in outcome:
            assert not removed, line
            outcomes.add("nothing")
        else:
            winner = m.group(1) if mine > theirs else {"US": "USSR", "USSR": "US"}[m.group(1)]
            assert outcome == f"{winner} wins by {abs(mine - theirs)}", line
            assert removed and removed.group(1) != winner and int(removed.group(2)) <= abs(mine - theirs), (
                line
            )
            outcomes.add("win")
    assert outcomes == {"tie", "nothing", "win"}


@pytest.mark.parametrize(
    ("lang", "expected"),
    [("en", "USSR military operations +2 (now 3)."), ("ru", "СССР: +2 к военным операциям (теперь 3).")],
)
def test_a_military_operations_change_is_told(lang: str, expected: str) -> None:
    """The trace does not carry military operations yet (runtime's `add_milops` traces nothing): the
    narrator tells a `milops` event as soon as it does."""
    event = {"kind": "milops", "side": "ussr", "change": 2, "now": 3}
    assert told(lang, [event]) == [expected]
    assert told(lang, [{**event, "change": 0}]) == []


@pytest.mark.parametrize(
    ("lang", "invades"),
    [
        ("en", r"^(?P<card>[^:]+): (US|USSR) invades (?P<country>.+)\.$"),
        ("ru", r"^«(?P<card>[^»]+)»: вторжение (США|СССР) (в|на) .+\.$"),
    ],
)
def test_a_war_names_the_country_it_invades_before_its_roll(lang: str, invades: str) -> None:
    """A war card's line names the country attacked (the trace's `invasion` event), then its roll: the player
    learned only that the attacker rolled, and not which country it invaded, when the defender had no
    influence there to lose."""
    ir = compiled_ir("standard")
    engine = new_engine(ir, {"us": GreedyPlayer(0), "ussr": GreedyPlayer(1)}, seed=0)
    for player in engine.players.values():
        player.engine = engine
    engine.run()
    wars = [i for i, e in enumerate(engine.events) if e["kind"] == "invasion"]
    assert wars
    for at in wars:
        start = max(i for i in range(at) if engine.events[i]["kind"] == "event")
        lines = told(lang, engine.events[start : at + 6])
        said = [n for n, line in enumerate(lines) if re.match(invades, line)]
        assert said, lines
        assert any(n > said[0] for n, line in enumerate(lines) if "rolls" in line or "бросок" in line), lines
