"""A game in progress, whoever shows it: the engine made through the runtime's facade, the game's words,
its save's `play` block and the save itself, written as the game goes; the copies of the game `undo` goes
back to; and what a question is, said in words (its prompt, why an attack is not offered, the rules behind
it, why the AI made its last move).

The terminal's session (cli/play/session.py) is one of these with a screen and a keyboard; the browser
(cli/web/game.py), `twilight bench` and the hint ask theirs of it without either.
"""

from __future__ import annotations

import functools
from collections.abc import Callable
from pathlib import Path
from typing import Any

from twilight.cli.session import question
from twilight.cli.session.computer import ComputerOpponent, hidden_from
from twilight.cli.session.computer import why_lines as computer_why_lines
from twilight.cli.session.danger import LosingAnswers
from twilight.cli.session.homes import decision_homes
from twilight.cli.session.saves import write_atomic
from twilight.cli.session.text import PlayText
from twilight.cli.session.undo import Refusal
from twilight.cli.session.why_not import why_not_lines
from twilight.runtime.core.decisions import Decision
from twilight.runtime.core.sides import SIDES

# Events that end an action round: the first decision after one of them is autosaved.
ROUND_BOUNDARIES = {"action_round", "turn", "turn_end", "phase"}


def game_program(ir: dict[str, Any]) -> Any:
    """The rules' program, its expressions compiled to Python kept beside the IR cache (the next start
    loads them instead of compiling them again)."""
    from twilight.common.cachedir import cache_dir
    from twilight.runtime.game import build_program

    return build_program(ir, code_cache=cache_dir())


def new_game_engine(ir: dict[str, Any], seed: int, settings: dict[str, Any]) -> Any:
    """A new game of `ir` (no player seated yet), made through the runtime's facade."""
    from twilight.runtime.game import new_engine

    return new_engine(ir, seed=seed, settings=settings, program=game_program(ir))


