"""`setting NAME: int from A to B = DEFAULT` (docs/language.md, "Settings"): an int setting bounded in the
rules, and every place settings are read holding a game to those bounds.

The defect this guards against: `us_handicap_influence` took any whole number, so `--set
us_handicap_influence=-5`, a save or the game API played -5 as none, and 10**100 asked for handicap points
without end. Now the compiler puts the bounds in the IR (E210 when they are out of order or miss the
default), and `--set` (read_settings), a save and the API (settings_problem) refuse a value outside them
with one line naming the setting and its bounds. (A scenario's `options` and a replayed log's header are
held to them too: tests/test_scenario_options.py, tests/test_replay.py.)
"""

from __future__ import annotations

from pathlib import Path
from typing import Any

import click
import pytest
from click.testing import CliRunner
from helpers import check_lone, compiled_ir, describe, errors
from twilight.cli.main import cli
from twilight.cli.play import cmd as play_cmd
from twilight.cli.settings_arg import read_settings, settings_problem
from twilight.compiler.diagnostics import CODES, render
from twilight.compiler.layout import layout

HANDICAP = "us_handicap_influence"


def e210(result: Any) -> list[Any]:
    return [d for d in result.diagnostics if d.code == "E210"]


# ---------------------------------------------------------------------- the language and the IR
def test_the_bounds_reach_the_ir_of_the_ruleset_and_its_variants() -> None:
    for ruleset in ("standard", "solo-v2", "solo-v2-quickdeal"):
        setting = compiled_ir(ruleset)["settings"][HANDICAP]
        assert (setting["type"], setting["default"], setting["min"], setting["max"]) == ("int", 0, 0, 10)


def test_a_bounded_setting_parses_with_negative_bounds_and_one_value(tmp_path: Path) -> None:
    result = check_lone(
        tmp_path,
        'setting test_swing: int from -3 to 4 = 2 provisional "P10: t"\n'
        'setting test_fixed: int from 1 to 1 = 1 provisional "P10: t"\n'
        'setting test_free: int = 7 provisional "P10: t"\n',
    )
    assert result.ok and result.ir is not None, describe(result.diagnostics)
    settings = result.ir["settings"]
    assert {k: settings["test_swing"][k] for k in ("type", "default", "min", "max")} == {
        "type": "int",
        "default": 2,
        "min": -3,
        "max": 4,
    }
    assert (settings["test_fixed"]["min"], settings["test_fixed"]["max"]) == (1, 1)
    assert "min" not in settings["test_free"] and "max" not in settings["test_free"]  # any whole number


def test_a_default_below_zero_is_written_with_its_sign_and_kept_by_fmt(tmp_path: Path) -> None:
    # (a range wholly below zero could have no default: a value was written without a sign)
    text = (
        'setting test_cold: int from -5 to -1 = -3 provisional "P10: t"\n'
        'variable test_chill: int = -2 provisional "P10: t"\n'
    )
    result = check_lone(tmp_path, text)
    assert result.ok and result.ir is not None, describe(result.diagnostics)
    assert result.ir["settings"]["test_cold"]["default"] == -3
    assert result.ir["variables"]["test_chill"]["initial"] == -2
    assert layout(text, "lone.tsr").text == text  # (`- 3` was the formatter's spacing of a minus)
    outside = check_lone(tmp_path, text.replace("= -3", "= -7"))
    [diag] = e210(outside)
    assert "default -7 of setting 'test_cold'" in diag.message and "-5 to -1" in diag.message
    assert diag.pos is not None and diag.pos.col == text.index("-3") + 1


def test_a_default_outside_the_bounds_is_e210_at_the_default(tmp_path: Path) -> None:
    text = 'setting test_rounds: int from 0 to 5 = 7 provisional "P10: t"\n'
    result = check_lone(tmp_path, text)
    [diag] = e210(result)
    assert diag.pos is not None and (diag.pos.line, diag.pos.col) == (1, text.index("7") + 1)
    assert "default 7 of setting 'test_rounds'" in diag.message and "0 to 5" in diag.message
    assert diag.help is not None and "from 0 to 5" in diag.help
    rendered = render(diag, result.sources)
    assert "error[E210]" in rendered and "lone.tsr:1:" in rendered
    assert [d.code for d in errors(result.diagnostics)] == ["E210"], describe(result.diagnostics)


def test_bounds_out_of_order_are_e210_at_the_first_bound(tmp_path: Path) -> None:
    text = 'setting test_rounds: int from 9 to 2 = 5 provisional "P10: t"\n'
    result = check_lone(tmp_path, text)
    [diag] = e210(result)
    assert diag.pos is not None and (diag.pos.line, diag.pos.col) == (1, text.index("9") + 1)
    assert "runs from 9 to 2" in diag.message
    assert diag.help is not None and "`int from 2 to 9`" in diag.help
    assert result.ir is None


def test_a_default_of_another_type_is_e508_not_e210(tmp_path: Path) -> None:
    result = check_lone(tmp_path, 'setting test_rounds: int from 0 to 5 = true provisional "P10: t"\n')
    assert [d.code for d in errors(result.diagnostics)] == ["E508"], describe(result.diagnostics)


