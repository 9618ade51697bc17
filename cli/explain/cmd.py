"""`twilight explain card N`, `explain trace FILE`, `explain state [SAVE]`: a card, an AI move, a ruleset's
declared state in words, in the reader's language, read from the IR."""

from __future__ import annotations

import json
import sys
from pathlib import Path
from typing import Any

import click
from twilight.cli.explain.appendix import AppendixExplainer, has_appendix
from twilight.cli.explain.errors import (
    EMPTY_CARD,
    EMPTY_RULESET,
    EMPTY_SAVE,
    EMPTY_TRACE,
    error_line,
    refuse_empty,
)
from twilight.cli.explain.ruleset import ExplainError, compiled_and_localized, found_ruleset
from twilight.cli.explain.state import STATE_WORDS, provenance
from twilight.cli.explain.trace import _short
from twilight.cli.localizer import FALLBACK, Localizer
from twilight.cli.number_arg import whole_number_option
from twilight.cli.outline import outline_event
from twilight.cli.rules_path_arg import FOUND_TOO, rules_path_option
from twilight.cli.versions import search_rules_in

# The `explain-*` words this command formats (they live in the ruleset's outline.ftl).
EXPLAIN_WORDS: tuple[str, ...] = (
    "explain-number",
    "explain-name",
    "explain-ops",
    "explain-side",
    "explain-period",
    "explain-flags",
    "explain-flag-starred",
    "explain-flag-permanent",
    "explain-flag-scoring",
    "explain-flag-optional",
    "explain-flag-none",
    "explain-summary",
    "explain-enables",
    "explain-prevents",
    "explain-requires",
    "explain-prevented-by",
    "explain-source",
    "explain-event",
    "explain-side-neutral",
    "explain-unknown-card",
    "explain-ambiguous-card",
    "explain-unknown-language",
    *STATE_WORDS,
)
FLAGS = ("starred", "permanent", "scoring", "optional")
# `--lang`: any language the ruleset's chain of locale folders holds (cli/explain/ruleset.py), no fixed list.
LANG_HELP = "Language: en, or any the ruleset's locale folders hold (locales/CODE/*.ftl; ru is shipped)."
# The `--lang` of `explain card` and `explain trace` (`explain state` defaults to the save's language).
LANG_OPTION = click.option("--lang", "-l", default=FALLBACK, show_default=True, help=LANG_HELP)
# `--rules-path` of every explain command: where `--ruleset` (or the trace's or the save's own) is found.
RULES_PATH_OPTION = rules_path_option(FOUND_TOO)


def find_card(ir: dict[str, Any], wanted: str) -> str | None:
    """A card id from a number (`40`, `#40`) or an id (`cuban_missile_crisis`)."""
    cards: dict[str, Any] = ir.get("cards") or {}
    key = wanted.strip().lstrip("#")
    if key.isdigit():
        return next((cid for cid, c in cards.items() if c.get("number") == int(key)), None)
    key = key.lower().replace("-", "_")
    return key if key in cards else None


def card_by_name(ir: dict[str, Any], folders: list[Path], wanted: str) -> str | tuple[str, ...]:
    """The card `wanted` names as the game reads a name, or the cards it could be (none when it fits no
    card's name, several when it begins more than one)."""
    from twilight.cli.localizer import LANGUAGES
    from twilight.cli.play.card_text import match_card, spelled_names

    cards: dict[str, Any] = ir.get("cards") or {}
    names = spelled_names(cards, (Localizer.for_folders(folders, lang) for lang in LANGUAGES))
    found = match_card(cards, names, wanted)
    if isinstance(found, str):
        return found
    return found.matches if found.code == "ambiguous" else ()


