"""What a name is, in a few lines: its kind and signature as the rules write it, its `source` or
`provisional` marks, its names in English and Russian (the rulesets' Fluent files), where it is declared.

For the hover and the completion list. An author tool: like `twilight fmt` and `twilight check`, its own
words are English; the names it shows are the ruleset's, in both languages.
"""

from __future__ import annotations

import functools
from collections.abc import Iterable, Mapping
from pathlib import Path

from twilight.cli.grammar_constructs import read_grammar
from twilight.cli.localizer import Localizer
from twilight.cli.lsp.analysis import namespace
from twilight.compiler import ast
from twilight.compiler.loader import NAMESPACE
from twilight.compiler.parser import keywords
from twilight.compiler.symbols import Declaration, SymbolTable
from twilight.compiler.types import MAYBE
from twilight.compiler.vocab import Signature, vocabulary

# The message id of a declared thing's name in the rulesets' Fluent files, by its kind: those the game
# names them by (cli/outline.py, cli/docs/pages.py, cli/explain/trace.py); `{setting}` is the setting a
# value belongs to.
NAME_IDS = {
    "card": "card-{name}",
    "appendix": "card-{name}",
    "country": "country-{name}",
    "region": "region-{name}",
    "subregion": "region-{name}",
    "side": "side-{name}",
    "superpower": "side-{name}",
    "setting": "setting-{name}",
    "priority": "ai-priority-{name}",
    "function": "function-{name}",
    "procedure": "procedure-{name}",
    "table": "table-{name}",
    "phase": "phase-{name}",
    "step": "phase-{name}",
    "option": "ai-option-{name}",
    "value": "setting-{setting}-{name}",
    "order": "order-{name}",
    "rule": "rule-{name}",
    "restriction": "rule-{name}",
    "variable": "state-{name}",
    "track": "state-{name}",
    "zone": "state-{name}",
}
# The attribute of `setting-<name>` that names a setting (its value is the question asked for it).
SETTING_NAME = "name"
LANGUAGES = (("en", "English"), ("ru", "Russian"))


def primitives() -> dict[str, Signature]:
    """The runtime's primitives as the compiler knows them (the schema, made from runtime/registry.py)."""
    return vocabulary().primitives


# (priority, option) -> the option's number and marks in the compiled rules (analysis.options_in_force)
InForce = Mapping[tuple[str, str], tuple[int, list[str]]]


def signature(declared: Declaration, in_force: InForce | None = None) -> str:
    """One line as the rules would declare it (without the body); an option with the number it has in
    the ruleset compiled (`in_force`), and the one its declaration writes when a patch moved it."""
    decl, name = declared.decl, declared.name
    node = declared.node
    if declared.kind == "option" and isinstance(node, ast.PriorityOption):
        return _option(declared, node, in_force)
    if declared.kind in ("phase", "step"):
        return f"{declared.kind} {name}  (of {declared.owner})"
    if declared.kind == "subregion":
        return f"subregion {name}  (of region {decl.name.name})"
    if declared.kind == "superpower":
        return f"superpower {name}  (of side {decl.name.name})"
    if declared.kind == "value":
        return f"{name}  (a value of setting {decl.name.name})"
    head = f"{'override ' if decl.override else ''}{declared.kind}"
    if isinstance(decl, ast.ProcedureDecl | ast.MomentDecl):
        return f"{head} {name}({_params(decl.params)})"
    if isinstance(decl, ast.FunctionDecl):
        return f"{head} {name}({_params(decl.params)}): {written_type(decl.returns)}"
    if isinstance(decl, ast.PriorityDecl):
        target = f" -> target {decl.target[0].name}: {written_type(decl.target[1])}" if decl.target else ""
        return f"{head} {name}({_params(decl.params)}){target}"
    if isinstance(decl, ast.CardDecl):
        return f"{head} {decl.number} {name}: {_clauses(decl.clauses)}"
    if isinstance(decl, ast.AppendixDecl):
        return f"{head} {decl.number} {name}"
    if isinstance(decl, ast.CountryDecl):
        return f"{head} {name}: {_clauses(decl.clauses)}"
    if isinstance(decl, ast.RegionDecl) and decl.subregions:
        return f"{head} {name}: subregions {', '.join(sub.name for sub, _ in decl.subregions)}"
    if isinstance(decl, ast.SettingDecl):
        return f"{head} {name}: {_setting(decl)}"
    if isinstance(decl, ast.VariableDecl):
        default = f" = {_value(decl.default[0])}" if decl.default is not None else ""
        return f"{head} {name}: {written_type(decl.type)}{default}"
    if isinstance(decl, ast.TrackDecl):
        return f"{head} {name} from {decl.low} to {decl.high}{' per side' if decl.per_side else ''}"
    if isinstance(decl, ast.ZoneDecl):
        return f"{head} {name}{' face down' if decl.face_down else ''}"
    if isinstance(decl, ast.TableDecl):
        columns = ", ".join(column for column, _ in decl.columns)
        keys = ", ".join(key.name for key in decl.keys)
        return f"{head} {name}: keys {keys or '-'}; columns {columns or '-'}; {len(decl.rows)} rows"
    if isinstance(decl, ast.OrderDecl):
        return f"{head} {name}: {', '.join(item.name for item in decl.items)}"
    if isinstance(decl, ast.RulesetDecl):
        return _manifest(decl)
    return f"{head} {name}"


