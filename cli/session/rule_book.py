"""The rule book sections a declaration follows, as a player looks them up: what `rulesets --changes`
(cli/session/changes.py) and the changes in numbers (cli/session/numbers.py) name a rule by when it has no
words of its own."""

from __future__ import annotations

from typing import Any

# The seed files of the rule books (a source is "<seed file> · <section>"): a source of another kind
# (a reference table of the project) is no section a player can look up.
RULE_BOOK = ("000", "001", "002")


def sections_of(sources: Any, lang: str) -> list[str]:
    """The rule book sections a declaration follows, in `lang`: `000 · B. Раздача карточек` -> `B.
    Dealing the cards` in English (cli/seed_sections.yaml's titles), as the seed writes it in Russian;
    each once, in order."""
    from twilight.cli.source_words import SEP, section_text

    found: list[str] = []
    for source in (sources or {}).get("sources") or []:
        seed, *parts = str(source).split(SEP)
        section = section_text(seed, parts, lang)
        if seed in RULE_BOOK and section and section not in found:
            found.append(section)
    return found
