"""`twilight i18n check` on how a translation is written (cli/i18n/forms.py): English copies still marked
for translation, Russian plurals lacking a category, and what it says of a missing message. On copies of
the standard ruleset's locale files, never on the repository's."""

from __future__ import annotations

import json
import re
import shutil
from pathlib import Path
from typing import Any

import pytest
from click.testing import CliRunner, Result
from twilight.cli.i18n.forms import plural_categories
from twilight.cli.i18n.sources import parse_messages
from twilight.cli.main import cli
from twilight.compiler.loader import known_rulesets

MESSAGE = "decision-discard_held_cards"  # `Choose up to { $max } { $max -> … }`, `.asked`: standard play.ftl


@pytest.fixture
def standard(tmp_path: Path) -> Path:
    """A copy of the standard ruleset, whose files the tests spoil (cli/locales is only read)."""
    folder = tmp_path / "standard"
    shutil.copytree(known_rulesets()["standard"], folder)
    return folder


def check(folder: Path) -> Result:
    return CliRunner().invoke(cli, ["i18n", "check", str(folder)])


def problems(folder: Path) -> list[dict[str, Any]]:
    result = CliRunner().invoke(cli, ["i18n", "check", str(folder), "--json"])
    return [json.loads(line) for line in result.output.splitlines()]


def line_of(path: Path, msg_id: str) -> int:
    return next(m.line for m in parse_messages(path) if m.id == msg_id)


def drop(path: Path, msg_id: str) -> None:
    text = path.read_text(encoding="utf-8")
    message = next(m for m in parse_messages(path) if m.id == msg_id)
    path.write_text(text[: message.start] + text[message.end :], encoding="utf-8")


def test_the_copy_is_clean_to_begin_with(standard: Path) -> None:
    result = check(standard)
    assert result.exit_code == 0, result.output
    assert "0 untranslated, 0 plural" in result.output


def test_russian_needs_one_few_and_many() -> None:
    assert plural_categories("ru") == ("one", "few", "many")
    assert plural_categories("en") == ("one",)


def test_an_english_copy_left_for_translation_fails_the_check(standard: Path) -> None:
    russian = standard / "locales" / "ru" / "play.ftl"
    drop(russian, MESSAGE)
    assert CliRunner().invoke(cli, ["i18n", "sync", str(standard), "--lang", "ru"]).exit_code == 0
    line = line_of(russian, MESSAGE)
    result = check(standard)
    assert result.exit_code == 1, result.output
    shown = [x for x in result.output.splitlines() if "untranslated:" in x]
    said = f"an English copy still marked TODO(translate) ({russian}:{line})"
    assert shown == [f"standard [ru] untranslated: {MESSAGE}: {said}"]


def test_a_russian_plural_without_few_fails_the_check(standard: Path) -> None:
    russian = standard / "locales" / "ru" / "play.ftl"
    text = russian.read_text(encoding="utf-8")
    # Written as English writes it: `[one] карты *[other] карт`, so "до 3 карт" falls to the default.
    broken = re.sub(
        rf"({MESSAGE} = .*?\n\s*\[one\] карты\n)\s*\[few\] карт\n(\s*)\*\[many\]",
        r"\1\2*[other]",
        text,
        count=1,
    )
    assert broken != text
    russian.write_text(broken, encoding="utf-8")
    found = [p for p in problems(standard) if p["kind"] == "plural"]
    assert [(p["lang"], p["id"]) for p in found] == [("ru", MESSAGE)]
    assert found[0]["detail"] == "expected variants one, few, many (found one, other)"
    assert found[0]["where"] == f"{russian}:{line_of(russian, MESSAGE)}"
    assert check(standard).exit_code == 1


def test_a_missing_message_says_where_it_goes_and_its_shape(standard: Path) -> None:
    russian = standard / "locales" / "ru" / "play.ftl"
    drop(russian, MESSAGE)
    found = [p for p in problems(standard) if p["kind"] == "missing"]
    assert [(p["lang"], p["id"]) for p in found] == [("ru", MESSAGE)]
    assert found[0]["detail"] == f"belongs in {russian}; in en: variables $max, attributes .asked"
