"""A copy of the game made at a person's question to go back to (`undo`, in the terminal and the browser:
cli/session/question.copy_at_question) keeps what the question refuses (the candidates a rule left out,
with that rule: the screen's "Not offered"), worked out where the game stood: the game copied from may be
gone, and a copy of the copy (what `undo` plays on) keeps them too. A plain `Engine.clone` keeps none of
the question's functions, which read the game that asked."""

from __future__ import annotations

import gc
import weakref
from typing import Any

from helpers import play_solo_until
from twilight.cli.session.question import copy_at_question, refusals
from twilight.runtime.core.decisions import Decision
from twilight.runtime.core.engine import Engine


def _refusing(decision: Decision) -> bool:
    return decision.name == "draft_keep" and bool(refusals(decision))


def test_a_copy_to_go_back_to_keeps_what_its_question_refuses() -> None:
    found: dict[str, Any] = {}

    def act(engine: Engine, decision: Decision) -> None:
        found["refused"] = refusals(decision)
        found["game"] = weakref.ref(engine)
        found["plain"] = engine.clone()
        kept = copy_at_question(engine, decision)
        found["kept"] = kept
        found["played on"] = kept.clone()  # (what `undo` plays on: a copy of the copy kept)

    play_solo_until(_refusing, act, seed=101, track=True)
    gc.collect()
    assert found["game"]() is None, "a copy holds the game it was copied from"
    assert found["refused"] and all(isinstance(rule, str) for _, rule in found["refused"])
    for key in ("kept", "played on"):
        pending = found[key].pending()
        assert pending is not None and pending.name == "draft_keep"
        assert refusals(pending) == found["refused"], key
    plain = found["plain"].pending()
    assert plain is not None and "refused" not in plain.context
