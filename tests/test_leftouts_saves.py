"""The saves list and the lookup of a save by its name agree: a save renamed by hand (a space, Cyrillic
letters) that `twilight saves` lists is the one `play --resume NAME`, `board`, `hint` and `saves delete`
find by that name; a symbolic link in the saves folder is listed as one, said to be one by every command,
never read, and deletable by its name (the file it leads to stays). A name no save has is said to be
none, with the names there are. `twilight board` and `twilight hint` say their errors after the `error:`
of the player's language, as `play` and `explain` do."""

from __future__ import annotations

import json
import shutil
from pathlib import Path

import pytest
from board_saves import write_save
from click.testing import CliRunner
from twilight.cli.main import cli
from twilight.cli.session.saves import save_at, save_files, save_name


@pytest.fixture(scope="module")
def a_game(tmp_path_factory: pytest.TempPathFactory) -> Path:
    """A save of a solo game at its first turn (in Russian), written once for the module."""
    path = tmp_path_factory.mktemp("game") / "game.json"
    write_save("solo-v2", path, seed=11, turn=1, lang="ru")
    return path


@pytest.fixture
def saves(tmp_path: Path, monkeypatch: pytest.MonkeyPatch) -> Path:
    monkeypatch.setenv("TWILIGHT_HOME", str(tmp_path / "home"))
    folder = tmp_path / "home" / "saves"
    folder.mkdir(parents=True)
    return folder


def run(*args: str) -> tuple[int, str]:
    result = CliRunner().invoke(cli, list(args))
    if result.exception is not None and not isinstance(result.exception, SystemExit):
        raise result.exception  # a traceback would have reached the user
    return result.exit_code, result.output


def listed_names(output: str) -> list[str]:
    """The names `twilight saves` lists as games (each on its own line, two spaces in)."""
    return [line[2:] for line in output.splitlines() if line.startswith("  ") and not line.startswith("    ")]


def with_lang(save: Path, lang: str) -> None:
    data = json.loads(save.read_text(encoding="utf-8"))
    data["play"]["lang"] = lang
    save.write_text(json.dumps(data), encoding="utf-8")


def test_every_save_the_list_shows_is_found_by_its_name(saves: Path, a_game: Path) -> None:
    """Saves renamed by hand were listed by `twilight saves` but `--resume NAME`, `board NAME` and
    `saves delete NAME` said there was no such save."""
    for name in ("My game", "партия", "solo-v2-11"):
        shutil.copy(a_game, saves / f"{name}.json")
    (saves / ".hidden.json").write_text("{}", encoding="utf-8")  # (a writer's temporary file: no save)
    code, listing = run("saves", "--lang", "en")
    assert code == 0, listing
    names = listed_names(listing)
    assert sorted(names) == ["My game", "solo-v2-11", "партия"], listing
    assert sorted(save_name(p) for p in save_files()) == sorted(names)
    for name in names:
        assert save_at(name) == saves / f"{name}.json"
        assert save_at(f"{name}.json") == saves / f"{name}.json"
        code, said = run("board", name, "-o", str(saves.parent / "board.svg"))
        assert code == 0, said
    assert save_at(".hidden") is None and save_at("../saves/My game") is None
    code, said = run("saves", "delete", "My game", "--lang", "ru")
    assert code == 0 and "Сохранение My game удалено." in said, said
    assert not (saves / "My game.json").exists()


def test_a_symbolic_link_is_said_to_be_one_by_the_list_and_by_every_command(
    saves: Path, a_game: Path, tmp_path: Path
) -> None:
    """A link in the saves folder was listed as a game (the list followed it) and refused by name without
    a reason; now both say it is a link, and deleting it by name removes the link alone."""
    target = tmp_path / "elsewhere" / "kept.json"
    target.parent.mkdir()
    shutil.copy(a_game, target)
    (saves / "linked.json").symlink_to(target)
    code, listing = run("saves", "--lang", "en")
    assert code == 0 and listed_names(listing) == [], listing
    flat = " ".join(listing.split())
    assert "linked.json is a symbolic link, not a save file" in flat, listing
    assert "Delete it with: twilight saves delete linked" in flat
    assert save_at("linked") == saves / "linked.json"
    for command in (["board", "linked", "-o", str(tmp_path / "b.svg")], ["hint", "linked"]):
        code, said = run(*command, "--lang", "ru")
        assert code == 1 and said.startswith("ошибка: ") and "символическая ссылка" in said, said
    code, said = run("play", "--resume", "linked", "--lang", "en")
    assert code == 1 and "is a symbolic link" in " ".join(said.split()), said
    code, said = run("saves", "delete", "linked", "--lang", "en")
    assert code == 0, said
    assert not (saves / "linked.json").is_symlink() and target.exists()


