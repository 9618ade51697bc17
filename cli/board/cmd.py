"""`twilight board`: a picture of the board of a saved game (or of a new game), as SVG, PNG or HTML."""

from __future__ import annotations

import shutil
import subprocess
import sys
import tempfile
from collections.abc import Callable
from html import escape
from pathlib import Path
from typing import Any

import click
from twilight.cli.board.draw import NoLayout, board_svg, svg_size
from twilight.cli.board.game import BoardError, find_save, save_state, seed_state, worded
from twilight.cli.explain.errors import EMPTY_RULESET, EMPTY_SAVE, WordedError, error_line, refuse_empty
from twilight.cli.localizer import LANGUAGES
from twilight.cli.number_arg import whole_number_option
from twilight.cli.output_file import write_output_file
from twilight.cli.rules_path_arg import FOUND_TOO, rules_path_option
from twilight.cli.settings_arg import read_settings, settings_problem
from twilight.cli.versions import search_rules_in
from twilight.common.input_bounds import clip, printable

SEED_LIMIT = 2**64
FORMATS = (".svg", ".png", ".html")
DEFAULT_RULESET = "solo-v2"
# Headless, as root, with nothing fetched in the background (as tests/test_docs.py starts it).
CHROMIUM_FLAGS = (
    "--headless",
    "--disable-gpu",
    "--no-sandbox",
    "--hide-scrollbars",
    "--disable-background-networking",
    "--disable-component-update",
    "--disable-sync",
    "--no-first-run",
)
CHROMIUM_NAMES = ("chromium", "chromium-browser", "google-chrome", "google-chrome-stable")


@click.command()
@click.argument("save", required=False)
@click.option(
    "--seed",
    default=None,
    callback=whole_number_option(SEED_LIMIT),
    help="Draw a new game of this seed, at its first question (instead of a save).",
)
@click.option(
    "--ruleset",
    default=None,
    help=f"The ruleset (a name or a folder): of the new game (default {DEFAULT_RULESET}), or of a save "
    "whose ruleset is not installed (a variant's folder).",
)
@click.option(
    "--lang",
    type=click.Choice(LANGUAGES),
    default=None,
    help="Language of the names (default: the save's, else en).",
)
@click.option("--set", "assignments", multiple=True, metavar="NAME=VALUE", help="A setting of the new game.")
@click.option(
    "-o",
    "--output",
    required=True,
    metavar="FILE",
    help="Where to write it: FILE.svg, FILE.png or FILE.html.",
)
@rules_path_option(FOUND_TOO.replace("a name", "the name --ruleset gives"))
def board(
    save: str | None,
    seed: int | None,
    ruleset: str | None,
    lang: str | None,
    assignments: tuple[str, ...],
    output: str,
    rules_paths: tuple[str, ...],
) -> None:
    """Draw the board of a saved game (a file, or a name `twilight saves` lists) or of a new game
    (--seed N): every country with its influence and who controls it, the links, the regions, the tracks,
    The China Card and the events in effect, laid out by the ruleset's `layout`."""
    refuse_empty(save, EMPTY_SAVE, "SAVE", lang)
    refuse_empty(ruleset, EMPTY_RULESET, "--ruleset", lang)
    kind = Path(output).suffix.lower()
    if kind not in FORMATS:
        raise click.BadParameter(f"{output!r}: the file's name ends in .svg, .png or .html", param_hint="-o")
    if (save is None) == (seed is None):
        raise click.UsageError("name a save, or give --seed N for a new game (not both)")
    search_rules_in(rules_paths)
    try:
        if save is not None:
            if assignments:
                raise click.UsageError("--set is for a new game (--seed); a save has its settings")
            ir, state, data = save_state(
                find_save(save), compiler_in(rules_paths), ruleset, None, rules_paths
            )
            lang = lang or (data["play"].get("lang") if data["play"].get("lang") in LANGUAGES else None)
        else:
            assert seed is not None
            ir = _compile(ruleset or DEFAULT_RULESET, rules_paths)
            settings = read_settings(ir, assignments)
            problem = settings_problem(ir, settings)
            if problem:
                raise click.BadParameter(problem, param_hint="--set")
            state = seed_state(ir, seed, settings)
        from twilight.cli.session.text import PlayText

        text = PlayText(ir["ruleset"]["name"], lang or "en", ir)
        svg = board_svg(ir, state, text)
    except BoardError as err:
        _fail(err, lang)
    except NoLayout as err:
        _fail(f"ruleset '{err}' declares no `layout`: there is no map to draw (see docs/board.md)", lang)
    if kind == ".svg":
        write_output_file(svg, output)
    elif kind == ".html":
        write_output_file(html_page(svg, text.game_title(state.ruleset), text.lang), output)
    else:
        write_png(svg, Path(output), text.lang)
    click.echo(f"wrote {output}")


