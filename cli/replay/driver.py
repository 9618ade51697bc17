"""A game log replayed under `standard`: every decision our engine asks is answered from the log, the
logged dice are the dice, and after each headline phase and action round our board is compared with the
totals the log printed.

The log is cut into segments: the setup, then one per headline phase and per action round (a segment
runs from its header line to the next). A decision that opens an action round (`action_card`, and the
Bear Trap and Quagmire discards that take its place) moves to the next action round's segment; the
first headline decision of a turn moves to the turn's headline segment. The answers of a segment are
drawn from its events: the influence it placed (the log's `+3 in South Korea` spread into single
points), the targets it names, the cards it shows, its choices; the dice are its logged dice, in order.
"""

from __future__ import annotations

from collections.abc import Iterator, Sequence
from dataclasses import dataclass, field
from typing import Any, TypeVar

from twilight.cli.replay.ids import standard_ids
from twilight.cli.replay.judge import judge
from twilight.cli.replay.log import Event, GameLog
from twilight.cli.replay.names import region_names
from twilight.cli.settings_arg import settings_problem
from twilight.runtime.core import registry
from twilight.runtime.core.decisions import Decision
from twilight.runtime.core.dice import Dice
from twilight.runtime.core.engine import Engine
from twilight.runtime.core.sides import US, USSR
from twilight.runtime.game import new_engine

T = TypeVar("T")
# The names the engine asks and plays by, as the runtime's contract names them.
THE_CHINA_CARD = registry.THE_CHINA_CARD.name
HEADLINE_CARD = registry.HEADLINE_CARD.name
ACTION_CARD = registry.ACTION_CARD.name
OPTIONAL_CARDS = registry.OPTIONAL_CARDS.name
OPS_MODES = ("influence", "coup", "realign", "space")
HAND_SHOWN = ("discards", "reveals", "plays", "headlines")  # (lines naming a card of the side's hand)
# What a choice of countries does with the pick (runtime/program.py `choice_intent`): the sign of the
# influence change it makes, and whose influence it is (True: the decider's own).
INTENT_CHANGES = {
    "place": (+1, True),
    "place_opponent": (+1, False),
    "remove": (-1, False),
    "remove_own": (-1, True),
}
# Why the log gives no answer to a decision (a guess's `why` fact, worded by the report's
# `replay-why-<key>`), with its English words for the JSON's `ours`.
GUESS_WHY = {
    "no-mode": "the log shows no way to play the card",
    "no-card": "the log names no card here",
    "no-card-for-it": "the log names no card for it",
    "no-options": "no options",
    "no-country": "the log names no country for it",
    "few-countries": "the log names too few countries for it",
    "few-cards": "the log names too few cards for it",
    "not-said": "the log does not say",
}


@dataclass
class Segment:
    kind: str  # setup | headline | ar
    events: list[Event]
    turn: int = 0
    side: str | None = None
    card: str | None = None
    mode: str | None = None  # the action round's header: event | influence | coup | realign | space

    @property
    def line(self) -> int:
        return self.events[0].line

    @property
    def empty_round(self) -> bool:
        """An action round in which nothing was played ("Turn 8, US AR8: :" and nothing after it): the
        side had no card left, or passed the eighth round North Sea Oil gives."""
        end_lines = {e.line for e in self.events if e.kind == "game_end"}
        return (
            self.kind == "ar"
            and self.card is None
            and all(e.kind == "blank" or e.line in end_lines for e in self.events[1:])
        )

    def label(self) -> str:
        if self.kind == "ar":
            head = self.events[0]
            return f"T{self.turn} {str(self.side).upper()} AR{head.data.get('ar')}"
        return f"T{self.turn} headline" if self.kind == "headline" else "setup"


@dataclass
class Finding:
    """A divergence (kind: our_bug, edition_fault, log_gap) or a note of the replay's own edits."""

    line: int
    log: str
    ours: str
    kind: str
    what: str  # influence | vp | defcon | milops | space | flow | hand | answer
    rule: str = ""
    country: str | None = None
    judgment: str | None = None  # the id of the judgments.yaml entry that judged it
    # What `ours` says, as values (for the report's and the browser's words: report.ours_words): the
    # country, the numbers, the side, the card and how it was played.
    facts: dict[str, Any] = field(default_factory=dict)

    def as_json(self) -> dict[str, Any]:
        out = {"line": self.line, "log": self.log, "ours": self.ours, "kind": self.kind, "what": self.what}
        if self.rule:
            out["rule"] = self.rule
        if self.judgment:
            out["judgment"] = self.judgment
        return out


@dataclass
class Snapshot:
    """The board after a segment, for stepping through: the segment's label and lines, and our state."""

    label: str
    first_line: int
    last_line: int
    state: dict[str, Any]
    # The whole game at that moment (`Engine.clone`: shares nothing mutable), for `twilight serve`'s board.
    engine: Engine | None = None
    # The segment itself, for its name in the player's words (report.round_words).
    segment: Segment | None = None


