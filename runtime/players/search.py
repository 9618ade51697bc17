"""A strong player for the human side of a solo game: determinized Monte Carlo search with the interpreter.

At each decision worth searching (one answer among 2 to `max_candidates` options), every candidate answer
is tried in playouts: a copy of the game in which the cards the human cannot see are dealt anew
(`determinize`), the candidate is answered, and the game goes on for `horizon` action rounds with the
rollout player for the human (players/rollout.py: greedy, for the Primary and the Secondary region) and
the ruleset's own AI for the AI (its rules are public: a person can read the flowcharts too); the copy's
result is scored from the human's side (`playout_value`: the VP lead, the Primary and Secondary regions'
scores, DEFCON 2's danger, and the military operations check still to come this turn). A question with
more answers, or one of the kinds in `unsearched` (a point of influence: the rollout player's heuristic
places it), goes to the rollout player, without the answers that lose the game at once when DEFCON is 2.
The answer with the best mean wins; in a game every playout finds lost, the best that does not lose at
once (the playouts score every loss alike, and would take the first answer, even Duck and Cover's war).
Playout j of every candidate uses the same dealing and dice (common random numbers), so the candidates
are compared on the same luck.

The playouts are spent by successive halving (`halving`, the default): every answer gets 2 playouts, and
past half the decision's budget each round goes to the better half of the answers left. A decision whose
answers all score alike on their first playouts (the answer changes nothing the horizon sees) stops
there, and what it did not spend goes to the next decisions (up to 3 times a decision's own share). The
counts, never the clock, decide: a seed still plays one game.

Each playout is played on a copy of the game made at the decision (`Engine.clone`: its state, its place in
the rules' procedures, its dice), in this process: the copy answers the candidate, plays on with players
of its own, is scored at the horizon or the game's end, and is dropped. The real game is never touched.

What the human knows (solo-v2): the board, the tracks, the discards, the removed cards, the headlines once
turned over and The China Card are public; the order and contents of the draw pile, of the AI's face-down
deck/hand, of the unseen part of the human's own deck/hand (blind deals, shuffles), of every face-down zone
and of a headline the opponent chose before the human chose its own (the standard game's USSR chooses
first) are not. The
cards shown in the decision (and in the human's decisions of the same kind just before it, with no
shuffle between), and the cards of its own deck/hand it was offered this turn and did not play (they went
back to a place it knows: solo-v2's bottom of the deck/hand), are known where they lie. Every other card
in a hidden place is dealt anew among the hidden places (each place keeps its size); a face-down zone is
shuffled in itself (its cards are of a kind of their own, e.g. the scoring deck). The human's memory of
which cards it kept in the draft is not used: a weaker but safe information set (it never knows more than
a person would).

Budget: `playouts` per decision (reproducible: the answers depend only on the game and the seed), or
`budget_ms` per decision (as many playouts as fit: NOT reproducible, it depends on the machine's load).
"""

from __future__ import annotations

import copy
import dataclasses
import hashlib
import math
import random
import time
from collections.abc import Callable, Collection
from dataclasses import dataclass
from typing import TYPE_CHECKING, Any

from twilight.runtime.core import registry
from twilight.runtime.core.decisions import Decision, GreedyPlayer
from twilight.runtime.core.dice import Dice
from twilight.runtime.core.engine import QuietEngine
from twilight.runtime.core.primitives.basics import action_rounds_this_turn
from twilight.runtime.core.primitives.operations import COUP_ATTEMPT
from twilight.runtime.core.primitives.scoring import net_region_score
from twilight.runtime.core.shown import cards_revealed_to, cards_shown_this_turn
from twilight.runtime.core.sides import SIDES, US, opponent
from twilight.runtime.core.state import PRIMARY_REGION_VARIABLE, SECONDARY_REGION_VARIABLE
from twilight.runtime.players.influence_plans import (
    INFLUENCE_TARGET,
    InfluencePlan,
    PlanFollower,
    first_point,
    influence_plans,
)
from twilight.runtime.players.rollout import DEFCON_DANGER, RolloutPlayer
from twilight.runtime.players.trap_cards import traps_held
from twilight.runtime.solo.ai import RulesAIPlayer, ai_side_of

if TYPE_CHECKING:
    from twilight.runtime.core.engine import Engine
    from twilight.runtime.core.state import GameState

DEFAULT_PLAYOUTS = 16
DEFAULT_HORIZON = 3  # action rounds a playout looks ahead before its position is scored
# The most answers a question may have to be searched: a coup or a realignment may offer 9 to 16
# countries (about 4 such questions a game), which went to the rollout player's pick (docs/balance.md)
DEFAULT_MAX_CANDIDATES = 16
# The plans offered for a card's influence, and the answers of a question the at-once check tries one
# by one, at most (each no more than `max_candidates`): fewer plans with more playouts each lost what the
# plans left out, and more would share the same playouts (docs/balance.md)
PLANS_OFFERED = 8
AT_ONCE_ANSWERS = 8
# The questions left to the rollout player: a point of influence (its heuristic places for the regions
# scored soonest; a few playouts per country told the countries apart by luck alone, and the playouts
# go further on the card and how it is played), and whether an opponent's event comes before or after
# the operations (the playouts found the two alike at nearly every such question).
UNSEARCHED = frozenset({"influence_target", "event_first"})


def _seed(*parts: Any) -> int:
    return int.from_bytes(hashlib.sha256(" ".join(map(str, parts)).encode()).digest()[:8], "big")


def determinize(
    state: GameState,
    ir: dict[str, Any],
    human: str,
    known: set[str],
    rng: random.Random,
    revealed: Collection[str] = (),
) -> None:
    """Deal the cards the human cannot see anew, in place (lists are changed, never replaced: the rules
    running at the decision may hold them). Known cards, public places and The China Card stay put; each
    hidden place keeps its size; the same cards stay hidden. `revealed`: the cards of the other side's
    hand a rule keeps face up to the human (`cards_revealed_to`), which stay in that hand."""
    places = _hidden_places(state, ir, human, known, revealed)
    _put(places, _dealt(places, rng))


