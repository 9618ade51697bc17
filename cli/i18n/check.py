"""`twilight i18n check [RULESET...]`: are a ruleset's words complete in every language?

What a ruleset needs is read from its IR and from the code: the names of its cards (with a summary),
countries, regions and sides; a question for every decision the rules or the interpreter ask; a label
for every option word; a reason for every prohibition code; every way the game can end; the solo
ratings, settings and phases; the words of `explain` and of the AI's explanations; the ruleset's words of
`twilight sources`' provisional list (cli/sources_words.py); and the words of the terminal game and of
`twilight docs` (cli/locales). The check reports, per language:
- missing: a message the game needs and the language lacks (or an attribute of it, e.g. `.summary`);
- unused: a message no part of the game can show (a typo, or left over after a rename);
- mismatched: a message whose attributes or variables differ from English (`$country_gen` counts as
  `$country`: grammatical forms are the translator's choice);
- syntax: a line Fluent cannot parse, told at its line and column with Fluent's reason in words and the
  line quoted (cli/i18n/syntax.py);
- untranslated: an English copy `twilight i18n sync` left marked TODO(translate) in another language;
- plural: a select on a number lacking a plural category of the language (cli/i18n/forms.py);
- ambiguous: a card's other name (`.also`, typed but never shown) that another card's name or other
  name also is, in any language: the player typing it would get neither (said only when found);
and, as a warning (an error with --strict):
- stale: a message a variant inherits for a card, procedure, function or priority option it changed, and
  does not write itself (cli/i18n/stale.py): the parent's words may say what the rule no longer does.
A missing message says which file it belongs in (for one English lacks too, the file of its family in
the ruleset's own folder, or in cli/locales) and the shape of its English (variables, attributes).
"""

from __future__ import annotations

import json
import re
import shlex
import sys
from collections import Counter
from collections.abc import Iterator
from dataclasses import dataclass, field
from pathlib import Path
from typing import Any

import click
from fluent.syntax import FluentParser
from fluent.syntax import ast as fast
from twilight.cli.declared_state import VALUE_WORDS, declared_names
from twilight.cli.i18n.forms import english_shape, file_for, plural_gaps, untranslated_copies
from twilight.cli.i18n.languages import found_languages
from twilight.cli.i18n.sources import TODO_MARK
from twilight.cli.i18n.stale import parent_ir, stale_messages
from twilight.cli.i18n.syntax import detail as syntax_detail
from twilight.cli.localizer import (
    ALIAS_ATTRIBUTE,
    FALLBACK,
    LANGUAGES,
    Localizer,
    locale_files,
    read_fluent,
    syntax_errors,
)
from twilight.cli.rules_path_arg import FOUND_TOO, rules_path_option
from twilight.cli.session.text import APP_FOLDER, CASES, play_folders
from twilight.cli.sources_cmd import needed_message_ids as sources_message_ids
from twilight.common.input_bounds import printable
from twilight.compiler.loader import display_path
from twilight.runtime.core import registry

# Attributes a language may add for its grammar, and that another may lack.
GRAMMAR_ATTRIBUTES = {*CASES, "acc", "form"}
# Attributes a language has for itself, that another may lack or have: its grammar, and the other names a
# player may type for a thing (`.also`: an older translation's name, another edition's).
OWN_ATTRIBUTES = {*GRAMMAR_ATTRIBUTES, ALIAS_ATTRIBUTE}
# `$country_gen` is a form of `$country`; the outline's placeholders write theirs `$a0gen`, `$a1acc`.
CASE_SUFFIX = re.compile(r"(_(" + "|".join(sorted(GRAMMAR_ATTRIBUTES)) + r")|(gen|acc|form))$")
# An outline's argument also comes as `$a0in`, `$a0ins` and `$a0named` (cli/outline.py `named_by_kind`):
# forms a declining language asks for where a variable's words name its kind already.
OUTLINE_FORM = re.compile(r"^(a\d+)(?:in|ins|named)$")


