"""`-o FILE` of the commands that write one file (compile, sources, board, reference, balance, rulesets
--changes…): an empty name was an internal error (`Path('').with_name`); a device named as the output
(`-o /dev/null`, `-o /dev/stdout`) was replaced by a regular file (as root, /dev/null itself), a symbolic
link by a copy of the text (the file it named left as it was), and a temporary file named before, made a
link to another file, had the text written through it into that file."""

from __future__ import annotations

import os
import stat
from pathlib import Path

import pytest
from click.testing import CliRunner
from twilight.cli.output_file import write_output_file
from twilight.cli.reference import reference


def test_an_empty_output_name_is_one_line_not_an_internal_error(tmp_path: Path) -> None:
    result = CliRunner().invoke(reference, ["-o", ""])
    assert result.exit_code == 1, result.output
    assert not isinstance(result.exception, ValueError), result.exception
    assert "cannot write" in result.output and "no file" in result.output, result.output


def test_a_fifo_named_as_the_output_is_written_into_not_replaced(tmp_path: Path) -> None:
    fifo = tmp_path / "out.fifo"
    os.mkfifo(fifo)
    reader = os.open(fifo, os.O_RDONLY | os.O_NONBLOCK)
    try:
        write_output_file("hello\n", str(fifo))
        assert stat.S_ISFIFO(fifo.lstat().st_mode)  # (still the pipe, not a file put in its place)
        assert os.read(reader, 100) == b"hello\n"
    finally:
        os.close(reader)
    assert sorted(p.name for p in tmp_path.iterdir()) == ["out.fifo"]


def test_dev_null_as_the_output_stays_a_device(tmp_path: Path) -> None:
    link = tmp_path / "null"
    link.symlink_to("/dev/null")
    write_output_file("x" * 1000, str(link))
    assert link.is_symlink() and stat.S_ISCHR(Path("/dev/null").stat().st_mode)


def test_a_symbolic_link_named_as_the_output_is_written_through(tmp_path: Path) -> None:
    real = tmp_path / "real.json"
    real.write_text("old", encoding="utf-8")
    link = tmp_path / "link.json"
    link.symlink_to(real)
    write_output_file("new\n", str(link))
    assert link.is_symlink() and real.read_text(encoding="utf-8") == "new\n"


def test_a_link_planted_where_the_temporary_file_goes_is_not_written_through(tmp_path: Path) -> None:
    victim = tmp_path / "victim.txt"
    victim.write_text("precious", encoding="utf-8")
    (tmp_path / ".out.json.tmp").symlink_to(victim)
    write_output_file("new\n", str(tmp_path / "out.json"))
    assert victim.read_text(encoding="utf-8") == "precious"
    assert (tmp_path / "out.json").read_text(encoding="utf-8") == "new\n"


def test_an_output_file_keeps_its_mode_and_a_new_one_takes_the_umask(tmp_path: Path) -> None:
    old = tmp_path / "old.json"
    old.write_text("", encoding="utf-8")
    old.chmod(0o640)
    write_output_file("new\n", str(old))
    assert stat.S_IMODE(old.stat().st_mode) == 0o640
    mask = os.umask(0o022)
    try:
        write_output_file("new\n", str(tmp_path / "fresh.json"))
    finally:
        os.umask(mask)
    assert stat.S_IMODE((tmp_path / "fresh.json").stat().st_mode) == 0o644


@pytest.mark.parametrize("name", ["missing/out.json"])
def test_a_missing_folder_is_still_one_line(tmp_path: Path, name: str) -> None:
    with pytest.raises(SystemExit) as exit_:
        write_output_file("x", str(tmp_path / name))
    assert exit_.value.code == 1
    assert not (tmp_path / "missing").exists()