def _hidden_places(
    state: GameState, ir: dict[str, Any], human: str, known: set[str], revealed: Collection[str] = ()
) -> list[list[tuple[Any, Any]]]:
    """The places of the cards the human cannot see (each a pile and an index in it), in the groups whose
    cards are dealt among themselves: the draw pile with both hands and the opponent's headline while it
    lies face down (`_headline_unseen`: its place is the headlines and the side), then each face-down
    zone. Not among them: the human's own known cards, and the cards of the other side's hand a rule keeps
    face up to the human (`revealed`; a card of that hand merely known by name, one the human gave it in
    solo-v2's draft, is still dealt anew)."""
    ai = opponent(human)
    china = _china_card(ir)
    pooled: list[tuple[Any, Any]] = [(state.draw_pile, i) for i in range(len(state.draw_pile))]
    for side in (ai, human):
        hand = state.hands[side]
        for i, card in enumerate(hand):
            if card == china or (side == human and card in known) or (side == ai and card in revealed):
                continue
            pooled.append((hand, i))
    if _headline_unseen(state, human) and state.headline[ai] not in known:
        pooled.append((state.headline, ai))
    groups = [pooled]
    for name, zone in state.zones.items():
        if ir.get("zones", {}).get(name, {}).get("face_down"):
            groups.append([(zone, i) for i, card in enumerate(zone) if card not in known])
    return groups


def _seen_at(engine: Engine, decision: Decision) -> set[str]:
    """The cards a side knows where they lie at a question, without its memory of earlier ones: those the
    question shows or is about, in a game without the ruleset's AI (the standard game, where a hand is
    held in the hand, not a face-down deck/hand as solo-v2's) every card of its own hand, the other
    headline when the rules showed it (`_headline_shown`), and the other hand while a rule keeps it face
    up to the side (`cards_revealed_to`: Aldrich Ames Remix)."""
    cards = engine.ir.get("cards", {})
    seen = {o for o in decision.options if isinstance(o, str) and o in cards}
    shown = decision.context.get("card")  # (the card the question is about: how it is played…)
    if isinstance(shown, str) and shown in cards:
        seen.add(shown)
    if ai_side_of(engine.ir, engine.state.settings) is None:
        seen.update(engine.state.hands.get(decision.side, ()))
    seen.update(_headline_shown(engine, decision.side))
    seen.update(cards_revealed_to(engine, decision.side))
    return seen


def _headline_shown(engine: Engine, side: str) -> set[str]:
    """The other side's face-down headline when the rules showed it to `side` this turn (with the Space Race
    box-4 ability): a card it knows where it lies. (Only that one: a card shown and then shuffled away, a
    face-down zone's, is known by name but not by place, which a copy must not keep.)"""
    card = engine.state.headline_face_down_to(side)
    return {card} if card is not None and card in cards_shown_this_turn(engine.events, side) else set()


def _headline_unseen(state: GameState, human: str) -> bool:
    """Whether the opponent's headline lies face down: chosen before the human chose its own (standard
    4.5 C: the two are turned over together). The human cannot know it, so a copy deals it anew like a
    card of the opponent's hand. (A side whose Space Race ability shows it the other headline first
    knows it: that card is among the cards it knows, `_seen_at`, and stays where it is.)"""
    return state.headline_face_down_to(human) is not None


def _headline_dealt_as_allowed(engine: Engine, human: str) -> None:
    """A card dealt as the opponent's face-down headline that the rules would not let it headline (UN
    Intervention, say) changes places with the first card of its dealt hand they would: the copy's
    headline is one the opponent could have chosen. (Nothing to do when no headline lies face down.)"""
    state, side = engine.state, opponent(human)
    card = state.headline_face_down_to(human)
    if card is None or engine.forbidden("headline", actor=side, card=card) is None:
        return
    hand = state.hands[side]
    for i, other in enumerate(hand):
        if engine.forbidden("headline", actor=side, card=other) is None:
            hand[i], state.headline[side] = card, other
            return


def _dealt(places: list[list[tuple[Any, Any]]], rng: random.Random) -> list[list[str]]:
    """Each group's cards in the order they are dealt to its places."""
    dealt = []
    for group in places:
        # Sorted first: the dealing depends on which cards are hidden, never on where they really are.
        cards = sorted(pile[i] for pile, i in group)
        rng.shuffle(cards)
        dealt.append(cards)
    return dealt


def _put(places: list[list[tuple[Any, Any]]], dealt: list[list[str]]) -> None:
    for group, cards in zip(places, dealt, strict=True):
        for (pile, i), card in zip(group, cards, strict=True):
            pile[i] = card


class _Deal:
    """What a playout's sample draws before its game goes on: the hidden cards dealt anew (`determinize`),
    then the seeds of the copy's dice and of its rollout player, in that order from one generator. Playout
    j of every answer of a decision draws from the same sample in the same game, so the deal is drawn once
    and given to each answer's copy (seeding the generator and shuffling cost about a percent of a
    playout)."""

    def __init__(
        self,
        state: GameState,
        ir: dict[str, Any],
        human: str,
        known: set[str],
        sample: int,
        places: list[list[tuple[Any, Any]]] | None = None,
        revealed: Collection[str] = (),
    ) -> None:
        rng = random.Random(sample)
        found = places if places is not None else _hidden_places(state, ir, human, known, revealed)
        self.cards = _dealt(found, rng)
        self.dice_seed = rng.getrandbits(63)
        self.rollout_seed = rng.getrandbits(63)

    def deal(
        self,
        state: GameState,
        ir: dict[str, Any],
        human: str,
        known: set[str],
        places: list[list[tuple[Any, Any]]] | None = None,
        revealed: Collection[str] = (),
    ) -> None:
        """The cards dealt in a copy of the game the deal was drawn in (the same hidden places; `places`:
        the copy's, when its caller found them already)."""
        found = places if places is not None else _hidden_places(state, ir, human, known, revealed)
        _put(found, self.cards)


def _winning_lead(engine: Engine) -> int:
    """The VP lead that ends the game (standard 10.1: the end of the VP track the ruleset declares), the
    scale of a position's score; 1 in a ruleset without the track (a lead is then all or nothing)."""
    track = engine.ir.get("tracks", {}).get(registry.VP_TRACK.name)
    return max(1, int(track["max"])) if track else 1


def _china_card(ir: dict[str, Any]) -> str | None:
    """The China Card: the contract's role (a hand-made IR without it has none)."""
    name = registry.THE_CHINA_CARD.name
    return name if name in ir.get("cards", {}) else None


