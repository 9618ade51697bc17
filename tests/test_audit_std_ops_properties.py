"""Rules audit of the standard game's operations (002 · 4.5, 6.1-6.4), as properties of whole games.

Random games of `standard` are played through `twilight.api`; each game's trace is read back, the board
rebuilt from its influence events, and every operation checked against the seed's rule as the board stood
when it happened: where influence went (6.1.1) and what it cost (6.1.2), the realignment modifiers and
results (6.2), the coup's defence, result, military operations and DEFCON drop (6.3), the DEFCON limits on
regions (8.1.5, cited by 6.3.5), the Space Race attempts a turn (6.4.2, 6.4.4), the hand sizes (4.5 B) and
the action rounds a turn (4.5 D). The scenarios pin each rule in one situation; these look at thousands
of operations in situations no one wrote down."""

from __future__ import annotations

import random
from collections import Counter
from typing import Any

import pytest
from twilight.api import Game

GAMES = 30
OPP = {"us": "ussr", "ussr": "us"}
# Lasting or this-turn effects that change the operations of a card (7.4): a card's cost is checked
# against its printed value only when none is in force.
OPS_MODIFIERS = {"containment", "brezhnev_doctrine", "red_scare_purge", "vietnam_revolts"}


class Audit:
    """One game's trace read back against the rules; `problems` lists what broke a rule."""

    def __init__(self, ir: dict[str, Any]) -> None:
        countries = ir["map"]["countries"]
        sides = ir["map"]["sides"]
        superpowers = {s["superpower"] for s in sides.values()}
        self.cards = ir["cards"]
        self.stability = {c: v["stability"] for c, v in countries.items()}
        self.battleground = {c: v["battleground"] for c, v in countries.items()}
        self.regions = {c: {v["region"], *v["subregions"]} for c, v in countries.items()}
        self.neighbours = {
            c: [n for n in v["adjacent"] if n not in superpowers] for c, v in countries.items()
        }
        self.next_to_superpower = {side: set(s["adjacent"]) for side, s in sides.items()}
        self.board = {c: {"us": 0, "ussr": 0} for c in countries}
        self.problems: list[str] = []
        self.checked: Counter[str] = Counter()
        self.effects: set[str] = set()
        self.round_start: dict[str, dict[str, int]] | None = None
        # per side (an event may have the other side play a card in the middle of a play: Grain Sales):
        # the play's operation (play_mode, "event_ops" for an event's), its card, the ops spent on it
        self.mode: dict[str, str | None] = {"us": None, "ussr": None}
        self.card: dict[str, str | None] = {"us": None, "ussr": None}
        self.spent = {"us": 0, "ussr": 0}
        self.defcon = 5
        self.space = {"us": 0, "ussr": 0}
        self.attempts: Counter[str] = Counter()
        self.rounds: Counter[tuple[int, str]] = Counter()
        self.coup_pending: tuple[dict[str, Any], int] | None = None  # a battleground coup, DEFCON before
        self.coup_result: tuple[str, dict[str, int]] | None = None  # country, influence expected after
        self.in_realignment = False

    def bad(self, rule: str, event: dict[str, Any], detail: object) -> None:
        self.problems.append(f"{rule} at event {event.get('n')} (turn {event.get('turn')}): {detail}")

    def controls(self, side: str, c: str) -> bool:
        mine, theirs, stability = self.board[c][side], self.board[c][OPP[side]], self.stability[c]
        return bool(mine >= stability and mine - theirs >= stability)

    def restricted(self, c: str) -> bool:
        """8.1.5: the regions closed to coups and realignments at the DEFCON level now."""
        limits = {"europe": 4, "asia": 3, "middle_east": 2}
        return any(self.defcon <= level and region in self.regions[c] for region, level in limits.items())

    def realign_modifier(self, side: str, c: str) -> int:
        """6.2.2: +1 per adjacent country controlled, +1 for more influence, +1 next to the superpower."""
        value = sum(1 for n in self.neighbours[c] if self.controls(side, n))
        value += 1 if self.board[c][side] > self.board[c][OPP[side]] else 0
        value += 1 if c in self.next_to_superpower[side] else 0
        if "iran_contra_scandal" in self.effects and side == "us":  # card 93: US realignment rolls -1
            value -= 1
        return value

    def read(self, events: list[dict[str, Any]]) -> None:
        for i, e in enumerate(events):
            kind = e["kind"]
            if self.coup_result is not None and kind != "influence":
                c, expected = self.coup_result
                if self.board[c] != expected:
                    self.bad("6.3.2 result", e, (c, self.board[c], expected))
                self.coup_result = None
            if kind != "influence" and kind != "realign":
                self.in_realignment = False
            handler = getattr(self, f"on_{kind}", None)
            if handler is not None:
                handler(e, events, i)

    # ---------------------------------------------------------------- the turn
    def on_turn(self, e: dict[str, Any], events: list[dict[str, Any]], i: int) -> None:
        self.attempts.clear()

    def on_turn_end(self, e: dict[str, Any], events: list[dict[str, Any]], i: int) -> None:
        self.battleground_coup_done(e)

    def on_effect_start(self, e: dict[str, Any], events: list[dict[str, Any]], i: int) -> None:
        self.effects.add(e["effect"])

    def on_effect_end(self, e: dict[str, Any], events: list[dict[str, Any]], i: int) -> None:
        self.effects.discard(e["effect"])

    def on_dealt(self, e: dict[str, Any], events: list[dict[str, Any]], i: int) -> None:
        self.checked["4.5 B"] += 1
        if e["hand"] < (8 if e["turn"] <= 3 else 9):
            self.bad("4.5 B", e, (e["side"], e["hand"]))

    def on_action_round(self, e: dict[str, Any], events: list[dict[str, Any]], i: int) -> None:
        self.battleground_coup_done(e)
        side = e["side"]
        self.round_start = {c: dict(v) for c, v in self.board.items()}
        self.mode = {"us": None, "ussr": None}
        self.rounds[e["turn"], side] += 1
        limit = 6 if e["turn"] <= 3 else 7
        if self.space[side] >= 8 and self.space[OPP[side]] < 8:  # 6.4.4: Space Station
            limit += 1
        if side == "us" and "north_sea_oil_extra_round" in self.effects:
            limit += 1
        self.checked["4.5 D"] += 1
        if self.rounds[e["turn"], side] > limit:
            self.bad("4.5 D", e, (side, self.rounds[e["turn"], side], limit))

    def on_event(self, e: dict[str, Any], events: list[dict[str, Any]], i: int) -> None:
        if e["round"] == 0:  # a headline event: operations it grants go by the board as it begins
            self.round_start = {c: dict(v) for c, v in self.board.items()}
            self.mode = {"us": None, "ussr": None}

    def on_play(self, e: dict[str, Any], events: list[dict[str, Any]], i: int) -> None:
        self.card[e["side"]], self.spent[e["side"]] = e["card"], 0

    def on_decision(self, e: dict[str, Any], events: list[dict[str, Any]], i: int) -> None:
        name, side = e.get("decision"), e.get("side", "")
        if side not in self.mode:
            return
        if name == "play_mode":
            self.mode[side] = e.get("answer")
        elif name == "operations":
            self.mode[side] = "event_ops"
        elif name == "ops_in_one_region" and e.get("answer") != "no":
            self.mode[side] = "region_ops"  # The China Card's (or another) bonus: more ops than printed
        elif name == "influence_target" and self.mode[side] in ("influence", "event_ops", "region_ops"):
            self.influence_point(e)

    # ---------------------------------------------------------------- 6.1 influence
    def influence_point(self, e: dict[str, Any]) -> None:
        side, c = e["side"], e["answer"]
        start = self.round_start
        if start is None:
            return
        self.checked["6.1.1"] += 1
        if not (
            c in self.next_to_superpower[side]
            or start[c][side] > 0
            or any(start[n][side] > 0 for n in self.neighbours[c])
        ):
            self.bad("6.1.1", e, (side, c))
        self.spent[side] += 2 if self.controls(OPP[side], c) else 1
        card = self.cards.get(self.card[side] or "")
        modified = OPS_MODIFIERS & self.effects
        if self.mode[side] == "influence" and card is not None and e["round"] > 0 and not modified:
            self.checked["6.1.2"] += 1
            if self.spent[side] > card["ops"]:
                self.bad("6.1.2", e, (side, c, self.card[side], self.spent[side], card["ops"]))

    def on_influence(self, e: dict[str, Any], events: list[dict[str, Any]], i: int) -> None:
        if self.in_realignment and e["change"] > 0:
            self.bad("6.2.3", e, (e["side"], e["country"]))
        self.board[e["country"]][e["side"]] = e["now"]

    # ---------------------------------------------------------------- 6.2 realignment
    def on_realign(self, e: dict[str, Any], events: list[dict[str, Any]], i: int) -> None:
        side, c = e["side"], e["country"]
        self.checked["6.2"] += 1
        if self.board[c][OPP[side]] == 0:
            self.bad("6.2.1", e, (side, c))
        if self.mode[side] == "realign" and self.restricted(c):
            self.bad("8.1.5 realignment", e, (side, c, self.defcon))
        expected = (self.realign_modifier(side, c), self.realign_modifier(OPP[side], c))
        if (e["modifier"], e["against_modifier"]) != expected:
            self.bad("6.2.2", e, (side, c, (e["modifier"], e["against_modifier"]), expected))
        self.in_realignment = True

    # ---------------------------------------------------------------- 6.3 coups
    def on_coup(self, e: dict[str, Any], events: list[dict[str, Any]], i: int) -> None:
        side, c = e["side"], e["country"]
        self.checked["6.3"] += 1
        if self.board[c][OPP[side]] == 0:
            self.bad("6.3.1", e, (side, c))
        if e["defence"] != 2 * self.stability[c]:
            self.bad("6.3.2 defence", e, (c, e["defence"]))
        # A coup by operations moves the military operations track just before its roll (6.3.3); a free
        # coup from an event does not, and ignores the DEFCON limits on regions (6.3.5).
        milops = [x for x in events[max(0, i - 3) : i] if x["kind"] == "milops" and x["side"] == side]
        if milops:
            if milops[-1]["change"] != e["ops"] and milops[-1]["now"] != 5:
                self.bad("6.3.3", e, (side, c, milops[-1]["change"], e["ops"]))
            if self.restricted(c):
                self.bad("8.1.5 coup", e, (side, c, self.defcon))
        theirs, mine = self.board[c][OPP[side]], self.board[c][side]
        if e["strength"] > e["defence"]:
            diff = e["strength"] - e["defence"]
            after = {OPP[side]: max(0, theirs - diff), side: mine + max(0, diff - theirs)}
        else:
            after = {OPP[side]: theirs, side: mine}
        self.coup_result = (c, after)
        if self.battleground[c] and not ("nuclear_subs" in self.effects and side == "us"):
            self.coup_pending = (e, self.defcon)

    def on_defcon(self, e: dict[str, Any], events: list[dict[str, Any]], i: int) -> None:
        if self.coup_pending is not None:
            coup, before = self.coup_pending
            if e["now"] != before - 1:
                self.bad("6.3.4", coup, (coup["country"], before, e["now"]))
            self.coup_pending = None
        self.defcon = e["now"]

    def battleground_coup_done(self, e: dict[str, Any]) -> None:
        """A battleground coup whose round ended without DEFCON's drop (6.3.4)."""
        if self.coup_pending is not None:
            coup, before = self.coup_pending
            self.bad("6.3.4", coup, (coup["country"], before, "no drop"))
            self.coup_pending = None

    # ---------------------------------------------------------------- 6.4 the Space Race
    def on_space(self, e: dict[str, Any], events: list[dict[str, Any]], i: int) -> None:
        side = e["side"]
        self.attempts[side] += 1
        allowed = 2 if self.space[side] >= 2 and self.space[OPP[side]] < 2 else 1  # 6.4.4: box 2
        self.checked["6.4.2"] += 1
        if self.attempts[side] > allowed:
            self.bad("6.4.2", e, (side, self.attempts[side], allowed))
        if e["success"]:
            self.space[side] = e["box"]

    def on_space_advance(self, e: dict[str, Any], events: list[dict[str, Any]], i: int) -> None:
        self.space[e["side"]] = e["box"]