@dataclass
class ReplayResult:
    log: GameLog
    lines_replayed: int = 0
    complete: bool = False
    divergences: list[Finding] = field(default_factory=list)
    gaps: list[Finding] = field(default_factory=list)  # the replay's edits (cards moved into a hand)
    guesses: list[Finding] = field(default_factory=list)  # decisions the log did not answer
    stopped: str | None = None  # why the replay stopped before the log's end (English, for --json)
    # Our game over before the log's end: why (an `end_reason`) and the round of the log it did not reach,
    # for the report's words.
    stopped_over: tuple[str, Segment] | None = None
    # How the game stands at the log's last line: over in our rules too (`end_reason`), or going on (a
    # log that stops mid-game: a resignation, a clock run out, or a file cut short).
    end_reason: str | None = None
    last_segment: Segment | None = None
    snapshots: list[Snapshot] = field(default_factory=list)


class _LogEnded(BaseException):  # (not an error: the log has nothing more to answer with)
    pass


class _Stop(BaseException):
    def __init__(self, why: str) -> None:
        super().__init__(why)
        self.why = why


def segments_of(log: GameLog) -> list[Segment]:
    out: list[Segment] = [Segment("setup", [])]
    for e in log.events:
        if e.kind == "headline":
            out.append(Segment("headline", [e], turn=int(e.data["turn"])))
        elif e.kind == "ar":
            out.append(Segment("ar", [e], int(e.data["turn"]), e.side, e.card, e.data.get("mode")))
        else:
            out[-1].events.append(e)
    if not out[0].events:
        out.pop(0)
    return out


class ReplayDice(Dice):
    """Dice that roll what the log rolled: the segment's dice, in order; past them, a note and a 1... a
    die of the engine's own seeded generator, recorded as a guess."""

    def __init__(self, driver: Replay) -> None:
        super().__init__(0)
        self.driver = driver
        self.queue: list[int] = []

    def d6(self) -> int:
        if self.queue:
            return self.queue.pop(0)
        return self.driver.unlogged_die()

    def shuffle(self, items: list[Any]) -> None:  # (the deal is not in the log: any order will do)
        self.rng.shuffle(items)

    def pick(self, items: Sequence[T]) -> T:
        """A card drawn at random from a hand (Grain Sales to Soviets, …): the one the log reveals."""
        return self.driver.picked(items)

    def copy(self) -> ReplayDice:
        twin = ReplayDice(self.driver)
        twin.queue = list(self.queue)
        return twin