def card_view(loc: Localizer, ir: dict[str, Any], card_id: str) -> dict[str, Any]:
    """Every field of the explanation, localised; the outline as a list of lines."""
    card: dict[str, Any] = ir["cards"][card_id]
    side = str(card.get("side"))
    side_name = loc.text("explain-side-neutral", side) if side == "neutral" else loc.side(side)
    period = str(card.get("period"))

    def names(ids: Any) -> list[dict[str, str]]:
        return [{"id": str(i), "name": loc.card(str(i))} for i in ids or []]

    view: dict[str, Any] = {
        "number": card.get("number"),
        "id": card_id,
        "name": loc.card(card_id),
        "ops": card.get("ops"),
        "side": side,
        "side_name": side_name,
        "period": period,
        "period_name": loc.text(f"outline-enum-{period}", period),
        **{flag: bool(card.get(flag)) for flag in FLAGS},
        "summary": loc.get(f"card-{card_id}", "summary"),
        "enables": names(card.get("enables")),
        "prevents": names(card.get("prevents")),
        "requires_any": names(card.get("requires_any")),
        "prevented_by": names(card.get("prevented_by")),
        "source": card_source(loc, card),
        "has_event": bool(card.get("event")),
        "outline": outline_event(loc, ir, card),
    }
    if has_appendix(ir):
        # Only a ruleset with a card appendix (the solo game) says what its AI does with the card.
        explainer = AppendixExplainer(loc, ir)
        entry = explainer.view(card_id)
        view["appendix"] = entry
        view["appendix_text"] = explainer.lines(entry, card)
    return view


def card_source(loc: Localizer, card: dict[str, Any]) -> dict[str, Any]:
    """Where the card comes from: its rule book sections, each provisional mark (a gap it fills, as the
    appendix's marks and `explain state` show them: the text, and the gap's number), its file and line;
    `lines` in words."""
    source = provenance(loc, card)
    codes = list(dict.fromkeys(_short(p) for p in source["provisional"]))
    return {
        "sources": source["sources"],
        "provisional": source["provisional"],
        "codes": codes,
        "src": source["src"],
        "lines": source["lines"],
    }


def render_text(loc: Localizer, view: dict[str, Any]) -> list[str]:
    def label(word: str, default: str) -> str:
        return loc.text(f"explain-{word}", default)

    flags = [loc.text(f"explain-flag-{flag}", flag) for flag in FLAGS if view[flag]]
    lines = [
        f"#{view['number']} {view['name']} ({view['id']})",
        f"{label('ops', 'Ops')}: {view['ops']} · {label('side', 'Side')}: {view['side_name']} · "
        f"{label('period', 'Period')}: {view['period_name']}",
        f"{label('flags', 'Marks')}: {', '.join(flags) or label('flag-none', 'none')}",
    ]
    if view["summary"]:
        lines.append(f"{label('summary', 'Summary')}: {view['summary']}")
    for key, word in (
        ("requires_any", "requires"),
        ("enables", "enables"),
        ("prevents", "prevents"),
        ("prevented_by", "prevented-by"),
    ):
        if view[key]:
            lines.append(f"{label(word, word)}: {', '.join(c['name'] for c in view[key])}")
    lines.extend(view["source"]["lines"])
    lines.append(f"{label('event', 'Event')}:")
    lines.extend("  " + line for line in view["outline"])
    lines.extend(view.get("appendix_text") or [])
    return lines


def explain_cards(
    ruleset: str, wanted: str, lang: str, rules_paths: tuple[str, ...] = ()
) -> tuple[Localizer, list[dict[str, Any]]]:
    """Compile the ruleset (found in `rules_paths` too) and explain one card (or every card for `all`)."""
    # (an unknown ruleset in the words `explain state` and `explain trace` use for one)
    target, folders = found_ruleset(ruleset, rules_paths)
    ir, loc = compiled_and_localized(target, folders, lang)
    if wanted.strip().lower() == "all":
        ids = sorted(ir.get("cards") or {}, key=lambda c: ir["cards"][c].get("number") or 0)
    else:
        # (a number or an id, else a name as the game reads one: in any language of the game, any case,
        # an unambiguous beginning, or another name its `.also` gives, `Трясина`)
        card_id = find_card(ir, wanted)
        by_name = card_by_name(ir, folders, wanted) if card_id is None else ()
        if isinstance(by_name, str):
            card_id = by_name
        elif len(by_name) > 1:
            cards = ", ".join(f"{loc.card(c)} (#{ir['cards'][c].get('number')})" for c in by_name)
            raise ExplainError(
                loc.text(
                    "explain-ambiguous-card",
                    f"{wanted} could be several cards: {cards}",
                    card=wanted,
                    matches=cards,
                )
            )
        if card_id is None:
            raise ExplainError(
                loc.text("explain-unknown-card", f"no card {wanted}", card=wanted, ruleset=ruleset)
            )
        ids = [card_id]
    return loc, [card_view(loc, ir, cid) for cid in ids]


