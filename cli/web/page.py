"""The pages of `twilight serve`, as HTML: the start page, a game at its question (the board, the
question with its answers as buttons, the cards, what happened and why the AI did it, the scores, the
log) and its end, and the error page. Every word comes from the terminal game's messages
(cli/locales/<lang>/play.ftl) or the server's own (web.ftl); every name from the ruleset's."""

from __future__ import annotations

import functools
import json
import re
from collections.abc import Mapping
from html import escape, unescape
from typing import Any
from urllib.parse import quote

from twilight.cli.localizer import LANGUAGES, Localizer
from twilight.cli.session.computer import COMPUTER
from twilight.cli.session.danger import is_play_mode, left_to_the_opponent
from twilight.cli.session.diverged import OLD_SUFFIX
from twilight.cli.session.happened import changed_countries, what_happened
from twilight.cli.session.homes import homes_of
from twilight.cli.session.log import Narrator
from twilight.cli.session.question import points_left, prompt_text
from twilight.cli.session.rules_help import rule_lines
from twilight.cli.session.text import APP_FOLDER, PlayText, bounded
from twilight.cli.web.game import (
    PERSON,
    WAR_CONFIRMED,
    GameView,
    counts_typed,
    losing_answers,
    undo_refused,
)
from twilight.runtime.core import registry
from twilight.runtime.core.decisions import Decision
from twilight.runtime.core.sides import SIDES, US, USSR
from twilight.runtime.core.state import TURN_TRACK

SIDE_CLASS = {US: US, USSR: USSR}
LAST_MOVES = 14
PHONE_MOVES = 6  # (the moves a phone shows of them, and every roll)
# The most ticks of a pick of several whose words the page carries for its script (a count past it reads
# as the last).
MOST_SAID = 400
DIE_FACES = {1: "⚀", 2: "⚁", 3: "⚂", 4: "⚃", 5: "⚄", 6: "⚅"}
SCORES_SHOWN = 12


@functools.cache
def web_words(lang: str) -> WebWords:
    return WebWords(lang)


class WebWords:
    """The server's own words (cli/locales: web.ftl and play.ftl) in one language."""

    def __init__(self, lang: str) -> None:
        self.lang = lang if lang in LANGUAGES else "en"
        self.loc = Localizer.for_folders([APP_FOLDER], self.lang)

    def t(self, msg_id: str, **args: Any) -> str:
        got = self.loc.get(msg_id, **bounded(args))
        return msg_id if got is None else got


def e(value: Any) -> str:
    return escape(str(value), quote=True)


# The game's icon (static/favicon.svg; the app serves it at /favicon.ico too, where browsers look first).
FAVICON_LINK = '<link rel="icon" href="/static/favicon.svg" type="image/svg+xml">'


def document(lang: str, title: str, body: str) -> str:
    return (
        "<!doctype html>\n"
        f'<html lang="{e(lang)}"><head><meta charset="utf-8">'
        '<meta name="viewport" content="width=device-width, initial-scale=1">'
        f"<title>{e(title)}</title>"
        f"{FAVICON_LINK}"
        '<link rel="stylesheet" href="/static/web.css">'
        '<script src="/static/web.js" defer></script>'
        f"</head><body>{body}</body></html>\n"
    )


def language_links(words: WebWords, here: str, seat: str | None = None) -> str:
    """The page in each other language (`seat`: a hot-seat game's, kept: the same side's page)."""
    links = []
    held = f"&seat={quote(seat)}" if seat else ""
    for code in LANGUAGES:
        label = e(words.t(f"play-language-{code}"))
        if code == words.lang:
            links.append(f'<span class="lang current">{label}</span>')
        else:
            links.append(f'<a class="lang" href="{e(here)}?lang={e(code)}{e(held)}">{label}</a>')
    return '<nav class="langs">' + " · ".join(links) + "</nav>"


# ---------------------------------------------------------------------- the error page
# The characters HTML may not hold as text (C0 and C1 controls but tab and newline).
CONTROL = re.compile("[\x00-\x08\x0b-\x1f\x7f-\x9f]")


def error_page(lang: str, msg_id: str, args: dict[str, Any], game: str | None = None) -> str:
    """What went wrong, in the player's words, with a link to the start page and, for a request of a
    game (`game`: its name), first a link back to that game as it stands."""
    words = web_words(lang)
    # (an argument is often the request's own text, a name in its path: a NUL or an escape in it went
    # into the page as it was, a byte no HTML may hold)
    args = {k: CONTROL.sub("\ufffd", v) if isinstance(v, str) else v for k, v in args.items()}
    back = ""
    if game:
        href = f"/game/{quote(game)}?lang={words.lang}"
        back = f'<a class="button" id="back-to-game" href="{e(href)}">{e(words.t("web-back-game"))}</a> '
    body = (
        '<main class="error">'
        "<h1>" + e(words.t("web-error-title")) + "</h1>"
        f'<p class="problem">{e(words.t(msg_id, **args))}</p>'
        f'<p class="error-links">{back}<a href="/?lang={e(words.lang)}">{e(words.t("web-back-home"))}</a></p>'
        "</main>"
    )
    return document(words.lang, words.t("web-error-title"), body)


# ---------------------------------------------------------------------- the start page
def changes_page(lang: str, entry: Any) -> str:
    """ "What is different": what the ruleset `entry` (cli/versions.py) changes against the one it
    extends, in a player's words (`twilight rulesets --changes`)."""
    from twilight.cli.diff.compiled import DiffError
    from twilight.cli.session.changes import render_changes, ruleset_changes
    from twilight.cli.web.game import WebError

    words = web_words(lang)
    name = quote(entry.spec, safe="@")
    try:
        base, lines, change_words = ruleset_changes(entry, words.lang)
    except DiffError:  # (a variant found on a rules path that no longer compiles)
        raise WebError("web-error-ruleset", 422, ruleset=entry.spec) from None
    shown = render_changes(entry, base, lines, change_words)
    items = "".join(f"<li>{e(line.strip())}</li>" for line in shown[1:])
    body = (
        f"<header><h1>{e(shown[0])}</h1>{language_links(words, f'/changes/{name}')}</header>"
        f'<main><section class="panel"><ul>{items}</ul>'
        f'<p><a href="/?lang={e(words.lang)}">{e(words.t("web-new-game"))}</a></p></section></main>'
    )
    return document(words.lang, words.t("web-changes"), body)


