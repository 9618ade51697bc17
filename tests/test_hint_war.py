"""A coup that loses the game on the spot (at DEFCON 2, a battleground's coup brings DEFCON to 1: the side
whose coup set off the war loses): the question's targets that do are found as the search finds them
(cli/session/danger.py), and the hint names them first and weighs only the others, instead of saying it
has no preference. The game: solo-v2, the USSR played greedily but for a coup whenever DEFCON is 2, up to
its first coup at DEFCON 2 where some targets are battlegrounds and some not (`coup_save` also writes
it as a save, for the tests through a terminal)."""

from __future__ import annotations

import json
from pathlib import Path
from types import SimpleNamespace
from typing import Any

import pytest
from twilight.cli.session.danger import loses_at_once
from twilight.cli.session.hint import hint_lines
from twilight.cli.session.text import PlayText
from twilight.runtime.core.decisions import Decision, GreedyPlayer
from twilight.runtime.core.primitives.operations import coup_defcon_drop
from twilight.runtime.game import new_engine
from twilight.runtime.solo.ai import players_with_ai

from tests.helpers import compiled_ir

SEED = 9  # the USSR's coup at DEFCON 2 on turn 4: Angola, Botswana, South Africa, Colombia
SETTINGS = {"ai_side": "us", "deluxe_map_canada": False}


class _Reached(Exception):
    pass


class _CoupsAtDefcon2:
    """The USSR: greedy, but a coup whenever DEFCON is 2 and a coup is offered; at the first coup's
    target question there, `act(engine, decision)` runs and the game stops."""

    def __init__(self, act: Any) -> None:
        self.greedy = GreedyPlayer(SEED)
        self.engine: Any = None
        self.act = act

    def decide(self, decision: Decision) -> Any:
        engine = self.engine
        self.greedy.engine = engine
        if engine.state.defcon == 2:
            if decision.name == "coup_target":
                self.act(engine, decision)
                raise _Reached
            if decision.single and "coup" in decision.options:
                return "coup"
        return self.greedy.decide(decision)


def at_the_coup(act: Any) -> None:
    ir = compiled_ir("solo-v2")
    engine = new_engine(ir, {}, seed=SEED, settings=SETTINGS)
    person = _CoupsAtDefcon2(act)
    person.engine = engine
    players, ai = players_with_ai(ir, engine.state.settings, {"ussr": person})
    assert ai is not None
    ai.engine = engine
    engine.players = players
    with pytest.raises(_Reached):
        engine.run()


def coup_save(path: Path, lang: str) -> list[str]:
    """A save of the game stopped at that coup's target question (as `twilight play` writes one); the
    targets offered."""
    found: list[str] = []

    def act(engine: Any, decision: Decision) -> None:
        found.extend(decision.options)
        data = {**engine.save_data(), "play": {"humans": ["ussr"], "lang": lang, "ids": True}}
        path.write_text(json.dumps(data), encoding="utf-8")

    at_the_coup(act)
    return found


def _war(engine: Any, decision: Decision) -> list[str]:
    """The targets whose coup brings DEFCON to 1, by the rules' own DEFCON drop (the rollout's check)."""
    defcon = engine.state.defcon
    return [c for c in decision.options if defcon - coup_defcon_drop(engine, decision.side, c) <= 1]


def test_the_targets_that_set_off_the_war_are_found_and_the_hint_says_so() -> None:
    found: dict[str, Any] = {}

    def act(engine: Any, decision: Decision) -> None:
        session = SimpleNamespace(
            text=PlayText("solo-v2", "en", engine.ir), engine=engine, meta={"humans": ["ussr"]}
        )
        found.update(
            options=list(decision.options),
            war=_war(engine, decision),
            losing=loses_at_once(engine, decision),
            lines=hint_lines(session, decision),
            text=session.text,
        )

    at_the_coup(act)
    war, options, lines, t = found["war"], found["options"], found["lines"], found["text"]
    assert war and len(war) < len(options)
    assert found["losing"] == war
    named = ", ".join(t.option(c) for c in war)
    assert lines[0] == f"{named}: a coup there brings DEFCON to 1 — nuclear war, and you would lose at once."
    assert not any("no preference" in line for line in lines), lines
    safe = [t.option(c) for c in options if c not in war]
    rated = [line.split(". ", 1)[1].split(":")[0] for line in lines if line[:2] in ("1.", "2.", "3.")]
    if len(safe) == 1:
        assert lines[1] == f"Hint: {safe[0]}, the only target that does not."
    else:
        assert rated and set(rated) <= set(safe), lines


def test_no_target_is_said_to_lose_above_defcon_2() -> None:
    def act(engine: Any, decision: Decision) -> None:
        engine.state.defcon = 3
        assert loses_at_once(engine, decision) == []

    at_the_coup(act)


def test_hint_of_a_save_at_that_coup_names_the_targets_that_lose_and_weighs_the_others(
    tmp_path: Path,
) -> None:
    """`twilight hint SAVE` says what the game's own hint says of a war-starting coup (it gave the search's
    ranks of every target, war or not), in the save's language and as JSON."""
    from click.testing import CliRunner
    from twilight.cli.main import cli

    save = tmp_path / "coup.json"
    options = coup_save(save, "ru")
    found: dict[str, Any] = {}
    at_the_coup(lambda engine, decision: found.update(war=_war(engine, decision)))
    war = found["war"]
    t = PlayText("solo-v2", "ru", compiled_ir("solo-v2"))
    result = CliRunner().invoke(cli, ["hint", str(save), "--budget-ms", "300"], catch_exceptions=False)
    assert result.exit_code == 0, result.output
    lines = result.output.splitlines()
    named = ", ".join(t.option(c) for c in war)
    assert lines[0] == f"{named}: переворот там доведет DEFCON до 1 — ядерная война, и вы сразу проиграете."
    rated = [line.split(". ", 1)[1].split(":")[0] for line in lines if line[:2] in ("1.", "2.", "3.")]
    safe = [t.option(c) for c in options if c not in war]
    if len(safe) > 1:
        assert rated and set(rated) <= set(safe), lines
    result = CliRunner().invoke(cli, ["hint", str(save), "--json", "--budget-ms", "300"])
    data = json.loads(result.output)
    assert data["loses_at_once"] == war
    assert {a["answer"] for a in data["answers"]} <= set(options) - set(war)