# ---------------------------------------------------------------------- what the IR asks for
def _walk(node: Any) -> Iterator[dict[str, Any]]:
    """Every dict of the IR below node, node first."""
    if isinstance(node, dict):
        yield node
        for value in node.values():
            yield from _walk(value)
    elif isinstance(node, list):
        for value in node:
            yield from _walk(value)


def _texts(expr: Any) -> set[str]:
    """The text literals an expression can give as its value (through `if ... then ... else`)."""
    if isinstance(expr, dict) and expr.get("op") == "if":
        return _texts(expr["args"][1]) | _texts(expr["args"][2])
    if isinstance(expr, dict) and isinstance(expr.get("str"), str):
        return {expr["str"]}
    return set()


def runtime_choices() -> tuple[set[str], set[str]]:
    """The choices the interpreter asks by name (registry.QUESTIONS, the contract's) and the word answers
    it offers: the operation and play modes, each question's words, the answers of an allowed action
    (`yes`, `no`), and `all_in` for the `all_in_<region>` answers. Read from the registry, so a new
    question of the interpreter needs its words like any other."""
    import twilight.runtime.core.primitives as primitives
    from twilight.harness.scenario import PLAY_MODES

    names = set(registry.QUESTIONS)
    words = {w for listed in registry.QUESTIONS.values() for w in listed} | set(registry.ALLOWED_WORDS)
    words |= set(primitives.MODES) | set(PLAY_MODES) | {"all_in"}
    return names, words


def play_names(ir: dict[str, Any]) -> dict[str, set[str]]:
    """The names of one ruleset's IR that need words in `twilight play`, by message family: decisions
    (each `choose`, `decide` and `allow`), option words (of each `decide`), refusals (each `forbid`'s
    code), end reasons (the texts `win` and `end_in_draw` are given), phases, victory ratings (what
    `victory_rating` returns) and settings with their values."""
    names: dict[str, set[str]] = {f: set() for f in ("decision", "option", "refusal", "end", "phase")}
    for node in _walk(ir):
        if "choose" in node and isinstance(node.get("decision"), str):
            names["decision"].add(node["decision"])
        if isinstance(node.get("decide"), str):
            names["decision"].add(node["decide"])
            names["option"] |= {option["name"] for option in node["options"]}
        if isinstance(node.get("allow"), str):
            names["decision"].add(node["allow"])
        if "forbid" in node and isinstance(node.get("code"), str):
            names["refusal"].add(node["code"])
        if isinstance(node.get("phase"), str):
            names["phase"].add(node["phase"])
        for effect in ("win", "end_in_draw"):
            if isinstance(node.get(effect), list) and node[effect]:
                names["end"] |= _texts(node[effect][-1])
    rating = (ir.get("functions") or {}).get(registry.VICTORY_RATING.name)
    names["rating"] = _texts(rating["body"]) if rating else set()
    names["setting"] = set()
    for name, setting in (ir.get("settings") or {}).items():
        values = ["true", "false"] if setting["type"] == "bool" else setting["values"]
        names["setting"] |= {name, *(f"{name}-{v}" for v in values)}
    return names


def play_message_ids(ir: dict[str, Any]) -> set[str]:
    """The message ids of `twilight play` a ruleset needs: its IR's names and the interpreter's choices."""
    decisions, words = runtime_choices()
    names = play_names(ir)
    names["decision"] |= decisions
    names["option"] |= words
    # The interpreter's own questions come with a word on the rule behind them, for `?`.
    names["help"] = set(decisions)
    # The state the ruleset declares, by name (cli/declared_state.py words its values).
    names["state"] = set(declared_names(ir))
    ids = {f"{family}-{name}" for family, found in names.items() for name in found}
    return ids | set(VALUE_WORDS)


def table_message_ids(ir: dict[str, Any]) -> set[str]:
    """Each table and each of its columns not labelled by die faces, by name (`twilight docs` shows them)."""
    ids: set[str] = set()
    for name, table in (ir.get("tables") or {}).items():
        ids.add(f"table-{name}")
        ids |= {f"table-{name}-column-{c['label']}" for c in table.get("columns") or [] if not c.get("faces")}
    return ids


