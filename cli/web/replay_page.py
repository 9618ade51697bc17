"""The pages of a replayed game log (`twilight serve`, issue 49): the list of the logs the server can
open (with a form to open one's own), and one step of a replay, read-only: our board after a headline
phase or action round (the game page's own map, tracks and regions, drawn from the copy of the game the
replay kept there), forward, back and to a turn, the log's lines of that round beside it with each place
where our rules disagree marked, and what our rules did in that round."""

from __future__ import annotations

from pathlib import Path
from typing import Any
from urllib.parse import quote

from twilight.cli.replay.report import ours_words, rule_words
from twilight.cli.session.happened import changed_countries, what_happened
from twilight.cli.session.log import Narrator
from twilight.cli.session.text import PlayText
from twilight.cli.web.game import GameView, WebError
from twilight.cli.web.page import DIE_FACES, FAVICON_LINK, GamePage, e, language_links, web_words
from twilight.cli.web.replays import LogFile, Replayed, Step, Summary

# The judgments of a divergence (cli/replay/judge.py's kinds), as the page names them.
KIND_WORDS = {
    "our_bug": "web-replay-kind-our-bug",
    "edition_fault": "web-replay-kind-edition-fault",
    "log_gap": "web-replay-kind-log-gap",
}
SOURCE_WORDS = {
    "given": "web-replay-source-given",
    "opened": "web-replay-source-opened",
    "league": "web-replay-source-league",
}


def replay_document(lang: str, title: str, body: str) -> str:
    """The page: the game page's style and script, and the replay's own (its layout, arrow keys, reading
    a chosen file into the form)."""
    return (
        "<!doctype html>\n"
        f'<html lang="{e(lang)}"><head><meta charset="utf-8">'
        '<meta name="viewport" content="width=device-width, initial-scale=1">'
        f"<title>{e(title)}</title>"
        f"{FAVICON_LINK}"
        '<link rel="stylesheet" href="/static/web.css">'
        '<link rel="stylesheet" href="/static/replay.css">'
        '<script src="/static/web.js" defer></script>'
        '<script src="/static/replay.js" defer></script>'
        f"</head><body>{body}</body></html>\n"
    )


def replays_page(
    lang: str,
    logs: list[tuple[LogFile, Summary]],
    problem: str | None = None,
    sent: tuple[str, str] | None = None,
) -> str:
    """The logs the server can open, each with the turns it covers, and a form to open a log of one's
    own (a file chosen, or its text pasted). A log refused: `problem` says why, above the form, which
    holds the log as it was sent (`sent`: its text and its file's name), so nothing of it is lost."""
    words = web_words(lang)
    text, file_name = sent or ("", "")
    title = words.t("web-replay-list-title")
    home = e(words.t("web-home"))
    parts = [
        f'<header><h1>{e(title)}</h1><a class="home" href="/?lang={e(words.lang)}">{home}</a>'
        + language_links(words, "/replays")
        + "</header>",
        '<main class="replays">',
        f'<p role="alert" class="problem">{e(problem)}</p>' if problem else "",
        f'<section class="panel open-log"><h2>{e(words.t("web-replay-open-title"))}</h2>',
        f'<p class="dim">{e(words.t("web-replay-open-help"))}</p>',
        f'<form method="post" action="/replays/open?lang={e(words.lang)}" class="open-log">',
        f'<input type="hidden" name="lang" value="{e(words.lang)}">',
        f'<input type="hidden" name="name" value="{e(file_name)}">',
        f'<label class="file">{e(words.t("web-replay-open-file"))} '
        '<input type="file" id="log-file" accept=".txt,text/plain"></label>',
        f'<label class="paste">{e(words.t("web-replay-open-paste"))}'
        # (a newline right after the tag is dropped by the browser: one is put there for the text's own)
        f'<textarea name="log" rows="6" spellcheck="false">\n{e(text)}</textarea></label>',
        f'<button type="submit" class="primary" id="open-log">{e(words.t("web-replay-open"))}</button>',
        "</form></section>",
        f'<section class="panel"><h2>{e(words.t("web-replay-list-heading"))}</h2>',
    ]
    if not logs:
        parts.append(f'<p class="dim">{e(words.t("web-replay-list-empty"))}</p>')
    else:
        parts.append('<ul class="games logs">')
        for log, summary in logs:
            facts = words.t("web-replay-list-facts", lines=summary.lines, turn=summary.last_turn)
            source = words.t(SOURCE_WORDS.get(log.source, "web-replay-source-given"))
            parts.append(
                f'<li><a href="/replay/{e(quote(log.name))}/1?lang={e(words.lang)}" data-log="{e(log.name)}">'
                f'{e(log.name)}</a> <span class="dim">{e(facts)} · {e(source)}</span></li>'
            )
        parts.append("</ul>")
    parts.append("</section></main>")
    return replay_document(words.lang, title, "".join(parts))


