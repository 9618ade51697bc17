"""One compile of a ruleset for the editor: its diagnostics by file and its name tables.

The ruleset a file belongs to is the nearest folder above it holding a manifest (`ruleset.tsr`); a file
with none above it is checked alone on top of `standard`, as `twilight check FILE` does. The editor's
unsaved texts stand in for the files on disk (the loader's `overrides`), so what is shown is what the
compiler would say if every open file were saved now.
"""

from __future__ import annotations

import os
import time
from collections.abc import Mapping
from dataclasses import dataclass, field
from pathlib import Path
from typing import Any

from twilight.common.bounded_read import FileTooLarge, NotRegularFile, read_bounded
from twilight.compiler import ast
from twilight.compiler.api import compile_target
from twilight.compiler.diagnostics import Diagnostic, Sink
from twilight.compiler.loader import (
    MANIFEST,
    MAX_RULE_FILE_BYTES,
    NAMESPACE,
    LoadedRuleset,
    Loader,
    known_rulesets,
    rules_root,
)
from twilight.compiler.symbols import Declaration, FileSymbols, SymbolTable, Use, chain_symbols
from twilight.compiler.vocab import vocabulary

# What a lone rule file (no manifest above it) is checked on top of, as `twilight check FILE` does.
LONE_BASE = "standard"


@dataclass(frozen=True)
class Target:
    """What a rule file is compiled as: the ruleset folder holding its manifest, or the file alone."""

    path: Path  # resolved
    lone: bool

    @property
    def name(self) -> str:
        return self.path.stem if self.lone else self.path.name


def target_of(file: Path) -> Target:
    for parent in file.parents:
        if (parent / MANIFEST).is_file():
            return Target(parent, False)
    return Target(file, True)


def absolute(shown: str) -> str:
    """A path as diagnostics show it (relative to the working directory when under it), made absolute."""
    return os.path.normpath(os.path.join(os.getcwd(), shown))


@dataclass
class Analysis:
    """What one compile of a target found."""

    target: Target
    table: SymbolTable  # the names of the ruleset and of all it extends
    folders: list[Path]  # the ruleset's folder and those it extends, base first
    diagnostics: dict[str, list[Diagnostic]] = field(default_factory=dict)  # by absolute path
    unplaced: list[Diagnostic] = field(default_factory=list)  # diagnostics without a position
    texts: dict[str, str] = field(default_factory=dict)  # absolute path -> the text compiled
    shown: dict[str, str] = field(default_factory=dict)  # absolute path -> the path as Pos writes it
    # absolute paths of the files that did not parse: their names are those an earlier text had
    unparsed: set[str] = field(default_factory=set)
    seconds: float = 0.0
    cpu_seconds: float = 0.0
    completions: list[Any] | None = None  # (the completion list, made once per analysis)
    # (priority, option) -> the option's number and marks in force once the patches applied (a `move`
    # renumbers, its mark goes on the moved option): what the declaration's own text no longer says
    options: dict[tuple[str, str], tuple[int, list[str]]] = field(default_factory=dict)

    def shown_path(self, path: str) -> str:
        return self.shown.get(path, path)

    def file_symbols(self, path: str) -> FileSymbols | None:
        return self.table.files.get(self.shown_path(path))

    def read_as(self, path: str, text: str) -> bool:
        """Whether the names found in the file are those of `text`: it parsed, and as `text` (so that a
        place with no name in the tables has none)."""
        return path not in self.unparsed and self.texts.get(path) == text

    def covers(self, path: str) -> bool:
        """Whether the file at `path` (absolute) is one of the ruleset's or of those it extends."""
        return path in self.shown

    def summary(self) -> str:
        found = [d for ds in self.diagnostics.values() for d in ds] + self.unplaced
        errors = sum(1 for d in found if d.severity.value == "error")
        return (
            f"checked {self.target.name}: {errors} error{'s' * (errors != 1)}, "
            f"{len(found) - errors} warning{'s' * (len(found) - errors != 1)} "
            f"in {self.seconds:.2f} s ({self.cpu_seconds:.2f} s CPU)"
        )


def analyse(target: Target, overlays: Mapping[str, str], previous: Analysis | None = None) -> Analysis:
    """Compile `target` with `overlays` (absolute path -> unsaved text) over the files on disk. A file
    that does not parse keeps the names `previous` found in it."""
    started, cpu = time.perf_counter(), time.process_time()
    overrides = {Loader(Sink()).display(Path(path)): text for path, text in overlays.items()}
    loader = Loader(Sink(), overrides)
    chain = _load(target, loader)
    loader.parse_all(chain)
    reuse = dict(previous.table.files) if previous is not None else {}
    table = chain_symbols(chain, loader, reuse)
    # The IR cache is keyed by the texts: an unsaved text would only add an entry per keystroke.
    unsaved = any(disk_text(Path(path)) != text for path, text in overlays.items())
    result = compile_target(str(target.path), overrides=overrides, use_cache=not unsaved, base=LONE_BASE)
    rulesets = chain[:-1] if target.lone else chain  # (the lone file's own entry is no ruleset)
    analysis = Analysis(target, table, [loaded.folder for loaded in rulesets])
    for shown, text in {**loader.sources, **result.sources}.items():
        analysis.texts[absolute(shown)] = text
        analysis.shown[absolute(shown)] = shown
    for loaded in chain:
        parsed = {rule_file.path for rule_file in loaded.files}
        for read in loaded.paths:
            if loader.display(read) not in parsed:
                analysis.unparsed.add(absolute(loader.display(read)))
    analysis.options = options_in_force(result.ir)
    for diag in result.diagnostics:
        if diag.pos is None:
            analysis.unplaced.append(diag)
        else:
            analysis.diagnostics.setdefault(absolute(diag.pos.file), []).append(diag)
    analysis.seconds = time.perf_counter() - started
    analysis.cpu_seconds = time.process_time() - cpu
    return analysis


