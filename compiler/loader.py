"""Find rulesets, read their files, follow `extends`, and merge declarations by name.

A ruleset is a folder with a `ruleset.tsr` manifest and any number of .tsr files below it. A derived
ruleset sees every declaration of the rulesets it extends; it may replace one with `override` or drop
one with `remove KIND NAME`.
"""

from __future__ import annotations

import errno
import hashlib
import os
import re
from collections.abc import Callable, Iterable
from dataclasses import dataclass, field
from importlib import resources
from pathlib import Path
from typing import TYPE_CHECKING

from twilight.common.input_bounds import could_be_path
from twilight.compiler.diagnostics import Diagnostic, Pos, Sink, listed, suggest

if TYPE_CHECKING:
    from twilight.compiler import ast

# The syntax tree and the parser (with Lark) are imported where they are used: a compile that finds its
# IR in the cache reads the files and needs neither.

MANIFEST = "ruleset.tsr"
# The bounds of what a compile reads: the largest rule file we ship is 20 KiB, a whole ruleset with its
# parents about 250 KiB. A file of megabytes (one expression of a million terms) once took gigabytes; a
# mebibyte of the densest rules takes about 600 MB to compile.
MAX_RULE_FILE_BYTES = 256 * 1024
MAX_RULESET_BYTES = 2**20

# Declaration kinds that share one namespace for duplicates and overrides.
NAMESPACE = {
    "region": "region",
    "subregion": "region",
    "side": "side",
    "country": "country",
    "card": "card",
    "setting": "setting",
    # the ruleset's own state: one namespace, as they are all named in expressions alike
    "variable": "state",
    "zone": "state",
    "track": "state",
    "priority": "priority",
    "appendix": "appendix",
    "table": "table",
    "order": "order",
    "sequence": "sequence",
    "procedure": "procedure",
    "function": "procedure",
    "rule": "rule",
    "restriction": "rule",
    "victory": "rule",
    "moment": "moment",
    "layout": "layout",
}


def rules_root() -> Path:
    return Path(str(resources.files("twilight.rules")))


# Where rulesets are found besides the installed ones and the folders beside a variant: the player's
# (`$TWILIGHT_HOME/rules/`) and each `--rules-path`, in the order the commands look (cli/versions.py's
# `catalog`), each with the words a diagnostic names it by. The command line sets them for the command it
# runs (cli/versions.py, `search_rules_in`), so that `extends "NAME@VERSION"` finds a parent wherever
# `--ruleset NAME@VERSION` would; a program that compiles without it finds the installed rulesets and
# those beside a variant. (Process-wide, not per thread: `twilight serve` and `twilight lsp` compile on
# threads of their own.)
SearchRoot = tuple[Path, str]
_SEARCH: tuple[SearchRoot, ...] = ()


def rules_search() -> tuple[SearchRoot, ...]:
    """The folders looked in for a ruleset besides the installed ones, in order, with their words."""
    return _SEARCH


def set_rules_search(roots: Iterable[SearchRoot]) -> tuple[SearchRoot, ...]:
    """Look in `roots` (each a folder of rulesets or one ruleset's folder) too, from now on; the roots
    looked in until now, to put back."""
    global _SEARCH
    previous, _SEARCH = _SEARCH, tuple(roots)
    return previous


def root_folders(root: Path) -> list[Path]:
    """The ruleset folders of a root looked in: itself when it is one, else its children that are (as
    cli/versions.py's `catalog` reads a `--rules-path`); none when it is no folder."""
    # (a root too long to be a folder is none: pathlib would raise rather than answer no)
    if not could_be_path(str(root)) or not root.is_dir():
        return []
    if (root / MANIFEST).is_file():
        return [root]
    return list(known_rulesets(root).values())


def is_ruleset_name(name: str) -> bool:
    """Whether `name` can name a ruleset: the name of one folder (beside the ruleset that names it or
    among the installed rules), never a path that could lead elsewhere: no separator, no drive, not '.'
    or '..', nothing unprintable."""
    return (
        bool(name) and name not in (".", "..") and name.isprintable() and not any(ch in name for ch in "/\\:")
    )


def known_rulesets(root: Path | None = None) -> dict[str, Path]:
    """Ruleset name -> folder, for every folder of the rules root with a manifest."""
    base = root or rules_root()
    found: dict[str, Path] = {}
    if base.is_dir():
        for child in sorted(base.iterdir()):
            if (child / MANIFEST).is_file():
                found[child.name] = child
    return found


@dataclass
class LoadedRuleset:
    name: str
    folder: Path
    manifest: ast.RulesetDecl | None
    files: list[ast.RuleFile] = field(default_factory=list)
    paths: list[Path] = field(default_factory=list)


@dataclass(frozen=True)
class Change:
    """What a ruleset's `remove`, `override` or `patch` (`verb`; "replace" for a lone file's declaration
    that replaces an inherited one without `override`) did to an inherited declaration (or, for a patch,
    to one of its own): `pos` is where the change is written, `at` its name there, `was` the name of the
    declaration it changed (`replaced`); `level` the place of the changing ruleset in the chain."""

    verb: str
    kind: str
    name: str
    pos: Pos
    at: Pos
    was: Pos
    level: int
    replaced: ast.Decl | None = field(default=None, compare=False)

    def note(self) -> str:
        """The note a diagnostic the change caused carries: what it did, and where."""
        what = f"{self.kind} '{self.name}'"
        if self.verb == "remove":
            return f"{what} is removed at {self.pos}, by `remove {self.kind} {self.name}`"
        if self.verb == "patch":
            return f"{what} is changed at {self.pos}, by `patch {self.kind} {self.name}`"
        if self.verb == "replace":  # (a lone file's declaration replaces the inherited one of its name)
            return f"{what} is replaced at {self.pos}, by a declaration of the same name"
        return f"{what} is replaced at {self.pos}, by `override {self.kind} {self.name}`"


