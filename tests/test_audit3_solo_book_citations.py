"""Every clause of the solitaire rule book (seed 000) outside the AI's lists and the card appendix is cited on
its own by some declaration of solo-v2 (`twilight sources`): setup step by step, the concepts the book
introduces (the deck/hand among them), each deal of step B, each step of step X, the headline, the action
rounds, the end of the game and the game notes. A clause cited only within a wider citation ("within") or
not at all ("uncovered") is one whose rule a reader cannot find from the book.

Left out on purpose: the card appendix and the Region/Country Priority Table (the AI's lists, whose
declarations live in rules/solo-v2/appendix/ and rules/solo-v2/ai/), and the two illustrations of the Region
Play Restrictions (pictures the seed's text does not hold). Setup step 3 (the general setup "as in the
official rules") is followed through the official setup, 002 · 3.3-3.4, and only the whole setup section
cites it, as tests/test_sources.py holds."""

from __future__ import annotations

from typing import Any

import pytest
from helpers import compiled_ir
from twilight.cli.sources_cmd import build_report

# Sections of seed 000 outside this audit: the AI's lists and the card appendix, and the illustrations.
NOT_AUDITED = (
    "000 · Приложение «Карточки»",
    "000 · Таблица Приоритетов по регионам и странам",
    "000 · Начало войны: Ограничения по розыгрышу Регионов (иллюстрация)",
    "000 · Середина/Конец войны: Ограничения по розыгрышу Регионов (иллюстрация)",
    "000 · Расстановка · 3",
)


def _book_clauses() -> dict[str, str]:
    """Each section and part of seed 000 under audit, by reference, with its citation status."""
    report: dict[str, Any] = build_report(compiled_ir("solo-v2"))
    seed = next(s for s in report["seeds"] if s["seed"] == "000")
    out: dict[str, str] = {}
    for row in seed["sections"]:
        if row["ref"] in NOT_AUDITED:
            continue
        out[row["ref"]] = row["status"]
        for part in row["parts"]:
            ref = f"{row['ref']} · {part['id']}"
            if ref not in NOT_AUDITED:
                out[ref] = part["status"]
    return out


CLAUSES = _book_clauses()


@pytest.mark.parametrize("ref", sorted(CLAUSES))
def test_each_clause_of_the_rule_book_is_cited_on_its_own(ref: str) -> None:
    # "parts": a heading cited through the parts under it, each checked on its own here.
    assert CLAUSES[ref] in ("cited", "parts"), f"{ref}: {CLAUSES[ref]}; no solo-v2 rule cites it on its own"


def test_the_clauses_audited_are_the_books() -> None:
    # The headings of the rule book this audit walks (a renamed section in cli/seed_sections.yaml shows here).
    for ref in (
        "000 · Колода/рука",
        "000 · Новые концепции",
        "000 · B. Раздача карточек · Ходы 4 и далее",
        "000 · X. Фаза ограничения розыгрыша региона · 1",
        "000 · X. Фаза ограничения розыгрыша региона · 2",
        "000 · Условия Окончания Игры",
        "000 · Игровые примечания",
    ):
        assert ref in CLAUSES
