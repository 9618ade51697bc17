"""Scenario files an audit of hostile input found told in Python's words: a file that is not there
(`cannot read the file: [Errno 2] No such file or directory: '/missing.yaml'`), and a YAML merge key
`<<` given twice in one map (`the key (a key) is given twice in one map`)."""

from __future__ import annotations

import os
from pathlib import Path

import pytest
from click.testing import CliRunner
from twilight.cli.main import cli
from twilight.harness.scenario import run_file


def test_a_missing_file_is_said_without_python_s_words(tmp_path: Path) -> None:
    missing = tmp_path / "missing.yaml"
    result = CliRunner().invoke(cli, ["scenario", "run", str(missing)], env={"TWILIGHT_HOME": str(tmp_path)})
    assert result.exit_code == 1, result.output
    first = result.output.splitlines()[0]
    assert first == f"FAIL {missing}: cannot read the file: there is no such file (check its name and folder)"
    assert "Errno" not in result.output


def test_a_path_through_a_file_is_said_without_python_s_words(tmp_path: Path) -> None:
    (tmp_path / "afile").write_text("", encoding="utf-8")
    reason = run_file(tmp_path / "afile" / "case.yaml").reason
    assert reason == "cannot read the file: a part of its path is a file, not a folder", reason


@pytest.mark.skipif(os.geteuid() == 0, reason="root reads a file of any mode")
def test_a_file_that_may_not_be_read_is_said_without_python_s_words(tmp_path: Path) -> None:
    path = tmp_path / "locked.yaml"
    path.write_text("ruleset: standard\nsetup: empty\n", encoding="utf-8")
    path.chmod(0)
    reason = run_file(path).reason
    assert reason.endswith("cannot read the file: permission denied"), reason


@pytest.mark.parametrize(
    ("merges", "line"),
    [("  <<: *b\n  <<: *o\n", 10), ("  <<: *b\n  x: 1\n  <<: [*o]\n", 11)],
    ids=["twice", "apart"],
)
def test_a_merge_key_given_twice_is_named_with_the_way_to_merge_both(
    tmp_path: Path, merges: str, line: int
) -> None:
    path = tmp_path / "case.yaml"
    path.write_text(
        "name: two merges\nruleset: standard\nbase: &b\n  a: 1\nother: &o\n  c: 2\nsetup: empty\nstate:\n"
        + merges,
        encoding="utf-8",
    )
    reason = run_file(path).reason.removeprefix(f"{tmp_path}{os.sep}")
    assert reason == (
        f"case.yaml:{line}:3: the merge key << is given twice in one map: merge several maps with one, "
        "<<: [*first, *second]"
    ), reason
