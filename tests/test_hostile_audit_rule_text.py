"""Rule files a second audit of hostile input found read or told wrongly: an editor's unsaved text (the
language server's) read otherwise than the same text saved (a byte order mark, lines ended by a lone
carriage return), `twilight fmt` likewise, blocks nested too deep for the compiler told at line 1 instead
of where they go too deep, and the summary line of `twilight check` echoing the target as typed (escape
sequences, line ends, any length). With a property test: real rule files cut short or damaged at random
end in diagnostics, each placed inside its file, never an internal error."""

from __future__ import annotations

import os
import subprocess
import sys
from pathlib import Path

import pytest
from click.testing import CliRunner
from hypothesis import HealthCheck, given, settings
from hypothesis import strategies as st
from twilight.cli.main import cli
from twilight.compiler.api import compile_target
from twilight.compiler.layout import layout
from twilight.compiler.loader import display_path, rules_root

MANIFEST = 'ruleset "odd" {\n  extends "standard"\n}\n'
PROCEDURE = 'procedure p() source "000 · a" {\n  set_defcon(3)\n}\n'
# (a comment line ended by a lone CR, then a call of nothing: read as two lines, the call is an error)
LONE_CR = '# note\rprocedure q() source "000 · a" {\r  no_such_thing()\r}\r'


def ruleset(tmp_path: Path) -> Path:
    folder = tmp_path / "odd"
    folder.mkdir()
    (folder / "ruleset.tsr").write_text(MANIFEST, encoding="utf-8")
    return folder


def told(folder: Path, overrides: dict[str, str] | None = None) -> list[tuple[str, int | None]]:
    result = compile_target(str(folder), overrides=overrides, use_cache=False)
    return [(d.code, d.pos.line if d.pos else None) for d in result.diagnostics]


@pytest.mark.parametrize(
    ("text", "expected"),
    [("\ufeff" + PROCEDURE, []), (LONE_CR, [("E501", 3)])],
    ids=["byte-order-mark", "lone-cr"],
)
def test_unsaved_text_reads_as_the_same_text_saved(
    tmp_path: Path, monkeypatch: pytest.MonkeyPatch, text: str, expected: list[tuple[str, int]]
) -> None:
    """An override (the language server's unsaved text) skipped what a read from disk does: a byte order
    mark was E102 at 1:1, and a comment ended by a lone CR ran to the end of the file, so that the
    editor showed no error that `twilight check` showed."""
    folder = ruleset(tmp_path)
    monkeypatch.chdir(tmp_path)
    (folder / "x.tsr").write_text(PROCEDURE, encoding="utf-8")
    assert told(Path("odd"), {os.path.join("odd", "x.tsr"): text}) == expected
    (folder / "x.tsr").write_bytes(text.encode("utf-8"))
    assert told(Path("odd")) == expected


def test_fmt_reads_a_byte_order_mark_and_lone_carriage_returns_as_check_does() -> None:
    """`twilight fmt` called a file with a byte order mark one that "does not parse" (check passes it),
    and laid a file of lone-CR lines out as one comment line."""
    assert layout("\ufeff" + PROCEDURE, "x.tsr").text == PROCEDURE
    canonical = layout('# note\rprocedure p() source "000 · a" {\r      set_defcon(3)\r}\r', "x.tsr")
    assert canonical.text == "# note\n" + PROCEDURE


def nested_blocks(depth: int) -> str:
    return (
        'procedure p() source "000 · a" {\n'
        + "if true {\n" * depth
        + "set_defcon(3)\n"
        + "}\n" * depth
        + "}\n"
    )


def nested_brackets(depth: int) -> str:
    return 'procedure p() source "000 · a" {\n  set_defcon(' + "1+(" * depth + "1" + ")" * depth + ")\n}\n"


