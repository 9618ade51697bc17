"""`?` at a question the rules' own steps ask, no card's event (the standard setup's influence, the held
cards discarded at a turn's end), explains it without "this event" (cli/session/mechanics.py), in each
language; a card's choice of the same intent still says "this event"."""

from __future__ import annotations

import pytest
from twilight.cli.session.mechanics import mechanics_line
from twilight.cli.session.text import PlayText
from twilight.runtime.core.decisions import Decision

from tests.helpers import compiled_ir

EVENT = {"en": "This event", "ru": "Это событие"}
RULES = {"en": "the rules themselves", "ru": "сами правила"}


@pytest.mark.parametrize("lang", ["en", "ru"])
@pytest.mark.parametrize("ruleset", ["standard", "solo-v2"])
def test_the_setups_influence_is_not_called_an_event(ruleset: str, lang: str) -> None:
    t = PlayText(ruleset, lang, compiled_ir(ruleset))
    for name, intent in (
        ("ussr_setup_influence", "place"),
        ("us_setup_influence", "place"),
        ("discard_held_cards", "discard"),
    ):
        said = mechanics_line(t, Decision(name, "ussr", ["poland"], 1, 1, True, {"intent": intent}))
        assert EVENT[lang] not in said and RULES[lang] in said.casefold(), (name, said)
    # A card's choice (Decolonization's countries: asked by the card's event) is an event's.
    card_choice = Decision("decolonization_countries", "ussr", ["angola"], 1, 1, True, {"intent": "place"})
    assert mechanics_line(t, card_choice).startswith(EVENT[lang])
