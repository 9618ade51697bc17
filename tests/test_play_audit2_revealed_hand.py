"""Aldrich Ames Remix at the terminal: the US hand, face up to the USSR, is shown in a panel of its own at
the USSR's questions for the rest of the turn; but at the event's own question, which card of that hand
to discard, the cards to choose from are that hand: the panel would show the same cards a second time
(under the "US shows" line that names them a third), so it is left out there."""

from __future__ import annotations

import io
import random

from helpers import settle, ussr_first_card_with
from rich.console import Console
from twilight.api import Game, State
from twilight.cli.play.screen import Screen
from twilight.cli.session.text import PlayText

CARD = "aldrich_ames_remix"


def at_the_discard() -> State:
    """A standard game of turn 1, the USSR's Aldrich Ames Remix just played for its event (the card put in
    its hand before the headlines): the USSR to choose the US card discarded."""
    state, rng = ussr_first_card_with(Game("standard"), CARD, seed=2)
    state.apply_answer(CARD)
    state.apply_answer("event")
    settle(state, rng)
    return state


def test_the_revealed_hand_is_not_shown_twice_at_the_discard() -> None:
    state = at_the_discard()
    decision = state.decision()
    assert decision.name == "aldrich_ames_discard"
    engine = state.engine
    text = PlayText("standard", "en", engine.ir)
    screen = Screen(Console(file=io.StringIO(), width=200), text, engine, False)
    assert screen.cards_part(decision, "full") is not None  # the US hand, as the cards to choose from
    assert screen.revealed_part(decision, "full") is None
    # The USSR's next question of the turn shows the hand in its panel (the discard taken, the US to play).
    state.apply_answer(decision.options[0])
    rng = random.Random(3)
    while True:
        settle(state, rng)
        later = state.decision()
        if later.side == "ussr" and later.name == "action_card":
            break
        state.apply_action(rng.choice(state.legal_actions()))
    screen.engine = state.engine
    assert screen.revealed_part(later, "full") is not None
