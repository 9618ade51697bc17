"""`hint` in `twilight play`: what the search policy (runtime/search.py) would answer to the question on
the screen, and why: its best answers (up to three) with their scores and playouts, within a second.

The search sees what the player sees: the cards the player cannot see are dealt anew in each playout, as
the search policy deals them, never the AI's real hand or the draw pile's order. Nothing of the game
changes: the playouts run on copies of the game made at the question (`Engine.clone`: no die of the real
game is rolled, no answer is taken, the save is not written). A question the search does not weigh (a
choice among more than `MAX_CANDIDATES` answers, a pick of several, an influence point among many
countries) gets the quick heuristic's answer where the heuristic weighs it, said as such, or a line
saying there is no hint.
"""

from __future__ import annotations

import time
from typing import Any

from twilight.runtime.decisions import Decision, GreedyPlayer

# The wall-clock time the playouts may take: with the start of the search and the lines printed, a hint
# answers within a second (`twilight bench` measures it: hint.wall_p99_ms).
BUDGET_MS = 750.0
SHOWN = 3  # the best answers shown
# The most answers the hint weighs: each gets a share of the budget, and below a few playouts each the
# scores say little. (A hand of cards is within it.)
MAX_CANDIDATES = 10


def hint_seed(engine: Any) -> int:
    """The same question of the same game gets the same dealings (the number of playouts may differ)."""
    return int(engine.seed) * 1_000_003 + len(engine.answers)


def opponents_of(engine: Any, side: str) -> dict[str, Any]:
    """The other sides' players in the playouts: the AI itself (without the session's autosave around
    it), or, for anyone else (a person at the same terminal, a policy watched), the greedy heuristic."""
    from twilight.cli.play.session import AutosavingPlayer
    from twilight.runtime.solo_ai import RulesAIPlayer

    out: dict[str, Any] = {}
    for other, player in engine.players.items():
        if other == side:
            continue
        seated = player.inner if isinstance(player, AutosavingPlayer) else player
        if isinstance(seated, RulesAIPlayer):
            out[other] = seated
        else:
            greedy = GreedyPlayer(hint_seed(engine) + len(out) + 1)
            greedy.engine = engine
            out[other] = greedy
    return out


def hint_lines(session: Any, decision: Decision) -> list[str]:
    """The hint's lines, in the player's language. The search plays its playouts on copies of the game made
    at this decision (`Engine.clone`): the game itself is not changed."""
    from twilight.runtime.search import SearchPlayer

    started = time.perf_counter()  # (the budget counts from here: the words looked up count too)
    t, engine = session.text, session.engine
    search = SearchPlayer(hint_seed(engine), max_candidates=MAX_CANDIDATES)
    search.engine = engine
    search.opponents = opponents_of(engine, decision.side)
    try:
        advice = search.advise(decision, BUDGET_MS - (time.perf_counter() - started) * 1000)
    except KeyboardInterrupt:  # Ctrl-C during the hint stops the hint, not the game
        return [t.t("play-advice-stopped")]
    if advice is None:
        return heuristic_lines(session, decision)
    lines = [
        t.t(
            "play-advice-title",
            playouts=advice.playouts,
            ms=round(advice.seconds * 1000),
            horizon=search.horizon,
        )
    ]
    for rank, (option, value, count) in enumerate(advice.ranked[:SHOWN], start=1):
        lines.append(
            t.t("play-advice-move", rank=rank, answer=t.option(option), score=round(value * 100), count=count)
        )
    lines.append(t.t("play-advice-scale"))
    if len(session.meta.get("humans") or []) > 1:
        lines.append(t.t("play-advice-greedy-opponent"))
    return lines


def heuristic_lines(session: Any, decision: Decision) -> list[str]:
    """The quick heuristic's answer, where it weighs the question; else a line saying there is none."""
    t = session.text
    greedy = GreedyPlayer(hint_seed(session.engine))
    greedy.engine = session.engine
    if not greedy.weighs(decision):
        return [t.t("play-advice-none", max=MAX_CANDIDATES)]
    # (the heuristic tries a point in each country on the real board and takes it back at once)
    answer = greedy.decide(decision)
    return [t.t("play-advice-heuristic", answer=t.option(answer), max=MAX_CANDIDATES)]
