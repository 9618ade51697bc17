"""The rulesets a player can choose: the installed ones, the variant folders in `$TWILIGHT_HOME/rules/`
and in each `--rules-path`, with their name, version, what they extend and their description in the
player's language; and `NAME@VERSION` (or a bare NAME: its highest version) resolved to a folder.

A ruleset is known by the name its manifest gives it (`ruleset "solo-v2" { version "2.1" }`), not by its
folder's name: two folders of the same ruleset with different versions are two entries, both playable.
"""

from __future__ import annotations

import os
from collections.abc import Iterable
from dataclasses import dataclass
from pathlib import Path

from twilight.common.input_bounds import could_be_path
from twilight.compiler.diagnostics import suggest
from twilight.compiler.loader import MANIFEST, known_rulesets, rules_root

# The manifest's reading and the versions live with `extends`, which takes `NAME@VERSION` too; the
# commands import them from here, as they always have.
from twilight.compiler.loader import VERSION_SEP as VERSION_SEP
from twilight.compiler.loader import read_manifest as read_manifest
from twilight.compiler.loader import version_key as version_key

# The message a ruleset's own Fluent files give its description in (looked up in its folder alone, so a
# variant does not take the description of what it extends).
DESCRIPTION_MESSAGE = "ruleset-description"
# Where a ruleset was found, in the order the list shows them.
ORIGINS = ("installed", "home", "path")


@dataclass(frozen=True)
class RulesetEntry:
    name: str
    version: str | None
    extends: str | None
    description: str | None
    folder: Path
    origin: str

    @property
    def spec(self) -> str:
        """How `--ruleset` names exactly this one: `NAME@VERSION` (the name alone when it has no version)."""
        return f"{self.name}{VERSION_SEP}{self.version}" if self.version else self.name

    def description_in(self, lang: str) -> str:
        """The description in `lang`: the ruleset's `ruleset-description` message (its own folder's
        Fluent files, falling back to English), else the manifest's `description`."""
        from twilight.cli.localizer import Localizer

        said = Localizer.for_folders([self.folder], lang).get(DESCRIPTION_MESSAGE)
        return said or self.description or ""


class UnknownRuleset(Exception):
    """`--ruleset NAME[@VERSION]` names no ruleset found: `versions` are those of NAME that are (empty
    when the name itself is unknown), `hint` a name it could have meant."""

    def __init__(self, spec: str, versions: list[str], hint: str | None) -> None:
        super().__init__(spec)
        self.spec = spec
        self.versions = versions
        self.hint = hint


def home_rules() -> Path:
    from twilight.cli.session.saves import data_home

    return data_home() / "rules"


# How a diagnostic names each place the commands find rulesets in (compiler/loader.py's search roots).
HOME_WORDS = "$TWILIGHT_HOME/rules"
PATH_WORDS = "--rules-path"


def search_roots(rules_paths: Iterable[str | Path] = ()) -> list[tuple[Path, str]]:
    """Where rulesets are found besides the installed ones, in `catalog`'s order: the player's folder
    (`$TWILIGHT_HOME/rules/`), then each rules path."""
    paths = [(Path(p), PATH_WORDS) for p in rules_paths]
    try:
        home = home_rules()
    except (RuntimeError, KeyError):  # (no home folder to be found: Path.home() raises, as without $HOME)
        return paths
    return [(home, HOME_WORDS), *paths]


def search_rules_in(rules_paths: Iterable[str | Path] = ()) -> None:
    """Have every compile of the command running find the rulesets a manifest's `extends "NAME@VERSION"`
    pins where the command finds rulesets (`catalog`'s places, in its order), as `--ruleset NAME@VERSION`
    does; what was looked in before is put back when the command ends (a command run in-process, by a
    test, leaves nothing behind)."""
    import click
    from twilight.compiler.loader import set_rules_search

    previous = set_rules_search(search_roots(rules_paths))
    context = click.get_current_context(silent=True)
    if context is not None:
        context.call_on_close(lambda: set_rules_search(previous))


