"""A saved game taken up at the terminal: its answers are replayed once, with no player seated, up to its
first question past them, and play goes on from there. A save written by another version of twilight
whose game now goes another way (cli/session/diverged.py) is found by that same replay: it goes on from
the last answer that still fits, the file as it was kept beside it; only then is the game replayed a
second time, up to there."""

from __future__ import annotations

from dataclasses import dataclass
from typing import TYPE_CHECKING, Any

from twilight.cli.session.diverged import keep_old_save
from twilight.cli.session.game import new_game_engine
from twilight.cli.session.saves import TraceFile
from twilight.common.input_bounds import printable

if TYPE_CHECKING:
    from twilight.cli.play.session import PlaySession


@dataclass
class SaveToReplay:
    """The save a session was resumed from (checked to be one of this game), still to be replayed."""

    ir: dict[str, Any]
    data: dict[str, Any]


def catch_up(session: PlaySession, trace: TraceFile) -> bool:
    """Replay the save `session` was resumed from, its events written to `trace`: True when the game
    ended within its answers. A SaveMismatch, a rule's error or a step limit in the replay of the answers
    that fit is raised to the caller, which tells it as when it is met in play."""
    from twilight.runtime.core.engine import SaveMismatch

    pending = session.save_to_replay
    assert pending is not None
    session.save_to_replay = None
    engine = session.engine
    engine.trace_to = trace
    try:
        ended = replay_unseated(engine)
    except SaveMismatch:
        kept, total = len(engine.answers), len(pending.data["answers"])
    else:
        tell_resumed(session, len(engine.answers))
        return ended
    old = keep_old_save(session.save_path)
    shown = {"kept": kept, "total": total, "path": printable(str(old))}
    session.console.print(session.text.t("play-save-diverged", **shown), style="yellow", markup=False)
    data = {**pending.data, "answers": pending.data["answers"][:kept]}
    engine = new_game_engine(pending.ir, data["seed"], data["settings"])
    session.start_over(engine)
    # (the answers are the first part of the save's, whose digest is of its end: none to check)
    engine.resume_from(data, check_digest=False)
    trace.restart()
    engine.trace_to = trace
    ended = replay_unseated(engine)
    tell_resumed(session, kept)
    return ended


def replay_unseated(engine: Any) -> bool:
    """Run `engine` with its players away: the save's answers replayed, the game stops at its first
    question past them (True: it ended before one)."""
    from twilight.runtime.core.resumable import Suspended

    seated, engine.players = engine.players, {}
    try:
        engine.run()
    except Suspended:
        return False
    finally:
        engine.players = seated
    return True


def tell_resumed(session: PlaySession, replayed: int) -> None:
    session.saved_answers = replayed
    said = session.text.t("play-resumed", path=str(session.save_path), count=replayed)
    session.console.print(said, markup=False, soft_wrap=True)  # (the path whole, to be copied)
