"""A translator starting a third language (docs/translating.md, "Adding a language"): the translators'
tools see a `locales/de/` folder from its first file on. `--lang de` is accepted, `status` counts German,
`sync` copies the English into German files, and `check` reports what German lacks, with the file each
message belongs in, plus a warning that the game does not offer German yet. Run on copies of the locale
files (the game's own words and the standard ruleset), never on the repository's."""

from __future__ import annotations

import json
import shutil
from pathlib import Path

import pytest
from click.testing import CliRunner, Result
from twilight.cli.i18n import check as _check  # noqa: F401  (imported before APP_FOLDER is patched: its

# table of the game's modules is made at import, from the real folder)
from twilight.cli.i18n.sources import TODO_MARK
from twilight.cli.main import cli
from twilight.cli.session import text as play_text
from twilight.compiler.loader import known_rulesets

GERMAN = """\
card-nato = NATO
    .summary = Nur nach dem Marshallplan oder dem Warschauer Pakt spielbar.

card-allende = Allende
    .summary = Die UdSSR setzt 2 Einfluss in Chile ein.
"""


@pytest.fixture
def standard(tmp_path: Path, monkeypatch: pytest.MonkeyPatch) -> Path:
    """A copy of the standard ruleset with two German cards, and a copy of the game's own words standing in
    for cli/locales."""
    app = tmp_path / "app"
    shutil.copytree(play_text.APP_FOLDER / "locales", app / "locales")
    monkeypatch.setattr(play_text, "APP_FOLDER", app)
    folder = tmp_path / "standard"
    shutil.copytree(known_rulesets()["standard"], folder)
    (folder / "locales" / "de").mkdir()
    (folder / "locales" / "de" / "cards.ftl").write_text(GERMAN, encoding="utf-8")
    return folder


def run(*args: str) -> Result:
    return CliRunner().invoke(cli, ["i18n", *args])


def test_status_counts_a_new_language(standard: Path) -> None:
    result = run("status", str(standard), "--lang", "de", "--json")
    assert result.exit_code == 0, result.output
    found = json.loads(result.output)
    assert found["lang"] == "de"
    # the two German cards have no record of their English yet: unknown, the rest missing
    assert (found["translated"], found["unknown"]) == (0, 2)
    assert found["missing"] > 700
    # without --lang, every language the folders hold
    every = run("status", str(standard))
    assert every.exit_code == 0, every.output
    assert f"{standard} [ru]:" in every.output and f"{standard} [de]:" in every.output


def test_status_lists_what_is_missing_with_the_english_file_and_line(standard: Path) -> None:
    result = run("status", str(standard), "--lang", "de", "-v")
    assert result.exit_code == 0, result.output
    lines = result.output.splitlines()
    english = standard / "locales" / "en" / "cards.ftl"
    number = english.read_text(encoding="utf-8").splitlines().index("card-asia_scoring = Asia Scoring") + 1
    assert f"  missing  card-asia_scoring ({english}:{number})" in lines
    assert not any(" card-nato " in line for line in lines if line.startswith("  missing"))


def test_lang_takes_a_language_code_but_not_english_or_a_path(standard: Path) -> None:
    for bad in ("en", "../de", "de/x"):
        result = run("status", str(standard), "--lang", bad)
        assert result.exit_code == 2, result.output
        assert "Invalid value for '--lang'" in result.output
        assert "Traceback" not in result.output


def test_sync_copies_the_english_into_the_new_language(standard: Path) -> None:
    german = standard / "locales" / "de" / "cards.ftl"
    before = german.read_bytes()
    result = run("sync", str(standard), "--lang", "de")
    assert result.exit_code == 0, result.output
    assert f"to {german}:" in result.output
    text = german.read_text(encoding="utf-8")
    # every byte the translator wrote stays; the copies come in marked for translation
    assert text.count(TODO_MARK) > 100
    rest = text
    for chunk in before.decode("utf-8").split("\n\n"):
        assert chunk.strip() in rest
    assert "card-asia_scoring = Asia Scoring" in text
    # the game's own words go into the game's folder, in German files of the English files' names
    assert (play_text.APP_FOLDER / "locales" / "de" / "play.ftl").is_file()
    # and the other languages are left alone
    assert "de" in {p.name for p in (standard / "locales").iterdir()}
    again = run("sync", str(standard), "--lang", "de")
    assert "nothing to add" in again.output


def test_check_reports_the_new_language_and_that_the_game_does_not_offer_it(
    standard: Path, monkeypatch: pytest.MonkeyPatch
) -> None:
    monkeypatch.undo()  # the game's own words as they are: `check` reads what the game's code needs
    result = run("check", str(standard))
    assert result.exit_code == 1, result.output
    lines = result.output.splitlines()
    german = standard / "locales" / "de" / "cards.ftl"
    belongs = (
        f"standard [de] missing: card-asia_scoring: belongs in {german}; in en: no variables, attributes"
    )
    assert any(line.startswith(belongs) for line in lines)
    assert not any(line.startswith("standard [de] missing: card-nato:") for line in lines)
    assert any(
        line.startswith("standard [de] unoffered: the game does not offer de yet: add it to LANGUAGES")
        for line in lines
    )
    assert lines[-1].startswith("standard: failed: ")
    assert lines[-1].endswith("warnings: 0 stale, 1 unoffered (en, ru, de)")
    # Russian is checked as before: nothing wrong with it
    assert not [line for line in lines if line.startswith("standard [ru]")]
