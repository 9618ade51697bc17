"""`twilight reference`: the language reference, generated from the grammar and the runtime registry.

Every form of the language comes from `grammar/twilight.lark` (cli/grammar_constructs.py reads it), every
primitive, trigger, action, quantity, expiry, status and moment from the registry (through the IR schema,
compiler/vocab.py); `cli/reference_notes.yaml` adds a one-line meaning and an example to each. The
reference cannot drift from the language: a construct or name without a note is shown as undescribed, and
tests/test_reference.py fails until it has one (and when a note names something that no longer exists).
docs/reference.md is this command's Markdown output.
"""

from __future__ import annotations

import re
import sys
from dataclasses import dataclass, field
from importlib import resources
from typing import Any

import click
import yaml
from twilight.cli.grammar_constructs import Construct, Grammar, read_grammar
from twilight.cli.output_file import write_output_file
from twilight.compiler.parser import keywords
from twilight.compiler.vocab import Vocabulary, vocabulary

NOTES_FILE = "reference_notes.yaml"
UNDESCRIBED = f"(not described yet: add it to cli/{NOTES_FILE})"


class NotesError(ValueError):
    """The notes file is not shaped as the reference needs (a message for one line)."""


@dataclass(frozen=True)
class Note:
    meaning: str
    example: str


@dataclass(frozen=True)
class Notes:
    constructs: dict[str, Note]
    terminals: dict[str, Note]
    registry: dict[str, dict[str, str]]  # section (triggers, actions, ...) -> name -> meaning

    def construct(self, key: str) -> Note:
        return self.constructs.get(key, Note(UNDESCRIBED, ""))

    def terminal(self, key: str) -> Note:
        return self.terminals.get(key, Note(UNDESCRIBED, ""))

    def meaning(self, section: str, name: str) -> str:
        return self.registry.get(section, {}).get(name, UNDESCRIBED)


def _notes_with_examples(raw: Any, where: str) -> dict[str, Note]:
    if not isinstance(raw, dict):
        raise NotesError(f"{NOTES_FILE}: `{where}` must map names to a meaning and an example")
    out: dict[str, Note] = {}
    for key, value in raw.items():
        if not (
            isinstance(value, dict)
            and set(value) == {"meaning", "example"}
            and all(isinstance(v, str) and v.strip() for v in value.values())
        ):
            raise NotesError(f"{NOTES_FILE}: {where}.{key} needs a `meaning` and an `example`, both text")
        out[str(key)] = Note(value["meaning"].strip(), value["example"].strip())
    return out


def parse_notes(text: str) -> Notes:
    try:
        raw = yaml.safe_load(text)
    except yaml.YAMLError as err:
        raise NotesError(f"{NOTES_FILE} is not valid YAML: {err}".splitlines()[0]) from err
    wanted = {"constructs", "terminals", *REGISTRY_SECTIONS}
    if not isinstance(raw, dict) or set(raw) != wanted:
        raise NotesError(f"{NOTES_FILE} must hold exactly the sections {', '.join(sorted(wanted))}")
    registry: dict[str, dict[str, str]] = {}
    for section in REGISTRY_SECTIONS:
        entries = raw[section]
        if not isinstance(entries, dict) or not all(
            isinstance(v, str) and v.strip() for v in entries.values()
        ):
            raise NotesError(f"{NOTES_FILE}: `{section}` must map each name to a one-line meaning")
        registry[section] = {str(k): v.strip() for k, v in entries.items()}
    return Notes(
        _notes_with_examples(raw["constructs"], "constructs"),
        _notes_with_examples(raw["terminals"], "terminals"),
        registry,
    )


def notes_text() -> str:
    return resources.files("twilight.cli").joinpath(NOTES_FILE).read_text(encoding="utf-8")


def load_notes() -> Notes:
    return parse_notes(notes_text())


