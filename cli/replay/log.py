"""The digital edition's text game log read into typed events, each with its line number.

The format's facts are those of ../shared/reference/real-games/README.md and of the 32 files it holds: a
header (sides, handicap or bid, scenario, optional cards, time control), the setup placements, then every
turn's headline phase and action rounds. A line may carry a prefix ("Turn 3, USSR AR2: Duck and Cover: ",
"Turn 9, Cleanup: ", ": : ", "SETUP: : ") before a line of another shape: the prefix is an event of its
own and the rest is read again, as a second event of the same line.
"""

from __future__ import annotations

import re
from collections.abc import Callable, Iterable, Mapping
from dataclasses import dataclass, field
from pathlib import Path
from typing import Any

from twilight.common.bounded_read import FileTooLarge, NotRegularFile, read_bounded
from twilight.runtime.core.sides import US, USSR

SIDES = {"US": US, "USA": US, "USSR": USSR}
_SIDE = r"(US|USSR)"
_CARD = r"(.+?)"
MODES = {
    "Event": "event",
    "Place Influence": "influence",
    "Coup": "coup",
    "Realignment": "realign",
    "Space Race": "space",
}
MAX_LOG_BYTES = 2_000_000  # (the longest of the 32 games is 40 kB: a file far past that is no game log)


class LogError(Exception):
    """A file that cannot be replayed: not a game log, truncated, or naming an unknown card; `line` is the
    line at fault (0: the file as a whole)."""

    def __init__(self, message_id: str, line: int = 0, **args: Any) -> None:
        super().__init__(message_id, line, args)
        self.message_id = message_id
        self.line = line
        self.args_ = args


@dataclass(frozen=True)
class Event:
    """One fact of the log. `kind` names the shape; `side`, `card` (our card id), `country` (our country
    id) and `data` (the numbers and words of the shape) are filled as the shape has them."""

    line: int
    kind: str
    text: str
    side: str | None = None
    card: str | None = None
    country: str | None = None
    data: Mapping[str, Any] = field(default_factory=dict)


@dataclass
class GameLog:
    """A log read: its header's settings and its events in order."""

    path: str
    lines: int
    handicap: dict[str, int]  # side -> the extra influence it places at setup
    bid: dict[str, int]
    optional_cards: bool
    scenario: str
    events: list[Event]
    complete_ending: bool  # the log names its winner ("US wins by …")

    def of_kind(self, *kinds: str) -> list[Event]:
        return [e for e in self.events if e.kind in kinds]


class Names:
    """The log's card and country names to our ids: our English names (the ruleset's Fluent files) read
    loosely (case, punctuation and a trailing `*` apart), then the few the edition words otherwise (the
    aliases: cli/replay/standard.yaml)."""

    def __init__(
        self,
        cards: Mapping[str, str],
        countries: Mapping[str, str],
        card_aliases: Mapping[str, str] | None = None,
        country_aliases: Mapping[str, str] | None = None,
    ) -> None:
        self._cards = {_key(name): cid for cid, name in cards.items()}
        self._cards.update({_key(k): v for k, v in (card_aliases or {}).items()})
        self._countries = {_key(name): cid for cid, name in countries.items()}
        self._countries.update({_key(k): v for k, v in (country_aliases or {}).items()})

    def card(self, name: str) -> str | None:
        return self._cards.get(_key(name))

    def country(self, name: str) -> str | None:
        return self._countries.get(_key(name))


def _key(name: str) -> str:
    return re.sub(r"[^a-z0-9]", "", name.lower())


def starred(name: str) -> bool:
    """Whether the log marks the card as removed after its event (a `*` after its name)."""
    return name.rstrip().endswith("*")


# ---------------------------------------------------------------------------------------------- shapes
# Each shape: its kind, its pattern (the whole line or the rest after a prefix) and what its groups are.
# Order matters only where two patterns could both match; the more particular comes first.
Shape = tuple[str, re.Pattern[str], tuple[str, ...]]


