"""The languages the translators' tools work on: the game's (cli/localizer.py `LANGUAGES`) and every other
language a chain of locale folders holds (`locales/de/*.ftl`), so that a translator who starts a new
language sees it counted, synced and checked from its first file on, before the game offers it.

A language the game does not offer yet is still checked in full (what it lacks is what a player of it
would meet in English); `twilight i18n check` adds one warning saying the game does not offer it
(docs/translating.md, "Adding a language").
"""

from __future__ import annotations

import re
from pathlib import Path

import click
from twilight.cli.localizer import FALLBACK, LANGUAGES

# A BCP 47 language tag as a locale folder names it: `de`, `pt-BR`, `sr-Latn` (no path separators, no dots).
LANG_CODE = re.compile(r"[a-z]{2,3}(?:-[A-Za-z0-9]{2,8})*")


def found_languages(folders: list[Path]) -> tuple[str, ...]:
    """English first, then the game's other languages, then every other language a folder of the chain
    has `.ftl` files for, by code."""
    extra: set[str] = set()
    for folder in folders:
        base = folder / "locales"
        if not base.is_dir():
            continue
        for sub in base.iterdir():
            if sub.is_dir() and LANG_CODE.fullmatch(sub.name) and any(p.is_file() for p in sub.glob("*.ftl")):
                extra.add(sub.name)
    return (*LANGUAGES, *sorted(extra - set(LANGUAGES)))


def translations(folders: list[Path]) -> tuple[str, ...]:
    """The languages of a chain other than English: what `status` and `sync` go through by default."""
    return tuple(lang for lang in found_languages(folders) if lang != FALLBACK)


class LanguageCode(click.ParamType[str]):
    """`--lang`: the game's languages, or any other language code, for a translation being started; not
    English, which is what the others are translated from."""

    name = "language"

    def convert(self, value: object, param: click.Parameter | None, ctx: click.Context | None) -> str:
        text = str(value)
        if text == FALLBACK:
            shown = ", ".join(lang for lang in LANGUAGES if lang != FALLBACK)
            self.fail(f"{FALLBACK} is what is translated from; name a translation: {shown}, de…", param, ctx)
        if not LANG_CODE.fullmatch(text):
            self.fail(f"{text!r} is not a language code (such as ru, de or pt-BR)", param, ctx)
        return text

    def get_metavar(self, param: click.Parameter, ctx: click.Context) -> str:
        return "|".join(lang for lang in LANGUAGES if lang != FALLBACK) + "|CODE"
