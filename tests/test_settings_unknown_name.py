"""A setting's name mistyped: the command line, a save and the API say it in the same words, with the
setting it most likely means."""

from __future__ import annotations

import click
import pytest
from twilight.api import Game, GameError
from twilight.cli.settings_arg import read_settings, settings_problem

STANDARD = Game("standard").ir
MEANT = "optional_card: not a setting of the ruleset (did you mean optional_cards?); its settings: "


def test_set_on_the_command_line_names_the_setting_meant() -> None:
    with pytest.raises(click.BadParameter) as err:
        read_settings(STANDARD, ("optional_card=true",))
    assert err.value.message.startswith(MEANT), err.value.message


def test_a_save_and_the_api_say_it_in_the_same_words() -> None:
    assert settings_problem(STANDARD, {"optional_card": True}) == "settings." + MEANT + (
        "deluxe_map_canada, optional_cards, us_handicap_influence"
    )
    with pytest.raises(GameError, match=r"did you mean optional_cards\?"):
        Game("standard", {"optional_card": "true"})


def test_a_name_like_none_lists_the_settings_alone() -> None:
    said = settings_problem(STANDARD, {"zzz": 1})
    assert said == "settings.zzz: not a setting of the ruleset; its settings: " + (
        "deluxe_map_canada, optional_cards, us_handicap_influence"
    )
