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


class _Until:
    """The person (the USSR unless said): greedy (but where `steer` answers), until
    `stops(engine, decision)` holds; there `act(engine, decision)` runs and the game stops."""

    def __init__(self, seed: int, stops: Any, act: Any, steer: Any = None) -> None:
        self.greedy = GreedyPlayer(seed)
        self.engine: Any = None
        self.stops, self.act, self.steer = stops, act, steer

    def decide(self, decision: Decision) -> Any:
        engine = self.engine
        self.greedy.engine = engine
        if self.stops(engine, decision):
            self.act(engine, decision)
            raise _Reached
        steered = self.steer(engine, decision) if self.steer is not None else None
        return steered if steered is not None else self.greedy.decide(decision)


def _play_until(
    seed: int, stops: Any, act: Any, steer: Any = None, side: str = "ussr", settings: Any = None
) -> None:
    ir = compiled_ir("solo-v2")
    engine = new_engine(ir, {}, seed=seed, settings=settings or SETTINGS)
    person = _Until(seed, stops, act, steer)
    person.engine = engine
    players, ai = players_with_ai(ir, engine.state.settings, {side: person})
    assert ai is not None
    ai.engine = engine
    engine.players = players
    with pytest.raises(_Reached):
        engine.run()


def at_the_coup(act: Any) -> None:
    """The game played on to the USSR's first coup target question at DEFCON 2 (a coup taken whenever
    DEFCON is 2 and one is offered)."""

    def coup_at_defcon_2(engine: Any, decision: Decision) -> Any:
        wanted = engine.state.defcon == 2 and decision.single and "coup" in decision.options
        return "coup" if wanted else None

    def at_its_target(engine: Any, decision: Decision) -> bool:
        return bool(engine.state.defcon == 2 and decision.name == "coup_target")

    _play_until(SEED, at_its_target, act, coup_at_defcon_2)


def _saved_at(path: Path, lang: str, play_to: Any) -> list[str]:
    """A save of the game stopped where `play_to` stops it (as `twilight play` writes one); the options
    of the question there."""
    found: list[str] = []

    def act(engine: Any, decision: Decision) -> None:
        found.extend(decision.options)
        data = {**engine.save_data(), "play": {"humans": ["ussr"], "lang": lang, "ids": True}}
        path.write_text(json.dumps(data), encoding="utf-8")

    play_to(act)
    return found


def coup_save(path: Path, lang: str) -> list[str]:
    """A save of the game stopped at that coup's target question; the targets offered."""
    return _saved_at(path, lang, at_the_coup)


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


# The way a card is played that loses at once: solo-v2, the USSR played greedily. Seed 7: on turn 2, at
# DEFCON 2, De-Stalinization is to be played; its coup has one target, a battleground (South Africa), which
# brings DEFCON to 1 in the USSR's own round. The event, influence, realignment and the Space Race are
# safe. Seed 584: on turn 4, at DEFCON 2, We Will Bury You, whose event brings DEFCON to 1.
MODE_SEED = 7
EVENT_SEED = 584


def at_the_play_mode(act: Any, seed: int = MODE_SEED) -> None:
    """The game played on to the first question at DEFCON 2 of how to play a card where some way, not
    every way, loses at once."""

    def some_way_loses(engine: Any, decision: Decision) -> bool:
        if engine.state.defcon != 2 or decision.name != "play_mode":
            return False
        losing = loses_at_once(engine, decision)
        return bool(losing) and len(losing) < len(decision.options)

    _play_until(seed, some_way_loses, act)


def play_mode_save(path: Path, lang: str) -> list[str]:
    """A save of the game stopped at that question; the ways offered."""
    return _saved_at(path, lang, at_the_play_mode)


@pytest.mark.parametrize(
    ("seed", "card", "war"),
    [(MODE_SEED, "de_stalinization", ["coup"]), (EVENT_SEED, "we_will_bury_you", ["event"])],
)
def test_the_ways_to_play_a_card_that_set_off_the_war_are_found_and_the_hint_says_so(
    seed: int, card: str, war: list[str]
) -> None:
    """A coup whose only target is a battleground, and the event of We Will Bury You (DEFCON down one, in
    the USSR's own round), lose at once; the hint says so in the words of ways to play a card (not of
    coup targets) and weighs the others."""
    found: dict[str, Any] = {}

    def act(engine: Any, decision: Decision) -> None:
        session = SimpleNamespace(
            text=PlayText("solo-v2", "ru", engine.ir), engine=engine, meta={"humans": ["ussr"]}
        )
        found.update(
            card=decision.context.get("card"),
            options=list(decision.options),
            losing=loses_at_once(engine, decision),
            lines=hint_lines(session, decision),
            text=session.text,
        )

    at_the_play_mode(act, seed)
    assert found["card"] == card
    assert found["losing"] == war
    t, lines = found["text"], found["lines"]
    named = ", ".join(t.option(o) for o in war)
    assert lines[0] == (
        f"{named}: при таком розыгрыше DEFCON дойдет до 1, что бы вы ни выбрали дальше, — ядерная война, "
        "и вы сразу проиграете."
    )
    rated = [line.split(". ", 1)[1].split(":")[0] for line in lines if line[:2] in ("1.", "2.", "3.")]
    safe = {t.option(o) for o in found["options"] if o not in found["losing"]}
    assert rated and set(rated) <= safe, lines


def test_a_loss_after_the_opponents_move_is_no_warning() -> None:
    """Only a nuclear war the player's own move sets off is warned of: a copy of the game holds the AI's
    hidden cards, so a loss on points after its move (seed 0, the US, turn 5: Europe scored by the AI in
    the same round) must say nothing, and neither may a line that loses only a round later."""
    seen: list[tuple[int, int, list[Any]]] = []

    def watched(engine: Any, decision: Decision) -> bool:
        state = engine.state
        if state.defcon != 2 or decision.name != "play_mode":
            return False
        seen.append((state.turn, state.action_round, loses_at_once(engine, decision)))
        return (state.turn, state.action_round) == (5, 3)

    us = {"ai_side": "ussr", "deluxe_map_canada": False}
    _play_until(0, watched, lambda engine, decision: None, side="us", settings=us)
    assert (5, 1, []) in seen and seen[-1] == (5, 3, []), seen
