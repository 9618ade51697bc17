"""`why` against the computer (the standard game) tells its last choices and the scores of the answers it
weighed; but never a card the person cannot see. Asked at the person's headline, it named the computer's
face-down headline ("it answered: Duck and Cover") and, among the answers weighed, other cards of its
hand: the person read the opponent's headline before choosing their own, and its hand. A card still
hidden from the person (in the computer's hand, or its headline face down) is now said as such; once
the headlines are turned over, the headline is named."""

from __future__ import annotations

import random

import pytest
from twilight.api import Game, State
from twilight.cli.session.computer import ComputerChoice, hidden_from, why_lines
from twilight.cli.session.text import PlayText
from twilight.runtime.core.decisions import Decision

HIDDEN = {"en": "a card hidden from you", "ru": "скрытая от вас карта"}


def at_the_us_headline() -> State:
    """A standard game of turn 1: the USSR (the computer) has chosen its headline, face down; the US (the
    person) to choose its own."""
    rng = random.Random(5)
    state = Game("standard").new_initial_state()
    while state.is_chance_node() or state.decision().name != "headline_card" or state.decision().side != "us":
        state.apply_action(rng.choice(state.legal_actions()))
    return state


@pytest.mark.parametrize("lang", ["en", "ru"])
def test_why_names_no_card_the_person_cannot_see(lang: str) -> None:
    state = at_the_us_headline()
    engine = state.engine
    headline = engine.state.headline["ussr"]
    hand = [c for c in engine.state.hands["ussr"] if c != "the_china_card"]
    assert headline is not None and len(hand) >= 2
    text = PlayText("standard", lang, engine.ir)
    asked = Decision("headline_card", "ussr", [headline, *hand], 1, 1, True, {})
    choice = ComputerChoice(asked, headline, [(headline, 0.52), (hand[0], 0.51), (hand[1], 0.5)], 16)
    said = "\n".join(why_lines(text, [choice], hidden_from(engine, "us")))
    for card in (headline, *hand):
        assert text.option(card) not in said, (card, said)
    assert HIDDEN[lang] in said
    # Told nothing of the person's view (the browser's page): the cards hidden when the computer chose
    # (recorded with its choice) stay hidden; with nothing recorded, they are named.
    kept = ComputerChoice(asked, headline, choice.weighed, 16, secret=frozenset(hidden_from(engine, "us")))
    assert text.option(headline) not in "\n".join(why_lines(text, [kept]))
    assert text.option(headline) in "\n".join(why_lines(text, [choice]))


def test_the_headline_is_named_once_turned_over() -> None:
    state = at_the_us_headline()
    engine = state.engine
    headline = engine.state.headline["ussr"]
    assert headline in hidden_from(engine, "us")
    state.apply_answer(state.decision().options[0])  # the US headline: both are turned over
    assert headline not in hidden_from(state.engine, "us")
