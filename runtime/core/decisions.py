"""One protocol for every choice: the engine raises a Decision, a player answers it.

Answers are plain values (a country id, a card id, an option word, or a list of them), so scenario
files and replays can give them as text, and the random player can draw them uniformly.
"""

from __future__ import annotations

import random
import weakref
from collections.abc import Sequence
from dataclasses import dataclass, field
from functools import partial
from operator import attrgetter
from typing import Any, Protocol

from twilight.runtime.core import registry
from twilight.runtime.core.board_reads import BoardReads
from twilight.runtime.core.board_stamps import named_part

_CARD_OF = attrgetter("card")  # (a lasting effect's card)


@dataclass
class Decision:
    name: str  # what is being decided, e.g. the action card, "influence_target", "blockade_discard"
    side: str  # who decides
    options: list[Any]  # the legal single answers
    min_count: int = 1  # how many to pick: one answer when max_count == 1, else a list
    max_count: int = 1
    distinct: bool = True
    context: dict[str, Any] = field(default_factory=dict)
    # one answer, not a list (max_count == min_count == 1); set once, as players ask it at every choice
    single: bool = field(init=False, repr=False, compare=False)

    def __post_init__(self) -> None:
        self.single = self.max_count == 1 and self.min_count == 1

    def check(self, answer: Any) -> str | None:
        """None when the answer is legal, else what is wrong with it."""
        if self.single:  # (the usual case, told in a few steps)
            return None if answer in self.options else f"{answer!r} is not one of {self.options}"
        picks = answer
        if not isinstance(picks, list):
            return f"{self.name} wants a list of {self.min_count}-{self.max_count} of {self.options}"
        if not self.min_count <= len(picks) <= self.max_count:
            return f"{self.name} wants {self.min_count}-{self.max_count} answers, got {len(picks)}"
        for pick in picks:
            if pick not in self.options:
                return f"{pick!r} is not one of {self.options}"
        if self.distinct and len(set(map(str, picks))) != len(picks):
            return f"{self.name} wants different answers"
        return None


class IllegalAnswer(Exception):
    def __init__(self, decision: Decision, answer: Any, why: str) -> None:
        super().__init__(f"{decision.name}: {why}")
        self.decision = decision
        self.answer = answer
        self.why = why


class Player(Protocol):
    def decide(self, decision: Decision) -> Any: ...


class RandomPlayer:
    """Uniform over legal answers, from its own seeded generator."""

    def __init__(self, seed: int) -> None:
        self.rng = random.Random(seed)

    def decide(self, decision: Decision) -> Any:
        if decision.single:
            return self.rng.choice(decision.options)
        count = self.rng.randint(decision.min_count, decision.max_count)
        if decision.distinct:
            return self.rng.sample(decision.options, count)
        return self._choices(decision.options, count)

    def _choices(self, options: list[Any], count: int) -> list[Any]:
        # (apart from `decide`: in 3.11 a comprehension there would make cells at every decision)
        return [self.rng.choice(options) for _ in range(count)]


class CautiousPlayer(RandomPlayer):
    """Uniform like `RandomPlayer`, except that at DEFCON 2 or 1 it never picks a coup when something else
    is open: uniform players start a nuclear war within a few turns, and these reach the Mid and Late War
    (and final scoring) in most games. It reads DEFCON from the engine bound to `engine` after the engine
    is built."""

    def __init__(self, seed: int) -> None:
        super().__init__(seed)
        self.engine: Any = None

    def decide(self, decision: Decision) -> Any:
        if decision.single and self.engine is not None and self.engine.state.defcon <= 2:
            safe = [o for o in decision.options if o != "coup"]
            if safe:
                return self.rng.choice(safe)
        return super().decide(decision)


class ScriptedPlayer:
    """Answers from a list, in order (scenarios, replays); falls back to another player when it runs out."""

    def __init__(self, answers: Sequence[Any], fallback: Player | None = None) -> None:
        self.answers = list(answers)
        self.fallback = fallback

    def decide(self, decision: Decision) -> Any:
        if self.answers:
            return self.answers.pop(0)
        if self.fallback is not None:
            return self.fallback.decide(decision)
        raise IllegalAnswer(
            decision, None, f"no answer left for {decision.name} (it offers {decision.options})"
        )


_NO_COUNTRIES: frozenset[str] = frozenset()  # (a region the map does not have)
# Each program's gains (`_Gains`): a program serves every game of its ruleset, and goes with them.
_GAIN_MEMORIES: weakref.WeakKeyDictionary[Any, dict[tuple[Any, ...], int]] = weakref.WeakKeyDictionary()


