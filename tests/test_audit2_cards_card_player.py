"""`card_player`, the side that played the card, bound in every card's event (docs/language.md · Cards):
Defectors (card 103) gives the US 1 VP only when the USSR plays it, not when the US plays it in the USSR's
action round (tests/scenarios/standard/audit2_cards_103_*.yaml). The variable belongs to the event's run:
a lasting effect the event starts keeps none of it (its context has `owner`, not `card_player`), so the
game's state, its saves and its fingerprint are those of before."""

from __future__ import annotations

from pathlib import Path

import pytest
from helpers import compiled_ir
from twilight.harness.scenario import run_file
from twilight.runtime.core import registry
from twilight.runtime.core.primitives import play_event
from twilight.runtime.game import new_engine


def test_the_event_context_declares_card_player() -> None:
    assert registry.CONTEXTS["event"]["card_player"] == "side"
    assert "card_player" not in registry.CONTEXTS["lasting"]


@pytest.mark.parametrize(("side", "card"), [("us", "north_sea_oil"), ("us", "nuclear_subs")])
def test_a_lasting_effect_started_by_an_event_keeps_no_card_player(side: str, card: str) -> None:
    engine = new_engine(compiled_ir("standard"), {}, seed=1)
    play_event(engine, side, card)
    started = [effect for effect in engine.state.in_effect if effect.card == card]
    assert started, f"{card}'s event started no lasting effect"
    for effect in started:
        assert "card_player" not in effect.vars, effect


SOLO_AI_PLAYS_DEFECTORS = """\
name: >-
  Solo: the AI (USSR) reveals Defectors, your card, in its action round (its Space Race attempt used):
  your event happens first (P3.2), the AI having played the card: you gain 1 VP, then it spends the ops.
ruleset: solo-v2
options: {ai_side: ussr}
setup: empty
state:
  primary_region: europe
  secondary_region: asia
  scoring_round: false
  space_attempts: {ussr: 1}
  influence: {poland: {ussr: 1}}
  hands: {ussr: [103]}
steps:
  - ai_action_round: true
expect:
  vp: 1
  discard_contains: [103]
  ai_decisions:
    - {what: action, card: 103, rule: human_event_then_ops}
"""


def test_the_solo_ai_playing_your_defectors_for_its_ops_still_gives_you_the_vp(tmp_path: Path) -> None:
    # (its rules play your event with `play_event(human, card)`, in its own round: the phasing side plays
    # the card, so `card_player` is the USSR, as the card wants)
    path = tmp_path / "solo_ai_defectors.yaml"
    path.write_text(SOLO_AI_PLAYS_DEFECTORS, encoding="utf-8")
    result = run_file(path)
    assert result.passed, result.reason
