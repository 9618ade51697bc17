"""Where each name of a ruleset is declared and where it is used, read from the syntax tree.

For editors (the language server, cli/lsp/): go to definition, find references, hover and the outline
of a file. The checker (decls.py, exprs.py) resolves names as it emits IR and keeps no record of where;
this module reads the same syntax tree the loader parsed, so that it also serves a ruleset that does not
check (a name misspelt in one file leaves the others' names found).

A use is any name written where a name is read: an expression's name, a call, a clause's name (a
country's region, a card's side), a patch's or a `remove`'s target, a table row's keys. Names bound
inside the declaration (parameters, `let`, `for each`, `choose`, a priority list's target) are local and
not uses. Options of a priority list and phases or steps of a sequence or procedure are names *inside*
their declaration (`owner`): `patch priority ai_influence_placement { move option key_new … }` uses the
option `key_new` of `ai_influence_placement`, not a global `key_new`.
"""

from __future__ import annotations

import dataclasses
from collections.abc import Iterator
from dataclasses import dataclass, field

from twilight.compiler import ast
from twilight.compiler.diagnostics import Pos
from twilight.compiler.loader import LoadedRuleset, Loader

# Parts of a patch whose anchors name something inside the patched declaration (see docs/language.md).
OWNED_PARTS = {"option", "phase", "step"}

# (node class, field) holding a name bound inside its declaration: a local, never a use.
BINDERS: set[tuple[type, str]] = {
    (ast.Let, "var"),
    (ast.ForEach, "var"),
    (ast.Comprehension, "var"),
    (ast.Aggregate, "var"),
    (ast.Choose, "var"),
    (ast.Repeat, "var"),
    (ast.Param, "name"),
}

# (node class, field) holding a word of the language or the runtime (a trigger, an action, an expiry, a
# decision's id, an aggregate) or a name a node declares itself: never a use of a declared name.
NOT_USES: set[tuple[type, str]] = {
    (ast.Phase, "name"),
    (ast.Phase, "label"),
    (ast.DecideOption, "name"),
    (ast.Choose, "decision"),
    (ast.Decide, "decision"),
    (ast.Forbid, "actions"),
    (ast.Forbid, "code"),
    (ast.Modify, "target"),
    (ast.On, "trigger"),
    (ast.Ends, "trigger"),
    (ast.Status, "name"),
    (ast.Allow, "name"),
    (ast.Lasting, "until"),
    (ast.Aggregate, "fn"),
    (ast.Moment, "name"),
    (ast.PriorityOption, "name"),
}


@dataclass(frozen=True)
class Declaration:
    """A name a declaration gives: the declaration's own, a subregion, a superpower, a setting's value, an
    option of a priority list or a phase or step (these two with their `owner`)."""

    name: str
    # the keyword (country, card, procedure, …), or subregion | superpower | value | option | phase | step
    kind: str
    pos: Pos  # the name as written
    decl: ast.Decl  # the declaration it is, or the one it belongs to
    owner: str | None = None  # the priority list, sequence or procedure an option or phase is part of
    node: object = None  # the option or phase itself


@dataclass(frozen=True)
class Use:
    name: str
    pos: Pos
    owner: str | None = None  # for an option or phase a patch names: the patched declaration
    call: bool = False  # called: a function, procedure, priority list or runtime primitive
    kind: str | None = None  # the kind a `patch KIND NAME` or `remove KIND NAME` names


@dataclass
class FileSymbols:
    """The names one rule file declares and uses, in the order written."""

    path: str  # as diagnostics show it
    declarations: list[Declaration] = field(default_factory=list)
    uses: list[Use] = field(default_factory=list)
    decls: list[ast.Decl] = field(default_factory=list)  # its top-level declarations