def start_page(
    lang: str,
    rulesets: list[tuple[Any, dict[str, Any]]],
    games: list[Any],
    chosen: Mapping[str, str] | None = None,
    problem: str | None = None,
) -> str:
    """A form for a new game (ruleset, side, level, language) and the unfinished games to resume.
    `rulesets`: the entries found (cli/versions.py), each with its IR (one without an AI is played
    against the computer); each is offered as
    `NAME@VERSION` with its version, what it extends and its description (`twilight play`'s words).
    `chosen`: a refused form's values, shown again (with `problem`, what was wrong) so nothing is lost."""
    words = web_words(lang)
    chosen = chosen or {}
    title = e(words.t("web-title"))
    parts = [f"<header><h1>{title}</h1>{language_links(words, '/')}</header>", "<main>"]
    if problem:
        parts.append(f'<p role="alert" class="problem">{e(problem)}</p>')
    parts.append(f'<section class="panel"><h2>{e(words.t("web-new-game"))}</h2>')
    parts.append('<form method="post" action="/new" class="setup">')
    parts.append(f'<input type="hidden" name="lang" value="{e(words.lang)}">')
    default = chosen_ruleset(rulesets, chosen.get("ruleset"))
    parts.extend(ruleset_field(words, rulesets, default))
    first_ir = next((ir for entry, ir in rulesets if entry is default), None)
    if any(registry.AI_SIDE.name not in ir["settings"] for _entry, ir in rulesets):
        parts.extend(opponent_field(words, chosen))
    if first_ir and default:
        text = PlayText(str(default.folder), words.lang, first_ir)
        parts.extend(side_and_level(words, text, first_ir, chosen))
        parts.extend(asked_settings(words, text, first_ir, chosen))
    parts.append(seed_field(words, chosen.get("seed") or "", bool(problem and chosen.get("seed"))))
    parts.append(f'<button type="submit" class="primary" id="start">{e(words.t("web-start"))}</button>')
    parts.append("</form></section>")
    parts.extend(games_to_resume(words, games))
    # A game played online (a log of the digital edition), stepped through read-only (replay_page.py).
    replays = e(words.t("web-replay-link"))
    parts.append(f'<p class="panel"><a id="replays" href="/replays?lang={e(words.lang)}">{replays}</a></p>')
    parts.append("</main>")
    return document(words.lang, words.t("web-title"), "".join(parts))


def chosen_ruleset(rulesets: list[tuple[Any, dict[str, Any]]], spec: str | None) -> Any:
    """The ruleset the form shows chosen: the one a refused form named, else solo-v2 (its highest
    version), as `twilight play` starts, else the first found."""
    from twilight.cli.session.rules import DEFAULT_RULESET
    from twilight.cli.versions import UnknownRuleset, resolve

    entries = [entry for entry, _ir in rulesets]
    for name in (spec, DEFAULT_RULESET):
        if not name:
            continue
        try:
            return resolve(name, entries)
        except UnknownRuleset:
            continue
    return entries[0] if entries else None


def ruleset_field(words: WebWords, rulesets: list[tuple[Any, dict[str, Any]]], default: Any) -> list[str]:
    """The list of rulesets (each `NAME@VERSION` with its words), and links to what each version changes
    against the one it extends, on a page of its own."""
    from twilight.cli.session.rules import ruleset_label

    out = [f'<label>{e(words.t("web-ruleset"))} <select name="ruleset">']
    chosen = ""
    for entry, ir in rulesets:
        selected = " selected" if entry is default else ""
        label = ruleset_label(words, entry, words.lang, no_ai="web-ruleset-computer", ir=ir)
        chosen = label if entry is default else chosen
        # (the page's script hides the AI's level for a ruleset without an AI: the computer has none)
        ai = "yes" if registry.AI_SIDE.name in ir["settings"] else "no"
        out.append(f'<option value="{e(entry.spec)}" data-ai="{ai}"{selected}>{e(label)}</option>')
    out.append("</select></label>")
    # The chosen one's words again, wrapped: a phone's drop-down cuts them at the screen's edge (the
    # page's script keeps them to the choice; a screen reader has them from the list itself).
    out.append(f'<p class="ruleset-about" id="ruleset-about" aria-hidden="true">{e(chosen)}</p>')
    links = [
        f'<a href="/changes/{e(quote(entry.spec, safe="@"))}?lang={e(words.lang)}">{e(entry.spec)}</a>'
        for entry, _ir in rulesets
        if entry.extends
    ]
    if links:
        out.append(f'<p class="changes">{e(words.t("web-changes"))}: {", ".join(links)}</p>')
    return out


def radio(name: str, value: str, label: str, checked: bool, cls: str = "choice") -> str:
    mark = " checked" if checked else ""
    return (
        f'<label class="{e(cls)}"><input type="radio" name="{e(name)}" value="{e(value)}"{mark}> '
        f"{e(label)}</label>"
    )


def opponent_field(words: WebWords, chosen: Mapping[str, str]) -> list[str]:
    """Who plays the other side of a ruleset without an AI (the standard game): the computer, or a second
    person at this screen (hot-seat), as `twilight play --opponent` asks. (The page's script shows it only
    while such a ruleset is chosen, and the side only against the computer; a solo game leaves it unread.)"""
    now = chosen.get("opponent") if chosen.get("opponent") == PERSON else COMPUTER
    out = ['<fieldset class="opponent"><legend>' + e(words.t("play-setup-opponent")) + "</legend>"]
    for value, msg_id in ((COMPUTER, "web-opponent-computer"), (PERSON, "web-opponent-person")):
        out.append(radio("opponent", value, words.t(msg_id), value == now))
    out.append("</fieldset>")
    return out


def side_and_level(
    words: WebWords, text: PlayText, ir: dict[str, Any], chosen: Mapping[str, str]
) -> list[str]:
    """The person's side and the AI's level (each as chosen before, else the first side and the
    ruleset's default level)."""
    side_now = chosen.get("side") if chosen.get("side") in SIDES else SIDES[0]
    out = ['<fieldset class="side"><legend>' + e(words.t("play-setup-side")) + "</legend>"]
    out += [radio("side", side, text.side(side), side == side_now, f"choice {side}") for side in SIDES]
    out.append("</fieldset>")
    setting = ir["settings"].get(registry.LEVEL.name)
    if setting is None:
        return out
    values = [str(v) for v in setting["values"]]
    level_now = chosen.get(registry.LEVEL.name)
    level_now = level_now if level_now in values else str(setting["default"])
    out.append('<fieldset class="ai-level"><legend>' + e(words.t("play-setup-level")) + "</legend>")
    for value in values:
        out.append(radio(registry.LEVEL.name, value, text.t(f"setting-level-{value}"), value == level_now))
    out.append("</fieldset>")
    return out


def seed_field(words: WebWords, seed: str, open_it: bool) -> str:
    """More settings (folded unless a seed was refused): the seed."""
    shown = " open" if open_it else ""
    label = e(words.t("web-seed"))
    return (
        f'<details class="more"{shown}><summary>{e(words.t("web-more"))}</summary><label>{label} '
        '<input type="text" inputmode="numeric" name="seed" pattern="[0-9]*" maxlength="20" size="12"'
        f' value="{e(seed[:40])}"></label></details>'
    )