class GameSession:
    """One game in progress: `engine`, its words `text`, its save's `play` block `meta` (humans, lang,
    policy, the answers taken for the player…) and the save at `save_path` (None: saved by its caller)."""

    def __init__(
        self, engine: Any, text: PlayText, meta: dict[str, Any], save_path: Path | None = None
    ) -> None:
        self.engine = engine
        self.text = text
        self.meta = meta
        self.save_path = save_path
        self.saved_answers = -1  # how many answers the save on disk holds
        self.checked_upto = 0  # trace events already looked at for the end of a round
        # Seats the players at a new engine (the command's): `undo` goes on from a copy of the game.
        self.seat_players: Callable[[Any], None] | None = None
        # A copy of the game at each question put to a person (replayed from the save or asked in this
        # session), by the number of answers given before it: `undo` goes back to one (`rebuild`).
        self.points: dict[int, Any] = {}
        # The people's sides (seated by the command): the questions copied for `undo`.
        self.people: set[str] = set()
        # Set by `rebuild`: the game goes on by asking its question again (Engine.resume(ASK_AGAIN)).
        self.ask_again = False
        self.losing = LosingAnswers()  # the answers of the question asked that lose the game at once
        self.computer: ComputerOpponent | None = None  # the person's opponent, when it is the computer

    @functools.cached_property
    def homes(self) -> dict[str, list[tuple[str, str, Any]]]:
        """Where each decision is declared, for `?`: a walk of the whole IR, done when first asked."""
        return decision_homes(self.engine.ir)

    # ------------------------------------------------------------------ saving
    def save(self, finished: bool = False) -> None:
        assert self.save_path is not None, "a session saved by its caller is not saved here"
        data = self.engine.save_data()
        data["play"] = {**self.meta, "finished": finished}
        write_atomic(self.save_path, data)
        self.saved_answers = len(self.engine.answers)

    def autosave(self, decision: Decision, person: bool) -> None:
        """Save before a person's decision, and at the first decision of anyone after a round ended."""
        events = self.engine.events
        ended = any(e["kind"] in ROUND_BOUNDARIES for e in events[self.checked_upto :])
        self.checked_upto = len(events)
        if self.saved_answers != len(self.engine.answers) and (person or ended):
            self.save()

    # ------------------------------------------------------------------ a question in words
    def prompt_text(self, decision: Decision) -> str:
        return question.prompt_text(self.text, decision)

    def losing_answers(self, decision: Decision) -> list[Any]:
        """The answers of the question that lose the game at once (a coup that sets off nuclear war)."""
        return self.losing.of(self.engine, decision)

    def losing_by_opponent(self, decision: Decision) -> list[Any]:
        """Of those, the answers that lose by the opponent's answer to them (cli/session/danger.py)."""
        return self.losing.left_to_the_opponent(self.engine, decision)

    def why_not(self, decision: Decision) -> list[str]:
        """Why the operations question leaves out a coup or a realignment (the rules' refusals)."""
        return why_not_lines(self.text, self.engine, decision)

    @property
    def ai_plays(self) -> bool:
        """Whether the AI plays a side (not a hot-seat game, both sides at the terminal)."""
        return len(self.meta.get("humans") or []) <= 1

    def why_lines(self) -> list[str]:
        """`why`: the AI's last move as `twilight explain trace` tells it, in a player's words."""
        # (imported when asked: a game starts without the trace explainer's modules)
        from twilight.cli.explain.trace import group_moves
        from twilight.cli.session.why import PlayerExplainer

        if not self.ai_plays:
            return [self.text.t("play-why-no-ai")]
        if self.computer is not None:
            # (what the person may see: never the computer's hand nor its face-down headline)
            person = next(iter(self.people), None)
            hidden = hidden_from(self.engine, person) if person is not None else set()
            return computer_why_lines(self.text, self.computer.choices, hidden)
        moves = group_moves(self.engine.events)
        if not moves:
            return [self.text.t("play-why-none")]
        explainer = PlayerExplainer(self.text.loc, self.engine.ir, self.engine.state.ruleset)
        return explainer.render(explainer.move(len(moves), moves[-1]))

    def events_this_turn(self) -> list[dict[str, Any]]:
        events: list[dict[str, Any]] = self.engine.events
        start = max((i for i, e in enumerate(events) if e["kind"] == "turn"), default=0)
        return events[start:]

    # ------------------------------------------------------------------ undo
    def forced_answers(self) -> list[int]:
        """The answers the session took for the player (a forced choice), by index (kept in the save)."""
        return [i for i in self.meta.get("forced") or [] if isinstance(i, int) and not isinstance(i, bool)]

    def refusal_text(self, refusal: Refusal) -> str:
        """Why `undo` takes nothing back, in words: what was rolled or shown is said by its own message."""
        t = self.text

        def named(args: dict[str, Any]) -> dict[str, Any]:
            out: dict[str, Any] = {}
            for key, value in args.items():
                if key == "what":
                    what_id, what_args = value
                    out["what"] = t.t(what_id, **named(what_args))
                elif key == "side" and value in SIDES:
                    out.update(t.side_args(value))
                elif key == "country" and value in t.countries:
                    out.update(t.country_args(value))
                elif key == "card" and value in t.cards:
                    out.update(t.card_args(value))
            return out

        return t.t(refusal.msg, **named(refusal.args))

    def remember(self, decision: Decision) -> None:
        """At each question put to a person (the engine's `at_decision`): a copy of the game there."""
        if decision.side in self.people:
            self.points[len(self.engine.answers)] = question.copy_at_question(self.engine, decision)

    def rebuild(self, keep: int) -> list[Any]:
        """The game as it was at the question answer `keep` answered: a copy of the copy made there (see
        `remember`), which goes on by asking it again (`ask_again`); nothing is replayed. The save is
        written again at it. The answers taken back, the player's first."""
        old = self.engine
        taken: list[Any] = old.answers[keep:]
        engine = self.points[keep].clone()
        engine.trace_to = old.trace_to
        assert self.seat_players is not None
        self.seat_players(engine)
        self.engine = engine
        self.points = {i: point for i, point in self.points.items() if i <= keep}
        self.ask_again = True
        self.checked_upto = len(engine.events)
        self.saved_answers = -1  # the save on disk holds the answers taken back: it is written again
        self.meta["forced"] = [i for i in self.forced_answers() if i < keep]
        return taken


class AutosavingPlayer:
    """Passes decisions to another player (the AI) and saves at the first of them after a round ends."""

    def __init__(self, session: GameSession, inner: Any) -> None:
        self.session = session
        self.inner = inner

    def decide(self, decision: Decision) -> Any:
        self.session.autosave(decision, person=False)
        return self.inner.decide(decision)
