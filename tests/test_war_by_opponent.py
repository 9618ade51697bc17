"""Olympic Games hosted at DEFCON 2 in the standard game: the guest may boycott, which brings DEFCON to 1
in the host's action round, and the host loses the game. The at-once check followed only the side's own
next questions, so nothing warned the player (the computer, searching its guest's answer, boycotts), and
the computer could host the Games there itself. An answer after which the opponent, a player free to
answer as it likes, can end the game at once is now among those that lose at once, said in words of its
own: the opponent's answer, not "whatever you choose after it"."""

from __future__ import annotations

import contextlib
from types import SimpleNamespace
from typing import Any

import pytest
from twilight.cli.session.danger import left_to_the_opponent, loses_at_once
from twilight.cli.session.hint import hint_lines
from twilight.cli.session.text import PlayText
from twilight.runtime.core.decisions import Decision, GreedyPlayer
from twilight.runtime.core.resumable import Suspended
from twilight.runtime.game import new_engine
from twilight.runtime.players.search import SearchPlayer

from tests.helpers import compiled_ir


def _step(engine: Any, answer: Any) -> None:
    with contextlib.suppress(Suspended):
        engine.resume(answer)


def at_the_card(card: str, defcon: int) -> tuple[Any, Decision]:
    """Standard, seed 3, greedy play to the US's first choice of a card to play; there `card` is put in
    its hand (taken from the draw pile) and DEFCON set to `defcon`; the US plays it: the engine stopped at
    the question of how."""
    engine = new_engine(compiled_ir("standard"), {}, seed=3, settings={})
    greedy = GreedyPlayer(7)
    greedy.engine = engine
    with contextlib.suppress(Suspended):
        engine.run()
    while not ((decision := engine.pending()).side == "us" and decision.name == "action_card"):
        _step(engine, greedy.decide(decision))
    state = engine.state
    if card not in state.hands["us"]:
        state.draw_pile.remove(card)
        state.hands["us"].append(card)
        decision.options.append(card)
    state.defcon = defcon
    _step(engine, card)
    decision = engine.pending()
    assert decision.name == "play_mode" and decision.context["card"] == card
    return engine, decision


def test_hosting_the_olympic_games_at_defcon_2_is_found_to_lose_by_the_guests_answer() -> None:
    engine, decision = at_the_card("olympic_games", 2)
    assert {"event", "influence"} <= set(decision.options)
    assert loses_at_once(engine, decision) == ["event"]
    assert left_to_the_opponent(engine, decision, ["event"]) == ["event"]


def test_above_defcon_2_the_games_lose_nothing() -> None:
    engine, decision = at_the_card("olympic_games", 3)
    assert loses_at_once(engine, decision) == []


@pytest.mark.parametrize(
    ("lang", "said"),
    [
        ("en", "played this way, the card lets your opponent answer by bringing DEFCON to 1"),
        ("ru", "при таком розыгрыше соперник сможет ответить так, что DEFCON опустится до 1"),
    ],
)
def test_the_hint_says_the_opponent_can_end_it(lang: str, said: str) -> None:
    engine, decision = at_the_card("olympic_games", 2)
    text = PlayText("standard", lang, engine.ir)
    session = SimpleNamespace(text=text, engine=engine, meta={"humans": ["us"]})
    lines = hint_lines(session, decision)
    assert lines[0].startswith(f"{text.option('event')}: {said}"), lines
    assert "whatever you choose" not in lines[0] and "что бы вы ни выбрали" not in lines[0]
    # The search weighs the other ways only.
    rated = [line.split(". ", 1)[1].split(":")[0] for line in lines if line[:2] in ("1.", "2.", "3.")]
    assert rated and text.option("event") not in rated, lines


def test_the_computer_does_not_host_the_games_at_defcon_2() -> None:
    engine, decision = at_the_card("olympic_games", 2)
    search = SearchPlayer(11, playouts=4)
    search.engine = engine
    assert search.decide(decision) == "influence"


def test_a_loss_the_players_own_move_sets_off_keeps_its_words() -> None:
    """Duck and Cover, the US's own event at DEFCON 2 (DEFCON down one): lost whatever follows."""
    engine, decision = at_the_card("duck_and_cover", 2)
    losing = loses_at_once(engine, decision)
    assert "event" in losing
    assert left_to_the_opponent(engine, decision, losing) == []
    text = PlayText("standard", "en", engine.ir)
    session = SimpleNamespace(text=text, engine=engine, meta={"humans": ["us"]})
    assert "whatever you choose after it" in hint_lines(session, decision)[0]


class _Says:
    """A reader that answers the confirmation with `typed`, and keeps the prompt."""

    def __init__(self, typed: str) -> None:
        self.typed = typed
        self.prompts: list[str] = []

    def read(self, prompt: str, words: Any) -> str:
        self.prompts.append(prompt)
        return self.typed


@pytest.mark.parametrize(
    ("lang", "typed", "said"),
    [
        ("en", "no", "Event: played this way, the card lets your opponent answer by bringing DEFCON to 1"),
        ("ru", "да", "Событие: при таком розыгрыше карты соперник сможет ответить так, что DEFCON опустится"),
    ],
)
def test_the_terminal_asks_before_hosting_the_games_in_the_opponents_words(
    tmp_path: Any, lang: str, typed: str, said: str
) -> None:
    import io

    from rich.console import Console
    from twilight.cli.play.session import PlaySession

    engine, decision = at_the_card("olympic_games", 2)
    out = io.StringIO()
    text = PlayText("standard", lang, engine.ir)
    reader = _Says(typed)
    session = PlaySession(engine, text, Console(file=out, width=200), tmp_path / "g.json", {}, reader)  # type: ignore[arg-type]
    assert session.confirmed(decision, "influence")  # (a way that loses nothing: taken without a word)
    assert reader.prompts == []
    assert session.confirmed(decision, "event") is (typed == "да")
    shown = " ".join(out.getvalue().split())
    assert said in shown and "whatever you choose" not in shown, shown
