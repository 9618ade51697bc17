"""One way for every command to find the ruleset it is given, the way `twilight play` finds it: a folder
or file path, an installed name, a name found in `$TWILIGHT_HOME/rules/` or in a `--rules-path`, or
`NAME@VERSION` (cli/versions.py's `catalog` and `resolve`).

`ruleset_target` turns what the user typed into what `api.compile_target` is given; `compile_ruleset`
does both. An installed ruleset is still handed over by its name, so that its diagnostics, cache and
output read as they always did; any other is handed over by its folder.
"""

from __future__ import annotations

from collections.abc import Iterable
from pathlib import Path
from typing import Any

from twilight.cli.versions import (
    VERSION_SEP,
    RulesetEntry,
    UnknownRuleset,
    catalog,
    resolve,
    unlisted_folder,
)
from twilight.common.input_bounds import ECHO_CHARS, clip, could_be_path
from twilight.compiler import api
from twilight.compiler.diagnostics import Diagnostic, listed
from twilight.compiler.loader import MANIFEST, known_rulesets


class RulesetNotFound(Exception):
    """A ruleset spec that names nothing found; `message` says so in the compiler's words (E002) and
    `help` lists the rulesets found or the name or version it could have meant."""

    def __init__(self, spec: str, entries: list[RulesetEntry], err: UnknownRuleset) -> None:
        self.spec = spec
        if err.versions:
            name = spec.partition(VERSION_SEP)[0]
            self.message = f"'{spec}' names no version of {name} that is found"
            found = f"versions found: {', '.join(err.versions)}"
        else:
            self.message = f"'{spec}' is neither a known ruleset nor a file or folder"
            found = f"rulesets found: {listed(sorted({e.name for e in entries}))}"
        self.help = f"did you mean '{err.hint}'? ({found})" if err.hint else found
        super().__init__(f"{self.message}; {self.help}")

    def diagnostic(self) -> Diagnostic:
        return Diagnostic("E002", self.message, None, self.help)


def ruleset_target(spec: str, rules_paths: Iterable[str | Path] = ()) -> str:
    """What `api.compile_target` is to compile for `spec`. RulesetNotFound when it names nothing."""
    # (an empty name, as an unset shell variable gives, is no path to the working directory: pathlib
    # reads it as ".", and the author was told of a folder they never named)
    if not spec or not could_be_path(spec):  # (pathlib raises, rather than answers no, for a name this long)
        raise RulesetNotFound(clip(spec, ECHO_CHARS), catalog(rules_paths), UnknownRuleset(spec, [], None))
    path = Path(spec)
    # A ruleset folder in the working directory wins over a name, as compile_target has always had it:
    # a copied rules tree checks as itself.
    if VERSION_SEP not in spec and path.is_dir() and (path / MANIFEST).is_file():
        return spec
    entries = catalog(rules_paths)
    installed = known_rulesets()
    try:
        entry = resolve(spec, entries)
    except UnknownRuleset as err:
        # A file, a folder without a manifest (compile_target says what is wrong with it) or an installed
        # folder whose manifest names it otherwise: compiled as given, as before.
        if VERSION_SEP not in spec and (path.exists() or spec in installed):
            return spec
        # A folder of that name in $TWILIGHT_HOME/rules/ or a rules path that holds no ruleset (no
        # ruleset.tsr): compiled as that folder, so that compile_target says what it lacks (E003), not
        # that no ruleset is called so.
        folder = unlisted_folder(spec.partition(VERSION_SEP)[0], rules_paths)
        if folder is not None:
            return str(folder)
        raise RulesetNotFound(spec, entries, err) from None
    same = installed.get(entry.name)
    if same is not None and same.resolve() == entry.folder.resolve():
        return entry.name
    return str(entry.folder)


def compile_ruleset(spec: str, rules_paths: Iterable[str | Path] = (), **options: Any) -> api.CompileResult:
    """`api.compile_target` of the ruleset `spec` names (`options` are its own); a spec that names nothing
    is a result with the E002 diagnostic, as compile_target gives for an unknown name."""
    try:
        target = ruleset_target(spec, rules_paths)
    except RulesetNotFound as err:
        return api.CompileResult(spec, None, [err.diagnostic()], {})
    return api.compile_target(target, **options)
