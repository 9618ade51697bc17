"""Files that are not what a command expects: devices, FIFOs, oversized files, symbolic links, Fluent
messages nested past the parser's stack. Each is refused with one line naming the file, a non-zero exit
and no traceback, and nothing is written where nothing should be (`twilight fmt`, `twilight replay`,
`twilight check` and the readers of the ruleset's .ftl files)."""

from __future__ import annotations

import os
import subprocess
import sys
from pathlib import Path

import pytest
from twilight.cli.localizer import MAX_PLACEABLE_DEPTH, FluentFileError, read_fluent, too_deep
from twilight.cli.replay.log import MAX_LOG_BYTES, LogError, Names, read_log
from twilight.common.bounded_read import FileTooLarge, NotRegularFile, read_bounded
from twilight.compiler.loader import MAX_RULE_FILE_BYTES

UNIX = pytest.mark.skipif(not hasattr(os, "mkfifo") or not Path("/dev/zero").exists(), reason="POSIX only")
UNFORMATTED = "procedure p() {\n  set_defcon(  3 )\n}\n"


def twilight(*args: str, cwd: Path) -> subprocess.CompletedProcess[str]:
    """The command as a user runs it (main() turns exceptions into 'internal error'); a timeout, not a
    hang, when a read blocks."""
    return subprocess.run(
        [sys.executable, "-c", "from twilight.cli.main import main; main()", *args],
        cwd=cwd,
        capture_output=True,
        text=True,
        timeout=120,
    )


def one_line_error(done: subprocess.CompletedProcess[str], *words: str) -> None:
    assert done.returncode != 0
    assert "Traceback" not in done.stderr and "internal error" not in done.stderr, done.stderr
    lines = done.stderr.strip().splitlines()
    assert len(lines) == 1, done.stderr
    for word in words:
        assert word in lines[0], lines[0]


# The bounded read itself.


def test_read_bounded_reads_a_regular_file(tmp_path: Path) -> None:
    path = tmp_path / "a.txt"
    path.write_bytes(b"x" * 10)
    assert read_bounded(path, 10) == b"x" * 10
    with pytest.raises(FileTooLarge):
        read_bounded(path, 9)


@UNIX
def test_read_bounded_refuses_devices_fifos_and_folders(tmp_path: Path) -> None:
    fifo = tmp_path / "pipe"
    os.mkfifo(fifo)
    for path in (Path("/dev/zero"), fifo, tmp_path):
        with pytest.raises(NotRegularFile):
            read_bounded(path, 100)


# twilight fmt


@UNIX
def test_fmt_refuses_a_device(tmp_path: Path) -> None:
    done = twilight("fmt", "--check", "/dev/zero", cwd=tmp_path)
    one_line_error(done, "/dev/zero", "not a regular file")
    assert done.returncode == 1


@UNIX
def test_fmt_refuses_a_fifo_without_blocking(tmp_path: Path) -> None:
    os.mkfifo(tmp_path / "pipe.tsr")
    done = twilight("fmt", "pipe.tsr", cwd=tmp_path)
    one_line_error(done, "pipe.tsr", "not a regular file")


def test_fmt_refuses_a_file_the_compiler_refuses(tmp_path: Path) -> None:
    big = tmp_path / "big.tsr"
    text = UNFORMATTED + "# " + "x" * MAX_RULE_FILE_BYTES + "\n"
    big.write_text(text, encoding="utf-8")
    done = twilight("fmt", "big.tsr", cwd=tmp_path)
    one_line_error(done, "big.tsr", f"larger than {MAX_RULE_FILE_BYTES // 1024} KiB")
    assert big.read_text(encoding="utf-8") == text


def test_fmt_writes_through_a_symbolic_link(tmp_path: Path) -> None:
    (tmp_path / "rs").mkdir()
    (tmp_path / "shared").mkdir()
    target = tmp_path / "shared" / "common.tsr"
    target.write_text(UNFORMATTED, encoding="utf-8")
    link = tmp_path / "rs" / "common.tsr"
    link.symlink_to(Path("..") / "shared" / "common.tsr")
    done = twilight("fmt", "rs", cwd=tmp_path)
    assert done.returncode == 0, done.stderr
    assert link.is_symlink() and link.resolve() == target.resolve()
    assert target.read_text(encoding="utf-8") == "procedure p() {\n  set_defcon(3)\n}\n"
    assert f"formatted {Path('rs') / 'common.tsr'} (the file it links to: " in done.stdout
    assert [p.name for p in (tmp_path / "shared").iterdir()] == ["common.tsr"]  # (no temporary left)
    again = twilight("fmt", "--check", "rs", cwd=tmp_path)
    assert again.returncode == 0, again.stdout


# twilight replay


def names() -> Names:
    from twilight.cli.replay.names import compiled, ruleset_names

    return ruleset_names(compiled("standard")[0])