class Replay:
    """Plays one log; `run()` gives its ReplayResult."""

    def __init__(self, log: GameLog, ir: dict[str, Any], program: Any) -> None:
        self.log = log
        self.result = ReplayResult(log)
        self.segments = segments_of(log)
        self.index = -1  # the segment being answered from
        # The ids the replay reads `standard` by (cli/replay/standard.yaml, checked by the command), and
        # the log's region names (our English names).
        self.ids = ids = standard_ids()
        self.regions = region_names(ir, ir["ruleset"]["name"])
        self.opens_round = (ACTION_CARD, *ids.opens_round)
        settings: dict[str, Any] = {
            OPTIONAL_CARDS: log.optional_cards,
            ids.deluxe_map: True,  # (the digital edition plays the deluxe map)
            ids.us_handicap: log.handicap.get(US, 0) + log.bid.get(US, 0),
        }
        # A header's handicap is held to the setting's bounds as `--set` is (a made-up +1000 would have
        # the game ask for handicap points long after the log has none left to give).
        self.refused = settings_problem(ir, settings)
        self.engine = new_engine(
            ir,
            {US: self, USSR: self},
            seed=1,
            settings=settings,
            program=program,
            engine_class=Engine,  # (named: the engine's type is then known, not inferred as nothing)
        )
        self.dice = ReplayDice(self)
        self.engine.dice = self.dice
        self.ir = ir
        self._used: set[int] = set()  # ids of events consumed (placements, targets, cards)
        self._pool: list[list[Any]] = []  # [side, country, points left, event] of the segment
        self._headline_turn = 0
        self._compared: set[int] = set()  # (the segments compared: each once)
        self._dealt_turn = 0
        self._scoring_instead = False  # a trapped side's round: a scoring card played, not a discard
        # The turn's last round is compared when the turn's end begins: the military operations check
        # that follows moves the VP (the log prints no line for it) and the turn's end resets the tracks.
        self._turn_ending = False
        self._cleanup_left: list[Event] = []  # the turn's end lines, compared after it
        self.engine.trace_notes = {"phase": self._on_phase}

    # ------------------------------------------------------------------ the run
    def run(self) -> ReplayResult:
        result = self.result
        if self.refused is not None:
            result.stopped = f"the log's header does not fit the rules: {self.refused}"
            return result
        self._enter(0 if self.segments and self.segments[0].kind == "setup" else -1)
        try:
            self.engine.run()
            # The log's last rounds with nothing played (our game passed them): the final scoring the
            # game's end line may carry is compared with ours.
            while self.index < len(self.segments) - 1 and self.segments[self.index + 1].empty_round:
                self._compare_segment()
                self._enter(self.index + 1)
            if self.index < len(self.segments) - 1:
                self._compare_segment()
                nxt = self.segments[self.index + 1]
                result.stopped = f"our game ended ({self.engine.state.end_reason}) before {nxt.label()}"
                reason = self.engine.state.end_reason
                result.stopped_over = (str(reason), nxt)
                self._divergence(nxt.events[0], f"our game is over: {reason}", "flow", facts={"over": reason})
            else:
                self._compare_segment()
                result.complete = True
                result.end_reason = str(self.engine.state.end_reason or "") or None
        except _LogEnded:
            self._compare_segment()
            result.complete = True
        except _Stop as stop:
            result.stopped = stop.why
        except Exception as err:  # a rule error mid-game: said, never a traceback
            result.stopped = f"the rules stopped the game: {type(err).__name__}: {err}"
        last = self.segments[self.index].events[-1].line if 0 <= self.index < len(self.segments) else 0
        result.last_segment = self.segments[self.index] if 0 <= self.index < len(self.segments) else None
        result.lines_replayed = self.log.lines if result.complete else last
        return result

    # ------------------------------------------------------------------ the player
    def decide(self, decision: Decision) -> Any:
        name = decision.name
        if self._dealt_turn != self.engine.state.turn and not self.engine.state.in_final_scoring:
            self._dealt_turn = self.engine.state.turn
            self._deal_from_log()
        if name == HEADLINE_CARD:
            turn = self.engine.state.turn
            if self._headline_turn != turn:
                self._headline_turn = turn
                self._next_segment("headline", None)
            return self._card_answer(decision, self._headline_card(decision.side))
        if name == self.ids.china_card_or_pass:
            return self._china_card_or_pass(decision.side)
        if name in self.opens_round:
            return self._round_card(decision)
        segment = self.segments[self.index]
        if name == "play_mode":
            return self._play_mode(decision, segment)
        if name == "event_first":
            return "event" if segment.mode == "event" else "ops"
        if name == "operations":
            for e in self._unused("mode"):
                if e.data["mode"] in decision.options:
                    self._used.add(id(e))
                    return e.data["mode"]
        if name in ("coup_target", "realign_target"):
            for e in self._unused("target"):
                if e.country in decision.options:
                    self._used.add(id(e))
                    return e.country
        return self._generic(decision)

    def _round_card(self, decision: Decision) -> Any:
        """The card of a question that opens an action round (the action card, a trap's discard): the
        card the log's next round of that side plays."""
        name = decision.name
        if name == ACTION_CARD and self._scoring_instead:
            # (the trapped side named its scoring card instead of a discard: it is this round's play)
            self._scoring_instead = False
            return self._card_answer(decision, self.segments[self.index].card)
        segment = self._next_segment("ar", decision.side)
        if segment.card is None:
            raise _LogEnded()
        answer = self._card_answer(decision, segment.card)
        if name != ACTION_CARD and self.ir["cards"].get(answer, {}).get("scoring"):
            self._scoring_instead = True
        return answer

    def _china_card_or_pass(self, side: str) -> str:
        """A side left with only The China Card: it plays the card when the log's next round is that side's
        and plays it (that round's segment is entered, as an action card's question enters it), else it
        passes the round (the log goes on with another's)."""
        for seg in self.segments[self.index + 1 :]:
            if seg.empty_round:
                continue
            if seg.kind == "ar" and seg.side == side and seg.card == THE_CHINA_CARD:
                self._next_segment("ar", side)
                return self.ids.china_card_play
            break
        return self.ids.china_card_pass

    def _headline_card(self, side: str) -> str | None:
        for e in self.segments[self.index].events:
            if e.kind == "headlines" and e.side == side:
                return e.card
        return None

    def _play_mode(self, decision: Decision, segment: Segment) -> Any:
        options = decision.options
        # A card played inside another's event (Grain Sales to Soviets, in the headline or a round) is
        # played for its event when the log's next lines are its `Event: NAME`, else for the operations
        # the lines show; the round's header tells only of the round's own card.
        played = next((e.get("card") for e in reversed(self.engine.events) if e["kind"] == "play"), None)
        inner = played is not None and played != segment.card
        if inner:
            if "event" in options and any(
                e.kind == "event" and e.card == played for e in self._from_current_event()
            ):
                return "event"
        elif segment.mode == "event" and "event" in options:
            return "event"
        elif segment.mode in options:
            return segment.mode
        # The event first, then the card's operations: the last operations the segment shows (those
        # before them are the event's own, answered by `operations`).
        for e in reversed(list(self._unused("mode"))):
            if e.data["mode"] in options:
                self._used.add(id(e))
                return e.data["mode"]
        if "event" in options and any(e.kind == "event" and e.card == played for e in segment.events):
            return "event"  # (a header that carries another line, "Brush War: USSR gains 2 VP...")
        if len(options) == 1:
            return options[0]  # (a scoring card: the log's last line names it and ends)
        return self._guess(decision, "no-mode")

    def _card_answer(self, decision: Decision, card: str | None) -> Any:
        """The card the log plays; one not in the hand is moved into it first (the log has no deal)."""
        if card is None:
            return self._guess(decision, "no-card")
        if card in decision.options:
            return card
        self._move_into_hand(decision, card)
        return card

    def _move_into_hand(self, decision: Decision, card: str) -> None:
        self._move_card(decision.side, card)
        if card not in decision.options:
            decision.options.append(card)

    def _move_card(self, side: str, card: str) -> bool:
        """Put a card the log plays into a side's hand, from wherever it is, in exchange for a card of the
        hand the log does not play later in the turn (a replay-only edit: a gap of the log)."""
        state = self.engine.state
        hand = state.hands[side]
        if card in hand or (card == THE_CHINA_CARD and state.china_holder == side):
            return True  # (already there: moved in when its segment began)
        where, source = "the draw pile", "draw"
        place: list[str] | None = None
        for name, key, pile in (
            ("the draw pile", "draw", state.draw_pile),
            ("the discard pile", "discard", state.discard),
            ("the other side's hand", "other-hand", state.hands[USSR if side == US else US]),
            ("the removed cards", "removed", state.removed),
        ):
            if card in pile:
                where, source, place = name, key, pile
                break
        later = self._played_later(side)
        spare = [c for c in hand if c not in later and c != THE_CHINA_CARD and c != card]
        # A scoring card the log does not show goes first: our deal's fiction must not make a side hold
        # one to the turn's end (4.5 D) or play it where the log plays nothing.
        spare.sort(key=lambda c: 0 if self.ir["cards"][c].get("scoring") else 1)
        if place is not None:
            place.remove(card)
            if spare:
                hand.remove(spare[0])
                place.append(spare[0])
        if card == THE_CHINA_CARD:
            state.china_holder, state.china_face_up = side, True
        else:
            hand.append(card)
        head = self.segments[self.index].events[0]
        self.result.gaps.append(
            Finding(
                head.line,
                head.text,
                f"{card} taken from {where}",
                "log_gap",
                "hand",
                facts={"card": card, "from": source, "to": "hand"},
            )
        )
        return True

    def _deal_from_log(self) -> None:
        """At a turn's first decision: every card the log shows in a side's hand during the turn (its
        headline, the cards of its rounds, the ones it reveals or discards) put into that hand now, in
        exchange for cards the log does not show (scoring cards first). The log has no deal; this keeps
        our hands as near the players' as the log tells, so that an event that looks at a hand (Missile
        Envy, Five Year Plan, Grain Sales, the trapped side's discard, a held scoring card) meets the
        cards the players held."""
        turn = self.engine.state.turn
        shown: dict[str, list[str]] = {US: [], USSR: []}
        for seg in self.segments[max(self.index, 0) :]:
            if seg.turn != turn:
                if seg.turn > turn:
                    break
                continue
            if seg.kind == "ar" and seg.side and seg.card:
                shown[seg.side].append(seg.card)
            if any(e.card in self.ids.from_the_deck for e in seg.events if e.kind in ("event", "ar")):
                continue
            event = None
            for e in seg.events:
                if e.kind == "event" or (e.kind == "ar" and e.data.get("mode") == "event"):
                    event = e.card
                # (the card Grain Sales plays is of the other side's hand: its reveal says whose)
                if e.kind == "plays" and event == self.ids.grain_sales:
                    continue
                if e.kind in HAND_SHOWN and e.side and e.card:
                    shown[e.side].append(e.card)
        state = self.engine.state
        for side, cards in shown.items():
            for card in cards:
                if card != THE_CHINA_CARD and card not in state.hands[side]:
                    self._move_card(side, card)

    def _played_later(self, side: str) -> set[str]:
        """The cards the log shows in this side's hand from here to the turn's end: the ones it plays in
        its later rounds and the ones it reveals, discards or plays within a round (Blockade's discard,
        a card Five Year Plan or Grain Sales draws): a card moved out of the hand must be none of them."""
        turn = self.engine.state.turn
        out: set[str] = set()
        for seg in self.segments[max(self.index, 0) :]:
            if seg.turn != turn and seg is not self.segments[self.index]:
                break
            if seg.side == side and seg.card and seg is not self.segments[self.index]:
                out.add(seg.card)
            for e in seg.events:
                if e.kind in HAND_SHOWN and e.side == side and e.card and id(e) not in self._used:
                    out.add(e.card)
        return out

    # ------------------------------------------------------------------ generic answers
    def _generic(self, decision: Decision) -> Any:
        options = decision.options
        if not options:
            return [] if not decision.single else self._guess(decision, "no-options")
        first = options[0]
        countries = self.ir["map"]["countries"]
        if isinstance(first, str) and first in countries:
            return self._countries(decision)
        if isinstance(first, str) and first in self.ir["cards"]:
            return self._cards(decision)
        return self._word(decision)

    def _countries(self, decision: Decision) -> Any:
        intent = decision.context.get("intent")
        want = decision.max_count
        picks: list[str] = []
        if decision.name == self.ids.norad_point:
            return self._norad_point(decision)
        other = USSR if decision.side == US else US
        if intent in INTENT_CHANGES:
            sign, own = INTENT_CHANGES[str(intent)]
            picks = self._take_points(decision, sign, want, decision.side if own else other)
        elif intent in (None, "other", "decide"):
            picks = self._take_points(decision, +1, want, decision.side)
            if not picks:
                picks = self._take_points(decision, -1, want, None)
        if not picks:
            for e in self._unused("target", "war_in"):
                if e.country in decision.options:
                    self._used.add(id(e))
                    picks = [str(e.country)]
                    break
        if not picks:
            for e in self.segments[self.index].events:
                if e.kind == "influence" and e.country in decision.options:
                    picks = [str(e.country)]
                    break
        if decision.single:
            return picks[0] if picks else self._guess(decision, "no-country")
        if len(picks) < decision.min_count:
            return self._guess(decision, "few-countries")
        return picks

    def _norad_point(self, decision: Decision) -> list[str]:
        """NORAD's point: the US's single point the log prints after DEFCON dropped to 2 (not one of the
        round's own placements before it)."""
        dropped = False
        for e in self.segments[self.index].events:
            if e.kind == "defcon" and int(e.data["n"]) == 2 and e.data["word"] == "degrades":
                dropped = True
            elif dropped and e.kind == "influence" and e.side == US and int(e.data["n"]) == 1:
                for entry in self._pool:
                    if entry[3] is e and entry[2] > 0 and e.country in decision.options:
                        entry[2] = 0
                        return [str(e.country)]
        return []

    def _take_points(self, decision: Decision, sign: int, want: int, whose: str | None) -> list[str]:
        """Single points of the segment's influence changes of this sign and of this side's influence
        (None: either side's), in the log's order, in the options; each point used once."""
        picks: list[str] = []
        for entry in self._pool:
            side, country, left, _ = entry
            if left * sign <= 0 or country not in decision.options:
                continue
            if whose is not None and side != whose:
                continue
            while left * sign > 0 and len(picks) < want:
                if decision.distinct and country in picks:
                    break
                picks.append(country)
                left -= sign
            entry[2] = left
            if len(picks) >= want:
                break
        return picks

    def _cards(self, decision: Decision) -> Any:
        picks: list[str] = []
        kinds = ("discards", "reveals", "plays", "returns", "event", "headlines")
        shown = [e for e in self._from_current_event() if e.kind in kinds and id(e) not in self._used]
        # (a card a side reveals, discards or plays is of its own hand: taken when the options are that
        # hand's cards, the decider's or, for Aldrich Ames, the other side's)
        state = self.engine.state
        owner = next(
            (side for side, hand in state.hands.items() if all(o in hand for o in decision.options)),
            decision.side,
        )
        shown = [e for e in shown if e.kind not in ("discards", "reveals", "plays") or e.side == owner]
        for e in shown:
            if e.card in decision.options and e.card not in picks:
                if e.kind != "reveals":
                    self._use(e)
                picks.append(str(e.card))
                if len(picks) >= decision.max_count:
                    break
        hand = state.hands.get(owner, [])
        if len(picks) < max(decision.min_count, 1) and all(o in hand for o in decision.options):
            # A card of this hand the log shows that our deal put elsewhere: moved into the hand (an
            # optional pick too: Blockade's discard, which the log shows).
            for e in shown:
                if e.kind not in ("discards", "reveals", "plays") or id(e) in self._used:
                    continue
                if e.side == owner and e.card and e.card not in decision.options:
                    self._move_card(owner, e.card)
                    decision.options.append(e.card)
                    self._use(e)
                    picks.append(e.card)
                    if len(picks) >= max(decision.min_count, 1):
                        break
        if not picks and decision.options and all(o in state.discard for o in decision.options):
            # A card taken from the discard pile (Star Wars) whose event the log then plays: our game
            # put it elsewhere (the log has no deal); moved into the discard pile first.
            for e in shown:
                if e.kind == "event" and e.card and e.card != self.segments[self.index].card:
                    self._into_discard(e.card)
                    decision.options.append(e.card)
                    picks.append(e.card)
                    break
        if decision.single:
            return picks[0] if picks else self._guess(decision, "no-card-for-it")
        if len(picks) < decision.min_count:
            return self._guess(decision, "few-cards")
        return picks

    def _into_discard(self, card: str) -> None:
        """A card the log takes from the discard pile, moved there from wherever our game has it (a gap of
        the log: the deal and the draws are not in it)."""
        state = self.engine.state
        for name, key, pile in (
            ("the draw pile", "draw", state.draw_pile),
            ("the US hand", "us-hand", state.hands[US]),
            ("the USSR hand", "ussr-hand", state.hands[USSR]),
            ("the removed cards", "removed", state.removed),
        ):
            if card in pile:
                pile.remove(card)
                state.discard.append(card)
                head = self.segments[self.index].events[0]
                self.result.gaps.append(
                    Finding(
                        head.line,
                        head.text,
                        f"{card} put in the discard pile from {name}",
                        "log_gap",
                        "hand",
                        facts={"card": card, "from": key, "to": "discard"},
                    )
                )
                return

    def _word(self, decision: Decision) -> Any:
        options = [str(o) for o in decision.options]
        special = getattr(self, "_word_" + decision.name, None)
        if special is not None:
            answer = special(decision)
            if answer in decision.options:
                return answer
        for e in self._unused("olympics", "chooses_region"):
            word = str(e.data.get("word") or "")
            wanted = "participate" if word.startswith("participate") else word
            wanted = self.regions.get(wanted, wanted).lower()
            if wanted in options:
                self._used.add(id(e))
                return decision.options[options.index(wanted)]
        if decision.name == self.ids.summit_choice:
            for e in self._from_current_event():
                if e.kind == "defcon":
                    return "degrade" if e.data["word"] == "degrades" else "improve"
            return "leave"
        if decision.name == self.ids.defcon_choice:
            # (from the event's own line: a headline's header line tells the turn's DEFCON improvement)
            for e in self._from_current_event():
                if e.kind == "defcon" and int(e.data["n"]) in decision.options:
                    return int(e.data["n"])
            # The log prints DEFCON only when it moves: no line, the level stays where it is.
            if self.engine.state.defcon in decision.options:
                return self.engine.state.defcon
        if decision.min_count == 0 and not decision.single:
            return []
        return self._guess(decision, "not-said")

    # The decisions of particular cards whose answer is a word: read from what the segment did next.
    def _word_ops_in_one_region(self, decision: Decision) -> Any:
        """A region bonus (The China Card in Asia, Vietnam Revolts in Southeast Asia) is taken when every
        place the operations went lies in the region."""
        from twilight.runtime.core.primitives import board

        places = {str(e.country) for e in self._unused("target")}
        places |= {str(entry[1]) for entry in self._pool if entry[2] > 0 and entry[0] == decision.side}
        if not places:
            return "no"
        members = board(self.engine).members
        for option in decision.options:
            region = str(option).removeprefix("all_in_")
            if option != "no" and places <= set(members.get(region, ())):
                return option
        return "no"

    def _word_north_sea_oil_pass_round(self, decision: Decision) -> Any:
        """The eighth round North Sea Oil gives: taken when the log shows the US playing a card in it."""
        for seg in self.segments[self.index + 1 :]:
            if seg.turn != self.engine.state.turn:
                break
            if seg.kind == "ar" and seg.side == decision.side and seg.events[0].data.get("ar") == 8:
                return "no" if seg.card else "yes"
        return "yes"

    def _word_defuse_cuban_missile_crisis(self, decision: Decision) -> Any:
        """Taken when the segment shows the side taking 2 of its influence from Cuba (the USSR) or from
        West Germany or Turkey (the US), the price of ending the crisis."""
        places = self.ids.defuse_places.get(str(decision.side), ())
        for entry in self._pool:
            side, country, left, _ = entry
            if side == decision.side and country in places and left <= -2:
                return "yes"
        # (asked as the side's round begins, before its action card moves the replay to that round's
        # lines: the round's first lines then tell)
        if self.index + 1 < len(self.segments):
            nxt = self.segments[self.index + 1]
            for e in nxt.events[1:3]:
                removed = e.kind == "influence" and int(e.data["n"]) <= -2
                if removed and e.side == decision.side and e.country in places:
                    return "yes"
        return "no"

    def _word_defuse_cuban_missile_crisis_at_coup(self, decision: Decision) -> Any:
        """The way out asked as a coup is made under the crisis: taken as the round's offer is (its price
        shown in the log), else the coup lost the game."""
        taken = self._word_defuse_cuban_missile_crisis(decision) == "yes"
        return "end_crisis" if taken else "lose_game"

    def _word_tear_down_this_wall_operations(self, decision: Decision) -> Any:
        for e in self._event_part():
            if e.kind == "mode" and e.data["mode"] in ("coup", "realign"):
                return e.data["mode"]
        return "pass"

    def _word_wargames_end_game(self, decision: Decision) -> Any:
        """The game ends here when the log ends with this round (its winner's line)."""
        ends = any(e.kind in ("winner", "game_end") for e in self._event_part())
        return "end_game" if ends else "play_on"

    def _word_warsaw_pact_mode(self, decision: Decision) -> Any:
        removes = any(
            e.kind == "influence" and e.side == US and int(e.data["n"]) < 0 for e in self._event_part()
        )
        return "remove_us_influence" if removes else "add_ussr_influence"

    def _word_grain_sales_use(self, decision: Decision) -> Any:
        returned = any(e.kind == "returns" for e in self._event_part())
        return "return_card" if returned else "play_drawn_card"

    def _word_junta_follow_up(self, decision: Decision) -> Any:
        for e in self._event_part():
            if e.kind == "mode" and e.data["mode"] in ("coup", "realign"):
                return e.data["mode"]
        return "decline"

    def _word_south_african_unrest_choice(self, decision: Decision) -> Any:
        elsewhere = any(
            e.kind == "influence" and e.side == USSR and e.country != self.ids.unrest_home
            for e in self._event_part()
        )
        return "with_neighbours" if elsewhere else "south_africa_only"

    def _event_part(self) -> list[Event]:
        """The segment's events from the line of the event our engine resolves now (a card's event and
        what follows it: not the round's operations before it)."""
        return self._from_current_event()

    def _guess(self, decision: Decision, why: str) -> Any:
        """An answer the log does not give: the first option (none for an optional pick), noted. `why` is
        a key of GUESS_WHY."""
        segment = self.segments[self.index] if self.index >= 0 else None
        head = segment.events[0] if segment else None
        if decision.single:
            answer: Any = decision.options[0] if decision.options else None
        else:
            answer = list(decision.options[: decision.min_count])
        facts = {
            "decision": decision.name,
            "side": decision.side,
            "min": decision.min_count,
            "max": decision.max_count,
            "why": why,
            "answer": answer,
        }
        self.result.guesses.append(
            Finding(
                head.line if head else 0,
                head.text if head else "",
                f"{decision.name}: {GUESS_WHY[why]}",
                "guess",
                "answer",
                facts=facts,
            )
        )
        return answer

    def _use(self, e: Event) -> None:
        """Mark a card line used, with its repeats: the log often prints a reveal or a play twice ("USSR
        reveals X" and "USSR reveals X from hand", "US plays X" twice)."""
        self._used.add(id(e))
        for other in self.segments[self.index].events:
            if other.kind == e.kind and other.side == e.side and other.card == e.card:
                self._used.add(id(other))

    def _from_current_event(self) -> list[Event]:
        """The segment's events from the log's line of the event our engine resolves now (its
        `Event: NAME`, or the round's header when the round plays the card for its event); the whole
        segment when the log shows none."""
        events = self.segments[self.index].events
        card = next((e.get("card") for e in reversed(self.engine.events) if e["kind"] == "event"), None)
        if card is None:
            return events
        for i in range(len(events) - 1, -1, -1):
            e = events[i]
            if e.card == card and (e.kind == "event" or (e.kind == "ar" and e.data.get("mode") == "event")):
                return events[i:]
        return events

    def _unused(self, *kinds: str) -> Iterator[Event]:
        for e in self.segments[self.index].events:
            if e.kind in kinds and id(e) not in self._used:
                yield e

    def picked(self, items: Sequence[T]) -> T:
        for e in self._unused("reveals", "discards"):
            if e.card in items:
                self._use(e)
                return items[list(items).index(e.card)]  # type: ignore[arg-type]
        for e in self._unused("reveals", "discards"):
            # A card the log reveals that is not among them: put in the hand drawn from, in exchange.
            for side, hand in self.engine.state.hands.items():
                if items and items[0] in hand and e.card is not None and self._move_card(side, e.card):
                    self._use(e)
                    return e.card  # type: ignore[return-value]
        return items[0]

    def unlogged_die(self) -> int:
        segment = self.segments[self.index] if self.index >= 0 else None
        head = segment.events[0] if segment else None
        self.result.guesses.append(
            Finding(
                head.line if head else 0,
                head.text if head else "",
                "a die the log does not show",
                "guess",
                "die",
                facts={"die": 3},
            )
        )
        return 3

    # ------------------------------------------------------------------ segments
    def _next_segment(self, kind: str, side: str | None) -> Segment:
        """Compare the segment just played, then move to the next of this kind (and side): any skipped
        is a divergence of the flow (our game asks otherwise than the log goes)."""
        self._compare_segment()
        i = self.index + 1
        while i < len(self.segments):
            seg = self.segments[i]
            if seg.kind == kind and (side is None or seg.side == side):
                break
            if seg.kind == "ar" and seg.card is None and kind == "ar":
                break
            if seg.empty_round:  # (a round with nothing played: ours passed it too)
                i += 1
                continue
            asks = {"asks": kind, "side": side}
            self._divergence(
                seg.events[0], f"our game asks {kind} of {side or 'both'} here", "flow", facts=asks
            )
            i += 1
        if i >= len(self.segments):
            raise _LogEnded()
        self._enter(i)
        return self.segments[i]

    def _enter(self, i: int) -> None:
        self.index = i
        if i < 0:
            return
        seg = self.segments[i]
        self._pool = [[e.side, e.country, int(e.data["n"]), e] for e in seg.events if e.kind == "influence"]
        # The influence a coup, a realignment or a war moves is the roll's result, not a placement
        # anyone chose: no answer comes from it (NORAD's point after a coup must not take the coup's).
        rolled = False
        for e in seg.events:
            if e.kind in ("coup_roll", "realign_roll", "war_roll"):
                rolled = True
            elif e.kind == "influence" and rolled:
                for entry in self._pool:
                    if entry[3] is e:
                        entry[2] = 0
            elif e.kind not in ("influence", "milops", "vp", "defcon"):
                rolled = False
        self.dice.queue = self._dice_of(seg)
        for e in seg.events:
            # (the round header's own mode, "Turn 2, USSR AR2: CIA Created*: Place Influence (1 Ops):",
            # is answered by `play_mode` from the header: not an answer for a later `operations`)
            if e.kind == "mode" and e.line == seg.line and seg.kind == "ar":
                self._used.add(id(e))
        if seg.kind != "setup":
            self._into_hands(seg)

    def _into_hands(self, seg: Segment) -> None:
        """The cards the segment shows in a side's hand (revealed or discarded from it), put there now
        if our deal put them elsewhere: an event may look at the hand before the log's line names the
        card (Blockade finds no card worth 3 operations and asks nothing). Our Man in Tehran's discards
        are of the draw pile's top cards, not of a hand."""
        if any(e.card in self.ids.from_the_deck for e in seg.events if e.kind in ("event", "ar")):
            return
        state = self.engine.state
        for e in seg.events:
            shown = e.kind in ("discards", "reveals") and e.side and e.card and e.card != THE_CHINA_CARD
            if shown and e.card not in state.hands[str(e.side)]:
                self._move_card(str(e.side), str(e.card))

    def _dice_of(self, seg: Segment) -> list[int]:
        dice: list[int] = []
        events = seg.events
        actor = seg.side or USSR
        headliners = {e.card: e.side for e in events if e.kind == "headlines"}
        i = 0
        while i < len(events):
            e = events[i]
            # Who acts, for the order of a realignment's dice: the round's side for its operations; for
            # an event, the side that headlined it, or whose event it is.
            if e.kind == "mode" and seg.side:
                actor = seg.side
            elif e.kind == "event" and e.card:
                owner = self.ir["cards"].get(e.card, {}).get("side")
                actor = str(headliners.get(e.card) or (owner if owner in (US, USSR) else actor))
            if e.kind in ("coup_roll", "space_roll", "war_roll", "trap_roll"):
                dice.append(int(e.data["die"]))
            elif e.kind == "realign_roll":
                pair = [e]
                if i + 1 < len(events) and events[i + 1].kind == "realign_roll":
                    pair.append(events[i + 1])
                    i += 1
                pair.sort(key=lambda r: 0 if r.side == actor else 1)  # (the actor's die is rolled first)
                dice.extend(int(r.data["die"]) for r in pair)
            elif e.kind == "olympics" and str(e.data.get("word", "")).startswith("participate"):
                host = USSR if e.side == US else US
                winner = self._next_vp_side(events, i)
                dice.extend([6, 1] if winner == host else [1, 6])
            elif e.kind == "event" and e.card == self.ids.summit_roll_off:
                winner = self._next_vp_side(events, i)
                player = actor
                dice.extend([6, 1] if winner == player else [1, 6] if winner else [3, 3])
            i += 1
        return dice

    @staticmethod
    def _next_vp_side(events: list[Event], start: int) -> str | None:
        for e in events[start + 1 :]:
            if e.kind == "vp":
                return e.side
            if e.kind in ("event", "ar"):
                return None
        return None

    # ------------------------------------------------------------------ comparing
    def _on_phase(self, engine: Any, kind: str, data: dict[str, Any]) -> None:
        if data.get("phase") == self.ids.turn_end_phase and self.index >= 0:
            self._turn_ending = True
            try:
                self._compare_segment()
            finally:
                self._turn_ending = False

    def _compare_segment(self) -> None:
        if self.index < 0:
            return
        seg = self.segments[self.index]
        if self.index in self._compared:
            if self._cleanup_left:  # (the turn's end done: what the log printed of it)
                left, self._cleanup_left = self._cleanup_left, []
                self._compare_events(seg, left, snapshot=False)
            return
        self._compared.add(self.index)
        events = seg.events
        if self._turn_ending:
            # The lines of the turn's end ("Turn 9, Cleanup: USSR gains 1 VP...", game-30) are compared
            # once it is done.
            cut = next((i for i, e in enumerate(events) if e.kind == "cleanup"), len(events))
            events, self._cleanup_left = events[:cut], events[cut:]
        self._compare_events(seg, events)

    def _compare_events(self, seg: Segment, events: list[Event], snapshot: bool = True) -> None:
        state = self.engine.state
        last_influence: dict[str, Event] = {}
        last: dict[str, Event] = {}
        for e in events:
            if e.kind == "influence" and e.country:
                last_influence[e.country] = e
            elif e.kind in ("vp", "no_vp", "defcon", "milops", "space_advance"):
                key = e.kind if e.kind not in ("milops", "space_advance") else f"{e.kind}:{e.side}"
                last["vp" if e.kind == "no_vp" else key] = e
        for country, e in last_influence.items():
            ours = state.influence.get(country, {US: 0, USSR: 0})
            if (ours[US], ours[USSR]) != (e.data[US], e.data[USSR]):
                facts = {"country": country, US: ours[US], USSR: ours[USSR]}
                self._divergence(e, f"{country} [{ours[US]}][{ours[USSR]}]", "influence", country, facts)
        vp = last.get("vp")
        if vp is not None:
            logged = (
                0 if vp.data.get("even") else int(vp.data["score"]) * (1 if vp.data["leader"] == US else -1)
            )
            if state.vp != logged:
                self._divergence(vp, f"VP {_score(state.vp)}", "vp", facts={"vp": state.vp})
        # DEFCON and military operations are compared within the turn (the turn's end resets and
        # improves them before the next segment is asked).
        same_turn = self._turn_ending or (
            self.index + 1 < len(self.segments) and self.segments[self.index + 1].turn == seg.turn
        )
        defcon = last.get("defcon")
        if defcon is not None and same_turn and state.defcon != int(defcon.data["n"]) and not state.game_over:
            self._divergence(defcon, f"DEFCON {state.defcon}", "defcon", facts={"defcon": state.defcon})
        for side in (US, USSR):
            mil = last.get(f"milops:{side}")
            if mil is not None and same_turn and state.milops[side] != int(mil.data["n"]):
                facts = {"side": side, "value": state.milops[side]}
                self._divergence(
                    mil, f"{side.upper()} military operations {state.milops[side]}", "milops", facts=facts
                )
            space = last.get(f"space_advance:{side}")
            if space is not None and state.space[side] != int(space.data["n"]):
                facts = {"side": side, "value": state.space[side]}
                self._divergence(
                    space, f"{side.upper()} space race {state.space[side]}", "space", facts=facts
                )
        if snapshot:
            self.result.snapshots.append(
                Snapshot(
                    seg.label(),
                    seg.events[0].line,
                    seg.events[-1].line,
                    _board(state),
                    self.engine.clone(),
                    segment=seg,
                )
            )

    def _divergence(
        self, e: Event, ours: str, what: str, country: str | None = None, facts: dict[str, Any] | None = None
    ) -> None:
        seg = self.segments[self.index] if self.index >= 0 else None
        rule = ""
        facts = dict(facts or {})
        if seg is not None and seg.card:
            rule = f"{seg.card} ({seg.mode or 'played'})"
            facts.update(card=seg.card, mode=seg.mode)
        finding = Finding(e.line, e.text, ours, "our_bug", what, rule, country, facts=facts)
        in_effect = {str(getattr(x, "card", "") or "") for x in self.engine.state.in_effect}
        found = judge(finding, seg, in_effect)
        if found is not None:
            finding.kind, finding.judgment = found.kind, found.id
            finding.rule = found.rule or finding.rule
        self.result.divergences.append(finding)


def _score(vp: int) -> str:
    return "even" if vp == 0 else f"US {vp}" if vp > 0 else f"USSR {-vp}"


def _board(state: Any) -> dict[str, Any]:
    return {
        "turn": state.turn,
        "action_round": state.action_round,
        "defcon": state.defcon,
        "vp": state.vp,
        "milops": dict(state.milops),
        "space": dict(state.space),
        "influence": {c: dict(v) for c, v in state.influence.items() if v[US] or v[USSR]},
    }