def options_in_force(ir: Mapping[str, Any] | None) -> dict[tuple[str, str], tuple[int, list[str]]]:
    """Each priority option's number and marks (`source "…"`, `provisional "…"`) in the compiled rules."""
    found: dict[tuple[str, str], tuple[int, list[str]]] = {}
    for priority, declared in ((ir or {}).get("priorities") or {}).items():
        for option in declared.get("options") or []:
            provenance = option.get("provenance") or {}
            notes = [f'source "{text}"' for text in provenance.get("sources") or []]
            notes += [f'provisional "{text}"' for text in provenance.get("provisional") or []]
            found[(priority, option["name"])] = (int(option["number"]), notes)
    return found


def _load(target: Target, loader: Loader) -> list[LoadedRuleset]:
    if not target.lone:
        return loader.load_chain(target.path, target.name, rules_root())
    known = known_rulesets()
    chain = loader.load_chain(known[LONE_BASE], LONE_BASE, rules_root()) if LONE_BASE in known else []
    lone = LoadedRuleset(target.name, target.path.parent, None)
    # (not a FIFO, which the loader's read would wait on for ever: compile_target says what it is; a
    # file not saved yet is read from the editor's text)
    if (target.path.is_file() or not target.path.exists()) and loader.read(target.path) is not None:
        lone.paths.append(target.path)
    chain.append(lone)
    return chain


def disk_text(path: Path) -> str | None:
    """The text of a rule file on disk; None when there is none to read (a folder, a FIFO, which a plain
    read would wait on for ever, a file over the compiler's bound or not UTF-8)."""
    try:
        return read_bounded(path, MAX_RULE_FILE_BYTES).decode("utf-8")
    except (OSError, NotRegularFile, FileTooLarge, UnicodeDecodeError):
        return None


def declared_for(analysis: Analysis, item: Declaration | Use) -> list[Declaration]:
    """`definitions`, with a manifest's `extends "NAME"` or `extends "NAME@VERSION"` (a use of kind
    `ruleset`, server.py's `_extended`) led to the one ruleset it extends: the manifest of the folder
    before the manifest's own in the chain, as the compiler found it (a pinned version, wherever it was
    found; not every manifest of that name, the variant's own among them for a new version of a ruleset
    kept in a folder of the same name)."""
    if not (isinstance(item, Use) and item.kind == "ruleset"):
        return definitions(analysis.table, item)
    folders = [folder.resolve() for folder in analysis.folders]
    here = Path(absolute(item.pos.file)).resolve().parent
    if here not in folders or folders.index(here) == 0:
        return []  # (the parent was not found: the compile says so, at the string)
    parent = folders[folders.index(here) - 1] / MANIFEST
    for path, shown in analysis.shown.items():
        symbols = analysis.table.files.get(shown)
        if symbols is not None and Path(path).resolve() == parent:
            return [d for d in symbols.declarations if d.kind == "ruleset"]
    return []


def definitions(table: SymbolTable, item: Declaration | Use) -> list[Declaration]:
    """The declarations a name at the cursor stands for. A `patch KIND NAME` names its kind; elsewhere
    the thing an expression means comes first (see `meaning_rank`): a card before its appendix entry,
    the side `ussr` before the superpower of that name. A value of a choice of side (`setting ai_side:
    us | ussr`) is no declaration: the compiler reads it as the side (compiler/decls.py), there and
    where the setting writes it."""
    found = table.declarations(item.name, item.owner)
    kind = item.kind if isinstance(item, Use) else None
    if kind is not None:
        wanted = NAMESPACE.get(kind, kind)
        return [d for d in found if NAMESPACE.get(d.kind, d.kind) == wanted] or found
    if isinstance(item, Declaration) and not is_side_value(item):
        wanted = NAMESPACE.get(item.kind, item.kind)
        return [d for d in found if NAMESPACE.get(d.kind, d.kind) == wanted] or found
    named = [d for d in found if not is_side_value(d)] or found
    return sorted(named, key=meaning_rank)


# What a name written in an expression means, when several things share it: anything declared with
# that name itself (a side, a card, a country…), then a side's superpower, then a setting's value, then
# a card's appendix entry (which the expression never names).
_RANKS = {"superpower": 1, "value": 2, "appendix": 3}


def meaning_rank(declared: Declaration) -> int:
    return _RANKS.get(declared.kind, 0)


def namespace(declared: Declaration) -> str:
    """The compiler's namespace of a declared name (loader.NAMESPACE); its kind for the names declared
    inside another (a superpower, a setting's value, an option…)."""
    return NAMESPACE.get(declared.kind, declared.kind)


def is_side_value(declared: Declaration) -> bool:
    """A value of a setting whose values are all sides (`setting ai_side: us | ussr`): the compiler
    declares no new name for it, the value is the side."""
    decl = declared.decl
    if declared.kind != "value" or not isinstance(decl, ast.SettingDecl):
        return False
    sides = set(vocabulary().enums["side"])
    return bool(decl.values) and {value.name for value in decl.values} <= sides