def needed(ir: dict[str, Any]) -> dict[str, set[str]]:
    """Message id -> the attributes it must have, for a ruleset to be shown in full."""
    from twilight.cli.explain.appendix import APPENDIX_WORDS
    from twilight.cli.explain.cmd import EXPLAIN_WORDS
    from twilight.cli.explain.trace import TRACE_WORDS, ai_message_ids
    from twilight.cli.outline import code_message_ids

    out: dict[str, set[str]] = {}
    for card in ir["cards"]:
        out[f"card-{card}"] = {"summary"}
    for kind, ids in (
        ("country", ir["map"]["countries"]),
        ("region", ir["map"]["regions"]),
        ("side", ir["map"]["sides"]),
    ):
        out.update({f"{kind}-{i}": set() for i in ids})
    out.update({m: set() for m in play_message_ids(ir)})
    out.update({m: set() for m in table_message_ids(ir)})
    out.update({m: set() for m in code_message_ids() | set(EXPLAIN_WORDS)})
    if ir.get("priorities") or ir.get("appendix"):
        out.update({m: set() for m in ai_message_ids(ir) | set(TRACE_WORDS) | set(APPENDIX_WORDS)})
    out.update(app_needed())
    # The ruleset's description in the list of rulesets `twilight play` offers (cli/versions.py).
    out["ruleset-description"] = set()
    return out


# The program's modules that format messages of cli/locales, and the ids each may name.
APP_LITERALS = (
    (APP_FOLDER, "play/*.py", re.compile(r'"((?:play|log|help)-[a-z0-9_\-]+)"')),
    # the session layer the terminal and the browser share (cli/session: undo, hint, why, rules help…)
    (APP_FOLDER, "session/*.py", re.compile(r'"((?:play|log|help)-[a-z0-9_\-]+)"')),
    (APP_FOLDER, "docs/*.py", re.compile(r'"(docs-[a-z0-9_\-]+)"')),
    # `twilight explain`'s own errors (its other words are the ruleset's: `explain-*` of outline.ftl)
    (APP_FOLDER, "explain/*.py", re.compile(r'"(explain-error[a-z0-9_\-]*)"')),
    (APP_FOLDER, "sources*.py", re.compile(r'"(sources-[a-z0-9_\-]+)"')),
    (APP_FOLDER, "hint_cmd.py", re.compile(r'"((?:hint|play)-[a-z0-9_\-]+)"')),
    (APP_FOLDER, "replay/*.py", re.compile(r'"(replay-[a-z0-9_\-]+)"')),
    (APP_FOLDER, "web/*.py", re.compile(r'"((?:web|play)-[a-z0-9_\-]+)"')),
    # twilight.api, installed beside twilight.cli (its folder is the cli folder's sibling)
    (APP_FOLDER.parent / "api", "*.py", re.compile(r'"(api-[a-z0-9_\-]+)"')),
)


def app_needed() -> dict[str, set[str]]:
    """The program's own messages (the terminal game's and `twilight docs`'s): every id their code
    names, and each family the game builds ids in."""
    from twilight.cli.play.input import COMMANDS
    from twilight.cli.session.log import NARRATED, VARIANT_IDS, VARIANTS_ONLY
    from twilight.cli.session.saves import SAVE_CODES, WRITE_CODES

    ids: set[str] = set()
    # The terminal game's modules, and `twilight docs`'s: each writes its message ids out in full.
    for folder, pattern, literal in APP_LITERALS:
        for path in sorted(folder.glob(pattern)):
            ids.update(literal.findall(path.read_text(encoding="utf-8")))
    ids.update(f"log-{kind}" for kind in NARRATED if kind not in VARIANTS_ONLY)
    ids.update(VARIANT_IDS)
    ids.update(f"play-input-{code}" for code in PROBLEM_CODES)
    ids.update(f"play-save-{code}" for code in SAVE_CODES)
    ids.update(f"play-file-{code}" for code in WRITE_CODES)
    ids.update(f"play-language-{code}" for code in LANGUAGES)
    out: dict[str, set[str]] = {i: set() for i in ids}
    out.update({f"play-command-{c}": {"aliases"} for c in COMMANDS})
    return out