@dataclass
class Merged:
    """The declarations in force after `extends`, `override` and `remove`, in a stable order; `changes`,
    what each `remove`, `override` and `patch` did (by the namespace and name it changed), so that a
    mistake it causes in another ruleset's file can point back at it."""

    chain: list[LoadedRuleset]
    decls: dict[tuple[str, str], ast.Decl]
    changes: dict[tuple[str, str], list[Change]] = field(default_factory=dict)
    # each rule file (as diagnostics show it) -> the place of its ruleset in the chain
    levels: dict[str, int] = field(default_factory=dict)

    def patched_by(self, kind: str, name: str) -> Change | None:
        """The patch that made the declaration in force `kind name`, if a patch changed it last."""
        found = self.changes.get((NAMESPACE.get(kind, kind), name), [])
        return found[-1] if found and found[-1].verb == "patch" else None

    def blame(self, diagnostics: Iterable[Diagnostic]) -> None:
        """Point each diagnostic told in a file of an extended ruleset back at what a later ruleset of the
        chain did to a name it quotes: the note of the `remove`, `override` or `patch` (its place), which
        the file it is told in never shows."""
        by_name: dict[str, list[Change]] = {}
        for changes in self.changes.values():
            for change in changes:
                by_name.setdefault(change.name, []).append(change)
        if not by_name:
            return
        for diag in diagnostics:
            level = self.level_of(diag.pos)
            if level < 0:
                continue
            for name in dict.fromkeys(_QUOTED.findall(diag.message)):
                for change in by_name.get(name, ()):
                    note = change.note()
                    if change.level > level and note not in diag.notes:
                        diag.notes.append(note)

    def level_of(self, pos: Pos | None) -> int:
        """The place in the chain of the ruleset whose file `pos` is in (a patched declaration's is the
        patch's); -1 when it is none of the chain's."""
        return -1 if pos is None else self.levels.get(pos.file, -1)


def display_path(path: Path) -> str:
    """Paths in diagnostics: relative to the working directory when possible."""
    try:
        return str(path.resolve().relative_to(Path.cwd().resolve()))
    except ValueError:
        return str(path)


_LONE_CR = re.compile(r"\r(?!\n)")
# The parts a rule file holds, roughly as the parser reads them (a string, a name or number, any other
# character; a comment is matched to be left out): counted as a file is read, without the parser.
_PART = re.compile(r'"(?:[^"\\\n]|\\.)*"|#[^\n]*|[A-Za-z0-9_]+|[^\sA-Za-z0-9_]')
# The parts one rule file, and all those of a ruleset with its parents, may hold. Within the bounds on
# bytes, a file dense with parts (`1+1+…`) took 10 s and 280 MB to parse, and 1 MiB of them 34 s and
# 480 MB; the largest file we ship holds 2,247 parts, all of solo-v2 with standard 29,000.
MAX_FILE_PARTS = 50_000
MAX_RULESET_PARTS = 200_000


def file_parts(text: str, shown: str, sink: Sink) -> int | None:
    """The parts of a rule file's text (as `_PART` counts them), or None when it has more than
    MAX_FILE_PARTS: then E107 in `sink`, at the part that passes them."""
    parts = 0
    for match in _PART.finditer(text):
        if match.group().startswith("#"):
            continue
        parts += 1
        if parts > MAX_FILE_PARTS:
            line = text.count("\n", 0, match.start()) + 1
            col = match.start() - text.rfind("\n", 0, match.start())
            sink.add(
                "E107",
                f"this file has more than {MAX_FILE_PARTS:,} parts (names, numbers, operators)",
                Pos(shown, line, col),
                "split it into several files, and long expressions into functions",
            )
            return None
    return parts


def rule_text(text: str) -> str:
    """A rule file's text as the compiler reads it, from the disk or from an editor's unsaved text alike:
    without the byte order mark some editors write first (no character of the rules: E102 once), a line
    ended by a lone CR (as old Mac editors end them) a line: it was read as part of the line before, so
    that a comment ran to the end of the file and hid every rule after it."""
    return _LONE_CR.sub("\n", text.removeprefix("\ufeff"))


# A name a diagnostic's message quotes ('nasser'): the declarations it is about.
_QUOTED = re.compile(r"'([A-Za-z_][A-Za-z0-9_]*)'")


