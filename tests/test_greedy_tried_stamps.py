"""The greedy heuristic tries a point in each country whose control it changes, on the board as it would
be (runtime/core/decisions.py, `GreedyPlayer._best_country`). In a copy that keeps the board's stamps
(core/board_stamps.py) the board tried has the stamps a point placed there gives, so that the region
scoring worked out on it is kept (backend/kept_functions.py) and found once the point is placed. The
stamps must be exactly those of that board while it stands, and the board's own again afterwards: a
result kept under a wrong stamp would be given for another board."""

from __future__ import annotations

from typing import Any

from twilight.runtime.core import registry
from twilight.runtime.core.decisions import Decision, GreedyPlayer, _primitives
from twilight.runtime.core.engine import QuietEngine
from twilight.runtime.core.primitives.effects import add_influence
from twilight.runtime.core.sides import SIDES, US, USSR
from twilight.runtime.core.state import PRIMARY_REGION_VARIABLE
from twilight.runtime.game import new_engine
from twilight.runtime.solo.ai import RulesAIPlayer

from tests.helpers import compiled_ir

KEPT = (registry.REGION_VP.name, registry.SCORING_LEVEL.name)


def _quiet_copy(seed: int) -> QuietEngine:
    ir = compiled_ir("solo-v2")
    engine = new_engine(ir, {US: GreedyPlayer(1), USSR: RulesAIPlayer()}, seed=seed)
    twin = engine.clone(events=False, cls=QuietEngine)
    assert isinstance(twin, QuietEngine) and twin.board_stamps is not None
    return twin


def _as_worked_out(engine: Any, name: str, side: str, region: str) -> Any:
    stamps, engine.board_stamps = engine.board_stamps, None
    try:
        return engine.program.functions[name].call(engine, side, region)
    finally:
        engine.board_stamps = stamps


def _tried_in(twin: QuietEngine, side: str, region: str) -> list[str]:
    """The countries of the region where one more point of the side changes who controls it."""
    board = _primitives().board(twin)
    out = []
    for c in board.members[region]:
        own, theirs = twin.state.influence[c][side], twin.state.influence[c][USSR if side == US else US]
        needed = board.stability[c]
        if (own - theirs + 1 >= needed) != (own > 0 and own - theirs >= needed) or (
            theirs > 0 and theirs - own >= needed
        ) != (theirs > 0 and theirs - own - 1 >= needed):
            out.append(c)
    return out


def _check_tried(seed: int, monkeypatch: Any) -> int:
    """The greedy's choice of a point in the Primary region (Europe, given influence) of a quiet copy
    made at the game's first decision: its boards tried checked; how many were."""
    twin = _quiet_copy(seed)
    stamps = twin.board_stamps
    assert stamps is not None
    side = US
    region = "europe"
    twin.state.vars[PRIMARY_REGION_VARIABLE] = region
    # (a board of the region where points change control: a point short of it, or the opponent's)
    board = _primitives().board(twin)
    for i, c in enumerate(board.members[region]):
        if (i + seed) % 3 == 0:
            add_influence(twin, US, c, max(1, board.stability[c] - 1))
        elif (i + seed) % 3 == 1:
            add_influence(twin, USSR, c, board.stability[c])
    options = _tried_in(twin, side, region)
    if not options:
        return 0
    before = {c: twin.state.influence[c][side] for c in options}
    # The stamps each board tried had, by the country tried (read as the board stood then).
    seen: dict[str, dict[Any, int]] = {}
    late = _primitives()
    real = late.net_region_score

    def recording(engine: Any, s: str, r: str) -> int:
        tried_at = [c for c in options if engine.state.influence[c][side] != before[c]]
        if tried_at:
            seen[tried_at[0]] = dict(engine.board_stamps.of)
        return int(real(engine, s, r))

    stamps_before = dict(stamps.of)
    monkeypatch.setattr(late, "net_region_score", recording)
    greedy = GreedyPlayer(seed)
    greedy.engine = twin
    answer = greedy.decide(Decision(name="influence_target", side=side, options=list(options)))
    monkeypatch.setattr(late, "net_region_score", real)
    assert answer in options
    assert stamps.of == stamps_before  # (the board's own stamps again)
    assert all(twin.state.influence[c][side] == before[c] for c in options)
    for c, during in seen.items():
        placed = twin.clone(events=False, cls=QuietEngine)
        add_influence(placed, side, c, 1)
        assert placed.board_stamps is not None
        assert placed.board_stamps.of == during, c  # (the stamps a point placed there gives)
        for name in KEPT:
            for s in SIDES:
                for r in twin.ir["map"]["regions"]:
                    kept = placed.program.functions[name].call(placed, s, r)
                    assert kept == _as_worked_out(placed, name, s, r), (c, name, s, r)
    return len(seen)


def test_the_board_tried_has_the_stamps_of_the_point_placed_and_the_scores_kept_are_right(
    monkeypatch: Any,
) -> None:
    assert sum(_check_tried(seed, monkeypatch) for seed in (3, 4, 5, 6)) > 3