def step_label(text: PlayText, step: Step) -> str:
    """The round a step follows, in the player's words: "Turn 3 · Action round 2: USSR"."""
    words = web_words(text.lang)
    if step.kind == "setup":
        return words.t("web-replay-setup")
    turn = text.t("play-status-turn", turn=step.turn)
    if step.kind == "headline":
        return f"{turn} · " + text.t("play-status-headline")
    return f"{turn} · " + text.t("play-status-round", round=step.round, **text.side_args(str(step.side)))


def step_view(replayed: Replayed, step: Step, text: PlayText) -> GameView:
    """The step's game as the game page draws one: the replay's copy of the engine there, no question
    (read-only), no person (both sides are the log's)."""
    engine = step.shot.engine
    if engine is None:  # (a snapshot made without its game: nothing to draw)
        raise WebError("web-replay-no-board", 500)
    meta: dict[str, Any] = {"humans": [], "lang": text.lang}
    return GameView(Path(replayed.log.name), engine.ir, text, engine, meta, None, 0, len(engine.events))


class ReplayStepPage(GamePage):
    """One step of a replay: the game page's board, tracks and regions for the state there, with the
    replay's navigation, the log's lines of the round and the divergences found in it."""

    def __init__(self, replayed: Replayed, number: int, text: PlayText) -> None:
        self.replayed = replayed
        self.number = number
        self.step = replayed.steps[number - 1]
        super().__init__(step_view(replayed, self.step, text))
        # What our rules did in this round: the trace events since the step before.
        events = self.engine.events[self.step.since :]
        self.moves, self.kept = what_happened(Narrator(text), events)
        self.changed = changed_countries(events)

    @property
    def base(self) -> str:
        return f"/replay/{quote(self.replayed.log.name)}"

    def html(self) -> str:
        t, w = self.text, self.words
        count = len(self.replayed.steps)
        title = w.t("web-replay-title", name=self.replayed.log.name, at=self.number, count=count)
        here = f"{self.base}/{self.number}"
        parts = [
            f"<header><h1>{e(title)}</h1>"
            f'<a class="home" href="/replays?lang={e(t.lang)}">{e(w.t("web-replay-all"))}</a>'
            f'<a class="home" href="/?lang={e(t.lang)}">{e(w.t("web-home"))}</a>'
            f"{language_links(w, here)}</header>",
            '<main class="game replay">',
            self.status(),
            self.navigation(),
            f'<section class="board panel">{self.board()}</section>',
            self.log_lines(),
            self.our_moves(),
            self.regions(),
            "</main>",
        ]
        return replay_document(t.lang, title, "".join(parts))

    # ------------------------------------------------------------------ parts
    def board(self) -> str:
        """The game page's map, its help saying what the marks mean here (this round's changes)."""
        drawn = super().board()
        return drawn.replace(e(self.words.t("web-map-help")), e(self.words.t("web-replay-map-help")), 1)

    def legend_items(self, svg: str) -> list[tuple[str, str, str]]:
        """The game page's legend, but for what changed since the person's answer: the help above the map
        says what the dashed green marks here (this round's changes)."""
        return [item for item in super().legend_items(svg) if item[2] != "web-legend-changed"]

    def navigation(self) -> str:
        """Back, forward, first and last, a turn to jump to; where this step is and what it shows."""
        t, w = self.text, self.words
        count = len(self.replayed.steps)
        lang = e(t.lang)

        def link(number: int, msg_id: str, ident: str, rel: str = "") -> str:
            label = e(w.t(msg_id))
            if number < 1 or number > count or number == self.number:
                return f'<span class="button disabled" id="{ident}" aria-disabled="true">{label}</span>'
            rel_attr = f' rel="{rel}"' if rel else ""
            href = f"{self.base}/{number}?lang={lang}"
            return f'<a class="button" id="{ident}"{rel_attr} href="{href}">{label}</a>'

        def turn_option(turn: int) -> str:
            label = w.t("web-replay-setup") if turn == 0 else t.t("play-status-turn", turn=turn)
            selected = " selected" if turn == self.step.turn else ""
            return f'<option value="{turn}"{selected}>{e(label)}</option>'

        turns = "".join(turn_option(turn) for turn in self.replayed.first_step_of_turn())
        where = w.t("web-replay-where", at=self.number, count=count, round=step_label(t, self.step))
        result = self.replayed.result
        divergences = len(result.divergences)
        if result.complete:
            whole = w.t("web-replay-complete", lines=result.lines_replayed, divergences=divergences)
        else:
            whole = w.t("web-replay-incomplete", line=result.lines_replayed, divergences=divergences)
        stopped = ""
        if result.stopped and self.number == count:
            stopped = f'<p class="problem stopped">{e(w.t("web-replay-stopped", why=result.stopped))}</p>'
        return (
            '<section class="panel replay-nav" id="replay-nav">'
            f'<p class="where" id="where">{e(where)}</p>'
            '<div class="steps">'
            + link(1, "web-replay-first", "first")
            + link(self.number - 1, "web-replay-back", "back", "prev")
            + link(self.number + 1, "web-replay-forward", "forward", "next")
            + link(count, "web-replay-last", "last")
            + f'<form method="get" action="{self.base}" class="jump">'
            f'<input type="hidden" name="lang" value="{lang}">'
            f'<label>{e(w.t("web-replay-turn"))} <select name="turn" id="turn">{turns}</select></label> '
            f'<button type="submit" id="jump">{e(w.t("web-replay-go"))}</button></form>'
            "</div>"
            f'<p class="dim whole">{e(whole)} {e(w.t("web-replay-read-only"))}</p>{stopped}'
            "</section>"
        )

    def log_lines(self) -> str:
        """The log's lines of this round, each divergence under the line it was found at."""
        w = self.words
        shot = self.step.shot
        lines = self.replayed.lines
        found: dict[int, list[Any]] = {}
        for d in self.replayed.result.divergences:
            if shot.first_line <= d.line <= shot.last_line:
                found.setdefault(d.line, []).append(d)
        items = []
        for number in range(shot.first_line, shot.last_line + 1):
            line = lines[number - 1] if 0 < number <= len(lines) else ""
            if not line.strip() and number not in found:
                continue
            marks = "".join(self.divergence(d) for d in found.get(number, []))
            cls = "line diverges" if number in found else "line"
            items.append(
                f'<li class="{cls}" value="{number}" data-line="{number}"><code>{e(line)}</code>{marks}</li>'
            )
        count = sum(len(v) for v in found.values())
        said = w.t("web-replay-divergences-here", count=count)
        title = w.t("web-replay-log-title", first=shot.first_line, last=shot.last_line)
        return (
            f'<section class="panel log-lines" id="log-lines"><h2>{e(title)}</h2>'
            f'<p class="{"diverged" if count else "dim"} here">{e(said)}</p>'
            f"<ol>{''.join(items)}</ol></section>"
        )

    def divergence(self, found: Any) -> str:
        """A divergence under its line: its judgment, what our rules have instead, the card behind it."""
        w = self.words
        kind = w.t(KIND_WORDS.get(found.kind, "web-replay-kind-our-bug"))
        behind = rule_words(self.text, found)
        rule = f' <span class="dim">{e(w.t("web-replay-rule", rule=behind))}</span>' if behind else ""
        ours = e(w.t("web-replay-ours", ours=ours_words(self.text, found)))
        return f'<p class="divergence {e(found.kind)}"><span class="kind">{e(kind)}</span> {ours}{rule}</p>'

    def our_moves(self) -> str:
        """What our rules did in this round, as the game page tells what just happened (dice as dice)."""
        w = self.words
        items = []
        for move in self.moves:
            dice = "".join(
                f'<span class="die" role="img" aria-label="{e(w.t("web-die", value=d))}">{face}</span>'
                for d in move.dice
                if (face := DIE_FACES.get(d))
            )
            side = f" {move.side}" if move.side else ""
            items.append(f'<li class="move {e(move.kind)}{side}">{dice}<span>{e(move.line)}</span></li>')
        if not items:
            items.append(f'<li class="quiet dim">{e(w.t("web-replay-nothing"))}</li>')
        return (
            f'<section class="happened ours panel" id="ours"><h2>{e(w.t("web-replay-ours-title"))}</h2>'
            f"<ul>{''.join(items)}</ul></section>"
        )