class Loader:
    """Reads and parses files once per process; `overrides` replaces file texts (tests, mutation)."""

    def __init__(self, sink: Sink, overrides: dict[str, str] | None = None) -> None:
        self.sink = sink
        self.overrides = overrides or {}
        # where a pinned `extends` is looked for besides the installed rulesets (one compile, one answer)
        self.search = rules_search()
        self.sources: dict[str, str] = {}
        # Resolving a path walks the file system; a compile shows each path several times.
        self._cwd = str(Path.cwd().resolve())
        self._shown: dict[Path, str] = {}
        self._real_dirs: dict[Path, str] = {}
        # displayed path -> "<ruleset folder>/<path inside it>", for IR that does not depend on the CWD
        self.ir_paths: dict[str, str] = {}
        self.bytes_read = 0  # (of rule files, for MAX_RULESET_BYTES)
        self.sizes: dict[str, int] = {}  # shown path -> bytes, of each rule file read
        self.parts_read = 0  # (of rule files parsed, for MAX_RULESET_PARTS)
        self.parts: dict[str, int] = {}  # shown path -> parts, of each rule file parsed
        self.over_parts = False
        self.over_budget = False
        # The files whose parse has been reported: a manifest is parsed when its folder is loaded and again
        # with the other files, and its mistakes are to be told once.
        self._parse_told: set[str] = set()

    def display(self, path: Path) -> str:
        """`display_path(path)`, worked out once per path and compile, on strings (pathlib's are slow)."""
        shown = self._shown.get(path)
        if shown is None:
            real = self._resolve(path)
            inside = self._cwd.rstrip(os.sep) + os.sep
            if real == self._cwd:
                shown = "."
            elif real.startswith(inside):
                shown = real[len(inside) :]
            else:
                shown = str(path)
            self._shown[path] = shown
        return shown

    def _resolve(self, path: Path) -> str:
        """`str(path.resolve())`, with each folder resolved once: a name that is not a symbolic link
        resolves to itself inside its resolved folder."""
        if path.name in ("", ".", "..") or os.path.islink(path):
            return str(path.resolve())
        parent = path.parent
        real = self._real_dirs.get(parent)
        if real is None:
            real = self._real_dirs[parent] = str(parent.resolve())
        return os.path.join(real, path.name)

    def _read(self, path: Path, report: bool) -> str | None:
        shown = self.display(path)
        if shown in self.overrides:
            # An override (an editor's unsaved text) is bounded as the file it stands for would be: the
            # compiler's time and memory on it are the same.
            text = rule_text(self.overrides[shown])
            # (a text of more characters than the bound has more bytes too: no need to encode it all)
            size = (
                len(text) if len(text) > MAX_RULE_FILE_BYTES else len(text.encode("utf-8", "surrogatepass"))
            )
            return text if self._within_bounds(shown, size, report) else None
        try:
            with path.open("rb") as file:
                # (read one byte past the bound: a file that is larger is refused without reading it all)
                raw = file.read(MAX_RULE_FILE_BYTES + 1)
        except OSError as err:
            if report:
                why = err.strerror or err.__class__.__name__
                self.sink.add("E001", f"cannot read {shown}: {why}", Pos(shown, 1, 1))
            return None
        if not self._within_bounds(shown, len(raw), report):
            return None
        try:
            text = rule_text(raw.decode("utf-8"))
        except UnicodeDecodeError as err:
            if report:
                byte = f"byte 0x{raw[err.start]:02x} at offset {err.start}"
                self.sink.add(
                    "E001",
                    f"cannot read {shown}: not UTF-8 text ({byte})",
                    _byte_pos(shown, raw, err.start),
                    "save the file as UTF-8",
                )
            return None
        return text

    def _within_parts(self, shown: str, text: str, report: bool, key: tuple[str, str]) -> bool:
        """Whether a rule file's parts may be parsed: MAX_FILE_PARTS in the file (E107 where it passes
        them) and MAX_RULESET_PARTS in all parsed (E007, told once, naming the files that hold the most).
        A text's parts are counted once per process, as its parse is made once (`key`: the parse
        cache's): the language server compiles again at each pause in typing."""
        if shown in self.parts:
            return True
        parts = _PARTS_CACHE.get(key)
        if parts is None:
            parts = file_parts(text, shown, self.sink if report else Sink())
            if parts is None:
                return False
            if len(_PARTS_CACHE) > 4096:
                _PARTS_CACHE.clear()
            _PARTS_CACHE[key] = parts
        if self.parts_read + parts > MAX_RULESET_PARTS:
            if report and not self.over_parts:
                largest = sorted(self.parts.items(), key=lambda item: -item[1])[:3]
                self.sink.add(
                    "E007",
                    f"with {shown}, the rule files read come to more than {MAX_RULESET_PARTS:,} parts "
                    "(names, numbers, operators)",
                    Pos(shown, 1, 1),
                    "the rulesets we ship hold 30,000 with their parents; the most: "
                    + ", ".join(f"{path} ({held:,} parts)" for path, held in largest),
                )
            self.over_parts = True
            return False
        self.parts_read += parts
        self.parts[shown] = parts
        return True

    def _within_bounds(self, shown: str, size: int, report: bool) -> bool:
        """Whether a rule file of `size` bytes may be read (E007 when not): counted towards the ruleset's
        total when it may."""
        problem = None
        if size > MAX_RULE_FILE_BYTES:
            problem = (
                f"{shown} is larger than {MAX_RULE_FILE_BYTES // 1024} KiB",
                "split the file, or find what made it grow",
            )
        elif self.bytes_read + size > MAX_RULESET_BYTES:
            # (the file that passes the bound may be a parent's small one, read after a variant's large
            # ones: the largest are what the author is to look at)
            largest = sorted(self.sizes.items(), key=lambda item: -item[1])[:3]
            problem = (
                f"with {shown}, the rule files read come to more than {MAX_RULESET_BYTES // 2**20} MiB",
                "a ruleset with its parents holds at most 1 MiB of rule files; the largest read: "
                + ", ".join(f"{path} ({read // 1024} KiB)" for path, read in largest),
            )
        if problem is not None:
            total = size <= MAX_RULE_FILE_BYTES
            if report and not (total and self.over_budget):  # (the total told once, at the file passing it)
                self.sink.add("E007", problem[0], Pos(shown, 1, 1), problem[1])
            self.over_budget = self.over_budget or total
            return False
        self.bytes_read += size
        self.sizes[shown] = size
        return True

    def read(self, path: Path, report: bool = True) -> str | None:
        shown = self.display(path)
        if shown not in self.sources:
            text = self._read(path, report)
            if text is None:
                return None
            self.sources[shown] = text
        return self.sources[shown]

    def parse(self, path: Path) -> ast.RuleFile | None:
        text = self.read(path)
        if text is None:
            return None
        shown = self.display(path)
        told = shown in self._parse_told
        self._parse_told.add(shown)
        key = _text_key(text, shown)
        if not self._within_parts(shown, text, not told, key):
            return None
        return _parse_cached(text, shown, Sink() if told else self.sink, key)

    def load_folder(self, folder: Path, name: str) -> LoadedRuleset:
        """Read every file of the folder and parse its manifest; the rest is parsed by `parse_all`."""
        from twilight.compiler import ast

        loaded = LoadedRuleset(name, folder, None)
        files = _rule_files(folder)
        if not files:
            self.sink.add("E005", f"ruleset folder {self.display(folder)} has no .tsr files")
        for path in _unreadable_rule_files(folder):
            # (shown from its folder: a symbolic link that leads back to itself cannot be resolved)
            place = self.display(path.parent)
            shown = path.name if place == "." else os.path.join(place, path.name)
            self.sink.add("E001", f"cannot read {shown}: {not_a_file_why(path)}", Pos(shown, 1, 1))
        for path in files:
            self.ir_paths[self.display(path)] = f"{name}/{path.relative_to(folder).as_posix()}"
            if self.read(path) is not None:
                loaded.paths.append(path)
        manifest_path = folder / MANIFEST
        if not manifest_path.is_file():
            # (a folder has no line to point at: the message names it)
            self.sink.add("E003", f"no {MANIFEST} in folder {self.display(folder)}", None)
            return loaded
        parsed = self.parse(manifest_path)
        if parsed is not None:
            manifests = [d for d in parsed.decls if isinstance(d, ast.RulesetDecl)]
            if len(manifests) != 1:
                self.sink.add(
                    "E003", f"{MANIFEST} must hold exactly one `ruleset` block", Pos(parsed.path, 1, 1)
                )
            else:
                loaded.manifest = manifests[0]
                self._same_name(loaded.manifest, name)
        return loaded

    def _same_name(self, manifest: ast.RulesetDecl, name: str) -> None:
        """W001 when the manifest names the ruleset otherwise than its folder does: the ruleset is found,
        extended and compiled by the folder's name, and listed by the manifest's."""
        if manifest.title == name or not name:
            return
        self.sink.add(
            "W001",
            f"ruleset \"{manifest.title}\" is in folder '{name}': it is known by the folder's name",
            manifest.name.pos,
            f"rename the folder to '{manifest.title}', or write `ruleset \"{name}\"`",
        )

    def parse_all(self, chain: list[LoadedRuleset]) -> None:
        """Parse every file of the chain (each text once per process)."""
        for loaded in chain:
            loaded.files = [f for f in (self.parse(p) for p in loaded.paths) if f is not None]

    def load_chain(self, folder: Path, name: str, root: Path) -> list[LoadedRuleset]:
        """The ruleset and everything it extends, base first."""
        chain: list[LoadedRuleset] = []
        # The rulesets met, as `extends` named them, and their folders: a cycle is a folder met again
        # (not a name: `extends "solo-v2@2.0"` from a folder of solo-v2 2.1 is another folder).
        seen: list[str] = []
        seen_folders: list[Path] = []
        current: tuple[Path, str] | None = (folder, name)
        named = name  # how the current ruleset was named
        via: Pos | None = None  # the `extends` that led to the current ruleset
        while current is not None:
            cur_folder, cur_name = current
            real = cur_folder.resolve()
            if real in seen_folders:
                self.sink.add(
                    "E004",
                    f"extends cycle: {' -> '.join([*seen, named])}",
                    via,
                    f"ruleset '{named}' may not extend itself, directly or through others",
                )
                break
            seen.append(named)
            seen_folders.append(real)
            loaded = self.load_folder(cur_folder, cur_name)
            chain.append(loaded)
            current = None
            if loaded.manifest and loaded.manifest.extends:
                parent, pos = loaded.manifest.extends[0]
                for extra, extra_pos in loaded.manifest.extends[1:]:
                    self.sink.add("E205", f"`extends` given twice ('{extra}')", extra_pos)
                found = _extended_folder(cur_folder, parent, root, self.search)
                if found is not None:
                    # (known by its folder's name, as a bare `extends` names it: `NAME@VERSION` is how
                    # it was found, not its name in the IR's chain and sources)
                    current = (found, found.name if VERSION_SEP in parent else parent)
                    named = parent
                    via = pos
                else:
                    self._unknown_parent(cur_folder, parent, pos, root)
        chain.reverse()
        return chain

    def _string_pos(self, pos: Pos) -> Pos:
        """The position of the quoted string after the keyword at `pos` (`extends "…"`), from the source
        read; `pos` itself when the line does not show one."""
        text = self.sources.get(pos.file)
        lines = text.split("\n") if text is not None else []
        if not 0 < pos.line <= len(lines):
            return pos
        line = lines[pos.line - 1]
        start = line.find('"', pos.col - 1)
        end = line.find('"', start + 1) if start >= 0 else -1
        if start < 0 or end < 0:
            return pos
        return Pos(pos.file, pos.line, start + 1, pos.line, end + 2)

    def _unknown_version(self, folder: Path, parent: str, pos: Pos, root: Path) -> bool:
        """Report `extends "NAME@VERSION"` when NAME is found at other versions only (E002 at the string,
        with the versions found, where, and the one it could have meant); whether it was."""
        name, _, version = parent.partition(VERSION_SEP)
        found = [
            (f, v)
            for f, v, _ in versions_of(folder, name, root, self.search)
            if f.resolve() != folder.resolve()
        ]
        if not found:
            return False
        found.sort(key=lambda fv: version_key(fv[1]))
        versions = [v for _, v in found if v]
        near = suggest(version, versions) if version else None
        near = near or (versions[-1] if versions else None)
        listed_versions = ", ".join(f"{v or '(no version)'} (in {self.display(f)})" for f, v in found)
        fix = f'write `extends "{name}@{near}"`' if near else f'write `extends "{name}"`'
        self.sink.add(
            "E002",
            f"'{parent}' names no version of {name} that is found"
            if version
            else f"'{parent}' names no version (nothing after '{VERSION_SEP}')",
            self._string_pos(pos),
            f"{fix}; versions of {name} found: {listed_versions}",
            notes=[self._looked_in_note(folder, name, root)],
        )
        return True

    def _looked_in_note(self, folder: Path, name: str, root: Path) -> str:
        """Where `extends "NAME@VERSION"` looked, in order: what a diagnostic of a version not found notes."""
        places = "; ".join(looked_in(folder, root, self.search))
        more = (
            ""
            if self.search
            else " (a command finds rulesets in $TWILIGHT_HOME/rules/ and in each --rules-path too, and "
            "looks there when it runs)"
        )
        return (
            f'`extends "{name}{VERSION_SEP}VERSION"` takes exactly that version of the ruleset {name}, '
            f"looked for in this order: {places}{more}"
        )

    def _names_found(self, folder: Path, root: Path) -> list[str]:
        """The rulesets an `extends` could name, beside `folder`, installed and in the search roots (the
        latter by their manifests' names, as `--ruleset` names them)."""
        names = {*known_rulesets(root), *known_rulesets(folder.parent)}
        for base, _ in self.search:
            for child in root_folders(base):
                manifest = read_manifest(child)
                names.add(manifest[0] if manifest is not None else child.name)
        return sorted(names - {folder.name})

    def _unknown_parent(self, folder: Path, parent: str, pos: Pos, root: Path) -> None:
        """Report an `extends` that names no ruleset: a path (refused, whatever it leads to) or an
        unknown name, with the names it could have meant."""
        # (a bare name is looked for beside the ruleset and installed, by its folder's name; a pinned one
        # wherever the command finds rulesets, by its manifest's)
        names = sorted({*known_rulesets(root), *known_rulesets(folder.parent)} - {folder.name})
        known = f"known rulesets: {listed(names)}"
        if VERSION_SEP in parent and is_ruleset_name(parent):
            if self._unknown_version(folder, parent, pos, root):
                return
            name, _, version = parent.partition(VERSION_SEP)
            everywhere = self._names_found(folder, root)
            hint = suggest(name, everywhere) if name else None
            self.sink.add(
                "E002",
                f"unknown ruleset '{name}' (in '{parent}')",
                self._string_pos(pos),
                f"did you mean '{hint}{VERSION_SEP}{version}'?"
                if hint
                else f"known rulesets: {listed(everywhere)}",
                notes=[self._looked_in_note(folder, name, root)],
            )
            return
        if not parent or is_ruleset_name(parent):
            hint = suggest(parent, names) if parent else None
            what = f"unknown ruleset '{parent}'" if parent else "unknown ruleset '' (an empty name)"
            self.sink.add("E002", what, pos, f"did you mean '{hint}'?" if hint else known)
            return
        last = parent.replace("\\", "/").rstrip("/").rsplit("/", 1)[-1]
        self.sink.add(
            "E006",
            f"`extends` names a ruleset, not a path: '{parent}'",
            pos,
            f"did you mean '{last}'?" if last in names else f"write a ruleset's name; {known}",
        )

    def read_chain(
        self, folder: Path, name: str, root: Path, extends_of: Callable[[str], list[str] | None]
    ) -> bool:
        """Read the files of the ruleset and of all it extends as `load_chain` does, in the same order,
        but take each manifest's `extends` from `extends_of(its text)` instead of parsing it: enough to
        look the IR up in the cache. True when every step went as it does for a ruleset without errors;
        False, with nothing reported, at the first thing that did not (an unreadable file, a manifest
        `extends_of` does not know, ...): `load_chain` then walks the chain with its diagnostics."""
        return self.chain_folders(folder, name, root, extends_of, read_all=True) is not None

    def chain_folders(
        self,
        folder: Path,
        name: str,
        root: Path,
        extends_of: Callable[[str], list[str] | None],
        read_all: bool = False,
    ) -> list[Path] | None:
        """The folders of the ruleset and of all it extends, the ruleset first, found as `read_chain`
        finds them (each manifest's `extends` from `extends_of`, no parsing); with `read_all`, every rule
        file of each is read too. None, with nothing reported, at the first thing that does not go as
        it does for a ruleset without errors."""
        seen: list[Path] = []
        folders: list[Path] = []
        current: tuple[Path, str] | None = (folder, name)
        while current is not None:
            cur_folder, _ = current
            real = cur_folder.resolve()
            if real in seen:  # (a cycle: `load_chain` tells it)
                return None
            seen.append(real)
            folders.append(cur_folder)
            files = _rule_files(cur_folder) if read_all else [cur_folder / MANIFEST]
            if not files or any(self.read(path, report=False) is None for path in files):
                return None
            if read_all and _unreadable_rule_files(cur_folder):  # (a compile tells of them: no cache)
                return None
            manifest = cur_folder / MANIFEST
            text = self.sources.get(self.display(manifest)) if manifest.is_file() else None
            extends = None if text is None else extends_of(text)
            if extends is None or len(extends) > 1:
                return None
            current = None
            if extends:
                found = _extended_folder(cur_folder, extends[0], root, self.search)
                if found is None:
                    return None
                current = (found, found.name if VERSION_SEP in extends[0] else extends[0])
        return folders


