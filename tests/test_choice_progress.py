"""A `choose` inside a `repeat` tells its player where it is (pick i of N, out of how many candidates),
and which candidates its `where` refused because a rule function said no, as the engine evaluates them
(here the solo game's card draft and its ops-balance rule, `draft_keep_allowed`); the screen words both
from Fluent, in the ruleset's words for the decision when it has them."""

from __future__ import annotations

from typing import Any

import pytest
from rich.console import Console
from twilight.cli.play.screen import Screen
from twilight.cli.session.text import PlayText
from twilight.runtime.core.decisions import Decision
from twilight.runtime.core.engine import Engine
from twilight.runtime.core.frames import Frame
from twilight.runtime.core.primitives import ops_for
from twilight.runtime.game import new_engine
from twilight.runtime.solo.ai import RulesAIPlayer

from tests.helpers import compiled_ir

SEED = 7
SETTINGS = {"deluxe_map_canada": False}
Asked = list[tuple[Decision, list[tuple[Any, str]]]]


class _Stop(Exception):
    pass


class _Drafter:
    """Keeps the card of most operations first, then the first offered; records each question asked
    (with what it says was refused) and stops the game at the `stop_at`-th."""

    def __init__(self, engine: Engine, stop_at: int) -> None:
        self.engine = engine
        self.stop_at = stop_at
        self.asked: Asked = []

    def decide(self, decision: Decision) -> Any:
        refused = decision.context["refused"]() if "refused" in decision.context else []
        self.asked.append((decision, refused))
        if len(self.asked) == self.stop_at:
            raise _Stop
        if decision.name == "draft_keep" and decision.context["progress"]["pick"] == 1:
            return max(decision.options, key=lambda c: self.ops(c))
        return decision.options[0] if decision.single else decision.options[: max(decision.min_count, 1)]

    def ops(self, card: Any) -> int:
        return int(ops_for(self.engine, "us", card))


def _play(stop_at: int) -> tuple[_Drafter, Asked]:
    engine = new_engine(compiled_ir("solo-v2"), {}, seed=SEED, settings=SETTINGS)
    drafter = _Drafter(engine, stop_at)
    ai = RulesAIPlayer()
    ai.engine = engine
    engine.players = {"us": drafter, "ussr": ai}
    with pytest.raises(_Stop):
        engine.run()
    return drafter, drafter.asked


def test_a_repeated_choice_knows_its_pick_and_what_the_rule_refused() -> None:
    drafter, asked = _play(stop_at=5)
    assert [d.name for d, _ in asked] == ["draft_keep"] * 5
    progress = [d.context["progress"] for d, _ in asked]
    # Two drafts of "keep 3 of 6", pick by pick (the game stops at the second draft's second pick).
    assert progress == [{"pick": p, "picks": 3, "from": 6} for p in (1, 2, 3, 1, 2)]
    first, second, third = (d for d, _ in asked[:3])
    kept = [max(first.options, key=drafter.ops), second.options[0]]
    # Pick 3: one card keeps the balance; every other card neither kept nor offered is named, with the
    # function that refused it; the kept ones (refused by `c not in kept`, a membership test) are not.
    refused = asked[2][1]
    assert len(third.options) == 1
    assert {rule for _, rule in refused} == {"draft_keep_allowed"}
    assert {card for card, _ in refused} == set(first.options) - set(third.options) - set(kept)
    # Each named card is one the rule itself refuses, asked of the engine directly.
    balance = drafter.engine.program.expr(
        {
            "fn": "draft_keep_allowed",
            "args": [{"var": "offered"}, {"var": "kept"}, {"var": "c"}, {"var": "n"}],
        }
    )
    for card, _ in refused:
        frame = Frame(drafter.engine, {"offered": first.options, "kept": kept, "c": card, "n": 3})
        assert balance(frame) is False
    # Draft 2, pick 2, after keeping a 4-ops card: the other 4-ops card is refused, and only it.
    fours = [c for c in asked[3][0].options if drafter.ops(c) == 4]
    assert len(fours) == 2
    kept_four = max(asked[3][0].options, key=drafter.ops)
    assert asked[4][1] == [(next(c for c in fours if c != kept_four), "draft_keep_allowed")]
    # Where nothing was refused, the decision carries no list to ask for.
    assert all(len(d.options) == 6 and "refused" not in d.context for d in (first, asked[3][0]))


def test_a_choice_outside_a_repeat_says_no_pick_number() -> None:
    _, asked = _play(stop_at=12)
    outside = [d for d, _ in asked if d.name != "draft_keep"]
    assert outside, [d.name for d, _ in asked]
    assert all("progress" not in d.context for d in outside)


@pytest.mark.parametrize(
    ("lang", "progress", "not_offered"),
    [
        (
            "en",
            "Keep 3 of 6: pick 2 of 3",
            "Not offered: {cards} — the cards you keep would then total more operations than those you "
            "give the AI",
        ),
        (
            "ru",
            "Оставляете себе 3 из 6: карта 2 из 3",
            "Нет в списке: {cards} — тогда сумма ОО оставленных карт стала бы больше суммы отданных ИИ",
        ),
    ],
)
def test_the_screen_words_the_progress_and_the_refusal(lang: str, progress: str, not_offered: str) -> None:
    drafter, asked = _play(stop_at=5)
    text = PlayText("solo-v2", lang, drafter.engine.ir)
    screen = Screen(Console(width=200), text, drafter.engine, False, False)
    decision, refused = asked[4]
    assert screen.progress(decision) == progress
    cards = ", ".join(text.option(card) for card, _ in refused)
    assert screen.not_offered(decision) == [not_offered.format(cards=cards)]
    # A decision without words of its own for its progress gets the general ones.
    other = Decision("other_pick", "us", ["a"], context={"progress": {"pick": 2, "picks": 3, "from": 6}})
    assert screen.progress(other) == {"en": "Pick 2 of 3", "ru": "Выбор 2 из 3"}[lang]