def playout_value(engine: Engine, human: str) -> float:
    """The position for the human, 0 (lost) to 1 (won): a finished game by its winner; else the VP lead
    on the scale of the 20 VP that win, with a little for the score the Primary and the Secondary region
    would give now (the regions scored soonest), in the game's last turns what the whole board would give
    at the final scoring (`_final_scoring_weight`), and less at DEFCON 2, where a card drawn may force the
    war, and for each of the opponent's cards that lower DEFCON the human still holds at DEFCON 2 or 3."""
    state = engine.state
    if state.game_over:
        return 1.0 if state.winner == human else 0.5 if state.winner == "draw" else 0.0
    lead = state.vp if human == US else -state.vp
    value = 0.5 + LEAD_WEIGHT * max(-1.0, min(1.0, lead / _winning_lead(engine)))
    try:
        for name in (PRIMARY_REGION_VARIABLE, SECONDARY_REGION_VARIABLE):
            region = state.vars.get(name)
            if region:
                value += REGION_WEIGHT * net_region_score(engine, human, region)
        weight = _final_scoring_weight(engine)
        if weight:
            value += weight * _board_score(engine, human)
    except Exception:  # a ruleset without region scoring: the VP alone
        pass
    if state.defcon == DEFCON_DANGER:
        value -= DEFCON_DANGER_COST
    if state.defcon <= DEFCON_DANGER + 1:
        # The opponent's cards that lower DEFCON, still held (players/trap_cards.py): at DEFCON 2 each is a
        # war the side must find a way not to start; at 3, one a coup or an event away.
        held = traps_held(engine.ir, state.hands.get(human, ()), human)
        if held:
            value -= held * (TRAP_COST if state.defcon <= DEFCON_DANGER else TRAP_COST_AHEAD)
    value += MILOPS_WEIGHT * _milops_due(engine, human) / _winning_lead(engine)
    return max(0.01, min(0.99, value))


def _final_scoring_weight(engine: Engine) -> float:
    """What a VP of the whole board's score weighs in a position: near the game's end, the final scoring
    (standard 4.5 I) will score every region, and a playout cut at its horizon before it would never see
    that; in the last turn nearly as much as a VP of the lead, less the turn before (the board can still
    change), nothing earlier (where a whole-board term measured no better: docs/balance.md)."""
    track = engine.ir.get("tracks", {}).get(registry.TURN_TRACK.name)
    if not track:
        return 0.0
    turns_left = int(track["max"]) - engine.state.turn
    if not 0 <= turns_left < len(FINAL_SCORING_WEIGHTS):
        return 0.0
    return FINAL_SCORING_WEIGHTS[turns_left] * LEAD_WEIGHT / _winning_lead(engine)


def _board_score(engine: Engine, human: str) -> int:
    """What every region (of the map's top level: Southeast Asia is scored as part of Asia) would score
    for the human now, less what it would score for the opponent: the board the scorings still to come
    will read, whichever region they name."""
    regions = [name for name, region in engine.ir["map"]["regions"].items() if not region.get("parent")]
    fresh = engine.memo is None
    if fresh:
        engine.memo = {}  # (the rules' pure functions read the same board for every region)
    try:
        return sum(net_region_score(engine, human, region) for region in regions)
    finally:
        if fresh:
            engine.memo = None


def _milops_due(engine: Engine, human: str) -> float:
    """The VP the turn's military operations check (standard 4.5 E: a side short of the DEFCON level gives
    the opponent 1 VP a missing point) would move to the human if it came now, weighed by how much of the
    turn is played: late in a turn a shortfall can hardly be made up, and a playout cut at its horizon
    would otherwise never see it."""
    state = engine.state
    if not state.milops or state.in_final_scoring:
        return 0.0
    ai = opponent(human)
    missing = max(0, state.defcon - state.milops.get(human, 0))
    owed = max(0, state.defcon - state.milops.get(ai, 0))
    try:
        rounds = max(1, action_rounds_this_turn(engine, human))
    except Exception:  # (a ruleset without action rounds: the shortfall as it stands)
        rounds = 1
    played = min(1.0, state.action_round / rounds)
    return (owed - missing) * (0.5 + 0.5 * played)


REGION_WEIGHT = 0.01  # a region's VP (now) against the VP lead's 0.0225 each
DEFCON_DANGER_COST = 0.08  # (about 3.5 VP: a coup down to DEFCON 2 must gain more than that)
# A card held that carries the opponent's event lowering DEFCON: at DEFCON 2 (about 6.7 VP: it may be the
# last card the side must play, game 75 of docs/balance.md's USSR cell), and at DEFCON 3 (about 2 VP)
TRAP_COST = 0.15
TRAP_COST_AHEAD = 0.04
AT_ONCE_QUESTIONS = 3  # the questions of one side whose every answer the at-once check tries
AT_ONCE_FOLLOWED = 12  # the questions of one side it follows in all (past those, the rollout's answer)
# The dealings of the hidden cards an answer must lose in, each, to lose at once: one dealing could make
# a war of a card the opponent only may hold.
AT_ONCE_DEALS = 3
HALVING_FIRST = 2  # playouts of every option before any is dropped (or the decision found a tie)
HALVING_CARRY = 3  # a decision takes at most this many times its share from the playouts saved
DEFCON_WAR_END = "defcon_1"  # the end reason of a game lost to DEFCON 1 (standard's victory.tsr)
LOST = 0.01  # a playout's value below this is a lost game (an unfinished one scores 0.01 at least)
# A VP of the whole board's score in the last turn and the one before, as a share of a VP of the lead
# (measured: docs/balance.md)
FINAL_SCORING_WEIGHTS = (0.8, 0.3)
LEAD_WEIGHT = 0.45  # the value of a lead of the whole VP that wins (`playout_value`'s 0.45 * lead / 20)
MILOPS_WEIGHT = 0.45  # a VP the military operations check will move weighs as a VP of the lead


class _Facts:
    """What a decision's playouts are compared by, besides their value: the human's VP lead and the
    Primary region's score at the decision, to tell what each playout gained."""

    def __init__(self, human: str, lead: int, region: str | None, region_score: int) -> None:
        self.human = human
        self.lead = lead
        self.region = region
        self.region_score = region_score

    @classmethod
    def at(cls, engine: Engine, human: str) -> _Facts:
        region = engine.state.vars.get(PRIMARY_REGION_VARIABLE)
        return cls(human, _lead(engine, human), region, _region_score(engine, human, region))

    def of(self, twin: Engine, value: float) -> _Outcome:
        state = twin.state
        over = state.game_over and state.winner != "draw"
        return _Outcome(
            value,
            vp_gain=_lead(twin, self.human) - self.lead,
            lost=over and state.winner != self.human,
            won=over and state.winner == self.human,
            region_gain=_region_score(twin, self.human, self.region) - self.region_score,
        )


def _lead(engine: Engine, human: str) -> int:
    vp = int(engine.state.vp)
    return vp if human == US else -vp


def _region_score(engine: Engine, human: str, region: str | None) -> int:
    """The region's net score for the human now (0 without a region, or in a ruleset without scoring)."""
    if not region:
        return 0

    try:
        return net_region_score(engine, human, region)
    except Exception:  # (a ruleset without region scoring)
        return 0


