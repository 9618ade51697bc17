"""`twilight explain card` shows a card's provisional marks (the gaps a house rule or an interpretation
fills), as `explain state` shows a declaration's and the appendix section its entry's: in words, in
English and Russian, and in --json with the full text and the gap's number."""

from __future__ import annotations

import json
from pathlib import Path

import pytest
from helpers import run_cli

NASSER = """\
override card 15 nasser provisional "P11: house rule: stronger Nasser" {
  ops 1 side ussr period early starred
  event provisional "P11: stronger Nasser" {
    add_influence(ussr, egypt, 3)
  }
}
"""


@pytest.fixture
def variant(tmp_path: Path) -> Path:
    folder = tmp_path / "solo-v2-nasser"
    folder.mkdir()
    (folder / "ruleset.tsr").write_text(
        'ruleset "solo-v2-nasser" provisional "P11: audit variant" {\n  version "2.0-nasser.1"\n'
        '  extends "solo-v2"\n  description "A stronger Nasser"\n}\n',
        encoding="utf-8",
    )
    (folder / "variant.tsr").write_text(NASSER, encoding="utf-8")
    return folder


def explained(folder: Path, *more: str) -> str:
    status, out = run_cli(["explain", "card", "nasser", "--ruleset", str(folder), *more])
    assert status == 0, out
    return out


def test_the_marks_in_words(variant: Path) -> None:
    lines = explained(variant).splitlines()
    assert "Provisional: P11: house rule: stronger Nasser (solo-v2-nasser/variant.tsr:1)" in lines
    assert "Provisional: P11: stronger Nasser" in lines
    # no empty source in their place
    assert not any(line.startswith("Source: -") for line in lines)


def test_in_russian(variant: Path) -> None:
    lines = explained(variant, "--lang", "ru").splitlines()
    assert "Предварительно: P11: house rule: stronger Nasser (solo-v2-nasser/variant.tsr:1)" in lines
    assert "Предварительно: P11: stronger Nasser" in lines


def test_in_json(variant: Path) -> None:
    source = json.loads(explained(variant, "--json"))["source"]
    assert source["provisional"] == ["P11: house rule: stronger Nasser", "P11: stronger Nasser"]
    assert source["codes"] == ["P11"]
    assert source["sources"] == [] and source["src"] == "solo-v2-nasser/variant.tsr:1"


def test_a_card_with_sources_and_no_mark_is_as_before() -> None:
    out = run_cli(["explain", "card", "10"])[1]
    assert (
        "Source: reference · cards.yaml; card text (deluxe) · 10 (standard/cards/010_blockade.tsr:3)" in out
    )
    assert "Provisional" not in out
    source = json.loads(run_cli(["explain", "card", "10", "--json"])[1])["source"]
    assert source["provisional"] == [] and source["codes"] == []
