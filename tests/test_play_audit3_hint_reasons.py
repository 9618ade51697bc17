"""`twilight hint SAVE` says why an answer loses at once as the game's own `hint` does, through the same
finding (cli/session/hint.py `losing_found`): it named the answers that lose with the words of a coup's
nuclear war whatever they lost by (it looked for the answers, not their reasons), where the game's hint
said the reasons (a coup under the Cuban Missile Crisis: the crisis ends the game). The save: a coup at
DEFCON 2 (tests/test_hint_war.py), its losing targets said to lose by the crisis too (the end reasons
found are widened: a save of a real crisis cannot be replayed, the test's board being set by hand)."""

from __future__ import annotations

from pathlib import Path
from types import SimpleNamespace
from typing import Any

import pytest
from click.testing import CliRunner
from test_hint_war import at_the_coup, coup_save
from twilight.cli.main import cli
from twilight.cli.session import danger, hint
from twilight.cli.session.text import PlayText
from twilight.runtime.core.decisions import Decision

from tests.helpers import compiled_ir

CRISIS = frozenset({"defcon_1", "cuban_missile_crisis"})


def _with_the_crisis(real: Any) -> Any:
    def found(engine: Any, decision: Decision) -> list[tuple[Any, frozenset[str]]]:
        return [(o, CRISIS) for o, _ in real(engine, decision)]

    return found


@pytest.mark.parametrize("lang", ["en", "ru"])
def test_the_saved_hint_says_the_reasons_as_the_game_does(
    tmp_path: Path, monkeypatch: pytest.MonkeyPatch, lang: str
) -> None:
    save = tmp_path / "coup.json"
    coup_save(save, lang)
    widened = _with_the_crisis(danger.losing_reasons)
    monkeypatch.setattr(danger, "losing_reasons", widened)
    monkeypatch.setattr(hint, "losing_reasons", widened)
    t = PlayText("solo-v2", lang, compiled_ir("solo-v2"))
    said: dict[str, list[str]] = {}

    def in_the_game(engine: Any, decision: Decision) -> None:
        said["game"] = hint.war_lines(SimpleNamespace(engine=engine, text=t), decision)[0]  # type: ignore[arg-type]

    at_the_coup(in_the_game)
    game = said["game"]
    crisis = t.t("end-cuban_missile_crisis")
    assert game and crisis in game[0]  # (the game's own hint says the crisis)
    result = CliRunner().invoke(cli, ["hint", str(save), "--budget-ms", "200"], catch_exceptions=False)
    assert result.exit_code == 0, result.output
    lines = result.output.splitlines()
    assert lines[: len(game)] == game, (lines, game)
    assert "DEFCON 1 — " not in lines[0]  # (not the words of a coup's nuclear war alone)


def test_every_answer_lost_by_the_crisis_is_said_without_undo() -> None:
    """When every answer loses by other reasons than the war, `twilight hint` (which has no undo) does not
    say that undo takes back the answer before."""
    t = PlayText("solo-v2", "en", compiled_ir("solo-v2"))
    decision = Decision("coup_target", "ussr", ["angola", "south_africa"], 1, 1, True, {})
    reasons = {"angola": CRISIS, "south_africa": CRISIS}
    lines, _ = hint.losing_lines(
        t, decision, ["angola", "south_africa"], reasons=reasons, lose_all="hint-lose-all"
    )
    assert len(lines) == 1 and "undo" not in lines[0] and t.t("end-cuban_missile_crisis") in lines[0]
    game, _ = hint.losing_lines(t, decision, ["angola", "south_africa"], reasons=reasons)
    assert "undo" in game[0]


@pytest.mark.parametrize(("ruleset", "said"), [("standard", True), ("solo-v2", False)])
def test_the_saved_hint_says_who_plays_the_other_side_as_the_game_does(
    tmp_path: Path, ruleset: str, said: bool
) -> None:
    """The game's hint says that its playouts play the other side by the quick heuristic where no rules' AI
    plays it (the standard game); `twilight hint SAVE`, whose playouts do the same, said nothing of it."""
    from board_saves import write_save

    save = tmp_path / "game.json"
    write_save(ruleset, save, seed=11, turn=2, round_=2)
    result = CliRunner().invoke(cli, ["hint", str(save), "--budget-ms", "200"], catch_exceptions=False)
    assert result.exit_code == 0, result.output
    t = PlayText(ruleset, "en", compiled_ir(ruleset))
    assert result.output.startswith("Hint from the search:"), result.output
    assert (t.t("play-advice-greedy-opponent") in result.output.splitlines()) is said, result.output


def test_the_saved_hint_gives_the_heuristic_s_answer_as_the_game_does(tmp_path: Path) -> None:
    """Where the search weighs nothing (a point of influence among many countries, in a game that names no
    regions), the game's hint gives the quick heuristic's answer; `twilight hint SAVE` said there was no
    hint, "the quick heuristic has no preference here", which was not so."""
    import json

    from board_saves import write_save

    save = tmp_path / "game.json"
    write_save("standard", save, seed=11, turn=2, round_=2, question="influence_target")
    t = PlayText("standard", "en", compiled_ir("standard"))
    result = CliRunner().invoke(cli, ["hint", str(save), "--budget-ms", "200"], catch_exceptions=False)
    assert result.exit_code == 0, result.output
    assert "no preference" not in result.output, result.output
    data = json.loads(CliRunner().invoke(cli, ["hint", str(save), "--json"], catch_exceptions=False).output)
    assert data["question"] == "influence_target" and data["heuristic"], data
    said = t.t("play-advice-heuristic", answer=t.option(data["heuristic"]), max=hint.MAX_CANDIDATES)
    assert result.output.splitlines() == [said], result.output
