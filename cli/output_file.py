"""Writing a command's output file (`-o FILE`): whole or not at all, and a one-line message on failure."""

from __future__ import annotations

import os
import sys
from pathlib import Path

import click


def write_output_file(text: str, output: str) -> None:
    """Write `text` to `output` through a temporary file, so a reader never sees half of it; when the file
    cannot be written, say so in one line and exit with status 1."""
    out = Path(output)
    tmp = out.with_name(f".{out.name}.tmp")
    try:
        tmp.write_text(text, encoding="utf-8")
        os.replace(tmp, out)
    except OSError as err:
        click.echo(f"error: cannot write {output}: {err.strerror or err}", err=True)
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
