"""The solo AI as a player: it answers the decisions the rules put to the AI side.

The AI's own turn (which card, which country) is run by the ruleset's procedures and priority lists; what
is left are the choices an event or a rule asks of the AI side (Warsaw Pact's countries when you play it
for operations, a free coup's target…). Those are answered here, from the ruleset's data:

- a `choose` over countries or cards is answered by the priority list `ai_answer_<intent>` (intent: what
  the choice's body does with the pick — place, remove, remove_own, place_opponent, coup, realign, other;
  see `program.choice_intent`), else `ai_answer_<country|card>`; every list takes `(ai: side)`, or
  `(ai: side, offered: list[...])` to be given the choices still offered, and picks among the decision's
  own options, so it can never pick an illegal one;
- the options of a `decide` are each played on a copy of the game and the one the ruleset's function
  `ai_position_value(ai)` rates highest is taken;
- anything else (yes/no offers) takes "yes" when offered, else the first option.

Every answer is traced (`ai_answer`: the decision, the list used or `default`), and each priority pick
traces its own `ai_choice` (option, tie-breaks), so the game can say why the AI answered as it did.

A ruleset is played against its AI when it has a setting `ai_side` naming the side the AI plays.
"""

from __future__ import annotations

import contextlib
import copy
import hashlib
import weakref
from collections.abc import Callable, Mapping
from typing import TYPE_CHECKING, Any

from twilight.runtime.core import registry
from twilight.runtime.core.decisions import Decision, Player
from twilight.runtime.core.dice import AverageDice
from twilight.runtime.core.engine import GameEnded
from twilight.runtime.core.frames import Frame
from twilight.runtime.core.sides import US, USSR

if TYPE_CHECKING:
    from twilight.runtime.core.engine import Engine
    from twilight.runtime.core.state import GameState


AI_SIDE_SETTING = registry.AI_SIDE.name
AI_ANSWER_INTENT_PREFIX = registry.AI_ANSWER_INTENT.prefix()


def ai_side_of(ir: dict[str, Any], settings: Mapping[str, Any] | None = None) -> str | None:
    """The side the ruleset's AI plays with these settings, or None for a game without an AI."""
    setting = ir.get("settings", {}).get(AI_SIDE_SETTING)
    if setting is None:
        return None
    value = (settings or {}).get(AI_SIDE_SETTING, setting["default"])
    return str(value)


