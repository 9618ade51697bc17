"""`twilight i18n check`: every ruleset passes, and each kind of problem is caught and named."""

from __future__ import annotations

import json
from pathlib import Path

from click.testing import CliRunner
from twilight.cli.main import cli


def test_every_ruleset_passes_in_every_language() -> None:
    result = CliRunner().invoke(cli, ["i18n", "check"])
    assert result.exit_code == 0, result.output
    for ruleset in ("standard", "solo-v2", "solo-v2-quickdeal"):
        assert (
            f"{ruleset}: ok: 0 missing, 0 unused, 0 mismatched, 0 syntax, 0 untranslated, 0 plural;"
            " warnings: 0 stale (en, ru)" in result.output
        )


def broken_ruleset(tmp_path: Path) -> Path:
    """A ruleset extending standard, with a new setting worded in English only, and Russian words with
    each kind of mistake."""
    folder = tmp_path / "broken"
    (folder / "locales" / "en").mkdir(parents=True)
    (folder / "locales" / "ru").mkdir(parents=True)
    (folder / "ruleset.tsr").write_text(
        'ruleset "broken" {\n  version "1"\n  extends "standard"\n  description "a test"\n}\n'
        'setting fog_of_war: bool = false provisional "P1: a test"\n',
        encoding="utf-8",
    )
    (folder / "locales" / "en" / "extra.ftl").write_text(
        "# test\n"
        "setting-fog_of_war = Fog of war?\n"
        "setting-fog_of_war-true = yes\n"
        "setting-fog_of_war-false = no\n"
        "card-not_a_card = A card that is not in the rules\n",
        encoding="utf-8",
    )
    (folder / "locales" / "ru" / "extra.ftl").write_text(
        "# тест\n"
        "setting-fog_of_war = Туман войны?\n"
        "setting-fog_of_war-true = да\n"
        "log-play = { $side } разыгрывает карту\n"  # lacks $card
        "play-command-quit = выход\n"  # lacks .aliases
        "country-cuba = Куба\n"  # lost its grammatical forms
        "card-nato = НАТО и { -no-such-term }\n"  # a term nobody defines
        "this line is not fluent\n",
        encoding="utf-8",
    )
    return folder


def test_each_kind_of_problem_is_reported(tmp_path: Path) -> None:
    folder = broken_ruleset(tmp_path)
    result = CliRunner().invoke(cli, ["i18n", "check", str(folder), "--json"])
    assert result.exit_code == 1, result.output
    problems = [json.loads(line) for line in result.output.splitlines()]
    found = {(p["kind"], p["lang"], p["id"]) for p in problems}
    assert ("missing", "ru", "setting-fog_of_war-false") in found
    assert ("unused", "en", "card-not_a_card") in found
    assert ("mismatched", "ru", "log-play") in found
    assert ("mismatched", "ru", "play-command-quit") in found
    assert ("missing", "ru", "play-command-quit.aliases") in found
    assert {("missing", "ru", f"country-cuba.{form}") for form in ("gen", "in", "ins", "to")} <= found
    assert any(p["kind"] == "syntax" and p["lang"] == "ru" for p in problems)
    assert ("missing", "ru", "-no-such-term") in found
    # English is whole; nothing else is wrong in Russian.
    assert {p["id"] for p in problems if p["lang"] == "en"} == {"card-not_a_card"}
    mismatch = next(p for p in problems if p["id"] == "log-play")
    assert "lacks $card" in mismatch["detail"] and mismatch["where"].endswith("extra.ftl:4")


def test_the_text_report_names_file_and_line(tmp_path: Path) -> None:
    folder = broken_ruleset(tmp_path)
    result = CliRunner().invoke(cli, ["i18n", "check", str(folder)])
    assert result.exit_code == 1
    assert "broken [ru] mismatched: log-play: lacks $card" in result.output
    assert "broken: failed:" in result.output


def test_an_unknown_ruleset_is_a_clear_error() -> None:
    result = CliRunner().invoke(cli, ["i18n", "check", "no-such-ruleset"])
    assert result.exit_code == 1
    assert "does not compile" in result.output
    assert "Traceback" not in result.output