# The reference's table of each registry section: its title, the header of its first two columns and what
# it says first. The sections are named as the vocabulary's fields (compiler/vocab.py).
REGISTRY_TABLES: tuple[tuple[str, str, tuple[str, str], str], ...] = (
    (
        "triggers",
        "Triggers",
        ("trigger", "binds"),
        "What `on TRIGGER` and `ends on TRIGGER` listen to, and the variables each binds.",
    ),
    (
        "actions",
        "Actions a forbid refuses",
        ("action", "binds"),
        "`forbid ACTION, … when COND code CODE`; the condition sees the variables the action binds.",
    ),
    (
        "modifiers",
        "Quantities a modify changes",
        ("quantity", "binds"),
        "`modify QUANTITY by|to EXPR when COND`; `actor` is the side whose roll, card or count it is. Every"
        " `to` that holds applies first (standing rules in the order they are declared, then lasting effects"
        " in the order they began: the last one sets the value), then every `by` that holds is added: a"
        " variant's `modify action_rounds to 7` with the Space Station's `modify action_rounds by 1`"
        " gives 8.",
    ),
    ("expiries", "Lasting effects end", ("expiry", "arguments"), "`lasting NAME until EXPIRY(ARGS) { … }`."),
    (
        "statuses",
        "Statuses",
        ("status", "arguments"),
        "`status NAME(ARGUMENTS)` in a lasting effect or a standing rule.",
    ),
    (
        "moments",
        "Appendix moments",
        ("moment", "in REGION"),
        "When a solo appendix entry lets the AI play the event (`ai_event MOMENT, … when COND`).",
    ),
    (
        "contexts",
        "Variables of each block",
        ("block", "variables"),
        "Names a block sees besides its parameters and local variables.",
    ),
)
# The sections of the notes file about the registry, in the order the reference shows them.
REGISTRY_SECTIONS = tuple(section for section, *_ in REGISTRY_TABLES)


def _bindings(bound: dict[str, str]) -> str:
    return ", ".join(f"{name}: {typ}" for name, typ in bound.items())


def _registry_values(vocab: Vocabulary, section: str) -> dict[str, str]:
    """Each name of a registry section, with what the reference shows beside it: the variables it binds,
    the types of its arguments, or whether it may name a region."""
    entries: dict[str, Any] = getattr(vocab, section)
    if section == "moments":
        return {name: "yes" if region else "no" for name, region in entries.items()}
    if section in ("expiries", "statuses"):
        return {name: ", ".join(types) for name, types in entries.items()}
    return {name: _bindings(bound) for name, bound in entries.items()}


def registry_names(vocab: Vocabulary) -> dict[str, set[str]]:
    """The names of each registry section the notes describe."""
    return {section: set(getattr(vocab, section)) for section in REGISTRY_SECTIONS}


def drift(grammar: Grammar, notes: Notes, vocab: Vocabulary) -> dict[str, tuple[list[str], list[str]]]:
    """Per section of the notes: the names the language has and the notes lack, and the notes about
    names the language no longer has. Empty lists everywhere when the notes fit the language."""
    wanted = {
        "constructs": (grammar.construct_keys(), set(notes.constructs)),
        "terminals": ({t.name for t in grammar.terminals}, set(notes.terminals)),
    }
    for section, names in registry_names(vocab).items():
        wanted[section] = (names, set(notes.registry.get(section, {})))
    return {
        section: (sorted(have - noted), sorted(noted - have)) for section, (have, noted) in wanted.items()
    }


# ---------------------------------------------------------------------- the document
# A table cell: segments of text, each shown as code or not.
Cell = tuple[tuple[str, bool], ...]


def code(text: str) -> Cell:
    return ((text, True),) if text else ()


def plain(text: str) -> Cell:
    return ((text, False),)


@dataclass
class Table:
    title: str
    header: tuple[str, ...]
    rows: list[tuple[Cell, ...]] = field(default_factory=list)
    intro: list[str] = field(default_factory=list)


def _sentence_case(title: str) -> str:
    return title[:1].upper() + title[1:]