class RulesAIPlayer:
    """Answers the AI side's decisions from the ruleset's `ai_answer_*` priority lists. Bind `engine`
    once the engine is built (the lists read the game state)."""

    def __init__(self) -> None:
        self.engine: Engine | None = None

    def decide(self, decision: Decision) -> Any:
        engine = self.engine
        if engine is None:
            raise RuntimeError("RulesAIPlayer.engine must be set before the game starts")
        # (its look-ahead copies pick by the lists natively once the module is built: the same answers)
        engine.program.use_native()
        with engine.ai_deciding():
            picks, used = self._answer(engine, decision)
        if not engine.dice_only_trace:  # (a quiet engine keeps only the dice)
            engine.trace("ai_answer", decision=decision.name, side=decision.side, answered_by=used)
        return picks[0] if decision.single else picks

    def _answer(self, engine: Engine, decision: Decision) -> tuple[list[Any], str]:
        tried = decision.context.get("try")
        if callable(tried) and decision.single and len(decision.options) > 1:
            value = engine.program.needed(registry.POSITION_VALUE)
            return [self._best_option(engine, decision, tried, value)], registry.POSITION_VALUE.name
        plist = self._list_for(engine, decision)
        if plist is None:
            if "yes" in decision.options:
                return ["yes"] * max(1, decision.min_count), "default"
            return list(decision.options[: max(1, decision.min_count)]), "default"
        domain = list(decision.options)
        picks: list[Any] = []
        # The picks of one answer look at one board (nothing is placed until all are made): in a copy
        # that keeps no trace of them, they share one memory of the rules' pure functions (and of the
        # lists picked under them), as the conditions of one pick do. (Not where each pick is traced, nor
        # in a game counting the rules' firings: a result remembered is traced and counted once.)
        shared = engine.dice_only_trace and engine.firings is None and engine.memo is None
        if shared:
            engine.memo = {}
        try:
            while len(picks) < decision.max_count and domain:
                frame = Frame(engine, self._arguments(plist, decision.side, domain))
                choice = plist.pick(frame, domain)
                if choice is None:
                    break
                picks.append(choice)
                if decision.distinct:
                    domain.remove(choice)
        finally:
            if shared:
                engine.memo = None
        # The list left some picks the decision still needs: the first options left, as offered.
        for option in list(domain):
            if len(picks) >= max(decision.min_count, 1 if decision.single else 0):
                break
            if not decision.distinct or option not in picks:
                picks.append(option)
        return picks, plist.name

    @staticmethod
    def _arguments(plist: Any, side: str, offered: list[Any]) -> dict[str, Any]:
        """An answer list's arguments: the AI's side, and the choices still offered when the list takes
        a second parameter (so that it can hand them on to another list, which then picks among them)."""
        values: dict[str, Any] = {plist.params[0]: side}
        if len(plist.params) > 1:
            values[plist.params[1]] = list(offered)
        return values

    @staticmethod
    def _best_option(engine: Engine, decision: Decision, tried: Any, value: Any) -> Any:
        """The option of a `decide` whose outcome, played on a copy of the game, the ruleset's
        `ai_position_value` rates highest for the AI (the first offered on a tie)."""

        def rate(option: Any) -> int:
            twin = what_if(engine, tried(option))
            return int(value.call(twin, decision.side))

        rated = [(rate(option), -i, option) for i, option in enumerate(decision.options)]
        if not engine.dice_only_trace:  # (a quiet engine keeps only the dice)
            engine.trace("ai_options_rated", decision=decision.name, values={str(o): v for v, _, o in rated})
        return max(rated)[2]

    @staticmethod
    def _list_for(engine: Engine, decision: Decision) -> Any:
        priorities = engine.program.priorities
        kind = _kind_of(engine.program.domain_sets, decision.options)
        if kind is None:
            return None
        intent = str(decision.context.get("intent", "other"))
        # The list of the choice's intent (registry.AI_ANSWER_INTENT, optional), then that of its kind:
        # the card list is needed, the country list optional (without it the first options offered).
        for name in (AI_ANSWER_INTENT_PREFIX + intent, AI_ANSWER_INTENT_PREFIX + kind):
            plist = priorities.get(name)
            if plist is not None and plist.target_type == kind:
                return plist
        if kind == "card":
            return engine.program.needed(registry.AI_ANSWER_CARD)
        return None


# ------------------------------------------------------------- the copies of the game the AI looks ahead in
def what_if(engine: Engine, happen: Callable[[Engine], None]) -> Engine:
    """A copy of the game after `happen` ran in it, the cards the AI cannot see dealt anew in it first
    (`deal_as_the_ai_sees`)."""
    players = {US: _LookAheadAI(), USSR: _LookAheadAI()}
    twin = engine.look_ahead_copy(players)
    for player in players.values():
        player.engine = twin
    if not engine.lookahead_depth:  # (a copy's own copies: it was dealt so already)
        deal_as_the_ai_sees(twin.state, twin.ir)
    # Its own dice: the AI must not foresee the real game's rolls (nor use up forced ones in a scenario).
    # It reckons with average luck: rolls of 4, 3, 4, 3… (so a rules author can work a condition out).
    twin.dice = AverageDice()
    twin.defcon_actor = engine.defcon_actor
    twin.lookahead_depth = engine.lookahead_depth + 1
    if twin.lookahead_depth <= 2:  # a condition inside a look-ahead may look ahead once more, no further
        with contextlib.suppress(GameEnded):
            happen(twin)
    return twin