def optional_ids(ir: dict[str, Any]) -> set[str]:
    """Messages a ruleset may word although nothing requires them: what `?` says first of a question
    (cli/session/mechanics.py), by the question's name or by what its choice does; any other question gets
    the game's general word; and a standing rule's name (`rule-<id>`: the heading of its `twilight docs`
    entry and its name in `rulesets --changes`, the id itself when not worded)."""
    from twilight.cli.session.mechanics import mechanics_message_ids

    asked = {m.removeprefix("decision-") for m in play_message_ids(ir) if m.startswith("decision-")}
    rules = {f"rule-{rule}" for rule in ir.get("rules", {})}
    return mechanics_message_ids(asked) | rules | outline_name_ids(ir)


def outline_name_ids(ir: dict[str, Any]) -> set[str]:
    """The words an outline names the rules' own names by (cli/outline.py), each optional: a local value,
    loop variable or parameter (`outline-local-<name>`, shown as the rule file writes it when not
    worded) and a lasting effect not named after its card (`outline-lasting-<id>`, shown by its id)."""
    from twilight.cli.outline import LASTING_WORD, LOCAL_WORD, lasting_ids, local_names

    locals_ = {LOCAL_WORD.format(name) for name in local_names(ir)}
    return locals_ | {LASTING_WORD.format(ident) for ident in lasting_ids(ir)}


def inherited_names(table: dict[str, Message], own: Path) -> set[str]:
    """The outline words for the rules' own names (`outline_name_ids`) a ruleset inherits: a variant that
    rewrites the rule naming one (its `let half`) leaves its parent's word for it unused, and not its own."""
    from twilight.cli.outline import LASTING_WORD, LOCAL_WORD

    prefixes = (LOCAL_WORD.format(""), LASTING_WORD.format(""))
    own = own.resolve()
    return {
        msg_id
        for msg_id, message in table.items()
        if msg_id.startswith(prefixes) and not message.path.resolve().is_relative_to(own)
    }


def unworded_names(ir: dict[str, Any], english: set[str]) -> list[str]:
    """The optional outline words (`outline_name_ids`) English lacks, where the reader would see a rule
    file's name: not a one-letter name (c, s, x: a letter, as in a formula, by design), nor one the game
    words as a variable of its own (`outline-var-<name>`: `human`, `card`)."""
    from twilight.cli.outline import LOCAL_WORD

    shown_as_written = []
    for msg_id in sorted(outline_name_ids(ir) - english):
        name = msg_id.removeprefix(LOCAL_WORD.format(""))
        if msg_id != name and (len(name) == 1 or f"outline-var-{name}" in english):
            continue
        shown_as_written.append(msg_id)
    return shown_as_written


# The kinds of problem, in the order the summary line counts them: errors (the check fails on any),
# then warnings (it fails on them only with --strict).
KINDS = ("missing", "unused", "mismatched", "syntax", "untranslated", "plural")
# Errors the summary line counts only when there are any (after KINDS).
RARE_KINDS = ("ambiguous",)
# (`unoffered`, a language the locale folders hold that the game does not offer yet, is said only when found)
WARNING_KINDS = ("stale", "unoffered")
ERROR, WARNING = "error", "warning"
# Problems the input parser names (cli/play/input.py `Problem.code`).
PROBLEM_CODES = ("empty", "number", "ambiguous", "unknown", "suggest", "count", "count-exactly", "repeat")
# Families any ruleset may word although nothing requires them (explain shows them when present; a
# source or the ruleset's title is shown as written when not worded; an answer told as a move of its own,
# `log-answer-<decision>[-<answer>]`, cli/session/log.py, is told by what it does when not worded).
OPTIONAL_PREFIXES = ("procedure-", "function-", "source-", "ruleset-title", "log-answer-")
# `decision-<id>` + this: a decision's own words for where a player is in a repeated choice.
OPTIONAL_PROGRESS_SUFFIX = "-progress"


