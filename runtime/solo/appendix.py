"""The solo AI's card appendix: which entry applies at this moment, and the block that replaces a
card's event in a game against the AI.

Importing this module registers its primitives (`impl`) and the appendix as what replaces a card's event
(`card_play.replace_events_with`): the core's primitives know no appendix. The facade (runtime/game.py)
imports it for every game it makes."""

from __future__ import annotations

from typing import TYPE_CHECKING, Any

from twilight.runtime.core import registry
from twilight.runtime.core.frames import Frame, Stmt
from twilight.runtime.core.primitives.card_play import replace_events_with
from twilight.runtime.core.primitives.core import SIDES, impl, other
from twilight.runtime.core.state import PRIMARY_REGION_VARIABLE
from twilight.runtime.solo.ai import AI_SIDE_SETTING

if TYPE_CHECKING:
    from twilight.runtime.core.engine import Engine


# The moments each moment of an entry stands for besides itself (`action_round`: both kinds of round).
_STANDS_FOR = registry.MOMENT_STANDS_FOR


@impl()
def note_drawn(engine: Engine, side: str, cards: list[str]) -> None:
    engine.state.drawn_this_round[side] = list(cards)


impl("drawn_this_round")(lambda e, side: list(e.state.drawn_this_round[side]))


@impl()
def has_appendix_entry(engine: Engine, card: str) -> bool:
    return card in engine.program.appendix


@impl()
def appendix_allows(engine: Engine, card: str, moment: str, ai: str) -> bool:
    """The entry names the moment and its condition holds. `action_round` in an entry stands for both
    kinds of round; a scoring round named with a region needs that region to be the Primary one."""
    return _appendix_event(engine, card, moment, ai) is not None


def _appendix_event(engine: Engine, card: str, moment: str, ai: str, checked: bool = True) -> Any:
    """The first event of the card's entry that names the moment and whose condition holds (or, not
    `checked`, the first that names it), or None."""
    entry = engine.program.appendix.get(card)
    if entry is None:
        return None
    firings = engine.firings if checked else None  # (the AI asking its appendix: counted)
    if firings is not None:
        firings["appendix", card] += 1
    region = engine.state.vars.get(PRIMARY_REGION_VARIABLE)
    frame = Frame(engine, {"ai": ai, "human": other(ai), "region": region, "this_card": card})
    for event in entry.events:
        named = False  # (a loop: in 3.11 a generator expression makes a function, and cells, each time)
        for m, r in event.moments:
            if (m == moment or moment in _STANDS_FOR.get(m, ())) and (r is None or r == region):
                named = True
                break
        if named and (not checked or event.when is None or event.when(frame)):
            if firings is not None:
                firings["appendix", card, "held"] += 1
            return event
    return None


def _moment(engine: Engine) -> str:
    """The appendix's name for now (the headline, a scoring round or a round that does not score), as
    the ruleset's function says (registry.APPENDIX_MOMENT)."""
    return str(engine.program.needed(registry.APPENDIX_MOMENT).call(engine))


def appendix_block(engine: Engine, owner: str, card: str) -> tuple[str, Stmt, dict[str, Any]] | None:
    """In a game against the ruleset's AI, the appendix block that replaces the card's event, with its
    variables: for the AI's event, the `resolve` of the entry's line for this moment (when its condition
    holds), else `against_human`; for your event, `reaction`. None: the card's own event."""
    entry = engine.program.appendix.get(card)
    if entry is None:
        return None
    ai = engine.state.settings.get(AI_SIDE_SETTING)
    if ai not in SIDES:
        return None
    block: tuple[str, Stmt] | None
    if owner == ai:
        # A look-ahead plays the event as the AI would at this moment: its condition is what is being
        # decided, so it is not checked again inside the copy.
        line = _appendix_event(engine, card, _moment(engine), ai, checked=engine.lookahead_depth == 0)
        if line is not None and line.resolve is not None:
            block = ("resolve", line.resolve)
        else:
            block = ("against_human", entry.against_human) if entry.against_human is not None else None
    else:
        block = ("reaction", entry.reaction) if entry.reaction is not None else None
    if block is None:
        return None
    # The AI's side in the block: the owner, but for the AI's reaction to your event.
    ai = other(owner) if block[0] == "reaction" else owner
    variables = {
        "ai": ai,
        "human": other(ai),
        "region": engine.state.vars.get(PRIMARY_REGION_VARIABLE),
        "this_card": card,
    }
    return block[0], block[1], variables


replace_events_with(appendix_block)
