"""`card NAME` (and `? NAME`) at the game's prompt: a card's text as the game knows it (its name, number,
operations, side, period and event), found by a name typed loosely: in either language, any case, a
unique beginning of a name or of a word in it, or the card's number. A name that fits no card, or several,
gets one line naming the closest cards."""

from __future__ import annotations

import difflib
import re
from collections.abc import Iterable
from dataclasses import dataclass
from typing import Any

from twilight.cli.localizer import Localizer
from twilight.cli.play.input import normalize
from twilight.cli.session.text import PlayText
from twilight.common.input_bounds import ECHO_CHARS, clip
from twilight.runtime.core.sides import SIDES

# How many cards a message about an unknown or ambiguous name lists (it stays one line).
MATCHES_SHOWN = 5
# How close a misspelt name must be to a card's to be offered (difflib's ratio).
CLOSE_CUTOFF = 0.6


# Why no card is shown, by code: each message's id written out (`twilight i18n check` reads them here).
NO_CARD_MESSAGES = {
    "usage": "play-card-usage",
    "ambiguous": "play-card-ambiguous",
    "unknown": "play-card-unknown",
    "unknown-none": "play-card-unknown-none",
}


@dataclass(frozen=True)
class NoCard:
    """Why a typed name gives no card: `code` names one of NO_CARD_MESSAGES; `matches` the cards to offer
    instead (closest first)."""

    code: str
    text: str
    matches: tuple[str, ...] = ()


def card_names(text: PlayText) -> dict[str, list[str]]:
    """Each card's names to match, normalized: its id, and its name and other names in every language."""
    return spelled_names(text.cards, text.all_langs.values())


def spelled_names(cards: Iterable[str], locs: Iterable[Localizer]) -> dict[str, list[str]]:
    """Each card's names to match, normalized: its id, and in each of `locs` its name and the other names
    its `.also` gives (an older translation's, another edition's: typed, never shown)."""
    locs = list(locs)
    names: dict[str, list[str]] = {}
    for card in cards:
        spelled = [card, *(n for loc in locs for n in (loc.card(card), *loc.card_aliases(card)))]
        names[card] = [n for n in dict.fromkeys(normalize(n) for n in spelled) if n]
    return names


def find_card(text: PlayText, typed: str) -> str | NoCard:
    """The card `typed` names (by number, whole name, or a beginning only one card's names share), or
    why none is found."""
    return match_card(text.cards, card_names(text), typed)


def match_card(cards: dict[str, Any], names: dict[str, list[str]], typed: str) -> str | NoCard:
    """The card of `cards` (id -> its IR) `typed` names, by number or by the `names` of `spelled_names`, or
    why none is found: a whole name first (an alias two cards share is ambiguous), then a beginning."""
    shown = clip(typed.strip(), ECHO_CHARS)
    wanted = normalize(typed).lstrip("#").strip()
    if not wanted:
        return NoCard("usage", shown)
    if wanted.isdigit():
        by_number = [c for c, info in cards.items() if str(info.get("number")) == wanted]
        return by_number[0] if by_number else NoCard("unknown", shown)
    for test in (_is_name, _begins_name, _begins_word):
        found = [card for card, spelled in names.items() if any(test(n, wanted) for n in spelled)]
        if len(found) == 1:
            return found[0]
        if found:
            return NoCard("ambiguous", shown, tuple(sorted(found, key=lambda c: _number(cards, c))))
    return NoCard("unknown", shown, _closest(names, wanted))


def _is_name(name: str, wanted: str) -> bool:
    return name == wanted


def _begins_name(name: str, wanted: str) -> bool:
    return name.startswith(wanted)


def _begins_word(name: str, wanted: str) -> bool:
    """ "scare" for Red Scare/Purge: the beginning of a later word of the name (a slash parts words)."""
    return any(word.startswith(wanted) for word in re.split(r"[ /]", name)[1:])


def _number(cards: dict[str, Any], card: str) -> int:
    number = cards[card].get("number")
    return number if isinstance(number, int) else 0


def _closest(names: dict[str, list[str]], wanted: str) -> tuple[str, ...]:
    """The cards whose names, or words of them, are closest to a misspelt `wanted` ("red scr", "китай"
    for «Карточка Китая»)."""
    owner: dict[str, str] = {}
    for card, spelled in names.items():
        for name in spelled:
            owner.setdefault(name, card)
            for word in re.split(r"[ /]", name):
                if len(word) >= len(wanted) - 1:  # (a short word is close to too much)
                    owner.setdefault(word, card)
    close = difflib.get_close_matches(wanted, list(owner), n=MATCHES_SHOWN * 2, cutoff=CLOSE_CUTOFF)
    return tuple(dict.fromkeys(owner[name] for name in close))[:MATCHES_SHOWN]


def card_lines(text: PlayText, card: str) -> list[str]:
    """The card's text: a title line (name, number, operations, side, period), then its event."""
    info: dict[str, Any] = text.cards[card]
    side = info.get("side")
    title = text.t(
        "play-card-title",
        card=text.card(card),
        number=info.get("number", "-"),
        ops=0 if info.get("scoring") else info.get("ops", 0),
        side=text.side(side) if side in SIDES else text.t("play-cards-neutral"),
        period=text.maybe(f"outline-enum-{info.get('period')}") or str(info.get("period") or "-"),
    )
    lines = [title]
    summary = text.summary(card)
    if summary:
        lines.append(summary)
    if info.get("starred"):
        lines.append(text.t("play-card-starred"))
    return lines


def no_card_line(text: PlayText, missing: NoCard) -> str:
    """One line: why no card was shown, with the closest cards by name and number."""
    matches = ", ".join(
        text.t("play-card-match", card=text.card(c), number=text.cards[c].get("number", "-"))
        for c in missing.matches[:MATCHES_SHOWN]
    )
    more = max(0, len(missing.matches) - MATCHES_SHOWN)
    code = missing.code if missing.matches or missing.code == "usage" else "unknown-none"
    return text.t(NO_CARD_MESSAGES[code], text=missing.text, matches=matches, more=more)
