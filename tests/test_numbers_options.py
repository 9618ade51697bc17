"""`twilight rulesets --changes` says an AI priority list's options in numbers (cli/session/numbers.py):
each option by the number the player sees in each ruleset (the one `twilight diff` and the AI's own
explanations give it), every option whose number changed, a new option as new, one taken out as gone,
in English and Russian."""

from __future__ import annotations

from pathlib import Path

import pytest
from helpers import run_cli

# The audit's variant: a new option 0 before the list, and the two old options traded places.
CAUTIOUS = """\
patch priority ai_coup_target provisional "P11: cautious coups" {
  move option non_key_country before key_country
  insert option 0 no_own_influence before non_key_country {
    where influence(ai, c) == 0 and stability(c) == 1
  }
}
"""
# Words for the new option, as the variant's locales give them.
WORDS = {
    "en": "ai-option-no_own_influence = a country of stability 1 where the AI has no influence\n",
    "ru": "ai-option-no_own_influence = страна со стабильностью 1, где у ИИ нет влияния\n",
}
# An option taken out.
LEANER = """\
patch priority ai_coup_target provisional "P11: no Key countries" {
  remove option key_country
}
"""


def variant(home: Path, name: str, rules: str, words: dict[str, str] | None = None) -> Path:
    folder = home / "rules" / name
    folder.mkdir(parents=True)
    (folder / "ruleset.tsr").write_text(
        f'ruleset "{name}" provisional "P11: audit variant" {{\n  version "2.0-x.1"\n'
        '  extends "solo-v2"\n  description "Solitaire v2, audit variant"\n}\n',
        encoding="utf-8",
    )
    (folder / "variant.tsr").write_text(rules, encoding="utf-8")
    for lang, text in (words or {}).items():
        (folder / "locales" / lang).mkdir(parents=True)
        (folder / "locales" / lang / "ai.ftl").write_text(text, encoding="utf-8")
    return folder


def changes(folder: Path, lang: str = "en") -> list[str]:
    status, out = run_cli(["rulesets", "--changes", str(folder), "--lang", lang])
    assert status == 0, out
    return [line.strip().removeprefix("· ") for line in out.splitlines()]


@pytest.fixture
def cautious(tmp_path: Path, monkeypatch: pytest.MonkeyPatch) -> Path:
    monkeypatch.setenv("TWILIGHT_HOME", str(tmp_path))
    return variant(tmp_path, "solo-v2-cautious", CAUTIOUS, WORDS)


def test_each_option_by_the_numbers_of_each_ruleset(cautious: Path) -> None:
    lines = changes(cautious)
    # solo-v2 numbers the list from 1: key_country was 1, non_key_country 2
    assert "AI coup priority: option “a Key country” is number 2 instead of 1" in lines
    assert "AI coup priority: option “a non-Key country” is number 1 instead of 2" in lines
    assert (
        "AI coup priority: new option “a country of stability 1 where the AI has no influence”, number 0"
    ) in lines
    assert not any("instead of 0" in line for line in lines)


def test_in_russian(cautious: Path) -> None:
    lines = changes(cautious, "ru")
    assert "Приоритет переворотов ИИ: вариант «Ключевая страна» теперь под номером 2, а был 1" in lines
    assert "Приоритет переворотов ИИ: вариант «не-Ключевая страна» теперь под номером 1, а был 2" in lines
    assert (
        "Приоритет переворотов ИИ: новый вариант «страна со стабильностью 1, где у ИИ нет влияния»"
        " под номером 0"
    ) in lines


def test_an_option_taken_out(tmp_path: Path, monkeypatch: pytest.MonkeyPatch) -> None:
    monkeypatch.setenv("TWILIGHT_HOME", str(tmp_path))
    folder = variant(tmp_path, "solo-v2-leaner", LEANER)
    lines = changes(folder)
    assert "AI coup priority: option “a Key country” taken out (it was number 1)" in lines
    assert "AI coup priority: option “a non-Key country” is number 2 instead of 1" not in lines
    lines = changes(folder, "ru")
    assert "Приоритет переворотов ИИ: вариант «Ключевая страна» убран (был под номером 1)" in lines
