"""What a player is told when a choice is missing: why a card's event is not among the ways to play it
(the rules' refusal, cli/session/why_not.py), and why a region bonus of a card's operations is not asked (the
play log's `ops_bonus_unspendable` line, cli/session/log.py). Each game is set up by a scenario file of
tests/scenarios/ and stopped at the question."""

from __future__ import annotations

from pathlib import Path
from typing import Any

import pytest
from twilight.cli.session.log import Narrator
from twilight.cli.session.text import PlayText
from twilight.cli.session.why_not import why_not_lines
from twilight.harness.scenario import Scenario
from twilight.runtime.core.decisions import Decision

SCENARIOS = Path(__file__).resolve().parent / "scenarios" / "solo-v2"


class Asked(Exception):
    def __init__(self, decision: Decision) -> None:
        self.decision = decision


def _stopped_at(name: str, scenario: str) -> tuple[Scenario, Decision]:
    """The scenario's game, stopped when it asks the question `name`."""
    run = Scenario(SCENARIOS / scenario)
    run.load()
    run.build()
    answer = run.answer

    def stop_at(decision: Decision) -> Any:
        if decision.name == name:
            raise Asked(decision)
        return answer(decision)

    run.answer = stop_at  # type: ignore[method-assign]
    with pytest.raises(Asked) as asked:
        run.run_steps()
    return run, asked.value.decision


UN_REFUSED = "appendix_032_un_intervention_not_offered_without_an_ai_event_drawn.yaml"


@pytest.mark.parametrize(
    ("lang", "words"),
    [
        ("en", "cancels only the event of the other card you drew"),
        ("ru", "отменяет только событие второй карты"),
    ],
)
def test_the_missing_event_is_explained_by_the_rule_that_refuses_it(lang: str, words: str) -> None:
    run, decision = _stopped_at("play_mode", UN_REFUSED)
    assert run.engine is not None
    assert "event" not in decision.options and decision.context["card"] == "un_intervention"
    # (the event's line first; then why no coup or realignment is offered, if neither is)
    line, *attacks = why_not_lines(PlayText("solo-v2", lang, run.ir), run.engine, decision)
    assert words in line
    assert all(words not in attack for attack in attacks)


def test_an_event_offered_or_another_side_s_event_says_nothing() -> None:
    run, decision = _stopped_at("play_mode", "appendix_032_un_intervention_cancels_the_other_card_drawn.yaml")
    assert run.engine is not None
    assert "event" in decision.options
    assert _event_lines(why_not_lines(PlayText("solo-v2", "en", run.ir), run.engine, decision)) == []
    # the same question for a card of the AI's side: its event is never the player's to choose
    ai_card = Decision("play_mode", "us", ["influence"], 1, 1, True, {"card": "socialist_governments"})
    assert _event_lines(why_not_lines(PlayText("solo-v2", "en", run.ir), run.engine, ai_card)) == []


def _event_lines(lines: list[str]) -> list[str]:
    """The lines of why the event is not offered (not those of why no coup, realignment or Space Race
    attempt is)."""
    return [line for line in lines if not line.startswith(("Coup", "Realignment", "Space Race"))]


@pytest.mark.parametrize(("lang", "words"), [("en", "is not offered"), ("ru", "не предлагается")])
def test_a_region_bonus_left_out_is_told_in_the_log(lang: str, words: str) -> None:
    run, _ = _stopped_at(
        "influence_target", "human_round_china_card_asia_bonus_not_offered_outside_the_regions.yaml"
    )
    assert run.engine is not None
    (event,) = [e for e in run.engine.events if e["kind"] == "ops_bonus_unspendable"]
    assert (event["card"], event["region"], event["mode"]) == ("the_china_card", "asia", "influence")
    (line,) = Narrator(PlayText("solo-v2", lang, run.ir)).lines([event])
    assert words in line


@pytest.mark.parametrize(("lang", "typed"), [("en", "event"), ("ru", "событие"), ("en", "Событие")])
def test_typing_the_refused_event_is_answered_with_the_rule(lang: str, typed: str) -> None:
    import io

    from rich.console import Console
    from twilight.cli.play.session import PlaySession

    run, decision = _stopped_at("play_mode", UN_REFUSED)
    assert run.engine is not None
    text = PlayText("solo-v2", lang, run.ir)
    nowhere = Path("/nonexistent/never-written.json")
    session = PlaySession(
        run.engine, text, Console(file=io.StringIO()), nowhere, {"humans": ["us"], "lang": lang}
    )
    said = session.refusal(decision, typed)
    assert said == why_not_lines(text, run.engine, decision)[0]
    # a word that names no option stays the player's typing problem
    assert session.refusal(decision, "nonsense") is None