def deal_as_the_ai_sees(state: GameState, ir: dict[str, Any]) -> None:
    """The cards the AI cannot see, dealt anew in a copy of the game it looks ahead in, as its average dice
    stand for the rolls to come: the rule book has it turn over its own deck/hand and read the public
    board, never look into your deck/hand, the draw pile, a face-down zone (the scoring deck) or your
    headline while it lies face down (the AI picks its own after yours). Your deck/hand (The China Card
    apart), the draw pile and that headline are dealt among themselves, each place keeping its size;
    each face-down zone in itself. The order dealt is a fixed scramble of the cards hidden there
    (`_scrambled`), so that what the AI works out depends on which cards are hidden, never on where they
    really lie: an event that draws from the pile, takes a card of yours at random or makes you choose
    among your top cards (Blockade, Missile Envy, Latin American Debt Crisis, Ask Not, Grain Sales) is
    weighed on cards a person at the table could not have seen either. The AI's own deck/hand stays as it
    is. A game without the ruleset's AI is left as it is. (Lists are changed in place, never replaced.)"""
    ai = ai_side_of(ir, state.settings)
    if ai not in (US, USSR):
        return
    human = USSR if ai == US else US
    china = registry.THE_CHINA_CARD.name
    draw, hand, headline = state.draw_pile, state.hands.get(human, []), state.headline
    face_down_headline = state.headline_face_down_to(ai)
    face_down = face_down_headline is not None
    held = [card for card in hand if card != china]
    cards = [*draw, *held, *([face_down_headline] if face_down_headline is not None else [])]
    cards.sort(key=_scrambled)
    draw[:] = cards[: len(draw)]
    dealt = iter(cards[len(draw) :])
    hand[:] = [card if card == china else next(dealt) for card in hand]
    if face_down:
        headline[human] = next(dealt)
    zones = ir.get("zones", {})
    for name, zone in state.zones.items():
        if zones.get(name, {}).get("face_down"):
            zone.sort(key=_scrambled)


def dealt_view(state: GameState, ir: dict[str, Any]) -> GameState:
    """The state as a copy the AI looks ahead in starts (`deal_as_the_ai_sees`), to compare the copy with:
    a shallow copy, with its own lists of the places dealt."""
    view = copy.copy(state)
    view.draw_pile = list(state.draw_pile)
    view.hands = {side: list(cards) for side, cards in state.hands.items()}
    view.headline = dict(state.headline)
    view.zones = {name: list(cards) for name, cards in state.zones.items()}
    deal_as_the_ai_sees(view, ir)
    return view


_SCRAMBLED: dict[str, bytes] = {}  # (each card's key, worked out once per process)


def _scrambled(card: str) -> bytes:
    """A card's place in the fixed order the hidden cards are dealt in: a hash of its name (the same in
    every process, unlike Python's own hash of a string), so the order looks like a shuffle's and never
    follows the cards' names or their real places."""
    key = _SCRAMBLED.get(card)
    if key is None:
        found = hashlib.blake2b(card.encode(), digest_size=8, person=b"ai-look-ahead")
        key = _SCRAMBLED[card] = found.digest()
    return key


class _LookAheadAI(RulesAIPlayer):
    """The AI that answers a side in a copy of the game (`what_if`), holding its copy weakly. A copy and
    its players would otherwise hold each other, and every copy would wait, with its whole state, for the
    garbage collector instead of going as soon as nothing else holds it (its game's cache, the option
    being rated). The copy outlives every question it asks them."""

    _held: weakref.ref[Engine] | None

    @property
    def engine(self) -> Engine | None:
        held = self._held
        return held() if held is not None else None

    @engine.setter
    def engine(self, engine: Engine | None) -> None:
        self._held = weakref.ref(engine) if engine is not None else None


def _kind_of(domains: Mapping[str, frozenset[Any]], options: list[Any]) -> str | None:
    """ "country" or "card" when every option is one, else None."""
    if not options:
        return None
    try:
        # (a loop: in 3.11 a generator is a function made at each call, and the AI answers by the thousand)
        for kind in ("country", "card"):
            if domains[kind].issuperset(options):
                return kind
    except TypeError:  # an option that is no name (a list): neither
        return None
    return None


def players_with_ai(
    ir: dict[str, Any], settings: Mapping[str, Any] | None, others: Mapping[str, Player]
) -> tuple[dict[str, Player], RulesAIPlayer | None]:
    """The players of a game: the AI side (if the ruleset has one) answered by a RulesAIPlayer, the other
    sides by `others`. Returns the AI player too, to bind its engine."""
    side = ai_side_of(ir, settings)
    players = dict(others)
    if side is None:
        return players, None
    ai = RulesAIPlayer()
    players[side] = ai
    return players, ai
