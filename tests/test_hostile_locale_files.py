"""A ruleset's locale file (.ftl) that is no file of text: bytes that are no UTF-8, a link to /dev/zero, a
FIFO. Each is told as one line naming the file (`cannot read it: …`), exit 1; none stops a command with a
traceback, fills the memory or waits for ever (each command runs with a timeout)."""

from __future__ import annotations

import os
import shutil
import subprocess
import sys
from pathlib import Path

import pytest

ROOT = Path(__file__).resolve().parent.parent
TIMEOUT = 120


def _variant(tmp_path: Path) -> Path:
    folder = tmp_path / "solo-v2"
    shutil.copytree(ROOT / "rules" / "solo-v2", folder)
    return folder


def _twilight(*args: str) -> subprocess.CompletedProcess[str]:
    return subprocess.run(
        [sys.executable, "-m", "twilight.cli.main", *args], capture_output=True, text=True, timeout=TIMEOUT
    )


def test_a_locale_file_that_is_no_utf8_is_said_so(tmp_path: Path) -> None:
    folder = _variant(tmp_path)
    (folder / "locales" / "en" / "zz.ftl").write_bytes(b"card-x = \xff\xfe bad\n")
    for args in (["i18n", "check", str(folder)], ["explain", "card", "21", "--ruleset", str(folder)]):
        done = _twilight(*args)
        said = done.stdout + done.stderr
        assert done.returncode == 1, said
        assert "zz.ftl: cannot read it: not UTF-8 text" in said and "Traceback" not in said


@pytest.mark.parametrize("kind", ["device", "fifo"])
def test_a_locale_file_that_is_a_device_or_a_fifo_is_said_so(tmp_path: Path, kind: str) -> None:
    folder = _variant(tmp_path)
    path = folder / "locales" / "en" / "zz.ftl"
    if kind == "device":
        path.symlink_to("/dev/zero")
    else:
        os.mkfifo(path)
    done = _twilight("check", str(folder))
    said = done.stdout + done.stderr
    assert done.returncode == 1, said
    assert "zz.ftl: error: cannot read it: not a regular file" in said and "Traceback" not in said
