"""Starting a game with a ruleset that is not one yet, and where it cannot be saved:

- `twilight play --ruleset myvar`, myvar a folder of rule files without ruleset.tsr (given by its path,
  found in `$TWILIGHT_HOME/rules/` or on a `--rules-path`), once said "There is no ruleset myvar" (or
  only the compiler's E003): it now says the folder was found, that it lacks ruleset.tsr, and what to
  write in it (docs/new-ruleset.md);
- `twilight rulesets` once left such a folder out without a word: it now lists it after the rulesets, as
  not a ruleset, with why (in `--json` too, as a row of its own marked `"ruleset": false`);
- a new game whose saves folder cannot be written (TWILIGHT_HOME naming a file) was refused only after
  the player had answered every question of the setup: it is now refused before the first."""

from __future__ import annotations

import json
from pathlib import Path

import pytest
from click.testing import CliRunner
from twilight.cli.main import cli
from twilight.cli.play.cmd import play


def told(result: object) -> str:
    return " ".join(str(getattr(result, "output", "")).split())


@pytest.fixture
def rules(tmp_path: Path, monkeypatch: pytest.MonkeyPatch) -> Path:
    """A rules path holding `myvar`, rule files without ruleset.tsr; the home is empty."""
    monkeypatch.setenv("TWILIGHT_HOME", str(tmp_path / "home"))
    monkeypatch.chdir(tmp_path)
    folder = tmp_path / "mine" / "myvar"
    (folder / "cards").mkdir(parents=True)
    (folder / "variant.tsr").write_text("# the house rules, to come\n", encoding="utf-8")
    (folder / "cards" / "018.tsr").write_text("# a card, to come\n", encoding="utf-8")
    return tmp_path / "mine"


START = ["--side", "us", "--level", "normal", "--seed", "3", "--set", "deluxe_map_canada=false"]


@pytest.mark.parametrize("how", ["rules-path", "path", "home", "rules-path-is-the-folder"])
def test_play_says_the_folder_has_no_ruleset_tsr_and_what_to_write(rules: Path, how: str) -> None:
    if how == "rules-path":
        args = ["--ruleset", "myvar", "--rules-path", str(rules)]
    elif how == "rules-path-is-the-folder":
        args = ["--ruleset", "myvar", "--rules-path", str(rules / "myvar")]
    elif how == "path":
        args = ["--ruleset", str(rules / "myvar")]
    else:
        (rules.parent / "home" / "rules").mkdir(parents=True)
        (rules / "myvar").rename(rules.parent / "home" / "rules" / "myvar")
        args = ["--ruleset", "myvar"]
    result = CliRunner().invoke(play, [*args, *START, "--lang", "en"], input="")
    said = told(result)
    assert result.exit_code == 1, said
    assert "There is no ruleset" not in said and "Traceback" not in said, said
    assert "myvar was found, but it is no ruleset: it has no ruleset.tsr" in said, said
    assert 'ruleset "myvar" { version "1.0" extends "solo-v2"' in said, said
    assert "docs/new-ruleset.md" in said, said


def test_play_says_it_in_russian(rules: Path) -> None:
    result = CliRunner().invoke(
        play, ["--ruleset", "myvar", "--rules-path", str(rules), *START, "--lang", "ru"]
    )
    said = told(result)
    assert result.exit_code == 1, said
    assert "нашлась, но это еще не набор правил: в ней нет ruleset.tsr" in said, said
    assert 'ruleset "myvar" {' in said, said


def test_a_folder_whose_manifest_names_no_ruleset_shows_its_errors(rules: Path) -> None:
    (rules / "myvar" / "ruleset.tsr").write_text("garbage {\n", encoding="utf-8")
    result = CliRunner().invoke(
        play, ["--ruleset", "myvar", "--rules-path", str(rules), *START, "--lang", "en"]
    )
    said = told(result)
    assert result.exit_code == 1, said
    assert "There is no ruleset" not in said and "unexpected 'garbage'" in said, said


