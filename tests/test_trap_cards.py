"""The opponent's cards that lower DEFCON, read from the rules (runtime/players/trap_cards.py), and what
holding one costs a position in the search's eyes (runtime/players/search.py, `playout_value`)."""

from __future__ import annotations

from typing import Any

from twilight.runtime.core.decisions import Decision
from twilight.runtime.core.engine import Engine
from twilight.runtime.core.sides import US, USSR
from twilight.runtime.players.search import TRAP_COST, TRAP_COST_AHEAD, playout_value
from twilight.runtime.players.trap_cards import defcon_lowering_cards, lowers_defcon, traps_held

from tests.helpers import compiled_ir, play_solo_until


def test_the_cards_whose_event_always_lowers_defcon_are_read_from_the_rules() -> None:
    """A `change_defcon` by a negative constant at the top of an event: Duck and Cover, We Will Bury
    You and KAL 007; not the Olympic Games (DEFCON falls only if the boycott is chosen), nor a card that
    raises DEFCON, nor one that sets it to a level chosen."""
    for ruleset in ("solo-v2", "standard"):
        found = defcon_lowering_cards(compiled_ir(ruleset))
        assert {"duck_and_cover", "we_will_bury_you", "soviets_shoot_down_kal_007"} <= found
        assert not found & {"olympic_games", "how_i_learned_to_stop_worrying", "nuclear_subs", "summit"}
    assert lowers_defcon([{"do": {"change_defcon": [-2]}}])
    assert lowers_defcon(
        [
            {"do": {"gain_vp": [{"ref": "side", "id": "us"}, 1]}},
            {"do": {"change_defcon": [{"op": "neg", "args": [1]}]}},
        ]
    )
    assert not lowers_defcon([{"do": {"change_defcon": [1]}}])
    assert not lowers_defcon([{"if": {"cond": True, "then": [{"do": {"change_defcon": [-1]}}]}}])
    assert not lowers_defcon(None)


def test_only_the_opponents_trap_cards_count() -> None:
    ir = compiled_ir("solo-v2")
    hand = ["duck_and_cover", "we_will_bury_you", "soviets_shoot_down_kal_007", "nuclear_subs"]
    assert traps_held(ir, hand, USSR) == 2  # (the US's events: Duck and Cover, KAL 007)
    assert traps_held(ir, hand, US) == 1  # (We Will Bury You)
    assert traps_held(ir, [], US) == 0


def test_a_trap_card_held_lowers_the_position_at_defcon_2_and_3_only() -> None:
    """The same position for the US, with and without We Will Bury You (the USSR's event: DEFCON falls
    by one) in its deck/hand: at DEFCON 2 it is worth `TRAP_COST` less, at DEFCON 3 `TRAP_COST_AHEAD`
    less, at DEFCON 4 the same."""
    found: dict[int, tuple[float, float]] = {}

    def act(engine: Engine, decision: Decision) -> None:
        state = engine.state
        hand: list[Any] = state.hands[US]
        if "we_will_bury_you" in hand:
            hand.remove("we_will_bury_you")
        for defcon in (2, 3, 4):
            state.defcon = defcon
            without = playout_value(engine, US)
            hand.append("we_will_bury_you")
            found[defcon] = (without, playout_value(engine, US))
            hand.remove("we_will_bury_you")

    play_solo_until(lambda d: d.name == "action_card" and d.side == US, act, seed=2)
    assert abs(found[2][0] - found[2][1] - TRAP_COST) < 1e-9
    assert abs(found[3][0] - found[3][1] - TRAP_COST_AHEAD) < 1e-9
    assert found[4][0] == found[4][1]
