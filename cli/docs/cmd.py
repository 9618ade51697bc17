"""`twilight docs RULESET --lang en|ru -o DIR`: a browsable reference of a ruleset, from its compiled IR.

DIR receives one HTML page per section (index.html, sequence.html, cards.html, ai.html, tables.html,
restrictions.html, settings.html; a section the ruleset lacks has no page) and the same pages as
Markdown (*.md). Every item shows its sources and, for a provisional rule, its gap's number and text.
"""

from __future__ import annotations

import os
import sys
from pathlib import Path
from typing import Any

import click
from twilight.cli.docs.cards import ai_page, cards_page
from twilight.cli.docs.context import DocsContext
from twilight.cli.docs.model import Page, Site
from twilight.cli.docs.pages import (
    index_page,
    restrictions_page,
    sequence_page,
    settings_page,
    tables_page,
)
from twilight.cli.docs.render import html_page, md_page
from twilight.cli.explain.errors import WordedError, error_line
from twilight.cli.explain.ruleset import ExplainError, compiled_and_localized, found_ruleset
from twilight.cli.localizer import FALLBACK, Localizer
from twilight.cli.output_file import FOLDER_NAME, NamedPath
from twilight.cli.rules_path_arg import FOUND_TOO, rules_path_option
from twilight.cli.session.text import play_folders
from twilight.cli.versions import DESCRIPTION_MESSAGE, search_rules_in


class DocsError(WordedError):
    """A user mistake: one line, exit status 1, in the reader's language (cli/explain/errors.py)."""


def contents_line(ctx: DocsContext, slug: str) -> str:
    """What a page holds, for the overview's table of contents."""
    ir = ctx.ir
    if slug == "sequence":
        return ctx.t("docs-about-sequence", "the turn, phase by phase")
    if slug == "cards":
        return ctx.t("docs-about-cards", "{$count} cards", count=len(ir.get("cards") or {}))
    if slug == "ai":
        return ctx.t(
            "docs-about-ai",
            "{$count} lists",
            count=len(ir.get("priorities") or {}),
            orders=len(ir.get("orders") or {}),
        )
    if slug == "tables":
        return ctx.t("docs-about-tables", "{$count} tables", count=len(ir.get("tables") or {}))
    if slug == "restrictions":
        return ctx.t("docs-about-restrictions", "{$count} rules", count=len(ir.get("rules") or {}))
    return ctx.t("docs-about-settings", "{$count} settings", count=len(ir.get("settings") or {}))


def build_site(ctx: DocsContext) -> Site:
    """Every page of the ruleset's reference; a section the ruleset lacks (no AI lists) gets none."""
    ir = ctx.ir
    present = {
        "sequence": bool(ir.get("sequence")),
        "cards": bool(ir.get("cards")),
        "ai": bool(ir.get("priorities") or ir.get("orders")),
        "tables": bool(ir.get("tables")),
        "restrictions": bool(ir.get("rules")),
        "settings": bool(ir.get("settings")),
    }
    builders: dict[str, Any] = {
        "sequence": sequence_page,
        "cards": cards_page,
        "ai": ai_page,
        "tables": tables_page,
        "restrictions": restrictions_page,
        "settings": settings_page,
    }
    slugs = [slug for slug, shown in present.items() if shown]
    pages: list[Page] = [index_page(ctx, [(slug, contents_line(ctx, slug)) for slug in slugs])]
    pages.extend(builders[slug](ctx) for slug in slugs)
    name = str((ir.get("ruleset") or {}).get("name") or ctx.ruleset)
    return Site(ctx.loc.lang, name, ctx.t("docs-nav", "Pages"), pages)


def load(ruleset: str, lang: str, rules_paths: tuple[str, ...] = ()) -> DocsContext:
    """The ruleset (found in `rules_paths` too) compiled and its words in the language; any problem is one
    DocsError line."""
    try:
        target, _ = found_ruleset(ruleset, rules_paths)
        folders = play_folders(target)
        ir, loc = compiled_and_localized(target, folders, lang)
    except ExplainError as err:
        raise DocsError(str(err)).reworded(err) from None
    # The description is the ruleset's own, looked up in its folder alone (a variant that words none
    # does not take the one of what it extends), as `twilight rulesets` does (cli/versions.py).
    own = Localizer.for_folders(folders[-1:], lang).get(DESCRIPTION_MESSAGE)
    return DocsContext(loc, ir, ruleset, own)


def write_site(site: Site, out: Path) -> list[Path]:
    """Write every page as .html and .md into `out` (made if missing); each file replaced whole."""
    if out.exists() and not out.is_dir():
        raise DocsError(
            f"cannot write into {out}: it is a file, not a folder", "docs-error-not-folder", folder=str(out)
        )
    try:
        out.mkdir(parents=True, exist_ok=True)
        written = []
        for page in site.pages:
            for ext, text in ((".html", html_page(site, page)), (".md", md_page(site, page))):
                path = out / f"{page.slug}{ext}"
                tmp = out / f".{page.slug}{ext}.tmp"
                tmp.write_text(text, encoding="utf-8")
                os.replace(tmp, path)
                written.append(path)
    except OSError as err:
        cause = str(err.strerror or err)
        raise DocsError(
            f"cannot write into {out}: {cause}", "docs-error-write", folder=str(out), detail=cause
        ) from None
    return written


@click.command("docs")
@click.argument("ruleset")
@click.option(
    "--lang",
    "-l",
    default=FALLBACK,
    show_default=True,
    help=(
        "Language of the pages: en, or any the ruleset's locale folders hold"
        " (locales/CODE/*.ftl; ru is shipped)."
    ),
)
@click.option(
    "-o",
    "--output",
    "output",
    type=NamedPath(path_type=Path, what=FOLDER_NAME),  # ('' once wrote the pages into the current folder)
    required=True,
    help="The folder to write the pages into (made if missing).",
)
@rules_path_option(FOUND_TOO)
def docs(ruleset: str, lang: str, output: Path, rules_paths: tuple[str, ...]) -> None:
    """Write a browsable reference of a ruleset (by name or folder), read from its compiled IR: an
    overview, the turn sequence, every card, the AI's priority lists, the tables, the standing rules and
    the settings, each item with its sources and provisional marks; as HTML pages and as Markdown."""
    search_rules_in(rules_paths)
    try:
        ctx = load(ruleset, lang, rules_paths)
        site = build_site(ctx)
        written = write_site(site, output)
    except DocsError as err:
        click.echo(error_line(err, lang), err=True)
        sys.exit(1)
    click.echo(
        ctx.t(
            "docs-wrote",
            "{$ruleset} [{$lang}]: wrote {$pages} pages ({$files} files) into {$folder}",
            ruleset=ruleset,
            lang=lang,
            pages=len(site.pages),
            files=len(written),
            folder=str(output),
        )
    )