class _Gains:
    """What a point of one side gains in a region's score, kept by all that the score can depend on: the
    influence in the countries the ruleset's region scoring reads (`CompiledRules.board_reads`: the
    region's, and those it names), which cards' effects are in force, and the country. A search's
    rollouts place points on the same boards over and over (every playout of an answer starts from the
    same board), and working a region's score out twice per point was most of the greedy's time. Kept
    for every game of a program, a bounded number at a time. In a copy that keeps the board's stamps (a
    playout, core/board_stamps.py) the stamps of the region and of the countries the scoring names stand
    for their influence in the key."""

    _KEPT = 10_000  # (the gains of one program: a key shares its board's numbers with the region's others)

    def __init__(
        self, engine: Any, side: str, opponent: str, reads: BoardReads, found: dict[Any, int]
    ) -> None:
        self.engine, self.side, self.opponent, self.reads, self.found = engine, side, opponent, reads, found
        self.effects = tuple(map(_CARD_OF, engine.state.in_effect)) if reads.effects else ()
        self.boards: dict[str, tuple[Any, ...]] = {}  # (each region's key, made once per choice)

    @classmethod
    def of(cls, engine: Any, side: str, opponent: str) -> _Gains | None:
        """The gains of this game's program, or None when they may not be kept now: the region's score
        reads more than the influence, or a quantity whose modifiers it reads is modified; the game counts
        the rules' firings (a gain kept would not count them); an evaluation is open around the choice
        (its memory, which the score would use, describes the board as it is)."""
        if engine.memo is not None or engine.firings is not None:
            return None
        reads = engine.program.board_reads(registry.REGION_VP.name)
        if reads is None or not set(reads.region_params) <= {1}:  # (its parameters: the side, the region)
            return None
        for quantity in reads.quantities:
            if not engine.unmodified(quantity):
                return None
        found = _GAIN_MEMORIES.get(engine.program)
        if found is None or len(found) > cls._KEPT:
            found = _GAIN_MEMORIES[engine.program] = {}
        return cls(engine, side, opponent, reads, found)

    def key(self, region: str, c: str) -> tuple[Any, ...]:
        """The key of a point in the country `c` of the region, on the board as it stands: the side, the
        region (which tells the countries read), the effects' cards, each side's influence there."""
        board = self.boards.get(region)
        if board is None:
            stamps = self.engine.board_stamps
            if stamps is not None:
                # (a copy that keeps the board's stamps: those of the region and of the countries the
                # scoring names stand for their influence, core/board_stamps.py)
                of = stamps.of
                stamp = of.get(region)
                named = of.get(named_part(registry.REGION_VP.name)) if self.reads.countries else 0
                if stamp is not None and named is not None:
                    board = self.boards[region] = (self.side, region, self.effects, "stamped", stamp, named)
                    return (board, c)
            from twilight.runtime.core.primitives.map_queries import board as map_of

            countries = list(self.reads.countries)
            if self.reads.region_params:
                countries += map_of(self.engine).members.get(region, [])
            influence, side, opponent = self.engine.state.influence, self.side, self.opponent
            board = self.boards[region] = (
                side,
                region,
                self.effects,
                tuple([influence[x][side] for x in countries]),
                tuple([influence[x][opponent] for x in countries]),
            )
        return (board, c)


class _Late:
    """What the greedy heuristic uses of the primitives and the state, imported at its first use (the
    primitives import this module), then kept: an import in the function itself looks the module up
    again at every call, and the search's playouts choose cards and place points by the thousand."""

    def __init__(self) -> None:
        from twilight.runtime.core.primitives.cards import ops_for
        from twilight.runtime.core.primitives.core import other
        from twilight.runtime.core.primitives.map_queries import board, with_influence
        from twilight.runtime.core.primitives.scoring import net_region_score
        from twilight.runtime.core.state import PRIMARY_REGION_VARIABLE

        self.ops_for, self.other, self.board, self.with_influence = ops_for, other, board, with_influence
        self.net_region_score, self.primary_region = net_region_score, PRIMARY_REGION_VARIABLE


_LATE: list[_Late] = []


def _primitives() -> _Late:
    if not _LATE:
        _LATE.append(_Late())
    return _LATE[0]


