"""What `undo` may take back, read from a trace (cli/session/undo.py), and why a coup is not offered, read
from the rules' prohibitions (cli/session/why_not.py, Engine.refusals)."""

from __future__ import annotations

from typing import Any

import pytest
from twilight.cli.session.text import PlayText
from twilight.cli.session.undo import Refusal, undo_point
from twilight.cli.session.why_not import why_not_lines
from twilight.compiler import api
from twilight.runtime.core.primitives.operations import attack_refusals
from twilight.runtime.game import new_engine
from twilight.runtime.solo.ai import players_with_ai

IR: dict[str, Any] = {"zones": {"deck": {"face_down": True}, "shown": {"face_down": False}}}


def decision(side: str) -> dict[str, Any]:
    return {"kind": "decision", "side": side}


def point(events: list[dict[str, Any]], forced: frozenset[int] = frozenset(), hot_seat: bool = False) -> Any:
    answers = [[e["side"], "x"] for e in events if e["kind"] == "decision"]
    return undo_point(events, answers, "us", hot_seat, set(forced), IR)


def test_the_last_own_answer_is_taken_back_with_the_ai_answers_after_it() -> None:
    events = [decision("us"), decision("us"), {"kind": "influence"}, decision("ussr")]
    assert point(events) == 1


def test_nothing_before_the_first_answer() -> None:
    assert point([{"kind": "turn"}]) == Refusal("play-undo-nothing")


def test_an_answer_taken_for_the_player_goes_back_with_the_one_before() -> None:
    events = [decision("us"), decision("us"), decision("us")]
    assert point(events, forced=frozenset({1, 2})) == 0
    assert point(events, forced=frozenset({0, 1, 2})) == Refusal("play-undo-nothing")


def test_hot_seat_never_goes_back_across_a_hand_over() -> None:
    events = [decision("us"), decision("ussr")]
    assert point(events, hot_seat=True) == Refusal("play-undo-hand-over", {"side": "ussr"})
    assert point([*events, decision("us")], hot_seat=True) == 2


def test_a_die_after_the_answer_refuses_and_names_the_coup() -> None:
    events = [decision("us"), {"kind": "die", "value": 3}, {"kind": "coup", "country": "italy"}]
    assert point(events) == Refusal("play-undo-dice", {"what": ("play-undo-what-coup", {"country": "italy"})})
    # A die before the answer is no obstacle.
    assert point([{"kind": "die", "value": 3}, decision("us")]) == 0


def test_a_die_in_an_event_names_the_event() -> None:
    events = [{"kind": "event", "card": "brush_war"}, decision("us"), {"kind": "die", "value": 1}]
    assert point(events) == Refusal(
        "play-undo-dice", {"what": ("play-undo-what-event", {"card": "brush_war"})}
    )


@pytest.mark.parametrize(
    ("shown", "what"),
    [
        ({"kind": "dealt", "side": "us", "hand": 8}, ("play-undo-what-dealt", {"side": "us"})),
        ({"kind": "headlines", "us": "a", "ussr": "b"}, ("play-undo-what-headlines", {})),
        (
            {"kind": "play", "side": "ussr", "card": "nasser"},
            ("play-undo-what-play", {"side": "ussr", "card": "nasser"}),
        ),
    ],
)
def test_a_hidden_card_shown_after_the_answer_refuses(shown: dict[str, Any], what: Any) -> None:
    assert point([decision("us"), shown]) == Refusal("play-undo-hidden", {"what": what})


def test_the_players_own_card_played_is_no_secret() -> None:
    assert point([decision("us"), {"kind": "play", "side": "us", "card": "nasser"}]) == 0


def test_a_card_turned_up_from_a_face_down_zone_refuses() -> None:
    into_deck = {"kind": "zone", "card": "asia_scoring", "zone": "deck"}
    turned_up = {"kind": "zone", "card": "asia_scoring", "zone": "shown"}
    refused = Refusal("play-undo-hidden", {"what": ("play-undo-what-turned-up", {"card": "asia_scoring"})})
    assert point([into_deck, decision("us"), turned_up]) == refused
    # Moved between face-up zones, or put face down: nothing comes out of hiding.
    assert point([turned_up, decision("us"), {**turned_up, "zone": "deck"}]) == 0


class Stop(Exception):
    pass


def test_why_no_coup_comes_from_every_prohibition_of_the_rules() -> None:
    """Seed 27, answered with the first option each time: the first operations question offers only
    influence (this round's regions hold no USSR influence)."""
    ir = api.compile_target("solo-v2").ir
    engine = new_engine(ir, {}, seed=27, settings={"ai_side": "ussr", "level": "normal"})
    asked: list[Any] = []

    class First:
        def decide(self, d: Any) -> Any:
            if d.name == "operations":
                asked.append(d)
                raise Stop
            return d.options[0] if d.single else d.options[: max(d.min_count, 1)]

    players, ai = players_with_ai(ir, engine.state.settings, {"us": First()})
    engine.players = players
    ai.engine = engine
    with pytest.raises(Stop):
        engine.run()
    (ops,) = asked
    assert "coup" not in ops.options and "realign" not in ops.options
    refusals = attack_refusals(engine, "us", "coup", ops.context.get("card"))
    assert refusals and all(refusals.values())
    for country, codes in refusals.items():
        # Every reason, the first of them the one `forbidden` gives.
        assert codes[0] == engine.forbidden("coup", actor="us", card=ops.context.get("card"), target=country)
    assert any(len(codes) > 1 for codes in refusals.values())
    for lang, words in (("en", "are not offered"), ("ru", "не предлагаются")):
        (line,) = why_not_lines(PlayText("solo-v2", lang, ir), engine, ops)
        assert words in line and "refusal-" not in line
