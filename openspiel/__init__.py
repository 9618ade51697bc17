"""A ruleset as an OpenSpiel game: `import twilight.openspiel` registers the game `twilight`.

    import pyspiel
    import twilight.openspiel  # noqa: F401 (registers the game)
    game = pyspiel.load_game("twilight", {"ruleset": "solo-v2"})

Parameters: `ruleset` (a name or a folder; default solo-v2), `settings` (the ruleset's settings as
`NAME:VALUE` pairs separated by semicolons, the values as `twilight play --set` takes them:
"level:hard;ai_side:us"; OpenSpiel's game strings keep `=` and `,` for themselves) and `lang` (of
`action_to_string`: en or ru). Chance (dice, shuffles, random picks) is explicit: each is a
chance node. In a ruleset with an AI the AI is part of the game, which then has one player; the
standard game has two (0 the US, 1 the USSR). The state is `twilight.api.State`'s, which this wraps.
Needs the optional extra `openspiel` (pip install 'twilight[openspiel]')."""

from __future__ import annotations

import re
from typing import Any

import numpy as np
import pyspiel
from twilight.api import Game, State
from twilight.api.views import observation_tensor, tensor_size
from twilight.common.input_bounds import ECHO_CHARS, clip

SHORT_NAME = "twilight"
# An upper bound on a game's actions for OpenSpiel (its algorithms size buffers by it): the longest
# games played through the API take about 2,000 (decisions, picks and chance steps together).
MAX_GAME_LENGTH = 20_000
DEFAULT_PARAMETERS = {"ruleset": "solo-v2", "settings": "", "lang": "en"}
_INT = re.compile(r"-?[0-9]{1,18}")  # (a player or an action: OpenSpiel's 64-bit numbers)


def _settings(text: str) -> dict[str, str]:
    """`level:hard;ai_side:us` (OpenSpiel's game strings keep `=` and `,` for its own parameters)."""
    pairs = [p.strip() for p in text.split(";") if p.strip()]
    out: dict[str, str] = {}
    for pair in pairs:
        name, sep, value = pair.partition(":")
        name = name.strip()
        if not sep or not name:
            shown = clip(repr(pair), ECHO_CHARS)
            raise ValueError(f"settings: {shown} is not NAME:VALUE (pairs separated by ';')")
        if name in out:  # (the last would win without a word)
            raise ValueError(f"settings: {clip(repr(name), ECHO_CHARS)} is given twice")
        out[name] = value.strip()
    return out


def _history(text: str) -> list[tuple[int, int]]:
    """The (player, action) pairs of OpenSpiel's text of a state (`history=P:A,P:A…`, then
    `move_number=N` and `__dict__=…`), with its move number checked against them; ValueError for text
    of any other shape."""
    if not isinstance(text, str):
        raise ValueError(f"a state's text is wanted, not {type(text).__name__}")
    lines = text.split("\n", 2)
    if len(lines) < 2 or not lines[0].startswith("history=") or not lines[1].startswith("move_number="):
        raise ValueError("not the text of an OpenSpiel state (history=…, move_number=…)")
    pairs = []
    for item in filter(None, lines[0].removeprefix("history=").split(",")):
        player, sep, action = item.partition(":")
        if not sep or not _INT.fullmatch(player) or not _INT.fullmatch(action):
            raise ValueError(f"history: {item[:40]!r} is not PLAYER:ACTION")
        pairs.append((int(player), int(action)))
    moves = lines[1].removeprefix("move_number=")
    if not _INT.fullmatch(moves) or int(moves) != len(pairs):
        raise ValueError(f"move_number={moves[:20]}: the history holds {len(pairs)} moves")
    return pairs


def _game_type(players: int) -> pyspiel.GameType:
    return pyspiel.GameType(
        short_name=SHORT_NAME,
        long_name="Twilight Struggle (twilight rules interpreter)",
        dynamics=pyspiel.GameType.Dynamics.SEQUENTIAL,
        chance_mode=pyspiel.GameType.ChanceMode.EXPLICIT_STOCHASTIC,
        information=pyspiel.GameType.Information.IMPERFECT_INFORMATION,
        utility=pyspiel.GameType.Utility.ZERO_SUM if players == 2 else pyspiel.GameType.Utility.GENERAL_SUM,
        reward_model=pyspiel.GameType.RewardModel.TERMINAL,
        max_num_players=2,
        min_num_players=1,
        provides_information_state_string=True,
        provides_information_state_tensor=False,
        provides_observation_string=True,
        provides_observation_tensor=True,
        parameter_specification=DEFAULT_PARAMETERS,
    )