@dataclass
class SymbolTable:
    """The names of a ruleset and of all it extends: `files` base first, in the loader's order, so the last
    declaration of a name is the one in force (an `override` comes after what it replaces)."""

    files: dict[str, FileSymbols] = field(default_factory=dict)
    _declared: dict[tuple[str, str | None], list[Declaration]] = field(default_factory=dict)
    _used: dict[tuple[str, str | None], list[Use]] = field(default_factory=dict)

    def add(self, symbols: FileSymbols) -> None:
        self.files[symbols.path] = symbols
        for declared in symbols.declarations:
            self._declared.setdefault((declared.name, declared.owner), []).append(declared)
        for use in symbols.uses:
            self._used.setdefault((use.name, use.owner), []).append(use)

    def declarations(self, name: str, owner: str | None = None) -> list[Declaration]:
        return list(self._declared.get((name, owner), []))

    def uses(self, name: str, owner: str | None = None) -> list[Use]:
        return list(self._used.get((name, owner), []))

    def in_force(self, name: str, owner: str | None = None) -> Declaration | None:
        """The declaration of `name` that the ruleset plays with: the last one (an override)."""
        found = self._declared.get((name, owner))
        return found[-1] if found else None

    def all_declarations(self) -> Iterator[Declaration]:
        for symbols in self.files.values():
            yield from symbols.declarations

    def parts(self, owner: str, kind: str) -> list[Declaration]:
        """The options (or phases) declared inside `owner`, each name once, the last one written."""
        found: dict[str, Declaration] = {}
        for (name, of), declared in self._declared.items():
            if of == owner:
                for one in declared:
                    if one.kind == kind:
                        found[name] = one
        return list(found.values())

    def at(self, path: str, line: int, col: int) -> Declaration | Use | None:
        """The name written at `line`:`col` of the file `path` (1-based), declaration or use."""
        symbols = self.files.get(path)
        if symbols is None:
            return None
        for declared in symbols.declarations:
            if _contains(declared.pos, line, col):
                return declared
        for use in symbols.uses:
            if _contains(use.pos, line, col):
                return use
        return None


def _contains(pos: Pos, line: int, col: int) -> bool:
    end_line = pos.end_line if pos.end_line is not None else pos.line
    end_col = pos.end_col if pos.end_col is not None else pos.col + 1
    return (pos.line, pos.col) <= (line, col) <= (end_line, end_col)


def file_symbols(rule_file: ast.RuleFile) -> FileSymbols:
    """The declarations and uses of one parsed rule file."""
    # (the parsed list itself: the loader parses an unchanged text once, so `decls is` tells it is the same)
    out = FileSymbols(rule_file.path, decls=rule_file.decls)
    for decl in rule_file.decls:
        _declaration(decl, out)
    return out


def chain_symbols(
    chain: list[LoadedRuleset], loader: Loader, reuse: dict[str, FileSymbols] | None = None
) -> SymbolTable:
    """The table of a ruleset loaded with everything it extends by `loader` (Loader.load_chain, then
    parse_all). A file that did not parse keeps its symbols from `reuse` (by path), if it has some; a
    file parsed to the very declarations `reuse` was read from (an unchanged text) is not read again."""
    table = SymbolTable()
    reuse = reuse or {}
    for loaded in chain:
        parsed = {rule_file.path: rule_file for rule_file in loaded.files}
        for path in (loader.display(p) for p in loaded.paths):
            if path in parsed:
                kept = reuse.get(path)
                same = kept is not None and kept.decls is parsed[path].decls
                table.add(kept if kept is not None and same else file_symbols(parsed[path]))
            elif path in reuse:
                table.add(reuse[path])
    return table


def _declaration(decl: ast.Decl, out: FileSymbols) -> None:
    local = _locals(decl)
    if isinstance(decl, (ast.PatchDecl, ast.RemoveDecl)):
        kind = decl.target_kind.name if decl.target_kind is not None else None
        out.uses.append(Use(decl.name.name, decl.name.pos, kind=kind))
    elif isinstance(decl, ast.RulesetDecl):
        out.declarations.append(Declaration(decl.name.name, "ruleset", decl.name.pos, decl))
        return
    else:
        kind = decl.rule_kind if isinstance(decl, ast.RuleDecl) else decl.kind
        out.declarations.append(Declaration(decl.name.name, kind, decl.name.pos, decl))
    if isinstance(decl, ast.RegionDecl):
        for sub, _ in decl.subregions:
            out.declarations.append(Declaration(sub.name, "subregion", sub.pos, decl))
        return
    if isinstance(decl, ast.SideDecl):
        if decl.superpower is not None:
            out.declarations.append(
                Declaration(decl.superpower.name, "superpower", decl.superpower.pos, decl)
            )
        _walk(decl.adjacent, decl, local, out)
        return
    if isinstance(decl, ast.SettingDecl):
        for value in decl.values:
            out.declarations.append(Declaration(value.name, "value", value.pos, decl))
        _walk(decl.default, decl, local, out)
        return
    if isinstance(decl, ast.PriorityDecl):
        for option in decl.options:
            out.declarations.append(
                Declaration(option.name.name, "option", option.name.pos, decl, decl.name.name, option)
            )
    if isinstance(decl, ast.PatchDecl):
        for item in decl.items:
            _patch_item(item, decl, local, out)
        return
    if isinstance(decl, ast.RemoveDecl):
        return
    for f in dataclasses.fields(decl):
        if f.name not in ("kind", "name", "pos", "override", "annotations", "target", "values"):
            _walk(getattr(decl, f.name), decl, local, out)