# ---------------------------------------------------------------------- what the files hold
@dataclass
class Message:
    attributes: set[str]
    variables: set[str]
    path: Path
    line: int
    terms: set[str] = field(default_factory=set)  # the terms (`-realignment`) it refers to


def read_messages(files: list[Path]) -> dict[str, Message]:
    """Message id -> its attributes and variables (a later file overrides an earlier one, as at run time)."""
    parser = FluentParser(with_spans=True)
    out: dict[str, Message] = {}
    for path in files:
        source = read_fluent(path)
        for entry in parser.parse(source).body:
            if isinstance(entry, fast.Message):
                variables: set[str] = set()
                # A grammatical form may need words of its own (the kind of a thing, to decline it).
                _collect_variables(entry.value, variables)
                for attribute in entry.attributes:
                    if attribute.id.name not in GRAMMAR_ATTRIBUTES:
                        _collect_variables(attribute.value, variables)
                line = source.count("\n", 0, entry.span.start) + 1 if entry.span else 0
                attrs = {a.id.name for a in entry.attributes}
                terms: set[str] = set()
                _collect_terms(entry, terms)
                out[entry.id.name] = Message(attrs, variables, path, line, terms)
    return out


def defined_terms(files: list[Path]) -> set[str]:
    """The terms the files define (`-realignment = …`)."""
    parser = FluentParser(with_spans=False)
    return {
        entry.id.name
        for path in files
        for entry in parser.parse(read_fluent(path)).body
        if isinstance(entry, fast.Term)
    }


def _collect_terms(node: Any, found: set[str]) -> None:
    if isinstance(node, fast.TermReference):
        found.add(node.id.name)
    if isinstance(node, fast.BaseNode):
        for value in vars(node).values():
            for item in value if isinstance(value, list) else [value]:
                _collect_terms(item, found)


def _collect_variables(node: Any, found: set[str]) -> None:
    if isinstance(node, fast.VariableReference):
        found.add(CASE_SUFFIX.sub("", OUTLINE_FORM.sub(r"\1", node.id.name)))
    if isinstance(node, fast.BaseNode):
        for value in vars(node).values():
            if isinstance(value, list):
                for item in value:
                    _collect_variables(item, found)
            else:
                _collect_variables(value, found)


@dataclass
class Report:
    ruleset: str
    problems: list[dict[str, Any]] = field(default_factory=list)
    # the languages checked: the game's, and any other its locale folders hold (cli/i18n/languages.py)
    languages: tuple[str, ...] = LANGUAGES

    def add(
        self,
        kind: str,
        lang: str,
        msg_id: str,
        detail: str = "",
        where: str = "",
        severity: str = ERROR,
        **more: str,
    ) -> None:
        problem = {"kind": kind, "lang": lang, "id": msg_id, "detail": detail, "where": where}
        self.problems.append({**problem, "severity": severity, **more})

    def failed(self, strict: bool = False) -> bool:
        """Whether any problem is an error (with `strict`, any problem at all)."""
        return any(strict or p["severity"] == ERROR for p in self.problems)


def check_ruleset(target: str, ir: dict[str, Any]) -> Report:
    """The problems of a ruleset (by name or folder) whose IR is `ir`."""
    folders = play_folders(target)
    report = Report(str(ir["ruleset"]["name"]), languages=found_languages(folders))
    wanted = needed(ir)
    optional = optional_ids(ir)
    tables = {lang: read_messages(locale_files(folders, lang)) for lang in report.languages}
    # `twilight sources`' provisional list: the readings' names, and each mark the ruleset words in English.
    wanted.update({m: set() for m in sources_message_ids(target, ir, tables[FALLBACK])})
    # A variant's words for what it changed (cli/i18n/stale.py): its parent's IR says what that is.
    parent = parent_ir(ir, folders[1:])
    for lang in report.languages:
        files = locale_files(folders, lang)
        if lang not in LANGUAGES:
            check_offered(report, lang, files)
        table = tables[lang]
        check_writing(report, lang, files, table)
        check_needed(report, lang, ir, table, wanted, (tables[FALLBACK], folders))
        check_unused(report, lang, table, wanted, optional | inherited_names(table, folders[-1]))
        if parent is not None:
            for msg_id, detail, where in stale_messages(ir, parent, folders[1:], table, lang):
                report.add("stale", lang, msg_id, detail, where, severity=WARNING)
        if lang != FALLBACK:
            check_translation(report, lang, files, table, tables[FALLBACK])
    check_aliases(report, ir, folders, tables)
    return report


