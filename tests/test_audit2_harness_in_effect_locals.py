"""A scenario file's `state.in_effect` puts an event's lasting effects in play without running the event.
Chernobyl's (card 94) forbids the USSR's influence in the region its event chose, which no scenario key
gives: the file gets a FAIL at the key's line and column saying so, never an internal error (the rules'
KeyError when the effect acted). A lasting effect that reads nothing of its event still starts."""

from __future__ import annotations

from pathlib import Path

import pytest
from twilight.harness.scenario import _event_values_read, run_file

CHERNOBYL = """\
name: Chernobyl in effect
ruleset: standard
setup: empty
state:
  turn: 8
  in_effect: [{item}]
  hands: {{ussr: [98]}}
steps:
  - play: {{side: ussr, card: 98, as: influence, targets: [poland, poland, poland]}}
expect:
  influence: {{poland: {{ussr: 3}}}}
"""


@pytest.mark.parametrize(
    ("item", "where"),
    [("94", "6:15: state.in_effect[0]"), ("{card: 94, by: us}", "6:16: state.in_effect[0].card")],
)
def test_a_lasting_effect_needing_its_events_choice_is_refused_at_its_key(
    tmp_path: Path, item: str, where: str
) -> None:
    path = tmp_path / "chernobyl.yaml"
    path.write_text(CHERNOBYL.format(item=item), encoding="utf-8")
    result = run_file(path)
    assert not result.passed
    assert "internal error" not in result.reason
    assert where in result.reason
    assert "needs values its event chooses (region)" in result.reason
    assert "play the card as a step instead" in result.reason


def test_a_lasting_effect_reading_nothing_of_its_event_still_starts(tmp_path: Path) -> None:
    path = tmp_path / "nuclear_subs.yaml"
    # (Nuclear Subs, card 41: US coups do not lower DEFCON until the turn ends; nothing of its event read)
    path.write_text(CHERNOBYL.format(item="41"), encoding="utf-8")
    result = run_file(path)
    assert result.passed, result.reason


def test_only_chernobyl_of_the_standard_cards_needs_its_events_choice() -> None:
    from helpers import compiled_ir

    ir = compiled_ir("standard")
    needing = {name: _event_values_read(card.get("event")) for name, card in ir["cards"].items()}
    assert {name: values for name, values in needing.items() if values} == {"chernobyl": ["region"]}
