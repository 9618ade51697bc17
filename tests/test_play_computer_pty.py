"""The standard game against the computer (`--side`, or `--opponent computer`), through a real
pseudo-terminal in each language: the person answers only their own side's questions, with no hand-over
screen and the computer's hand never shown; `why` tells the computer's last choices with the scores of
the answers it weighed; the save records the opponent, and `--resume` goes on against the computer. The
save's `play.opponent` is checked like the rest of a save."""

from __future__ import annotations

import json
from pathlib import Path

import pytest
from click.testing import CliRunner
from play_driver import PlayDriver, answer_for, read_save
from test_play_pty import no_traceback
from twilight.cli.main import cli
from twilight.cli.session.computer import ComputerChoice, why_lines
from twilight.cli.session.text import PlayText
from twilight.runtime.core.decisions import Decision

from tests.helpers import compiled_ir

pexpect = pytest.importorskip("pexpect")

ARGS = ["--ruleset", "standard", "--seed", "3", "--set", "deluxe_map_canada=false", "--ids"]
WHY = {"en": "why", "ru": "почему"}
TITLE = {"en": "The computer (US): its last choices", "ru": "Компьютер (США): его последние решения"}
SEARCHED = {"en": "games ahead from here", "ru": "отсюда вперед"}
QUIT = {"en": "quit", "ru": "выход"}
QUESTIONS = 40
AGAINST = {"en": "you play USSR against the computer", "ru": "вы за СССР против компьютера"}


@pytest.mark.parametrize("lang", ["en", "ru"])
def test_the_standard_game_against_the_computer(tmp_path: Path, lang: str) -> None:
    driver = PlayDriver([*ARGS, "--lang", lang, "--side", "ussr"], tmp_path)
    asked_why = False
    for turn in range(QUESTIONS):
        q = driver.question()
        assert q is not None, driver.output()[-2000:]
        assert q.side == "ussr", q.screen[-1500:]  # (the computer answers the US's questions itself)
        if not asked_why and q.name == "action_card":
            played = read_save(next((tmp_path / "saves").glob("*.json")))["answers"]
            if any(side == "us" for side, _ in played[12:]):  # (the computer has chosen since the setup)
                driver.send(WHY[lang])
                said = driver.until_prompt()
                assert TITLE[lang] in said, said[-1500:]
                assert SEARCHED[lang] in said and "%" in said, said[-1500:]
                asked_why = True
        driver.send(answer_for(q, turn))
    assert asked_why
    driver.send(QUIT[lang])
    assert driver.finish() == 0
    out = driver.output()
    no_traceback(out)
    assert "[hand_over" not in out and not driver.hand_overs
    save = next((tmp_path / "saves").glob("*.json"))
    data = read_save(save)
    assert data["play"]["humans"] == ["ussr"] and data["play"]["opponent"] == "computer"
    assert any(side == "us" for side, _ in data["answers"])  # (the computer's answers are the game's)
    listing = CliRunner().invoke(cli, ["saves", "--lang", lang], env={"TWILIGHT_HOME": str(tmp_path)}).output
    assert AGAINST[lang] in listing, listing

    again = PlayDriver(["--resume", str(save), "--ids"], tmp_path)
    q = again.question()
    assert q is not None and q.side == "ussr"
    again.send(QUIT[lang])
    assert again.finish() == 0
    no_traceback(again.output())


def test_the_opponent_is_asked_and_the_computer_is_the_default(tmp_path: Path) -> None:
    """Started without a seed or a side, the standard game asks who plays the other side (Enter: the
    computer), then the person's side; hot-seat with `--opponent person`, as with a seed alone."""
    driver = PlayDriver(
        ["--ruleset", "standard", "--lang", "en", "--set", "deluxe_map_canada=false", "--ids"], tmp_path
    )
    assert "Who plays the other side?" in driver.until_prompt()
    driver.send("")
    assert "Which side do you play?" in driver.until_prompt()
    driver.send("2")  # the USSR
    q = driver.question()
    assert q is not None and q.side == "ussr"
    driver.send("quit")
    assert driver.finish() == 0
    (save,) = (tmp_path / "saves").glob("*.json")
    assert read_save(save)["play"]["opponent"] == "computer"


def test_why_says_each_choice_and_the_scores_it_weighed() -> None:
    ir = compiled_ir("standard")
    t = PlayText("standard", "en", ir)
    mode = Decision("play_mode", "us", ["event", "influence", "coup"], 1, 1)
    discard = Decision("discard_card", "us", ["nasser", "fidel"], 0, 1)
    choices = [
        ComputerChoice(mode, "coup", [("coup", 0.56), ("influence", 0.5), ("event", 0.31)], 48),
        ComputerChoice(discard, []),
    ]
    lines = why_lines(t, choices)
    assert lines[0] == "The computer (US): its last choices, the latest last"
    # (the question named in the third person, not quoted as put to the computer: its "you" read as the
    # reader; tests/test_play_audit3_why_asked.py)
    assert lines[1] == "Asked how to play the card, it answered: Coup"
    assert lines[2] == (
        "  it played 48 games ahead from here; the answers it weighed scored (100% a win, 50% level): "
        "Coup 56%; Influence 50%; Event 31%"
    )
    assert lines[3].startswith("Asked “") and lines[3].endswith("”, it answered: nothing")
    assert lines[4] == "  the quick heuristic's answer (a question the search leaves to it)"
    assert why_lines(t, []) == ["The computer has made no choice since this game was opened."]


def test_a_save_naming_another_opponent_is_refused(tmp_path: Path) -> None:
    from twilight.cli.session.saves import SaveError
    from twilight.cli.session.saves import read_save as read_checked

    data = {
        "format": 1,
        "ruleset": "standard",
        "seed": 1,
        "settings": {},
        "answers": [],
        "digest": "x",
        "play": {"humans": ["us"], "lang": "en", "opponent": "robot"},
    }
    path = tmp_path / "robot.json"
    path.write_text(json.dumps(data), encoding="utf-8")
    with pytest.raises(SaveError) as refused:
        read_checked(path)
    assert "play.opponent: computer or person is expected, got 'robot'" in str(refused.value.args)
    data["play"]["opponent"] = "computer"  # type: ignore[index]
    path.write_text(json.dumps(data), encoding="utf-8")
    assert read_checked(path)["play"]["opponent"] == "computer"


def test_a_flag_of_the_other_kind_of_game_is_refused(tmp_path: Path) -> None:
    """`--level` in a game without an AI, `--opponent` in a solo game: said, exit 2, no game started (they
    were left unread)."""
    env = {"TWILIGHT_HOME": str(tmp_path)}
    level = CliRunner().invoke(
        cli, ["play", "--ruleset", "standard", "--level", "hard", "--lang", "ru"], env=env
    )
    assert level.exit_code == 2
    assert "--level задает уровень ИИ, а в standard ИИ нет" in level.output
    opponent = ["play", "--opponent", "computer", "--side", "us", "--seed", "1", "--lang", "en"]
    solo = CliRunner().invoke(cli, opponent, env=env)
    assert solo.exit_code == 2
    assert "--opponent is for a game without an AI: in solo-v2 the AI plays the other side." in solo.output
    assert not list(tmp_path.glob("saves/*.json"))