def _shape(kind: str, pattern: str, *groups: str) -> Shape:
    return (kind, re.compile(pattern + r"\Z"), groups)


SHAPES: list[Shape] = [
    _shape("blank", r"\s*"),
    _shape("player_side", r"The (?:US|USSR) player will play as (USA|USSR)\.", "side"),
    _shape("handicap", r"Handicap influence: " + _SIDE + r" \+(\d+)", "side", "n"),
    _shape("bid", r"Bid(?: influence)?: " + _SIDE + r" \+(\d+)", "side", "n"),
    _shape("scenario", r"Scenario: (.+)", "word"),
    _shape("optional_added", r"Optional Cards Added"),
    _shape("time_control", r"Time per Player: (\d+) (Minutes?|Hours?|Days?)", "n", "word"),
    _shape("influence", _SIDE + r" ([+-]\d+) in (.+?) \[(\d+)\]\[(\d+)\]", "side", "n", "country", US, USSR),
    _shape("reshuffle", r"\*RESHUFFLE\*"),
    _shape("mode", r"(Place Influence|Coup|Realignment|Space Race) \((\d+) Ops\):", "mode", "ops"),
    _shape("target", r"Target: (.+)", "country"),
    _shape(
        "coup_roll",
        r"(SUCCESS|FAILURE): (\d+) \[ \+ (\d+) (?:\(([+-]\d+)\)  )?- (\d+)x(\d+) = (-?\d+) \]",
        "word",
        "die",
        "ops",
        "modifier",
        "times",
        "stability",
        "net",
    ),
    _shape(
        "realign_roll", _SIDE + r" rolls (\d+)(?: \(\+(\d+)\) = (\d+))?", "side", "die", "modifier", "total"
    ),
    _shape(
        "vp",
        _SIDE + r" gains (\d+) VP\. Score is (?:(even)|" + _SIDE + r" (\d+))\.",
        "side",
        "n",
        "even",
        "leader",
        "score",
    ),
    _shape("no_vp", r"No VP awarded\. Score is (?:(even)|" + _SIDE + r" (\d+))\.", "even", "leader", "score"),
    _shape("defcon", r"DEFCON (degrades|improves) to (\d+)", "word", "n"),
    _shape("milops", _SIDE + r" Military Ops to (\d+)", "side", "n"),
    _shape(
        "space_roll",
        r"Die roll: (\d+) -- (Success|Failed)! \(Needed (\d+) or less\)",
        "die",
        "word",
        "needed",
    ),
    _shape("space_advance", _SIDE + r" advances to (\d+) in the Space Race\.", "side", "n"),
    _shape("war_in", r"War in (.+)", "country"),
    _shape(
        "war_roll",
        r"(VICTORY|DEFEAT): (\d+) (?:\(([+-]\d+)\)  )?(?:>=|<) (\d+)",
        "word",
        "die",
        "modifier",
        "needed",
    ),
    _shape(
        "trap_roll",
        r"Trap Roll: (\d+) (<=|>) (\d+) -- (Trap Escaped|Trap Remains in Effect)",
        "die",
        "op",
        "needed",
        "word",
    ),
    _shape("event", r"Event: " + _CARD, "card"),
    _shape("in_play", _CARD + r" is now in play\.", "card"),
    _shape("out_of_play", _CARD + r" is no longer in play\.", "card"),
    _shape("headlines", _SIDE + r" Headlines " + _CARD, "side", "card"),
    _shape("reveals", _SIDE + r" reveals " + _CARD + r"( from hand)?", "side", "card", "word"),
    _shape("plays", _SIDE + r" plays " + _CARD, "side", "card"),
    _shape("discards", _SIDE + r" discards " + _CARD, "side", "card"),
    _shape("returns", _SIDE + r" returns " + _CARD + r" to " + _SIDE, "side", "card", "to"),
    _shape("no_cards", _SIDE + r" has no cards to (reveal|discard)", "side", "word"),
    _shape("olympics", _SIDE + r" chooses to (participate in|boycott) the Olympics", "side", "word"),
    _shape(
        "chooses_region",
        _SIDE + r" chooses (Europe|Asia|Africa|Middle East|Central America|South America)",
        "side",
        "word",
    ),
    _shape("winner", _SIDE + r" wins by (.+)", "side", "word"),
]

