"""A ruleset found and compiled for explaining, with its words in the reader's language, or one line
(ExplainError) saying why not: what `twilight explain card`, `explain state` and `twilight docs` share,
below the command so that `explain state` needs nothing of the command that calls it."""

from __future__ import annotations

from collections.abc import Iterable
from pathlib import Path
from typing import Any

from twilight.cli.explain.errors import WordedError
from twilight.cli.localizer import FALLBACK, Localizer, locale_files, ruleset_folders
from twilight.cli.ruleset_target import RulesetNotFound, ruleset_target
from twilight.common.input_bounds import ECHO_CHARS, clip, could_be_path, printable
from twilight.compiler import api
from twilight.compiler.diagnostics import Severity


class ExplainError(WordedError):
    """A user mistake: one line, exit status 1, in the reader's language (cli/explain/errors.py)."""


def compiled_and_localized(ruleset: str, folders: list[Path], lang: str) -> tuple[dict[str, Any], Localizer]:
    """The ruleset's IR and its words in the language; a ruleset that does not compile or a language it
    has no words for is an ExplainError."""
    result = api.compile_target(ruleset)
    if result.ir is None or not result.ok:
        raise not_compiled(ruleset, result)
    return result.ir, localized(folders, lang)


def localized(folders: list[Path], lang: str) -> Localizer:
    """The words of a ruleset's folders in the language; a language they have no words for is an
    ExplainError."""
    known = sorted({p.parent.name for p in _all_locale_files(folders)} | {FALLBACK})
    if lang not in known:
        loc = Localizer.for_folders(folders, FALLBACK)
        raise ExplainError(
            loc.text(
                "explain-unknown-language", f"unknown language {lang}", lang=lang, known=", ".join(known)
            )
        )
    return Localizer.for_folders(folders, lang)


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


def found_ruleset(spec: str, rules_paths: Iterable[str | Path] = ()) -> tuple[str, list[Path]]:
    """What to compile for `spec` (found as every command finds a ruleset: cli/ruleset_target.py, in
    `rules_paths` too) and its folders with those it extends; ExplainError when it names nothing found."""
    try:
        target = ruleset_target(spec, rules_paths)
    except RulesetNotFound:
        raise unknown_ruleset(spec, rules_paths) from None
    folders = ruleset_folders(target)
    if not folders:
        raise ExplainError(
            f"unknown ruleset {spec} (see `twilight rulesets`)", "explain-error-unknown-ruleset", ruleset=spec
        )
    return target, folders


def unknown_ruleset(spec: str, rules_paths: Iterable[str | Path] = ()) -> ExplainError:
    """The error of a ruleset `spec` that names nothing found, the same in every command that explains
    (and in `rulesets --changes`), in every language: the name or version it most likely means, and the
    rulesets (or the versions of it) that are found."""
    from twilight.cli.versions import VERSION_SEP, UnknownRuleset, catalog, resolve

    entries = catalog(rules_paths)
    names = ", ".join(sorted({e.name for e in entries})) or "-"
    shown = printable(clip(spec, ECHO_CHARS))  # (what was typed is shown, never acted on by the terminal)
    hint: str | None = None
    versions: list[str] = []
    if could_be_path(spec):  # (a name past the file system's limits is near no ruleset's)
        try:
            resolve(spec, entries)
        except UnknownRuleset as err:
            hint, versions = err.hint, err.versions
    if versions:
        name, _, version = spec.partition(VERSION_SEP)
        close = f"{name}{VERSION_SEP}{hint}" if hint else name
        found = ", ".join(versions)
        return ExplainError(
            f"unknown ruleset {shown}: no version {version} of {name} is found (versions found: {found}); "
            f"did you mean {close}?",
            "explain-error-unknown-ruleset-version",
            ruleset=shown,
            name=printable(clip(name, ECHO_CHARS)),
            version=printable(clip(version, ECHO_CHARS)),
            versions=found,
            close=printable(clip(close, ECHO_CHARS)),
        )
    if hint:
        return ExplainError(
            f"unknown ruleset {shown}: did you mean {hint}? (rulesets found: {names}; see "
            "`twilight rulesets`)",
            "explain-error-unknown-ruleset-close",
            ruleset=shown,
            close=hint,
            names=names,
        )
    return ExplainError(
        f"unknown ruleset {shown}: no ruleset found has that name, and no folder is there (rulesets found: "
        f"{names}; see `twilight rulesets`)",
        "explain-error-unknown-ruleset-names",
        ruleset=shown,
        names=names,
    )


def _all_locale_files(folders: list[Path]) -> list[Path]:
    found: list[Path] = []
    for folder in folders:
        base = folder / "locales"
        if base.is_dir():
            for sub in sorted(base.iterdir()):
                found.extend(locale_files([folder], sub.name))
    return found
