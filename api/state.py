"""A state of a game, OpenSpiel's way: a decision, a chance event or the end; stepped by one action.

How it is kept: the engine stopped at the last decision answered (`_base`: none at the start), the answer
given to it, and the chance outcomes given since. Stepping past a decision copies that engine
(`Engine.clone`: the state, and the place in the rules' procedures) and plays on with the answer until
the next decision of a player (the engine stops there: `Suspended`), the end, or a die, shuffle or pick,
which the engine's `ChanceDice` are not given yet (`ChanceNeeded`): that is a chance node, and once its
outcome is chosen the stretch is played again from the decision, with the outcomes so far. A shuffle's
steps are all known as soon as its first is wanted: they follow as chance nodes with nothing played
between. No state is ever changed once a later one is made from it, so a copy (`clone`) shares the
engines and copies only the lists."""

from __future__ import annotations

import json
from dataclasses import replace
from typing import TYPE_CHECKING, Any

from twilight.api.errors import SERIAL_FORMAT, GameError, whole_number
from twilight.api.vocabulary import DONE, VocabularyError
from twilight.common.input_bounds import ECHO_CHARS, clip
from twilight.runtime.core.decisions import Decision
from twilight.runtime.core.dice import ChanceDice, ChanceNeeded
from twilight.runtime.core.engine import Engine
from twilight.runtime.core.resumable import Suspended
from twilight.runtime.core.state import SIDES
from twilight.runtime.game import new_engine
from twilight.runtime.solo.ai import RulesAIPlayer

if TYPE_CHECKING:
    from twilight.api.game import Game

CHANCE = -1  # OpenSpiel's player numbers for chance and for the end of the game
TERMINAL = -4
_NO_ANSWER = object()