# Prefixes: the event they make, and the rest read again.
_AR = re.compile(r"Turn (\d+), " + _SIDE + r" AR(\d+): ([^:]*):(?: (.*))?\Z")
_HEADLINE = re.compile(r"Turn (\d+), Headline Phase: ([^:]*):(?: (.*))?\Z")
_CLEANUP = re.compile(r"Turn (\d+), Cleanup(?:: (.*))?\Z")
_EMPTY_PREFIX = re.compile(r"(?:(SETUP): |: ):(?: (.*))?\Z")
# Chernobyl's region left out of its line, which runs on into the next ("US chooses Chernobyl* is now in
# play."): a choice of no region the log names, then the rest.
_CHOOSES_UNNAMED = re.compile(_SIDE + r" chooses (.+ is now in play\.)\Z")
_AR_EVENT = re.compile(r"Event: " + _CARD + r"\Z")


def read_log(path: Path, names: Names) -> GameLog:
    """Read a game log; LogError (with a message id of cli/locales) for a file that is none, is cut short
    or names a card we do not know."""
    try:
        # The bound applies to the bytes read, not to st_size: a device says 0 and gives bytes forever.
        raw = read_bounded(path, MAX_LOG_BYTES)
    except FileTooLarge:
        raise LogError("replay-too-large", path=str(path), megabytes=MAX_LOG_BYTES // 1_000_000) from None
    except NotRegularFile:
        raise LogError("replay-not-a-file", path=str(path)) from None
    except OSError as err:
        raise LogError("replay-unreadable", path=str(path), why=err.strerror or str(err)) from None
    try:
        text = raw.decode("utf-8-sig")
    except UnicodeDecodeError:
        raise LogError("replay-not-a-log", path=str(path)) from None
    return parse_log(text, names, str(path))


def parse_log(text: str, names: Names, path: str = "-") -> GameLog:
    lines = text.splitlines()
    events: list[Event] = []
    unknown: list[int] = []
    for number, line in enumerate(lines, start=1):
        read = read_line(number, line.rstrip("\r"), names)
        if read is None:
            unknown.append(number)
        else:
            events.extend(read)
    kinds = {e.kind for e in events}
    # A game log opens with the sides and has turns; anything else is another file.
    if "player_side" not in kinds or not ({"ar", "headline"} & kinds):
        raise LogError("replay-not-a-log", path=path)
    if unknown:
        first = unknown[0]
        raise LogError("replay-unknown-line", line=first, path=path, text=lines[first - 1][:80])
    _check_names(events, path)
    if not any(e.kind in ("ar", "headline") and e.data.get("turn") for e in events):
        raise LogError("replay-truncated", path=path, line=len(lines))
    handicap: dict[str, int] = {}
    bid: dict[str, int] = {}
    for e in events:
        if e.kind == "handicap" and e.side:
            handicap[e.side] = int(e.data["n"])
        if e.kind == "bid" and e.side:
            bid[e.side] = int(e.data["n"])
    scenario = next((str(e.data["word"]) for e in events if e.kind == "scenario"), "Standard")
    if not any(e.kind == "influence" for e in events):
        raise LogError("replay-truncated", path=path, line=len(lines))
    return GameLog(
        path=path,
        lines=len(lines),
        handicap=handicap,
        bid=bid,
        optional_cards="optional_added" in kinds,
        scenario=scenario,
        events=events,
        complete_ending="winner" in kinds,
    )


def _check_names(events: Iterable[Event], path: str) -> None:
    """A card or country name the log gives that we could not name: one clear error, its line."""
    for e in events:
        for what in ("card_name", "country_name"):
            name = e.data.get(what)
            if name is None:
                continue
            ours = e.card if what == "card_name" else e.country
            if ours is None:
                message = "replay-unknown-card" if what == "card_name" else "replay-unknown-country"
                raise LogError(message, line=e.line, path=path, name=str(name))


def read_line(number: int, line: str, names: Names) -> list[Event] | None:
    """The events of one line (a prefix's and the rest's), or None when no shape fits."""
    for pattern, make in _PREFIXES:
        match = pattern.match(line)
        if match is None:
            continue
        head, rest = make(number, line, match, names)
        if rest is None or rest == "":
            return [head]
        tail = read_line(number, rest, names)
        return None if tail is None else [head, *tail]
    for kind, pattern, groups in SHAPES:
        match = pattern.match(line)
        if match is not None:
            return [_event(number, kind, line, dict(zip(groups, match.groups(), strict=True)), names)]
    return None


def _event(number: int, kind: str, line: str, found: dict[str, str | None], names: Names) -> Event:
    data: dict[str, Any] = {}
    side = card = country = None
    for key, value in found.items():
        if value is None:
            continue
        if key == "side":
            side = SIDES[value]
        elif key in ("leader", "to"):
            data[key] = SIDES[value]
        elif key == "card":
            card = names.card(_bare(value))
            data["card_name"] = value
            data["starred"] = starred(value)
        elif key == "country":
            country = names.country(value)
            data["country_name"] = value
        elif key in ("mode",):
            data[key] = MODES[value]
        elif re.fullmatch(r"[+-]?\d+", value):
            data[key] = int(value)
        else:
            data[key] = value
    return Event(number, kind, line, side, card, country, data)


def _bare(name: str) -> str:
    """A card's name without the log's marks: the trailing `*`, the quotes and the ellipsis."""
    name = name.strip().rstrip("*").strip()
    name = name.strip('"').rstrip(".").strip('"')
    return name


def _ar(number: int, line: str, m: re.Match[str], names: Names) -> tuple[Event, str | None]:
    turn, side, ar, card_name, rest = m.groups()
    data: dict[str, Any] = {"turn": int(turn), "ar": int(ar)}
    card = None
    if card_name.strip():
        data["card_name"] = card_name
        data["starred"] = starred(card_name)
        card = names.card(_bare(card_name))
    mode = None
    if rest:
        head = rest.split(" (", 1)[0].rstrip(":")
        if _AR_EVENT.match(rest):
            mode = "event"
            rest = None  # (the event's name again: the round's card, played for its event)
        elif head in MODES:
            mode = MODES[head]
    data["mode"] = mode
    return Event(number, "ar", line, SIDES[side], card, None, data), rest


def _headline(number: int, line: str, m: re.Match[str], names: Names) -> tuple[Event, str | None]:
    turn, cards, rest = m.groups()
    # Both headlines, "A & B" (the USSR's first); one alone when a side had none to headline.
    data: dict[str, Any] = {"turn": int(turn), "cards": [c.strip() for c in cards.split(" & ")]}
    return Event(number, "headline", line, None, None, None, data), rest


def _cleanup(number: int, line: str, m: re.Match[str], names: Names) -> tuple[Event, str | None]:
    turn, rest = m.groups()
    return Event(number, "cleanup", line, None, None, None, {"turn": int(turn)}), rest


def _chooses_unnamed(number: int, line: str, m: re.Match[str], names: Names) -> tuple[Event, str | None]:
    side, rest = m.groups()
    return Event(number, "chooses_region", line, SIDES[side], None, None, {"word": None}), rest


def _empty_prefix(number: int, line: str, m: re.Match[str], names: Names) -> tuple[Event, str | None]:
    setup, rest = m.groups()
    kind = "setup" if setup else "game_end"
    return Event(number, kind, line), rest


_PREFIXES: list[tuple[re.Pattern[str], Callable[..., tuple[Event, str | None]]]] = [
    (_AR, _ar),
    (_HEADLINE, _headline),
    (_CLEANUP, _cleanup),
    (_EMPTY_PREFIX, _empty_prefix),
    (_CHOOSES_UNNAMED, _chooses_unnamed),
]
