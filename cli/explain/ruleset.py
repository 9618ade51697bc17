"""A ruleset found and compiled for explaining, with its words in the reader's language, or one line
(ExplainError) saying why not: what `twilight explain card`, `explain state` and `twilight docs` share,
below the command so that `explain state` needs nothing of the command that calls it."""

from __future__ import annotations

from pathlib import Path
from typing import Any

from twilight.cli.explain.errors import WordedError
from twilight.cli.localizer import FALLBACK, Localizer, locale_files, ruleset_folders
from twilight.cli.ruleset_target import RulesetNotFound, ruleset_target
from twilight.compiler import api
from twilight.compiler.diagnostics import Severity


class ExplainError(WordedError):
    """A user mistake: one line, exit status 1, in the reader's language (cli/explain/errors.py)."""


def compiled_and_localized(ruleset: str, folders: Any, lang: str) -> tuple[dict[str, Any], Localizer]:
    """The ruleset's IR and its words in the language; a ruleset that does not compile or a language it
    has no words for is an ExplainError."""
    result = api.compile_target(ruleset)
    if result.ir is None or not result.ok:
        raise not_compiled(ruleset, result)
    known = sorted({p.parent.name for p in _all_locale_files(folders)} | {FALLBACK})
    if lang not in known:
        loc = Localizer.for_folders(folders, FALLBACK)
        raise ExplainError(
            loc.text(
                "explain-unknown-language", f"unknown language {lang}", lang=lang, known=", ".join(known)
            )
        )
    return result.ir, Localizer.for_folders(folders, lang)


def not_compiled(ruleset: str, result: api.CompileResult) -> ExplainError:
    """The error of a ruleset that does not compile: its first error where it is, with its fix (one line
    cannot show the caret, so it names the command that shows every error with its source line)."""
    errors = [d for d in result.diagnostics if d.severity is Severity.ERROR]
    if errors and errors[0].pos is not None:
        first = errors[0]
        place = str(first.pos)
        detail = f"{first.message} ({first.help})" if first.help else first.message
        return ExplainError(
            f"cannot compile ruleset {ruleset}: {place}: {detail}; `twilight check {ruleset}` shows every "
            "error with its source line",
            "explain-error-compile-at",
            ruleset=ruleset,
            place=place,
            detail=detail,
        )
    detail = errors[0].message if errors else "it does not compile"
    return ExplainError(
        f"cannot compile ruleset {ruleset}: {detail}", "explain-error-compile", ruleset=ruleset, detail=detail
    )


def found_ruleset(spec: str) -> tuple[str, list[Path]]:
    """What to compile for `spec` (found as every command finds a ruleset: cli/ruleset_target.py) and
    its folders with those it extends; ExplainError when it names nothing found."""
    try:
        target = ruleset_target(spec)
    except RulesetNotFound as err:
        raise ExplainError(
            f"unknown ruleset {spec}: {err.help} (see `twilight rulesets`)",
            "explain-error-unknown-ruleset-why",
            ruleset=spec,
            detail=err.help,
        ) from None
    folders = ruleset_folders(target)
    if not folders:
        raise ExplainError(
            f"unknown ruleset {spec} (see `twilight rulesets`)", "explain-error-unknown-ruleset", ruleset=spec
        )
    return target, folders


def _all_locale_files(folders: list[Path]) -> list[Path]:
    found: list[Path] = []
    for folder in folders:
        base = folder / "locales"
        if base.is_dir():
            for sub in sorted(base.iterdir()):
                found.extend(locale_files([folder], sub.name))
    return found