def _grammar_tables(grammar: Grammar, notes: Notes) -> list[Table]:
    tables = {s: Table(_sentence_case(s), ("form", "syntax", "meaning", "example")) for s in grammar.sections}
    merged: dict[tuple[str, str], list[Construct]] = {}
    for construct in grammar.constructs():
        merged.setdefault((construct.section, construct.key), []).append(construct)
    for (section, key), parts in merged.items():
        rules = list(dict.fromkeys(p.rule for p in parts))
        form = code(key) if rules == [key] else code(key) + plain(f" ({', '.join(rules)})")
        syntax = " | ".join(s for p in parts for s in p.syntax)
        note = notes.construct(key)
        tables[section].rows.append((form, code(syntax), plain(note.meaning), code(note.example)))
    for category in grammar.categories():
        members = ", ".join(f"`{m}`" for m in category.members)
        tables[category.section].intro.append(f"`{category.name}` is one of {members}.")
    for terminal in grammar.terminals:
        table = tables[terminal.section]
        table.header = ("word", "pattern", "meaning", "example")
        note = notes.terminal(terminal.name)
        table.rows.append(
            (code(terminal.name), code(terminal.pattern), plain(note.meaning), code(note.example))
        )
    if grammar.terminals:
        last = tables[grammar.terminals[-1].section]
        skipped = ", ".join(f"`{name}`" for name in grammar.ignored)
        last.intro.append(f"Skipped between words: {skipped} (`WS`: spaces, tabs and newlines).")
        last.intro.append("Keywords: " + ", ".join(f"`{k}`" for k in sorted(keywords())) + ".")
    return [t for t in tables.values() if t.rows or t.intro]


def _registry_tables(vocab: Vocabulary, notes: Notes) -> list[Table]:
    primitives = Table(
        "Primitives",
        ("signature", "kind", "meaning"),
        intro=[
            "What rule files may call, from the runtime registry (`twilight primitives`). A query has a "
            "value and is used in expressions; an effect changes the game and is a statement. `T` stands "
            "for one type throughout a signature; `...` repeats the last parameter."
        ],
    )
    for name in sorted(vocab.primitives):
        sig = vocab.primitives[name]
        kind = "query" if sig.returns else "effect"
        primitives.rows.append((code(sig.render()), plain(kind), plain(sig.doc)))

    tables = [primitives, _contract_table(vocab)]
    for section, title, header, intro in REGISTRY_TABLES:
        table = Table(title, (*header, "meaning"), intro=[intro])
        for name, value in _registry_values(vocab, section).items():
            shown = code(value) if value else plain("-")
            table.rows.append((code(name), shown, plain(notes.meaning(section, name))))
        tables.append(table)
    values: list[tuple[Cell, ...]] = [(code(t), code(", ".join(names))) for t, names in vocab.enums.items()]
    intro = "Names usable in any expression; `none` fits every type."
    tables.append(Table("Built-in values", ("type", "values"), values, [intro]))
    return tables


CONTRACT_TITLE = "What the runtime needs from a ruleset"


def _contract_table(vocab: Vocabulary) -> Table:
    """The runtime contract: every declaration the runtime calls by name, when it is needed and why."""
    from twilight.compiler.contract import declaration_text

    contract = vocab.contract
    callers: dict[str, list[str]] = {}
    for prim, names in contract.primitives.items():
        for name in names:
            callers.setdefault(name, []).append(f"{prim}()")
    table = Table(
        CONTRACT_TITLE,
        ("declaration", "needed by", "meaning"),
        intro=[
            "The runtime calls these declarations of a ruleset by name (`runtime/registry.py`). A ruleset "
            "that calls a primitive must declare what the primitive needs; the engine needs some of every "
            f"ruleset, and more of {contract.when.get('solo', 'a game against the AI')}. A declaration "
            "marked optional may be left out, but when declared it must have the types shown. `twilight "
            "check` reports a missing one (E601, where the need arises, with the declaration to write) and "
            "one with other types (E602, at the declaration). A priority list may leave out the parameters "
            "after `ai`; `<intent>` is one of the values listed.",
        ],
    )
    for when, names in contract.engine.items():
        for name in names:
            callers.setdefault(name, []).append(
                "every ruleset"
                if when == "always"
                else f"a game against the AI (setting {contract.solo_setting})"
            )
    for name, need in contract.needs.items():
        meaning = need.doc + (" Optional." if need.optional else "")
        if need.values:
            meaning += " <" + need.name.split("<", 1)[1] + ": " + ", ".join(need.values) + "."
        table.rows.append(
            (code(declaration_text(need)), plain(", ".join(callers.get(name, []))), plain(meaning))
        )
    return table