class TwilightGame(pyspiel.Game):  # type: ignore[misc]
    def __init__(self, params: dict[str, Any] | None = None) -> None:
        params = {**DEFAULT_PARAMETERS, **(params or {})}
        self.game = Game(str(params["ruleset"]), _settings(str(params["settings"])), str(params["lang"]))
        players = self.game.num_players()
        info = pyspiel.GameInfo(
            num_distinct_actions=self.game.num_distinct_actions(),
            max_chance_outcomes=self.game.max_chance_outcomes(),
            num_players=players,
            min_utility=-1.0,
            max_utility=1.0,
            utility_sum=0.0 if players == 2 else None,
            max_game_length=MAX_GAME_LENGTH,
        )
        super().__init__(_game_type(players), info, params)
        self.initial = self.game.new_initial_state()

    def new_initial_state(self) -> TwilightState:
        # (OpenSpiel clones a Python state by making a new initial state and deep-copying the attributes
        # over it: the start is played once, each new one a copy of it)
        return TwilightState(self, self.initial.clone())

    def deserialize_state(self, text: str) -> TwilightState:
        """A state from the text `state.serialize()` wrote, by its history alone: each action played
        again on a new initial state, each checked legal for the player the history names (ValueError
        for one that is not, or for text of another shape). OpenSpiel's own reader would also unpickle
        the text's `__dict__=` part, and a pickle may run any code it names: a state's actions say all
        there is, so text from anywhere is read without it. (`pyspiel.deserialize_game_and_state` still
        goes through OpenSpiel's reader: give it only text you trust.)"""
        state = self.new_initial_state()
        for move, (player, action) in enumerate(_history(text), 1):
            if player != state.current_player():
                raise ValueError(
                    f"move {move}: player {player} plays it, but player {state.current_player()} is to act"
                )
            state.apply_action(action)
        return state

    def __reduce__(self) -> tuple[Any, ...]:
        # (a game pickles as its parameters, its ruleset folder by its whole path: the compiled ruleset
        # is read again where it is unpickled)
        return (TwilightGame, ({**self.get_parameters(), "ruleset": self.game.ruleset},))

    def make_py_observer(self, iig_obs_type: Any = None, params: Any = None) -> TwilightObserver:
        """The observer of one player's view: the public information and that player's own, with perfect
        recall (the information state) or without (the observation). Any other kind is a ValueError:
        a public-only observer would need a view without the player's hand and answers, which the game
        does not make, and one given the player's view instead would pass private cards off as public."""
        if params:
            raise ValueError(f"observer parameters are not supported (given {params!r})")
        if iig_obs_type is not None and (
            not iig_obs_type.public_info or iig_obs_type.private_info != pyspiel.PrivateInfoType.SINGLE_PLAYER
        ):
            raise ValueError(
                "this game provides the observation of one player (public information and that player's "
                f"private information), not public_info={iig_obs_type.public_info}, "
                f"private_info={iig_obs_type.private_info.name}"
            )
        perfect_recall = bool(iig_obs_type is not None and iig_obs_type.perfect_recall)
        return TwilightObserver(self.game, perfect_recall)


class TwilightState(pyspiel.State):  # type: ignore[misc]
    """OpenSpiel's state over `twilight.api.State` (`inner`). OpenSpiel copies it by deep-copying
    `inner` (`State.__deepcopy__`: a clone) and serializes it by pickling `inner` (`State.__reduce__`:
    its game and actions)."""

    def __init__(self, game: TwilightGame, inner: State) -> None:
        super().__init__(game)
        self.inner = inner

    def current_player(self) -> int:
        return self.inner.current_player()

    def _legal_actions(self, player: int) -> list[int]:
        return self.inner.legal_actions(player)

    def chance_outcomes(self) -> list[tuple[int, float]]:
        return self.inner.chance_outcomes()

    def _apply_action(self, action: int) -> None:
        self.inner.apply_action(action)

    def _action_to_string(self, player: int, action: int) -> str:
        return self.inner.action_to_string(player, action)

    def is_terminal(self) -> bool:
        return self.inner.is_terminal()

    def returns(self) -> list[float]:
        return self.inner.returns()

    def __str__(self) -> str:
        return str(self.inner)


class TwilightObserver:
    """OpenSpiel's observer: the information state (perfect recall) or the observation, as text
    (`twilight.api.views`), and the observation as numbers."""

    def __init__(self, game: Game, perfect_recall: bool) -> None:
        self.perfect_recall = perfect_recall
        size = 0 if perfect_recall else tensor_size(game)
        self.tensor = np.zeros(size, np.float32)
        self.dict = {"observation": self.tensor} if size else {}

    def set_from(self, state: TwilightState, player: int) -> None:
        if not self.perfect_recall:
            self.tensor[:] = observation_tensor(state.inner, player)

    def string_from(self, state: TwilightState, player: int) -> str:
        if self.perfect_recall:
            return state.inner.information_state_string(player)
        return state.inner.observation_string(player)


pyspiel.register_game(_game_type(2), TwilightGame)