def games_to_resume(words: WebWords, games: list[Any]) -> list[str]:
    """The unfinished games of one person, each a link to its page: the ruleset's title, then the side,
    the level, the turn and when it was saved, each a phrase of its own (a level's name is a title,
    "Hard (the AI starts with 4 VP)": it reads as a label's value, not inside a sentence), and the save's
    name, which `twilight play --resume NAME` takes."""
    if not games:
        return []
    from twilight.cli.session.saves import saved_at
    from twilight.cli.session.unfinished import SaveWords

    described = SaveWords(words.lang)
    out = [f'<section class="panel resume"><h2>{e(words.t("web-resume"))}</h2><ul class="games">']
    for k, game in enumerate(games):
        if k == RESUME_SHOWN:  # (the older ones folded: a player with many saves gets no wall of them)
            older = e(words.t("web-resume-older", count=len(games) - RESUME_SHOWN))
            out.append('</ul><details class="more-games" id="more-games">')
            out.append(f'<summary>{older}</summary><ul class="games">')
        title = described.title(game)
        if len(game.humans) != 1:
            phrases = [words.t("web-saves-hot-seat")]
        elif registry.AI_SIDE.name not in game.data["settings"]:
            phrases = [words.t("web-saves-side-computer", side=described.side(game))]
        else:
            phrases = [words.t("web-saves-side", side=described.side(game))]
            phrases.append(words.t("web-saves-level", level=described.level(game)))
        # (the turn and the time each kept whole on a line: a phone broke "2026-12-06" at its hyphens)
        whole = [words.t("web-saves-turn", turn=described.turn(game))]
        whole.append(words.t("web-saves-saved", saved=saved_at(game.path)))
        said = "".join(f" · {e(phrase)}" for phrase in phrases)
        said += "".join(f' · <span class="whole">{e(phrase)}</span>' for phrase in whole)
        out.append(
            f'<li><a href="/game/{e(game.name)}?lang={e(words.lang)}">{e(title[:1].upper() + title[1:])}</a>'
            f'{said} <span class="dim">{e(game.name)}</span></li>'
        )
    out.append("</ul></details></section>" if len(games) > RESUME_SHOWN else "</ul></section>")
    return out


# How many unfinished games the start page lists (the newest); the others are behind a fold.
RESUME_SHOWN = 6


def asked_settings(
    words: WebWords, text: PlayText, ir: dict[str, Any], chosen: Mapping[str, str] | None = None
) -> list[str]:
    """A fieldset for each setting the ruleset asks at the start besides side and level (the deluxe map's
    Canada…), as `twilight play` asks them (`setting-NAME` and its answers' words); each as chosen in a
    refused form, else its default."""
    from twilight.cli.session.rules import setting_options

    chosen = chosen or {}
    out = []
    for name, setting in ir["settings"].items():
        if not setting.get("asked") or name in (registry.AI_SIDE.name, registry.LEVEL.name):
            continue
        default = str(setting["default"]).lower() if setting["type"] == "bool" else str(setting["default"])
        now = chosen.get(f"setting-{name}", default)
        out.append(f'<fieldset class="asked"><legend>{e(text.t(f"setting-{name}"))}</legend>')
        if setting["type"] == "int":  # (a number: it has no values to choose among)
            out.append(_number_field(text, name, setting, now))
            out.append("</fieldset>")
            continue
        options = setting_options(text, ir, name)
        if now not in [value for value, _label in options]:
            now = default
        out += [radio(f"setting-{name}", value, label, value == now) for value, label in options]
        out.append("</fieldset>")
    return out


def _number_field(text: PlayText, name: str, setting: dict[str, Any], now: str | None = None) -> str:
    """An `int` setting's field on the start page: a whole number within its bounds, if it has any (the
    server reads it as `--set` reads it, and refuses one outside them)."""
    bounded = "min" in setting and "max" in setting
    bounds = {"low": setting["min"], "high": setting["max"]} if bounded else {}
    said = text.t(
        "play-setup-number" if bounded else "play-setup-number-any", default=setting["default"], **bounds
    )
    limits = f' min="{setting["min"]}" max="{setting["max"]}"' if bounded else ""
    value = now if now is not None and re.fullmatch(r"-?[0-9]{1,11}", now) else setting["default"]
    return (
        f'<label class="number"><input type="number" name="setting-{e(name)}" value="{e(value)}"'
        f' step="1"{limits} required> {e(said)}</label>'
    )


# ---------------------------------------------------------------------- a game
# A country the question offers, as the map draws it (cli/board/draw.py): its group, and its box.
OFFERED_BOX = re.compile(
    r'(<g class="country clickable[^"]*"[^>]*>(?:<title>[^<]*</title>)?)'
    r'(<rect x="(-?[\d.]+)" y="(-?[\d.]+)" width="([\d.]+)" height="([\d.]+)")'
)
RING_GAP = 5  # the ring around a country offered, outside its box (pixels of the map)


def with_pick_rings(svg: str, picked: frozenset[str] = frozenset()) -> str:
    """The map with a ring around each country the question offers: a dark line on a white halo, outside
    the box (its border stays the controller's colour), unlike the gold frame of a marked region. Those
    in `picked` (ticked in a refused form shown again) are marked picked."""

    def ring(found: re.Match[str]) -> str:
        x, y, w, h = (float(found.group(i)) for i in range(3, 7))
        box = (
            f'x="{x - RING_GAP:g}" y="{y - RING_GAP:g}" width="{w + 2 * RING_GAP:g}" '
            f'height="{h + 2 * RING_GAP:g}" rx="9" fill="none"'
        )
        rings = f'<rect class="pick-halo" {box} /><rect class="pick-ring" {box} />'
        group = found.group(1)
        country = re.search(r'data-country="([^"]*)"', group)
        if country and unescape(country.group(1)) in picked:
            group = group.replace('class="country clickable', 'class="country clickable picked', 1)
        return group + rings + found.group(2)

    return OFFERED_BOX.sub(ring, svg)


def tick_words(words: WebWords, count: int, low: int, high: int, typed: bool = False) -> tuple[str, str]:
    """A pick of several with `count` ticked: how many ("3 of 7 ticked"), and what is wrong when that is
    too few or too many for a question that takes `low` to `high` (else ""). `typed`: a number is typed
    for each option (a pick that may repeat), said as given out ("3 of 7 given out"), not as ticked."""
    same = "yes" if low == high else "no"
    status = words.t("web-counted" if typed else "web-ticked", count=count, min=low, max=high, same=same)
    few, many = (
        ("web-count-too-few", "web-count-too-many") if typed else ("web-tick-too-few", "web-tick-too-many")
    )
    if count < low:
        wrong = words.t(few, count=count, min=low, max=high, same=same)
    elif count > high:
        wrong = words.t(many, count=count, min=low, max=high, same=same)
    else:
        wrong = ""
    return status, wrong