def build(grammar: Grammar | None = None, notes: Notes | None = None) -> list[Table]:
    """The reference's tables: the grammar's sections in its order, then the runtime's vocabulary."""
    notes = notes or load_notes()
    return _grammar_tables(grammar or read_grammar(), notes) + _registry_tables(vocabulary(), notes)


TITLE = "The rule language: reference"
INTRO = (
    "Generated by `twilight reference --markdown -o docs/reference.md` from the grammar "
    "(`grammar/twilight.lark`: every form below), the runtime registry (`runtime/registry.py`, through "
    "`compiler/schema/ir.schema.json`) and the words of `cli/reference_notes.yaml`. Edit those and "
    "regenerate; `tests/test_reference.py` fails when this page is stale or a form lacks its words. "
    "[language.md](language.md) is the guide to the language, with longer examples.",
    "Reading the syntax: keywords and symbols stand as written, except that a symbol of the grammar's own "
    'notation and a keyword that is also the name of a form are quoted (`"("`, `"by"`); `NAME`, `INT` and '
    "`STRING` are words (see Words and symbols); an unquoted lowercase name is another form on this "
    "page; `x?` and `[x]` are optional, `x*` repeats any number of times, `x+` once or more, `( … )` "
    "groups and `a | b` is either. Newlines carry no meaning, so every example fits on one line.",
)


def _code_span(text: str) -> str:
    fence = "``" if "`" in text else "`"
    pad = " " if text.startswith("`") or text.endswith("`") else ""
    return f"{fence}{pad}{text}{pad}{fence}"


def _markdown_cell(cell: Cell) -> str:
    text = "".join(_code_span(t) if is_code else t for t, is_code in cell)
    return text.replace("|", "\\|")


def render_markdown(tables: list[Table]) -> str:
    lines = [f"# {TITLE}", ""]
    for paragraph in INTRO:
        lines += [paragraph, ""]
    for table in tables:
        lines += [f"## {table.title}", ""]
        for paragraph in table.intro:
            lines += [paragraph, ""]
        lines.append("| " + " | ".join(table.header) + " |")
        lines.append("|" + " --- |" * len(table.header))
        lines += ["| " + " | ".join(_markdown_cell(c) for c in row) + " |" for row in table.rows]
        lines.append("")
    return "\n".join(lines)


_LINK = re.compile(r"\[([^\]]*)\]\([^)]*\)")


def _unmark(text: str) -> str:
    """Markdown prose as plain text: no code marks, links as their words."""
    return _LINK.sub(r"\1", text).replace("`", "")


def render_text(tables: list[Table]) -> str:
    """One entry per row: its first two cells on a line, then the others indented, labelled when code."""
    lines = [TITLE, "=" * len(TITLE), ""]
    lines += [_unmark(p) + "\n" for p in INTRO]
    for table in tables:
        lines += [table.title, "-" * len(table.title)]
        lines += [_unmark(p) for p in table.intro]
        for row in table.rows:
            lines.append("  ".join("".join(t for t, _ in cell) for cell in row[:2] if cell))
            for label, cell in zip(table.header[2:], row[2:], strict=True):
                text = "".join(t for t, _ in cell)
                if text:
                    shown = f"{label}: {text}" if any(is_code for _, is_code in cell) else _unmark(text)
                    lines.append(f"    {shown}")
        lines.append("")
    return "\n".join(lines)


@click.command("reference")
@click.option("--markdown", is_flag=True, help="Markdown, as docs/reference.md holds it.")
@click.option(
    "-o", "--output", type=click.Path(dir_okay=False), default=None, help="Write to a file, not the terminal."
)
def reference(markdown: bool, output: str | None) -> None:
    """The language reference: every form of the grammar and every primitive, trigger, action, quantity,
    expiry, status and moment of the runtime, each with its meaning (an author tool, in English)."""
    try:
        tables = build()
    except NotesError as err:
        click.echo(f"error: {err}", err=True)
        sys.exit(1)
    text = render_markdown(tables) if markdown else render_text(tables)
    if output is None:
        click.echo(text, nl=False)
        return
    write_output_file(text, output)
    click.echo(f"wrote {output}")
