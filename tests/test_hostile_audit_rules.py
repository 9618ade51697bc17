"""Rule folders with a name ending .tsr that is no file to read: a pipe, a symbolic link to nothing, to
itself or to a device. `twilight check` once said "ok" of such a folder (the rules meant to be in the
file were missing without a word), failed with "internal compiler error: RuntimeError: Symlink loop",
or, for the manifest itself, called the folder one "without ruleset.tsr"."""

from __future__ import annotations

import os
import subprocess
import sys
import time
import tracemalloc
from collections.abc import Callable
from pathlib import Path

import pytest
from twilight.common.cachedir import read_trusted
from twilight.compiler.api import compile_target
from twilight.compiler.diagnostics import shorten_words

UNIX = pytest.mark.skipif(not hasattr(os, "mkfifo") or not Path("/dev/zero").exists(), reason="POSIX only")
MANIFEST = 'ruleset "odd" {\n  extends "standard"\n}\n'


def ruleset(tmp_path: Path) -> Path:
    folder = tmp_path / "odd"
    folder.mkdir()
    (folder / "ruleset.tsr").write_text(MANIFEST, encoding="utf-8")
    return folder


def messages(target: Path) -> list[str]:
    result = compile_target(str(target))
    assert not result.ok
    return [f"{d.code} {d.message}" for d in result.diagnostics]


def check(target: Path, cwd: Path) -> subprocess.CompletedProcess[str]:
    return subprocess.run(
        [sys.executable, "-c", "from twilight.cli.main import main; main()", "check", str(target)],
        cwd=cwd,
        capture_output=True,
        text=True,
        timeout=120,
        stdin=subprocess.DEVNULL,
    )


def fifo(path: Path) -> None:
    os.mkfifo(path)


def link_to_nothing(path: Path) -> None:
    path.symlink_to(path.with_name("gone.tsr"))


def link_to_itself(path: Path) -> None:
    path.symlink_to(path.name)


def link_to_a_device(path: Path) -> None:
    path.symlink_to("/dev/zero")


KINDS: list[tuple[Callable[[Path], None], str]] = [
    (fifo, "not a regular file (a device, a pipe or a socket)"),
    (link_to_nothing, "a symbolic link to nothing"),
    (link_to_itself, "a symbolic link that leads back to itself"),
    (link_to_a_device, "a symbolic link to something that is not a file (a device, a pipe)"),
]
IDS = ["fifo", "dangling", "loop", "device"]


@UNIX
@pytest.mark.parametrize(("make", "why"), KINDS, ids=IDS)
def test_a_rule_file_that_is_no_file_is_an_error_naming_it(
    tmp_path: Path, make: Callable[[Path], None], why: str
) -> None:
    folder = ruleset(tmp_path)
    (folder / "cards").mkdir()
    make(folder / "cards" / "extra.tsr")
    shown = os.path.join(str(folder / "cards"), "extra.tsr")
    assert f"E001 cannot read {shown}: {why}" in messages(folder)


@UNIX
@pytest.mark.parametrize(("make", "why"), KINDS, ids=IDS)
def test_check_fails_on_it_in_the_folder_it_is_run_in(
    tmp_path: Path, make: Callable[[Path], None], why: str
) -> None:
    folder = ruleset(tmp_path)
    make(folder / "extra.tsr")
    done = check(Path("."), folder)
    assert done.returncode == 1, done.stdout
    assert f"extra.tsr:1:1: error[E001]: cannot read extra.tsr: {why}" in done.stdout
    assert "internal" not in done.stdout + done.stderr
    assert "odd: failed: 1 error" in done.stdout


@UNIX
def test_a_cached_compile_still_tells_of_it(tmp_path: Path) -> None:
    """A ruleset compiled clean once (its IR cached) and then given a link to nothing is not taken from
    the cache: the link is told."""
    folder = ruleset(tmp_path)
    assert compile_target(str(folder)).ok
    link_to_nothing(folder / "extra.tsr")
    assert any("extra.tsr: a symbolic link to nothing" in m for m in messages(folder))


@UNIX
@pytest.mark.parametrize(("make", "why"), KINDS, ids=IDS)
def test_a_manifest_that_is_no_file_is_said_so(
    tmp_path: Path, make: Callable[[Path], None], why: str
) -> None:
    folder = tmp_path / "odd"
    folder.mkdir()
    make(folder / "ruleset.tsr")
    assert messages(folder) == [f"E001 cannot read {folder / 'ruleset.tsr'}: {why}"]


def test_a_folder_named_like_a_rule_file_is_walked_not_refused(tmp_path: Path) -> None:
    folder = ruleset(tmp_path)
    (folder / "more.tsr").mkdir()
    assert compile_target(str(folder)).ok


@pytest.mark.parametrize(
    "body",
    ["procedure " + "p" * 100_000 + "() {\n}\n", 'rule r provisional "' + "x" * 100_000 + '" {\n}\n'],
    ids=["identifier", "string"],
)
def test_a_huge_name_or_string_is_echoed_cut(tmp_path: Path, body: str) -> None:
    """A 100,000-letter name once came back whole in the message and the help: 200 KB of one warning."""
    folder = ruleset(tmp_path)
    (folder / "x.tsr").write_text(body, encoding="utf-8")
    done = check(Path("."), folder)
    assert done.returncode in (0, 1) and "internal" not in done.stdout + done.stderr
    assert max(len(line) for line in done.stdout.splitlines()) < 400, done.stdout[:2000]
    long_run = body[20:80]  # (the lines that echo the name or the string)
    said = [line for line in done.stdout.splitlines() if "x.tsr:1:" in line and long_run in line]
    assert said and all("…" in line for line in said), said