class _Horizon(Exception):
    """Raised in a playout's copy of the game when it reaches its horizon."""


@dataclass
class RatedAnswer:
    """One answer as the playouts rate it: the mean value (0 lost, 1 won) with its 95% interval, the
    playouts behind it, and what its lines of play did on average by their horizon: the human's VP lead
    gained, the share of games lost and won, and the change in the score of the Primary region of the
    decision."""

    option: Any
    mean: float
    low: float
    high: float
    playouts: int
    vp_gain: float = 0.0
    lost: float = 0.0
    won: float = 0.0
    region_gain: float = 0.0
    tied_with_best: bool = False  # its interval and the best answer's overlap


@dataclass
class Advice:
    """The search's view of a decision: its answers best first; the playouts run in all, the wall-clock
    seconds taken, and the region whose score `region_gain` follows."""

    ranked: list[RatedAnswer]
    playouts: int
    seconds: float
    region: str | None = None


@dataclass
class _Outcome:
    """One playout: its value, and (when asked for) what it did."""

    value: float
    vp_gain: float = 0.0
    lost: bool = False
    won: bool = False
    region_gain: float = 0.0
    war_now: bool = False  # lost to a DEFCON 1 within the decision's own action round


def _rated(option: Any, outcomes: list[_Outcome]) -> RatedAnswer:
    n = len(outcomes)
    values = [o.value for o in outcomes]
    mean = sum(values) / n
    spread = math.sqrt(sum((v - mean) ** 2 for v in values) / (n - 1) / n) if n > 1 else 0.5
    return RatedAnswer(
        option,
        mean,
        max(0.0, mean - Z95 * spread),
        min(1.0, mean + Z95 * spread),
        n,
        vp_gain=sum(o.vp_gain for o in outcomes) / n,
        lost=sum(o.lost for o in outcomes) / n,
        won=sum(o.won for o in outcomes) / n,
        region_gain=sum(o.region_gain for o in outcomes) / n,
    )


Z95 = 1.959963984540054  # the normal quantile of a two-sided 95% interval
_PLANNED = "planned_from"  # (a question of plans: the question of the first point, in its context)


def coups_heard_against(engine: Engine, side: str) -> bool:
    """Whether an event of the opponent's in force hears the side's coup attempts (a hook on the trigger
    `COUP_ATTEMPT`), so that a coup may end the game whatever DEFCON is: the Cuban Missile Crisis after
    SALT Negotiations raised DEFCON above 2 (card text (deluxe) · 40: the crisis lasts to the turn's end),
    Yuri and Samantha's VP at 19. The side's own events (a crisis it played binds its opponent only) and
    the standing rules (every coup's military operations) are not: the answers that lose at once are then
    tried at DEFCON 2 or lower only. Asked at every question: a look at the few events in force, no copy."""
    effects = engine.state.in_effect
    if not effects:
        return False
    lasting = engine.program.lasting
    for effect in effects:
        if effect.owner == side:
            continue
        items = lasting.get((effect.card, effect.name))
        if items is not None and COUP_ATTEMPT in items.hooks_of:
            return True
    return False