def test_a_syntax_error_says_where_and_why(tmp_path: Path) -> None:
    """A line Fluent cannot read is told at its line and column, with Fluent's reason (its code and
    message) in words, the line quoted and the id it starts with; in text and in --json."""
    folder = broken_ruleset(tmp_path)
    ru = folder / "locales" / "ru" / "extra.ftl"
    ru.write_text(
        "# тест\n"
        "setting-fog_of_war = Туман войны? { $cuont\n"
        "setting-fog_of_war-true = да\n"
        "setting-fog_of_war-false = нет\n"
        "broken line here\n",
        encoding="utf-8",
    )
    result = CliRunner().invoke(cli, ["i18n", "check", str(folder), "--json"])
    problems = [json.loads(line) for line in result.output.splitlines()]
    syntax = [p for p in problems if p["kind"] == "syntax"]
    assert [(p["id"], p["where"].rsplit(":", 2)[1:], p["code"]) for p in syntax] == [
        ("setting-fog_of_war", ["2", "43"], "E0003"),  # the placeable left open: told past its line's end
        ("", ["5", "8"], "E0003"),  # `broken` is read as an id: its `=` is missing
    ]
    assert all(p["where"].startswith(f"{ru}:") for p in syntax)
    opened, broken = syntax
    assert opened["text"] == "setting-fog_of_war = Туман войны? { $cuont"
    assert "not closed" in opened["detail"] and 'Fluent E0003: Expected token: "}"' in opened["detail"]
    assert "“setting-fog_of_war = Туман войны? { $cuont”" in opened["detail"]
    assert "id = text" in broken["detail"] and "“broken line here”" in broken["detail"]
    text = CliRunner().invoke(cli, ["i18n", "check", str(folder)]).output
    assert (
        "broken [ru] syntax: setting-fog_of_war: a placeable opened with “{” is not closed by “}”; "
        'Fluent E0003: Expected token: "}"; in “setting-fog_of_war = Туман войны? { $cuont”'
        f" ({ru}:2:43)"
    ) in text
    assert "broken [ru] syntax: expected “=” after the id" in text and f"({ru}:5:8)" in text
    assert ": :" not in text


def test_a_message_english_lacks_says_where_it_belongs(tmp_path: Path) -> None:
    """In English too: the file of its family (`setting-` in play.ftl, `ai-option-` in ai.ftl) in the
    ruleset's own folder; the Russian line says the same of its language."""
    folder = tmp_path / "extra"
    folder.mkdir()
    (folder / "ruleset.tsr").write_text(
        'ruleset "extra" {\n  version "1"\n  extends "solo-v2"\n  description "a test"\n}\n'
        'setting fog_of_war: bool = false provisional "P1: a test"\n'
        'patch priority ai_coup_target provisional "P1: a test" {\n'
        "  insert option 0 no_own_influence before key_country { where influence(ai, c) == 0 }\n"
        "}\n",
        encoding="utf-8",
    )
    result = CliRunner().invoke(cli, ["i18n", "check", str(folder), "--json"])
    missing = {(p["lang"], p["id"]): p["detail"] for p in map(json.loads, result.output.splitlines())}
    for lang in ("en", "ru"):
        play = folder / "locales" / lang / "play.ftl"
        assert missing[(lang, "setting-fog_of_war")].startswith(f"belongs in {play}")
        assert missing[(lang, "ai-option-no_own_influence")].startswith(
            f"belongs in {folder / 'locales' / lang / 'ai.ftl'}"
        )
    assert missing[("ru", "setting-fog_of_war")].endswith("; en lacks it too")
    text = CliRunner().invoke(cli, ["i18n", "check", str(folder)]).output
    assert f"extra [en] missing: ai-option-no_own_influence: belongs in {folder}/locales/en/ai.ftl\n" in text


def test_a_program_message_english_lacks_belongs_in_the_programs_words() -> None:
    """A family only the game's own words have (`play-`) belongs in cli/locales, not in the ruleset."""
    from twilight.cli.i18n.check import home_file, read_messages
    from twilight.cli.localizer import locale_files
    from twilight.cli.session.text import APP_FOLDER, play_folders

    folders = play_folders("solo-v2")
    english = read_messages(locale_files(folders, "en"))
    assert (
        home_file("play-no-such-thing", english, folders, "ru") == APP_FOLDER / "locales" / "ru" / "play.ftl"
    )
    assert (
        home_file("docs-no-such-thing", english, folders, "en") == APP_FOLDER / "locales" / "en" / "docs.ftl"
    )
    own = folders[-1] / "locales" / "en"
    assert home_file("card-no_such_card", english, folders, "en") == own / "cards.ftl"
    assert home_file("zzz", english, folders, "en") == own / "play.ftl"
