"""`twilight docs` in Russian spells a word as the rulesets' words and the seeds spell it: the page's own
words (cli/locales/ru/docs.ftl) wrote «подсчёт очков» beside the rules' «Раунд с подсчетом очков», «колода
подсчета очков» (the seeds and /work/shared/reference/glossary-ru.yaml write «подсчет»). A word docs.ftl
writes with «ё» that the rulesets' Russian words write with «е» only is one of those."""

from __future__ import annotations

import re
from pathlib import Path

ROOT = Path(__file__).resolve().parent.parent
DOCS_WORDS = ROOT / "cli" / "locales" / "ru" / "docs.ftl"
WORD = re.compile(r"[а-яё]+", re.IGNORECASE)


def words_of(paths: list[Path]) -> set[str]:
    """The words of the files' messages (their comments left out)."""
    found: set[str] = set()
    for path in paths:
        for line in path.read_text(encoding="utf-8").splitlines():
            if not line.lstrip().startswith("#"):
                found |= {w.lower() for w in WORD.findall(line)}
    return found


def test_docs_spell_a_word_as_the_rulesets_do() -> None:
    rules = words_of(sorted((ROOT / "rules").glob("*/locales/ru/*.ftl")))
    docs = words_of([DOCS_WORDS])
    differing = sorted(w for w in docs if "ё" in w and w.replace("ё", "е") in rules and w not in rules)
    assert not differing, differing


def test_scoring_is_spelled_as_the_seeds_spell_it() -> None:
    text = DOCS_WORDS.read_text(encoding="utf-8")
    assert "подсчёт" not in text and "подсчет очков" in text
