"""`twilight fmt`: lay rule files out the one canonical way (compiler/layout.py; docs/language.md#layout)."""

from __future__ import annotations

import contextlib
import difflib
import os
import shutil
import sys
import tempfile
from pathlib import Path
from typing import Literal

import click
from twilight.common.bounded_read import FileTooLarge, NotRegularFile, read_bounded
from twilight.compiler.diagnostics import clip_line, pictured, render
from twilight.compiler.layout import LayoutBug, layout
from twilight.compiler.loader import MAX_RULE_FILE_BYTES, display_path

DIFF_LINES = 16  # how much of the diff `--check` shows for each file
Outcome = Literal["changed", "unchanged", "failed"]
# The codes of a file refused before it is laid out for what it holds, not for its syntax: nested too
# deeply (E106), too many parts (E107).
REFUSED_FOR_SIZE = frozenset({"E106", "E107"})


@click.command("fmt")
@click.argument(
    "paths", metavar="PATH...", nargs=-1, required=True, type=click.Path(exists=True, path_type=Path)
)
@click.option(
    "--check",
    is_flag=True,
    help="Change nothing: list the files that are not laid out canonically, with the start of the diff, "
    "and exit 1 if there are any.",
)
def fmt(paths: tuple[Path, ...], check: bool) -> None:
    """Lay out rule files (.tsr) canonically: indentation, spacing, aligned table rows, blank lines.

    PATH is a rule file or a folder (every .tsr below it). Line breaks and comments stay as written; the
    meaning never changes. Files are rewritten in place and listed when they change. A file that does not
    parse is reported and left alone (exit 1). An author tool: its messages are in English only.
    """
    files = _rule_files(paths)
    outcomes = [_format_file(path, check) for path in files]
    changed, failed = outcomes.count("changed"), outcomes.count("failed")
    click.echo(_summary(len(files), changed, failed, check))
    sys.exit(1 if failed or (check and changed) else 0)


def _format_file(path: Path, check: bool) -> Outcome:
    """Format (or with `check`, only compare) one file: "changed", "unchanged" or "failed"."""
    shown = _shown(path)
    try:
        # The compiler's bound (E007): a file it would refuse is not worth laying out, and the bound keeps
        # /dev/zero or a runaway file from taking all memory.
        text = read_bounded(path, MAX_RULE_FILE_BYTES).decode("utf-8")
    except FileTooLarge as err:
        click.echo(f"error: {shown} is larger than {err.limit // 1024} KiB; left unchanged", err=True)
        return "failed"
    except (OSError, UnicodeDecodeError, NotRegularFile) as err:
        click.echo(f"error: cannot read {shown}: {_reason(err)}", err=True)
        return "failed"
    try:
        result = layout(text, shown)
    except LayoutBug as err:
        click.echo(f"internal error: {err}; left unchanged (please report this)", err=True)
        return "failed"
    if result.text is None:
        for diag in result.diagnostics:
            click.echo(render(diag, {shown: text}), err=True)
        # (a file refused for its nesting or its number of parts parses; the compiler refuses it too)
        too_big = all(diag.code in REFUSED_FOR_SIZE for diag in result.diagnostics)
        said = "is refused for its size, as the compiler refuses it" if too_big else "does not parse"
        click.echo(f"error: {shown} {said}; left unchanged", err=True)
        return "failed"
    if result.text == text:
        return "unchanged"
    if check:
        click.echo(f"{shown}: not formatted")
        click.echo(first_difference(text, result.text, shown))
        click.echo(diff_excerpt(text, result.text, shown))
        return "changed"
    # Through a symbolic link, the file it names is rewritten: replacing the link with a copy would cut
    # it from the file it shares.
    real = Path(os.path.realpath(path))
    try:
        write_atomically(real, result.text)
    except OSError as err:
        click.echo(f"error: cannot write {shown}: {_reason(err)}", err=True)
        return "failed"
    linked = f" (the file it links to: {display_path(real)})" if path.is_symlink() else ""
    click.echo(f"formatted {shown}{linked}")
    return "changed"


def _shown(path: Path) -> str:
    """The path as given (its folder made relative to the working directory when possible): a symbolic
    link is named as itself, not as the file it links to."""
    if path.name in ("", ".", ".."):
        return display_path(path)
    folder = display_path(path.parent)
    return path.name if folder == "." else os.path.join(folder, path.name)


def _rule_files(paths: tuple[Path, ...]) -> list[Path]:
    """The files named, and every .tsr below the folders named, each once, in the order given."""
    seen: set[Path] = set()
    files: list[Path] = []
    for path in paths:
        found = sorted(p for p in path.rglob("*.tsr") if p.is_file()) if path.is_dir() else [path]
        for file in found:
            key = file.resolve()
            if key not in seen:
                seen.add(key)
                files.append(file)
    return files


