"""The generic interpreter: runs a compiled ruleset's sequence, asks players, applies the rules' hooks,
modifiers and prohibitions. Nothing here knows a Twilight Struggle rule; the primitives it calls
(`runtime/core/primitives/`) know only the mechanics the rules name."""

from __future__ import annotations

import contextlib
import json
import time
from collections.abc import Callable, Iterable, Iterator, Mapping
from types import MappingProxyType
from typing import IO, TYPE_CHECKING, Any

from twilight.runtime.core import registry, sides
from twilight.runtime.core.board_stamps import BoardStamps, stamps_for_copy
from twilight.runtime.core.compiled import CompiledRules
from twilight.runtime.core.decisions import Decision, IllegalAnswer, Player
from twilight.runtime.core.dice import Dice
from twilight.runtime.core.frames import EffectItems, Frame, ModifierSteps, too_deep
from twilight.runtime.core.limits import GAME_STEP_LIMIT, STEP_LIMIT, StepLimitExceeded
from twilight.runtime.core.resumable import Rec, ResumeMismatch, Suspended, copy_path
from twilight.runtime.core.rule_errors import PYTHON_ERRORS, RuleError, located
from twilight.runtime.core.sides import US, USSR
from twilight.runtime.core.state import SIDES, GameState, LastingEffect, declared_state, starting_values

if TYPE_CHECKING:
    from collections import Counter

    from twilight.runtime.core.primitives.map_queries import InfluenceAtRoundStart

_NOT_TIMED = contextlib.nullcontext()
_NO_ANSWER: Any = object()  # (`Engine.resume_answer` when no decision is being taken up again)
# `Engine.resume(ASK_AGAIN)`: the decision the game is at is put to its player again (undo, a trial).
ASK_AGAIN: Any = object()
_NO_NOTES: Mapping[str, Any] = MappingProxyType({})  # (a plain engine notes nothing of its trace)


class GameEnded(Exception):
    """Raised by `win` and `end_in_draw`: unwinds whatever was running."""


class SaveMismatch(Exception):
    """A save's answers do not lead back to the state it recorded (a damaged or foreign save)."""


