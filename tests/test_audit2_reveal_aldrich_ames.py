"""Card 98 Aldrich Ames Remix keeps the US hand face up to the USSR for the rest of the turn (card text
(deluxe) · 98: "The US reveals their hand of cards for the remainder of the turn"): its lasting status
`hand_revealed(us, ussr)`. While a rule gives it, the whole US hand, a card gained after the event too, is
in the USSR's view (runtime/core/shown.py); once the turn ends it is not. The search keeps those cards
where they lie instead of dealing them anew."""

from __future__ import annotations

import dataclasses
import json
import random

import pytest
from helpers import play_aldrich_ames, ussr_first_card_with
from twilight.api import Game, State
from twilight.runtime.core.shown import cards_revealed_to, hand_revealed_to
from twilight.runtime.players import search

CARD = "aldrich_ames_remix"


@pytest.fixture(scope="module")
def standard() -> Game:
    return Game("standard")


def after_aldrich_ames(game: Game) -> tuple[State, random.Random]:
    """A standard game of turn 1 just after the USSR played Aldrich Ames Remix for its event (the card put
    in its hand before the headlines): the US to choose its first card of the turn."""
    state, rng = ussr_first_card_with(game, CARD, seed=2)
    play_aldrich_ames(state, rng)
    return state, rng


def gain(state: State, card: str) -> None:
    """The US gains `card` (as a draw or an event would give it), the state read as it then stands."""
    engine = state.engine.clone()
    engine.state.hands["us"].append(card)
    state._now = engine


def test_a_card_the_us_gains_after_the_event_is_in_the_ussr_view(standard: Game) -> None:
    state, _ = after_aldrich_ames(standard)
    late = next(c for c in state.engine.state.draw_pile)
    gain(state, late)
    assert hand_revealed_to(state.engine, "ussr") == ["us"]
    assert hand_revealed_to(state.engine, "us") == []
    assert late in cards_revealed_to(state.engine, "ussr")
    seen = json.loads(state.observation_string(1))["other_hand"]
    assert sorted(seen) == sorted(state.engine.state.hands["us"])
    assert late in seen
    assert late in state.information_state_string(1).splitlines()[-1]
    # the US does not see the USSR's hand for it
    assert json.loads(state.observation_string(0))["other_hand"] == len(state.engine.state.hands["ussr"])


def test_the_hand_is_hidden_again_when_the_turn_ends(standard: Game) -> None:
    state, rng = after_aldrich_ames(standard)
    while not state.is_terminal() and state.engine.state.turn == 1:
        state.apply_action(rng.choice(state.legal_actions()))
    assert not state.is_terminal()
    assert hand_revealed_to(state.engine, "ussr") == []
    us_hand = state.engine.state.hands["us"]
    assert json.loads(state.observation_string(1))["other_hand"] == len(us_hand)
    last = state.information_state_string(1).splitlines()[-1]
    assert not any(f'"{c}"' in last for c in us_hand if c not in state.engine.state.discard)


def test_the_search_keeps_a_revealed_hand_where_it_lies(standard: Game) -> None:
    state, rng = after_aldrich_ames(standard)
    while state.is_chance_node() or state.decision().side != "ussr":
        state.apply_action(rng.choice(state.legal_actions()))
    assert state.engine.state.turn == 1
    engine = state.engine.clone()
    known = search._seen_at(engine, state.decision())
    assert set(engine.state.hands["us"]) <= known
    us_hand = list(engine.state.hands["us"])
    for seed in range(5):
        twin = engine.clone()
        revealed = cards_revealed_to(twin, "ussr")
        search.determinize(twin.state, twin.ir, "ussr", known, random.Random(seed), revealed)
        assert twin.state.hands["us"] == us_hand


@pytest.mark.parametrize(("lang", "title"), [("en", "hand, face up to you"), ("ru", "Карты на руке")])
def test_the_terminal_and_the_browser_show_the_revealed_hand(standard: Game, lang: str, title: str) -> None:
    import io
    from types import SimpleNamespace

    from rich.console import Console
    from twilight.cli.play.screen import Screen
    from twilight.cli.session.text import PlayText
    from twilight.cli.web.page import GamePage

    state, rng = after_aldrich_ames(standard)
    while state.is_chance_node() or state.decision().side != "ussr":
        state.apply_action(rng.choice(state.legal_actions()))
    late = next(c for c in state.engine.state.draw_pile)
    gain(state, late)
    engine = state.engine
    text = PlayText("standard", lang, standard.ir)
    out = io.StringIO()
    console = Console(file=out, width=200)
    screen = Screen(console, text, engine, False)
    part = screen.revealed_part(state.decision(), "full")
    assert part is not None
    console.print(part)
    for card in engine.state.hands["us"]:
        assert text.card(card) in out.getvalue()
    assert title in out.getvalue()
    # the browser's page of the same game (only the parts the revealed hand needs)
    page = object.__new__(GamePage)
    page.text, page.engine, page.state = text, engine, engine.state
    page.view = SimpleNamespace(person="ussr")
    html = page.revealed_hand()
    assert 'id="hand-revealed"' in html and text.card(late) in html.replace("&#x27;", "'")
    page.view = SimpleNamespace(person="us")  # (the USSR's hand is not shown to the US)
    assert page.revealed_hand() == ""
    # at the US's own question nothing of the USSR's hand is shown
    us = dataclasses.replace(state.decision(), side="us")
    assert screen.revealed_part(us, "full") is None
