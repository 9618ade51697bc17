"""The hint's one line of why (cli/session/hint.py `why_cause`, `why_line`): the cause named is a difference
the line can say, never one that rounds to nothing ("0 VP better off"); with no such difference, the
line says the score is slightly better with no one cause standing out."""

from __future__ import annotations

from types import SimpleNamespace
from typing import Any

import pytest
from twilight.cli.session.hint import advice_lines, why_cause, why_line
from twilight.cli.session.text import PlayText

from tests.helpers import compiled_ir


def _answer(option: str, mean: float, **facts: float) -> Any:
    found = {"lost": 0.2, "won": 0.1, "vp_gain": 1.0, "region_gain": 0.0, **facts}
    return SimpleNamespace(option=option, mean=mean, tied_with_best=False, **found)


def _advice(best: Any, other: Any, region: str | None = None) -> Any:
    return SimpleNamespace(ranked=[best, other], region=region)


@pytest.fixture(scope="module")
def text() -> PlayText:
    return PlayText("solo-v2", "en", compiled_ir("solo-v2"))


def test_a_vp_difference_that_rounds_to_nothing_is_no_cause(text: PlayText) -> None:
    advice = _advice(_answer("space", 0.63, vp_gain=1.02), _answer("influence", 0.59))
    assert why_cause(advice)[0] == "score"  # type: ignore[index]
    line = why_line(text, advice)
    assert line is not None and " 0 VP" not in line and "with no one cause standing out" in line


def test_a_cause_that_is_there_is_named_over_a_heavier_one_that_rounds_away(text: PlayText) -> None:
    # 0.8% fewer games lost weighs more than 0.1 VP, but is said as 20% against 20%: the VP are the cause
    advice = _advice(
        _answer("space", 0.63, lost=0.196, vp_gain=1.1), _answer("influence", 0.59, lost=0.204, vp_gain=1.0)
    )
    assert why_cause(advice)[0] == "vp_gain"  # type: ignore[index]
    assert "0.1 VP better off" in str(why_line(text, advice))


def test_fewer_games_lost_is_still_the_cause_when_it_shows(text: PlayText) -> None:
    advice = _advice(_answer("space", 0.63, lost=0.10), _answer("influence", 0.59, lost=0.20))
    assert why_cause(advice)[0] == "lost"  # type: ignore[index]
    assert "10%" in str(why_line(text, advice)) and "20%" in str(why_line(text, advice))


@pytest.mark.parametrize(("ruleset", "regions"), [("standard", False), ("solo-v2", True)])
@pytest.mark.parametrize("lang", ["en", "ru"])
def test_the_scores_legend_names_the_primary_region_only_where_the_rules_have_one(
    ruleset: str, regions: bool, lang: str
) -> None:
    t = PlayText(ruleset, lang, compiled_ir(ruleset))
    best, other = _answer("space", 0.63), _answer("influence", 0.59)
    for answer in (best, other):
        answer.low, answer.high, answer.playouts = answer.mean - 0.02, answer.mean + 0.02, 40
    advice = SimpleNamespace(ranked=[best, other], region=None, playouts=80, seconds=0.5)
    legend = advice_lines(t, advice, 3)[-1]
    assert (("Primary" in legend) or ("Первичн" in legend)) is regions, legend
    assert "100%" in legend