class Engine:
    # The class of the AI's look-ahead copies of this engine's game (`look_ahead_copy`): set below.
    look_ahead_class: type[Engine]
    # Whether `trace` keeps only the dice (QuietEngine): the hottest callers then skip making events that
    # would be dropped (a playout's or a look-ahead's thousands of picks, points and answers).
    dice_only_trace = False
    # Whether a copy of this class keeps the board's stamps (core/board_stamps.py): one that only the
    # rules play on (QuietEngine), each change of influence through the primitives
    keeps_board_stamps = False
    # Every attribute of an engine, declared (its role is told where __init__ sets it). CPython 3.11 reads
    # an attribute, and finds a method, the quick way only in an object without a dictionary of its own
    # or with a few attributes (30 at most): the engine has more. (`__weakref__`: the AI of a look-ahead
    # copy holds its copy weakly, lookahead._LookAheadAI.)
    __slots__ = (
        "__weakref__",
        "_ai_started",
        "_lasting_indexed",
        "_lasting_version",
        "_ops_region",
        "_steps_granted",
        "accessible_cache",
        "after_each_event",
        "ai_cpu_timings",
        "ai_timings",
        "answers",
        "at_decision",
        "board",
        "board_stamps",
        "defcon_actor",
        "dice",
        "events",
        "firings",
        "game_step_limit",
        "hook_card",
        "influence_at_round_start",
        "influence_touched",
        "ir",
        "lookahead_cache",
        "lookahead_depth",
        "memo",
        "most_steps_between_decisions",
        "ops_region_reads",
        "path",
        "placement_over",
        "players",
        "program",
        "rating",
        "replay_digest",
        "replaying",
        "resume_answer",
        "resume_at",
        "resuming",
        "seed",
        "state",
        "step_limit",
        "steps_booked",
        "steps_left",
        "trace_notes",
        "trace_to",
        "track",
        "track_after",
    )

    def __init__(
        self,
        ir: dict[str, Any],
        players: Mapping[str, Player],
        seed: int = 0,
        settings: Mapping[str, Any] | None = None,
        dice: list[int] | None = None,
        trace_to: IO[str] | None = None,
        *,
        program: CompiledRules,
        step_limit: int | None = None,
        game_step_limit: int | None = None,
        state: GameState | None = None,
        track: bool = True,
    ) -> None:
        """`program`: the ruleset compiled (the back end's `Program`, which the facade runtime/game.py
        builds: the core only reads it, through `compiled.CompiledRules`). `step_limit`: the steps (loop
        iterations, calls of procedures, hooks and events) the rules may take between two decisions;
        `game_step_limit`: in the whole game (defaults: limits.STEP_LIMIT, limits.GAME_STEP_LIMIT). A rule
        that goes past either stops the game (StepLimitExceeded).
        `state`: the state to start from (the AI's look-ahead hands a copy of the game's); by default,
        the ruleset's setup (with `settings`). `track`: keep the records of where the game is in the
        rules' procedures, so that it can be copied at a decision (`clone`) or stopped at one and go on
        later (`Suspended`, `resume`): a game that neither needs (a batch of simulated games between
        policies that never look ahead in copies) runs about a tenth faster without."""
        self.ir = ir
        self.program = program
        # What a checking engine (invariants.py) is told of the trace, without a method of its own
        # between every event and the trace: a function per kind of event it notes, and one called after
        # every event when it checks after each. (Read at every event: attributes of the instance, which
        # CPython 3.11 reads the quick way, not of the class.)
        self.trace_notes: Mapping[str, Callable[[Any, str, dict[str, Any]], None]] = _NO_NOTES
        self.after_each_event: Callable[[str], None] | None = None
        # Called when a placement of influence with operations is over (its last point placed): a copy
        # that plays one placement to its end, and no further, stops there (the search's influence plans).
        # Never copied: a copy of the game stops where its own caller says.
        self.placement_over: Callable[[], None] | None = None
        self.players = dict(players)
        self.dice = Dice(seed, dice or [])
        if state is None:
            state = GameState(ruleset=ir["ruleset"]["name"], **starting_values(ir))
            state.settings = {name: s["default"] for name, s in ir["settings"].items()}
            state.settings.update(settings or {})
            state.influence = {c: {US: 0, USSR: 0} for c in ir["map"]["countries"]}
            state.vars, state.zones = declared_state(ir)
        self.state = state
        self.events: list[dict[str, Any]] = []
        self.trace_to = trace_to
        self.defcon_actor = sides.first(ir)  # who answers for a DEFCON change (4.5 C, 8.1.3)
        self.ops_region_reads = 0  # how many times `ops_region` was read (see the property)
        self.ops_region = None  # set while operations must all go to one region
        self.hook_card: str | None = None  # the card whose lasting effect's hook runs: its dice name it
        self.seed = seed
        self.answers: list[list[Any]] = []  # [side, answer] for every decision, in order: a save replays them
        self.replaying: list[list[Any]] = []
        self.replay_digest: str | None = None
        self.rating: str | None = None  # the ruleset's victory rating once the game is over
        self.lookahead_depth = 0  # 0: the real game; 1 and more: a copy the AI looks ahead in
        # How often each declaration fired in this game, when counted (firings.py): the real game's
        # alone, never a copy's (a copy is made with none).
        self.firings: Counter[tuple[str, ...]] | None = None
        self.lookahead_cache: dict[Any, Any] = {}  # copies after an event, by state (solo/lookahead.py)
        # Benchmarks set a list here: the seconds each AI decision of the real game took (one priority
        # list's pick or one answer, with the look-ahead inside it; picks nested in them are not counted).
        self.ai_timings: list[float] | None = None
        self.ai_cpu_timings: list[float] | None = None  # the same decisions' CPU seconds, when a list too
        # While an expression is evaluated: pure rule functions' results by call (see codegen.py).
        self.memo: dict[Any, Any] | None = None
        self.board: Any = None  # the map's facts, precomputed (primitives.map_queries.board)
        # The board's stamps (core/board_stamps.py): kept by a quiet copy (`clone`, `look_ahead_copy`),
        # never by the game itself, whose influence a scenario or the board editor may set in place
        self.board_stamps: BoardStamps | None = None
        self.accessible_cache: dict[str, Any] = {}  # per side, for the round's start (map_queries.accessible)
        # The countries whose influence changed since the last action round began (None: not known, as
        # when the game starts or a state is put in place), and the board and lists that round fixed
        # (map_queries.influence_as_round_begins).
        self.influence_touched: set[str] | None = None
        self.influence_at_round_start: InfluenceAtRoundStart | None = None
        self._lasting_version = 0  # bumped whenever this engine changes the list of lasting effects
        self._lasting_indexed: LastingIndex | None = None
        self._ai_started: float | None = None
        # The step budget. The loops and calls of the rules count `steps_left` down (one decrement each,
        # see program.py); it holds the steps left until the next check: the lower of what is left of
        # the decision's budget and of the game's. `ask` books the steps taken and grants the next ones.
        self.step_limit = STEP_LIMIT if step_limit is None else step_limit
        self.game_step_limit = GAME_STEP_LIMIT if game_step_limit is None else game_step_limit
        self.steps_booked = 0  # steps taken before the current grant
        self.most_steps_between_decisions = 0
        self._steps_granted = self.steps_left = min(self.step_limit, self.game_step_limit)
        # Where the game is in the rules' procedures (resumable.py): the records of the constructs
        # running that can lead to a decision, outermost first; `track` False (a look-ahead copy, which
        # is never copied at a decision) keeps none. While a copy takes up its records again, `resuming`
        # holds them and `resume_at` the next to take; `resume_answer` is the answer to the decision the
        # last of them was asking.
        self.path: list[Rec] = []
        self.track = track
        self.track_after = track  # (`track` once a copy has taken up its place: `resume`)
        self.resuming: list[Rec] | None = None
        self.resume_at = 0
        self.resume_answer: Any = _NO_ANSWER
        # Called with each decision kept in a record as it is put (replayed from a save or asked), before
        # it is answered: `twilight play` copies the game there, for `undo` to go back to.
        self.at_decision: Callable[[Decision], None] | None = None

    def look_ahead_copy(self, players: Mapping[str, Player]) -> Engine:
        """A copy of the game so far for the AI to look ahead in (runtime/solo/lookahead.py), with its own
        players: a plain engine, which checks and notes nothing, of the class `look_ahead_class`."""
        twin = self.look_ahead_class.__new__(self.look_ahead_class)
        Engine.__init__(
            twin,
            self.ir,
            players,
            program=self.program,
            step_limit=self.step_limit,
            game_step_limit=self.game_step_limit,
            state=self.state.clone(),  # (no setup built only to be thrown away)
        )
        twin.track = False  # (a look-ahead runs what it weighs to its end: it stops at no decision)
        self._lend_lasting_index(twin)
        if twin.keeps_board_stamps:
            twin.board_stamps = stamps_for_copy(self.program, self.board_stamps)
        twin.accessible_cache = dict(self.accessible_cache)  # (see `clone`)
        return twin

    def _lend_round_start(self, twin: Engine) -> None:
        """What the last action round's start found (the map's facts too), for a copy's next round start
        to look again only where influence changed since (map_queries.influence_as_round_begins): the
        copy's board is the one it looked at, as it stands, with the same countries touched since."""
        twin.board = self.board  # (the map's facts, the same for every game of the ruleset)
        at_start, touched = self.influence_at_round_start, self.influence_touched
        if at_start is not None and touched is not None and at_start.board is self.state.influence:
            twin.influence_at_round_start = at_start.for_copy(twin.state.influence)
            twin.influence_touched = set(touched)

    def _lend_lasting_index(self, twin: Engine) -> None:
        """A copy's lasting effects are the game's, in a list of its own: the game's index of them (when
        current) serves the copy too, until the copy's effects change."""
        index = self._lasting_indexed
        if (
            index is not None
            and index.effects is self.state.in_effect
            and index.version == self._lasting_version
        ):
            twin._lasting_indexed = index.for_list(twin.state.in_effect, twin._lasting_version)

    # ------------------------------------------------------------------ operations' commitment
    @property
    def ops_region(self) -> str | None:
        """The region every operation of the card being played goes to, if any (set while they are
        spent). Each read is counted: whoever works out a value with none set can tell whether the
        value could depend on it (operations.py, `_region_offers`)."""
        self.ops_region_reads += 1
        return self._ops_region

    @ops_region.setter
    def ops_region(self, region: str | None) -> None:
        self._ops_region = region

    # ------------------------------------------------------------------ the step budget
    @property
    def steps_taken(self) -> int:
        """The steps the game has taken so far."""
        return self.steps_booked + self._steps_granted - self.steps_left

    def set_step_limits(self, step_limit: int | None = None, game_step_limit: int | None = None) -> None:
        """Change the limits (None: keep one) before the game runs, or between decisions."""
        if step_limit is not None:
            self.step_limit = step_limit
        if game_step_limit is not None:
            self.game_step_limit = game_step_limit
        self._grant_steps()

    def _grant_steps(self) -> None:
        """At a decision: book the steps taken since the last one, grant the next decision's budget."""
        taken = self._steps_granted - self.steps_left
        self.steps_booked += taken
        # (comparisons, not min and max: in 3.11 each call of them parses keywords, at every decision)
        if taken > self.most_steps_between_decisions:
            self.most_steps_between_decisions = taken
        left = self.game_step_limit - self.steps_booked
        if left > self.step_limit:
            left = self.step_limit
        self._steps_granted = self.steps_left = left if left > 0 else 0

    def out_of_steps(self, src: str, what: str) -> None:
        """A loop or call found the budget spent: stop the game, naming it (`src`: "file.tsr:line")."""
        if self.steps_booked + self._steps_granted >= self.game_step_limit:
            budget = f"{self.game_step_limit:,} steps in this game (the game's step limit, --game-step-limit)"
        else:
            budget = f"{self.step_limit:,} steps since the last decision (the step limit, --step-limit)"
        self.steps_left = 0  # (a handler that goes on, a scenario's report, finds the budget still spent)
        raise StepLimitExceeded(f"{src or '?'}: {what} was still running after {budget}; does it ever end?")

    # ------------------------------------------------------------------ running
    def run(self) -> GameState:
        """Play the whole game as the ruleset's sequence says (or, for a game copied or stopped at a
        decision, the rest of it: `resume`). A decision no player is there for stops it (`Suspended`,
        raised to the caller: the game keeps its place)."""
        if not self.events and self.resuming is None:
            # What a reader of the trace needs to make sense of it (explain trace, replays).
            self.trace(
                "game_start", ruleset=self.state.ruleset, seed=self.seed, settings=dict(self.state.settings)
            )
        try:
            top = self.enter("sequence")
            if top.frame is None:
                top.frame = Frame(self)
            self.program.sequence(top.frame)
            self.leave(top)
        except GameEnded:
            self.path.clear()
        except Suspended as stop:
            self._ops_region, self.hook_card = stop.args[1]
            raise
        except RecursionError:  # (the loops and calls of the rules name themselves: this is a last resort)
            self.path.clear()
            raise too_deep(self.program.ir["sequence"].get("src", ""), "the sequence") from None
        except PYTHON_ERRORS as err:  # (a none where a primitive needs a value…: said with its rule file)
            self.path.clear()
            found = located(err, self)
            if found is None:
                raise
            raise found from err
        except BaseException:
            self.path.clear()
            raise
        if self.replaying:
            raise SaveMismatch(f"the game ended with {len(self.replaying)} of the save's answers unused")
        if self.replay_digest is not None:
            self._check_resumed()
        self.rating = self.victory_rating()
        self.trace(
            "game_end",
            winner=self.state.winner,
            reason=self.state.end_reason,
            vp=self.state.vp,
            **({"rating": self.rating} if self.rating is not None else {}),
        )
        return self.state

    # ------------------------------------------------------------------ the game's place in the rules
    def enter(self, kind: str) -> Rec:
        """The record of a construct that can lead to a decision, as it starts (a new one), or as a copy
        of the game takes it up again (the next of the records being resumed, which must be of this
        kind). Kept in `path` until the construct is done (`leave`)."""
        resuming = self.resuming
        if resuming is None:
            rec = Rec(kind)
            self.path.append(rec)
            return rec
        rec = resuming[self.resume_at]
        if rec.kind != kind:
            self.resuming = None
            raise ResumeMismatch(
                f"taking up the game's place again, a {kind} was entered where the records have a "
                f"{rec.kind} (record {self.resume_at} of {len(resuming)})"
            )
        self.resume_at += 1
        if self.resume_at == len(resuming):
            self.resuming = None  # (the last: the construct asking the decision answered now)
            self.track = self.track_after
        self.path.append(rec)
        return rec

    def leave(self, rec: Rec) -> None:
        """The construct of this record is done: its record goes, and any left above it by constructs
        an exception took it out of (`stop` leaving a loop)."""
        path = self.path
        if path and path[-1] is rec:
            path.pop()
            return
        for i in range(len(path) - 1, -1, -1):
            if path[i] is rec:
                del path[i:]
                return

    def pending(self) -> Decision | None:
        """The decision the game stopped at (a copy made at one, or a game suspended), else None."""
        return self.path[-1].decision if self.path else None

    def clone(
        self,
        players: Mapping[str, Player] | None = None,
        events: bool = True,
        cls: type[Engine] | None = None,
        dice: bool = True,
    ) -> Engine:
        """A copy of the game as it stands, at a decision (from inside a player's `decide`) or stopped at
        one: its state, its place in the rules, its dice, its trace so far (`events` False: an empty
        one). The copy goes on by itself (`resume`, with `players` answering its later decisions);
        neither changes the other. It is a plain engine (of the class `cls`, when given) that writes no
        trace file. `dice` False: the copy's dice are not the game's (they start afresh from the game's
        seed), for a caller that gives the copy luck of its own (a search's playout): the game's are
        not copied (their generator's state is 625 numbers) only to be dropped."""
        kind = cls or Engine
        twin = kind.__new__(kind)
        Engine.__init__(
            twin,
            self.ir,
            players or {},
            seed=self.seed,
            program=self.program,
            step_limit=self.step_limit,
            game_step_limit=self.game_step_limit,
            state=self.state.clone(),
        )
        if dice:
            twin.dice = self.dice.copy()
        if events:
            twin.events = list(self.events)  # (the events are never changed once traced: shared)
        twin.answers = list(self.answers)
        twin.defcon_actor = self.defcon_actor
        twin._ops_region = self._ops_region
        twin.hook_card = self.hook_card
        twin.rating = self.rating
        twin.lookahead_depth = self.lookahead_depth
        twin.steps_booked = self.steps_booked
        twin._steps_granted = self._steps_granted
        twin.steps_left = self.steps_left
        twin.most_steps_between_decisions = self.most_steps_between_decisions
        twin.path = copy_path(self.path, twin)
        self._lend_lasting_index(twin)
        self._lend_round_start(twin)
        if twin.keeps_board_stamps:
            # (a game copied at a decision, as a search copies it for each playout: stamped by its board)
            twin.board_stamps = stamps_for_copy(self.program, self.board_stamps, twin.state.influence)
        # The countries each side could reach as its last round began, with the list of countries they
        # were worked out for: an entry holds for any state whose round began with that list (checked
        # at each use) and is replaced, never changed, so the copy starts with the game's.
        twin.accessible_cache = dict(self.accessible_cache)
        return twin

    def resume(self, answer: Any, track: bool | None = None) -> GameState:
        """Go on from the decision the game is at (a copy made at a decision, or a game `Suspended`) with
        this answer (`ASK_AGAIN`: the one its player gives when asked again), until the game ends or
        stops at another decision no player is there for. `track` False: keep no records once the place
        is taken up (a copy that is never copied or stopped)."""
        if not self.path or self.path[-1].decision is None:
            raise ValueError("the game is at no decision: there is nothing to resume")
        self.track_after = self.track if track is None else track
        self.track = True  # (the records are taken up as the code enters them again)
        self.resuming, self.path, self.resume_at = self.path, [], 0
        self.resume_answer = answer
        return self.run()

    def victory_rating(self) -> str | None:
        """The ruleset's rating of the result (its function registry.VICTORY_RATING, an optional need: a
        ruleset without it rates no result)."""
        fn = self.program.functions.get(registry.VICTORY_RATING.name)
        if fn is None or not self.state.game_over:
            return None
        return str(fn.call(self))

    def call_procedure(self, name: str, /, **args: Any) -> None:
        proc = self.program.procedures[name]
        rec = self.enter("call_procedure") if self.track else None
        frame = rec.frame if rec is not None else None
        if frame is None:
            self.steps_left -= 1
            if self.steps_left < 0:
                self.out_of_steps(proc.src, f"procedure '{name}'")
            frame = Frame(self, {p: args[p] for p in proc.params})
            if rec is not None:
                rec.frame = frame
            if self.firings is not None:
                self.firings["procedure", name] += 1
        try:
            proc.body(frame)
        except RecursionError:
            raise too_deep(proc.src, f"procedure '{name}'") from None
        if rec is not None:
            self.leave(rec)

    def end_game(self, winner: str, reason: str) -> None:
        if self.state.game_over:
            return
        self.state.game_over = True
        self.state.winner = winner
        self.state.end_reason = reason
        self.trace("victory", winner=winner, reason=reason)
        raise GameEnded

    # ------------------------------------------------------------------ the trace
    # (`trace`, `fire`, `forbidden`, `modified`… take their own parameters by position only: CPython 3.11
    # compares each keyword a call gives with every parameter that may be named, and the keywords that
    # go into the `**` dict, matching none, are compared twice, the second time by equality; with none
    # that may be named, they go straight in. Callgrind: 2.1% fewer instructions in 10 solo-v2 games, 3.5%
    # in 20 standard games.)
    def trace(self, kind: str, /, **data: Any) -> None:
        events, state = self.events, self.state
        # (the event is the dict of this call's keywords, made for it: no second dict; no call names
        # these four, and the trace is written with its keys sorted)
        data["n"] = len(events)
        data["kind"] = kind
        data["turn"] = state.turn
        data["round"] = state.action_round
        events.append(data)
        if self.trace_to is not None:
            self.trace_to.write(trace_line(data))
        note = self.trace_notes.get(kind)
        if note is not None:
            note(self, kind, data)
        if self.after_each_event is not None:
            self.after_each_event(kind)

    # ------------------------------------------------------------------ decisions
    def ask(
        self,
        name: str,
        side: str,
        options: list[Any],
        low: int,
        high: int,
        distinct: bool,
        context: dict[str, Any] | None = None,
    ) -> list[Any]:
        """Ask a side; returns the picks as a list (one item for a single choice). The context says what
        the choice is for (a `choose`'s intent: place, remove, coup…) to players that care. (A decision of
        its own record: code that asks and can be taken up again keeps one and calls `ask_at`.)"""
        if self.track:
            rec = self.enter("ask")
            picks = self.ask_at(rec, name, side, options, low, high, distinct, context)
            self.leave(rec)
            return picks
        self._grant_steps()
        decision = Decision(name, side, list(options), low, high, distinct, dict(context or {}))
        return self._answered(decision, self._answer_of(decision))

    def ask_at(
        self,
        rec: Rec,
        name: str,
        side: str,
        options: list[Any],
        low: int,
        high: int,
        distinct: bool,
        context: dict[str, Any] | None = None,
    ) -> list[Any]:
        """`ask`, the decision kept in the asking construct's record while it waits for its answer: a copy
        of the game made then takes it up with an answer of its own (`resume`). With no player for the
        side, the game stops at it (`Suspended`)."""
        answer = self.resume_answer
        decision = rec.decision
        if answer is not _NO_ANSWER and decision is not None:
            self.resume_answer = _NO_ANSWER  # (the decision the game was copied or stopped at)
            if answer is ASK_AGAIN:
                answer = self._answer_of(decision)
        else:
            self._grant_steps()
            decision = rec.decision = Decision(
                name, side, list(options), low, high, distinct, dict(context or {})
            )
            answer = self._answer_of(decision)
        picks = self._answered(decision, answer)
        rec.decision = None
        return picks

    def _answer_of(self, decision: Decision) -> Any:
        """The answer to a decision: the save's being replayed, else its player's; with no player for the
        side, the game stops at it (`Suspended`). `at_decision` sees it first."""
        if self.at_decision is not None:
            self.at_decision(decision)
        if self.replaying:
            return self._replayed(decision)
        if self.replay_digest is not None:
            self._check_resumed()
        player = self.players.get(decision.side)
        if player is None:
            # (what the unwinding's `finally` blocks reset, for `run` to put back once it is done)
            raise Suspended(decision, (self._ops_region, self.hook_card))
        return player.decide(decision)

    def _answered(self, decision: Decision, answer: Any) -> list[Any]:
        """The answer checked (IllegalAnswer), kept among the game's answers and traced; the picks."""
        why = decision.check(answer)
        if why is not None:
            raise IllegalAnswer(decision, answer, why)
        picks = [answer] if decision.single else list(answer)
        self.answers.append([decision.side, answer])
        if self.dice_only_trace:
            return picks
        self.trace(
            "decision",
            decision=decision.name,
            side=decision.side,
            answer=answer if decision.single else picks,
        )
        return picks

    def ask_one(
        self,
        name: str,
        side: str,
        options: list[Any],
        intent: str | None = None,
        shown: dict[str, Any] | None = None,
    ) -> Any:
        """One answer; `shown` adds what a player is told with the question (points left, costs)."""
        context = {"intent": intent} if intent else {}
        return self.ask(name, side, options, 1, 1, True, {**context, **(shown or {})} or None)[0]

    def ask_one_at(
        self,
        rec: Rec,
        name: str,
        side: str,
        options: list[Any],
        intent: str | None = None,
        shown: dict[str, Any] | None = None,
    ) -> Any:
        """`ask_one`, kept in the asking construct's record (`ask_at`)."""
        context = {"intent": intent} if intent else {}
        return self.ask_at(rec, name, side, options, 1, 1, True, {**context, **(shown or {})} or None)[0]

    def ai_deciding(self) -> contextlib.AbstractContextManager[None]:
        """Around one AI decision: times it into `ai_timings` when a benchmark asked for that (else
        nothing: one shared context that does nothing, asked for at every pick)."""
        if self.ai_timings is None or self._ai_started is not None or self.lookahead_depth:
            return _NOT_TIMED
        return self._timed_ai_decision()

    @contextlib.contextmanager
    def _timed_ai_decision(self) -> Iterator[None]:
        assert self.ai_timings is not None
        self._ai_started = time.perf_counter()
        cpu_started = time.process_time()
        try:
            yield
        finally:
            self.ai_timings.append(time.perf_counter() - self._ai_started)
            if self.ai_cpu_timings is not None:
                self.ai_cpu_timings.append(time.process_time() - cpu_started)
            self._ai_started = None

    # ------------------------------------------------------------------ rules in force
    def active(self) -> Iterator[tuple[EffectItems, dict[str, Any]]]:
        """Standing rules, then lasting effects in the order they began, each with its variables."""
        for rule in self.program.rules:
            yield rule, {}
        for items, effect in self._lasting_items():
            yield items, _variables(effect)

    def _lasting_items(self) -> list[tuple[EffectItems, LastingEffect]]:
        """The lasting effects in force with their compiled items, in the order they began (kept with
        the index of the effects: a list no one changes, so a snapshot for the hooks that run)."""
        return self._lasting_index().pairs

    def _pair_lasting_items(self) -> list[tuple[EffectItems, LastingEffect]]:
        lasting = self.program.lasting
        out = []
        for effect in self.state.in_effect:
            items = lasting.get((effect.card, effect.name))
            if items is not None:
                out.append((items, effect))
        return out

    def _holds(self, when: Callable[[Frame], Any] | None, frame: Frame) -> bool:
        return when is None or bool(when(frame))

    def modified(self, quantity: str, base: int, /, **bound: Any) -> int:
        """A quantity after every modifier: every `to` first (standing rules, then lasting effects, each in
        order: the last that holds sets the value), then every `by` is added."""
        value = base
        standing = self.program.rule_modifiers.get(quantity)
        if standing is not None:
            value = standing(self, bound, value)
        effects = self.state.in_effect
        if effects:
            index = self._lasting_indexed  # (`_lasting_index`'s test written out: asked very often)
            if index is None or index.effects is not effects or index.version != self._lasting_version:
                index = self._lasting_index()
            lasting = index.modifiers.get(quantity)
            if lasting:
                value = self._after_lasting(quantity, lasting, value, bound)
        return value

    def _after_lasting(
        self,
        quantity: str,
        lasting: Iterable[tuple[ModifierSteps, dict[str, Any]]],
        value: int,
        bound: dict[str, Any],
    ) -> int:
        """`value` (the standing rules' result) with the lasting effects' modifiers: their `by`s added,
        and when one of their `to`s holds, the value set by the last of them, plus every `by` (the
        standing rules' too: a lasting `to` comes after every standing `to` but before any `by`)."""
        set_to: int | None = None
        added = 0
        for steps, env in lasting:
            frame = Frame(self, {**env, **bound})
            for amount, when in steps.to:
                if when is None or when(frame):
                    set_to = amount(frame)
            for amount, when in steps.by:
                if when is None or when(frame):
                    added += amount(frame)
        if set_to is None:
            return value + added
        standing_adds = self.program.standing_adds(quantity)
        return set_to + added + (standing_adds(self, bound, 0) if standing_adds is not None else 0)

    def unmodified(self, quantity: str) -> bool:
        """No rule in force modifies the quantity: its base value stands (`modified` would give it)."""
        if quantity in self.program.rule_modifiers:
            return False
        effects = self.state.in_effect
        if not effects:
            return True
        index = self._lasting_indexed  # (as in `modified`: asked for every region a scoring looks at)
        if index is None or index.effects is not effects or index.version != self._lasting_version:
            index = self._lasting_index()
        return quantity not in index.modifiers

    def modified_each(
        self, quantity: str, base: int, key: str, candidates: Iterable[Any], **bound: Any
    ) -> Iterator[tuple[Any, int]]:
        """Each candidate with the quantity after every modifier, the candidate bound to the variable
        `key` beside `bound`: `modified` for many targets at once, lazily (the state must not change
        while it is consumed)."""
        standing = self.program.modifiers_each(quantity, key)
        lasting = self._lasting_index().modifiers.get(quantity, ()) if self.state.in_effect else ()
        if not lasting:
            # (the rules' own generator, or each candidate at its base value)
            if standing is None:
                return ((candidate, base) for candidate in candidates)
            return standing(self, bound, candidates, base)  # type: ignore[no-any-return]
        return self._modified_by_lasting(quantity, lasting, base, key, candidates, bound, standing)

    def _modified_by_lasting(
        self,
        quantity: str,
        lasting: Iterable[tuple[ModifierSteps, dict[str, Any]]],
        base: int,
        key: str,
        candidates: Iterable[Any],
        bound: dict[str, Any],
        standing: Callable[..., Iterator[tuple[Any, int]]] | None,
    ) -> Iterator[tuple[Any, int]]:
        valued = standing(self, bound, candidates, base) if standing is not None else None
        frames: list[tuple[ModifierSteps, Frame]] | None = None  # (as in `_permitted_by_lasting`)
        for candidate, value in valued or ((c, base) for c in candidates):
            bound[key] = candidate
            if frames is None:
                frames = []  # (a loop: a comprehension would make `self` and `bound` cells at every call)
                for steps, env in lasting:
                    frames.append((steps, Frame(self, {**env, **bound})))
            # (as in `_after_lasting`: a lasting `to` that holds sets the value before every `by`)
            set_to: int | None = None
            added = 0
            for steps, frame in frames:
                frame.vars[key] = candidate
                for amount, when in steps.to:
                    if when is None or when(frame):
                        set_to = amount(frame)
                for amount, when in steps.by:
                    if when is None or when(frame):
                        added += amount(frame)
            if set_to is None:
                yield candidate, value + added
                continue
            standing_adds = self.program.standing_adds(quantity)
            if standing_adds is not None:
                added += standing_adds(self, bound, 0)
            yield candidate, set_to + added

    def forbidden(self, action: str, /, **bound: Any) -> str | None:
        """The error code of the first prohibition that refuses the action, else None."""
        standing = self.program.rule_forbids.get(action)
        if standing is not None:
            code = standing(self, bound)
            if code is not None:
                return str(code)
        effects = self.state.in_effect
        if effects:
            index = self._lasting_indexed  # (as in `modified`)
            if index is None or index.effects is not effects or index.version != self._lasting_version:
                index = self._lasting_index()
            for forbids, env in index.forbids.get(action, ()):
                frame = Frame(self, {**env, **bound})
                for when, code in forbids:
                    if when is None or when(frame):
                        return code or "forbidden"
        return None

    def refusals(self, action: str, /, **bound: Any) -> list[str]:
        """The codes of every prohibition that refuses the action (`forbidden` stops at the first): for
        telling a player all that keeps a choice from being offered."""
        codes = [str(c) for fn in self.program.each_refusal(action) if (c := fn(self, bound)) is not None]
        if self.state.in_effect:
            for forbids, env in self._lasting_index().forbids.get(action, ()):
                frame = Frame(self, {**env, **bound})
                codes += [code or "forbidden" for when, code in forbids if when is None or when(frame)]
        return codes

    def changes_stay_at_target(self, action: str, quantity: str | None, trigger: str) -> bool:
        """Whether, as the rules in force stand, what `trigger` follows (a point of influence placed in a
        country, a realignment there) changes the answers of the action's prohibitions (and of the
        quantity's modifiers) only for that country: no rule hears the trigger (so nothing but that
        country's influence changes), no lasting effect forbids the action or modifies the quantity, and
        the standing ones read the board only at their target (Program.reads_board_only_at)."""
        if self.program.rule_hooks.get(trigger):
            return False
        if self.state.in_effect:
            index = self._lasting_index()
            if action in index.forbids or trigger in index.listening:
                return False
            if quantity is not None and quantity in index.modifiers:
                return False
        return self.program.reads_board_only_at(action, quantity, "target")

    def _lasting_index(self) -> LastingIndex:
        """The lasting effects' prohibitions and modifiers by name, with their variables: rebuilt when
        the list of effects changes (only this class changes it, and bumps `_lasting_version`) or is
        replaced."""
        effects = self.state.in_effect
        index = self._lasting_indexed
        if index is None or index.effects is not effects or index.version != self._lasting_version:
            index = self._lasting_indexed = LastingIndex(
                self._pair_lasting_items(), effects, self._lasting_version
            )
        return index

    def permitted(self, action: str, key: str, candidates: list[Any], /, **bound: Any) -> Iterator[Any]:
        """The candidates no prohibition refuses the action for, each bound to the variable `key` beside
        `bound`, in order: `forbidden` for many targets at once, lazily (whether there is any is often all
        that is asked). The state must not change while it is consumed."""
        standing = self.program.permits(action, key)
        lasting = self._lasting_index().forbids.get(action, []) if self.state.in_effect else []
        # (it binds each candidate it lets through to `key` in `bound`)
        passed = iter(candidates) if standing is None else standing(self, bound, candidates)
        if not lasting:
            return passed  # (no generator around the rules' own: a candidate costs one step less)
        return self._permitted_by_lasting(lasting, key, passed, bound)

    def _permitted_by_lasting(
        self,
        lasting: list[tuple[Any, dict[str, Any]]],
        key: str,
        candidates: Iterator[Any],
        bound: dict[str, Any],
    ) -> Iterator[Any]:
        # (one frame per effect, the candidate set in it in turn: a condition only reads its frame)
        frames: list[tuple[Any, Frame]] | None = None
        for candidate in candidates:
            bound[key] = candidate
            if frames is None:
                frames = []  # (a loop: a comprehension would make `self` and `bound` cells at every call)
                for forbids, env in lasting:
                    frames.append((forbids, Frame(self, {**env, **bound})))
            refused = False
            for forbids, frame in frames:
                frame.vars[key] = candidate
                for when, _ in forbids:  # (loops, not any() of a generator: one per candidate)
                    if when is None or when(frame):
                        refused = True
                        break
                if refused:
                    break
            if not refused:
                yield candidate

    def heard(self, trigger: str) -> bool:
        """Whether setting the trigger off now can do anything (`fire`): a standing rule has a hook on
        it, an effect in force hears it or ends on it, or the game's place is being taken up again. When
        not, the hottest callers skip `fire` (and the variables they would give it)."""
        if self.resuming is not None or trigger in self.program.rule_hooks:
            return True
        effects = self.state.in_effect
        if not effects:
            return False
        index = self._lasting_indexed  # (as in `modified`)
        if index is None or index.effects is not effects or index.version != self._lasting_version:
            index = self._lasting_index()
        return trigger in index.listening

    def fire(self, trigger: str, /, **bound: Any) -> None:
        """Run the hooks listening to a trigger, and end the effects that end on it."""
        # effects a hook starts now do not hear this trigger (the index's list, taken now, is a snapshot)
        lasting: Iterable[tuple[EffectItems, LastingEffect]] = ()
        if self.state.in_effect:
            index = self._lasting_index()
            lasting = index.listening.get(trigger, ())
            # (`leads_on` written out: whether a hook may lead to a decision, so that a record is kept)
            if self.track and (
                trigger in index.asking
                or trigger in self.program.asking_standing
                or self.resuming is not None
            ):
                self._fire_tracked(trigger, bound)
                return
        elif self.track and (trigger in self.program.asking_standing or self.resuming is not None):
            self._fire_tracked(trigger, bound)
            return
        for hooks in self.program.rule_hooks.get(trigger, ()):
            frame = Frame(self, dict(bound))  # each rule's hooks share their variables
            for when, body in hooks:
                if when is None or when(frame):
                    body(frame)
        for items, effect in lasting:
            hooks_here = items.hooks_of.get(trigger)
            ends_here = items.ends_of.get(trigger)
            frame = Frame(self, {**_variables(effect), **bound})
            for when, body in hooks_here or ():
                if when is None or when(frame):
                    outer, self.hook_card = self.hook_card, effect.card
                    try:
                        body(frame)
                    finally:
                        self.hook_card = outer
            for when in ends_here or ():
                if when is None or when(frame):
                    self.end_lasting_from(items)

    def leads_on(self, trigger: str) -> bool:
        """Whether setting off the trigger now can lead to a decision: a hook of a standing rule on it, or
        of an effect in force, may ask. (While the game's place is being taken up again, everything on
        the way to it did: a construct entered then is one of the records.)"""
        if self.resuming is not None or trigger in self.program.asking_standing:
            return True
        return bool(self.state.in_effect) and trigger in self._lasting_index().asking

    def _fire_tracked(self, trigger: str, bound: dict[str, Any]) -> None:
        """`fire` where a hook may lead to a decision: its record keeps the variables it was fired with,
        the lasting effects that hear it (as it was fired), the group of hooks at hand (each standing
        rule's, then each effect's) and its frame, the hook at hand and whether its body runs, and the
        card whose hook was running around it."""
        rec = self.enter("fire")
        d = rec.data
        if d is None:
            lasting = list(self._lasting_index().listening.get(trigger, ())) if self.state.in_effect else []
            d = rec.data = [dict(bound), lasting, 0, 0, None, False, self.hook_card]
        bound, lasting, outer = d[0], d[1], d[6]
        rules = self.program.rule_hooks.get(trigger, ())
        standing = len(rules)
        while d[2] < standing + len(lasting):
            if d[2] < standing:
                hooks = rules[d[2]]
                if d[4] is None:
                    d[4] = Frame(self, dict(bound))  # each rule's hooks share their variables
                frame = d[4]
                while d[3] < len(hooks):
                    when, body = hooks[d[3]]
                    if d[5] or when is None or when(frame):
                        d[5] = True
                        body(frame)
                        d[5] = False
                    d[3] += 1
            else:
                items, effect = lasting[d[2] - standing]
                if d[4] is None:
                    d[4] = Frame(self, {**_variables(effect), **bound})
                frame = d[4]
                hooks_here = items.hooks_of.get(trigger) or ()
                while d[3] < len(hooks_here):
                    when, body = hooks_here[d[3]]
                    if d[5] or when is None or when(frame):
                        d[5] = True
                        self.hook_card = effect.card
                        try:
                            body(frame)
                        except Suspended:
                            raise
                        except BaseException:
                            self.hook_card = outer
                            raise
                        self.hook_card = outer
                        d[5] = False
                    d[3] += 1
                for when in items.ends_of.get(trigger) or ():
                    if when is None or when(frame):
                        self.end_lasting_from(items)
            d[2] += 1
            d[3] = 0
            d[4] = None
        self.leave(rec)

    def status_given(self, status: str) -> bool:
        """Whether any rule in force (standing, or a lasting effect) gives the status to anything: when
        none does, `has_status` is False whatever it is asked of."""
        if self.program.rule_statuses.get(status):
            return True
        return bool(self.state.in_effect) and bool(self._lasting_index().statuses.get(status))

    def has_status(self, status: str, *args: Any) -> bool:
        standing = self.program.rule_statuses.get(status)
        # (the lasting effects that give the status, from their index: most give none, and a side's
        # every card is asked about at each action round)
        lasting: Iterable[tuple[list[Any], dict[str, Any]]] = ()
        effects = self.state.in_effect
        if effects:
            index = self._lasting_indexed  # (as in `modified`: asked of every card of a hand each round)
            if index is None or index.effects is not effects or index.version != self._lasting_version:
                index = self._lasting_index()
            lasting = index.statuses.get(status, ())
        if not standing and not lasting:
            return False
        wanted = list(args)
        if standing:
            frame = Frame(self, {})
            for arg_exprs in standing:
                if [a(frame) for a in arg_exprs] == wanted:
                    return True
        return any([a(Frame(self, env)) for a in arg_exprs] == wanted for arg_exprs, env in lasting)

    def allowed_actions(self, side: str) -> list[tuple[str, Callable[[Frame], None], Frame]]:
        """What the side may do now that rules in force allow (`active`'s order): each with its body and
        the frame to run it in. (Most rules allow nothing: no frame is built for them.)"""
        allowing: list[tuple[EffectItems, dict[str, Any]]] = [
            (items, {}) for items in self.program.rules_allowing
        ]
        if self.state.in_effect:
            allowing += [(items, _variables(e)) for items, e in self._lasting_items() if items.allows]
        out = []
        for items, env in allowing:
            frame = Frame(self, dict(env))
            for name, by, when, body in items.allows:
                if by(frame) == side and self._holds(when, frame):
                    out.append((name, body, frame))
        return out

    # ------------------------------------------------------------------ lasting effects
    def start_lasting(
        self, key: tuple[str, str], until: str, until_args: list[Any], env: dict[str, Any]
    ) -> None:
        card, name = key
        owner = env.get("player") or env.get("owner") or self.state.phasing
        captured = {
            k: v
            for k, v in env.items()
            if k not in ("player", "card_player", "owner", "this_card") and _jsonable(v)
        }
        effect = LastingEffect(
            card, name, owner, until, until_args, captured, self.state.turn, self.state.action_round
        )
        self.state.in_effect.append(effect)
        self._lasting_version += 1
        if not self.dice_only_trace:  # (a quiet engine keeps only the dice)
            self.trace("effect_start", card=card, effect=name, owner=owner, until=until)

    def end_lasting_from(self, items: EffectItems) -> None:
        for effect in list(self.state.in_effect):
            if self.program.lasting.get((effect.card, effect.name)) is items:
                self.state.in_effect.remove(effect)
                self._lasting_version += 1
                if not self.dice_only_trace:  # (a quiet engine keeps only the dice)
                    self.trace("effect_end", card=effect.card, effect=effect.name)

    def cancel_card_effects(self, card: str) -> None:
        for effect in list(self.state.in_effect):
            if effect.card == card:
                self.state.in_effect.remove(effect)
                self._lasting_version += 1
                if not self.dice_only_trace:  # (a quiet engine keeps only the dice)
                    self.trace("effect_end", card=card, effect=effect.name)

    def expire(self, until: str, side: str | None = None) -> None:
        for effect in list(self.state.in_effect):
            if effect.until != until:
                continue
            if until == "end_of_next_action_round":
                if effect.until_args and effect.until_args[0] != side:
                    continue
                if (effect.started_turn, effect.started_round) == (
                    self.state.turn,
                    self.state.action_round,
                ) and (self.state.phasing != side):
                    continue
            self.state.in_effect.remove(effect)
            self._lasting_version += 1
            if not self.dice_only_trace:  # (a quiet engine keeps only the dice)
                self.trace("effect_end", card=effect.card, effect=effect.name)

    # ------------------------------------------------------------------ saves
    def save_data(self) -> dict[str, Any]:
        """What a save file holds: the game is (ruleset, seed, settings, answers); the state digest lets a
        reload prove it reached the same place."""
        return {
            "format": 1,
            "ruleset": self.state.ruleset,
            "seed": self.seed,
            "settings": dict(self.state.settings),
            "answers": [list(a) for a in self.answers],
            "digest": self.state.digest(),
            "state": self.state.to_json(),
        }

    def resume_from(self, save: dict[str, Any], check_digest: bool = True) -> None:
        """Replay a save's answers (call before `run`); once they are used up (or the game ends) the
        state must match the saved digest (unless not `check_digest`: the answers are the first part of
        a save's, whose digest is of its end), and play goes on with the live players. A save that is
        not one, or not of this game (ruleset, seed, settings), raises SaveMismatch."""
        answers = save.get("answers") if isinstance(save, dict) else None
        digest = save.get("digest") if isinstance(save, dict) else None
        if not isinstance(answers, list) or not isinstance(digest, str):
            raise SaveMismatch("not a save: it wants a list of answers and a state digest")
        for a in answers:
            if not (isinstance(a, list) and len(a) == 2 and a[0] in SIDES):
                raise SaveMismatch(f"not a save: {a!r} is not a [side, answer] pair")
        for key, mine in (
            ("ruleset", self.state.ruleset),
            ("seed", self.seed),
            ("settings", self.state.settings),
        ):
            if key in save and save[key] != mine:
                raise SaveMismatch(f"the save's {key} {save[key]!r} is not this game's ({mine!r})")
        self.replaying = [list(a) for a in answers]
        self.replay_digest = digest if check_digest else None

    def _replayed(self, decision: Decision) -> Any:
        side, answer = self.replaying.pop(0)
        if side != decision.side or decision.check(answer) is not None:
            raise SaveMismatch(
                f"the save's answer {answer!r} by {side} does not fit {decision.name} of {decision.side}"
            )
        return answer

    def _check_resumed(self) -> None:
        digest, self.replay_digest = self.replay_digest, None
        if self.state.digest() != digest:
            raise SaveMismatch("replaying the save did not reach the state it recorded")