class State:
    __slots__ = (
        "_answer",
        "_asked",
        "_base",
        "_chance",
        "_chance_kind",
        "_decision",
        "_handed",
        "_history",
        "_now",
        "_outcomes",
        "_picks",
        "game",
    )

    def __init__(self, game: Game, _empty: bool = False) -> None:
        self.game = game
        self._handed: Decision | None = None  # (the copy of the question `decision` hands out)
        if _empty:
            return
        self._base: Engine | None = None
        self._answer: Any = _NO_ANSWER
        self._outcomes: list[int] = []
        self._history: list[int] = []
        # Each decision put to a player so far, for what that player remembers of it: (its answer's
        # number in the game, side, question, options). A tuple, shared by copies.
        self._asked: tuple[tuple[int, str, str, tuple[Any, ...]], ...] = ()
        self._picks: list[Any] = []
        self._run()

    # ------------------------------------------------------------------ playing a stretch
    def _run(self) -> None:
        """Play from the last decision answered (or the start) with the outcomes given so far, to the
        next decision, chance event or the end."""
        game = self.game
        players: dict[str, Any] = {}
        ai = None
        if game.ai_side is not None:
            ai = players[game.ai_side] = RulesAIPlayer()
        base = self._base
        if base is None:
            engine = new_engine(game.ir, players, settings=game.settings, program=game.program)
        else:
            engine = base.clone(players)
        engine.dice = ChanceDice(self._outcomes)
        if ai is not None:
            ai.engine = engine
        self._now = engine
        self._decision: Decision | None = None
        self._handed = None
        self._chance: list[int] = []
        self._chance_kind = ""
        try:
            if base is None:
                engine.run()
            else:
                engine.resume(self._answer)
        except Suspended:
            decision = engine.pending()
            assert decision is not None
            self._decision = decision
            self._asked = (
                *self._asked,
                (len(engine.answers), decision.side, decision.name, tuple(decision.options)),
            )
        except ChanceNeeded as need:
            self._chance, self._chance_kind = list(need.outcomes), need.kind
        except Exception as err:  # an error in the rules: the game cannot go on
            raise GameError(f"the rules stopped the game: {type(err).__name__}: {err}") from err

    # ------------------------------------------------------------------ who is to act
    def current_player(self) -> int:
        if self._chance:
            return CHANCE
        if self._decision is None:
            return TERMINAL
        return self.game.player_of(self._decision.side)

    def is_chance_node(self) -> bool:
        return bool(self._chance)

    def is_terminal(self) -> bool:
        return not self._chance and self._decision is None

    def decision(self) -> Decision | None:
        """The question the current player is answering (None at a chance node or the end): a copy of
        the engine's, which every copy of the state shares (one per state, the same at each call)."""
        decision = self._decision
        if decision is None:
            return None
        if self._handed is None:
            self._handed = replace(decision, options=list(decision.options), context=dict(decision.context))
        return self._handed

    def picks(self) -> list[Any]:
        """The answers picked so far of a question that takes several (each was one action)."""
        return list(self._picks)

    @property
    def engine(self) -> Engine:
        """The game as it stands (at a chance node: as it stood when chance was wanted). Read it; never
        change it (states share their engines)."""
        return self._now

    # ------------------------------------------------------------------ actions
    def legal_actions(self, player: int | None = None) -> list[int]:
        """The actions open now, ascending (for `player`: none unless it is to act)."""
        if player is not None and whole_number(player, "a player") != self.current_player():
            return []
        if self._chance:
            return list(range(self._chance[0]))
        decision = self._decision
        if decision is None:
            return []
        number = self.game.vocabulary.action
        if decision.single:
            return sorted({number(o) for o in decision.options})
        picks = self._picks
        actions = set()
        if len(picks) < decision.max_count:
            for option in decision.options:
                if not (decision.distinct and option in picks):
                    actions.add(number(option))
        if len(picks) >= decision.min_count:
            actions.add(DONE)
        return sorted(actions)

    def _legal(self, action: int) -> bool:
        """`action in legal_actions()`, without making the list (asked at every action taken)."""
        if self._chance:
            return 0 <= action < self._chance[0]
        decision = self._decision
        if decision is None or not 0 <= action < len(self.game.vocabulary):
            return False
        picks = self._picks
        if action == DONE:
            return not decision.single and len(picks) >= decision.min_count
        answer = self.game.vocabulary.answer(action)
        if answer not in decision.options:
            return False
        return decision.single or (
            len(picks) < decision.max_count and not (decision.distinct and answer in picks)
        )

    def chance_outcomes(self) -> list[tuple[int, float]]:
        """At a chance node, each outcome with its probability (all are as likely)."""
        if not self._chance:
            return []
        count = self._chance[0]
        return [(i, 1.0 / count) for i in range(count)]

    def apply_action(self, action: int) -> None:
        """Take the action: a chance outcome, a pick, DONE or an answer. An action that is not legal
        here raises ValueError and changes nothing (any integer type is taken: NumPy's too); one the
        rules then fail on (a defect of the ruleset) raises GameError and changes nothing either."""
        action = whole_number(action, "an action")
        if self.is_terminal():
            raise ValueError(f"action {action}: the game is over, no action is legal")
        if not self._legal(action):
            legal = self.legal_actions()
            shown = ", ".join(map(str, legal[:20])) + (", …" if len(legal) > 20 else "")
            raise ValueError(f"action {action} is not legal here (legal: {shown})")
        kept = self.clone()  # (an error of the rules while playing on leaves the state as it was)
        try:
            self._take(action)
        except GameError:
            self._become(kept)
            raise

    def _take(self, action: int) -> None:
        self._history.append(action)
        if self._chance:
            self._outcomes.append(action)
            del self._chance[0]
            if not self._chance:  # (the rest of a shuffle needs nothing played between)
                self._run()
            return
        decision = self._decision
        assert decision is not None
        if decision.single:
            self._answer_with(self.game.vocabulary.answer(action))
            return
        if action != DONE:
            self._picks.append(self.game.vocabulary.answer(action))
            if len(self._picks) < decision.max_count:
                return
        picks, self._picks = self._picks, []
        self._answer_with(picks)

    def _answer_with(self, answer: Any) -> None:
        self._base, self._answer, self._outcomes = self._now, answer, []
        self._run()

    def apply_answer(self, answer: Any) -> None:
        """Answer the question with a plain value (a country, a card, a word; a list for several picks),
        as a sequence of actions. An answer the question does not take raises ValueError saying why and
        changes nothing (its actions are taken on a copy first)."""
        trial = self.clone()
        for action in self._actions_of(answer):
            trial.apply_action(action)
        self._become(trial)

    def _become(self, other: State) -> None:
        for name in State.__slots__:
            setattr(self, name, getattr(other, name))

    def _actions_of(self, answer: Any) -> list[int]:
        """The actions that answer the question with `answer`, or a ValueError saying why there are
        none: each pick must be offered (once, where picks are distinct), their number within the
        question's, and the whole answer is for this question alone (never runs on into the next)."""
        decision = self._decision
        if decision is None:
            raise ValueError(
                "no question is being asked: " + ("a chance node" if self._chance else "the game is over")
            )
        if decision.single:
            return [self._action_of(answer, decision)]
        if isinstance(answer, (str, bytes)) or not isinstance(answer, (list, tuple)):
            raise ValueError(
                f"the question {decision.name!r} takes a list of picks, not {clip(repr(answer), ECHO_CHARS)}"
            )
        made = len(self._picks)
        low, high = max(0, decision.min_count - made), decision.max_count - made
        if not low <= len(answer) <= high:
            wanted = f"{low}" if low == high else f"{low} to {high}"
            raise ValueError(f"the question {decision.name!r} takes {wanted} more picks, not {len(answer)}")
        chosen = [*self._picks]
        actions = []
        for pick in answer:
            action = self._action_of(pick, decision)
            if decision.distinct and pick in chosen:
                raise ValueError(
                    f"{clip(repr(pick), ECHO_CHARS)} is picked twice: the question takes each once"
                )
            chosen.append(pick)
            actions.append(action)
        if len(chosen) < decision.max_count:  # (at its most, the question is answered by itself)
            actions.append(DONE)
        return actions

    def _action_of(self, answer: Any, decision: Decision) -> int:
        try:
            action = self.game.vocabulary.action(answer)
        except VocabularyError:
            action = None
        if action is None or answer not in decision.options:
            raise ValueError(
                f"{clip(repr(answer), ECHO_CHARS)} is not an answer the question {decision.name!r} offers"
            )
        return action

    def history(self) -> list[int]:
        return list(self._history)

    # ------------------------------------------------------------------ the end
    def returns(self) -> list[float]:
        """+1 for a player whose side won, -1 for one whose side lost, 0 for a draw or a game going on."""
        state = self._now.state
        if not self.is_terminal() or state.winner not in SIDES:
            return [0.0] * self.game.num_players()
        return [1.0 if side == state.winner else -1.0 for side in self.game.sides]

    def rewards(self) -> list[float]:
        """What the last action earned each player: the returns, once, at the end."""
        return self.returns()

    # ------------------------------------------------------------------ copies
    def clone(self) -> State:
        """A copy that goes on by itself: the engines are shared (never changed once made), the lists
        copied."""
        twin = State(self.game, _empty=True)
        twin._base, twin._answer, twin._now = self._base, self._answer, self._now
        twin._outcomes = list(self._outcomes)
        twin._history = list(self._history)
        twin._asked = self._asked
        twin._picks = list(self._picks)
        twin._decision = self._decision
        twin._chance = list(self._chance)
        twin._chance_kind = self._chance_kind
        return twin

    def __copy__(self) -> State:
        return self.clone()

    def __deepcopy__(self, memo: dict[int, Any]) -> State:
        return self.clone()

    def __reduce__(self) -> tuple[Any, ...]:
        # (pickled as its game's parameters and its actions: a compiled ruleset does not pickle)
        game = self.game
        return (type(game).restore_state, (game.ruleset, game.settings, game.lang, self.serialize()))

    def serialize(self) -> str:
        """The state as text: its game and the actions that reach it (`Game.deserialize_state` reads it)."""
        return json.dumps(
            {
                "format": SERIAL_FORMAT,
                "ruleset": self.game.ir["ruleset"]["name"],
                "settings": self.game.settings,
                "actions": self._history,
            },
            separators=(",", ":"),
        )

    # ------------------------------------------------------------------ as text
    def action_to_string(self, player: int, action: int, lang: str | None = None) -> str:
        """An action in the game's language (or `lang`): an answer by its name, a chance outcome by what
        it does. An action no player of this game could take is a ValueError."""
        text = self.game.text(lang)
        player = whole_number(player, "a player")
        action = whole_number(action, "an action")
        if player == CHANCE:
            places = self._chance[0] if self._chance else None
            if action < 0 or (places is not None and action >= places):
                outcomes = "none below 0" if places is None else f"0 to {places - 1}"
                raise ValueError(f"chance outcome {action}: a chance node has outcomes {outcomes}")
            kind = self._chance_kind if self._chance else ""
            if kind == "die":
                return text.t("api-chance-die", value=action + 1)
            places = places if places is not None else action + 1
            if kind == "shuffle":
                return text.t("api-chance-shuffle", place=action + 1, places=places)
            if kind == "pick":
                return text.t("api-chance-pick", place=action + 1, places=places)
            return text.t("api-chance-outcome", value=action)
        if not 0 <= player < self.game.num_players():
            raise ValueError(f"player {player}: this game has players 0 to {self.game.num_players() - 1}")
        if not 0 <= action < len(self.game.vocabulary):
            raise ValueError(f"action {action}: this game's actions are 0 to {len(self.game.vocabulary) - 1}")
        if action == DONE:
            return text.t("api-action-done")
        answer = self.game.vocabulary.answer(action)
        if answer in SIDES:  # (PlayText.option names countries, cards, regions and words, not sides)
            return text.side(answer)
        return text.option(answer)

    def observation_string(self, player: int) -> str:
        from twilight.api.views import observation

        return observation(self, player)

    def information_state_string(self, player: int) -> str:
        from twilight.api.views import information_state

        return information_state(self, player)

    def observation_tensor(self, player: int) -> list[float]:
        from twilight.api.views import observation_tensor

        return observation_tensor(self, player)

    def __str__(self) -> str:
        from twilight.api.views import summary

        return summary(self)

    def __repr__(self) -> str:
        return f"<State {self}>"