def test_a_damaged_save_with_a_space_is_deleted_by_the_command_the_list_gives(saves: Path) -> None:
    (saves / "old game.json").write_text('{"format', encoding="utf-8")
    code, listing = run("saves", "--lang", "en")
    assert code == 0 and "twilight saves delete 'old game'" in " ".join(listing.split()), listing


@pytest.mark.parametrize(
    ("lang", "unknown", "close"),
    [
        ("en", 'There is no save called "nosuch". The saves are: My game.', "Did you mean 'My game'?"),
        ("ru", "Сохранения «nosuch» нет. Есть такие: My game.", "Может быть, вы имели в виду 'My game'?"),
    ],
)
def test_a_name_no_save_has_is_said_with_the_names_there_are(
    saves: Path, a_game: Path, tmp_path: Path, lang: str, unknown: str, close: str
) -> None:
    """`--resume NAME`, `board NAME` and `hint NAME` said "There is no save file at nosuch" (or `not a
    usable save (missing)`) where `saves delete` named the saves there are."""
    shutil.copy(a_game, saves / "My game.json")
    for command in (
        ["play", "--resume", "nosuch"],
        ["board", "nosuch", "-o", str(tmp_path / "b.svg")],
        ["hint", "nosuch"],
        ["saves", "delete", "nosuch"],
    ):
        code, said = run(*command, "--lang", lang)
        assert code == 1 and unknown in " ".join(said.split()), (command, said)
    code, said = run("board", "My gam", "--lang", lang, "-o", str(tmp_path / "b.svg"))
    assert code == 1 and close in said, said


@pytest.mark.parametrize("command", ["board", "hint"])
def test_board_and_hint_say_their_errors_in_the_players_language(
    saves: Path, a_game: Path, tmp_path: Path, command: str
) -> None:
    """`board` and `hint` printed an English `error:` and an English reason to a Russian player."""
    extra = ["-o", str(tmp_path / "b.svg")] if command == "board" else ["--budget-ms", "50"]
    damaged = saves / "damaged.json"
    damaged.write_text('{"format', encoding="utf-8")
    code, said = run(command, "damaged", "--lang", "ru", *extra)
    assert code == 1 and said.startswith("ошибка: Файл сохранения ") and "поврежден" in said, said
    code, said = run(command, "damaged", *extra)
    assert code == 1 and said.startswith("error: The save file "), said
    # A save of another ruleset than --ruleset gives: in the save's own language when none is asked for.
    shutil.copy(a_game, saves / "solo.json")
    code, said = run(command, "solo", "--ruleset", "standard", *extra)
    assert code == 1 and said.startswith("ошибка: ") and "а не standard (--ruleset)" in said, said
    code, said = run(command, "solo", "--ruleset", "standard", "--lang", "en", *extra)
    assert code == 1 and "is a game of ruleset solo-v2, not of standard" in said, said
    # A variant's save, its ruleset not installed: the way to draw it, in the save's language.
    data = json.loads(a_game.read_text(encoding="utf-8"))
    data["ruleset"] = "house"
    data["play"].pop("rules", None)
    (saves / "house.json").write_text(json.dumps(data), encoding="utf-8")
    code, said = run(command, "house", *extra)
    assert code == 1 and said.startswith("ошибка: ") and "саму папку варианта в --ruleset" in said, said
    with_lang(saves / "house.json", "en")
    code, said = run(command, "house", *extra)
    assert code == 1 and "the variant's own folder with --ruleset" in said, said
    # A save whose answers do not lead back to its game.
    data = json.loads(a_game.read_text(encoding="utf-8"))
    data["answers"] = [*data["answers"][:-1], ["us", "no-such-answer"]]
    (saves / "broken.json").write_text(json.dumps(data), encoding="utf-8")
    code, said = run(command, "broken", *extra)
    assert code == 1 and said.startswith("ошибка: Сохранение ") and "не воспроизводит свою игру" in said
