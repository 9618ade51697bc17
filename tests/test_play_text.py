"""The words a player reads in `twilight play`, over whole games: every history line, question, option
and screen in English and Russian is a finished sentence (no message id, no unfilled variable, no
Fluent error)."""

from __future__ import annotations

import io
import re
from typing import Any

import pytest
from helpers import compiled_ir
from rich.console import Console
from twilight.cli.play.screen import Screen
from twilight.cli.play.session import PlaySession
from twilight.cli.session.log import Narrator
from twilight.cli.session.text import PlayText
from twilight.runtime.core.decisions import Decision, RandomPlayer
from twilight.runtime.core.engine import Engine
from twilight.runtime.game import new_engine
from twilight.runtime.solo.ai import players_with_ai

RAW_ID = re.compile(r"\b(?:play|log|help|decision|option|refusal|end|rating|setting|phase)-[a-z_]+")


class Recording(RandomPlayer):
    """A random player that keeps every decision it was asked."""

    def __init__(self, seed: int, asked: list[Decision]) -> None:
        super().__init__(seed)
        self.asked = asked

    def decide(self, decision: Decision) -> Any:
        self.asked.append(decision)
        return super().decide(decision)


def play(ruleset: str, seed: int) -> tuple[Engine, list[Decision]]:
    ir = compiled_ir(ruleset)
    asked: list[Decision] = []
    people = {"us": Recording(seed, asked), "ussr": Recording(seed + 1, asked)}
    players, ai = players_with_ai(ir, None, people)
    engine = new_engine(ir, players, seed=seed)
    if ai is not None:
        ai.engine = engine
    engine.run()
    return engine, asked


@pytest.fixture(scope="module", params=[("solo-v2", 3), ("standard", 4)], ids=["solo-v2", "standard"])
def game(request: pytest.FixtureRequest) -> tuple[str, Engine, list[Decision]]:
    ruleset, seed = request.param
    engine, asked = play(ruleset, seed)
    return ruleset, engine, asked


def finished(text: str) -> None:
    assert not RAW_ID.search(text), text
    assert "{" not in text and "}" not in text, text


@pytest.mark.parametrize("lang", ["en", "ru"])
def test_the_history_reads_as_sentences(game: tuple[str, Engine, list[Decision]], lang: str) -> None:
    ruleset, engine, _ = game
    text = PlayText(ruleset, lang, engine.ir)
    lines = Narrator(text).lines(engine.events)
    assert len(lines) > 50
    for line in lines:
        finished(line)
    assert text.loc.errors == []
    kinds = {e["kind"] for e in engine.events}
    assert {"turn", "play", "influence", "action_round"} <= kinds


@pytest.mark.parametrize("lang", ["en", "ru"])
def test_every_question_and_option_is_worded(game: tuple[str, Engine, list[Decision]], lang: str) -> None:
    ruleset, engine, asked = game
    text = PlayText(ruleset, lang, engine.ir)
    console = Console(file=io.StringIO(), width=120)
    session = PlaySession(engine, text, console, _nowhere(), {"humans": ["us"], "lang": lang})
    for decision in asked:
        finished(session.prompt_text(decision))
        for option in decision.options:
            finished(text.option(option))
        for line in session.help_lines(decision):
            finished(line)
    assert text.loc.errors == []


@pytest.mark.parametrize("lang", ["en", "ru"])
def test_the_screen_draws_in_each_language(game: tuple[str, Engine, list[Decision]], lang: str) -> None:
    ruleset, engine, asked = game
    text = PlayText(ruleset, lang, engine.ir)
    out = io.StringIO()
    screen = Screen(Console(file=out, width=120, color_system=None), text, engine, ruleset != "standard")
    card_choice = next(d for d in asked if d.name == "action_card")
    screen.show(card_choice, "?", Narrator(text).lines(engine.events[-30:]))
    screen.show_board(card_choice)  # `board all`: every region in full
    drawn = out.getvalue()
    finished(drawn)
    assert text.country("poland") in drawn and text.card(str(card_choice.options[0])) in drawn
    assert text.loc.errors == []


def test_russian_names_take_their_grammatical_forms() -> None:
    ir = compiled_ir("solo-v2")
    text = PlayText("solo-v2", "ru", ir)
    forms = text.country_args("cuba")
    assert forms["country"] == "Куба"
    assert forms["country_in"] == "на Кубе"
    assert text.country_args("poland")["country_gen"] == "Польши"
    line = Narrator(text).line(
        {"kind": "influence", "side": "ussr", "country": "poland", "change": 2, "now": 3}
    )
    assert line is not None and "в Польше" in line
    # an event that removes all of none (Blockade with no US influence in West Germany) tells nothing
    assert (
        Narrator(text).line(
            {"kind": "influence", "side": "us", "country": "west_germany", "change": 0, "now": 0}
        )
        is None
    )
    english = PlayText("solo-v2", "en", ir)
    assert english.country_args("cuba")["country_in"] == "Cuba"


def test_russian_plurals() -> None:
    text = PlayText("solo-v2", "ru", compiled_ir("solo-v2"))
    narrate = Narrator(text).line
    one = narrate({"kind": "reshuffle", "cards": 21})
    few = narrate({"kind": "reshuffle", "cards": 22})
    many = narrate({"kind": "reshuffle", "cards": 25})
    assert one and few and many
    assert len({one.replace("21", ""), few.replace("22", ""), many.replace("25", "")}) == 3


def _nowhere() -> Any:
    from pathlib import Path

    return Path("/nonexistent/never-written.json")


