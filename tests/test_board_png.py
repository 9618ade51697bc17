"""`twilight board -o FILE.png` (docs/board.md): the picture rendered by headless Chromium is a PNG of the
SVG's size with a picture in it, not a blank page (skipped where there is no Chromium)."""

from __future__ import annotations

import shutil
import struct
import zlib
from pathlib import Path

import pytest
from helpers import compiled_ir, run_cli
from twilight.cli.board import board_svg, seed_state
from twilight.cli.board.draw import svg_size
from twilight.cli.session.text import PlayText


def test_the_command_writes_a_png_that_is_not_blank(tmp_path: Path) -> None:
    if not any(shutil.which(n) for n in ("chromium", "chromium-browser", "google-chrome")):
        pytest.skip("no Chromium found: apt-get install chromium")
    out = tmp_path / "board.png"
    code, said = run_cli(["board", "--seed", "3", "--ruleset", "standard", "-o", str(out)])
    assert code == 0, said
    data = out.read_bytes()
    assert data[:8] == b"\x89PNG\r\n\x1a\n"
    width, height = struct.unpack(">II", data[16:24])
    ir = compiled_ir("standard")
    svg = board_svg(ir, seed_state(ir, 3), PlayText("standard", "en", ir))
    assert (width, height) == svg_size(svg)
    # A blank picture compresses to almost nothing and holds a handful of byte values.
    raw = zlib.decompress(b"".join(_chunks(data, b"IDAT")))
    assert len(data) > 50_000 and len(set(raw)) > 100


def _chunks(data: bytes, kind: bytes) -> list[bytes]:
    pos, found = 8, []
    while pos < len(data):
        length, name = struct.unpack(">I4s", data[pos : pos + 8])
        if name == kind:
            found.append(data[pos + 8 : pos + 8 + length])
        pos += 12 + length
    return found
