"""A ruleset compiled for comparing: its IR and its views in a language (`twilight diff`'s, and what
`twilight rulesets --changes` and the browser's "what is different" page say to a player, cli/session/
changes.py). Below the command, so that those who read a comparison need not import the command."""

from __future__ import annotations

from collections.abc import Iterable
from dataclasses import dataclass
from pathlib import Path
from typing import Any

from twilight.cli.diff.views import Views
from twilight.cli.localizer import Localizer, ruleset_folders
from twilight.cli.ruleset_target import RulesetNotFound, ruleset_target
from twilight.compiler import api
from twilight.compiler.diagnostics import Severity, render


class DiffError(Exception):
    """A ruleset that cannot be compared (unknown, or with compile errors): exit status 1."""


@dataclass
class Compiled:
    target: str
    ir: dict[str, Any]
    views: Views

    def about(self) -> dict[str, Any]:
        ruleset = self.ir.get("ruleset") or {}
        return {"target": self.target, "name": ruleset.get("name"), "version": ruleset.get("version")}


def compiled(
    target: str, lang: str, base: str = "standard", rules_paths: Iterable[str | Path] = ()
) -> Compiled:
    """The ruleset's IR and its views in the language; a ruleset that does not compile is a DiffError
    carrying the compiler's diagnostics. `target` is found as every command finds a ruleset
    (cli/ruleset_target.py), in `rules_paths` too."""
    try:
        found = ruleset_target(target, rules_paths)
    except RulesetNotFound as err:
        raise DiffError(f"{render(err.diagnostic(), {})}\n\nerror: cannot compile {target}") from None
    result = api.compile_target(found, base=base)
    if result.ir is None or not result.ok:
        errors = [d for d in result.diagnostics if d.severity is Severity.ERROR]
        shown = "\n\n".join(render(d, result.sources) for d in errors)
        raise DiffError(f"{shown}\n\nerror: cannot compile {target}" if shown else f"cannot compile {target}")
    # A lone rule file is compiled on top of `base`, so it speaks with the base's words.
    folders = ruleset_folders(found) or (ruleset_folders(base) if Path(found).is_file() else [])
    return Compiled(target, result.ir, Views(Localizer.for_folders(folders, lang), result.ir))