def _summary(total: int, changed: int, failed: int, check: bool) -> str:
    head = f"{total} file{'s' * (total != 1)}"
    if check:
        parts = [f"{changed} need formatting"] if changed else []
    else:
        parts = [f"{changed} reformatted", f"{total - changed - failed} unchanged"]
    if failed:
        parts.append(f"{failed} could not be formatted")
    if check and not parts:
        return f"{head} checked: all formatted"
    return f"{head}{' checked' if check else ''}: {', '.join(parts)}"


def first_difference(before: str, after: str, shown: str) -> str:
    """Where the file first differs from its layout, as a diagnostic shows a place: `path:line:col:` and
    what differs, the line with a caret under it, and the command that fixes it."""
    old, new = before.split("\n"), after.split("\n")
    at = next((i for i, (a, b) in enumerate(zip(old, new, strict=False)) if a != b), min(len(old), len(new)))
    fix = f"  help: `twilight fmt {shown}` lays the file out (the start of the diff follows)"
    if at >= len(old) or at >= len(new):
        # (only the end differs: blank lines at the end, or the final newline)
        line = min(at, len(old)) or 1
        what = "the end of the file: one final newline, no blank lines after the code"
        return f"{shown}:{line}:1: {what}\n{fix}"
    mine, laid = old[at], new[at]
    differs = (i for i, (a, b) in enumerate(zip(mine, laid, strict=False)) if a != b)
    col = next(differs, min(len(mine), len(laid)))
    indent, wanted = len(mine) - len(mine.lstrip(" ")), len(laid) - len(laid.lstrip(" "))
    if mine.strip() == "":
        what, col, width = "a blank line the layout does not keep here (or spaces on an empty line)", 0, 1
    elif mine.lstrip(" ") == laid.lstrip(" ") and indent != wanted:
        what, col, width = f"{indent} spaces of indentation where the layout has {wanted}", 0, max(indent, 1)
    elif mine.rstrip() == laid.rstrip():
        what, col, width = "spaces at the end of the line", len(mine.rstrip()), len(mine) - len(mine.rstrip())
    else:
        what, width = "spacing or alignment differs from the layout's", 1
    # (shown as a diagnostic shows its line: cut around the place, escape sequences pictured not acted on)
    shown_line, col_shown, width = clip_line(mine.replace("\t", " ").removesuffix("\r"), col, max(width, 1))
    gutter = f"{at + 1:>4} | "
    caret = " " * (len(gutter) + col_shown) + "^" * width
    shown_line = pictured(shown_line)
    return f"{shown}:{at + 1}:{col + 1}: {what}\n{gutter}{shown_line}\n{caret}\n{fix}"


def diff_excerpt(before: str, after: str, shown: str) -> str:
    """The first lines of a unified diff from `before` to `after`; trailing whitespace shows as '·'."""

    def visible(lines: list[str]) -> list[str]:
        return [line.rstrip(" \t\r") + "·" * (len(line) - len(line.rstrip(" \t\r"))) for line in lines]

    diff = list(
        difflib.unified_diff(
            visible(before.split("\n")),
            visible(after.split("\n")),
            shown,
            f"{shown} (formatted)",
            lineterm="",
            n=1,
        )
    )
    if not diff:
        return "  (only invisible whitespace differs: line endings or tabs)"
    # (each line's escape sequences pictured, as a diagnostic's are: a comment's ESC [2J once erased the
    # terminal; a huge line cut)
    diff = [pictured(clip_line(line, 0, 1)[0]) for line in diff]
    body = diff[2:]
    shown_lines = [*diff[:2], *body[:DIFF_LINES]]
    if len(body) > DIFF_LINES:
        shown_lines.append(f"… {len(body) - DIFF_LINES} more diff lines")
    return "\n".join(shown_lines)


def write_atomically(path: Path, text: str) -> None:
    """Replace the file in one step (a temporary file in the same folder, then a rename), keeping its mode."""
    fd, tmp = tempfile.mkstemp(dir=path.parent, prefix=f".{path.name}.", suffix=".tmp")
    try:
        with os.fdopen(fd, "w", encoding="utf-8", newline="") as out:
            out.write(text)
        shutil.copymode(path, tmp)
        os.replace(tmp, path)
    except BaseException:
        with contextlib.suppress(OSError):
            os.unlink(tmp)
        raise


def _reason(err: Exception) -> str:
    if isinstance(err, UnicodeDecodeError):
        return "not UTF-8 text"
    if isinstance(err, NotRegularFile):
        return "not a regular file"
    if isinstance(err, OSError) and err.strerror:
        return err.strerror
    return str(err)
