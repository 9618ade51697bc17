"""`twilight explain state [SAVE]`: the state a ruleset declares (`variable`, `zone`, `track`, its own and
those it inherits) in words, each with its provenance: without a save, how each starts; with a save of
`twilight play`, its value in that game now (a face-down zone by its size only, never its cards).

The save is read and checked as `twilight play --resume` reads it (cli/session/saves.py: `read_save`,
`check_save_names`, `settings_problem`) and replayed by the engine (`Engine.resume_from`) up to the first
decision no answer of the save covers: the state shown is the one the game would resume from. Values are
worded by cli/declared_state.py, as the play screen and the log word them."""

from __future__ import annotations

from collections.abc import Callable
from pathlib import Path
from typing import Any

from twilight.cli.declared_state import label, value_text, zone_text
from twilight.cli.explain.errors import WordedError
from twilight.cli.localizer import FALLBACK, Localizer, readable
from twilight.runtime.core.sides import US, USSR

# The `explain-*` words of this view (in rules/standard/locales/*/outline.ftl; EXPLAIN_WORDS lists them).
STATE_WORDS: tuple[str, ...] = (
    "explain-provisional",
    "explain-state-ruleset",
    "explain-state-game",
    "explain-state-game-over",
    "explain-state-variables",
    "explain-state-zones",
    "explain-state-tracks",
    "explain-state-nothing",
    "explain-state-start",
    "explain-state-now",
    "explain-state-face-down",
    "explain-state-face-up",
    "explain-state-empty",
    "explain-state-cards",
    "explain-state-bounds",
    "explain-state-per-side",
    "explain-state-unknown",
    "explain-state-other-ruleset",
    "explain-state-type-list",
    *(f"explain-state-type-{t}" for t in ("int", "bool", "region", "card", "country", "side")),
)
SECTIONS = ("variables", "zones", "tracks")


class StateError(WordedError):
    """A save or a ruleset that cannot be shown: one line, exit status 1."""


class _Stop(Exception):
    """The replay used every answer of the save: the state is the one a resumed game starts from."""


class _StopAtOnce:
    def decide(self, decision: Any) -> Any:
        raise _Stop


def provenance(loc: Localizer, entry: dict[str, Any]) -> dict[str, Any]:
    """Where a declaration comes from, as `explain card` shows a card's source: `Source: …` (the rule
    book's sections, `-` when none) with the file and line, and `Provisional: …` for each gap it fills."""
    mark = entry.get("provenance") or {}
    sources = [str(s) for s in mark.get("sources") or []]
    provisional = [str(p) for p in mark.get("provisional") or []]
    src = entry.get("src")
    where = f" ({src})" if src else ""
    lines = []
    if sources or not provisional:
        lines.append(f"{loc.text('explain-source', 'Source')}: {'; '.join(sources) or '-'}{where}")
        where = ""
    for gap in provisional:
        lines.append(f"{loc.text('explain-provisional', 'Provisional')}: {gap}{where}")
        where = ""
    return {"sources": sources, "provisional": provisional, "src": src, "lines": lines}


def type_words(loc: Localizer, typ: str) -> str:
    """A variable's type in words: `a region`, `a list of numbers`; a type without words, by its name."""
    if typ.startswith("list[") and typ.endswith("]"):
        element = typ[5:-1]
        many = loc.get(f"explain-state-type-{element}", "many") or readable(element)
        return loc.text("explain-state-type-list", f"list of {many}", of=many)
    return loc.text(f"explain-state-type-{typ}", typ)


def cards_text(loc: Localizer, ir: dict[str, Any], zone: str, cards: list[str]) -> str:
    """A zone's cards by name; a face-down zone's only by how many."""
    if not cards:
        return loc.text("explain-state-empty", "empty")
    return zone_text(
        loc, ir, zone, cards, loc.text("explain-state-cards", f"{len(cards)} cards", count=len(cards))
    )


def track_text(loc: Localizer, value: Any) -> str:
    if value is None:
        return loc.text("explain-state-unknown", "not kept by the game")
    if isinstance(value, dict):
        return ", ".join(f"{loc.side(side)} {n}" for side, n in value.items())
    return str(value)