def test_shorten_words_cuts_long_runs_in_the_middle_and_keeps_the_rest() -> None:
    word = "a" * 300 + "z"
    assert shorten_words(f"procedure '{word}' is unused") == f"procedure '{'a' * 149}…{'a' * 18}z' is unused"
    path = "/" + "d" * 150 + "/ruleset.tsr"  # (a path a compile shows is left whole)
    assert shorten_words(f"cannot read {path}: gone") == f"cannot read {path}: gone"


def test_a_huge_cache_file_is_not_read_into_memory(tmp_path: Path) -> None:
    """A cache file of ours grown to gigabytes (here a sparse one of 4 GiB) was read whole to be
    unmarshalled; it is now left alone and what it held is built afresh."""
    folder = tmp_path / "cache"
    folder.mkdir(mode=0o700)
    huge = folder / "ir-huge.marshal"
    with huge.open("wb") as out:
        out.truncate(4 * 2**30)
    huge.chmod(0o600)
    tracemalloc.start()
    assert read_trusted(huge) is None
    _, peak = tracemalloc.get_traced_memory()
    tracemalloc.stop()
    assert peak < 2**20
    small = folder / "ir-small.marshal"
    small.write_bytes(b"x" * 1000)
    small.chmod(0o600)
    assert read_trusted(small) == b"x" * 1000


def test_rule_files_in_folders_nested_a_thousand_deep_are_read(tmp_path: Path) -> None:
    """Folders nested 1,100 deep were walked by recursion and failed with "E106 the input nests too deeply
    to compile · split deeply nested expressions", about no expression at all."""
    folder = ruleset(tmp_path)
    chain = [folder]
    for _ in range(1100):  # (one by one: mkdir(parents=True) and rmtree recurse too)
        chain.append(chain[-1] / "d")
        chain[-1].mkdir()
    rules = chain[-1] / "x.tsr"
    rules.write_text("procedure p() {\n  set_defcon(3)\n}\n", encoding="utf-8")
    try:
        result = compile_target(str(folder), use_cache=False)
        codes = [d.code for d in result.diagnostics]
        assert "E106" not in codes and "W201" in codes, codes  # (W201: the procedure in x.tsr was read)
    finally:
        rules.unlink()
        for level in reversed(chain[1:]):
            level.rmdir()


def test_escape_sequences_in_a_rule_file_are_shown_not_acted_on(tmp_path: Path) -> None:
    """`twilight check` once printed a source line with its escape sequences as they were (ESC [2J cleared
    the terminal, ESC ]0; set its title), and a file's name or a provisional mark likewise."""
    folder = ruleset(tmp_path)
    source = "procedure p() { set_defcon( } # \x1b[2J\x1b]0;pwn\x07\n}\n"
    (folder / "x.tsr").write_text(source, encoding="utf-8")
    done = check(Path("."), folder)
    assert done.returncode == 1
    assert "\x1b" not in done.stdout and "\x07" not in done.stdout, done.stdout
    lines = done.stdout.splitlines()
    at = lines.index("   1 | procedure p() { set_defcon( } # ␛[2J␛]0;pwn␇")
    assert lines[at + 1] == " " * len("   1 | procedure p() { set_defcon( ") + "^"  # (the caret where it was)
    (folder / "x.tsr").unlink()
    (folder / "y\x1b[31m.tsr").write_text('rule r provisional "\x1b[1A" {\n}\n', encoding="utf-8")
    done = check(Path("."), folder)
    assert done.returncode == 1 and "\x1b" not in done.stdout, done.stdout
    assert 'y\\x1b[31m.tsr:1:8: error[E207]: provisional mark "\\x1b[1A"' in done.stdout, done.stdout


@UNIX
def test_a_lone_rule_file_that_is_a_pipe_or_a_device_is_said_so(tmp_path: Path) -> None:
    """`twilight check p.tsr` on a pipe once said "'p.tsr' is neither a known ruleset nor a file or
    folder" of a name the author could see listed."""
    os.mkfifo(tmp_path / "p.tsr")
    done = check(Path("p.tsr"), tmp_path)
    assert done.returncode == 1
    assert "error[E001]: cannot read p.tsr: not a regular file (a device, a pipe or a socket)" in done.stdout
    assert messages(Path("/dev/zero")) == [
        "E001 cannot read /dev/zero: not a regular file (a device, a pipe or a socket)"
    ]


def test_a_file_of_thousands_of_broken_declarations_is_checked_in_seconds(tmp_path: Path) -> None:
    """Each broken declaration is parsed alone to be told, and for each the brackets of the whole file
    before it were scanned again: 12,000 of them (within the 256 KiB bound) took minutes, as if `twilight
    check` hung. Measured in CPU time: 6,000 took over a minute before, a few seconds now."""
    folder = ruleset(tmp_path)
    (folder / "x.tsr").write_text("procedure p() { x }\n\n" * 6000, encoding="utf-8")
    start = time.process_time()
    result = compile_target(str(folder), use_cache=False)
    spent = time.process_time() - start
    assert sum(d.code == "E101" for d in result.diagnostics) == 6000
    assert spent < 25, f"{spent:.0f} s"