def test_rulesets_lists_the_folder_as_not_a_ruleset(rules: Path) -> None:
    (rules / "broken").mkdir()
    (rules / "broken" / "ruleset.tsr").write_text("garbage {\n", encoding="utf-8")
    (rules / "notes").mkdir()  # (no rule files: not an author's ruleset, not listed)
    (rules / "notes" / "todo.txt").write_text("later\n", encoding="utf-8")
    result = CliRunner().invoke(cli, ["rulesets", "--rules-path", str(rules)])
    assert result.exit_code == 0, result.output
    head, _, tail = result.output.partition("not rulesets")
    assert "solo-v2" in head and "myvar" not in head, result.output
    lines = tail.splitlines()
    assert any(line.startswith("myvar ") and "2 rule files but no ruleset.tsr" in line for line in lines), (
        tail
    )
    assert any(line.startswith("broken ") and "names no ruleset" in line for line in lines), tail
    assert str(rules / "myvar") in tail and "notes" not in tail, tail

    result = CliRunner().invoke(cli, ["rulesets", "--rules-path", str(rules), "--json"])
    assert result.exit_code == 0, result.output
    rows = [json.loads(line) for line in result.output.splitlines()]
    rulesets = [r for r in rows if r["ruleset"]]
    assert {"solo-v2", "standard"} <= {r["name"] for r in rulesets}
    assert all(r["spec"] for r in rulesets)
    others = {r["name"]: r for r in rows if not r["ruleset"]}
    assert set(others) == {"myvar", "broken"}, others
    assert others["myvar"]["problem"] == "no-manifest" and others["myvar"]["spec"] is None
    assert others["myvar"]["path"] == str(rules / "myvar")
    assert others["broken"]["problem"] == "unreadable-manifest"
    assert rows.index(others["myvar"]) > max(rows.index(r) for r in rulesets)  # (after the rulesets)


def test_rulesets_without_such_folders_prints_no_extra_section(
    tmp_path: Path, monkeypatch: pytest.MonkeyPatch
) -> None:
    monkeypatch.setenv("TWILIGHT_HOME", str(tmp_path / "home"))
    result = CliRunner().invoke(cli, ["rulesets"])
    assert result.exit_code == 0 and "not rulesets" not in result.output, result.output


@pytest.fixture(params=["home", "saves"])
def blocker(request: pytest.FixtureRequest, tmp_path: Path, monkeypatch: pytest.MonkeyPatch) -> Path:
    """A file where the home folder (or its saves folder) should be."""
    if request.param == "home":
        file = tmp_path / "home"
        monkeypatch.setenv("TWILIGHT_HOME", str(file))
    else:
        monkeypatch.setenv("TWILIGHT_HOME", str(tmp_path))
        file = tmp_path / "saves"
    file.write_text("not a folder\n", encoding="utf-8")
    monkeypatch.chdir(tmp_path)
    return file


@pytest.mark.parametrize("lang", ["en", "ru"])
def test_a_new_game_that_cannot_be_saved_is_refused_before_the_first_question(
    blocker: Path, lang: str
) -> None:
    # No flag answers a question: the language, the rules, the side, the level and the map would be asked.
    result = CliRunner().invoke(play, ["--lang", lang] if lang == "ru" else [], input="\n" * 10)
    said = told(result)
    assert result.exit_code == 1, said
    assert str(blocker) in said and "Traceback" not in said, said
    first = {"en": "Cannot write", "ru": "Не удается записать"}[lang]
    assert said.startswith(first), said  # (nothing asked before it)
    for question in ("Language / Язык", "Which rules?", "Which side", "Какие правила", "За какую сторону"):
        assert question not in said, said
    assert blocker.read_text(encoding="utf-8") == "not a folder\n"


def test_a_save_file_elsewhere_still_needs_the_saves_folder(blocker: Path, tmp_path: Path) -> None:
    """The game's rules are kept in the saves folder (rules_store) wherever `--save` puts the save."""
    save = tmp_path / "elsewhere" / "game.json"
    result = CliRunner().invoke(play, [*START, "--lang", "en", "--save", str(save)], input="")
    said = told(result)
    assert result.exit_code == 1 and said.startswith("Cannot write"), said
    assert not save.exists()