def state_view(loc: Localizer, ir: dict[str, Any], state: Any | None) -> dict[str, Any]:
    """Every declared variable, zone and track: what it is, its provenance, and its value (at the start,
    or in `state`, a game's GameState, when given)."""
    from twilight.runtime.core.invariants import TRACK_VALUES
    from twilight.runtime.core.state import declared_state

    start_vars, start_zones = declared_state(ir)
    game_vars = state.vars if state is not None else start_vars
    game_zones = state.zones if state is not None else start_zones
    key = "start" if state is None else "now"

    variables = []
    for name, declared in (ir.get("variables") or {}).items():
        typ = str(declared.get("type", ""))
        value = game_vars.get(name)
        variables.append(
            {
                "name": name,
                "label": label(loc, name),
                "type": typ,
                "type_text": type_words(loc, typ),
                key: value,
                f"{key}_text": value_text(loc, typ, value),
                "source": provenance(loc, declared),
            }
        )
    zones = []
    for name, declared in (ir.get("zones") or {}).items():
        cards = list(game_zones.get(name) or [])
        hidden = bool(declared.get("face_down"))
        content: dict[str, Any] = {"count": len(cards)}
        if not hidden:
            content["cards"] = cards
        zones.append(
            {
                "name": name,
                "label": label(loc, name),
                "face_down": hidden,
                key: content,
                f"{key}_text": cards_text(loc, ir, name, cards),
                "source": provenance(loc, declared),
            }
        )
    tracks = []
    for name, declared in (ir.get("tracks") or {}).items():
        entry = {
            "name": name,
            "label": label(loc, name),
            "min": declared["min"],
            "max": declared["max"],
            "per_side": bool(declared.get("per_side")),
            "source": provenance(loc, declared),
        }
        if state is not None:
            read = TRACK_VALUES.get(name)
            value = read(state) if read is not None else None
            entry["now"] = dict(value) if isinstance(value, dict) else value
            entry["now_text"] = track_text(loc, value)
        tracks.append(entry)
    return {"variables": variables, "zones": zones, "tracks": tracks}


def render_state(loc: Localizer, view: dict[str, Any]) -> list[str]:
    """The view as lines: a heading, then each section with one line per thing and its provenance below."""
    game = view.get("game")
    if game is None:
        ruleset = view["ruleset"]
        lines = [loc.text("explain-state-ruleset", f"State declared by {ruleset}", ruleset=ruleset)]
    elif game["over"]:
        lines = [loc.text("explain-state-game-over", "game over", file=view["save"], ruleset=view["ruleset"])]
    else:
        lines = [
            loc.text(
                "explain-state-game",
                "game",
                file=view["save"],
                ruleset=view["ruleset"],
                turn=game["turn"],
                round=game["action_round"],
            )
        ]
    key = "start" if game is None else "now"
    value_word = "explain-state-start" if game is None else "explain-state-now"

    def value(text: str) -> str:
        return loc.text(value_word, f"{key}: {text}", value=text)

    for section in SECTIONS:
        heading = loc.text(f"explain-state-{section}", section.capitalize())
        if not view[section]:
            lines.append(f"{heading}: {loc.text('explain-state-nothing', 'none')}")
            continue
        lines.append(f"{heading}:")
        for item in view[section]:
            parts = []
            if section == "variables":
                parts = [item["type_text"], value(item[f"{key}_text"])]
            elif section == "zones":
                down = "explain-state-face-down" if item["face_down"] else "explain-state-face-up"
                parts = [loc.text(down, down), value(item[f"{key}_text"])]
            else:
                parts = [
                    loc.text("explain-state-bounds", "bounds", low=item["min"], high=item["max"]),
                ]
                if item["per_side"]:
                    parts.append(loc.text("explain-state-per-side", "per side"))
                if game is not None:
                    parts.append(value(item["now_text"]))
            lines.append(f"  {item['label']} ({item['name']}): {' · '.join(parts)}")
            lines.extend(f"    {line}" for line in item["source"]["lines"])
    return lines


def replayed_game(
    path: Path, lang: str | None, ruleset: str | None = None, rules_paths: tuple[str, ...] = ()
) -> tuple[dict[str, Any], dict[str, Any], Any]:
    """A save of `twilight play` read, checked and replayed as `play --resume` does it: (the save's data,
    its ruleset's IR, the game's state once every answer is used). Its rules are found as `twilight board`
    and `hint` find a save's (cli/board/game.py `save_ir`): the rules the save keeps, else `ruleset`'s (a
    name or a variant's folder), else its own ruleset's, installed or found in `$TWILIGHT_HOME/rules/` or
    `rules_paths`. A WordedError when it cannot be (a ruleset found nowhere names where it was looked for)."""
    from twilight.cli.board.game import save_ir
    from twilight.cli.session.saves import SaveError, check_save_names, read_save
    from twilight.cli.session.text import GameWords
    from twilight.common.cachedir import cache_dir
    from twilight.common.input_bounds import clip
    from twilight.runtime.core.engine import SaveMismatch
    from twilight.runtime.game import build_program, new_engine

    # Before the save is read there is no ruleset: the game's own words say what is wrong with it.
    words = GameWords(lang or FALLBACK)
    try:
        data = read_save(path)
        # (names, never folders, whatever --ruleset says: the save's language picks the words read)
        check_save_names(path, data, installed=False)
    except SaveError as err:
        raise StateError(
            words.t(f"play-save-{err.code}", path=str(err.path), detail=clip(err.detail))
        ) from None
    ir = save_ir(path, data, None, _compiler(rules_paths), ruleset, rules_paths)
    program = build_program(ir, code_cache=cache_dir())
    stop = _StopAtOnce()
    engine = new_engine(
        ir, {US: stop, USSR: stop}, seed=data["seed"], settings=data["settings"], program=program
    )
    try:
        engine.resume_from(data)
        engine.run()  # a finished game's save: replayed to its end
    except _Stop:
        pass
    except SaveMismatch as err:
        raise StateError(words.t("play-save-mismatch", path=str(path), detail=clip(str(err)))) from None
    return data, ir, engine.state