@pytest.mark.parametrize(
    ("body", "line", "col"),
    [
        (nested_blocks(300), 101, 9),
        (nested_blocks(10_000), 101, 9),
        (nested_brackets(1000), 2, 310),
        (nested_brackets(400), 2, 310),
    ],
    ids=["300-blocks", "10000-blocks", "1000-brackets", "400-brackets"],
)
def test_nesting_too_deep_to_compile_is_told_where_it_goes_too_deep(
    tmp_path: Path, body: str, line: int, col: int
) -> None:
    """Once `E106 the file nests too deeply to compile` at 1:1, whichever line went too deep, or (400
    brackets, deep enough for the checker's recursion but not for the parser's) `the input nests too
    deeply to compile` with no place at all; a little less deep (100 blocks) was told at its place by the
    IR's bound all along."""
    folder = ruleset(tmp_path)
    (folder / "x.tsr").write_text(body, encoding="utf-8")
    result = compile_target(str(folder), use_cache=False)
    (deep,) = [d for d in result.diagnostics if d.code == "E106"]
    assert deep.pos is not None
    assert (deep.pos.line, deep.pos.col) == (line, col), deep
    assert "100" in deep.message


def test_first_too_deep_skips_brackets_in_strings_and_comments() -> None:
    from twilight.compiler.brackets import first_too_deep

    text = '"((((" # ((((\n((()))' + "\n(x)"
    assert first_too_deep(text, 2) == (2, 3)
    assert first_too_deep(text, 3) is None


def check(*args: str, cwd: Path) -> subprocess.CompletedProcess[str]:
    return subprocess.run(
        [sys.executable, "-c", "from twilight.cli.main import main; main()", "check", *args],
        cwd=cwd,
        capture_output=True,
        text=True,
        timeout=120,
        stdin=subprocess.DEVNULL,
    )


@pytest.mark.parametrize(
    ("target", "shown"),
    [("\x1b[2Jx", "\\x1b[2Jx"), ("a\nb", "a\\x0ab"), ("r" * 5000 + "@1", "r" * 119 + "…")],
    ids=["escape", "line-end", "5000-letters"],
)
def test_the_summary_line_shows_the_target_escaped_and_cut(target: str, shown: str) -> None:
    """The diagnostics showed a target typed (or globbed from a folder's name) escaped and cut; the
    summary line after them printed it as it was: ESC [2J cleared the terminal, a line end split the
    line, 5,000 letters filled the screen. (Run as a terminal gets it: with escape sequences kept.)"""
    done = CliRunner().invoke(cli, ["check", target], color=True)
    assert done.exit_code == 1
    assert "\x1b" not in done.output, done.output
    assert done.output.splitlines()[-1] == f"{shown}: failed: 1 error, 0 warnings (0.00 s)"


def test_an_empty_target_names_no_ruleset(tmp_path: Path) -> None:
    """`twilight check ""` (an unset shell variable) once said ". is a folder without ruleset.tsr"."""
    done = check("", cwd=tmp_path)
    assert done.returncode == 1
    assert "error[E002]: '' is neither a known ruleset nor a file or folder" in done.stdout, done.stdout


# ---------------------------------------------------------------------- property: damaged real files
REAL_FILES = sorted(
    path
    for path in (rules_root() / "standard").rglob("*.tsr")
    if path.name != "ruleset.tsr" and path.stat().st_size < 6000
)[::6]
PIECES = [
    "(",
    ")",
    "{",
    "}",
    '"',
    "\x00",
    "\ufeff",
    "\r",
    "\t",
    "9" * 30,
    "#",
    "override ",
    "if ",
    "->",
    "\\",
]


@st.composite
def damaged(draw: st.DrawFn) -> tuple[str, str]:
    """A real rule file of the standard rules, cut short, with bytes flipped or with a hostile piece put
    in; the damaged bytes are read as the compiler reads a file (invalid UTF-8 made a replacement
    character: a file that is not UTF-8 is refused before it is parsed)."""
    path = draw(st.sampled_from(REAL_FILES))
    data = bytearray(path.read_bytes())
    kind = draw(st.sampled_from(["cut", "flip", "insert"]))
    if kind == "cut":
        data = data[: draw(st.integers(0, len(data)))]
    elif kind == "flip":
        for _ in range(draw(st.integers(1, 4))):
            at = draw(st.integers(0, len(data) - 1))
            data[at] ^= 1 << draw(st.integers(0, 7))
    else:
        at = draw(st.integers(0, len(data)))
        data[at:at] = draw(st.sampled_from(PIECES)).encode("utf-8")
    return display_path(path), bytes(data).decode("utf-8", "replace")


