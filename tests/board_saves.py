"""Saves of games stopped part-way, for the tests of `twilight board`: a cautious random player on each
side a person plays (the solo AI on its own), stopped at the first question of a given turn, written as
`twilight play` writes a save."""

from __future__ import annotations

import contextlib
import json
from pathlib import Path
from typing import Any

from twilight.compiler import api
from twilight.runtime.core.decisions import CautiousPlayer, Decision
from twilight.runtime.core.engine import Engine
from twilight.runtime.game import new_engine
from twilight.runtime.solo.ai import players_with_ai


class _Enough(Exception):
    pass


class _UntilTurn:
    def __init__(
        self, inner: CautiousPlayer, engine: Engine, turn: int, round_: int, question: str | None = None
    ) -> None:
        self.inner, self.engine, self.turn, self.round = inner, engine, turn, round_
        self.question = question

    def decide(self, decision: Decision) -> Any:
        state = self.engine.state
        if (state.turn, state.action_round) >= (self.turn, self.round) and self.question in (
            None,
            decision.name,
        ):
            raise _Enough
        return self.inner.decide(decision)


def write_save(
    target: str,
    path: Path,
    seed: int,
    turn: int,
    lang: str = "en",
    round_: int = 0,
    question: str | None = None,
) -> dict[str, Any]:
    """Play `target` (a ruleset's name or folder) on `seed` up to action round `round_` of `turn` (and with
    `question`, on to the first question of that name), write the save at `path` and return its state (as
    the save holds it)."""
    result = api.compile_target(target)
    assert result.ir is not None and result.ok, [str(d) for d in result.diagnostics]
    ir = result.ir
    engine = new_engine(ir, {}, seed=seed)
    people: dict[str, Any] = {}
    for side in ("us", "ussr"):
        inner = CautiousPlayer(seed * 2 + (1 if side == "us" else 2))
        inner.engine = engine
        people[side] = _UntilTurn(inner, engine, turn, round_, question)
    players, ai = players_with_ai(ir, engine.state.settings, people)
    if ai is not None:
        ai.engine = engine
    engine.players = players
    humans = [side for side, player in players.items() if player is not ai]
    with contextlib.suppress(_Enough):
        engine.run()
    data = {**engine.save_data(), "play": {"humans": humans, "lang": lang}}
    path.write_text(json.dumps(data), encoding="utf-8")
    return data["state"]