def _random_game(game: Game, seed: int) -> list[dict[str, Any]]:
    rng = random.Random(seed)
    state = game.new_initial_state()
    while not state.is_terminal():
        if state.is_chance_node():
            state.apply_action(rng.choice([o for o, _p in state.chance_outcomes()]))
        else:
            state.apply_action(rng.choice(state.legal_actions()))
    return list(state.engine.events)


@pytest.fixture(scope="module")
def game() -> Game:
    return Game("standard")


def test_operations_follow_the_rules_in_random_games(game: Game) -> None:
    problems: list[str] = []
    checked: Counter[str] = Counter()
    for seed in range(GAMES):
        audit = Audit(game.new_initial_state().engine.ir)
        audit.read(_random_game(game, seed))
        problems += [f"seed {seed}: {p}" for p in audit.problems]
        checked.update(audit.checked)
    assert problems == []
    # the games did exercise each rule (else the test would pass on nothing)
    for rule in ("4.5 B", "4.5 D", "6.1.1", "6.1.2", "6.2", "6.3", "6.4.2"):
        assert checked[rule] > 0, rule


def test_the_audit_sees_a_broken_rule(game: Game) -> None:
    """The reader is not blind: a coup whose defence is not twice the stability, a battleground coup
    with no DEFCON drop and a realignment roll with a wrong modifier are reported."""
    audit = Audit(game.new_initial_state().engine.ir)
    audit.board["iran"]["us"] = 1
    base = {"turn": 1, "round": 1}
    audit.read(
        [
            {**base, "n": 0, "kind": "action_round", "side": "ussr"},
            {
                **base,
                "n": 1,
                "kind": "coup",
                "side": "ussr",
                "country": "iran",
                "ops": 1,
                "strength": 2,
                "defence": 3,
            },
            {**base, "n": 2, "kind": "action_round", "side": "us"},
            {
                **base,
                "n": 3,
                "kind": "realign",
                "side": "ussr",
                "country": "iran",
                "modifier": 5,
                "against_modifier": 1,
            },
        ]
    )
    rules = sorted(p.split(" at ")[0] for p in audit.problems)
    assert rules == ["6.2.2", "6.3.2 defence", "6.3.4"]