def _byte_pos(shown: str, raw: bytes, offset: int) -> Pos:
    """The line and column of the byte at `offset` (columns count the characters before it)."""
    start = raw.rfind(b"\n", 0, offset) + 1
    col = len(raw[start:offset].decode("utf-8", "replace")) + 1
    return Pos(shown, raw.count(b"\n", 0, offset) + 1, col)


def _tsr_names(folder: Path) -> list[Path]:
    """Every name ending .tsr in the folder and the folders under it (a symbolic link to a folder is not
    walked). Walked with a stack, not by recursion: `Path.rglob` recursed once per level, and folders
    nested a thousand deep ended in a RecursionError told as an expression nested too deeply."""
    found: list[Path] = []
    stack = [folder]
    while stack:
        current = stack.pop()
        try:
            with os.scandir(current) as entries:
                for entry in entries:
                    if entry.name.endswith(".tsr"):
                        found.append(current / entry.name)
                    if entry.is_dir(follow_symlinks=False):
                        stack.append(current / entry.name)
        except OSError:  # (a folder that cannot be listed holds nothing to read, as rglob had it)
            continue
    return found


def _rule_files(folder: Path) -> list[Path]:
    return sorted(p for p in _tsr_names(folder) if p.is_file())


def _unreadable_rule_files(folder: Path) -> list[Path]:
    """The names ending .tsr in the folder that are neither a rule file nor a folder: a symbolic link to
    nothing (or to itself), a pipe, a device. The rules they were meant to hold would be missing without
    a word, so each is told."""
    return sorted(p for p in _tsr_names(folder) if not p.is_file() and not p.is_dir())