def _option(declared: Declaration, node: ast.PriorityOption, in_force: InForce | None) -> str:
    """An option with its number in the ruleset compiled, and the one written where a patch moved it."""
    number, _ = (in_force or {}).get((str(declared.owner), declared.name), (node.number, []))
    moved = f"; option {node.number} where declared" if number != node.number else ""
    return f"option {number} {declared.name}  (of priority {declared.owner}{moved})"


def _manifest(decl: ast.RulesetDecl) -> str:
    """A manifest with its version and parent: what `--ruleset NAME@VERSION` and a scenario's
    `ruleset:` pin."""
    parts = [f"version {decl.version}"] if decl.version else []
    parts += [f"extends {parent}" for parent, _ in decl.extends]
    return f'ruleset "{decl.name.name}"' + (f": {', '.join(parts)}" if parts else "")


def written_type(parsed: str) -> str:
    """A type as the rules write it: the parser marks a value that may be none with `?` (compiler/
    types.py), which is no syntax of the language (`country or none`, `list[card or none]`)."""
    return parsed.replace(MAYBE, " or none")


def _params(params: list[ast.Param]) -> str:
    return ", ".join(f"{p.name.name}: {written_type(p.type)}" for p in params)


def _value(value: object) -> str:
    if isinstance(value, ast.Ident):
        return value.name
    if isinstance(value, bool):
        return "true" if value else "false"
    return "none" if value is None else str(value)


def _clauses(clauses: Mapping[str, tuple[object, object]]) -> str:
    """The short clauses of a card or a country (`ops 4, side us, period early, starred`); blocks left out."""
    out: list[str] = []
    for key, (value, _) in clauses.items():
        if value is True:
            out.append(key)
        elif isinstance(value, (int, ast.Ident)) and not isinstance(value, bool):
            out.append(f"{key} {_value(value)}")
        elif isinstance(value, list) and all(isinstance(v, ast.Ident) for v in value):
            out.append(f"{key} {', '.join(v.name for v in value)}")
    return ", ".join(out)


def _setting(decl: ast.SettingDecl) -> str:
    kind = " | ".join(v.name for v in decl.values) if decl.type == "enum" else decl.type
    if decl.bounds is not None:
        kind += f" from {decl.bounds[0]} to {decl.bounds[1]}"
    default = f" = {_value(decl.default[0])}" if decl.default is not None else ""
    return f"{kind}{default}{' (asked when a game starts)' if decl.asked else ''}"