def test_a_patched_default_is_held_to_the_inherited_bounds(tmp_path: Path) -> None:
    text = f'patch setting {HANDICAP} {{\n  default 11 provisional "P10: t"\n}}\n'
    [diag] = e210(check_lone(tmp_path, text))
    assert diag.pos is not None and (diag.pos.line, diag.pos.col) == (2, text.split("\n")[1].index("11") + 1)
    inside = check_lone(tmp_path, text.replace("default 11", "default 2"))
    assert inside.ok and inside.ir is not None, describe(inside.diagnostics)
    assert inside.ir["settings"][HANDICAP]["default"] == 2 and inside.ir["settings"][HANDICAP]["max"] == 10


def test_an_override_gives_other_bounds(tmp_path: Path) -> None:
    result = check_lone(tmp_path, f'override setting {HANDICAP}: int from 1 to 3 = 2 provisional "P10: t"\n')
    assert result.ok and result.ir is not None, describe(result.diagnostics)
    assert {k: result.ir["settings"][HANDICAP][k] for k in ("min", "max", "default")} == {
        "min": 1,
        "max": 3,
        "default": 2,
    }


def test_e210_is_a_documented_code() -> None:
    severity, title, fix = CODES["E210"]
    assert severity.value == "error" and "bounds" in title and "int from LOW to HIGH" in fix


# ---------------------------------------------------------------------- reading settings
@pytest.mark.parametrize("value", ["-1", "11", str(10**100)])
def test_set_refuses_a_value_outside_the_bounds(value: str) -> None:
    ir = compiled_ir("standard")
    with pytest.raises(click.BadParameter) as err:
        read_settings(ir, (f"{HANDICAP}={value}",))
    assert str(err.value).startswith(f"{HANDICAP}: expected a whole number from 0 to 10, got ")
    assert "\n" not in str(err.value)
    with pytest.raises(click.BadParameter):
        play_cmd.assigned_settings(ir, (f"{HANDICAP}={value}",))


def test_set_takes_a_value_within_the_bounds_the_bounds_included() -> None:
    ir = compiled_ir("solo-v2")
    for value in (0, 2, 10):
        assert read_settings(ir, (f"{HANDICAP}={value}",)) == {HANDICAP: value}
        assert play_cmd.assigned_settings(ir, (f"{HANDICAP}={value}",)) == {HANDICAP: value}


@pytest.mark.parametrize("value", ["-1", "11"])
def test_simulate_refuses_an_out_of_bounds_set_as_a_usage_error(value: str) -> None:
    result = CliRunner().invoke(cli, ["simulate", "--games", "1", "--set", f"{HANDICAP}={value}"])
    assert result.exit_code == 2, result.output[-300:]
    said = [line for line in result.output.splitlines() if line.startswith("Error: ")]
    assert said == [
        f"Error: Invalid value for --set: {HANDICAP}: expected a whole number from 0 to 10, got '{value}'"
    ]
    assert "Traceback" not in result.output


def test_simulate_plays_a_handicap_within_the_bounds() -> None:
    args = ["simulate", "--ruleset", "standard", "--games", "1", "--seed", "1", "--json"]
    result = CliRunner().invoke(cli, [*args, "--set", f"{HANDICAP}=2"])
    assert result.exit_code == 0, result.output[-300:]
    assert f'"settings": {{"{HANDICAP}": 2}}' in result.output


@pytest.mark.parametrize("value", ["-1", "11"])
def test_play_refuses_an_out_of_bounds_set_before_a_game_starts(tmp_path: Path, value: str) -> None:
    save = tmp_path / "g.json"
    result = CliRunner().invoke(
        play_cmd.play,
        ["--human-policy", "random", "--lang", "en", "--save", str(save), "--set", f"{HANDICAP}={value}"],
        env={"TWILIGHT_HOME": str(tmp_path)},
    )
    assert result.exit_code == 2, result.output[-300:]
    said = [line for line in result.output.splitlines() if line.startswith("Error: ")]
    assert len(said) == 1 and f"{HANDICAP}: expected a whole number from 0 to 10, got '{value}'" in said[0]
    assert not save.exists()


@pytest.mark.parametrize("value", [-5, 11, 10**100])
def test_a_save_or_the_api_is_refused_outside_the_bounds(value: int) -> None:
    ir = compiled_ir("solo-v2")
    problem = settings_problem(ir, {HANDICAP: value})
    assert problem is not None and problem.startswith(f"settings.{HANDICAP}: a whole number from 0 to 10 ")
    assert "\n" not in problem and len(problem) < 200
    for within in (0, 2, 10):
        assert settings_problem(ir, {HANDICAP: within}) is None
    assert settings_problem(ir, {HANDICAP: True}) is not None  # a bool is not a count


def test_an_unbounded_int_setting_still_takes_any_whole_number() -> None:
    ir = {"settings": {"rounds": {"type": "int", "values": [], "default": 6}}}
    assert read_settings(ir, ("rounds=-40",)) == {"rounds": -40}
    assert settings_problem(ir, {"rounds": 10**6}) is None


def test_the_game_api_refuses_an_out_of_bounds_setting() -> None:
    from twilight.api import Game, GameError

    with pytest.raises(GameError, match=f"{HANDICAP}: .*from 0 to 10"):
        Game("standard", {HANDICAP: -5})
    with pytest.raises(GameError, match=f"{HANDICAP}: .*from 0 to 10"):
        Game("standard", {HANDICAP: "11"})  # (a value given as text is read as `--set` reads it)
    assert Game("standard", {HANDICAP: 2}).settings[HANDICAP] == 2
