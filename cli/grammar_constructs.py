"""The constructs of the rule language, read from the grammar file itself (`grammar/twilight.lark`).

`twilight reference` documents every construct this module finds, so the reference follows the grammar:
a new alternative, alias or rule shows up here (and a test then asks for its description). What counts as
a construct:
- an alternative with an alias (`"stability" INT -> c_stability`) is the construct named by its alias;
- the alternatives of a rule without an alias are one construct named by the rule (`block`, `column`),
  except in an inlined rule (`?atom`), where an alternative that only names another rule passes through;
- an inlined rule whose alternatives all name other rules (`?decl`, `?stmt`) is a category, listing them.
The grammar's `// ------ title` comment lines divide it into sections, which become the reference's.
"""

from __future__ import annotations

import re
from dataclasses import dataclass

from twilight.compiler.texts import grammar_text

_DIVIDER = re.compile(r"^//\s*-{8,}\s*(?P<title>.+?)\s*$")
_RULE_START = re.compile(r"^(?P<inline>\?)?(?P<name>[a-z_][a-z0-9_]*)\s*:(?P<body>.*)$")
_TERMINAL_START = re.compile(r"^(?P<name>[A-Z_][A-Z0-9_]*)\s*:(?P<body>.*)$")
_IGNORE = re.compile(r"^%ignore\s+(?P<name>[A-Z_][A-Z0-9_]*)\s*$")
_ALIAS = re.compile(r"\s*->\s*(?P<alias>[a-z_][a-z0-9_]*)\s*$")
_BARE_RULE = re.compile(r"^[a-z_][a-z0-9_]*$")
_QUOTED = re.compile(r'"((?:[^"\\]|\\.)*)"')
# Quoted symbols that would read as grammar operators once unquoted keep their quotes (and the comma,
# which reads better quoted next to them: `expr ("," expr)*`).
_GRAMMAR_SYMBOLS = {"(", ")", "[", "]", "|", "*", "+", "?", ","}


@dataclass(frozen=True)
class Alternative:
    syntax: str  # as the grammar writes it, without the alias
    alias: str | None


@dataclass(frozen=True)
class GrammarRule:
    name: str
    inlined: bool  # `?name`: a rule whose one-child matches the tree leaves out
    alternatives: tuple[Alternative, ...]
    section: str


@dataclass(frozen=True)
class Terminal:
    name: str
    pattern: str
    section: str


@dataclass(frozen=True)
class Construct:
    key: str  # the alias, or the rule's name
    rule: str  # the rule it belongs to
    syntax: tuple[str, ...]  # display form of each alternative (see `display`)
    section: str


@dataclass(frozen=True)
class Category:
    name: str
    members: tuple[str, ...]
    section: str


@dataclass(frozen=True)
class Grammar:
    sections: tuple[str, ...]
    rules: tuple[GrammarRule, ...]
    terminals: tuple[Terminal, ...]
    ignored: tuple[str, ...]

    def constructs(self) -> list[Construct]:
        out: list[Construct] = []
        names = frozenset(r.name for r in self.rules)
        for rule in self.rules:
            by_alias: dict[str, list[str]] = {}
            plain: list[str] = []
            for alt in rule.alternatives:
                if alt.alias is not None:
                    by_alias.setdefault(alt.alias, []).append(display(alt.syntax, names))
                elif not (rule.inlined and _BARE_RULE.match(alt.syntax)):
                    plain.append(display(alt.syntax, names))
            if plain:
                out.append(Construct(rule.name, rule.name, tuple(plain), rule.section))
            out.extend(Construct(a, rule.name, tuple(s), rule.section) for a, s in by_alias.items())
        return out

    def categories(self) -> list[Category]:
        return [
            Category(r.name, tuple(a.syntax for a in r.alternatives), r.section)
            for r in self.rules
            if r.inlined and all(a.alias is None and _BARE_RULE.match(a.syntax) for a in r.alternatives)
        ]

    def construct_keys(self) -> set[str]:
        return {c.key for c in self.constructs()}


def display(syntax: str, rule_names: frozenset[str] = frozenset()) -> str:
    """The syntax as a reader wants it: keywords and punctuation unquoted (`"ops" INT` -> `ops INT`),
    except symbols that are also grammar operators (`"(" args ")"` keeps its quotes) and keywords that are
    also the name of a rule (`"by" expr`), so that an unquoted lowercase word is always a rule."""

    def unquote(match: re.Match[str]) -> str:
        inner = match.group(1)
        return match.group(0) if inner in _GRAMMAR_SYMBOLS or inner in rule_names else inner

    return " ".join(_QUOTED.sub(unquote, syntax).split())


def split_alternatives(body: str) -> list[str]:
    """A rule's body split at its top-level `|` (not inside quotes, a regular expression or brackets)."""
    parts: list[str] = []
    depth = 0
    current: list[str] = []
    i = 0
    while i < len(body):
        ch = body[i]
        if ch in '"/':
            end = i + 1
            while end < len(body) and body[end] != ch:
                end += 2 if body[end] == "\\" else 1
            current.append(body[i : end + 1])
            i = end + 1
            continue
        if ch in "([":
            depth += 1
        elif ch in ")]":
            depth -= 1
        if ch == "|" and depth == 0:
            parts.append("".join(current))
            current = []
        else:
            current.append(ch)
        i += 1
    parts.append("".join(current))
    return [" ".join(p.split()) for p in parts]


def _alternative(text: str) -> Alternative:
    found = _ALIAS.search(text)
    if found:
        return Alternative(text[: found.start()].strip(), found.group("alias"))
    return Alternative(text.strip(), None)


def read_grammar(text: str | None = None) -> Grammar:
    """The grammar's sections, rules, terminals and ignored terminals, in the order written."""
    source = grammar_text() if text is None else text
    sections: list[str] = []
    rules: list[GrammarRule] = []
    terminals: list[Terminal] = []
    ignored: list[str] = []
    section = ""
    pending: tuple[str, bool, list[str]] | None = None  # name, inlined, body lines

    def flush() -> None:
        nonlocal pending
        if pending is not None:
            name, inlined, body = pending
            alternatives = tuple(_alternative(a) for a in split_alternatives(" ".join(body)))
            if name.isupper():
                terminals.append(Terminal(name, " ".join(" ".join(body).split()), section))
            else:
                rules.append(GrammarRule(name, inlined, alternatives, section))
        pending = None

    for line in source.splitlines():
        stripped = line.strip()
        divider = _DIVIDER.match(stripped)
        if divider:
            flush()
            section = divider.group("title")
            sections.append(section)
            continue
        if not stripped or stripped.startswith("//"):
            if not stripped:
                flush()
            continue
        if line[0].isspace() and pending is not None:
            pending[2].append(stripped)
            continue
        flush()
        if ignore := _IGNORE.match(stripped):
            ignored.append(ignore.group("name"))
        elif rule := _RULE_START.match(line):
            pending = (rule.group("name"), bool(rule.group("inline")), [rule.group("body")])
        elif term := _TERMINAL_START.match(line):
            pending = (term.group("name"), False, [term.group("body")])
    flush()
    return Grammar(tuple(sections), tuple(rules), tuple(terminals), tuple(ignored))
