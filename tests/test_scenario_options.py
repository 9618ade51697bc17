"""Scenario `options` (issue 18, item 5): every setting the ruleset declares, read by its declared type
(bool, int, enum); an unknown setting or a value of the wrong type is a FAIL naming the key and the
problem."""

from __future__ import annotations

from pathlib import Path

import pytest
from twilight.harness.scenario import Scenario, run_file


def _variant(tmp_path: Path) -> Path:
    """A ruleset of rule files only with a whole-number setting that a step reads."""
    folder = tmp_path / "options-variant"
    folder.mkdir()
    (folder / "ruleset.tsr").write_text(
        'ruleset "options-variant" source "test · variant" {\n  extends "standard"\n}\n', encoding="utf-8"
    )
    (folder / "extra.tsr").write_text(
        'setting head_start: int = 0 source "test · variant"\n\n'
        'moment us_head_start source "test · variant" {\n  gain_vp(us, head_start)\n}\n',
        encoding="utf-8",
    )
    return folder


def _write(tmp_path: Path, text: str) -> Path:
    path = tmp_path / "case.yaml"
    path.write_text(text, encoding="utf-8")
    return path


def test_a_whole_number_setting_is_chosen_and_used(tmp_path: Path) -> None:
    ruleset = _variant(tmp_path)
    text = f"ruleset: {ruleset}\nsetup: empty\noptions: {{head_start: 3}}\nsteps:\n  - us_head_start: true\n"
    assert run_file(_write(tmp_path, text + "expect: {vp: 3}\n")).passed
    assert not run_file(_write(tmp_path, text + "expect: {vp: 0}\n")).passed


@pytest.mark.parametrize("value", ["many", "true", "[3]", "2.5"])
def test_a_whole_number_setting_refuses_other_values(tmp_path: Path, value: str) -> None:
    text = f"ruleset: {_variant(tmp_path)}\nsetup: empty\noptions: {{head_start: {value}}}\n"
    result = run_file(_write(tmp_path, text))
    assert not result.passed
    assert "options.head_start: a whole number is expected" in result.reason, result.reason


@pytest.mark.parametrize(
    ("options", "words"),
    [
        ("{setup_dice: banana}", ["options.setup_dice", "one of one_die, lower_of_two", "banana"]),
        ("{setup_dice: [one_die]}", ["options.setup_dice", "one of one_die, lower_of_two"]),
        ("{level: 3}", ["options.level", "one of normal, experienced, hard, expert"]),
        ("{optional_cards: maybe}", ["options.optional_cards", "true or false"]),
        ("{setup_dise: one_die}", ["options.setup_dise", "unknown key", "did you mean 'setup_dice'?"]),
    ],
)
def test_solo_settings_refuse_a_wrong_value_or_name(tmp_path: Path, options: str, words: list[str]) -> None:
    result = run_file(_write(tmp_path, f"ruleset: solo-v2\nsetup: empty\noptions: {options}\n"))
    assert not result.passed
    for word in words:
        assert word in result.reason, result.reason


def test_solo_settings_are_chosen_by_their_declared_values(tmp_path: Path) -> None:
    path = _write(
        tmp_path,
        "ruleset: solo-v2\nsetup: empty\noptions: {setup_dice: lower_of_two, level: hard, ai_side: us}\n",
    )
    scenario = Scenario(path)
    scenario.load()
    engine = scenario.build()
    assert {k: engine.state.settings[k] for k in ("setup_dice", "level", "ai_side")} == {
        "setup_dice": "lower_of_two",
        "level": "hard",
        "ai_side": "us",
    }


@pytest.mark.parametrize("value", [-1, 11])
def test_a_bounded_whole_number_setting_refuses_a_value_outside_its_bounds(
    tmp_path: Path, value: int
) -> None:
    """`us_handicap_influence: int from 0 to 10`: a scenario is held to the bounds `--set` is held to."""
    text = f"ruleset: standard\nsetup: empty\noptions: {{us_handicap_influence: {value}}}\n"
    result = run_file(_write(tmp_path, text))
    assert not result.passed
    assert f"options.us_handicap_influence: {value} is out of range (0..10)" in result.reason, result.reason
