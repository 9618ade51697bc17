"""A player's save met by a new game: `twilight play --save FILE` naming the save of a game the player
has not finished once started the new game over it, and the old game was lost at the new one's first
save. It is now refused, in the player's language, and the save is left as it was; a demo's save or a
finished game's still gives way."""

from __future__ import annotations

import json
from pathlib import Path
from typing import Any

import pytest
from click.testing import CliRunner
from twilight.cli.main import cli
from twilight.cli.play.cmd import play
from twilight.cli.session.saves import write_atomic

DEMO = ["--human-policy", "random", "--side", "us", "--seed", "3", "--delay", "0"]


def a_save(policy: str | None = None, finished: bool = False, game_over: bool = False) -> dict[str, Any]:
    """A save of a solo game of seed 7 (its answers are never replayed here)."""
    return {
        "format": 1,
        "ruleset": "solo-v2",
        "seed": 7,
        "settings": {"ai_side": "ussr", "level": "normal"},
        "answers": [],
        "digest": "0123456789abcdef",
        "state": {"turn": 4, "game_over": game_over},
        "play": {"humans": ["us"], "lang": "en", "policy": policy, "finished": finished},
    }


@pytest.fixture
def home(tmp_path: Path, monkeypatch: pytest.MonkeyPatch) -> Path:
    monkeypatch.setenv("TWILIGHT_HOME", str(tmp_path / "home"))
    return tmp_path


@pytest.mark.parametrize(
    ("lang", "said"),
    [
        ("en", "holds a game you have not finished: a new game does not write over it."),
        ("ru", "сохранена ваша незаконченная партия: новая игра не записывает поверх нее."),
    ],
    ids=["en", "ru"],
)
def test_a_new_game_never_writes_over_a_players_unfinished_game(home: Path, lang: str, said: str) -> None:
    save = home / "games" / "game.json"
    write_atomic(save, a_save())
    before = save.read_bytes()
    result = CliRunner().invoke(play, [*DEMO, "--lang", lang, "--save", str(save)], input="")
    assert result.exit_code == 1, result.output
    told = " ".join(result.output.split())
    assert said in told and f"twilight play --resume {save}" in told, told
    assert save.read_bytes() == before
    assert sorted(p.name for p in save.parent.iterdir()) == ["game.json"]  # (no trace, no lock left)


@pytest.mark.parametrize(
    "old",
    [a_save(policy="random"), a_save(finished=True), a_save(game_over=True)],
    ids=["demo", "finished", "game-over"],
)
def test_a_demos_or_a_finished_games_save_gives_way(home: Path, old: dict[str, Any]) -> None:
    save = home / "game.json"
    write_atomic(save, old)
    result = CliRunner().invoke(play, [*DEMO, "--lang", "en", "--save", str(save)], input="")
    assert result.exit_code == 0, result.output
    assert json.loads(save.read_text(encoding="utf-8"))["seed"] == 3


def test_save_names_and_contents_are_shown_not_acted_on(home: Path) -> None:
    """`twilight saves` once wrote a save's file name, and the level it holds, to the terminal as they
    were: a save named with ESC [2J cleared the screen, ESC ]0; set the window's title."""
    saves = home / "home" / "saves"
    odd = a_save()
    odd["settings"]["level"] = "\x1b[2Jhard"
    write_atomic(saves / "evil\x1b]0;pwned\x07.json", odd)
    (saves / "damaged\x1b[31m.json").write_text('{"format', encoding="utf-8")
    result = CliRunner().invoke(cli, ["saves", "--lang", "en"])
    assert result.exit_code == 0, result.output
    assert "\x1b" not in result.output and "\x07" not in result.output
    told = result.output
    assert r"evil\x1b]0;pwned\x07" in told and r"\x1b[2Jhard" in told and r"damaged\x1b[31m" in told
    result = CliRunner().invoke(cli, ["saves", "delete", "evil\x1b[2J", "--lang", "en"])
    assert result.exit_code == 1 and "\x1b" not in result.output, result.output


@pytest.mark.parametrize(
    "flags",
    [
        ["--side", "ussr"],
        ["--seed", "5"],
        ["--save", "elsewhere.json"],
        ["--set", "level=hard"],
        ["--human-policy", "random"],
        ["--ruleset", "standard"],
        ["--level", "expert"],
    ],
    ids=lambda flags: flags[0],
)
def test_flags_of_a_new_game_with_resume_are_refused_not_left_unused(home: Path, flags: list[str]) -> None:
    """`play --resume NAME --side ussr` once went on playing the US without a word; `--save FILE` went
    on writing the old file."""
    save = home / "home" / "saves" / "game.json"
    write_atomic(save, a_save())
    before = save.read_bytes()
    result = CliRunner().invoke(play, ["--resume", "game", *flags], input="")
    assert result.exit_code == 2, result.output
    told = " ".join(result.output.split())
    assert told == (
        f"--resume goes on with a saved game as it was saved: {flags[0]} would set up a new game, and "
        "cannot change it. Leave them out, or start a new game without --resume."
    )
    assert save.read_bytes() == before


def test_the_refusal_is_in_the_language_of_the_save(home: Path) -> None:
    save = home / "home" / "saves" / "game.json"
    russian = a_save()
    russian["play"]["lang"] = "ru"
    write_atomic(save, russian)
    result = CliRunner().invoke(play, ["--resume", str(save), "--seed", "5", "--side", "us"], input="")
    assert result.exit_code == 2
    assert "параметры --side, --seed задают новую партию" in " ".join(result.output.split())


def test_what_a_refused_save_holds_is_shown_not_acted_on(home: Path) -> None:
    """`play --resume` of a save pinned to rules no longer found once echoed the rules' name from the
    file with its escape sequences (ESC [2J cleared the terminal)."""
    save = home / "games" / "game.json"
    pinned = a_save()
    pinned["play"]["rules"] = {"name": "solo-v2\x1b[2J", "version": "1\x1b]0;pwn\x07", "hash": "b" * 64}
    write_atomic(save, pinned)
    result = CliRunner().invoke(play, ["--resume", str(save), "--lang", "en"], input="")
    assert result.exit_code == 1, result.output
    told = " ".join(result.output.split())
    assert "\x1b" not in told and "\x07" not in told, told
    assert r"solo-v2\x1b[2J" in told and "can no longer be found" in told
