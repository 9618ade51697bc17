"""The board's stamps and the region scoring kept by them (runtime/core/board_stamps.py,
runtime/backend/kept_functions.py; issue 43's playouts per CPU-second): a quiet copy of a game stamps
the parts of its board, each change of influence gives the parts holding the country a stamp of their
own, and the ruleset's `region_vp` and `scoring_level` keep their results by the stamps. A kept result
must be what the rules work out on the board as it stands, in every copy, whichever copy kept it."""

from __future__ import annotations

from typing import Any

import pytest
from twilight.runtime.core import registry
from twilight.runtime.core.board_stamps import STAMPED_PARTS, BoardStamps
from twilight.runtime.core.decisions import GreedyPlayer
from twilight.runtime.core.engine import Engine, QuietEngine
from twilight.runtime.core.primitives.effects import add_influence, remove_influence
from twilight.runtime.core.primitives.map_queries import level_if_controlled
from twilight.runtime.core.sides import SIDES, US, USSR
from twilight.runtime.game import new_engine
from twilight.runtime.solo.ai import RulesAIPlayer

from tests.helpers import compiled_ir

KEPT = (registry.REGION_VP.name, registry.SCORING_LEVEL.name)


class _Enough(Exception):
    pass


def _regions(engine: Engine) -> list[str]:
    return list(engine.ir["map"]["regions"])


def _as_worked_out(engine: Engine, name: str, side: str, region: str) -> Any:
    """The function's result worked out by the rules on the board as it stands: no stamps, nothing
    kept is looked at."""
    stamps, engine.board_stamps = engine.board_stamps, None
    try:
        return engine.program.functions[name].call(engine, side, region)
    finally:
        engine.board_stamps = stamps


class _Checking:
    """A player of a quiet copy: at each of its questions, every kept function's answer for each side
    and region is what the rules work out; then the greedy heuristic answers. Stops the copy after
    `questions` of them."""

    def __init__(self, seed: int, questions: int, found: list[int]) -> None:
        self.greedy = GreedyPlayer(seed)
        self.questions = questions
        self.found = found
        self.engine: Any = None

    def decide(self, decision: Any) -> Any:
        engine = self.engine
        assert engine.board_stamps is not None  # (a quiet copy of the game keeps stamps)
        for name in KEPT:
            for side in SIDES:
                for region in _regions(engine):
                    kept = engine.program.functions[name].call(engine, side, region)
                    assert kept == _as_worked_out(engine, name, side, region), (name, side, region)
                    self.found[0] += 1
        self.questions -= 1
        if self.questions <= 0:
            raise _Enough
        self.greedy.engine = engine
        return self.greedy.decide(decision)


class _Copying:
    """The human side of the real game: at each of its first `copies` questions, quiet copies of the game
    are played on by `_Checking` players for both sides (the AI's look-ahead copies stamped from theirs),
    then the greedy heuristic answers in the game itself."""

    def __init__(self, copies: int, found: list[int]) -> None:
        self.greedy = GreedyPlayer(7)
        self.copies = copies
        self.found = found
        self.engine: Any = None

    def decide(self, decision: Any) -> Any:
        engine = self.engine
        self.greedy.engine = engine
        answer = self.greedy.decide(decision)
        if self.copies > 0 and decision.single:
            self.copies -= 1
            for k in range(2):
                twin = engine.clone(events=False, cls=QuietEngine)
                human = _Checking(k, 12, self.found)
                ai = RulesAIPlayer()
                twin.players = {US: human, USSR: ai}
                human.engine = ai.engine = twin
                try:
                    twin.resume(answer, track=False)
                except _Enough:
                    pass
                finally:
                    twin.players = {}
        return answer


@pytest.mark.parametrize("seed", [1, 2])
def test_kept_scoring_is_what_the_rules_work_out_in_every_copy(seed: int) -> None:
    """In quiet copies made at a game's decisions and played on (the AI looking ahead in copies of them),
    `region_vp` and `scoring_level` give, for every side and region at every question, what the rules
    work out on the board as it stands, though the results are kept across copies and games."""
    ir = compiled_ir("solo-v2")
    found = [0]
    human = _Copying(6, found)
    ai = RulesAIPlayer()
    engine = new_engine(ir, {US: human, USSR: ai}, seed=seed)
    engine.track = engine.track_after = True
    human.engine = ai.engine = engine
    engine.run()
    assert engine.board_stamps is None  # (the game itself keeps none: a scenario may set its board)
    assert found[0] > 1000


def _quiet_copy(seed: int = 3) -> QuietEngine:
    ir = compiled_ir("solo-v2")
    engine = new_engine(ir, {US: GreedyPlayer(1), USSR: RulesAIPlayer()}, seed=seed)
    twin = engine.clone(events=False, cls=QuietEngine)
    assert isinstance(twin, QuietEngine) and twin.board_stamps is not None
    return twin


def test_the_same_changes_give_the_same_stamps_and_other_boards_other_ones() -> None:
    """Two copies of one board stamp it alike, and the same changes keep them alike; a change only
    restamps the parts holding its country; a board changed elsewhere is stamped otherwise."""
    a, b = _quiet_copy(), _quiet_copy()
    assert a.board_stamps is not None and b.board_stamps is not None
    assert a.board_stamps.of == b.board_stamps.of  # (the same board: stamped by its influence)
    before = dict(a.board_stamps.of)
    for twin in (a, b):
        add_influence(twin, US, "france", 2)
        remove_influence(twin, US, "france", 1)
    assert a.board_stamps.of == b.board_stamps.of
    changed = {part for part, stamp in a.board_stamps.of.items() if before[part] != stamp}
    assert "europe" in changed and "asia" not in changed
    add_influence(b, USSR, "japan", 1)
    assert a.board_stamps.of["asia"] != b.board_stamps.of["asia"]
    assert a.board_stamps.of["europe"] == b.board_stamps.of["europe"]


def test_a_board_supposed_for_a_moment_gives_its_stamps_back() -> None:
    """`level_if_controlled` looks at the board as if the side controlled a country: its stamps are those
    of that board while it stands, then the board's own again."""
    twin = _quiet_copy()
    assert twin.board_stamps is not None
    before = dict(twin.board_stamps.of)
    level = level_if_controlled(twin, USSR, "west_germany", "europe")
    assert twin.board_stamps.of == before
    assert level == level_if_controlled(twin, USSR, "west_germany", "europe")
    stamps, twin.board_stamps = twin.board_stamps, None
    assert level == level_if_controlled(twin, USSR, "west_germany", "europe")
    twin.board_stamps = stamps


def test_the_game_itself_and_a_plain_copy_keep_no_stamps() -> None:
    """Only a quiet copy keeps stamps: the game (whose board a scenario or the board editor may set in
    place) and a plain copy of it work every result out."""
    ir = compiled_ir("solo-v2")
    engine = new_engine(ir, {US: GreedyPlayer(1), USSR: RulesAIPlayer()}, seed=3)
    assert engine.board_stamps is None
    assert engine.clone().board_stamps is None
    assert isinstance(STAMPED_PARTS.get(engine.program).fresh(), BoardStamps)  # type: ignore[union-attr]