def not_a_file_why(path: Path) -> str:
    """Why `path`, which is there, is no file to read, in a few words."""
    if not os.path.islink(path):
        return "not a regular file (a device, a pipe or a socket)"
    try:
        os.stat(path)
    except OSError as err:
        return (
            "a symbolic link that leads back to itself"
            if err.errno == errno.ELOOP
            else "a symbolic link to nothing"
        )
    return "a symbolic link to something that is not a file (a device, a pipe)"


def _extended_folder(folder: Path, parent: str, root: Path, search: Iterable[SearchRoot] = ()) -> Path | None:
    """Where the ruleset `parent` named by `extends` in `folder` lives. A sibling folder wins over the
    installed rules, so a copied rules tree checks as a whole. Only a name is looked up: a path (see
    `is_ruleset_name`) finds nothing, wherever it leads. `NAME@VERSION` is the folder whose manifest names
    the ruleset NAME at exactly that version (a folder named `NAME@VERSION` first, as any name): one beside
    `folder` first; else the one `--ruleset NAME@VERSION` plays, of those installed and in `search` (the
    player's folder, each `--rules-path`): the one found last, as a copy there stands for the installed
    one (cli/versions.py's `catalog`)."""
    if not is_ruleset_name(parent):
        return None
    sibling = folder.parent / parent
    if (sibling / MANIFEST).is_file():
        return sibling
    installed = known_rulesets(root).get(parent)
    if installed is not None or VERSION_SEP not in parent:
        return installed
    name, _, version = parent.partition(VERSION_SEP)
    found = [(f, where) for f, v, where in versions_of(folder, name, root, search) if v == version]
    beside = [f for f, where in found if where == "beside"]
    if beside:
        return beside[0]
    return found[-1][0] if found else None