@settings(
    max_examples=120,
    derandomize=True,
    deadline=None,
    suppress_health_check=[HealthCheck.too_slow, HealthCheck.function_scoped_fixture],
)
@given(damaged())
def test_a_damaged_real_rule_file_is_told_in_diagnostics_placed_in_it(case: tuple[str, str]) -> None:
    shown, text = case
    result = compile_target("standard", root=rules_root(), overrides={shown: text}, use_cache=False)
    lines = text.replace("\r\n", "\n").replace("\r", "\n").split("\n")
    for d in result.diagnostics:
        assert d.code not in ("E902", "E106"), d
        if d.pos is not None and d.pos.file == shown:
            assert 1 <= d.pos.line <= len(lines) + 1, d


def test_rule_files_over_the_ruleset_bound_name_the_largest_read(tmp_path: Path) -> None:
    """A variant's own four files of 250 KiB each were not named: the 1 MiB was passed at one of the
    parent's small files (`with rules/standard/cards/044_bear_trap.tsr, the rule files read come to more
    than 1 MiB`), which the author never touched."""
    folder = ruleset(tmp_path)
    for i in range(4):
        (folder / f"notes_{i}.tsr").write_text("# a note of the variant\n" * 10_600, encoding="utf-8")
    result = compile_target(str(folder), use_cache=False)
    (total,) = [d for d in result.diagnostics if d.code == "E007"]
    assert "come to more than 1 MiB" in total.message
    assert total.help is not None
    assert total.help.endswith(
        "; the largest read: "
        + ", ".join(os.path.join(str(folder), f"notes_{i}.tsr") + " (248 KiB)" for i in range(3))
    ), total.help


@pytest.fixture
def parsed(monkeypatch: pytest.MonkeyPatch) -> list[str]:
    """The paths of the rule files given to the parser (by a compile or a layout), in order: a file the
    bounds refuse as it is read never is (it took 10 s and 280 MB to parse; no test times it)."""
    from twilight.compiler import layout as layout_module
    from twilight.compiler import parser

    seen: list[str] = []
    real = parser.parse_text

    def recording(text: str, path: str, *args: object, **kwargs: object) -> object:
        seen.append(path)
        return real(text, path, *args, **kwargs)  # type: ignore[arg-type]

    monkeypatch.setattr(parser, "parse_text", recording)
    monkeypatch.setattr(layout_module, "parse_text", recording)
    return seen


def dense(name: str, terms: int) -> str:
    """A procedure whose one call sums `terms` ones: two parts a term, a 252 KiB file at 63,000."""
    return f'procedure {name}() source "000 · a" {{\n  set_defcon(' + "1+" * terms + "1)\n}\n"


def test_a_file_dense_with_parts_is_refused_before_it_is_parsed(tmp_path: Path, parsed: list[str]) -> None:
    """A file within 256 KiB made of 250,000 parts (`1+1+…`, each declaration under the bound of 20,000
    parts) took 10 s and 280 MB to compile; four of them 34 s and 480 MB, told only then that the bytes
    were too many. The parts are counted as the file is read (the largest file we ship has 2,247)."""
    folder = ruleset(tmp_path)
    (folder / "x.tsr").write_text("".join(dense(f"p{i}", 9000) for i in range(14)), encoding="utf-8")
    result = compile_target(str(folder), use_cache=False)
    assert str(folder / "x.tsr") not in parsed  # (refused as it was read: never given to the parser)
    (big,) = [d for d in result.diagnostics if d.code == "E107"]
    assert big.message == "this file has more than 50,000 parts (names, numbers, operators)"
    assert big.pos is not None and (big.pos.line, big.pos.col) == (8, 13981), big.pos


