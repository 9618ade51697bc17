"""`hint` in `twilight play` (cli/session/hint.py), in-process: its lines at a question the search weighs, at
one only the quick heuristic weighs and at one neither does; the game (state, dice, answers) unchanged
after it; the playouts never run the session's autosave; a game without an AI (standard, hot-seat) gets
a hint too, its other side played by the heuristic."""

from __future__ import annotations

import os
import re
from pathlib import Path
from types import SimpleNamespace
from typing import Any

import pytest
from twilight.cli.session.game import AutosavingPlayer
from twilight.cli.session.hint import BUDGET_MS, MAX_CANDIDATES, hint_lines
from twilight.cli.session.text import PlayText
from twilight.runtime.core.decisions import Decision, GreedyPlayer
from twilight.runtime.game import new_engine
from twilight.runtime.solo.ai import RulesAIPlayer

from tests.helpers import compiled_ir

MOVE = re.compile(
    r"^(\d)\. (.+): scores (\d+)% \[\d+–\d+%\] \(([\d,]+) playouts?\)(?:, tied with the best)?$"
)
INTERVAL = re.compile(r": scores (\d+)% \[(\d+)–(\d+)%\]")


class _Stop(Exception):
    pass


class _HintAt:
    """A person's side: greedy until a decision `wanted` picks; there the hint's lines are kept, the state
    before and after, and the game stops."""

    def __init__(self, session: Any, wanted: Any) -> None:
        self.session = session
        self.wanted = wanted
        self.greedy = GreedyPlayer(5)
        self.found: dict[str, Any] = {}

    def decide(self, decision: Decision) -> Any:
        engine = self.session.engine
        self.greedy.engine = engine
        if not self.wanted(decision):
            return self.greedy.decide(decision)
        before = (engine.state.to_json(), engine.dice.state(), [list(a) for a in engine.answers])
        lines = hint_lines(self.session, decision)
        after = (engine.state.to_json(), engine.dice.state(), [list(a) for a in engine.answers])
        self.found.update(decision=decision, lines=lines, before=before, after=after)
        raise _Stop


def _hint(ruleset: str, wanted: Any, seed: int = 3, wrap_ai: Path | None = None) -> dict[str, Any]:
    """The hint at the first decision of a game `wanted` picks. With `wrap_ai`, the AI is seated as the
    play session seats it, inside an AutosavingPlayer whose autosave adds its process id to that file."""
    ir = compiled_ir(ruleset)
    engine = new_engine(ir, {}, seed=seed)
    humans = ["us"] if ruleset.startswith("solo") else ["us", "ussr"]

    def autosave(decision: Decision, person: bool) -> None:
        assert wrap_ai is not None
        with wrap_ai.open("a") as out:  # which process saved (a search once forked its playouts)
            out.write(f"{os.getpid()}\n")

    session = SimpleNamespace(
        text=PlayText(ruleset, "en", ir), engine=engine, meta={"humans": humans}, autosave=autosave
    )
    people = {side: _HintAt(session, wanted) for side in humans}
    players: dict[str, Any] = dict(people)
    if len(humans) == 1:
        ai = RulesAIPlayer()
        ai.engine = engine
        players["ussr"] = AutosavingPlayer(session, ai) if wrap_ai is not None else ai  # type: ignore[arg-type]
    engine.players = players
    with pytest.raises(_Stop):
        engine.run()
    return next(p.found for p in people.values() if p.found)


def _searched(decision: Decision) -> bool:
    return decision.single and 2 <= len(decision.options) <= MAX_CANDIDATES


def _moves(found: dict[str, Any]) -> list[tuple[str, ...]]:
    return [m.groups() for line in found["lines"] if (m := MOVE.match(line))]