def check_aliases(
    report: Report, ir: dict[str, Any], folders: list[Path], tables: dict[str, dict[str, Message]]
) -> None:
    """A card's other name (`.also`) that names another card too, by its id, its name or its own other
    names in any language: the game reads what a player types in every language at once, and would
    call that name ambiguous, so the translator hears of it here instead."""
    from twilight.cli.play.input import normalize

    cards = list(ir["cards"])
    locs = {lang: Localizer.for_folders(folders, lang) for lang in report.languages}
    owners: dict[str, dict[str, str]] = {}  # a name, normalized -> the cards it names -> as written
    for card in cards:
        spelled = [n for loc in locs.values() for n in (loc.card(card), *loc.card_aliases(card))]
        for name in [*spelled, card]:  # (a name as a player reads it, before the id)
            owners.setdefault(normalize(name), {}).setdefault(card, name)
    for lang, loc in locs.items():
        for card in cards:
            message = tables[lang].get(f"card-{card}")
            if message is None or ALIAS_ATTRIBUTE not in message.attributes:
                continue  # (a language without its own `.also` shows English's, told under en)
            for alias in loc.card_aliases(card):
                others = {c: name for c, name in owners.get(normalize(alias), {}).items() if c != card}
                if others:
                    named = ", ".join(f"card-{c} ({name})" for c, name in sorted(others.items()))
                    detail = (
                        f"the other name {alias!r} also names {named}: a player typing it gets neither; "
                        "drop it or make it longer"
                    )
                    where = f"{message.path}:{message.line}"
                    report.add("ambiguous", lang, f"card-{card}.{ALIAS_ATTRIBUTE}", detail, where)


def check_offered(report: Report, lang: str, files: list[Path]) -> None:
    """A language the locale folders hold that the game cannot be played in yet: its words are checked
    like any other's, and this says what else it takes (docs/translating.md, "Adding a language")."""
    detail = (
        f"the game does not offer {lang} yet: add it to LANGUAGES in cli/localizer.py, with a "
        f"play-language-{lang} message (its name) in every language of cli/locales"
    )
    report.add("unoffered", lang, "", detail, display_path(files[0].parent), severity=WARNING)


def check_writing(report: Report, lang: str, files: list[Path], table: dict[str, Message]) -> None:
    """What Fluent cannot parse, plurals the language lacks, and terms no file defines."""
    for error in syntax_errors(files):
        report.add(
            "syntax", lang, error.msg_id, syntax_detail(error), error.where, code=error.code, text=error.text
        )
    for msg_id, detail, where in plural_gaps(files, lang):
        report.add("plural", lang, msg_id, detail, where)
    # A term comes from the ruleset (its seed's word): the game's own words rely on it being there.
    terms = defined_terms(files)
    for msg_id in sorted(table):
        for term in sorted(table[msg_id].terms - terms):
            where = f"{table[msg_id].path}:{table[msg_id].line}"
            report.add("missing", lang, f"-{term}", f"the term is used by {msg_id}", where)


def check_needed(
    report: Report,
    lang: str,
    ir: dict[str, Any],
    table: dict[str, Message],
    wanted: dict[str, set[str]],
    english: tuple[dict[str, Message], list[Path]],
) -> None:
    """The messages (and attributes, and grammatical forms) the ruleset needs that the language lacks;
    `english`: the English messages and the chain's folders, to say where a missing one belongs."""
    for msg_id, forms in sorted(grammar_needed(ir, table).items()):
        named = table[msg_id]
        for form in sorted(forms - named.attributes):
            report.add("missing", lang, f"{msg_id}.{form}", where=f"{named.path}:{named.line}")
    for msg_id in sorted(wanted):
        found = table.get(msg_id)
        if found is None:
            report.add("missing", lang, msg_id, missing_detail(msg_id, *english, lang))
            continue
        for attr in sorted(wanted[msg_id] - found.attributes):
            report.add("missing", lang, f"{msg_id}.{attr}", where=f"{found.path}:{found.line}")