def marks(declared: Declaration, in_force: InForce | None = None) -> list[str]:
    """Its `source` and `provisional` marks as written: for a superpower or a setting's value, which
    carry none of their own, those of the declaration that declares them (and for a subregion without
    its own, its region's); an option's as the ruleset compiled has them (`in_force`: a patch's `move`
    adds its mark to the moved option)."""
    node, decl = declared.node, declared.decl
    compiled = (
        (in_force or {}).get((str(declared.owner), declared.name)) if declared.kind == "option" else None
    )
    if compiled is not None:
        return list(compiled[1])
    notes: Iterable[ast.Annotation] = decl.annotations
    if isinstance(node, ast.PriorityOption | ast.Phase):
        notes = node.annotations
    elif declared.kind == "subregion" and isinstance(decl, ast.RegionDecl):
        own = [marks for sub, marks in decl.subregions if sub.pos == declared.pos]
        notes = (own[0] if own else []) or decl.annotations
    return [f'{note.kind} "{note.text}"' for note in notes]


def localizers(folders: list[Path]) -> list[Localizer]:
    """One per language of LANGUAGES, over the rulesets' Fluent files as they are now (the localizer's
    catalogs are read again when a file changes)."""
    return [Localizer.for_folders(folders, lang) for lang, _ in LANGUAGES]


def names(declared: Declaration, languages: list[Localizer]) -> list[tuple[str, str]]:
    """(language, name) of the thing in each language whose Fluent files name it."""
    pattern = NAME_IDS.get(declared.kind)
    if pattern is None:
        return []
    setting = declared.decl.name.name if declared.kind == "value" else ""
    msg_id = pattern.format(name=declared.name, setting=setting)
    found: list[tuple[str, str]] = []
    for (_, language), loc in zip(LANGUAGES, languages, strict=True):
        own = loc.catalogs[0]  # (not the English one behind another language)
        if own.has(msg_id):
            named = loc.get(msg_id, SETTING_NAME) if declared.kind == "setting" else None
            text = named or loc.get(msg_id)
            if text:
                found.append((language, text))
    return found


def hover_text(
    declared: list[Declaration], table: SymbolTable, folders: list[Path], in_force: InForce | None = None
) -> str:
    """Markdown: the declaration in force of the first thing `declared` names (the last of its
    namespace), its marks and names, where it is declared, replaced and patched (paths as diagnostics
    show them); then the other things of the same name (a card's appendix entry, a side's superpower),
    each with its place. `in_force`: the options as the ruleset compiled them (a patched list's)."""
    meant = namespace(declared[0])
    own = [d for d in declared if namespace(d) == meant]
    current = own[-1]
    lines = [f"```twilight\n{signature(current, in_force)}\n```"]
    for language, name in names(current, localizers(folders)):
        lines.append(f"{language}: **{name}**  ")
    current_marks = marks(current, in_force)
    lines.append("  \n".join(current_marks) if current_marks else "_no `source` or `provisional` mark_")
    places = [f"`{d.pos.file}:{d.pos.line}`" for d in own]
    said = "declared at " + places[0]
    if len(places) > 1:
        said += "; " + "; ".join(f"replaced at {p}" for p in places[1:])
    patches = [
        u for u in table.uses(current.name) if u.kind is not None and NAMESPACE.get(u.kind, u.kind) == meant
    ]
    if current.kind in ("option", "phase", "step"):
        # (a patch names an option, phase or step of what it patches: `move option key_new before …`)
        patches += table.uses(current.name, current.owner)
    if patches:
        said += "; " + "; ".join(f"patched or removed at `{u.pos.file}:{u.pos.line}`" for u in patches)
    lines.append(said)
    others = [d for d in declared if namespace(d) != meant]
    if others:
        lines.append(
            "also of this name: "
            + "; ".join(f"`{signature(d)}` at `{d.pos.file}:{d.pos.line}`" for d in others)
        )
    return "\n\n".join(lines)


# How many of the places that give a name its hover lists (`actor` is given by most triggers and actions).
MAX_GIVERS = 6
# The keyword each family of the vocabulary's givers of names is written with.
GIVER_KEYWORDS = (("triggers", "on"), ("actions", "forbid"), ("modifiers", "modify"))


