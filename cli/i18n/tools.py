"""Translators' commands beside `twilight i18n check`: `status` (what is translated, missing, stale),
`sync` (copy missing messages from English, marked for translation), `mark-translated` (record the
English a translation was made from) and `review` (English and translation side by side).

Each works on a ruleset's chain of locale folders: the game's own words (cli/locales), then the ruleset's
base, then the ruleset. See docs/translating.md. Their output is for translators, in English.
"""

from __future__ import annotations

import json
from dataclasses import dataclass
from pathlib import Path
from typing import Any

import click
from twilight.cli.i18n.check import i18n
from twilight.cli.i18n.languages import LanguageCode, translations
from twilight.cli.i18n.review import html_page, markdown, sections
from twilight.cli.i18n.sources import MessageState, Translation, tally, write_text
from twilight.cli.i18n.sync import apply, plan
from twilight.cli.localizer import FALLBACK, LANGUAGES, ruleset_folders
from twilight.cli.output_file import NamedPath
from twilight.cli.rules_path_arg import FOUND_TOO, rules_path_option
from twilight.cli.ruleset_target import RulesetNotFound, ruleset_target
from twilight.cli.session.text import play_folders
from twilight.cli.versions import search_rules_in
from twilight.compiler.loader import display_path, known_rulesets

# The group of `twilight i18n check`, with these commands added to it (cli/main.py registers it).
__all__ = ["i18n"]

# The game's translations (the default of `review`); `--lang` also takes a language being started (de…),
# and `status` and `sync` go through every language a ruleset's locale folders hold (cli/i18n/languages.py).
TRANSLATIONS = tuple(lang for lang in LANGUAGES if lang != FALLBACK)
LANG_CHOICE = LanguageCode()
# Where a ruleset named is found too, with what it extends (as `twilight play --rules-path` finds them).
RULES_PATH_OPTION = rules_path_option(FOUND_TOO)


def chain(target: str, rules_paths: tuple[str, ...] = ()) -> list[Path]:
    """The locale folders of a ruleset (found as every command finds one: cli/ruleset_target.py, in
    `rules_paths` too): the game's own, its base's, its own."""
    try:
        found = ruleset_target(target, rules_paths)
    except RulesetNotFound as err:
        shown = f"{target}: no such ruleset ({err.help}; `twilight rulesets` lists them)"
        raise click.ClickException(shown) from None
    if not ruleset_folders(found):
        raise click.ClickException(f"{target}: no such ruleset (`twilight rulesets` lists them)")
    return play_folders(found)


def targets(rulesets: tuple[str, ...]) -> list[str]:
    return list(rulesets) or list(known_rulesets())


def _indented(label: str, text: str) -> list[str]:
    lines = text.splitlines() or [""]
    return [f"      {label}{lines[0]}", *(f"      {' ' * len(label)}{line}" for line in lines[1:])]


def status_lines(
    name: str, lang: str, states: list[MessageState], verbose: bool, optional: OptionalWords | None = None
) -> list[str]:
    counts = tally(states)
    summary = ", ".join(f"{counts[s]} {s}" for s in counts)
    lines = [f"{name} [{lang}]: {summary} (of {len(states)} English messages)"]
    if optional is not None and optional.ids:
        lines.append(
            f"{name} [{lang}]: {len(optional.ids)} optional (names of the rules shown as the rule files "
            f"write them: no words in {FALLBACK} or {lang}{'' if verbose else '; -v lists them'})"
        )
    elif optional is None:
        lines.append(f"{name} [{lang}]: optional names not listed: the ruleset does not compile")
    if not verbose:
        return lines
    for state in states:
        if state.state == "translated":
            continue
        shown = state.translation or state.english
        lines.append(f"  {state.state:<8} {state.id} ({display_path(shown.path)}:{shown.line})")
        if state.state == "stale":
            lines += _indented("English then: ", state.recorded or "")
            lines += _indented("English now:  ", state.english.canonical)
    if optional is not None:
        for msg_id in optional.ids:
            lines.append(f"  optional {msg_id} (belongs in {display_path(optional.home(lang))})")
    return lines