class GamePage:
    """A game at its question (or over). `hint`: the hint's lines, and `hinted` the answers it recommends
    (marked on the options); `ticked`, a refused pick of several shown again (each option's place and how
    many times it was picked) with `problem`, what was wrong with it, said under its boxes."""

    def __init__(
        self,
        view: GameView,
        problem: str | None = None,
        hint: list[str] | None = None,
        hinted: list[Any] | None = None,
        ticked: dict[int, int] | None = None,
        confirm: int | None = None,
        seat: str | None = None,
    ) -> None:
        self.view = view
        # A hot-seat game's seat (Games.seat): carried by the page's links and forms of the same side.
        self.seat = seat
        self.confirm = confirm  # the place of an answer that loses at once, sent without its confirmation
        self.text = view.text
        self.engine = view.engine
        self.state = view.engine.state
        self.words = web_words(view.text.lang)
        self.narrator = Narrator(view.text)
        self.problem = problem
        self.hint = hint
        self.hinted = {str(option) for option in hinted or ()}
        self.ticked = ticked or {}
        self.losing = {str(o) for o in losing_answers(view)}
        events = self.engine.events[self.person_since() :]
        self.moves, self.kept = what_happened(Narrator(view.text), events)
        self.changed = changed_countries(events)

    def html(self) -> str:
        v, t = self.view, self.text
        here = f"/game/{v.name}"
        title = t.game_title(self.state.ruleset)
        parts = [
            f'<header><h1>{e(title)}</h1><a class="home" href="/?lang={e(t.lang)}">'
            + e(self.words.t("web-home"))
            + f"</a>{language_links(self.words, here, self.seat)}</header>",
            '<main class="game">',
            self.status(),
            self.happened(),
        ]
        if self.problem and (v.decision is None or v.decision.single):
            parts.append(f'<p class="problem">{e(self.problem)}</p>')
        if v.rules_changed and v.decision is not None:  # (a game over goes on under no rules)
            parts.append(self.rules_changed(v.rules_changed))
        if v.decision is None:
            parts.append(self.end())
        else:  # (the hint first: its link opens the page there, the question with its pick marked under it)
            parts.append(self.war_confirmation(v.decision))
            parts.append(self.hint_panel())
            parts.append(self.question(v.decision))
            parts.append(self.hand(v.decision))
            parts.append(self.revealed_hand())
        parts.append(f'<section class="board panel">{self.board()}</section>')
        parts.append(self.why())
        parts.append(self.regions())
        parts.append(self.scores())
        parts.append(self.log())
        parts.append("</main>")
        return document(t.lang, title, "".join(parts))

    # ------------------------------------------------------------------ parts
    def rules_changed(self, pin: dict[str, Any]) -> str:
        """The game's rules have changed since it began: it goes on under its own (said), and a button
        starts it again under the new ones (`twilight play --resume` asks the same)."""
        t, w = self.text, self.words
        said = t.t("play-rules-changed", name=pin.get("name") or "?", version=pin.get("version") or "-")
        # Starting again loses every move: the button is behind a fold that says so (one click on a
        # button that stood in the open next to the question threw a whole game away), and the save as
        # it stood is kept beside it (Games.restart).
        kept = f"{self.view.name}.json{OLD_SUFFIX}"
        return (
            f'<section class="panel rules-changed"><p class="notice">{e(said)}</p>'
            f'<details class="restart"><summary>{e(t.t("play-rules-restart"))}</summary>'
            f'<p class="warning">{e(w.t("web-restart-warning", file=kept))}</p>'
            f'<form method="post" action="/game/{e(quote(self.view.name))}/restart">'
            f'<input type="hidden" name="lang" value="{e(t.lang)}">{self.seat_field()}'
            f'<button type="submit" id="restart" class="danger">{e(w.t("web-restart-confirm"))}</button>'
            "</form></details></section>"
        )

    def status(self) -> str:
        t, state = self.text, self.state
        last = (self.engine.ir.get("tracks") or {}).get(TURN_TRACK, {}).get("max")
        head = (
            t.t("play-status-turn-of", turn=state.turn, last=last)
            if last is not None
            else t.t("play-status-turn", turn=state.turn)
        )
        if state.action_round:
            head += " · " + t.t("play-status-round", round=state.action_round, **t.side_args(state.phasing))
        elif state.in_headline:
            head += " · " + t.t("play-status-headline")
        items = [
            t.t("play-status-defcon", defcon=state.defcon),
            t.t("play-status-vp", vp=state.vp, standing=self.narrator.standing(state.vp)),
            t.t("play-status-milops", us=state.milops[US], ussr=state.milops[USSR], needed=state.defcon),
            t.t("play-status-space", us=state.space[US], ussr=state.space[USSR]),
            t.t(
                "play-status-china-up" if state.china_face_up else "play-status-china-down",
                **t.side_args(state.china_holder),
            ),
        ]
        person = self.view.person  # (whose questions these are: the side in action is often the other)
        you = self.words.t("web-you-play", **t.side_args(person))
        mark = f'<span class="you {e(SIDE_CLASS.get(person, ""))}">{e(you)}</span>'
        if self.view.hot_seat and self.view.decision is None:  # (a hot-seat game over: both played)
            mark = ""
        out = [f'<section class="status panel"><p class="head">{e(head)}{mark}</p><ul class="tracks">']
        out += [f"<li>{e(item)}</li>" for item in items]
        out.append("</ul>")
        from twilight.cli.session.question import declared_state

        declared = declared_state(t, self.engine)
        if declared:
            out.append('<p class="declared">' + " · ".join(e(d) for d in declared) + "</p>")
        cards = list(dict.fromkeys(str(x.card) for x in state.in_effect if x.card in t.cards))
        if cards:
            # Each card's event folded under the line: the names alone told nothing of what they do, and
            # the terminal's `card NAME` was the only way to read them.
            said = e(t.t("play-status-effects", effects=", ".join(t.card(c) for c in cards)))
            each = "".join(f"<li><b>{e(t.card(c))}</b>: {e(t.summary(c))}</li>" for c in cards)
            out.append(f'<details class="effects"><summary>{said}</summary><ul>{each}</ul></details>')
        out.append("</section>")
        return "".join(out)

    def offered_countries(self) -> list[str]:
        decision = self.view.decision
        if decision is None:
            return []
        return [str(o) for o in decision.options if str(o) in self.text.countries]

    def board(self) -> str:
        """The map (cli/board's picture, its countries clickable where the question offers them)."""
        from twilight.cli.board.draw import NoLayout, board_svg

        offered = self.offered_countries()
        try:
            svg = board_svg(self.engine.ir, self.state, self.text, clickable=offered, changed=self.changed)
        except NoLayout:  # a ruleset whose map has no picture: its board as tables
            return self.board_table(offered)
        w = self.words
        zoom = "".join(
            f'<button type="button" data-zoom="{how}" title="{e(w.t(msg_id))}">{mark}</button>'
            for how, mark, msg_id in (
                ("in", "+", "web-zoom-in"),
                ("out", "−", "web-zoom-out"),
                ("fit", "⤢", "web-zoom-fit"),
            )
        )
        decision = self.view.decision
        picked = frozenset(str(decision.options[i]) for i in self.ticked) if decision else frozenset()
        drawn = with_pick_rings(svg[svg.index("<svg") :], picked)
        # The picture's own title (the map's tooltip) named the ruleset by its id: the page's heading
        # instead. (cli/board/draw.py writes it; the terminal's board panel says the title already.)
        heading = e(self.text.game_title(self.state.ruleset))
        drawn = re.sub(r"<title>[^<]*</title>", f"<title>{heading}</title>", drawn, count=1)
        items = "".join(
            f'<li><span class="swatch {e(swatch)}" aria-hidden="true">{e(mark)}</span> {e(w.t(msg_id))}</li>'
            for swatch, mark, msg_id in self.legend_items(drawn)
        )
        return (
            f'<div class="map-tools">{zoom}<span class="dim">{e(w.t("web-map-help"))}</span></div>'
            f'<div class="map-view" id="map">{drawn}</div>'
            f'<ul class="legend" aria-label="{e(w.t("web-legend"))}">{items}</ul>'
        )

    def legend_items(self, svg: str) -> list[tuple[str, str, str]]:
        """What the map's marks mean (the web map's own: cli/board/draw.py), each a swatch drawn by the
        style sheet, a mark in it, and its words: only the marks this map shows besides the boxes."""
        decision = self.view.decision
        items = [
            ("sw-battleground", "", "web-legend-battleground"),
            ("sw-influence", "", "web-legend-influence"),
            ("sw-control", "", "web-legend-control"),
            ("sw-stability", "2", "web-legend-stability"),
        ]
        if "data-marked=" in svg:
            items.append(("sw-marked", "", "web-legend-marked"))
        if "pick-ring" in svg:
            items.append(("sw-offered", "", "web-legend-offered"))
            if decision is not None and not decision.single:
                items.append(("sw-picked", "", "web-legend-picked"))
        if self.changed:
            items.append(("sw-changed", "", "web-legend-changed"))
        if "→ " in svg:
            items.append(("sw-far", "→", "web-legend-far"))
        return items

    def board_table(self, offered: list[str]) -> str:
        """The board as tables, region by region (where no map picture can be drawn)."""
        from twilight.runtime.core.primitives import controls

        t, state = self.text, self.state
        out = ['<div class="regions">']
        for region, info in t.regions.items():
            if info.get("parent"):
                continue
            out.append(f'<table class="region"><caption>{e(t.region(region))}</caption>')
            out.append(
                "<tr><th>"
                + e(t.t("play-board-country"))
                + "</th><th>"
                + e(t.t("play-board-stability"))
                + "</th>"
                + "".join(f'<th class="{side}">{e(t.side(side))}</th>' for side in SIDES)
                + "</tr>"
            )
            for country, ci in t.countries.items():
                if ci["region"] != region:
                    continue
                mark = "★" if ci["battleground"] else ""
                cls = "country" + (" offered" if country in offered else "")
                cells = []
                for side in SIDES:
                    amount = state.influence[country][side]
                    held = " control" if controls(self.engine, side, country) else ""
                    cells.append(f'<td class="{side}{held}">{amount or "·"}</td>')
                out.append(
                    f'<tr class="{cls}" data-country="{e(country)}"><td>{mark}{e(t.country(country))}</td>'
                    f"<td>{ci['stability']}</td>{''.join(cells)}</tr>"
                )
            out.append("</table>")
        out.append("</div>")
        return "".join(out)

    def card_head(self, card: str, side: str) -> str:
        """A card's operations (for `side`), its name in its side's colour (its event on hovering) and
        its number."""
        from twilight.runtime.core.primitives import ops_for

        t = self.text
        info = t.cards[card]
        card_side = info["side"] if info["side"] in SIDES else "neutral"
        ops = "—" if info["scoring"] else str(ops_for(self.engine, side, card))
        number = info.get("number", "")
        return (
            f'<span class="card-head"><span class="ops">{e(ops)}</span> '
            f'<span class="card-name {card_side}" title="{e(t.summary(card))}">{e(t.card(card))}</span>'
            f' <span class="dim">#{e(number)}</span></span>'
        )

    def card_folded(self, card: str, side: str) -> str:
        """A card of a hand: its head, and its event folded under it. The event was only the name's
        hover text, which a phone (no pointer to hover) never shows: the terminal's `card NAME` was the
        only way to read a card of one's hand while placing influence or choosing a country."""
        head, summary = self.card_head(card, side), e(self.text.summary(card))
        return f'<details class="card-text"><summary>{head}</summary><p>{summary}</p></details>'

    def card_tile(self, card: str, side: str) -> str:
        return self.card_head(card, side) + f'<span class="summary">{e(self.text.summary(card))}</span>'

    def hand(self, decision: Decision) -> str:
        """The person's hand while the question is not a choice among cards (placing influence, choosing
        a country: the terminal shows it under the board too), each card with its operations and side,
        its event on hovering its name, and folded under it (a click or a tap opens it)."""
        t, person = self.text, self.view.person
        if decision.options and all(str(o) in t.cards for o in decision.options):
            return ""  # (the cards to choose from are the question's own answers)
        cards = [str(c) for c in self.state.hands.get(person, []) if str(c) in t.cards]
        if not cards:
            return ""
        items = "".join(f'<li class="hand-card">{self.card_folded(card, person)}</li>' for card in cards)
        title = e(t.t("play-cards-hand", **t.side_args(person)))
        return f'<section class="hand panel" id="hand"><h2>{title}</h2><ul>{items}</ul></section>'

    def revealed_hand(self) -> str:
        """The other side's hand while a rule keeps it face up to the person (status `hand_revealed`:
        Aldrich Ames Remix, for the rest of the turn), the cards it gained since too."""
        from twilight.runtime.core.shown import hand_revealed_to

        t, person = self.text, self.view.person
        out = []
        for other in hand_revealed_to(self.engine, person):
            cards = [str(c) for c in self.state.hands.get(other, []) if str(c) in t.cards]
            if not cards:
                continue
            items = "".join(f'<li class="hand-card">{self.card_folded(card, other)}</li>' for card in cards)
            title = e(t.t("play-cards-hand-revealed", **t.side_args(other)))
            head = '<section class="hand panel revealed" id="hand-revealed">'
            out.append(f"{head}<h2>{title}</h2><ul>{items}</ul></section>")
        return "".join(out)

    def question(self, decision: Decision) -> str:
        t, v = self.text, self.view
        prompt = self.prompt_text(decision)
        out = [f'<section class="question panel" id="question"><h2 tabindex="-1">{e(prompt)}</h2>']
        if not decision.single:
            same = "yes" if decision.min_count == decision.max_count else "no"
            how_id = "web-how-many-counts" if counts_typed(decision) else "web-how-many"
            how = self.words.t(how_id, min=decision.min_count, max=decision.max_count, same=same)
            out.append(f'<p class="dim how-many">{e(how)}</p>')
        out.extend(f'<p class="why-not">{e(line)}</p>' for line in self.notes(decision))
        points = points_left(t, decision)
        if points is not None:
            out.append(f'<p class="points">{e(points)}</p>')
        out.append(
            f'<form method="post" action="/game/{e(v.name)}/answer" class="answer" id="answer-form" '
            f'data-min="{decision.min_count}" data-max="{decision.max_count}">'
        )
        out.append(f'<input type="hidden" name="n" value="{v.answered}">')
        out.append(f'<input type="hidden" name="decision" value="{e(decision.name)}">')
        out.append(f'<input type="hidden" name="lang" value="{e(t.lang)}">')
        out.append(self.seat_field())
        all_cards = all(str(o) in t.cards for o in decision.options)
        out.append(f'<div class="options{" cards" if all_cards else ""}">')
        out.extend(self.option(decision, i, option) for i, option in enumerate(decision.options))
        out.append("</div>")
        if not decision.single:
            out.append(self.send(decision))
        out.append("</form>")
        # the rules behind the question, as the terminal's `?` gives them: first the mechanics in plain
        # words, then what asks it, and its sources
        from twilight.cli.session.mechanics import mechanics_line

        rules = [mechanics_line(t, decision), *rule_lines(t, homes_of(self.engine.ir), decision)]
        paragraphs = "".join(f"<p>{e(line)}</p>" for line in rules)
        title = e(self.words.t("web-rules"))
        out.append(f'<details class="rules"><summary>{title}</summary>{paragraphs}</details>')
        out.append(self.tools())
        out.append("</section>")
        return "".join(out)

    def option(self, decision: Decision, i: int, option: Any) -> str:
        """One answer: a button (a single answer), a box to tick, or a count (a pick that may repeat);
        marked when the hint recommends it, ticked as a refused form had it."""
        t = self.text
        o = str(option)
        kind = "card" if o in t.cards else "country" if o in t.countries else "word"
        label = self.card_tile(o, decision.side) if o in t.cards else e(t.option(option))
        cost = (decision.context.get("costs") or {}).get(option, 1)
        if cost != 1:
            label = e(t.t("play-option-cost", option=t.option(option), cost=cost))
        hinted = o in self.hinted
        if hinted:
            label += f' <span class="hinted-mark">{e(self.words.t("web-hint-pick"))}</span>'
        war = o in self.losing
        if war:  # (legal, and taken once confirmed: marked as the terminal marks it)
            # (a plain answer, How I Learned to Stop Worrying's DEFCON 1, loses by what it does, not a coup)
            mark = "web-war-mark" if kind != "word" or is_play_mode(decision) else "web-lose-mark"
            label += f' <span class="war-mark">{e(self.words.t(mark))}</span>'
        data = f' data-option="{e(o)}" data-kind="{kind}"'
        cls = f"option {kind}" + (" hinted" if hinted else "") + (" war" if war else "")
        if decision.single:
            return f'<button type="submit" name="pick" value="{i}" class="{cls}"{data}>{label}</button>'
        times = self.ticked.get(i, 0)
        if decision.distinct or decision.max_count == 1:  # (a box to tick: each picked once)
            checked = " checked" if times else ""
            return (
                f'<label class="{cls} pickable"{data}><input type="checkbox" name="pick" '
                f'value="{i}"{checked}> {label}</label>'
            )
        return (
            f'<label class="{cls}"{data}>{label} <input type="number" name="count-{i}" '
            f'min="0" max="{decision.max_count}" value="{times}"></label>'
        )

    def war_confirmation(self, decision: Decision) -> str:
        """An answer that loses the game at once, sent without its confirmation: what it does, a button
        that makes it anyway (the same answer, confirmed) and a link back to the question."""
        if self.confirm is None or not 0 <= self.confirm < len(decision.options):
            return ""
        t, v = self.text, self.view
        option = decision.options[self.confirm]
        w = self.words
        if is_play_mode(decision):  # (a way to play the card, not a country)
            by = "opponent" if left_to_the_opponent(v.engine, decision, [option]) else "you"
            said, go, back = (
                w.t("web-war-confirm-mode", mode=t.option(option), by=by),
                "web-war-go-mode",
                "web-war-back-mode",
            )
        elif str(option) not in t.countries:  # (a plain answer: a number, a word)
            said, go, back = (
                w.t("web-lose-confirm", answer=t.option(option)),
                "web-lose-go",
                "web-lose-back",
            )
        else:
            said, go, back = (
                w.t("web-war-confirm", **t.country_args(str(option))),
                "web-war-go",
                "web-war-back",
            )
        go, back = w.t(go), w.t(back)
        return (
            f'<section class="war-confirm panel" id="war-confirm" role="alert"><p>{e(said)}</p>'
            f'<form method="post" action="/game/{e(v.name)}/answer" class="answer">'
            f'<input type="hidden" name="n" value="{v.answered}">'
            f'<input type="hidden" name="decision" value="{e(decision.name)}">'
            f'<input type="hidden" name="lang" value="{e(t.lang)}">'
            f'<input type="hidden" name="pick" value="{self.confirm}">{self.seat_field()}'
            f'<input type="hidden" name="confirm" value="{e(WAR_CONFIRMED)}">'
            f'<button type="submit" class="danger" id="war-go">{e(go)}</button> '
            f'<a class="button" href="#question">{e(back)}</a></form></section>'
        )

    def send(self, decision: Decision) -> str:
        """A pick of several: how many are ticked (kept up to date by the page's script, which also says
        what is wrong before the form is sent: each count's words are in `data-said`), what was wrong with
        a refused form, and the Answer button; on a phone, a bar at the foot of the screen with the count
        and a second Answer button (the boxes are ticked on the map, far below the form's own)."""
        low, high = decision.min_count, decision.max_count
        ticked = sum(self.ticked.values())
        most = len(decision.options) * (1 if decision.distinct or high == 1 else high)
        typed = counts_typed(decision)
        said = [tick_words(self.words, n, low, high, typed) for n in range(min(most, MOST_SAID) + 1)]
        status, wrong = tick_words(self.words, ticked, low, high, typed)
        problem = wrong if self.problem or self.ticked else ""
        send = e(self.words.t("web-send"))
        hidden = "" if problem else " hidden"
        return (
            f'<p class="ticked" id="ticked" aria-live="polite" data-said="{e(json.dumps(said))}">'
            f"{e(status)}</p>"
            f'<p class="tick-problem" id="tick-problem" role="alert"{hidden}>{e(problem)}</p>'
            f'<button type="submit" class="primary" id="send">{send}</button>'
            f'<div class="send-bar" id="send-bar"><span class="ticked-count">{e(status)}</span>'
            f'<button type="submit" class="primary">{send}</button></div>'
        )

    def seat_field(self) -> str:
        """A hot-seat game's seat, sent with the page's forms (none in another game)."""
        return f'<input type="hidden" name="seat" value="{e(self.seat)}">' if self.seat else ""

    def notes(self, decision: Decision) -> list[str]:
        """As the terminal says them under a question: where the player is in a repeated choice ("keep
        3 of 6"), why an operation is not offered, and the candidates a rule left out and why."""
        from twilight.cli.session.question import not_offered, progress
        from twilight.cli.session.why_not import why_not_lines

        where = progress(self.text, decision)
        return [
            *([where] if where else []),
            *why_not_lines(self.text, self.engine, decision),
            *not_offered(self.text, decision),
        ]

    def prompt_text(self, decision: Decision) -> str:
        """The question as the terminal game words it (cli/session/question.py)."""
        return prompt_text(self.text, decision)

    def person_since(self) -> int:
        """The first event after the person's last answer (what happened since they last chose)."""
        events = self.engine.events
        person = self.view.person
        for i in range(len(events) - 1, -1, -1):
            if events[i]["kind"] == "decision" and events[i].get("side") == person:
                return i + 1
        return 0

    def happened(self) -> str:
        """What just happened, at the top: the moves since the person last answered (their roll and its
        arithmetic, the AI's card and move, VP and DEFCON), each with its dice drawn as dice; how many
        earlier moves are left out (a phone shows fewer) and how many bookkeeping lines went to the
        history."""
        over = self.view.decision is None
        # (at the end every move since the last answer is shown: the final scoring of every region is
        # why the game ended, and it was cut to its last regions, the earlier ones in the history)
        moves = self.moves if over else self.moves[-LAST_MOVES:]
        cut = len(self.moves) - len(moves)
        # a phone shows the last PHONE_MOVES moves and every roll: the others are marked to hide there
        early = set() if over else {i for i, move in enumerate(moves[:-PHONE_MOVES]) if not move.dice}
        items = [] if moves else [f'<li class="quiet dim">{e(self.words.t(self.nothing_said()))}</li>']
        for i, move in enumerate(moves):
            dice = "".join(
                f'<span class="die" role="img" aria-label="{e(self.words.t("web-die", value=d))}">'
                f"{DIE_FACES[d]}</span>"
                for d in move.dice
            )
            side = f" {move.side}" if move.side else ""
            rolled = " rolled" if move.dice else ""
            cls = f"move {e(move.kind)}{side}{rolled}" + (" early" if i in early else "")
            items.append(f'<li class="{cls}">{dice}<span>{e(move.line)}</span></li>')
        more = [
            self.earlier_note(cut, "wide-only"),
            self.earlier_note(cut + len(early), "phone-only"),
        ]
        if self.kept:
            more.append(
                f'<p class="dim more">{e(self.words.t("web-happened-more", count=len(self.kept)))}</p>'
            )
        title = e(self.words.t("web-happened"))
        return (
            f'<section class="happened panel" id="happened"><h2>{title}</h2>'
            f"<ul>{''.join(items)}</ul>{''.join(more)}</section>"
        )

    def nothing_said(self) -> str:
        """No move since the person's last answer: at the start of the game, the game waits for them;
        after an answer, that answer led straight to this question."""
        return "web-happened-nothing" if self.person_since() == 0 else "web-happened-none-since"

    def earlier_note(self, count: int, where: str) -> str:
        """How many earlier moves what just happened leaves out (on a laptop, or on a phone)."""
        if not count:
            return ""
        said = self.words.t("web-happened-earlier", count=count)
        return f'<p class="dim more {where}">{e(said)}</p>'

    def tools(self) -> str:
        """Undo, hint, and leaving (the game is saved after every answer)."""
        v, t = self.view, self.text
        name = e(quote(v.name))
        undo_title, undo = e(self.words.t("web-undo-title")), e(self.words.t("web-undo"))
        disabled = "" if v.earlier else " disabled"
        held = e(f"&seat={quote(self.seat)}") if self.seat else ""
        # (never past a die rolled or a hidden card shown since the answer: said under the buttons)
        refused = undo_refused(v)
        if refused is None and not v.earlier and self.person_since() > 0:
            # (answered before this server started: it holds no copy of the game at those questions)
            refused = self.words.t("web-error-no-undo")
        if refused is not None:
            disabled, undo_title = " disabled", e(refused)
        said = f'<p class="dim undo-refused" id="undo-refused">{e(refused)}</p>' if refused else ""
        return (
            '<div class="tools">'
            f'<form method="post" action="/game/{name}/undo" class="undo">'
            f'<input type="hidden" name="n" value="{v.answered}">'
            f'<input type="hidden" name="lang" value="{e(t.lang)}">{self.seat_field()}'
            f'<button type="submit" id="undo" title="{undo_title}"{disabled}>'
            f"{undo}</button></form>"
            f'<a class="button" id="hint" href="/game/{name}/hint?lang={e(t.lang)}{held}#hint-lines" '
            f'title="{e(self.words.t("web-hint-title"))}">{e(self.words.t("web-hint"))}</a>'
            f'<a class="button" id="leave" href="/?lang={e(t.lang)}">{e(self.words.t("web-leave"))}</a>'
            f"{said}"
            f'<p class="dim saved">{e(self.words.t("web-saved", name=v.name))}</p>'
            "</div>"
        )

    def hint_panel(self) -> str:
        """The hint's lines, as the terminal gives them (they number the answers they rate themselves:
        no list marks of the page's own), and where its pick is marked."""
        if self.hint is None:
            return ""
        items = "".join(f"<li>{e(line)}</li>" for line in self.hint)
        marked = f'<p class="dim">{e(self.words.t("web-hint-marked"))}</p>' if self.hinted else ""
        title = e(self.words.t("web-hint-heading"))
        return (
            f'<section class="hint panel" id="hint-lines"><h2>{title}</h2>'
            f'<ul class="hint-lines">{items}</ul>{marked}</section>'
        )

    def regions(self) -> str:
        """Each region now: each side's level (presence, domination, control) and battlegrounds held, by
        the ruleset's own scoring function (the level a scoring would count now)."""
        t, engine = self.text, self.engine
        level_of = engine.program.functions.get(registry.SCORING_LEVEL.name)
        if level_of is None:
            return ""
        rows = []
        saved, engine.memo = engine.memo, {}  # (one memory of the rules' pure functions for the board)
        try:
            for region in [r for r, info in t.regions.items() if not info.get("parent")]:
                cells = "".join(
                    self.region_cell(region, side, str(level_of.call(engine, side, region))) for side in SIDES
                )
                rows.append(f"<tr><th>{e(t.region(region))}</th>{cells}</tr>")
        finally:
            engine.memo = saved
        head = "".join(f'<th class="{side}">{e(t.side(side))}</th>' for side in SIDES)
        region = e(self.words.t("web-region"))
        head = f"<tr><th>{region}</th>{head}</tr>"
        table = f"<table>{head}{''.join(rows)}</table>"
        return (
            f'<section class="regions-now panel"><h2>{e(self.words.t("web-regions"))}</h2>{table}</section>'
        )

    def region_cell(self, region: str, side: str, level: str) -> str:
        from twilight.runtime.core.primitives import controls

        t = self.text
        battlegrounds = [c for c, ci in t.countries.items() if ci["region"] == region and ci["battleground"]]
        held = sum(1 for c in battlegrounds if controls(self.engine, side, c))
        word = self.words.t("web-level-none") if level == "no_presence" else t.maybe(f"outline-enum-{level}")
        count = self.words.t("web-region-battlegrounds", held=held, total=len(battlegrounds))
        shown = f'{e(word or level)}<br><span class="dim">{e(count)}</span>'
        return f'<td class="{side} level-{e(level)}">{shown}</td>'

    def why(self) -> str:
        """The AI's reasons for its moves since the person last chose (its working is traced when it
        plays live: right after an answer; after a restart of the server, the terminal's `why` is as mute)."""
        from twilight.cli.explain.trace import group_moves
        from twilight.cli.session.why import PlayerExplainer

        if self.view.meta.get("opponent") == COMPUTER:
            return self.computer_why()
        if self.view.hot_seat:  # (two people: no AI's reasons to tell)
            return ""
        events = self.engine.events
        moves = group_moves(events)
        since = max(self.person_since(), self.view.live_from)
        live = [(i, m) for i, m in enumerate(moves, 1) if m.events and m.events[0]["n"] >= since]
        earlier = False
        if not live:
            # No AI move since the person's last answer (a card, then how to play it; one influence point
            # after another): its last move played live, as the terminal's `why` tells it at any question.
            # The section was left out then, and the reasons read a click before were gone.
            played = [
                (i, m) for i, m in enumerate(moves, 1) if m.events and m.events[0]["n"] >= self.view.live_from
            ]
            if not played:
                return ""
            live, earlier = played[-1:], True
        # (the terminal's `why` words: no trace event numbers, provisional rulings said in words)
        explainer = PlayerExplainer(self.text.loc, self.engine.ir, self.state.ruleset)
        blocks = []
        for number, move in live[-3:]:
            lines = [line for line in explainer.render(explainer.move(number, move)) if line.strip()]
            if not lines:
                continue
            head, rest = lines[0], lines[1:]
            items = "".join(
                f'<li class="depth-{min(3, (len(line) - len(line.lstrip())) // 2)}">{e(line.strip())}</li>'
                for line in rest
            )
            blocks.append(f'<div class="why-move"><h3>{e(head.strip())}</h3><ul>{items}</ul></div>')
        if not blocks:
            return ""
        if earlier:  # (folded: it is not news; one click opens it, as `why` at the terminal)
            title = e(self.words.t("web-why-earlier"))
            return f'<details class="why panel earlier"><summary>{title}</summary>{"".join(blocks)}</details>'
        return f'<section class="why panel"><h2>{e(self.words.t("web-why"))}</h2>{"".join(blocks)}</section>'

    def computer_why(self) -> str:
        """In a game against the computer: its choices since the person last answered, each with the
        scores of the answers it weighed (the terminal's `why`)."""
        from twilight.cli.session.computer import why_lines

        if not self.view.computer_choices:
            return ""
        lines = why_lines(self.text, self.view.computer_choices)
        items = "".join(
            f'<li class="depth-{1 if line.startswith("  ") else 0}">{e(line.strip())}</li>'
            for line in lines[1:]
        )
        title, head = e(self.words.t("web-why-computer")), e(lines[0])
        block = f'<div class="why-move"><h3>{head}</h3><ul>{items}</ul></div>'
        return f'<section class="why panel"><h2>{title}</h2>{block}</section>'

    def scores(self) -> str:
        """Each region scored so far, with its breakdown (presence, domination or control, battlegrounds,
        countries next to the enemy) and the VP after it."""
        events = [ev for ev in self.engine.events if ev["kind"] in ("region_score", "scored")]
        lines = self.narrator.lines(events)[-SCORES_SHOWN:]
        if not lines:
            return ""
        items = "".join(f"<li>{e(line)}</li>" for line in lines)
        title = e(self.words.t("web-scores"))
        return f'<section class="scores panel"><h2>{title}</h2><ul>{items}</ul></section>'

    def log(self) -> str:
        lines = self.narrator.lines(self.engine.events)
        title = self.text.t("play-log-title", count=len(lines))
        items = "".join(f"<li>{e(line)}</li>" for line in lines)
        return f'<details class="log panel"><summary>{e(title)}</summary><ol>{items}</ol></details>'

    def end(self) -> str:
        t, state, engine = self.text, self.state, self.engine
        lines = []
        if state.winner == "draw":
            lines.append(t.t("play-end-draw"))
        else:
            lines.append(t.t("play-end-winner", **t.side_args(str(state.winner))))
        lines.append(t.t("play-end-reason", reason=self.narrator.reason(state.end_reason, state.winner)))
        lines.append(t.t("play-end-vp", vp=state.vp, standing=self.narrator.standing(state.vp)))
        lines.append(t.t("play-end-turn", turn=state.turn))
        if engine.rating is not None:
            mine = state.winner == self.view.person
            lines.append(
                t.t(
                    "play-end-rating",
                    rating=t.maybe(f"rating-{engine.rating}") or engine.rating,
                    mine="yes" if mine else "no",
                )
            )
        items = "".join(f"<p>{e(line)}</p>" for line in lines)
        return (
            f'<section class="end panel" id="end"><h2>{e(t.t("play-end-title"))}</h2>{items}'
            f'<p><a class="primary" href="/?lang={e(t.lang)}">{e(self.words.t("web-new-game"))}</a></p>'
            "</section>"
        )


