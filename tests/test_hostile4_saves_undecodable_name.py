"""A save whose file name is not UTF-8 (a file copied from another system): `twilight saves` shows a
command that deletes it as it is copied (the shell's `$'bad\\xff'`, not `'bad�'`, which names no file),
and `twilight saves delete` with that name deletes it."""

from __future__ import annotations

import os
import shlex
import shutil
import subprocess
import sys
from pathlib import Path

import pytest
from click.testing import CliRunner
from twilight.cli.main import cli
from twilight.cli.session.unfinished import no_such_save

BAD_FILE = b"bad\xff.json"
BAD_NAME = os.fsdecode(b"bad\xff")  # (the name as Python, and click's arguments, read it)


@pytest.fixture
def home(tmp_path: Path, monkeypatch: pytest.MonkeyPatch) -> Path:
    monkeypatch.setenv("TWILIGHT_HOME", str(tmp_path))
    (tmp_path / "saves").mkdir()
    try:
        with open(os.fsencode(tmp_path / "saves") + b"/" + BAD_FILE, "wb") as out:
            out.write(b"{}")
    except OSError:
        pytest.skip("the file system takes only UTF-8 names")
    return tmp_path


def test_the_listed_delete_command_is_one_that_works(home: Path) -> None:
    result = CliRunner().invoke(cli, ["saves"])
    assert result.exit_code == 0, result.output
    assert "twilight saves delete $'bad\\xff'" in result.output, result.output
    assert "delete 'bad" not in result.output


def test_did_you_mean_names_it_so_too(home: Path) -> None:
    _, fields = no_such_save("bad")
    assert fields.get("close") == "$'bad\\xff'", fields


def test_the_shown_name_is_read_back_by_the_shell_as_the_files_name(home: Path) -> None:
    from twilight.cli.session.saves import typed_save_name

    typed = typed_save_name(BAD_NAME)
    assert typed == "$'bad\\xff'"
    # bash reads the shown word back as the file's very bytes: the command works as it is copied
    if shutil.which("bash") is None:
        pytest.skip("no bash")
    probe = "import sys, os; print(os.path.exists(sys.argv[1] + '.json'))"
    command = f"cd {shlex.quote(str(home / 'saves'))} && {sys.executable} -c {shlex.quote(probe)} {typed}"
    out = subprocess.run(["bash", "-c", command], capture_output=True, text=True, check=True).stdout
    assert out.strip() == "True"


def test_deleting_it_by_that_name_deletes_it(home: Path) -> None:
    result = CliRunner().invoke(cli, ["saves", "delete", BAD_NAME])
    assert result.exit_code == 0, result.output
    assert "$'bad\\xff'" in result.output
    assert os.listdir(home / "saves") == []


@pytest.mark.parametrize(
    ("name", "typed"),
    [
        ("plain", "plain"),
        ("My game", "'My game'"),
        ("it's", "'it'\"'\"'s'"),
        ("esc\x1bname", "$'esc\\x1bname'"),
        ("rtl\u202ename", "$'rtl\\u202ename'"),
        ("quote'\udcfe", "$'quote\\'\\xfe'"),
    ],
)
def test_typed_names(name: str, typed: str) -> None:
    from twilight.cli.session.saves import typed_save_name

    assert typed_save_name(name) == typed


def test_an_unknown_name_lists_it_without_stopping(home: Path) -> None:
    # (a lone surrogate written to a terminal that takes UTF-8 strictly stopped the command with an
    # internal error; CliRunner's output is such a one)
    result = CliRunner().invoke(cli, ["saves", "delete", "nonesuch"])
    assert result.exit_code == 1, result.output
    assert 'There is no save called "nonesuch". The saves are: bad\\xff.' in result.output
    result = CliRunner().invoke(cli, ["saves", "delete", os.fsdecode(b"other\xfe")])
    assert result.exit_code == 1 and 'no save called "other\\xfe"' in result.output, result.output


def test_printable_shows_a_byte_that_is_not_utf8_as_the_byte() -> None:
    """Every command prints paths through `printable`: a name's undecodable byte (Python's stand-in U+DCFF)
    stopped any of them on a terminal that encodes strictly; it is now shown as the byte, and JSON keeps
    it as an escape that reads back as the same name."""
    import json
    import os

    from twilight.common.input_bounds import printable, printable_json

    name = os.fsdecode(b"bad\xff.json")
    assert printable(name) == "bad\\xff.json"
    printable(name).encode("utf-8")  # (strict: no stand-in left)
    said = printable_json(json.dumps({"path": name}, ensure_ascii=False))
    said.encode("utf-8")
    assert json.loads(said)["path"] == name