@dataclass(frozen=True)
class OptionalWords:
    """The optional words of a ruleset's outlines no language has (cli/i18n/check.py `unworded_names`):
    the names its rules give their local values and lasting effects, shown as written until worded."""

    ids: list[str]
    folder: Path  # the ruleset's own folder, whose outline.ftl they belong in

    def home(self, lang: str) -> Path:
        return self.folder / "locales" / lang / OUTLINE_FILE


# The file of a ruleset's locale folder that holds the outline's words.
OUTLINE_FILE = "outline.ftl"


def optional_words(
    target: str, translation: Translation, rules_paths: tuple[str, ...] = ()
) -> OptionalWords | None:
    """The outline words of a ruleset (found as `chain` finds it) that neither English nor the language
    has: its rules' own names, read from its IR; None when the ruleset does not compile."""
    from twilight.cli.i18n.check import unworded_names
    from twilight.cli.ruleset_target import compile_ruleset

    result = compile_ruleset(ruleset_target(target, rules_paths))
    if result.ir is None or not result.ok:
        return None
    english = set(translation.english)
    ids = [i for i in unworded_names(result.ir, english) if i not in translation.messages]
    return OptionalWords(ids, translation.folders[-1])


def status_json(
    name: str, lang: str, states: list[MessageState], optional: OptionalWords | None = None
) -> dict[str, Any]:
    def where(state: MessageState) -> str:
        shown = state.translation or state.english
        return f"{display_path(shown.path)}:{shown.line}"

    return {
        "ruleset": name,
        "lang": lang,
        "english": len(states),
        **tally(states),
        "missing_ids": [s.id for s in states if s.state == "missing"],
        "unknown_ids": [s.id for s in states if s.state == "unknown"],
        # the rules' own names no language words yet (None: the ruleset does not compile)
        "optional_ids": None if optional is None else optional.ids,
        "stale_ids": [
            {"id": s.id, "where": where(s), "english_then": s.recorded, "english_now": s.english.canonical}
            for s in states
            if s.state == "stale"
        ],
    }


@i18n.command("status")
@click.argument("rulesets", nargs=-1)
@click.option("--lang", "langs", type=LANG_CHOICE, multiple=True, help="A language (default: each one).")
@click.option("-v", "--verbose", is_flag=True, help="List each message not up to date; old and new English.")
@click.option("--json", "as_json", is_flag=True, help="One JSON object per ruleset and language.")
@click.option("--strict", is_flag=True, help="Exit 1 when a message is missing, stale or unknown.")
@RULES_PATH_OPTION
def status_cmd(
    rulesets: tuple[str, ...],
    langs: tuple[str, ...],
    verbose: bool,
    as_json: bool,
    strict: bool,
    rules_paths: tuple[str, ...],
) -> None:
    """How many messages of each ruleset (default: all) are translated, missing, stale (the English
    changed since the translation was made) or unknown (no record of the English it was made from);
    and the optional words no language has yet: names the rules give their local values and lasting
    effects, which the outlines of `explain` and `docs` show as the rule files write them."""
    search_rules_in(rules_paths)
    behind = False
    for name in targets(rulesets):
        folders = chain(name, rules_paths)
        for lang in langs or translations(folders):
            translation = Translation(folders, lang)
            states = translation.states()
            # (optional words are no debt: --strict does not count them)
            optional = optional_words(name, translation, rules_paths)
            behind = behind or any(s.state != "translated" for s in states)
            if as_json:
                click.echo(json.dumps(status_json(name, lang, states, optional), ensure_ascii=False))
            else:
                click.echo("\n".join(status_lines(name, lang, states, verbose, optional)))
    raise SystemExit(1 if strict and behind else 0)


