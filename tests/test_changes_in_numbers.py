"""What a version of the rules changes, said in numbers (cli/session/numbers.py): `twilight rulesets
--changes` and the question `twilight play` asks when a saved game's rules have changed say "7 action
rounds instead of 6", "Space Race 0–6 instead of 0–8", "3 operations instead of 4", an option's new
number, in English and Russian; the resume question also says which version starting again takes."""

from __future__ import annotations

import textwrap
from pathlib import Path

import pytest
from helpers import ROOT, run_cli
from rich.console import Console
from twilight.cli.localizer import Localizer
from twilight.cli.session.numbers import changes_in_numbers
from twilight.cli.session.text import play_folders
from twilight.compiler.api import compile_target

SEVEN_ROUNDS = ROOT / "tests" / "variants" / "standard-seven-rounds"
EXAMPLE = ROOT / "docs" / "examples" / "solo-v2-aggressive"

# A house variant as the author wrote one: seven rounds, a six-box Space Race, a cheaper NATO.
HOUSE_RULES = """\
    override rule action_rounds_per_turn provisional "P10: seven rounds" {
      modify action_rounds to 7
    }
    override track space from 0 to 6 per side provisional "P10: a shorter race"
    override table space_race provisional "P10: a shorter race" {
      keys int
      columns ops max_roll vp_first vp_second
      row 1: 2 3 2 1
      row 2: 2 4 - -
      row 3: 2 3 2 -
      row 4: 2 4 - -
      row 5: 3 3 3 1
      row 6: 4 2 2 -
    }
    override card 21 nato provisional "P10: a cheaper NATO" {
      ops 3 side us period early starred permanent
      event {
        lasting nato until cancelled {
          forbid coup, realign when actor == ussr and nato_protects(target) code target_protected
        }
      }
    }
"""


def house_variant(home: Path) -> Path:
    folder = home / "rules" / "standard-house"
    folder.mkdir(parents=True)
    (folder / "ruleset.tsr").write_text(
        'ruleset "standard-house" provisional "P10: house rules" {\n  version "1.0-house.1"\n'
        '  extends "standard"\n  description "Seven rounds, a six-box Space Race"\n}\n',
        encoding="utf-8",
    )
    (folder / "house.tsr").write_text(textwrap.dedent(HOUSE_RULES), encoding="utf-8")
    return folder


def ir_of(target: str | Path) -> dict:
    result = compile_target(str(target), use_cache=False)
    assert result.ir is not None and result.ok, [str(d) for d in result.diagnostics]
    return result.ir


def numbers(old: str | Path, new: str | Path, lang: str = "en") -> list[str]:
    loc = Localizer.for_folders(play_folders(str(new)), lang)
    return changes_in_numbers(ir_of(old), ir_of(new), loc)


def test_a_rule_that_sets_the_action_rounds_is_told_as_rounds_per_turn() -> None:
    lines = numbers("standard", SEVEN_ROUNDS)
    assert "action rounds a turn: 7 instead of 6 (turns 1–3)" in lines
    assert not any("turns 4–10" in line for line in lines), "turns 4-10 had seven already"


def test_track_bounds_card_operations_and_table_rows_in_numbers(tmp_path: Path) -> None:
    lines = numbers("standard", house_variant(tmp_path))
    assert "Space Race: 0–6 instead of 0–8" in lines
    assert "NATO: 3 operations instead of 4" in lines
    assert "Space Race: row 7 taken out" in lines
    # the rule that works the rounds out (by its name, rule-action_rounds_per_turn), its changed line
    # before and now
    assert "Action rounds per turn now: action rounds becomes 7" in lines
    assert "action rounds a turn: 7 instead of 6 (turns 1–3)" in lines


def test_in_russian(tmp_path: Path) -> None:
    lines = numbers("standard", house_variant(tmp_path), "ru")
    assert "раундов действий за ход: 7 вместо 6 (ходы 1–3)" in lines
    assert "Космическая гонка: 0–6 вместо 0–8" in lines
    assert "НАТО: 3 ОВ вместо 4" in lines


def test_an_option_moved_says_its_number_before_and_now() -> None:
    lines = numbers("solo-v2", EXAMPLE)
    assert (
        "AI Influence Placement Priority: option “a Key country in or next to the region where the AI has no"
        " influence yet” is number 6 instead of 7"
    ) in lines
    assert "The AI's head start (Hard; VP the AI starts with): 5 instead of 4" in lines
    assert "action rounds a turn: 8 instead of 7 (turns 4–10)" in lines


def test_rulesets_changes_says_the_numbers(tmp_path: Path, monkeypatch: pytest.MonkeyPatch) -> None:
    house_variant(tmp_path)
    monkeypatch.setenv("TWILIGHT_HOME", str(tmp_path))
    status, out = run_cli(["rulesets", "--changes", "standard-house"])
    assert status == 0, out
    shown = out.splitlines()
    assert shown[1] == "  In numbers:"
    assert "    · action rounds a turn: 7 instead of 6 (turns 1–3)" in shown
    assert "    · Space Race: 0–6 instead of 0–8" in shown
    status, out = run_cli(["rulesets", "--changes", "standard-house", "--lang", "ru"])
    assert status == 0 and "  В числах:" in out and "НАТО: 3 ОВ вместо 4" in out


def test_rulesets_changes_takes_a_ruleset_folder() -> None:
    """A variant named by its folder, as every other command takes one (docs/new-ruleset.md's example)."""
    status, out = run_cli(["rulesets", "--changes", str(EXAMPLE)])
    assert status == 0, out
    assert out.splitlines()[0].startswith("solo-v2-aggressive ") and "changes these rules of solo-v2" in out
    assert "    · action rounds a turn: 8 instead of 7 (turns 4–10)" in out.splitlines()


def test_the_resume_question_says_what_changed_and_what_starting_again_takes(tmp_path: Path) -> None:
    from twilight.cli.play.cmd import tell_rules_changes
    from twilight.cli.session.text import PlayText
    from twilight.cli.versions import RulesetEntry

    folder = house_variant(tmp_path)
    old, new = ir_of("standard"), ir_of(folder)
    console = Console(record=True, width=200)
    entry = RulesetEntry("standard-house", "1.0-house.1", "standard", None, folder=folder, origin="home")
    tell_rules_changes(console, PlayText(str(folder), "en", new), old, new, entry, {"name": "standard-house"})
    said = console.export_text()
    assert "In numbers:" in said
    assert "  · action rounds a turn: 7 instead of 6 (turns 1–3)" in said
    assert "  · Space Race: 0–6 instead of 0–8" in said
    assert "Starting again takes standard-house 1.0-house.1." in said