def extended_folder(folder: Path, parent: str, root: Path | None = None) -> Path | None:
    """The folder `extends "PARENT"` in the ruleset folder `folder` names, found as a compile finds it
    (for the commands that follow `extends` without compiling: `twilight rulesets --changes`)."""
    return _extended_folder(folder, parent, root or rules_root(), rules_search())


# `NAME@VERSION`: a ruleset at one version (`--ruleset`, a scenario's `ruleset:`, a manifest's `extends`).
VERSION_SEP = "@"


def version_key(version: str | None) -> tuple[tuple[int, object], ...]:
    """Sorts versions as numbers part by part (`2.10` after `2.9`); words after numbers; none first."""
    if not version:
        return ()
    # (ASCII digits only, and not too many: int() refuses "²" and numbers of thousands of digits)
    return tuple(
        (0, int(p)) if p.isascii() and p.isdigit() and len(p) < 19 else (1, p)
        for p in re.split(r"[.\-]", version)
    )


# A manifest's fields as `read_manifest` reads them without the parser (a game's start loads no parser
# when the IR is cached): a quoted text after the word, comments aside.
MANIFEST_FIELDS = {
    word: re.compile(rf'^\s*{word}\s+"((?:[^"\\]|\\.)*)"', re.MULTILINE)
    for word in ("ruleset", "version", "extends", "description")
}


def read_manifest(folder: Path) -> tuple[str, str | None, str | None, str | None] | None:
    """(name, version, extends, description) from a ruleset folder's manifest; None when it cannot be
    read. The usual manifest (each field on its own line) is read by `MANIFEST_FIELDS`; any other is
    parsed."""
    path = folder / MANIFEST
    try:
        text = path.read_text(encoding="utf-8")
    except (OSError, UnicodeDecodeError):
        return None
    plain = "\n".join(line.split("#", 1)[0] if '"' not in line else line for line in text.splitlines())
    found = {word: pattern.findall(plain) for word, pattern in MANIFEST_FIELDS.items()}
    simple = all(len(v) <= 1 and not any("\\" in x for x in v) for v in found.values())
    if len(found["ruleset"]) == 1 and simple:
        first = {word: (values[0] if values else None) for word, values in found.items()}
        return found["ruleset"][0], first["version"], first["extends"], first["description"]
    from twilight.compiler import ast
    from twilight.compiler.parser import parse_text

    parsed = parse_text(text, str(path), Sink())
    manifest = next((d for d in parsed.decls if isinstance(d, ast.RulesetDecl)), None) if parsed else None
    if manifest is None:
        return None
    extends = next(iter(e for e, _ in manifest.extends or []), None)
    return manifest.name.name, manifest.version, extends, manifest.description


def versions_of(
    folder: Path, name: str, root: Path, search: Iterable[SearchRoot] = ()
) -> list[tuple[Path, str | None, str]]:
    """The folders whose manifest names the ruleset `name`, each with its version and where it was found
    ("beside", "installed", or a search root's words): beside `folder`, then installed, then each of
    `search` in order. Where `extends "NAME@VERSION"` looks (each folder once)."""
    found: list[tuple[Path, str | None, str]] = []
    seen: set[Path] = set()
    roots = [(folder.parent, "beside"), (root, "installed"), *search]
    for base, where in roots:
        children = (
            list(known_rulesets(base).values()) if where in ("beside", "installed") else root_folders(base)
        )
        for child in children:
            real = child.resolve()
            if real in seen:
                continue
            seen.add(real)
            manifest = read_manifest(child)
            if manifest is not None and manifest[0] == name:
                found.append((child, manifest[1], where))
    return found


def looked_in(folder: Path, root: Path, search: Iterable[SearchRoot] = ()) -> list[str]:
    """Where `extends "NAME@VERSION"` in `folder` looks, in order, as a diagnostic says it."""
    places = [f"beside it ({display_path(folder.parent)})", f"installed ({display_path(root)})"]
    return places + [f"{where} ({display_path(base)})" for base, where in search]


_PARSE_CACHE: dict[tuple[str, str], tuple[ast.RuleFile | None, list[object]]] = {}
# The parts of each text within MAX_FILE_PARTS, by the same key.
_PARTS_CACHE: dict[tuple[str, str], int] = {}


def _text_key(text: str, path: str) -> tuple[str, str]:
    """A rule file's text as the caches know it: its path and a hash of the text."""
    return (path, hashlib.sha256(text.encode("utf-8", "surrogatepass")).hexdigest())