def check_unused(
    report: Report, lang: str, table: dict[str, Message], wanted: dict[str, set[str]], optional: set[str]
) -> None:
    """The messages no part of the game can show."""
    for msg_id in sorted(table):
        # A decision asked in a `repeat` may have its words for "pick 2 of 3" (cli/session/question.py).
        progress_of = msg_id.removesuffix(OPTIONAL_PROGRESS_SUFFIX)
        if progress_of != msg_id and progress_of.startswith("decision-") and progress_of in wanted:
            continue
        if msg_id not in wanted and msg_id not in optional and not msg_id.startswith(OPTIONAL_PREFIXES):
            stray = table[msg_id]
            report.add("unused", lang, msg_id, where=f"{stray.path}:{stray.line}")


def check_translation(
    report: Report, lang: str, files: list[Path], table: dict[str, Message], english: dict[str, Message]
) -> None:
    """A translation's copies still to translate, and messages whose attributes or variables differ
    from English."""
    for msg_id, where in untranslated_copies(files):
        report.add("untranslated", lang, msg_id, f"an English copy still marked {TODO_MARK}", where)
    for msg_id in sorted(set(table) & set(english)):
        mine, theirs = table[msg_id], english[msg_id]
        where = f"{mine.path}:{mine.line}"
        attrs = (mine.attributes - OWN_ATTRIBUTES) ^ (theirs.attributes - OWN_ATTRIBUTES)
        if attrs:
            report.add(
                "mismatched", lang, msg_id, f"attributes differ from {FALLBACK}: {sorted(attrs)}", where
            )
        if mine.variables != theirs.variables:
            lost = sorted(theirs.variables - mine.variables)
            extra = sorted(mine.variables - theirs.variables)
            detail = "; ".join(
                part
                for part in (
                    f"lacks ${', $'.join(lost)}" if lost else "",
                    f"uses ${', $'.join(extra)} that {FALLBACK} does not" if extra else "",
                )
                if part
            )
            report.add("mismatched", lang, msg_id, detail, where)


def missing_detail(msg_id: str, english: dict[str, Message], folders: list[Path], lang: str) -> str:
    """Where a missing message goes and, when English has it, how its English is built."""
    found = english.get(msg_id)
    if found is None:
        home = display_path(home_file(msg_id, english, folders, lang))
        return f"belongs in {home}" + ("" if lang == FALLBACK else f"; {FALLBACK} lacks it too")
    if lang == FALLBACK:
        return ""
    shape = english_shape(found.variables, found.attributes)
    return f"belongs in {display_path(file_for(found.path, lang))}; in {FALLBACK}: {shape}"


def home_file(msg_id: str, english: dict[str, Message], folders: list[Path], lang: str) -> Path:
    """The file of `lang` a message no English file holds belongs in: the file that holds most messages
    of its family (the id up to a dash: `ai-option-`, else `ai-`), in the ruleset's own folder (the last
    of `folders`), or in the game's own words (cli/locales) when only they have the family; the
    ruleset's play.ftl when no message is of its family."""
    own, app = folders[-1], (APP_FOLDER / "locales").resolve()
    parts = msg_id.split("-")
    for n in range(len(parts) - 1, 0, -1):
        prefix = "-".join(parts[:n]) + "-"
        paths = [m.path for key, m in english.items() if key.startswith(prefix) and key != msg_id]
        if paths:
            name = Counter(path.name for path in paths).most_common(1)[0][0]
            only_app = all(path.resolve().is_relative_to(app) for path in paths)
            return (APP_FOLDER if only_app else own) / "locales" / lang / name
    return own / "locales" / lang / "play.ftl"