class SearchPlayer:
    """The human side's player: determinized flat Monte Carlo over each decision's answers (see the
    module). Bind `engine` once the engine is built, like the greedy player."""

    # It copies the game at its decisions: the game must keep its place in the rules as records
    # (Engine.track).
    copies_game = True

    def __init__(
        self,
        seed: int,
        playouts: int = DEFAULT_PLAYOUTS,
        budget_ms: float | None = None,
        horizon: int = DEFAULT_HORIZON,
        max_candidates: int = DEFAULT_MAX_CANDIDATES,
        unsearched: frozenset[str] = UNSEARCHED,
        halving: bool = True,
        plans: bool = True,
        most_plans: int | None = None,
    ) -> None:
        self.seed = seed
        # How many plans a card's placement offers (the hint shows as many plans as answers)
        self.most_plans = most_plans if most_plans is not None else min(PLANS_OFFERED, max_candidates)
        # A card's influence points by whole plans (players/influence_plans.py), searched at its first
        # point and followed to its last; without, each point is the rollout player's.
        self.plans = plans
        self._following: PlanFollower | None = None  # the plan of the placement under way
        self.halving = halving  # the playouts by successive halving, a tie's playouts carried over
        self._saved = 0  # the playouts the decisions so far left unspent (with `halving`)
        self._war: list[bool] = []  # the last halving: whether each answer lost to DEFCON 1 this round
        self.unsearched = unsearched  # the questions (by name) left to the rollout player
        self.playouts = playouts
        self.budget_ms = budget_ms
        self.horizon = horizon
        self.max_candidates = max_candidates
        self.engine: Any = None
        self.fallback: GreedyPlayer = RolloutPlayer(seed)
        self.decisions = 0
        self.playouts_run = 0  # over the whole game (the CPU cost of the search)
        self._recent: tuple[Any, list[Any]] = (None, [])  # (the kind of decision, the cards it showed)
        self._seen_own: tuple[int, set[str]] = (0, set())  # (the turn, its own cards seen and held)
        self.last_values: dict[str, float] = {}  # the last searched decision: mean value per answer
        # The same decision's answers (a plan of influence points as itself) and their means, in its order.
        self.last_searched: tuple[list[Any], list[float]] = ([], [])
        # The players of the other sides in the playouts, when not the game's own (the game's may be
        # wrapped in what a playout must not do, such as saving the game): the AI itself, or for a
        # person's opponent at the same terminal, the greedy heuristic.
        self.opponents: dict[str, Any] = {}
        # When set, the at-once check follows a side's questions only within this action round (turn,
        # round), and counts only a nuclear war (DEFCON 1) as lost: a player is warned of what their own
        # move sets off, not of a line that loses after the opponent's moves, whose hidden cards the copy
        # holds (the search itself avoids those too).
        self.at_once_within: tuple[int, int] | None = None
        # Whether the at-once check counts an answer after which the opponent's next question has an
        # answer that wins at once (`_opponent_can_end_it`); off, only the side's own answers count.
        self.opponent_replies = True
        # The reasons (the games' end reasons) of the losses the at-once check met on the lines it tried
        # since `reasons_of_losses` was emptied: a warning says why the move loses.
        self.reasons_of_losses: set[str] = set()
        # Whether the line tried so far rolled a die (its loss is then not certain, but by DEFCON 1).
        self._by_chance = False

    @property
    def following_plan(self) -> bool:
        """Whether its last point of influence was placed by a plan it searched (influence_plans.py)."""
        return self._following is not None

    # ------------------------------------------------------------------ deciding
    def decide(self, decision: Decision) -> Any:
        engine = self.engine
        self.fallback.engine = engine
        self.decisions += 1
        if engine is not None:
            # (the board's evaluation as native code, built once per ruleset: its playouts evaluate the
            # board most; the same answers either way, so the first decisions need not wait for it)
            engine.program.use_native()
        known = self._known_cards(decision)
        if decision.name != INFLUENCE_TARGET:
            self._following = None  # (a placement ends at the first question of another kind)
        elif self.plans and engine is not None and not engine.lookahead_depth:
            if self._following is None and first_point(decision):
                self._following = self._plan(engine, decision, known)
            if self._following is not None:
                return self._following.decide(decision)
        if (
            engine is None
            or not decision.single
            or not 2 <= len(decision.options) <= self.max_candidates
            or engine.lookahead_depth
            or decision.name in self.unsearched
        ):
            return self.fallback.decide(self._not_losing_at_once(engine, decision, known))
        return self._search(engine, decision, known)

    def _plan(self, engine: Engine, decision: Decision, known: set[str]) -> PlanFollower | None:
        """The plan the card's points follow (None: the rollout player places them): the plans offered
        (players/influence_plans.py) searched as the answers of the question, each playout placing the
        card's points by its plan."""
        seed = ("twilight search plan", self.seed, self.decisions)
        asked = self._plans_question(engine, decision, *seed, known=known)
        if asked is None:
            return None
        plan = self._search(engine, asked, known)
        return PlanFollower(plan, self.fallback, engine)

    def _plans_question(
        self, engine: Engine, decision: Decision, *seed: Any, known: set[str] | None = None
    ) -> Decision | None:
        """The question of a point of influence as a question of whole plans for the card's points left
        (players/influence_plans.py), each worked out with a rollout player drawing from `seed`, in a copy
        of the game whose cards the human cannot see (all but `known`, by default `_seen_at`'s) are dealt
        anew from `seed`, as a playout's are; None when fewer than two plans are offered."""
        human = decision.side
        seen = known if known is not None else _seen_at(engine, decision)
        # (drawn once from the game: each plan's copy holds the cards in the same places)
        revealed = cards_revealed_to(engine, human)
        drawn = _Deal(engine.state, engine.ir, human, seen, _seed(*seed, "deal"), revealed=revealed)

        def rollout(twin: Engine) -> RolloutPlayer:
            player = RolloutPlayer(_seed(*seed))
            player.engine = twin
            return player

        def dealt(twin: Engine) -> None:
            drawn.deal(twin.state, twin.ir, human, seen, revealed=revealed)
            _headline_dealt_as_allowed(twin, human)

        weighed = self.fallback.weighed_regions(engine)
        plans = influence_plans(engine, decision, weighed, rollout, self.most_plans, dealt)
        if not plans:
            return None
        return dataclasses.replace(decision, options=plans, context={**decision.context, _PLANNED: decision})

    def _not_losing_at_once(
        self, engine: Engine | None, decision: Decision, known: set[str] | None = None
    ) -> Decision:
        """A question the search does not weigh, at DEFCON 2 (or under an opponent's event that hears coups,
        `coups_heard_against`): without the answers that lose the game at once (a coup that starts the war,
        or one the Cuban Missile Crisis ends it for, under any rule in force), each tried in copies of the
        game up to its next question, with the cards the human cannot see (all but `known`, by default
        `_seen_at`'s) dealt anew and dice of their own (the real game's are not looked at). The question as
        it is when every answer, or none, loses."""
        if (
            engine is None
            or decision.min_count > 1  # (a pick of one is no answer to it: nothing to try alone)
            or len(decision.options) < 2
            or (engine.state.defcon > DEFCON_DANGER and not coups_heard_against(engine, decision.side))
            or engine.lookahead_depth
            or not engine.track
        ):
            return decision
        options = decision.options
        kept = [o for k, o in enumerate(options) if not self._loses_at_once(engine, decision, k, o, known)]
        if not kept or len(kept) == len(decision.options):
            return decision
        # (a question of several distinct picks asks for no more than the answers left: up to two of the
        # cards held, one of them left out, is up to one)
        most = min(decision.max_count, len(kept)) if decision.distinct else decision.max_count
        return dataclasses.replace(decision, options=kept, max_count=most)

    def _loses_at_once(
        self, engine: Engine, decision: Decision, k: int, option: Any, known: set[str] | None
    ) -> bool:
        """`answer_loses_at_once` with what the side knows (`known`: None, what the question shows)."""
        if known is None:
            return self.answer_loses_at_once(engine, decision, k, option)
        return self.answer_loses_at_once(engine, decision, k, option, known=known)

    def answer_loses_at_once(
        self,
        engine: Engine,
        decision: Decision,
        k: int,
        option: Any,
        looked: tuple[int, ...] = (),
        known: set[str] | None = None,
    ) -> bool:
        """Whether the answer loses the game before the next question (a coup or an event that brings
        DEFCON to 1), tried in a copy of the game with dice of its own (the real game's are not looked
        at); or, when that next question is the same side's and has at most `AT_ONCE_ANSWERS` answers,
        whether every answer of it does, up to `AT_ONCE_QUESTIONS` questions on (Junta's coup under the
        Cuban Missile Crisis: the coup chosen first, then its target, every one of which ends the game; a
        card played for a coup, then whether the opponent's event comes first, then the target); a
        question of the same side with more answers, or further on, by the rollout player's answer, up to
        `AT_ONCE_FOLLOWED` questions (an opponent's event that brings DEFCON to 1 after the card's points
        of influence are placed, wherever they go); when it is the opponent's, free to answer as it
        likes, whether one of its answers wins at once (`_opponent_can_end_it`). For a question of
        several picks (Ortega's free coup: up to one country), the option picked alone. (A plan of
        influence points loses nothing at once.)
        `looked`: the answers before it in the copies it is tried from (-1: the rollout player's).
        The copies are of the game as the side sees it: the cards it cannot see are dealt anew (`known`:
        the cards it knows where they lie; by default those the question shows and, in a game without
        the ruleset's AI, its own hand), in `AT_ONCE_DEALS` dealings, every one of which must lose.
        The screen and the hint warn of such answers by this same test (cli/session/danger.py)."""
        if isinstance(option, InfluencePlan):
            return False
        if looked:  # (a copy already dealt: the answers after the first are tried in it)
            return self._loses_in_copy(engine, decision, k, option, looked)
        seen = known if known is not None else _seen_at(engine, decision)
        # The cards the side cannot see dealt anew in each copy (as in a playout): the answer loses at
        # once only if it does in every dealing, so a warning never rests on the opponent's real cards
        # (Missile Envy taking the AI's strongest card, whose event may be the war) nor on one dealing.
        for deal in range(AT_ONCE_DEALS):
            sample = _seed("twilight search safety deal", self.seed, self.decisions, deal)
            if not self._loses_in_copy(engine, decision, k, option, looked, seen, sample):
                return False
        return True

    def _loses_in_copy(
        self,
        engine: Engine,
        decision: Decision,
        k: int,
        option: Any,
        looked: tuple[int, ...],
        known: set[str] | None = None,
        sample: int | None = None,
    ) -> bool:
        """`answer_loses_at_once` in one copy of the game: with `sample`, a copy whose hidden cards are
        dealt anew from it (the side's `known` cards kept), else a plain copy of `engine` (itself a copy
        already dealt)."""
        if not decision.single:
            option = [option]
        twin = engine.clone(events=False, cls=QuietEngine, dice=False)
        if sample is not None:
            human, seen = decision.side, known or set()
            places = _hidden_places(twin.state, twin.ir, human, seen, cards_revealed_to(twin, human))
            deal = _Deal(twin.state, twin.ir, human, seen, sample, places)
            deal.deal(twin.state, twin.ir, human, seen, places)
            _headline_dealt_as_allowed(twin, human)
        twin.dice = Dice(_seed("twilight search safety", self.seed, self.decisions, k, *looked))
        stop = _Stopping()
        deeper = len(looked) + 1 < AT_ONCE_FOLLOWED
        if deeper:

            def ahead(asked: Decision) -> bool:
                chance = self._by_chance
                self._by_chance = chance or _rolled(twin)  # (the rest of the line is as chancy as its start)
                try:
                    return self._every_answer_loses(twin, asked, decision.side, (*looked, k))
                finally:
                    self._by_chance = chance

            stop.ahead = ahead
        twin.players = {side: stop for side in SIDES}
        try:
            # (a copy whose next question is looked into keeps its records: it is copied there)
            twin.resume(option, track=deeper)
        except _Horizon:
            pass
        except Exception:  # (an error in the copy: nothing is known of this answer)
            return False
        finally:
            twin.players = {}
        state = twin.state
        lost = state.game_over and state.winner not in (decision.side, "draw")
        if self.at_once_within is not None:
            # A player is warned of a loss its move makes certain: a nuclear war (whatever the dice), or
            # any other end (the Cuban Missile Crisis set off by a coup) on a line of the side's own
            # answers that rolled no die; not of one the rollout's answers or the dice lost.
            certain = not self._by_chance and not _rolled(twin) and -1 not in (*looked, k)
            lost = lost and (state.defcon <= 1 or certain)
        if lost and state.end_reason:
            self.reasons_of_losses.add(state.end_reason)
        return stop.lost_ahead or bool(lost)

    def _every_answer_loses(self, twin: Engine, asked: Decision, side: str, looked: tuple[int, ...]) -> bool:
        """At the copy's next question: if it is the same side's, whether every answer of it loses the
        game at once (a question with a few answers, while fewer than `AT_ONCE_QUESTIONS` have been
        tried answer by answer), or the rollout player's answer does (any other); if the opponent's,
        whether one of its answers wins the game at once (`_opponent_can_end_it`)."""
        if not asked.single or not asked.options:
            return False
        if (
            self.at_once_within is not None
            and (twin.state.turn, twin.state.action_round) != self.at_once_within
        ):
            return False
        if asked.side != side:
            return self.opponent_replies and self._opponent_can_end_it(twin, asked, looked)
        tried = sum(1 for j in looked if j >= 0)
        if len(asked.options) <= min(AT_ONCE_ANSWERS, self.max_candidates) and tried < AT_ONCE_QUESTIONS:
            return all(
                self.answer_loses_at_once(twin, asked, j, o, looked) for j, o in enumerate(asked.options)
            )
        line = RolloutPlayer(_seed("twilight search safety line", self.seed, self.decisions, *looked))
        line.engine = twin
        try:
            answer = line.decide(asked)
        finally:
            line.engine = None
        return self.answer_loses_at_once(twin, asked, -1, answer, looked)

    def _opponent_can_end_it(self, twin: Engine, asked: Decision, looked: tuple[int, ...]) -> bool:
        """At the copy's next question, the opponent's: whether one of its few answers ends the game at
        once in its favour (Olympic Games hosted at DEFCON 2: the guest's boycott brings DEFCON to 1 in
        the host's round, and the host loses). Only where the opponent is a player free to answer as it
        likes; a ruleset's AI answers by its own rules, which a copy does not second-guess."""
        if len(asked.options) > AT_ONCE_ANSWERS or ai_side_of(twin.ir, twin.state.settings) is not None:
            return False
        for j, answer in enumerate(asked.options):
            copy = twin.clone(events=False, cls=QuietEngine, dice=False)
            copy.dice = Dice(_seed("twilight search safety reply", self.seed, self.decisions, j, *looked))
            copy.players = {side: _Stopping() for side in SIDES}
            try:
                copy.resume(answer, track=False)
            except _Horizon:
                pass
            except Exception:  # (an error in the copy: nothing is known of this answer)
                continue
            finally:
                copy.players = {}
            state = copy.state
            won = state.game_over and state.winner == asked.side
            certain = not self._by_chance and not _rolled(twin) and not _rolled(copy)
            if won and (self.at_once_within is None or state.defcon <= 1 or certain):
                if state.end_reason:
                    self.reasons_of_losses.add(state.end_reason)
                return True
        return False

    def _known_cards(self, decision: Decision) -> set[str]:
        """The cards this decision shows, and those shown by the human's decisions of the same kind just
        before it (the draft's picks, one after the other): no shuffle comes between those; and the other
        headline when the rules showed it (`_headline_shown`)."""
        state = self.engine.state if self.engine is not None else None
        cards = set(self.engine.ir.get("cards", {})) if self.engine is not None else set()
        shown = [o for o in decision.options if isinstance(o, str) and o in cards]
        kind = (decision.name, state.turn if state else None, state.action_round if state else None)
        previous_kind, previous = self._recent
        if kind == previous_kind:
            shown = previous + [c for c in shown if c not in previous]
        self._recent = (kind, shown)
        told = _headline_shown(self.engine, decision.side) if self.engine is not None else set()
        if self.engine is not None:  # (a hand a rule keeps face up to the side: Aldrich Ames Remix)
            told |= cards_revealed_to(self.engine, decision.side)
        return set(shown) | self._own_cards_seen(decision, shown) | told

    def _own_cards_seen(self, decision: Decision, shown: list[str]) -> set[str]:
        """The cards of the human's own deck/hand it saw offered this turn and still holds: a card drawn
        and not played goes back to a place the human knows (solo-v2: the bottom of its deck/hand, where
        the draws from the top leave it), so it is no card to deal anew. Forgotten at each new turn (a
        new turn's deal may shuffle)."""
        engine = self.engine
        if engine is None:
            return set()
        state = engine.state
        turn, seen = self._seen_own
        if turn != state.turn:
            seen = set()
        if decision.name == registry.ACTION_CARD.name:
            seen = seen | set(shown)
        held = set(state.hands.get(decision.side, ()))
        seen = {c for c in seen if c in held}  # (a card that left went by a move every player sees)
        self._seen_own = (state.turn, seen)
        return seen

    def _search(self, engine: Engine, decision: Decision, known: set[str]) -> Any:
        options = list(decision.options)
        sample = ("twilight search", self.seed, self.decisions)
        if self.budget_ms is not None or not self.halving:
            deadline = None if self.budget_ms is None else time.perf_counter() + self.budget_ms / 1000
            outcomes = self._evaluate(engine, decision, known, sample, deadline, self.playouts)
            means = [sum(o.value for o in found) / len(found) for found in outcomes]
        else:
            means = self._halving(engine, decision, known, sample)
        self.last_values = {str(o): round(m, 4) for o, m in zip(options, means, strict=True)}
        self.last_searched = (options, means)
        ranked = sorted(range(len(options)), key=lambda k: (-means[k], k))
        war = self._war if self.halving and self.budget_ms is None else []
        if any(war) and not all(war):
            # No gamble on the war when an answer is open that risked none this round in its playouts
            # (Summit's event at DEFCON 2, the opponent free to degrade): a DEFCON 1 loses the game
            # however well the other playouts went.
            ranked = [k for k in ranked if not war[k]]
        if means[ranked[0]] < LOST and engine.track:
            # A game the playouts find lost whatever is answered scores every answer alike, and the first
            # would be taken, though it may start the war at once (a coup at DEFCON 2, Duck and Cover's
            # event, How I Learned to Stop Worrying's DEFCON 1): the best answer that does not lose at
            # once, if any. (An answer that does always scores 0, so only a game scored lost needs this.)
            for k in ranked:
                if not self._loses_at_once(engine, decision, k, options[k], known):
                    return options[k]
        return options[ranked[0]]

    def _halving(
        self, engine: Engine, decision: Decision, known: set[str], sample: tuple[Any, ...]
    ) -> list[float]:
        """Each option's mean value by successive halving: the decision's playouts (its share, and what
        the decisions before it saved) go in rounds, each round to the better half of the options left
        (playout j of every option on the same deal and dice); the others keep their means. A decision
        whose options all score alike on the first playouts (the card played changes nothing the horizon
        sees) stops there and leaves the rest of its playouts to the next decisions: their count, never
        the time, decides, so a seed plays the same game."""
        options = list(decision.options)
        budget = self.playouts + min(self._saved, HALVING_CARRY * self.playouts)
        self._saved -= budget - self.playouts
        values: list[list[float]] = [[] for _ in options]
        self._war = [False] * len(options)  # (read by `_search`)
        alive = list(range(len(options)))
        spent = 0
        deals: dict[int, _Deal] = {}
        j = 0
        while True:
            per_round = len(alive)
            drawn = _seed(*sample, j)
            for k in alive:
                outcome = self._playout(engine, decision, options[k], known, drawn, deals=deals)
                values[k].append(outcome.value)
                self._war[k] = self._war[k] or outcome.war_now
            spent += per_round
            j += 1
            if j == HALVING_FIRST and all(values[k] == values[alive[0]] for k in alive):
                break  # (no option differs from another on the same luck)
            if spent + len(alive) > budget:
                break
            if j >= HALVING_FIRST and len(alive) > 2 and 2 * spent >= budget:
                # Past half the budget, each round halves the options left: the better half goes on.
                ranked = sorted(alive, key=lambda k: -sum(values[k]) / len(values[k]))
                alive = sorted(ranked[: max(2, (len(alive) + 1) // 2)])
        self._saved += max(0, budget - spent)
        return [sum(v) / len(v) for v in values]

    def _evaluate(
        self,
        engine: Engine,
        decision: Decision,
        known: set[str],
        sample: tuple[Any, ...],
        deadline: float | None,
        playouts: int,
        whole_rounds: bool = False,
        facts: _Facts | None = None,
    ) -> list[list[_Outcome]]:
        """Each option's playouts. Playout j of every option has the same dealing and dice. With a
        `deadline`, rounds (one playout per option) go on until it passes; with `whole_rounds`, a round is
        begun only when it should end before the deadline (the time of the rounds so far says how long one
        takes), so that the deadline is kept, not overrun by a round. With `facts`, each playout also
        says what it did (`_Outcome`)."""
        options = list(decision.options)
        outcomes: list[list[_Outcome]] = [[] for _ in options]
        started = time.perf_counter()
        deals: dict[int, _Deal] = {}
        j = 0
        while True:
            drawn = _seed(*sample, j)
            for k, option in enumerate(options):
                outcomes[k].append(self._playout(engine, decision, option, known, drawn, facts, deals))
            j += 1
            if deadline is not None:
                now = time.perf_counter()
                per_round = (now - started) / j if whole_rounds else 0.0
                if now + per_round >= deadline:
                    break
            elif j * len(options) >= playouts:
                break
        return outcomes

    def advise(self, decision: Decision, budget_ms: float | None, playouts: int = 0) -> Advice | None:
        """What the search makes of a decision, without answering it: each answer rated (`RatedAnswer`),
        best first, within `budget_ms` (wall clock) at most. The game is not changed: the playouts run in
        copies of it. Called from inside the player's `decide` (the copies are made there, at the
        decision). None when the search does not weigh this kind of decision. Without `budget_ms`, the
        playouts are `playouts` in all (in whole rounds: one playout per answer). A point of influence is
        rated as the search plays it: by whole plans for the card's points left (`InfluencePlan`s are then
        the answers rated), whatever the number of countries open: working them out counts in the budget."""
        started = time.perf_counter()
        engine = self.engine
        if engine is not None:
            engine.program.use_native()  # (as `decide` asks for it)
        known = self._known_cards(decision) if engine is not None else set()
        if (
            self.plans
            and engine is not None
            and decision.name == INFLUENCE_TARGET
            and not engine.lookahead_depth
        ):
            seed = ("twilight hint plan", self.seed, len(engine.answers))
            decision = self._plans_question(engine, decision, *seed, known=known) or decision
        if (
            engine is None
            or not decision.single
            or not 2 <= len(decision.options) <= self.max_candidates
            or engine.lookahead_depth
        ):
            return None
        sample = ("twilight hint", self.seed, len(engine.answers))
        # (without a time, `playouts` in all: reproducible, as the search's own budget)
        deadline = None if budget_ms is None else started + budget_ms / 1000
        before = self.playouts_run
        facts = _Facts.at(engine, decision.side)
        outcomes = self._evaluate(
            engine, decision, known, sample, deadline, playouts, whole_rounds=True, facts=facts
        )
        rated = [_rated(o, found) for o, found in zip(decision.options, outcomes, strict=True)]
        ranked = sorted(rated, key=lambda r: -r.mean)  # (a stable sort: ties keep the question's order)
        for answer in ranked:
            answer.tied_with_best = answer.high >= ranked[0].low and ranked[0].high >= answer.low
        return Advice(ranked, self.playouts_run - before, time.perf_counter() - started, facts.region)

    # ------------------------------------------------------------------ one playout
    def _playout(
        self,
        engine: Engine,
        decision: Decision,
        option: Any,
        known: set[str],
        sample: int,
        facts: _Facts | None = None,
        deals: dict[int, _Deal] | None = None,
    ) -> _Outcome:
        """The candidate answered in a copy of the game, the game played on to the horizon there, and the
        position scored for the human. The copy keeps no records once it has taken up its place: it is
        never copied again. `deals`: the deals drawn so far at this decision, by sample (for the other
        answers' playouts of the same sample)."""
        human = decision.side
        twin = engine.clone(events=False, cls=QuietEngine, dice=False)
        # (the copy's hidden places found once: the first answer of a sample draws the deal from them
        # and is dealt into them)
        places = _hidden_places(twin.state, twin.ir, human, known, cards_revealed_to(twin, human))
        deal = deals.get(sample) if deals is not None else None
        if deal is None:
            deal = _Deal(twin.state, twin.ir, human, known, sample, places)
            if deals is not None:
                deals[sample] = deal
        deal.deal(twin.state, twin.ir, human, known, places)
        _headline_dealt_as_allowed(twin, human)
        twin.dice = Dice(deal.dice_seed)  # the future rolls are unknown too

        rounds = [0]
        where = [(twin.state.turn, twin.state.action_round)]

        def at_decision() -> None:
            now = (twin.state.turn, twin.state.action_round)
            if now != where[0]:
                where[0] = now
                rounds[0] += 1
                if rounds[0] >= self.horizon:
                    raise _Horizon

        greedy = RolloutPlayer(deal.rollout_seed)
        greedy.engine = twin
        players: dict[str, Any] = {human: greedy}
        for side, model in self.opponents.items():
            players[side] = _seated(model, twin, sample)
        for side in SIDES:
            if side not in players:
                players[side] = self._opponent(twin, side)
        answer = option
        if isinstance(option, InfluencePlan):
            # The card's points by the plan: its first here, the others as the copy asks them.
            follower = PlanFollower(option, greedy, twin)
            players[human] = follower
            answer = follower.decide(decision.context[_PLANNED])
        twin.players = {side: _Watched(p, at_decision) for side, p in players.items()}
        try:
            twin.resume(answer, track=False)
        except _Horizon:
            pass
        except Exception:  # the copy failed (an error in the rules): no information, an even score
            return _Outcome(0.5)
        finally:
            self.playouts_run += 1
            for player in players.values():
                if hasattr(player, "engine"):
                    player.engine = None  # (the copy goes as soon as the playout is scored)
            # Its watched players hold the copy too (`at_decision` reads its state): with them gone it
            # holds nothing that holds it, and is freed as soon as it is scored, not left with its whole
            # state for the garbage collector, whose collections the thousands of objects of each
            # playout's copy would otherwise set off and make walk them.
            twin.players = {}
        value = playout_value(twin, human)
        outcome = _Outcome(value) if facts is None else facts.of(twin, value)
        end = twin.state
        outcome.war_now = bool(
            end.game_over
            and end.end_reason == DEFCON_WAR_END
            and end.winner not in (human, "draw")
            and (end.turn, end.action_round) == (engine.state.turn, engine.state.action_round)
        )
        return outcome

    def _opponent(self, twin: Engine, side: str) -> Any:
        """A side the playout has no player for: the ruleset's AI in a game against it, else the greedy
        heuristic."""
        if ai_side_of(twin.ir, twin.state.settings) == side:
            ai = RulesAIPlayer()
            ai.engine = twin
            return ai
        greedy = GreedyPlayer(_seed("twilight search opponent", self.seed, self.playouts_run))
        greedy.engine = twin
        return greedy


def _seated(model: Any, twin: Engine, sample: int) -> Any:
    """A playout's own copy of a player the search models a side by (`SearchPlayer.opponents`), reading
    the playout's copy of the game: the ruleset's AI afresh; any other as the model stands, its random
    choices drawn anew for the playout's `sample` (playout j of every answer draws alike, and playout j
    and k differ: with one random state for all, a free choice of the opponent, such as degrading DEFCON
    after Summit, came out the same in every playout, and its risk was never seen), the model itself
    untouched."""
    if isinstance(model, RulesAIPlayer):
        player: Any = RulesAIPlayer()
    else:
        player = copy.copy(model)
        if isinstance(getattr(model, "rng", None), random.Random):
            player.rng = random.Random(_seed("twilight search model", sample))
    if hasattr(player, "engine"):
        player.engine = twin
    return player


def _rolled(twin: Engine) -> bool:
    """Whether the copy's dice have rolled (or shuffled) anything."""
    return twin.dice.rolled


class _Stopping:
    """A copy's player that stops it at its first question, having looked into it (`ahead`) when asked to:
    whether every answer there loses at once (`lost_ahead`)."""

    def __init__(self) -> None:
        self.ahead: Callable[[Decision], bool] | None = None
        self.lost_ahead = False

    def decide(self, decision: Decision) -> Any:
        if self.ahead is not None:
            self.lost_ahead = self.ahead(decision)
        raise _Horizon


class _Watched:
    """A playout's player: each decision first checks whether the playout has gone far enough."""

    def __init__(self, inner: Any, check: Callable[[], None]) -> None:
        self.inner = inner
        self.check = check

    def decide(self, decision: Decision) -> Any:
        self.check()
        return self.inner.decide(decision)