def _parse_cached(text: str, path: str, sink: Sink, key: tuple[str, str]) -> ast.RuleFile | None:
    """Parsing is the slow step; a file with unchanged text is parsed once per process."""
    hit = _PARSE_CACHE.get(key)
    if hit is None:
        from twilight.compiler.parser import parse_text

        local = Sink()
        parsed = parse_text(text, path, local)
        hit = (parsed, list(local.items))
        if len(_PARSE_CACHE) > 4096:
            _PARSE_CACHE.clear()
        _PARSE_CACHE[key] = hit
    parsed, diags = hit
    for d in diags:
        sink.items.append(d)  # type: ignore[arg-type]
    return parsed


def merge(
    chain: list[LoadedRuleset],
    sink: Sink,
    implicit_override: set[str] | None = None,
    elsewhere: Callable[[str, str], list[str]] | None = None,
    parents: Callable[[str, str], list[str]] | None = None,
) -> Merged:
    """Apply each ruleset's declarations over its base's, reporting duplicates and bad overrides.

    `implicit_override`: files whose declarations replace same-named inherited ones without the
    keyword (used when a lone file is checked on top of a ruleset). `elsewhere(kind, name)`: the rulesets
    outside the chain that declare `kind name` (for a lone file: a patch, override or remove of what its
    base does not declare names the ruleset to check it on). `parents(kind, name)`: the same, for a
    ruleset that extends none (its override or patch of `kind name` names the ruleset to extend).
    """
    return _Merger(chain, sink, implicit_override, elsewhere, parents).run()


