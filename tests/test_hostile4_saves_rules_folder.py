"""A folder in `$TWILIGHT_HOME/rules/` (or a `--rules-path`) without ruleset.tsr is no ruleset, and the
list leaves it out; a command given its name (`twilight check NAME`) once said "neither a known ruleset
nor a file or folder" though the folder is there. It now says what the folder lacks (E003)."""

from __future__ import annotations

from pathlib import Path

import pytest
from click.testing import CliRunner
from twilight.cli.main import cli
from twilight.cli.ruleset_target import ruleset_target


@pytest.fixture
def home(tmp_path: Path, monkeypatch: pytest.MonkeyPatch) -> Path:
    monkeypatch.setenv("TWILIGHT_HOME", str(tmp_path / "home"))
    monkeypatch.chdir(tmp_path)
    folder = tmp_path / "home" / "rules" / "myvariant"
    folder.mkdir(parents=True)
    (folder / "cards.tsr").write_text("# cards to come\n", encoding="utf-8")
    return tmp_path / "home"


def test_check_says_the_folder_has_no_ruleset_tsr(home: Path) -> None:
    result = CliRunner().invoke(cli, ["check", "myvariant"])
    said = " ".join(result.output.split())
    assert result.exit_code == 1, said
    assert "myvariant is a folder without ruleset.tsr" in said, said
    assert "neither a known ruleset" not in said


def test_a_rules_path_folder_too(tmp_path: Path, monkeypatch: pytest.MonkeyPatch) -> None:
    monkeypatch.setenv("TWILIGHT_HOME", str(tmp_path / "home"))
    monkeypatch.chdir(tmp_path)
    (tmp_path / "mine" / "draft").mkdir(parents=True)
    result = CliRunner().invoke(cli, ["check", "draft", "--rules-path", str(tmp_path / "mine")])
    said = " ".join(result.output.split())
    assert result.exit_code == 1 and "draft is a folder without ruleset.tsr" in said, said


def test_a_manifest_that_names_no_ruleset_is_checked_as_it_is(home: Path) -> None:
    (home / "rules" / "myvariant" / "ruleset.tsr").write_text("garbage {\n", encoding="utf-8")
    result = CliRunner().invoke(cli, ["check", "myvariant"])
    said = " ".join(result.output.split())
    assert result.exit_code == 1 and "ruleset.tsr:1:1" in said and "unexpected 'garbage'" in said, said


def test_only_a_plain_name_finds_such_a_folder(home: Path) -> None:
    from twilight.cli.versions import unlisted_folder

    assert unlisted_folder("myvariant") == home / "rules" / "myvariant"
    for name in ("", ".", "..", "../home", "nonesuch", "solo-v2"):
        assert unlisted_folder(name) is None, name
    assert ruleset_target("solo-v2") == "solo-v2"
    result = CliRunner().invoke(cli, ["check", "nonesuch"])
    assert "'nonesuch' is neither a known ruleset nor a file or folder" in result.output