def _fail(problem: str | WordedError, lang: str | None = None) -> None:
    """Say what went wrong, after the `error:` of the language asked for (else the save's, else English),
    and stop with status 1. A problem the program words is said in that language too; the others (a
    picture Chromium could not take) are said in English."""
    err = problem if isinstance(problem, WordedError) else WordedError(problem)
    click.echo(error_line(err, lang), err=True)
    sys.exit(1)


def compiler_in(rules_paths: tuple[str, ...]) -> Callable[[str], dict[str, Any]]:
    """`_compile`, finding the ruleset in `rules_paths` too: what `save_state` compiles a save's with."""
    return lambda target: _compile(target, rules_paths)


def _compile(target: str, rules_paths: tuple[str, ...] = ()) -> dict[str, Any]:
    """The IR of the ruleset `target` names, found as `twilight play --ruleset` finds it (a name found in
    `$TWILIGHT_HOME/rules/` or `rules_paths`, `NAME@VERSION`, a folder); BoardError when it cannot be."""
    from twilight.cli.ruleset_target import compile_ruleset
    from twilight.compiler.diagnostics import Severity, render

    result = compile_ruleset(target, rules_paths)
    if result.ir is None or not result.ok:
        errors = [d for d in result.diagnostics if d.severity is Severity.ERROR]
        for d in errors:
            click.echo(render(d, result.sources), err=True)
        first = errors[0].message if errors else f"see `twilight check {target}`"
        raise worded("explain-error-compile", ruleset=printable(clip(target)), detail=printable(clip(first)))
    return result.ir


def html_page(svg: str, title: str, lang: str) -> str:
    """The picture in a small page of its own (it scales to the window's width)."""
    body = svg.replace('class="twilight-board"', 'class="twilight-board" style="width:100%;height:auto"', 1)
    return (
        f'<!DOCTYPE html>\n<html lang="{escape(lang)}">\n<head>\n<meta charset="utf-8">\n'
        '<meta name="viewport" content="width=device-width, initial-scale=1">\n'
        f"<title>{escape(title)}</title>\n"
        "<style>body{margin:0;background:#fbfaf6}</style>\n</head>\n<body>\n"
        f"{body}</body>\n</html>\n"
    )


def chromium() -> str | None:
    for name in CHROMIUM_NAMES:
        found = shutil.which(name)
        if found:
            return found
    return None


def write_png(svg: str, output: Path, lang: str | None = None) -> None:
    """The picture rendered by a headless Chromium; a clear message when there is none or it fails."""
    browser = chromium()
    if browser is None:
        _fail(
            "writing a PNG needs Chromium (chromium, chromium-browser or google-chrome), which is not "
            "installed: write .svg or .html instead, or install it (apt-get install chromium)",
            lang,
        )
    assert browser is not None
    width, height = svg_size(svg)
    with tempfile.TemporaryDirectory(prefix="twilight-board-") as folder:
        page = Path(folder) / "board.svg"
        page.write_text(svg, encoding="utf-8")
        shot = Path(folder) / "board.png"
        try:
            proc = subprocess.run(
                [
                    browser,
                    *CHROMIUM_FLAGS,
                    f"--user-data-dir={Path(folder) / 'profile'}",
                    f"--window-size={width},{height}",
                    f"--screenshot={shot}",
                    page.as_uri(),
                ],
                capture_output=True,
                text=True,
                timeout=120,
                check=False,
            )
        except (OSError, subprocess.TimeoutExpired) as err:
            _fail(f"Chromium could not draw the PNG: {err}", lang)
        if not shot.is_file() or shot.stat().st_size == 0:
            said = proc.stderr.strip()[-300:]
            _fail(f"Chromium could not draw the PNG (exit {proc.returncode}): {said}", lang)
        try:
            shutil.copyfile(shot, output)
        except OSError as err:
            _fail(f"cannot write {output}: {err.strerror or err}", lang)