def _compiler(rules_paths: tuple[str, ...]) -> Callable[[str], dict[str, Any]]:
    """How `save_ir` compiles a ruleset (a name, `NAME@VERSION` or a folder, found in `rules_paths` too):
    in `explain`'s words when it cannot (an unknown ruleset, an error of its rules)."""
    from twilight.cli.explain.ruleset import found_ruleset, not_compiled
    from twilight.compiler import api

    def compiled(spec: str) -> dict[str, Any]:
        target, _ = found_ruleset(spec, rules_paths)
        result = api.compile_target(target)
        if result.ir is None or not result.ok:
            raise not_compiled(spec, result)
        return result.ir

    return compiled


def _words_folders(specs: list[str | None], ir: dict[str, Any], rules_paths: tuple[str, ...]) -> list[Path]:
    """The folders whose words a save's game is said in: those of the first of `specs` (the ruleset given,
    the save's own) found as every command finds one, else of the nearest ruleset its IR extends that is
    (a save whose rules are kept only in the rules store is still said in words)."""
    from twilight.cli.explain.ruleset import ExplainError, found_ruleset

    chain = [str(name) for name in (ir.get("ruleset") or {}).get("chain") or []]
    for spec in [*specs, *reversed(chain)]:
        if spec:
            try:
                return found_ruleset(spec, rules_paths)[1]
            except ExplainError:
                continue
    return []


def no_save_called(name: str, lang: str | None) -> StateError:
    """A save named (not a path) that `twilight saves` does not list: the save it most likely means, else
    the saves there are, as `saves delete`, `play --resume` and `board` say it; in the language asked
    for, else that of the player's last game."""
    from twilight.cli.session.text import GameWords
    from twilight.cli.session.unfinished import no_such_save, unfinished_games

    msg_id, fields = no_such_save(name)
    if lang is None:
        games = unfinished_games([])
        lang = games[0].lang if games else FALLBACK
    err = StateError(GameWords(FALLBACK).t(msg_id, **fields), msg_id, **fields)
    err.lang = lang
    return err


def explain_state(
    ruleset: str | None, lang: str | None, save: Path | None, rules_paths: tuple[str, ...] = ()
) -> tuple[Localizer, dict[str, Any]]:
    """The view of `explain state`: the ruleset's declared state at the start, or a save's game now
    (the ruleset found in `rules_paths` too)."""
    from twilight.cli.explain.ruleset import ExplainError, compiled_and_localized, found_ruleset, localized

    state = None
    if save is not None:
        data, ir, state = _saved(save, ruleset, lang, rules_paths)
        lang = lang or data["play"]["lang"]
        # (the words of the ruleset given, a variant's folder, else of the save's own found by its name)
        folders = _words_folders([ruleset, data["ruleset"]], ir, rules_paths)
        ruleset = data["ruleset"]
        try:
            loc = localized(folders, lang)
        except ExplainError as err:
            err.lang = lang
            raise
    else:
        ruleset = ruleset or "standard"
        lang = lang or FALLBACK
        target, folders = found_ruleset(ruleset, rules_paths)
        ir, loc = compiled_and_localized(target, folders, lang)
    view: dict[str, Any] = {"ruleset": ruleset, "lang": lang, "save": str(save) if save else None}
    if state is not None:
        view["game"] = {
            "turn": state.turn,
            "action_round": state.action_round,
            "over": bool(state.game_over),
            "winner": state.winner,
        }
    else:
        view["game"] = None
    view.update(state_view(loc, ir, state))
    return loc, view


def _saved(
    save: Path, ruleset: str | None, lang: str | None, rules_paths: tuple[str, ...]
) -> tuple[dict[str, Any], dict[str, Any], Any]:
    """`replayed_game`, its errors as explain's; a `--ruleset` of another ruleset than the save's said in
    explain's own words."""
    from twilight.cli.explain.ruleset import ExplainError
    from twilight.cli.session.saves import SAVE_RULESET_OTHER, SaveError, read_save

    try:
        return replayed_game(save, lang, ruleset, rules_paths)
    except WordedError as err:
        said = ExplainError(str(err)).reworded(err)
        if err.msg_id != SAVE_RULESET_OTHER or ruleset is None:
            raise said from None
    try:
        data = read_save(save)  # (read and checked a moment ago)
    except SaveError:  # (changed since: what was found then is said)
        raise said from None
    in_lang = lang or str(data["play"]["lang"])
    loc = Localizer.for_folders(_words_folders([data["ruleset"]], {}, rules_paths), in_lang)
    mismatch = ExplainError(
        loc.text(
            "explain-state-other-ruleset",
            f"{save} is a game of {data['ruleset']}, not of {ruleset}",
            file=str(save),
            save=data["ruleset"],
            ruleset=ruleset,
        )
    )
    mismatch.lang = loc.lang  # (its `error:` in the same language)
    raise mismatch