def _folders(root: Path) -> Iterable[Path]:
    """The ruleset folders of `root`: itself when it is one, else its children that are."""
    if (root / MANIFEST).is_file():
        yield root
        return
    yield from known_rulesets(root).values()


def unlisted_folder(name: str, rules_paths: Iterable[str | Path] = ()) -> Path | None:
    """The folder called `name` in `$TWILIGHT_HOME/rules/` or a rules path that `catalog` leaves out
    because it holds no ruleset (no ruleset.tsr, or one whose manifest cannot be read); None when there
    is none. A command given that name says what is wrong with the folder, rather than that nothing is
    called so."""
    if not name or name in (".", "..") or "/" in name or "\0" in name or not could_be_path(name):
        return None
    for root, _ in search_roots(rules_paths):
        folder = root / name
        with_manifest = (root / MANIFEST).is_file()  # (a ruleset's folder: its children are its own)
        if not with_manifest and folder.is_dir() and read_manifest(folder) is None:
            return folder
    return None


# A folder that holds rule files but is no ruleset, found where rulesets are (`not_rulesets`): why it is
# none. `no-manifest`: it has no ruleset.tsr (an author's variant half made, or a manifest left out of a
# copy); `unreadable-manifest`: its ruleset.tsr names no ruleset (`twilight check` says what is wrong).
NO_MANIFEST = "no-manifest"
UNREADABLE_MANIFEST = "unreadable-manifest"
# How deep below such a folder rule files are looked for (a variant keeps them in subfolders, as solo-v2
# does in ai/ and appendix/), and how many entries are read at most: a rules path may be a big folder
# (`--rules-path ~`), and its other folders are not read through.
RULE_FILES_DEPTH = 2
RULE_FILES_ENTRIES = 2000
RULE_FILE_SUFFIX = ".tsr"


@dataclass(frozen=True)
class NotRuleset:
    """A folder found where rulesets are that holds rule files but is no ruleset: `name` is the folder's
    (the name `--ruleset` would give it), `problem` NO_MANIFEST or UNREADABLE_MANIFEST, `rule_files` how
    many `.tsr` files it holds (counted as far as `rule_files_in` looks)."""

    name: str
    folder: Path
    origin: str
    problem: str
    rule_files: int


def rule_files_in(folder: Path) -> int:
    """How many rule files (`.tsr`) `folder` holds, in it and its subfolders down to RULE_FILES_DEPTH
    (hidden folders left out), reading at most RULE_FILES_ENTRIES entries; 0 when it cannot be read."""
    found, read = 0, 0
    pending = [(folder, 0)]
    while pending and read < RULE_FILES_ENTRIES:
        here, depth = pending.pop()
        try:
            with os.scandir(here) as listing:
                for item in listing:
                    read += 1
                    if read > RULE_FILES_ENTRIES:
                        break
                    try:
                        if item.is_file() and item.name.endswith(RULE_FILE_SUFFIX):
                            found += 1
                        elif item.is_dir() and depth < RULE_FILES_DEPTH and not item.name.startswith("."):
                            pending.append((Path(item.path), depth + 1))
                    except OSError:
                        continue
        except OSError:
            continue
    return found


def _not_ruleset(folder: Path, origin: str) -> NotRuleset | None:
    """`folder` as a NotRuleset when it holds rule files but no ruleset.tsr, or a ruleset.tsr that names
    no ruleset; None for a ruleset, or a folder without rule files (not an author's)."""
    manifest = folder / MANIFEST
    try:
        if manifest.is_file():
            if read_manifest(folder) is not None:
                return None
            return NotRuleset(folder.name, folder, origin, UNREADABLE_MANIFEST, rule_files_in(folder))
    except OSError:
        return None
    count = rule_files_in(folder)
    return NotRuleset(folder.name, folder, origin, NO_MANIFEST, count) if count else None