@click.group()
def explain() -> None:
    """Explain parts of a ruleset in words."""


@explain.command("card")
@click.argument("card")
@click.option("--ruleset", "-r", default="standard", show_default=True, help="Ruleset name or folder.")
@LANG_OPTION
@click.option("--json", "as_json", is_flag=True, help="One JSON object (a list for `all`).")
@RULES_PATH_OPTION
def explain_card(card: str, ruleset: str, lang: str, as_json: bool, rules_paths: tuple[str, ...]) -> None:
    """A card by number or id (`all`: every card): name, ops, side, period, summary, links, source and
    its event as an outline read from the compiled IR."""
    refuse_empty(card, EMPTY_CARD, "CARD", lang)
    refuse_empty(ruleset, EMPTY_RULESET, "--ruleset", lang)
    search_rules_in(rules_paths)
    try:
        loc, views = explain_cards(ruleset, card, lang, rules_paths)
    except ExplainError as err:
        click.echo(error_line(err, lang), err=True)
        sys.exit(1)
    if as_json:
        for view in views:
            view["lang"] = lang
            view["ruleset"] = ruleset
        payload: Any = views if card.strip().lower() == "all" else views[0]
        click.echo(json.dumps(payload, ensure_ascii=False, indent=1))
        return
    for i, view in enumerate(views):
        if i:
            click.echo("")
        click.echo("\n".join(render_text(loc, view)))


def explain_trace_moves(
    path: Path,
    ruleset: str | None,
    lang: str,
    move: int | None,
    every: bool,
    event: int | None = None,
    rules_paths: tuple[str, ...] = (),
) -> tuple[dict[str, Any], list[str]]:
    """The JSON view and the text lines of `explain trace` (the ruleset found in `rules_paths` too); any
    user mistake is an ExplainError."""
    from twilight.cli.explain.trace import (
        DEFAULT_RULESET,
        TraceError,
        TraceExplainer,
        group_moves,
        read_trace,
        select_moves,
        trace_ruleset,
    )

    try:
        events = read_trace(path)
    except TraceError as err:
        raise ExplainError(str(err)).reworded(err) from None
    named = trace_ruleset(events)
    origin = "option" if ruleset else "trace" if named else "default"
    ruleset = ruleset or named or DEFAULT_RULESET
    target, folders = found_ruleset(ruleset, rules_paths)
    ir, loc = compiled_and_localized(target, folders, lang)
    moves = group_moves(events)
    if not moves:
        raise ExplainError(
            loc.text("ai-explain-no-moves", f"{path}: no AI move in this trace", file=str(path))
        )
    chosen = select_moves(moves, move, every, event)
    if not chosen and move is not None:
        raise ExplainError(
            loc.text(
                "ai-explain-no-move-number",
                f"no AI move {move}: the trace holds moves 1 to {len(moves)}",
                n=str(move),
                count=str(len(moves)),
            )
        )
    if not chosen:
        spans = ", ".join(f"{m.first}-{m.last}" for m in moves[:8]) + (" …" if len(moves) > 8 else "")
        raise ExplainError(
            loc.text(
                "ai-explain-no-move",
                f"no AI move holds event {event}",
                n=str(event),
                spans=spans,
            )
        )
    explainer = TraceExplainer(loc, ir, ruleset)
    number = {id(m): i for i, m in enumerate(moves, 1)}
    views = [explainer.move(number[id(m)], m) for m in chosen]
    lines: list[str] = []
    for i, view in enumerate(views):
        if i:
            lines.append("")
        lines.extend(explainer.render(view))
    payload = {
        "trace": str(path),
        "ruleset": ruleset,
        "ruleset_from": origin,
        "lang": lang,
        "moves_in_trace": len(moves),
        "moves": views,
    }
    if loc.errors:
        payload["locale_errors"] = list(loc.errors)
    return payload, lines