def trace_line(event: dict[str, Any]) -> str:
    """An event as a trace file holds it: one line of JSON."""
    return json.dumps(event, ensure_ascii=False, sort_keys=True) + "\n"


class QuietEngine(Engine):
    """An engine that keeps of its trace only the dice (a table's roll reads them back): for a copy of
    the game whose story no one reads (the AI's look-ahead, a search's playout), which would spend a
    good part of its time writing it."""

    __slots__ = ()
    dice_only_trace = True
    keeps_board_stamps = True

    def trace(self, kind: str, /, **data: Any) -> None:
        if kind == "die":
            data["kind"] = kind
            self.events.append(data)


# (the AI reads what a look-ahead leaves on the board, never its trace)
Engine.look_ahead_class = QuietEngine


class LastingIndex:
    """The prohibitions, modifiers and statuses of the lasting effects in force, by action, quantity and
    status, each with the variables of its effect, in the order the effects began."""

    def __init__(
        self, pairs: list[tuple[EffectItems, LastingEffect]], effects: list[Any], version: int
    ) -> None:
        self.effects = effects  # the list indexed (the state's own), and its version
        self.version = version
        self.pairs = pairs  # each effect with its compiled items
        self.forbids: dict[str, list[tuple[list[Any], dict[str, Any]]]] = {}
        self.modifiers: dict[str, list[tuple[ModifierSteps, dict[str, Any]]]] = {}
        # each status an effect gives: the expressions of its arguments (one list per `status` item)
        self.statuses: dict[str, list[tuple[list[Any], dict[str, Any]]]] = {}
        # by trigger, the effects that have a hook on it or end on it
        self.listening: dict[str, list[tuple[EffectItems, LastingEffect]]] = {}
        # the triggers a hook of an effect in force may lead to a decision on
        self.asking: set[str] = set()
        for items, effect in pairs:
            for trigger in {*items.hooks_of, *items.ends_of}:
                self.listening.setdefault(trigger, []).append((items, effect))
            self.asking.update(items.asking_on)
            env = _variables(effect)
            for action, forbids in items.forbids_of.items():
                self.forbids.setdefault(action, []).append((forbids, env))
            for quantity, steps in items.modifiers_of.items():
                self.modifiers.setdefault(quantity, []).append((steps, env))
            for status, arg_lists in items.statuses_of.items():
                self.statuses.setdefault(status, []).extend((args, env) for args in arg_lists)

    def for_list(self, effects: list[Any], version: int) -> LastingIndex:
        """The same index for another list of the same effects (a copy of the state's): what it holds is
        never changed once made, so the two share it."""
        twin = LastingIndex.__new__(LastingIndex)
        twin.effects, twin.version, twin.pairs = effects, version, self.pairs
        twin.forbids, twin.modifiers, twin.statuses, twin.listening, twin.asking = (
            self.forbids,
            self.modifiers,
            self.statuses,
            self.listening,
            self.asking,
        )
        return twin


def _variables(effect: LastingEffect) -> dict[str, Any]:
    """What a lasting effect's items see: the values it captured, who owns it, and its card."""
    return {**effect.vars, "owner": effect.owner, "this_card": effect.card}


def _jsonable(value: Any) -> bool:
    return (
        value is None
        or isinstance(value, (str, int, bool))
        or (isinstance(value, list) and all(_jsonable(v) for v in value))
    )


__all__ = ["SIDES", "Engine", "GameEnded", "RuleError", "StepLimitExceeded"]