@pytest.mark.parametrize("lang", ["en", "ru"])
def test_a_refused_country_is_told_the_rule(lang: str) -> None:
    ir = compiled_ir("standard")
    engine = new_engine(ir, {}, seed=1)
    engine.state.defcon = 4
    engine.state.influence["poland"]["ussr"] = 2
    engine.state.influence["iran"]["ussr"] = 1
    text = PlayText("standard", lang, ir)
    session = PlaySession(
        engine, text, Console(file=io.StringIO()), _nowhere(), {"humans": ["us"], "lang": lang}
    )
    decision = Decision("coup_target", "us", ["iran"], context={"intent": "coup"})
    said = session.refusal(decision, "Польша" if lang == "en" else "Poland")
    assert said is not None
    assert said == text.t(
        "play-input-refused",
        reason=text.t("refusal-defcon_restricted", **text.country_args("poland")),
        **text.country_args("poland"),
    )
    assert text.country("poland") in said
    # A country no rule refuses, but the question does not offer.
    other = session.refusal(Decision("draft", "us", ["iran"]), "Poland")
    assert other == text.t("play-input-not-offered", **text.country_args("poland"))
    assert session.refusal(decision, "Atlantis") is None


class NoTyping:
    """A terminal nobody types at: reading a line is a failure of the test."""

    def __init__(self) -> None:
        self.asked = 0

    def read(self, prompt: str, words: Any) -> str:
        self.asked += 1
        raise EOFError


@pytest.mark.parametrize("lang", ["en", "ru"])
def test_a_forced_choice_is_taken_for_the_player_and_said(lang: str, tmp_path: Any) -> None:
    """One answer to give and one offered: the game gives it without asking, and says so at once and in
    the next screen's last moves; a question with two answers is still asked."""
    from twilight.cli.play.session import QuitGame, TerminalPlayer

    ir = compiled_ir("standard")
    engine = new_engine(ir, {}, seed=1)
    text = PlayText("standard", lang, ir)
    out = io.StringIO()
    reader = NoTyping()
    meta = {"humans": ["us"], "lang": lang}
    session = PlaySession(engine, text, Console(file=out, width=200), tmp_path / "g.json", meta, reader)  # type: ignore[arg-type]
    player = TerminalPlayer(session)
    only = Decision("influence_target", "us", ["mexico"], context={"intent": "place"})
    assert player.decide(only) == "mexico"
    assert reader.asked == 0
    note = text.t("play-forced-choice", prompt=session.prompt_text(only), answer=text.country("mexico"))
    finished(note)
    assert text.country("mexico") in note and note in out.getvalue()
    assert session.recent_lines()[-1] == note
    assert session.recent_lines() == []  # said once
    # Two answers, or one that may be left out: the player is asked.
    with pytest.raises(QuitGame):
        player.decide(Decision("influence_target", "us", ["mexico", "cuba"]))
    with pytest.raises(QuitGame):
        player.decide(Decision("draft", "us", ["mexico"], min_count=0, max_count=1))
    assert reader.asked == 2


class StopWhen(RandomPlayer):
    """A random player that stops the game at the first decision `wanted` says yes to."""

    def __init__(self, seed: int, wanted: Any) -> None:
        super().__init__(seed)
        self.wanted = wanted
        self.engine: Any = None

    def decide(self, decision: Decision) -> Any:
        if self.wanted(self.engine, decision):
            raise QuestionReached(decision)
        return super().decide(decision)


class QuestionReached(Exception):
    def __init__(self, decision: Decision) -> None:
        super().__init__(decision.name)
        self.decision = decision


def solo_engine_at(wanted: Any, seed: int = 3) -> tuple[Engine, Decision]:
    ir = compiled_ir("solo-v2")
    person = StopWhen(seed, wanted)
    players, ai = players_with_ai(ir, None, {"us": person, "ussr": person})
    engine = new_engine(ir, players, seed=seed)
    person.engine = engine
    if ai is not None:
        ai.engine = engine
    with pytest.raises(QuestionReached) as reached:
        engine.run()
    return engine, reached.value.decision


def first_of_round(scoring: bool) -> Any:
    def wanted(engine: Engine, decision: Decision) -> bool:
        state = engine.state
        return bool(
            state.action_round
            and state.phasing == decision.side
            and state.vars.get("scoring_round") is scoring
            and decision.name == "action_card"
        )

    return wanted


@pytest.mark.parametrize("lang", ["en", "ru"])
def test_a_scoring_round_is_announced_at_the_start_of_the_players_round(lang: str, tmp_path: Any) -> None:
    """The solo game's declared `scoring_round` holds as the player's action round begins: its words
    (`.your-round`) stand above the first question of the round, once."""
    from twilight.cli.play.session import QuitGame, TerminalPlayer

    notice = {
        "en": "This is a scoring round: you act first",
        "ru": "Это Раунд с подсчетом очков: вы ходите первым",
    }
    for scoring in (True, False):
        engine, decision = solo_engine_at(first_of_round(scoring))
        text = PlayText("solo-v2", lang, engine.ir)
        out = io.StringIO()
        meta = {"humans": [decision.side], "lang": lang}
        session = PlaySession(
            engine, text, Console(file=out, width=200), tmp_path / "g.json", meta, NoTyping()
        )  # type: ignore[arg-type]
        player = TerminalPlayer(session)
        with pytest.raises(QuitGame):
            player.decide(decision)
        assert (notice[lang] in " ".join(out.getvalue().split())) is scoring, out.getvalue()[-600:]
        out.truncate(0)
        with pytest.raises(QuitGame):
            player.decide(decision)  # asked again in the same round: said once is enough
        assert notice[lang] not in " ".join(out.getvalue().split())