@explain.command("trace")
@click.argument("file", type=click.Path())  # (a str: '' is refused, never made the current folder ".")
@click.option(
    "--move",
    "-m",
    "move",
    default=None,
    callback=whole_number_option(2**63, low=0),
    help="AI move N of the trace (1 = the first), as the output numbers them.",
)
@click.option(
    "--event",
    "-e",
    "event",
    default=None,
    callback=whole_number_option(2**63, low=0),
    help="The AI move holding trace event N (the #N the output shows).",
)
@click.option("--all", "every", is_flag=True, help="Every AI move of the trace.")
@click.option("--ruleset", "-r", default=None, help="Ruleset (default: the trace's own, else solo-v2).")
@LANG_OPTION
@click.option("--json", "as_json", is_flag=True, help="One JSON object with a list of moves.")
@RULES_PATH_OPTION
def explain_trace(
    file: str,
    move: int | None,
    event: int | None,
    every: bool,
    ruleset: str | None,
    lang: str,
    as_json: bool,
    rules_paths: tuple[str, ...],
) -> None:
    """Why the solo AI made a move, from a game trace (`twilight simulate --trace-dir`): the card and the
    rule that chose what to do with it, then each priority-list choice (the option, its source, the key
    that broke the tie) and each answer to an event's choice. Default: the last AI move."""
    refuse_empty(file, EMPTY_TRACE, "FILE", lang)
    refuse_empty(ruleset, EMPTY_RULESET, "--ruleset", lang)
    search_rules_in(rules_paths)
    try:
        if sum((move is not None, event is not None, every)) > 1:
            raise ExplainError("give one of --move N, --event N and --all", "explain-error-one-of")
        payload, lines = explain_trace_moves(Path(file), ruleset, lang, move, every, event, rules_paths)
    except ExplainError as err:
        click.echo(error_line(err, lang), err=True)
        sys.exit(1)
    if as_json:
        click.echo(json.dumps(payload, ensure_ascii=False, indent=1))
        return
    click.echo("\n".join(lines))


@explain.command("state")
@click.argument("save", required=False, type=click.Path())
@click.option("--ruleset", "-r", default=None, help="Ruleset (default: the save's own, else standard).")
@click.option(
    "--lang",
    "-l",
    default=None,
    help=LANG_HELP[:-1] + "; default: the save's, else en.",
)
@click.option("--json", "as_json", is_flag=True, help="One JSON object.")
@RULES_PATH_OPTION
def explain_state_cmd(
    save: str | None, ruleset: str | None, lang: str | None, as_json: bool, rules_paths: tuple[str, ...]
) -> None:
    """The state the ruleset declares (variables, zones, tracks, its own and those it inherits), each
    with its source: how each starts, or with SAVE (a save of `twilight play`: its file, or its name as
    `twilight saves` lists it) its value in that game now.
    A face-down zone shows only how many cards it holds."""
    from twilight.cli.board.game import find_save
    from twilight.cli.explain.state import explain_state, no_save_called, render_state

    refuse_empty(save, EMPTY_SAVE, "SAVE", lang)
    refuse_empty(ruleset, EMPTY_RULESET, "--ruleset", lang)
    search_rules_in(rules_paths)
    try:
        # A path, or a name as `twilight saves` lists it (as `board` and `hint` take it).
        path = find_save(save) if save is not None else None
        if save is not None and path is not None and "/" not in save and not path.exists():
            # (a name no save has: the one it most likely means, or those there are; a path as written,
            # `./x.json`, is a file that is not there, and reading it says so)
            unknown = no_save_called(save, lang)
            raise ExplainError(str(unknown)).reworded(unknown)
        loc, view = explain_state(ruleset, lang, path, rules_paths)
    except ExplainError as err:
        click.echo(error_line(err, lang), err=True)
        sys.exit(1)
    if as_json:
        click.echo(json.dumps(view, ensure_ascii=False, indent=1))
        return
    click.echo("\n".join(render_state(loc, view)))
