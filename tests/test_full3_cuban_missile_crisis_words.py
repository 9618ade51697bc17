"""The Cuban Missile Crisis's way out asked as a coup is made (`defuse_cuban_missile_crisis_at_coup`, card
40): its question named both sides' ways out, "(USSR from Cuba, US from West Germany or Turkey)", whatever
the side asked and wherever its 2 influence were. It now names the countries the way out takes from, those
offered and no other (the rule's `way_out`, cuban_missile_crisis_way_out_places), in English and Russian:
the US with 2 in West Germany alone is not told of Turkey."""

from __future__ import annotations

import contextlib
from types import SimpleNamespace
from typing import Any

import pytest
from twilight.cli.session.question import prompt_text
from twilight.cli.session.text import PlayText
from twilight.harness.scenario import Scenario
from twilight.runtime.core.decisions import Decision, GreedyPlayer
from twilight.runtime.game import new_engine

from tests.helpers import compiled_ir

SEED = 3
QUESTION = "defuse_cuban_missile_crisis_at_coup"


class _Stop(Exception):
    pass


class _Steered:
    """Both sides greedy until `side`'s first action round; there the board is set (`influence`, the other
    side's Cuban Missile Crisis in effect), `side` plays its card for a coup in Honduras, and the game
    stops at the way out's question, kept in `found`."""

    def __init__(self, side: str, influence: dict[str, dict[str, int]]) -> None:
        self.side, self.influence = side, influence
        self.greedy = GreedyPlayer(SEED)
        self.engine: Any = None
        self.set = False
        self.found: list[Decision] = []

    def decide(self, decision: Decision) -> Any:
        engine = self.engine
        self.greedy.engine = engine
        mine = decision.side == self.side and engine.state.action_round >= 1
        if mine and not self.set and decision.name != "play_mode":
            self._set_board(engine)
        if mine and self.set and decision.name == QUESTION:
            self.found.append(decision)
            raise _Stop
        if mine and self.set and decision.name == "play_mode" and "coup" in decision.options:
            return "coup"
        if mine and self.set and decision.name == "coup_target" and "honduras" in decision.options:
            return "honduras"
        return self.greedy.decide(decision)

    def _set_board(self, engine: Any) -> None:
        st = engine.state
        for country, by_side in {"honduras": {"us": 1, "ussr": 1}, **self.influence}.items():
            st.influence[country] = {**st.influence[country], **by_side}
        owner = SimpleNamespace(engine=engine, ir=engine.ir, program=engine.program)
        crisis_of = "ussr" if self.side == "us" else "us"
        Scenario._start_effect(owner, "cuban_missile_crisis", crisis_of, "")  # type: ignore[arg-type]
        self.set = True


def asked(side: str, influence: dict[str, dict[str, int]]) -> tuple[Any, Decision]:
    ir = compiled_ir("standard")
    steered = _Steered(side, influence)
    other = GreedyPlayer(SEED)
    players = {side: steered, ("ussr" if side == "us" else "us"): other}
    engine = new_engine(ir, players, seed=SEED)
    steered.engine = engine
    for p in engine.players.values():
        p.engine = engine
    with contextlib.suppress(_Stop):
        engine.run()
    assert steered.found, "the way out was never asked"
    return engine, steered.found[0]


def words(engine: Any, decision: Decision, lang: str) -> str:
    return prompt_text(PlayText("standard", lang, engine.ir), decision)


US_WG = {"west_germany": {"us": 3}, "turkey": {"us": 1}}
US_TURKEY = {"west_germany": {"us": 1}, "turkey": {"us": 2}}
US_BOTH = {"west_germany": {"us": 2}, "turkey": {"us": 2}}
USSR_CUBA = {"cuba": {"ussr": 2}}


@pytest.mark.parametrize(
    ("side", "influence", "lang", "named", "not_named"),
    [
        (
            "us",
            US_WG,
            "en",
            "remove 2 of your influence from West Germany to end",
            ["Turkey", "Cuba,", "Cuba)", "from Cuba"],
        ),
        (
            "us",
            US_TURKEY,
            "en",
            "remove 2 of your influence from Turkey to end",
            ["West Germany", "Cuba,", "Cuba)", "from Cuba"],
        ),
        ("us", US_BOTH, "en", "from West Germany or Turkey to end", ["Cuba,", "Cuba)", "from Cuba"]),
        ("ussr", USSR_CUBA, "en", "remove 2 of your influence from Cuba to end", ["Turkey", "Germany"]),
        ("us", US_WG, "ru", "снимите 2 своих влияния в Западной Германии, чтобы", ["Турц", "Куб"]),
        ("us", US_TURKEY, "ru", "снимите 2 своих влияния в Турции, чтобы", ["Германи", "Куб"]),
        ("us", US_BOTH, "ru", "в Западной Германии или в Турции, чтобы", ["Куб"]),
        ("ussr", USSR_CUBA, "ru", "снимите 2 своих влияния на Кубе, чтобы", ["Турц", "Германи"]),
    ],
)
def test_the_question_names_only_the_countries_offered(
    side: str, influence: dict[str, dict[str, int]], lang: str, named: str, not_named: list[str]
) -> None:
    engine, decision = asked(side, influence)
    said = words(engine, decision, lang)
    assert named in said, said
    for word in not_named:
        assert word not in said, said
    assert "{" not in said and "$" not in said, said  # (every variable given)
