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
            f"{ruleset}: ok: 0 missing, 0 unused, 0 mismatched, 0 syntax, 0 untranslated, 0 plural (en, ru)"
            in result.output
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
