"""Russian card names as the seeds print them: the table of docs/translating.md ("Russian card names: the
seeds' names") against the seeds, against rules/standard/locales/ru/cards.ftl and against every Russian
message, so that a name changed back, or an old name left in a sentence, is caught."""

from __future__ import annotations

import re
from pathlib import Path

import pytest
from twilight.cli.localizer import Localizer

ROOT = Path(__file__).resolve().parents[1]
SEEDS = ROOT.parent / "shared" / "seeds"
DOC = ROOT / "docs" / "translating.md"
HEADING = "## Russian card names: the seeds' names"
RUSSIAN_FILES = sorted(
    [*ROOT.glob("rules/*/locales/ru/*.ftl"), *ROOT.glob("cli/locales/ru/*.ftl")], key=lambda p: str(p)
)


def table() -> list[dict[str, str]]:
    """The rows of the section's table: number, card, seed name, seed, ours, before."""
    text = DOC.read_text(encoding="utf-8")
    section = text[text.index(HEADING) :].split("\n## ", 1)[0]
    rows = [line for line in section.splitlines() if line.startswith("| ") and not line.startswith("| ---")]
    head = [cell.strip() for cell in rows[0].strip("|").split("|")]
    return [
        dict(zip(head, (cell.strip() for cell in row.strip("|").split("|")), strict=True)) for row in rows[1:]
    ]


def plain(name: str) -> str:
    """A name with letter case and ё set aside: the seeds' words are what must match."""
    return name.lower().replace("ё", "е")


ROWS = table()


def test_the_table_names_the_cards_the_tests_expect() -> None:
    numbers = {int(row["#"]) for row in ROWS}
    assert {9, 26, 31, 36, 42, 44, 59, 65, 78} <= numbers


@pytest.mark.parametrize("row", ROWS, ids=lambda row: row["#"])
def test_the_russian_name_is_the_seeds(row: dict[str, str]) -> None:
    loc = Localizer.for_ruleset("standard", "ru")
    card_id = next(
        cid
        for cid in re.findall(
            r"^card-(\w+) =", (ROOT / "rules/standard/locales/en/cards.ftl").read_text("utf-8"), re.M
        )
        if Localizer.for_ruleset("standard", "en").get(f"card-{cid}") == row["card"]
    )
    ours = loc.get(f"card-{card_id}")
    assert ours == row["ours"], (card_id, ours)
    assert plain(ours) == plain(row["seed name"]), "a card's Russian name is the seed's, but for case and ё"


@pytest.mark.skipif(not SEEDS.is_dir(), reason="the seeds are not here")
@pytest.mark.parametrize("row", ROWS, ids=lambda row: row["#"])
def test_the_seed_prints_the_name(row: dict[str, str]) -> None:
    first = row["seed"].split()[0].rstrip(",")
    (path,) = SEEDS.glob(f"{first}_*.txt")
    assert row["seed name"] in " ".join(path.read_text(encoding="utf-8").split())


def test_no_russian_message_says_a_name_it_no_longer_has() -> None:
    by_card = {row["ours"]: row["before"] for row in ROWS if row["before"] != "="}
    # (an old name that begins the new one, «Блокада» of «Блокада Западного Берлина», is found by the new)
    olds = [old for new, old in by_card.items() if not new.startswith(old)]
    found = [
        f"{path.relative_to(ROOT)}:{n}: {old}"
        for path in RUSSIAN_FILES
        for n, line in enumerate(path.read_text(encoding="utf-8").splitlines(), 1)
        for old in olds
        # (a card's `.also` keeps its old names on purpose: a player who learnt them may still type them)
        if old in line and not line.lstrip().startswith(".also =")
    ]
    assert not found, "\n".join(found)