class GreedyPlayer(RandomPlayer):
    """A simple heuristic for the human side of a solo game, for simulations: it plays its card with the
    most operations, uses them for influence when it can, and places each point where the Primary
    region's score (its VP less the opponent's, by the ruleset's `region_vp`) gains most, then in a
    battleground, then uniformly. Any other choice is uniform, as `RandomPlayer`'s. Bind `engine` after
    the engine is built."""

    def __init__(self, seed: int) -> None:
        super().__init__(seed)
        self.engine: Any = None

    def decide(self, decision: Decision) -> Any:
        engine = self.engine
        if engine is None or not decision.single:
            return super().decide(decision)
        if decision.name == registry.ACTION_CARD.name:
            return self._best_card(decision)
        if decision.name == "play_mode" and "influence" in decision.options:
            return "influence"
        if decision.name == "influence_target":
            return self._best_country(decision)
        return super().decide(decision)

    def weighs(self, decision: Decision) -> bool:
        """Whether `decide` weighs this decision by its heuristic (else its answer is uniform)."""
        if self.engine is None or not decision.single:
            return False
        if decision.name == "play_mode":
            return "influence" in decision.options
        return decision.name in (registry.ACTION_CARD.name, "influence_target")

    def _best_card(self, decision: Decision) -> Any:
        ops_for = _primitives().ops_for
        side = decision.side
        best = max(ops_for(self.engine, side, c) for c in decision.options)
        return self.rng.choice([c for c in decision.options if ops_for(self.engine, side, c) == best])

    def _best_country(self, decision: Decision) -> Any:
        """The point's immediate effect on the score of the regions weighed (`weighed_regions`: the
        Primary region's); ties to a battleground, then to the country closest to control (building
        towards the next point's score); among those still tied, any."""
        return self.rng.choice(self.best_countries(decision))

    def best_countries(self, decision: Decision) -> list[Any]:
        """The countries `_best_country` chooses among, in the question's order."""
        engine = self.engine
        native = engine.program.native_rules
        if native is not None and native.greedy_points is not None and engine.firings is None:
            # (the same countries, worked out natively on the board's numbers: runtime/backend/native)
            tied: list[Any] | None = native.greedy_points(
                engine, decision.side, decision.options, self.weighed_regions(engine)
            )
            if tied is not None:
                return tied
        return self._best_countries_here(decision)

    def _best_countries_here(self, decision: Decision) -> list[Any]:
        """`best_countries`, worked out by the rules' Python code."""
        late = _primitives()
        other, board, net_region_score, with_influence = (
            late.other,
            late.board,
            late.net_region_score,
            late.with_influence,
        )
        engine = self.engine
        side = decision.side
        b = board(engine)
        # (a loop: in 3.11 a comprehension makes a function at every call, at every point here)
        weighed: list[tuple[Any, str, Any]] = []
        for r, w in self.weighed_regions(engine):
            weighed.append((b.member_set.get(r, _NO_COUNTRIES), r, w))

        def net(region: str) -> int:
            # (one memory of the rules' pure functions for the two sides' scores: they share the level,
            # the countries controlled… of the board as it stands; a new one for each board tried)
            if engine.memo is not None:
                return net_region_score(engine, side, region)
            engine.memo = {}
            try:
                return net_region_score(engine, side, region)
            finally:
                engine.memo = None

        opponent = other(side)
        influence_now = engine.state.influence
        stability, battleground = b.stability, b.battleground
        before: dict[str, int] = {}  # (each region's score as it stands: worked out once a point changes it)
        gains = _Gains.of(engine, side, opponent)
        scored: dict[Any, tuple[Any, int, int]] = {}
        # (the map's control and ops-to-control read in place, as `controls` and `ops_to_control` work them
        # out: this loop runs for every point the rollouts place)
        for c in decision.options:
            swing: Any = 0
            influence = influence_now[c]
            own, theirs, needed = influence[side], influence[opponent], stability[c]
            margin = own - theirs
            short = needed - margin
            # Only a point that changes who controls the country can change a region's score: the side's
            # control gained, or the opponent's lost (else no region is asked; the same in each).
            if (own > 0 and margin >= needed) == (margin + 1 >= needed) and (
                theirs > 0 and -margin >= needed
            ) == (theirs > 0 and -margin - 1 >= needed):
                # (a truth as a number and the points short as written: no call, no negation of 0)
                scored[c] = (0, 1 if battleground[c] else 0, -short if short > 0 else 0)
                continue
            for members, region, weight in weighed:
                if c not in members:
                    continue
                key = gains.key(region, c) if gains is not None else None
                gained = gains.found.get(key) if gains is not None else None
                if gained is None:
                    if region not in before:
                        before[region] = net(region)
                    # (the point supposed for a moment by the primitives' own supposing, which gives
                    # the board tried the stamps a point placed there gives, core/board_stamps.py: the
                    # scores worked out on the point chosen are found again, kept by them, when the
                    # board it makes is scored: by the next point, the AI, the playout's end)
                    gained = with_influence(engine, c, side, own + 1, partial(net, region)) - before[region]
                    if gains is not None:
                        gains.found[key] = gained
                swing += weight * gained
            scored[c] = (swing, 1 if battleground[c] else 0, -short if short > 0 else 0)
        best = max(scored.values())
        tied: list[Any] = []  # (a loop, as above)
        for c, v in scored.items():
            if v == best:
                tied.append(c)
        return tied

    def weighed_regions(self, engine: Any) -> list[tuple[str, Any]]:
        """The regions whose score a point is placed for, with their weights: the Primary region."""
        region = engine.state.vars.get(_primitives().primary_region)
        return [(region, 1)] if region else []
