"""A variant's own scenario naming its ruleset wrongly, as a newcomer does after docs/new-ruleset.md
(section 7): by the variant's name (it is no installed ruleset), or by a path one `..` off. The FAIL says
which path to write. Before, the name was given the nearest installed name, the parent ("did you mean
'solo-v2'?"), and the path was only said not to exist."""

from __future__ import annotations

import shutil
from pathlib import Path

import pytest
from twilight.harness.scenario import run_file

ROOT = Path(__file__).resolve().parent.parent
EXAMPLE = ROOT / "docs" / "examples" / "solo-v2-aggressive"
CASE = "setup_hard_head_start_5.yaml"


@pytest.fixture
def variant(tmp_path: Path) -> Path:
    """A copy of the example variant, its scenarios in its `scenarios/` folder."""
    folder = tmp_path / "solo-v2-aggressive"
    shutil.copytree(EXAMPLE, folder)
    return folder


def _written(variant: Path, ruleset: str) -> Path:
    original = (variant / "scenarios" / CASE).read_text(encoding="utf-8")
    assert "ruleset: ../../solo-v2-aggressive\n" in original
    path = variant / "scenarios" / "case.yaml"
    path.write_text(original.replace("ruleset: ../../solo-v2-aggressive\n", f"ruleset: {ruleset}\n"), "utf-8")
    return path


def test_the_example_scenario_passes_as_written(variant: Path) -> None:
    path = variant / "scenarios" / CASE
    assert run_file(path).passed, run_file(path).line()


def _problem(path: Path) -> str:
    """The file's one problem, where it is: `LINE:COLUMN: key: problem`."""
    (found,) = run_file(path).problems
    return f"{found.line}:{found.column}: {found.key}: {found.problem}"


def test_the_variants_name_is_told_the_path_to_write(variant: Path) -> None:
    line = _problem(_written(variant, "solo-v2-aggressive"))
    assert line.startswith("4:1: ruleset: 'solo-v2-aggressive': no ruleset found has that name"), line
    assert "write `ruleset: ../../solo-v2-aggressive`" in line, line
    assert "solo-v2'?" not in line, line  # (not the parent's name)


@pytest.mark.parametrize(
    "written", ["../solo-v2-aggressive", "./solo-v2-aggressive", "../../../solo-v2-aggressive"]
)
def test_a_path_an_up_off_is_given_the_one_that_is_there(variant: Path, written: str) -> None:
    line = _problem(_written(variant, written))
    assert line.startswith(f"4:1: ruleset: '{written}': the folder {written} does not exist"), line
    assert "did you mean '../../solo-v2-aggressive'?" in line, line


def test_a_name_no_folder_near_has_keeps_the_nearest_installed_name(variant: Path) -> None:
    line = _problem(_written(variant, "solo-v2-agressive"))
    assert "is neither a known ruleset nor a file or folder" in line, line
