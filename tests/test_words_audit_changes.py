"""`twilight rulesets --changes` in players' words: a table's cell is named by its row's keys (a side, a
country by name, a level by its label) and its column's words, not by ids; the rules' changed words are
not listed under "In numbers"."""

from __future__ import annotations

from helpers import ROOT, run_cli

EXAMPLE = ROOT / "docs" / "examples"


def changes(lang: str) -> list[str]:
    status, out = run_cli(
        ["rulesets", "--changes", "solo-v2-aggressive", "--rules-path", str(EXAMPLE), "--lang", lang]
    )
    assert status == 0, out
    return out.splitlines()


def numbers_block(lines: list[str], title: str) -> list[str]:
    start = lines.index(title)
    block = []
    for line in lines[start + 1 :]:
        if not line.startswith("    "):
            break
        block.append(line)
    return block


def test_table_cells_are_named_by_words_in_english() -> None:
    block = numbers_block(changes("en"), "  In numbers:")
    assert "    · Variable setup (US, France; roll of 3): 2 instead of 3" in block
    assert "    · The AI's head start (Hard; VP the AI starts with): 5 instead of 4" in block
    assert not any("us france" in line or "column vp" in line for line in block)


def test_table_cells_are_named_by_words_in_russian() -> None:
    block = numbers_block(changes("ru"), "  В числах:")
    assert "    · Вариативная расстановка (США, Франция; выпало 3): 2 вместо 3" in block
    assert "    · Фора ИИ (Сложный; ПО у ИИ в начале игры): 5 вместо 4" in block
    assert not any("строка" in line or "hard" in line for line in block)


def test_rule_outlines_are_not_listed_as_numbers() -> None:
    lines = changes("ru")
    assert not any("Корейская война теперь" in line for line in numbers_block(lines, "  В числах:"))
    words = numbers_block(lines, "  Формулировки правил, теперь и раньше:")
    assert any(line.startswith("    · Корейская война теперь: ") for line in words)
    english = changes("en")
    assert not any("Korean War now" in line for line in numbers_block(english, "  In numbers:"))
    assert any(
        "Korean War now" in line for line in numbers_block(english, "  The rules' words, now and before:")
    )
