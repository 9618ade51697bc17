"""What a rule file's strings hold is shown, never acted on by the terminal: a variant shared as a folder
(put in $TWILIGHT_HOME/rules/) once had `twilight sources` write its provisional marks' C1 controls (CSI,
U+009B, starts a sequence as ESC [ does) and the marks that reverse the direction of text to the terminal
as they were."""

from __future__ import annotations

import json
import shutil
from pathlib import Path

import pytest
from click.testing import CliRunner
from twilight.cli.sources_cmd import sources

EXAMPLE = Path(__file__).resolve().parent.parent / "docs" / "examples" / "solo-v2-aggressive"
RAW = ("\x1b", "\x9b", "\u202e", "\x07")


@pytest.fixture
def evil(tmp_path: Path, monkeypatch: pytest.MonkeyPatch) -> Path:
    """The example variant, with a provisional mark and the description holding what a terminal acts on."""
    folder = tmp_path / "evil"
    shutil.copytree(EXAMPLE, folder)
    variant = folder / "variant.tsr"
    text = variant.read_text(encoding="utf-8")
    mark = '"P10: house rule: one action round more each turn"'
    assert mark in text
    variant.write_text(text.replace(mark, '"P10: house \u202erule\x9b2J more rounds"'), encoding="utf-8")
    return folder


@pytest.mark.parametrize("form", [[], ["--markdown"], ["--json"]], ids=["text", "markdown", "json"])
def test_sources_shows_a_marks_controls_escaped(evil: Path, form: list[str]) -> None:
    result = CliRunner().invoke(sources, [str(evil), *form])
    assert result.exit_code == 0, result.output
    assert "more rounds" in result.output
    for raw in RAW:
        assert raw not in result.output, (raw, form)
    if form == ["--json"]:  # (escaped as JSON escapes it: the same value read back)
        marks = [m["text"] for m in json.loads(result.output)["provisional"]]
        assert "P10: house \u202erule\x9b2J more rounds" in marks


def test_sources_written_to_a_file_keeps_the_text_as_the_rules_write_it(evil: Path, tmp_path: Path) -> None:
    out = tmp_path / "sources.md"
    result = CliRunner().invoke(sources, [str(evil), "--markdown", "-o", str(out)])
    assert result.exit_code == 0, result.output
    assert "house \u202erule\x9b2J more rounds" in out.read_text(encoding="utf-8")


@pytest.mark.parametrize("form", [[], ["--json"]], ids=["text", "json"])
def test_rulesets_shows_a_descriptions_controls_escaped(
    tmp_path: Path, form: list[str], monkeypatch: pytest.MonkeyPatch
) -> None:
    """`twilight rulesets` lists the variants of $TWILIGHT_HOME/rules with their descriptions: a shared
    folder's description once reached the terminal as written."""
    from twilight.cli.ruleset_cmds import rulesets

    folder = tmp_path / "home" / "rules" / "evil"
    shutil.copytree(EXAMPLE, folder)
    manifest = folder / "ruleset.tsr"
    text = manifest.read_text(encoding="utf-8")
    said = '"Solitaire v2, example variant: five house rules written as patches"'
    assert said in text
    manifest.write_text(text.replace(said, '"Evil \x1b]0;pwned\x07 \u202evariant\x9b2J"'), encoding="utf-8")
    monkeypatch.setenv("TWILIGHT_HOME", str(tmp_path / "home"))
    result = CliRunner().invoke(rulesets, form)
    assert result.exit_code == 0, result.output
    assert "Evil" in result.output and "variant" in result.output
    for raw in RAW:
        assert raw not in result.output, (raw, form)
    if form:
        rows = [json.loads(line) for line in result.output.splitlines()]
        assert "Evil \x1b]0;pwned\x07 \u202evariant\x9b2J" in [r["description"] for r in rows]