def not_rulesets(rules_paths: Iterable[str | Path] = ()) -> list[NotRuleset]:
    """The folders with rule files that `catalog` leaves out because they are no ruleset, where it looks
    (`$TWILIGHT_HOME/rules/` and each rules path, in its order; the installed rulesets are all whole): a
    child of such a folder, or a rules path itself when it holds rule files but no ruleset.tsr (one
    ruleset's folder given as a rules path). `twilight rulesets` lists them with the reason, and `twilight
    play --ruleset NAME` says what such a folder lacks (`unlisted_folder`)."""
    roots = [(home_rules(), "home"), *((Path(p), "path") for p in rules_paths)]
    seen: set[Path] = set()
    found: list[NotRuleset] = []
    for root, origin in roots:
        if not could_be_path(str(root)) or not root.is_dir() or (root / MANIFEST).is_file():
            continue
        candidates = [root] if origin == "path" else []
        try:
            candidates += sorted(
                child for child in root.iterdir() if child.is_dir() and not child.name.startswith(".")
            )
        except OSError:
            continue
        for folder in candidates:
            real = folder.resolve()
            if real in seen:
                continue
            seen.add(real)
            if folder == root:  # (a rules path counts as a ruleset's folder only for its own rule files)
                try:
                    own = any(p.is_file() and p.name.endswith(RULE_FILE_SUFFIX) for p in root.iterdir())
                except OSError:
                    own = False
                if not own:
                    continue
            problem = _not_ruleset(folder, origin)
            if problem is not None:
                found.append(problem)
    return found


def catalog(rules_paths: Iterable[str | Path] = ()) -> list[RulesetEntry]:
    """Every ruleset found: installed, then `$TWILIGHT_HOME/rules/`, then each rules path, each folder
    once, each name and version once; sorted by name, then version (highest last)."""
    roots = [(rules_root(), "installed"), (home_rules(), "home")]
    roots += [(Path(p), "path") for p in rules_paths]
    seen: set[Path] = set()
    found: list[RulesetEntry] = []
    for root, origin in roots:
        # (a rules path too long to be a folder is none: pathlib would raise rather than answer no)
        if not could_be_path(str(root)) or not root.is_dir():
            continue
        for folder in _folders(root):
            real = folder.resolve()
            if real in seen:
                continue
            seen.add(real)
            manifest = read_manifest(folder)
            if manifest is None:
                continue
            name, version, extends, description = manifest
            found.append(RulesetEntry(name, version, extends, description, folder, origin))
    # The same name and version found twice: the one found last stands (a copy in $TWILIGHT_HOME/rules or
    # a rules path over the installed one), so that a name@version names one folder.
    kept = {(e.name, e.version): e for e in found}
    return sorted(kept.values(), key=lambda e: (e.name, version_key(e.version), ORIGINS.index(e.origin)))


def entry_of_folder(spec: str, rules_paths: Iterable[str | Path] = ()) -> RulesetEntry | None:
    """The ruleset whose folder `spec` is (a path holding a manifest, as every command takes one), found
    with the others so that what it extends is found too; None when `spec` is no such folder."""
    folder = Path(spec)
    if VERSION_SEP in spec or not folder.is_dir() or read_manifest(folder) is None:
        return None
    real = folder.resolve()
    for entry in catalog([*rules_paths, folder]):
        if entry.folder.resolve() == real:
            return entry
    return None


def resolve(spec: str, entries: list[RulesetEntry]) -> RulesetEntry:
    """The entry `spec` names: `NAME@VERSION` exactly, or a bare NAME at its highest version.
    UnknownRuleset otherwise."""
    name, _, version = spec.partition(VERSION_SEP)
    same_name = [e for e in entries if e.name == name]
    if not same_name:
        raise UnknownRuleset(spec, [], suggest(name, sorted({e.name for e in entries})))
    if not version:
        return same_name[-1]
    exact = [e for e in same_name if e.version == version]
    if exact:
        return exact[-1]
    versions = [e.version or "-" for e in same_name]
    # A version spelled near one found, else the highest (what a bare name would play).
    near = suggest(version, [v for v in versions if v != "-"]) or same_name[-1].version
    raise UnknownRuleset(spec, versions, near)