def test_rule_files_dense_with_parts_together_are_refused(tmp_path: Path, parsed: list[str]) -> None:
    folder = ruleset(tmp_path)
    for i in range(5):
        (folder / f"x{i}.tsr").write_text(
            "".join(dense(f"p{i}_{j}", 8000) for j in range(3)), encoding="utf-8"
        )
    result = compile_target(str(folder), use_cache=False)
    # (the files within the ruleset's bound are parsed; those past it are not)
    assert [i for i in range(5) if str(folder / f"x{i}.tsr") in parsed] == [0, 1, 2], parsed
    (total,) = [d for d in result.diagnostics if d.code == "E007"]
    assert "the rule files read come to more than 200,000 parts" in total.message, total
    assert total.help is not None and total.help.count(".tsr (48,036 parts)") == 3, total.help


def test_a_manifest_that_is_a_folder_is_said_so(tmp_path: Path) -> None:
    """A folder named ruleset.tsr where the manifest belongs was told as "odd is a folder without
    ruleset.tsr", of a name the author can see listed."""
    folder = tmp_path / "odd"
    (folder / "ruleset.tsr").mkdir(parents=True)
    result = compile_target(str(folder), use_cache=False)
    assert [(d.code, d.message) for d in result.diagnostics] == [
        ("E001", f"cannot read {folder / 'ruleset.tsr'}: a folder, not a file")
    ]


def test_a_superpower_listing_a_country_that_does_not_list_it_is_told_at_the_country(tmp_path: Path) -> None:
    """A country that stopped listing its superpower (a rule file cut short, an override) was told with
    no place at all: "'usa' lists 'canada' as adjacent, but 'canada' does not list 'usa'"."""
    folder = ruleset(tmp_path)
    (folder / "x.tsr").write_text(
        "override country canada region europe subregion western_europe stability 4\n"
        '  adjacent uk\n  source "reference · countries.yaml"\n',
        encoding="utf-8",
    )
    result = compile_target(str(folder), use_cache=False)
    (one_way,) = [d for d in result.diagnostics if d.code == "E301"]
    assert one_way.pos is not None and (one_way.pos.file, one_way.pos.line) == (str(folder / "x.tsr"), 1)
    assert one_way.help == "add usa to the adjacency of canada"


def test_fmt_refuses_a_file_dense_with_parts_as_check_does(parsed: list[str]) -> None:
    """`twilight fmt --check` took 10 s and 470 MB on the file the compiler now refuses at once."""
    text = "".join(dense(f"p{i}", 9000) for i in range(14))
    laid = layout(text, "x.tsr")
    assert "x.tsr" not in parsed  # (refused as it was read: never given to the parser)
    assert laid.text is None
    assert [(d.code, d.pos.line if d.pos else None) for d in laid.diagnostics] == [("E107", 8)]


def test_the_rulesets_a_help_lists_are_cut_short(tmp_path: Path) -> None:
    """A folder of 1,500 rulesets (a chain of variants, each extending the one before) made the help of
    an `extends` naming a path one line of 9,474 characters listing them all."""
    for i in range(60):
        folder = tmp_path / f"v{i:02}"
        folder.mkdir()
        (folder / "ruleset.tsr").write_text(
            f'ruleset "v{i:02}" {{\n  extends "standard"\n}}\n', encoding="utf-8"
        )
    odd = ruleset(tmp_path)
    (odd / "ruleset.tsr").write_text('ruleset "odd" {\n  extends "../x"\n}\n', encoding="utf-8")
    result = compile_target(str(odd), use_cache=False)
    (path,) = [d for d in result.diagnostics if d.code == "E006"]
    assert path.help is not None
    assert path.help.startswith(
        "write a ruleset's name; known rulesets: solo-v2, solo-v2-quickdeal, standard, v00, "
    )
    assert path.help.endswith(", v16, … and 43 more"), path.help


def test_fmt_says_a_file_refused_for_its_parts_is_refused_not_that_it_does_not_parse(tmp_path: Path) -> None:
    """The file parses: saying "does not parse" sent its author looking for a syntax error."""
    path = tmp_path / "dense.tsr"
    path.write_text("".join(dense(f"p{i}", 9000) for i in range(14)), encoding="utf-8")
    result = CliRunner().invoke(cli, ["fmt", "--check", str(path)])
    out = result.output
    assert result.exit_code == 1, out
    assert "E107" in out and "is refused for its size" in out and "does not parse" not in out
