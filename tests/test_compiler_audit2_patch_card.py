"""A card cannot be patched (E227): `patch card duck_and_cover { ops 2 }` in a variant was a parser error
"unexpected 'ops'" that did not say cards are replaced whole. It is now E227 at the `card` of the patch,
with a caret and the fix (`override card N name { … }`), whether the patch's items parse or not; another
kind no patch changes (`patch country …`) is E224 the same way.
"""

from __future__ import annotations

from pathlib import Path

from helpers import errors, run_cli, write_variant
from twilight.compiler import api
from twilight.compiler.diagnostics import CODES, render

PATCH_OPS = 'patch card duck_and_cover provisional "P11: a test" {\n  ops 2\n}\n'


def _compile(tmp_path: Path, text: str) -> list:  # type: ignore[type-arg]
    folder = write_variant(tmp_path / "v", text)
    return errors(api.compile_target(str(folder), use_cache=False).diagnostics)


def test_e227_is_a_code_of_the_table() -> None:
    assert CODES["E227"][1] == "a card cannot be patched"
    assert "override card N name" in CODES["E227"][2]
    assert "| E227 |" in (Path(__file__).resolve().parent.parent / "docs/diagnostics.md").read_text("utf-8")


def test_patch_of_a_card_with_a_card_clause_is_e227_at_the_kind(tmp_path: Path) -> None:
    (diag,) = _compile(tmp_path, PATCH_OPS)
    assert diag.code == "E227", diag
    assert diag.pos is not None and (diag.pos.line, diag.pos.col, diag.pos.end_col) == (1, 7, 11), diag.pos
    assert diag.pos.file.endswith("variant.tsr")
    assert diag.help is not None and "override card N duck_and_cover { … }" in diag.help
    assert any("ops (2:3)" in note for note in diag.notes), diag.notes
    shown = render(diag, {diag.pos.file: PATCH_OPS})
    assert "patch card duck_and_cover" in shown and "      ^^^^" in shown, shown


def test_patch_of_a_card_with_its_number_gives_the_number_back(tmp_path: Path) -> None:
    (diag,) = _compile(tmp_path, PATCH_OPS.replace("card duck_and_cover", "card 4 duck_and_cover"))
    assert diag.code == "E227", diag
    assert diag.help is not None and "override card 4 duck_and_cover { … }" in diag.help


def test_patch_of_a_card_that_parses_is_e227_with_the_inherited_number(tmp_path: Path) -> None:
    (diag,) = _compile(tmp_path, PATCH_OPS.replace("ops 2", "default 2"))
    assert diag.code == "E227", diag
    assert diag.help is not None and "override card 4 duck_and_cover { … }" in diag.help


def test_patch_of_a_country_is_e224_with_the_override_to_write(tmp_path: Path) -> None:
    (diag,) = _compile(tmp_path, 'patch country poland provisional "P11: a test" {\n  stability 2\n}\n')
    assert diag.code == "E224", diag
    assert diag.help == "write `override country poland { … }` with the whole declaration"


def test_other_syntax_errors_of_the_file_are_still_told(tmp_path: Path) -> None:
    found = _compile(tmp_path, PATCH_OPS + "patch priority foo {\n  bad\n}\n")
    assert [d.code for d in found] == ["E227", "E101"], found
    assert found[1].pos is not None and found[1].pos.line == 5


def test_a_broken_patch_of_a_patchable_kind_is_still_a_syntax_error(tmp_path: Path) -> None:
    (diag,) = _compile(tmp_path, 'patch priority foo provisional "P11: a test" {\n  ops 2\n}\n')
    assert diag.code == "E101" and "unexpected 'ops'" in diag.message


def test_check_prints_e227_with_a_caret(tmp_path: Path) -> None:
    folder = write_variant(tmp_path / "v", PATCH_OPS)
    status, out = run_cli(["check", str(folder)])
    assert status == 1, out
    assert "variant.tsr:1:7: error[E227]: a card cannot be patched" in out, out
    assert "^^^^" in out and "Traceback" not in out, out
