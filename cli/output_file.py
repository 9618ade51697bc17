"""Writing a command's output file (`-o FILE`): whole or not at all, and a one-line message on failure."""

from __future__ import annotations

import contextlib
import os
import secrets
import stat
import sys
from collections.abc import Callable
from pathlib import Path
from typing import Any, NoReturn

import click
from twilight.common.input_bounds import printable


def write_output_file(text: str, output: str) -> None:
    """Write `text` to `output` through a temporary file, so a reader never sees half of it; when the file
    cannot be written, say so in one line and exit with status 1. A device or a pipe named as the output
    (`-o /dev/stdout`) is written into, never replaced by a file; a symbolic link is written through (the
    file it names gets the text, the link stays)."""
    if not output:
        _cannot(output, "no file is named (an empty name)")
    try:
        info = os.stat(output)
    except OSError:
        info = None
    try:
        if info is not None and not stat.S_ISREG(info.st_mode) and not stat.S_ISDIR(info.st_mode):
            with open(output, "w", encoding="utf-8") as out:
                out.write(text)
            return
        _replace(Path(os.path.realpath(output)), text, info)
    except OSError as err:
        _cannot(output, str(err.strerror or err))


def _replace(path: Path, text: str, info: os.stat_result | None) -> None:
    """`path` replaced in one step by a file holding `text`: a temporary file of a name no one else holds
    (created, never opened through a link planted in its place), then renamed. An existing file's mode is
    kept; a new one takes the umask's."""
    tmp = path.with_name(f".{path.name}.{secrets.token_hex(6)}.tmp")
    fd = os.open(tmp, os.O_WRONLY | os.O_CREAT | os.O_EXCL | getattr(os, "O_NOFOLLOW", 0), 0o666)
    try:
        with os.fdopen(fd, "w", encoding="utf-8") as out:
            out.write(text)
        if info is not None:
            os.chmod(tmp, stat.S_IMODE(info.st_mode))
        os.replace(tmp, path)
    except BaseException:
        with contextlib.suppress(OSError):
            os.unlink(tmp)
        raise


def _cannot(output: str, why: str) -> NoReturn:
    click.echo(f"error: cannot write {printable(output) or repr(output)}: {why}", err=True)
    sys.exit(1)


def check_output_file(output: str) -> None:
    """Before a long run: say now, in one line, when `output` could not be written at its end (a missing
    folder, one that cannot be written to, a folder in its place), and exit with status 1."""
    out = Path(output)
    folder = out.parent if str(out.parent) else Path(".")
    problem = None
    if out.is_dir():
        problem = "it is a folder"
    elif not folder.is_dir():
        problem = f"there is no folder {folder}"
    elif not os.access(folder, os.W_OK):
        problem = f"the folder {folder} cannot be written to"
    if problem is not None:
        click.echo(f"error: cannot write {output}: {problem}; nothing was played", err=True)
        sys.exit(1)


def empty_value(what: str, param: click.Parameter | None, left_out: str = "") -> str:
    """The words of a usage error for an option given an empty value: what is wrong, what to write (and,
    for an option that may be left out, that it may)."""
    if param is not None and param.required:
        return f"the value is empty: write {what}"
    return f"the value is empty: write {what}, or leave the option out{' ' if left_out else ''}{left_out}"


# What an empty path option is told to name instead.
FILE_NAME = "a file's name"
FOLDER_NAME = "a folder's name ('.' for the current folder)"
PATH_NAME = "a file's or a folder's name"


class NamedPath(click.Path):
    """`click.Path` that refuses an empty value as a usage error. An empty name names no file, yet once
    reached the command: a folder option (`-o ''`, `--trace-dir ''`) wrote into the current folder, a file
    option was taken for "not given" (`i18n review -o ''` printed instead, `play --save ''` saved under
    the default name). `left_out` says what leaving the option out does ("to print the review")."""

    def __init__(self, *args: Any, what: str = "", left_out: str = "", **kwargs: Any) -> None:
        super().__init__(*args, **kwargs)
        if not what:
            what = FILE_NAME if not self.dir_okay else FOLDER_NAME if not self.file_okay else PATH_NAME
        self.what = what
        self.left_out = left_out

    def convert(self, value: Any, param: click.Parameter | None, ctx: click.Context | None) -> Any:
        if isinstance(value, str) and not value:
            self.fail(empty_value(self.what, param, self.left_out), param, ctx)
        return super().convert(value, param, ctx)


TextCallback = Callable[[click.Context, click.Parameter, "str | None"], "str | None"]


def not_empty(what: str, left_out: str = "") -> TextCallback:
    """The callback of a text option (not a path) that an empty or blank value must not reach:
    `play --ruleset ''` was taken for "not given", the default, without a word."""

    def check(ctx: click.Context, param: click.Parameter, value: str | None) -> str | None:
        if value is not None and not value.strip():
            raise click.BadParameter(empty_value(what, param, left_out))
        return value

    return check