@UNIX
def test_replay_log_refuses_a_device_and_a_fifo(tmp_path: Path) -> None:
    fifo = tmp_path / "pipe.log"
    os.mkfifo(fifo)
    for path in (Path("/dev/zero"), fifo):
        with pytest.raises(LogError) as caught:
            read_log(path, names())
        assert caught.value.message_id == "replay-not-a-file"


def test_replay_log_bounds_the_bytes_read(tmp_path: Path) -> None:
    big = tmp_path / "big.log"
    big.write_bytes(b"x" * (MAX_LOG_BYTES + 1))
    with pytest.raises(LogError) as caught:
        read_log(big, names())
    assert caught.value.message_id == "replay-too-large"


@UNIX
def test_replay_cli_refuses_dev_zero(tmp_path: Path) -> None:
    done = twilight("replay", "/dev/zero", cwd=tmp_path)
    one_line_error(done, "/dev/zero", "not a regular file")
    assert done.returncode == 1


@UNIX
@pytest.mark.parametrize(
    ("args", "said"),
    [
        (("scenario", "run", "pipe"), "not a regular file"),
        (("play", "--resume", "pipe"), "not a regular file"),
        (("board", "pipe", "-o", "out.svg"), "not a regular file"),
        (("explain", "trace", "pipe"), "not a regular file"),
    ],
    ids=["scenario", "save", "board", "trace"],
)
def test_a_fifo_named_as_a_scenario_a_save_or_a_trace_is_refused_without_waiting(
    tmp_path: Path, args: tuple[str, ...], said: str
) -> None:
    """Each once opened the pipe and waited for a writer for ever."""
    os.mkfifo(tmp_path / "pipe")
    done = subprocess.run(
        [sys.executable, "-c", "from twilight.cli.main import main; main()", *args],
        cwd=tmp_path,
        capture_output=True,
        text=True,
        timeout=120,
        stdin=subprocess.DEVNULL,
        env={**os.environ, "TWILIGHT_HOME": str(tmp_path / "home")},
    )
    told = done.stdout + done.stderr
    assert said in told and "Traceback" not in told and "internal error" not in told


# Fluent messages nested too deep


def deep_message(depth: int) -> str:
    return "card-nato = " + "{" * depth + '"x"' + "}" * depth + "\n"


def test_too_deep_finds_the_first_brace_past_the_bound() -> None:
    assert too_deep(deep_message(MAX_PLACEABLE_DEPTH)) is None
    assert too_deep(deep_message(200)) == (1, len("card-nato = ") + MAX_PLACEABLE_DEPTH + 1, 21)


def test_too_deep_reads_strings_and_variants_as_fluent_does() -> None:
    # Braces in a string literal are text; quotes in a variant's text are not a string.
    assert too_deep('a = { "' + "{" * 30 + '" }\n') is None
    hidden = 'a = { $n ->\n   *[one] say "' + "{" * 30 + "$n" + "}" * 30 + '"\n}\n'
    assert too_deep(hidden) == (2, len('   *[one] say "') + 20, 21)
    # Each entry starts afresh: the parser does.
    assert too_deep(("a = " + "{" * 15 + "\n") * 3) is None


def test_read_fluent_tells_file_line_and_column(tmp_path: Path) -> None:
    path = tmp_path / "cards.ftl"
    path.write_text("# names\n" + deep_message(200), encoding="utf-8")
    with pytest.raises(FluentFileError) as caught:
        read_fluent(path)
    assert caught.value.where.endswith(f"cards.ftl:2:{len('card-nato = ') + 21}")


@pytest.fixture
def deep_ruleset(tmp_path: Path) -> Path:
    folder = tmp_path / "deep"
    (folder / "locales" / "en").mkdir(parents=True)
    (folder / "ruleset.tsr").write_text('ruleset "deep" {\n  extends "standard"\n}\n', encoding="utf-8")
    (folder / "locales" / "en" / "cards.ftl").write_text(deep_message(200), encoding="utf-8")
    return folder


def test_check_reports_a_message_nested_too_deep(deep_ruleset: Path) -> None:
    done = twilight("check", ".", cwd=deep_ruleset)
    assert done.returncode == 1
    where = f"{Path('locales') / 'en' / 'cards.ftl'}:1:{len('card-nato = ') + 21}"
    assert f"{where}: error: a placeable nested 21 deep" in done.stdout
    assert "deep: failed: 1 error" in done.stdout


@pytest.mark.parametrize(
    "args", [("explain", "card", "21", "--ruleset", "."), ("i18n", "check", "."), ("i18n", "status", ".")]
)
def test_readers_refuse_a_message_nested_too_deep(deep_ruleset: Path, args: tuple[str, ...]) -> None:
    done = twilight(*args, cwd=deep_ruleset)
    one_line_error(done, "cards.ftl:1:", "nested 21 deep")
    assert done.returncode == 1