def _patch_item(item: ast.PatchItem, patch: ast.PatchDecl, local: set[str], out: FileSymbols) -> None:
    owner = patch.name.name
    if item.part in OWNED_PARTS:
        for anchor in item.anchor if item.action != "insert" else ():
            out.uses.append(Use(anchor.name, anchor.pos, owner))
        if item.place is not None:
            out.uses.append(Use(item.place[1].name, item.place[1].pos, owner))
        value = item.value
        if isinstance(value, ast.PriorityOption):
            option = Declaration(value.name.name, "option", value.name.pos, patch, owner, value)
            out.declarations.append(option)
        _walk(value, patch, local, out)
        return
    if item.part != "ai_event":  # (an appendix line's anchors are moments: words of the runtime)
        _walk(item.anchor, patch, local, out)
    if item.place is not None:
        _walk(item.place[1], patch, local, out)
    _walk(item.value, patch, local, out)


def _locals(decl: ast.Decl) -> set[str]:
    """Every name bound somewhere inside the declaration (its parameters, loop variables, lets, a
    priority list's target). One set for the whole declaration: a name bound in one block and read as a
    global in another of the same declaration is rare enough to be missed."""
    found: set[str] = set()
    if isinstance(decl, ast.PriorityDecl) and decl.target is not None:
        found.add(decl.target[0].name)
    for node, name, value in ast.node_fields(decl):
        if (type(node), name) in BINDERS and isinstance(value, ast.Ident):
            found.add(value.name)
    return found


def _walk(node: object, decl: ast.Decl, local: set[str], out: FileSymbols) -> None:
    """Record the uses below `node` (and the phases it declares), iteratively: rules nest deeply."""
    stack: list[object] = [node]
    while stack:
        current = stack.pop()
        if current is None or isinstance(current, (str, int, float, bool, Pos, ast.Annotation)):
            continue
        if isinstance(current, (list, tuple)):
            stack.extend(reversed(current))
            continue
        if isinstance(current, dict):
            stack.extend(reversed(list(current.values())))
            continue
        if isinstance(current, ast.Ident):
            if current.name not in local:
                out.uses.append(Use(current.name, current.pos))
            continue
        if isinstance(current, ast.Name):
            if current.name not in local:
                out.uses.append(Use(current.name, current.pos))
            continue
        if isinstance(current, ast.Call):
            out.uses.append(Use(current.fn.name, current.fn.pos, call=True))
            stack.extend(reversed(current.args))
            continue
        if isinstance(current, ast.Set) and current.var.name not in local:
            out.uses.append(Use(current.var.name, current.var.pos))  # a variable the ruleset declares
            stack.append(current.value)
            continue
        if isinstance(current, ast.Phase):
            kind = "step" if current.is_step else "phase"
            out.declarations.append(
                # (in a patch, decl.name is the patched declaration: its phases are the ones changed)
                Declaration(current.name.name, kind, current.name.pos, decl, decl.name.name, current)
            )
        if dataclasses.is_dataclass(current) and not isinstance(current, type):
            children = [
                getattr(current, f.name)
                for f in dataclasses.fields(current)
                if (type(current), f.name) not in BINDERS and (type(current), f.name) not in NOT_USES
            ]
            stack.extend(reversed(children))
