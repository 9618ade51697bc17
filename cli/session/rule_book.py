"""The rule book sections a declaration follows, as a player looks them up: what `rulesets --changes`
(cli/session/changes.py) and the changes in numbers (cli/session/numbers.py) name a rule by when it has no
words of its own."""

from __future__ import annotations

from typing import Any

# The seed files of the rule books (a source is "<seed file> · <section>"): a source of another kind
# (a reference table of the project) is no section a player can look up.
RULE_BOOK = ("000", "001", "002")
# A reference source citing a section of a rule book the project's record of sources names
# (shared/reference/SOURCES.md): S1 is the official rules (the deluxe edition's rule book), whose sections
# 2.1–7.6 seed 002 holds; a section the seed lacks (9.8: a side left with only The China Card may pass)
# is cited in S1 ("reference · SOURCES.md · S1 (the deluxe rule book) · 9.8"). Said as the official
# rules' section, as a player looks it up, not as "the game's reference data".
REFERENCE_RULE_BOOKS = {"S1": "002"}
REFERENCE_RECORD = ("reference", "SOURCES.md")


def rule_book_source(source: str) -> str:
    """`source` as a section of a rule book when it is a reference source citing one
    (`reference · SOURCES.md · S1 (…) · 9.8` -> `002 · 9.8`), else as it is."""
    from twilight.cli.source_words import SEP

    parts = str(source).split(SEP)
    if tuple(parts[:2]) != REFERENCE_RECORD or len(parts) < 4:
        return source
    book = REFERENCE_RULE_BOOKS.get(parts[2].split(" ", 1)[0])
    return SEP.join([book, *parts[3:]]) if book else source


def sections_of(sources: Any, lang: str) -> list[str]:
    """The rule book sections a declaration follows, in `lang`: `000 · B. Раздача карточек` -> `B.
    Dealing the cards` in English (cli/seed_sections.yaml's titles), as the seed writes it in Russian;
    each once, in order."""
    from twilight.cli.source_words import SEP, section_text

    found: list[str] = []
    for source in (sources or {}).get("sources") or []:
        seed, *parts = rule_book_source(str(source)).split(SEP)
        section = section_text(seed, parts, lang)
        if seed in RULE_BOOK and section and section not in found:
            found.append(section)
    return found
