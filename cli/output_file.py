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