# ---------------------------------------------------------------------- the hand-over (hot-seat)
def hand_over_page(view: GameView) -> str:
    """Between the two people of a hot-seat game: a page that names the side to take the screen and a
    button for it, and nothing else of the game (no hand, no question, no last moves: the side that just
    chose leaves nothing of its hand or choice, such as a headline chosen face down), as the terminal's
    hand-over screen. Its button asks the server for the side's page (`/game/NAME/seat`)."""
    t, words = view.text, web_words(view.text.lang)
    assert view.decision is not None
    side = str(view.decision.side)
    name = quote(view.name)
    title = t.game_title(view.engine.state.ruleset)
    said = words.t("web-hand-over", **t.side_args(side))
    go = words.t("web-hand-over-go", **t.side_args(side))
    body = (
        f'<header><h1>{e(title)}</h1><a class="home" href="/?lang={e(t.lang)}">{e(words.t("web-home"))}</a>'
        f"{language_links(words, f'/game/{view.name}')}</header>"
        f'<main class="hand-over"><section class="panel hand-over {e(SIDE_CLASS.get(side, ""))}" '
        f'id="hand-over" data-side="{e(side)}"><h2 tabindex="-1">{e(said)}</h2>'
        f'<form method="post" action="/game/{e(name)}/seat" class="seat">'
        f'<input type="hidden" name="n" value="{view.answered}">'
        f'<input type="hidden" name="side" value="{e(side)}">'
        f'<input type="hidden" name="lang" value="{e(t.lang)}">'
        f'<button type="submit" class="primary" id="take-turn" autofocus>{e(go)}</button></form>'
        f'<p class="dim saved">{e(words.t("web-saved", name=view.name))}</p></section></main>'
    )
    return document(t.lang, title, body)