def grammar_needed(ir: dict[str, Any], table: dict[str, Message]) -> dict[str, set[str]]:
    """A language that gives one country (or region, or side) a grammatical form must give every one
    that form: a message using `$country_in` would otherwise read wrongly for the others."""
    out: dict[str, set[str]] = {}
    for kind, ids in (
        ("country", ir["map"]["countries"]),
        ("region", ir["map"]["regions"]),
        ("side", ir["map"]["sides"]),
    ):
        present = [table[f"{kind}-{i}"] for i in ids if f"{kind}-{i}" in table]
        forms = set().union(*(m.attributes & GRAMMAR_ATTRIBUTES for m in present)) if present else set()
        if forms:
            out.update({f"{kind}-{i}": forms for i in ids if f"{kind}-{i}" in table})
    return out


def render_report(report: Report, strict: bool = False) -> list[str]:
    lines = []
    for p in report.problems:
        where = f" ({p['where']})" if p["where"] else ""
        said = ": ".join(part for part in (p["id"], p["detail"]) if part)
        lines.append(f"{report.ruleset} [{p['lang']}] {p['kind']}: {said}{where}")
    counts: dict[str, int] = {}
    for p in report.problems:
        counts[p["kind"]] = counts.get(p["kind"], 0) + 1
    summary = ", ".join(
        [f"{counts.get(k, 0)} {k}" for k in KINDS] + [f"{counts[k]} {k}" for k in RARE_KINDS if counts.get(k)]
    )
    shown = [k for k in WARNING_KINDS if k == WARNING_KINDS[0] or counts.get(k)]
    warnings = ", ".join(f"{counts.get(k, 0)} {k}" for k in shown)
    state = "failed" if report.failed(strict) else "ok"
    languages = ", ".join(report.languages)
    lines.append(f"{report.ruleset}: {state}: {summary}; warnings: {warnings} ({languages})")
    return lines


def check_command(name: str, rules_paths: tuple[str, ...]) -> str:
    """The `twilight check` that shows why `name` does not compile: with the rules paths it was found in
    (without them the check would not find it, or its pinned parent), each word quoted for the shell."""
    words = ["twilight", "check", *(w for path in rules_paths for w in ("--rules-path", path)), name]
    return printable(" ".join(shlex.quote(word) for word in words))  # (shown, never acted on by the terminal)


@click.group("i18n")
def i18n() -> None:
    """Translators' tools (what they print is in English)."""


@i18n.command("check")
@click.argument("rulesets", nargs=-1)
@click.option("--json", "as_json", is_flag=True, help="One JSON object per problem, then none: for tools.")
@click.option("--strict", is_flag=True, help="Exit 1 on warnings too (stale words of a variant).")
@rules_path_option(FOUND_TOO)
def check_cmd(rulesets: tuple[str, ...], as_json: bool, strict: bool, rules_paths: tuple[str, ...]) -> None:
    """Report missing, unused and mismatched messages of each ruleset (default: all), in every language,
    and the words a variant inherits for what it changed (warnings). Exit 1 on any error (with
    --strict, on any warning too)."""
    from twilight.cli.ruleset_target import compile_ruleset, ruleset_target
    from twilight.cli.versions import search_rules_in
    from twilight.compiler.loader import known_rulesets

    search_rules_in(rules_paths)
    names = list(rulesets) or list(known_rulesets())
    failed = False
    for name in names:
        result = compile_ruleset(name, rules_paths)
        if result.ir is None or not result.ok:
            click.echo(f"{name}: the ruleset does not compile; run `{check_command(name, rules_paths)}`")
            failed = True
            continue
        report = check_ruleset(ruleset_target(name, rules_paths), result.ir)
        failed = failed or report.failed(strict)
        if as_json:
            for problem in report.problems:
                click.echo(json.dumps({"ruleset": report.ruleset, **problem}, ensure_ascii=False))
        else:
            for line in render_report(report, strict):
                click.echo(line)
    sys.exit(1 if failed else 0)
