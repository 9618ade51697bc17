"""A save written by another version of twilight whose game now goes another way: a fix of how the AI
plays (or of the runtime) may make the same seed and answers lead elsewhere, and the save's answers stop
fitting its game at some point. Such a save is not lost: the answers that still lead back are kept, the
game goes on live from there, and the file as it was is kept beside it (`NAME.json.old`, which no list of
saves counts) before the game writes its save again."""

from __future__ import annotations

import shutil
from pathlib import Path
from typing import Any

from twilight.cli.session.game import new_game_engine

# The file the save as it was is kept in, beside it (not `.json`: never listed or taken as a save).
OLD_SUFFIX = ".old"


def answers_that_lead_back(ir: dict[str, Any], data: dict[str, Any]) -> int | None:
    """None when the save's answers all lead back to the state it recorded; else how many of them, from
    the first, still fit the game as this version plays it (the game is replayed with no player seated,
    up to its first question past the save's answers)."""
    from twilight.runtime.core.engine import GameEnded, SaveMismatch
    from twilight.runtime.core.limits import StepLimitExceeded
    from twilight.runtime.core.resumable import Suspended
    from twilight.runtime.core.rule_errors import RuleError

    engine = new_game_engine(ir, data["seed"], data["settings"])
    engine.resume_from(data)  # (a save that is no save raises here, as it would when played)
    try:
        engine.run()
    except Suspended:
        return None
    except SaveMismatch:
        return len(engine.answers)
    except (GameEnded, RuleError, StepLimitExceeded):
        pass  # (a game the rules stop: said by the game itself when it is played)
    return None


def keep_old_save(path: Path) -> Path:
    """A copy of the save as it was, beside it (`NAME.json.old`; an earlier one replaced)."""
    old = path.with_name(path.name + OLD_SUFFIX)
    shutil.copyfile(path, old)
    return old