@i18n.command("sync")
@click.argument("rulesets", nargs=-1)
@click.option("--lang", "langs", type=LANG_CHOICE, multiple=True, help="A language (default: each one).")
@click.option("--dry-run", is_flag=True, help="Show what would be added; change no file.")
@RULES_PATH_OPTION
def sync_cmd(
    rulesets: tuple[str, ...], langs: tuple[str, ...], dry_run: bool, rules_paths: tuple[str, ...]
) -> None:
    """Copy every English message a language lacks into that language's file of the same name, under
    a `# TODO(translate)` line, after its English neighbour; existing text is kept byte for byte."""
    search_rules_in(rules_paths)
    total = 0
    for name in targets(rulesets):
        folders = chain(name, rules_paths)
        for lang in langs or translations(folders):
            for addition in plan(Translation(folders, lang)):
                ids = ", ".join(m.id for m in addition.messages)
                count = len(addition.messages)
                total += count
                verb = "would add" if dry_run else "added"
                click.echo(f"{verb} {count} to {display_path(addition.path)}: {ids}")
                if not dry_run:
                    write_text(addition.path, apply(addition))
    if total == 0:
        click.echo("nothing to add: every English message has a translation or a copy to translate")


@i18n.command("mark-translated")
@click.argument("ruleset")
@click.argument("ids", nargs=-1)
@click.option("--lang", type=LANG_CHOICE, required=True, help="The language translated.")
@click.option("--all", "every", is_flag=True, help="Every translated message of the ruleset and its base.")
@RULES_PATH_OPTION
def mark_cmd(
    ruleset: str, ids: tuple[str, ...], lang: str, every: bool, rules_paths: tuple[str, ...]
) -> None:
    """Record today's English as the source of the translations of IDS (or --all), after a translator
    has brought them up to date: `status` then counts them translated until the English changes."""
    if bool(ids) == every:
        raise click.UsageError("name the message ids, or pass --all")
    search_rules_in(rules_paths)
    translation = Translation(chain(ruleset, rules_paths), lang)
    # With --all: every message with a translation (a copy still marked for translation has none).
    wanted = [s.id for s in translation.states() if s.state != "missing"] if every else list(ids)
    for path, count in sorted(translation.mark(wanted).items()):
        click.echo(f"recorded {count} in {display_path(path)}")


@i18n.command("review")
@click.argument("rulesets", nargs=-1)
@click.option("--lang", type=LANG_CHOICE, default=TRANSLATIONS[0], show_default=True)
@click.option(
    "-o",
    "--output",
    type=NamedPath(dir_okay=False, left_out="to print the review"),
    help="Write to this file (HTML when it ends in .html; else Markdown) instead of printing Markdown.",
)
@RULES_PATH_OPTION
def review_cmd(
    rulesets: tuple[str, ...], lang: str, output: str | None, rules_paths: tuple[str, ...]
) -> None:
    """English and translation side by side for each ruleset (default: all), grouped by the English file,
    with each message's state: missing, stale (with the English it was made from) or unknown."""
    search_rules_in(rules_paths)
    names = targets(rulesets)
    seen: set[tuple[str, str]] = set()
    parts = []
    summary = []
    for name in names:
        translation = Translation(chain(name, rules_paths), lang)
        states = translation.states()
        counts = tally(states)
        summary.append(f"{name}: " + ", ".join(f"{counts[s]} {s}" for s in counts))
        parts += sections(states, translation.extra(), seen)
    title = f"Translation review ({FALLBACK} | {lang}): {', '.join(names)}"
    if output and output.endswith(".html"):
        text = html_page(title, summary, parts, lang)
    else:
        text = markdown(title, summary, parts, lang)
    if output:
        write_text(Path(output), text)
        click.echo(f"wrote {output} ({sum(len(p.rows) for p in parts)} messages)")
    else:
        click.echo(text, nl=False)