class _Merger:
    """`merge`'s work: the declarations in force, where each came from, and what changed them."""

    def __init__(
        self,
        chain: list[LoadedRuleset],
        sink: Sink,
        implicit_override: set[str] | None,
        elsewhere: Callable[[str, str], list[str]] | None,
        parents: Callable[[str, str], list[str]] | None = None,
    ) -> None:
        self.chain = chain
        self.sink = sink
        self.implicit_override = implicit_override
        self.elsewhere = elsewhere
        self.parents = parents
        self.decls: dict[tuple[str, str], ast.Decl] = {}
        self.origin: dict[tuple[str, str], str] = {}
        self.changes: dict[tuple[str, str], list[Change]] = {}
        self.levels = {f.path: level for level, loaded in enumerate(chain) for f in loaded.files}

    def run(self) -> Merged:
        from twilight.compiler import ast

        for level, loaded in enumerate(self.chain):
            local: dict[tuple[str, str], ast.Decl] = {}
            patches: list[ast.PatchDecl] = []
            for rule_file in loaded.files:
                for decl in rule_file.decls:
                    if isinstance(decl, ast.RulesetDecl):
                        continue
                    if isinstance(decl, ast.PatchDecl):
                        patches.append(decl)
                    elif isinstance(decl, ast.RemoveDecl):
                        self._remove(decl, loaded.name, level)
                    else:
                        keys = [(NAMESPACE[decl.kind], decl.name.name)]
                        if isinstance(decl, ast.RegionDecl):
                            keys += [("region", sub.name) for sub, _ in decl.subregions]
                        for key in keys:
                            self._place(decl, key, level, loaded.name, local)
            # Patches change what this ruleset's declarations and the extended ones made, in file order.
            for patch in patches:
                self._patch(patch, level)
        return Merged(self.chain, self.decls, self.changes, self.levels)

    def _record(
        self, verb: str, decl: ast.Decl, key: tuple[str, str], kind: str, replaced: ast.Decl, level: int
    ) -> None:
        """Note that `decl` (a remove, an override or a patch) changed `replaced`, in force at `key`."""
        change = Change(verb, kind, key[1], decl.pos, decl.name.pos, replaced.name.pos, level, replaced)
        self.changes.setdefault(key, []).append(change)

    def _names_of(self, kind: str, inherited_by: str | None = None) -> list[str]:
        """The names of the declarations of `kind` in force (those another ruleset than `inherited_by`
        declared, when it is given)."""
        space = NAMESPACE[kind]
        return sorted(
            key[1]
            for key, d in self.decls.items()
            if key[0] == space
            and _kind_of(d) == kind
            and (inherited_by is None or self.origin.get(key) != inherited_by)
        )

    def _elsewhere_help(self, kind: str, name: str) -> str | None:
        """For a lone file: which ruleset to check it on, for a `kind name` its base does not declare."""
        if self.elsewhere is None:
            return None
        found = self.elsewhere(kind, name)
        if found:
            return (
                f"ruleset '{found[0]}' declares {kind} '{name}': check this file on it, with "
                f"`--base {found[0]}`"
            )
        return None

    def _missing_help(self, kind: str, name: str, inherited_by: str | None = None) -> str | None:
        """The help for a `kind name` that is not there to change (E202, E208, E221): for a lone file, the
        ruleset that declares it; else the nearest name of that kind (of those another ruleset than
        `inherited_by` declared, when given); else, for a lone file, `--base`."""
        hint = suggest(name, self._names_of(kind, inherited_by))
        return (
            self._elsewhere_help(kind, name)
            or (f"did you mean '{hint}'?" if hint else None)
            or self._lone_help(kind, name)
            or self._no_parent_help(kind, name)
        )

    def _no_parent_help(self, kind: str, name: str) -> str | None:
        """For a ruleset that extends none (its manifest lacks `extends`, the usual cause of an override
        or a patch of nothing in a new variant): where to name the parent, and which declares `kind name`."""
        if self.elsewhere is not None or len(self.chain) != 1:
            return None
        own = self.chain[0]
        manifest = own.manifest.pos.file if own.manifest is not None else "its ruleset.tsr"
        found = self.parents(kind, name) if self.parents is not None else []
        parent = f'`extends "{found[0]}"`' if found else '`extends "NAME"`'
        return (
            f"ruleset '{own.name}' extends no other ruleset, so it has nothing to change: name the one "
            f"it changes in its manifest, {parent} (in {manifest})"
        )

    def _lone_help(self, kind: str, name: str) -> str | None:
        """For a lone file: that it is checked on its base, and how to name another."""
        if self.elsewhere is None or len(self.chain) < 2:
            return None
        return (
            f"the file is checked on ruleset '{self.chain[-2].name}', which has no {kind} '{name}': name "
            "the ruleset that declares it with `--base RULESET`"
        )

    def _patch(self, patch: ast.PatchDecl, level: int) -> None:
        from twilight.compiler.patches import PARTS, apply_patch, not_patchable

        sink = self.sink
        kind = patch.target_kind.name if patch.target_kind else ""
        if kind in NAMESPACE and kind not in PARTS:
            # a kind that exists but is replaced whole (E227 for a card), as the parser tells it when
            # the patch's items are a card's clauses (`ops 2`) and do not parse
            inherited = self.decls.get((NAMESPACE[kind], patch.name.name))
            number = getattr(inherited, "number", None) if kind == "card" else None
            code, message, help_text = not_patchable(kind, patch.name.name, number)
            sink.add(code, message, patch.target_kind.pos if patch.target_kind else patch.pos, help_text)
            return
        if kind not in PARTS:
            hint = suggest(kind, PARTS)
            sink.add(
                "E224",
                f"`patch {kind}`: the kinds a patch can change are {', '.join(sorted(PARTS))}",
                patch.target_kind.pos if patch.target_kind else patch.pos,
                f"did you mean '{hint}'?" if hint else "replace other declarations whole with `override`",
            )
            return
        key = (NAMESPACE[kind], patch.name.name)
        target = self.decls.get(key)
        if target is None or _kind_of(target) != kind:
            sink.add(
                "E221",
                f"stale patch: no {kind} '{patch.name.name}' to patch",
                patch.name.pos,
                self._missing_help(kind, patch.name.name)
                or f"a patch changes a {kind} of an extended ruleset",
            )
            return
        if not patch.annotations and not any(_marked(item) for item in patch.items):
            # a change of the rules says where it comes from, as a declaration does
            sink.add(
                "W201",
                f"patch of {kind} '{patch.name.name}' has no source or provisional mark",
                patch.name.pos,
                f'write `provisional "P<n>: <why>"` (a house rule) or `source "<seed file> · <section>"` '
                f"after `patch {kind} {patch.name.name}`, before its `{{`, or after each change it makes",
            )
        self.decls[key] = apply_patch(target, patch, sink)
        self._record("patch", patch, key, kind, target, level)

    def _place(
        self,
        decl: ast.Decl,
        key: tuple[str, str],
        level: int,
        ruleset: str,
        local: dict[tuple[str, str], ast.Decl],
    ) -> None:
        sink, decls, origin = self.sink, self.decls, self.origin
        what = f"{_kind_of(decl)} '{key[1]}'"
        if key in local:
            first = local[key]
            sink.add(
                "E201",
                f"{what} is declared twice in ruleset '{ruleset}'",
                decl.name.pos,
                # (`override` replaces only what an extended ruleset declares, never a sibling declaration)
                "keep one of the two: delete this one or the first, or rename one (and its uses)",
                notes=[f"first declared at {first.name.pos}"],
            )
            return
        local[key] = decl
        inherited = key in decls and origin[key] != ruleset
        forced = self.implicit_override is not None and decl.pos.file in self.implicit_override
        if inherited and not decl.override and not forced:
            sink.add(
                "E201",
                f"{what} is already declared by ruleset '{origin[key]}'",
                decl.name.pos,
                "write `override` before it to replace the inherited one",
                notes=[f"inherited from {decls[key].name.pos}"],
            )
            return
        if decl.override and not inherited:
            sink.add(
                "E202",
                f"`override` of {what}, which no extended ruleset declares",
                decl.name.pos,
                self._override_help(decl, ruleset),
            )
        if inherited:
            verb = "override" if decl.override else "replace"
            self._record(verb, decl, key, _kind_of(decl), decls[key], level)
        decls[key] = decl
        origin[key] = ruleset

    def _override_help(self, decl: ast.Decl, ruleset: str) -> str | None:
        """E202's help: the inherited name the override may have meant (for a card, the one of its
        number), or the ruleset a lone file should be checked on."""
        from twilight.compiler import ast

        if isinstance(decl, ast.CardDecl):
            # (an override keeps the name of the card it replaces: one of the same number was meant)
            same = [
                key[1]
                for key, d in self.decls.items()
                if isinstance(d, ast.CardDecl) and d.number == decl.number and self.origin.get(key) != ruleset
            ]
            if same:
                return f"did you mean '{same[0]}'? card {decl.number} of the extended rulesets is '{same[0]}'"
        return self._missing_help(_kind_of(decl), decl.name.name, inherited_by=ruleset)

    def _remove(self, decl: ast.RemoveDecl, ruleset: str, level: int) -> None:
        sink = self.sink
        kind = decl.target_kind.name if decl.target_kind else ""
        space = NAMESPACE.get(kind)
        if space is None:
            hint = suggest(kind, NAMESPACE)
            sink.add(
                "E104",
                f"unknown declaration kind '{kind}'",
                decl.target_kind.pos if decl.target_kind else decl.pos,
                f"did you mean '{hint}'?" if hint else None,
            )
            return
        key = (space, decl.name.name)
        if key not in self.decls:
            sink.add(
                "E208",
                f"`remove {kind} {decl.name.name}`: nothing of that name is inherited",
                decl.name.pos,
                self._missing_help(kind, decl.name.name),
            )
            return
        self._record("remove", decl, key, kind, self.decls[key], level)
        del self.decls[key]
        self.origin.pop(key, None)


def _kind_of(decl: ast.Decl) -> str:
    from twilight.compiler import ast

    return decl.rule_kind if isinstance(decl, ast.RuleDecl) else decl.kind


def _marked(item: ast.PatchItem) -> bool:
    """Whether a patch item carries a mark, on itself or on what it writes (an option's own lines)."""
    return bool(item.annotations) or bool(getattr(item.value, "annotations", None))
