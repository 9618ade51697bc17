"""A rule's source as a player reads it, in the player's language (`?` in a game, `why`, `explain trace`).

A source is written for `twilight sources`: "SEED · SECTION · PART…" (`000 · C. Фаза Заголовка · 3`), or
"reference · FILE · KEY", or "card text (deluxe) · NUMBER". A player reads the seed by its name (the
`source-seed-SEED` message), the section by its title in their language (cli/seed_sections.yaml: the
heading as the Russian seed writes it, and `en`, its English title; `en_parts` likewise for a part that is
words), the reference data and a card's text in words (`source-reference`, `source-card-text`). A source of
another shape, or one the messages lack, is shown as written.
"""

from __future__ import annotations

import re
from functools import cache
from typing import Any

from twilight.cli.localizer import Localizer
from twilight.cli.session.text import TITLE_WORD

SEP = " · "
CARD_TEXT = re.compile(r"card text \((?P<edition>[^)]*)\)")


# (TITLE_WORD, the ruleset's title, is the game's words: cli/session/text.py)


def source_message_ids() -> set[str]:
    """Every message a ruleset may hold to word its sources (each seed, the reference data, a card's
    text), and its title."""
    from twilight.cli.sources_cmd import _raw_sections

    return {"source-reference", "source-card-text", TITLE_WORD} | {
        f"source-seed-{seed}" for seed in _raw_sections()
    }


@cache
def section_titles() -> dict[tuple[str, str], dict[str, Any]]:
    """(seed, section id casefolded) -> the section's entry of cli/seed_sections.yaml."""
    from twilight.cli.sources_cmd import _raw_sections

    found: dict[tuple[str, str], dict[str, Any]] = {}

    def walk(seed: str, items: list[dict[str, Any]]) -> None:
        for item in items:
            found[(seed, str(item["id"]).casefold())] = item
            walk(seed, item.get("sections") or [])

    for seed, raw in _raw_sections().items():
        walk(str(seed), raw.get("sections") or [])
    return found


def source_text(source: str, loc: Localizer) -> str:
    """`source` in `loc`'s language (as written when its words are not known)."""
    head, *rest = source.split(SEP)
    if head == "reference":
        return loc.get("source-reference") or source
    card_text = CARD_TEXT.fullmatch(head)
    if card_text and rest:
        return loc.get("source-card-text", number=rest[0]) or source
    seed = loc.get(f"source-seed-{head}")
    if seed is None:
        return source
    return SEP.join([seed, *([section_text(head, rest, loc.lang)] if rest else [])])


def section_text(seed: str, parts: list[str], lang: str) -> str:
    """A section of a seed with the parts cited in it (`Приложение «Карточки» · 4`), in `lang`: the
    Russian as the seed writes it, another language by the English titles of cli/seed_sections.yaml
    (as written where it has none)."""
    if lang == "ru" or not parts:
        return SEP.join(parts)
    section = section_titles().get((seed, parts[0].casefold())) or {}
    en_parts = section.get("en_parts") or {}
    return SEP.join([str(section.get("en") or parts[0]), *(str(en_parts.get(p, p)) for p in parts[1:])])