def test_hint_names_the_best_answers_with_numbers_and_changes_nothing(tmp_path: Path) -> None:
    saved = tmp_path / "autosave"
    found = _hint("solo-v2", lambda d: d.name == "action_card" and _searched(d), wrap_ai=saved)
    decision, lines = found["decision"], found["lines"]
    title = re.match(r"Hint from the search: ([\d,]+) playouts? in ([\d,]+) ms", lines[0])
    assert title, lines
    playouts, ms = int(title.group(1).replace(",", "")), int(title.group(2).replace(",", ""))
    assert playouts >= len(decision.options) and 0 < ms <= BUDGET_MS + 500
    moves = _moves(found)
    assert len(moves) == min(3, len(decision.options))
    text = _text("solo-v2")
    names = {text.option(c) for c in decision.options}
    assert {name for _, name, _, _ in moves} <= names  # the cards by name
    scores = [int(score) for _, _, score, _ in moves]
    assert scores == sorted(scores, reverse=True)  # best first
    assert sum(int(count.replace(",", "")) for *_, count in moves) <= playouts
    # Each score within its interval; one line of why, naming the best answer (or a tie with the next).
    for line in lines[1 : 1 + len(moves)]:
        score, low, high = map(int, INTERVAL.search(line).groups())  # type: ignore[union-attr]
        assert low <= score <= high
    why = [line for line in lines if line.startswith("Why ") or " are tied: " in line]
    assert len(why) == 1 and moves[0][1] in why[0], lines
    if ", tied with the best" in lines[2]:
        assert " are tied: " in why[0]
    # Nothing of the game moved: the state, the dice's state, the answers; the playouts, which play the
    # AI's moves, never ran the session's autosave.
    assert found["after"] == found["before"]
    assert set(saved.read_text().split()) == {str(os.getpid())}


def _text(ruleset: str) -> PlayText:
    ir = compiled_ir(ruleset)
    return PlayText(ruleset, "en", ir)


PLANS = re.compile(
    r"^Whole placements of the card's points left are rated here.*first point goes to (.+): give"
)


def test_a_point_of_influence_is_rated_by_whole_plans_whatever_the_countries_open() -> None:
    """At a point of influence among more countries than the hint weighs one by one, the hint rates whole
    placements of the card's points (as the search plays them): each shown as the influence it adds in
    each country, all of them open to the card; the first point of the best is named, and is open."""
    text = _text("solo-v2")
    found = _hint("solo-v2", lambda d: d.name == "influence_target" and len(d.options) > MAX_CANDIDATES)
    decision, lines = found["decision"], found["lines"]
    assert lines[0].startswith("Hint from the search:"), lines
    first = PLANS.match(lines[1])
    assert first, lines
    open_countries = {text.option(c): c for c in decision.options}
    assert first.group(1) in open_countries
    moves = _moves(found)
    assert len(moves) >= 2
    points_left = decision.context["points_left"]
    for _, plan, _, _ in moves:
        placed = [part.rsplit(" +", 1) for part in plan.split(", ")]
        assert all(name in open_countries for name, _ in placed), plan
        assert 1 <= sum(int(n) for _, n in placed) <= points_left
    assert moves[0][1].startswith(first.group(1) + " +")  # (the best's first point is the one named)
    assert found["after"] == found["before"]


def test_a_question_the_search_does_not_weigh_gets_the_heuristic_answer_or_none() -> None:
    # (the standard game names no regions a round: no plans, and a point among many countries gets the
    # heuristic's answer)
    text = _text("standard")
    many = _hint("standard", lambda d: d.name == "influence_target" and len(d.options) > MAX_CANDIDATES)
    (line,) = many["lines"]
    said = re.match(r"Hint: (.+) \(the quick heuristic's suggestion", line)
    assert said, line
    assert said.group(1) in {text.option(o) for o in many["decision"].options}
    assert many["after"] == many["before"]
    # A pick of several answers (the heuristic answers those at random): no hint, said so.
    several = _hint("solo-v2", lambda d: not d.single)
    assert [line.split(":")[0] for line in several["lines"]] == ["No hint for this question"]


def test_a_game_without_an_ai_gets_a_hint_with_the_other_side_played_by_the_heuristic() -> None:
    found = _hint("standard", _searched, seed=2)
    assert _moves(found)
    assert found["lines"][-1] == "In the playouts the other side is played by the quick heuristic."
    assert found["after"] == found["before"]
