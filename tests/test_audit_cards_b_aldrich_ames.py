"""Card 98 Aldrich Ames Remix shows the US hand to the USSR (card text (deluxe) · 98: "The US reveals
their hand of cards for the remainder of the turn"). Its lasting status `hand_revealed` is read by no part
of the game, so the event shows the hand itself: the trace holds a `hand_revealed` event to the USSR with
the US cards, which the USSR's view of the game (api/views.py) and the game log tell."""

from __future__ import annotations

from pathlib import Path

from twilight.harness.scenario import Scenario

ROOT = Path(__file__).resolve().parent
SCENARIO = ROOT / "scenarios" / "standard" / "audit_cards_b_098_aldrich_ames_discard.yaml"


def test_aldrich_ames_shows_the_us_hand_to_the_ussr() -> None:
    scenario = Scenario(SCENARIO)
    scenario.load()
    scenario.build(None)
    scenario.run_steps()
    assert scenario.engine is not None
    shown = [e for e in scenario.engine.events if e["kind"] == "hand_revealed"]
    assert len(shown) == 1
    assert shown[0]["side"] == "us" and shown[0]["to"] == "ussr"
    assert sorted(shown[0]["cards"]) == sorted(["panama_canal_returned", "sadat_expels_soviets"])
