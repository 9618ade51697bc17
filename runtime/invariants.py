"""The game's invariants, checked while a game runs: by random playouts in the tests and by
`twilight simulate`.

`CheckedEngine` checks after each trace event (or only at action-round and turn boundaries, which is
cheap enough for long simulations) and before each decision: influence >= 0 everywhere; DEFCON 1-5; VP an
int, and no play goes on at |VP| >= 20 outside final scoring; military operations 0-5; space race 0-8;
every card of the periods dealt in exactly one place (hands, draw pile, discard, removed; cards being
played or headlined may be in none until the next action round or turn begins, when all must be back);
The China Card in none of those, with one holder; turn 1-10. `check_finished` states what must hold once
a game is over. A broken invariant raises `InvariantViolation` naming the seed, turn, round and step.
"""

from __future__ import annotations

from collections.abc import Mapping
from typing import Any

from . import registry
from .decisions import Decision, Player
from .engine import Engine
from .state import SIDES


class InvariantViolation(AssertionError):
    pass


class CheckingPlayer:
    """Checks the engine's invariants before each answer (the state a decision is made in)."""

    def __init__(self, inner: Player) -> None:
        self.inner = inner
        self.engine: CheckedEngine | None = None

    def decide(self, decision: Decision) -> Any:
        assert self.engine is not None
        if self.engine.every_event:
            self.engine.check(f"decision {decision.name} of {decision.side}")
        if not decision.options:
            raise InvariantViolation(f"seed {self.engine.seed}: {decision.name} offers no options")
        return self.inner.decide(decision)


class CheckedEngine(Engine):
    """An engine that checks every invariant after each trace event and before each decision."""

    def __init__(
        self,
        ir: dict[str, Any],
        players: Mapping[str, Player],
        seed: int,
        every_event: bool = True,
        **kw: Any,
    ) -> None:
        self.every_event = every_event  # False: only at action-round and turn boundaries
        checking = {side: CheckingPlayer(p) for side, p in players.items()}
        super().__init__(ir, checking, seed=seed, **kw)
        for p in checking.values():
            p.engine = self
        self.periods: list[str] = []  # periods added to the deck so far
        self.in_play: set[str] = set()  # cards played or headlined since the last round / turn began
        self.checks = 0
        self._expected: dict[tuple[str, ...], set[str]] = {}
        self._china = [n for n, c in ir["cards"].items() if c["no_event"]]

    # every step the engine reports
    def trace(self, kind: str, **data: Any) -> None:
        super().trace(kind, **data)
        if kind == "deck_added":
            self.periods.append(str(data["period"]))
        if kind in ("action_round", "turn"):
            self.check(f"{kind} boundary", strict_cards=True)
            self.in_play.clear()
        if kind in ("play", "event"):  # an event may take its card from a hand or a pile (Grain Sales)
            self.in_play.add(str(data["card"]))
        if kind == "headlines":
            self.in_play.update(str(c) for c in (data["us"], data["ussr"]) if c is not None)
        if kind == "headline_cancelled":
            self.in_play.add(str(data["card"]))
        if self.every_event:
            self.check(f"after trace event {kind}")

    def expected_cards(self) -> set[str]:
        """The cards of every period added to the deck so far (The China Card is never among them)."""
        key = tuple(self.periods)
        if key not in self._expected:
            optional = bool(self.state.settings.get(registry.OPTIONAL_CARDS.name, False))
            self._expected[key] = {
                name
                for name, info in self.ir["cards"].items()
                if info["period"] in key and (optional or not info["optional"]) and not info["no_event"]
            }
        return self._expected[key]

    def fail(self, where: str, what: str) -> None:
        s = self.state
        raise InvariantViolation(
            f"seed {self.seed}, turn {s.turn}, round {s.action_round}, event #{len(self.events)} "
            f"({where}): {what}"
        )

    def check(self, where: str, strict_cards: bool = False) -> None:
        self.checks += 1
        s = self.state
        for country, inf in s.influence.items():
            for side in SIDES:
                if not isinstance(inf[side], int) or inf[side] < 0:
                    self.fail(where, f"influence {side} in {country} is {inf[side]!r}")
        if not (isinstance(s.defcon, int) and 1 <= s.defcon <= 5):
            self.fail(where, f"DEFCON is {s.defcon!r}")
        if not isinstance(s.vp, int) or isinstance(s.vp, bool):
            self.fail(where, f"VP is {s.vp!r}")
        if abs(s.vp) >= 20 and not s.in_final_scoring and not s.game_over and self.events[-1]["kind"] != "vp":
            self.fail(where, f"VP is {s.vp} and the game goes on")
        for side in SIDES:
            if not 0 <= s.milops[side] <= 5:
                self.fail(where, f"military operations of {side}: {s.milops[side]}")
            if not 0 <= s.space[side] <= 8:
                self.fail(where, f"space race box of {side}: {s.space[side]}")
        if not 1 <= s.turn <= 10:
            self.fail(where, f"turn {s.turn}")
        if s.china_holder not in SIDES:
            self.fail(where, f"The China Card is held by {s.china_holder!r}")
        places = s.card_locations()
        for card in self._china:
            # solo: it may sit in its holder's deck/hand
            if card in places and places.pop(card) != [f"hand:{s.china_holder}"]:
                self.fail(where, "The China Card is in a pile or in the hand of the side not holding it")
        for card, where_ in places.items():
            if len(where_) != 1:
                self.fail(where, f"{card} is in {len(where_)} places: {where_}")
            if card not in self.ir["cards"]:
                self.fail(where, f"unknown card {card!r} in {where_}")
        expected = self.expected_cards()
        # solo: every scoring card marks regions from the setup on, before its period joins the deck
        extra = set(places) - expected - {*s.scoring_deck, *s.scoring_discard, *s.scoring_revealed}
        if extra:
            self.fail(where, f"cards that never joined the deck: {sorted(extra)}")
        # a headline card is out of every pile from its choice until it is resolved
        headlines = {c for c in s.headline.values() if c is not None}
        missing = expected - set(places) - headlines
        if not strict_cards:
            missing -= self.in_play
        if missing:
            self.fail(where, f"cards nowhere: {sorted(missing)}")


def check_finished(engine: Engine) -> None:
    """What must hold once `run()` returns; raises `InvariantViolation` otherwise."""
    s = engine.state
    where = f"seed {engine.seed}"
    if not (s.game_over):
        raise InvariantViolation(f"{where}: run() returned but the game is not over (turn {s.turn})")
    if s.winner not in ("us", "ussr", "draw"):
        raise InvariantViolation(f"{where}: winner {s.winner!r}")
    if not (s.end_reason):
        raise InvariantViolation(f"{where}: no end reason")
    if not (1 <= s.turn <= 10):
        raise InvariantViolation(f"{where}: ended on turn {s.turn}")
    if not (engine.events[-1]["kind"] == "game_end"):
        raise InvariantViolation(f"{where}: the trace does not end with game_end")
    if s.end_reason == "vp_20":
        if not (abs(s.vp) >= 20):
            raise InvariantViolation(f"{where}: vp_20 with VP {s.vp}")
        if not (s.winner == ("us" if s.vp > 0 else "ussr")):
            raise InvariantViolation(f"{where}: {s.winner} wins with VP {s.vp}")
    if s.end_reason == "final_scoring":
        if not (s.turn == 10):
            raise InvariantViolation(f"{where}: final scoring on turn {s.turn}")
        want = "us" if s.vp > 0 else "ussr" if s.vp < 0 else "draw"
        if not (s.winner == want):
            raise InvariantViolation(f"{where}: final scoring with VP {s.vp} gives {s.winner}")