@functools.cache
def _given() -> dict[str, tuple[list[str], list[str]]]:
    """Name -> (its types, where the language gives it) for the names no rule file declares: those of a
    block's context (`player` in an event, `human` in an appendix entry) and of the triggers, actions and
    modifiers (`actor`, `target` in `forbid coup when …`), from the IR vocabulary."""
    vocab = vocabulary()
    found: dict[str, tuple[list[str], list[str]]] = {}

    def add(name: str, kind: str, where: str) -> None:
        kinds, places = found.setdefault(name, ([], []))
        if kind not in kinds:
            kinds.append(kind)
        places.append(where)

    for context, names_given in vocab.contexts.items():
        for name, kind in names_given.items():
            add(name, kind, f"in every `{context}` block")
    families = {"triggers": vocab.triggers, "actions": vocab.actions, "modifiers": vocab.modifiers}
    for family, keyword in GIVER_KEYWORDS:
        for giver, names_given in families[family].items():
            for name, kind in names_given.items():
                add(name, kind, f"`{keyword} {giver}`")
    return found


def given_text(name: str) -> str | None:
    """Markdown for a name the language gives rather than the rules declare (see _given), or a value of
    one of its enumerations (`mid`, `neutral`); None for any other name."""
    given = _given().get(name)
    if given is not None:
        kinds, where = given
        kind = " or ".join(kinds)
        more = len(where) - MAX_GIVERS
        listed = ", ".join(where[:MAX_GIVERS]) + (f" and {more} more" if more > 0 else "")
        return f"```twilight\n{name}: {kind}\n```\n\na name the language gives (no declaration): {listed}"
    enums = [enum for enum, values in vocabulary().enums.items() if name in values]
    if enums:
        said = "; ".join(f"`{enum}`: {' | '.join(vocabulary().enums[enum])}" for enum in enums)
        return f"```twilight\n{name}\n```\n\na value of the language (no declaration): {said}"
    return None


def primitive_text(sig: Signature) -> str:
    kind = "query" if sig.returns else "effect"
    random = " (random: two calls may differ)" if sig.random else ""
    return f"```twilight\n{sig.render()}\n```\n\nruntime {kind}{random}: {sig.doc}"


def short_detail(declared: Declaration, languages: list[Localizer]) -> str:
    """The completion list's one line: the signature, and the English name where there is one."""
    english = next((name for language, name in names(declared, languages) if language == "English"), None)
    text = signature(declared)
    return f"{text} · {english}" if english else text


# The forms a keyword's hover shows at most (`by`, `when` and `option` begin or hold many).
MAX_KEYWORD_FORMS = 4


@functools.cache
def _keyword_forms() -> dict[str, list[tuple[str, str]]]:
    """Keyword -> (syntax, meaning) of each form of the grammar that writes it, those it begins first:
    the reference's own (`twilight reference`, docs/reference.md: grammar/twilight.lark and
    cli/reference_notes.yaml)."""
    from twilight.cli.reference import load_notes  # (click and yaml: only once a keyword is hovered)

    notes = load_notes()
    known = keywords()
    first: dict[str, list[tuple[str, str]]] = {}
    inside: dict[str, list[tuple[str, str]]] = {}
    for construct in read_grammar().constructs():
        meaning = notes.construct(construct.key).meaning
        for syntax in construct.syntax:
            words = [word.strip('"?*+()|[]') for word in syntax.split()]
            words = words[1:] if words and words[0] == "override" else words
            for place, word in enumerate(words):
                if word in known:
                    found = (first if place == 0 else inside).setdefault(word, [])
                    if (syntax, meaning) not in found:
                        found.append((syntax, meaning))
    return {word: [*first.get(word, []), *inside.get(word, [])] for word in known}


def keyword_text(word: str) -> str | None:
    """Markdown for a keyword of the language: the forms that write it, as docs/reference.md gives them
    (its syntax notation: an unquoted lowercase name is another form), and where the reference is."""
    forms = _keyword_forms().get(word)
    if not forms:
        return None
    lines = [f"keyword `{word}`"]
    for syntax, meaning in forms[:MAX_KEYWORD_FORMS]:
        lines.append(f"```twilight\n{syntax}\n```\n{meaning}")
    more = len(forms) - MAX_KEYWORD_FORMS
    if more > 0:
        lines.append(f"and {more} more form{'s' * (more != 1)}")
    lines.append("the forms of the language: docs/reference.md (`twilight reference`)")
    return "\n\n".join(lines)
