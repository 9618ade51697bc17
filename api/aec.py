"""A ruleset as a PettingZoo AEC environment, over `twilight.api` (needs the extra `openspiel`, which
brings PettingZoo, Gymnasium and NumPy).

    from twilight.api.aec import TwilightEnv
    env = TwilightEnv("standard")
    env.reset(seed=1)
    for agent in env.agent_iter():
        observation, reward, terminated, truncated, info = env.last()
        mask = observation["action_mask"]
        env.step(None if terminated or truncated else env.action_space(agent).sample(mask))

Agents are the sides the game's players play ("us", "ussr"; in a ruleset with an AI, only the side the
AI does not play). The environment draws the chance events itself (its generator seeded by `reset`);
each agent observes `{"observation": the numbers of views.observation_tensor, "action_mask": 1 for each
legal action}`. The reward comes at the end: +1 won, -1 lost, 0 a draw."""

from __future__ import annotations

from collections.abc import Mapping
from typing import Any, ClassVar

import gymnasium
import numpy as np
from pettingzoo import AECEnv
from twilight.api.errors import GameError, whole_number
from twilight.api.game import Game
from twilight.api.state import State
from twilight.api.views import tensor_size

# Every number the observation holds lies within this (influence, tracks, VP, 0/1 flags).
OBSERVATION_BOUND = 1000.0


class TwilightEnv(AECEnv):  # type: ignore[misc]
    metadata: ClassVar[dict[str, Any]] = {
        "name": "twilight_v0",
        "is_parallelizable": False,
        "render_modes": ["ansi", "human"],
    }

    def __init__(
        self,
        ruleset: str = "solo-v2",
        settings: Mapping[str, Any] | None = None,
        lang: str = "en",
        render_mode: str | None = None,
    ) -> None:
        super().__init__()
        if render_mode is not None and render_mode not in self.metadata["render_modes"]:
            modes = ", ".join(self.metadata["render_modes"])
            raise ValueError(f"render_mode {render_mode!r}: None or one of {modes} is expected")
        self.game = Game(ruleset, settings, lang)
        self.render_mode = render_mode
        self.possible_agents = list(self.game.sides)
        actions = self.game.num_distinct_actions()
        size = tensor_size(self.game)
        space = gymnasium.spaces.Dict(
            {
                "observation": gymnasium.spaces.Box(
                    -OBSERVATION_BOUND, OBSERVATION_BOUND, (size,), np.float32
                ),
                "action_mask": gymnasium.spaces.Box(0, 1, (actions,), np.int8),
            }
        )
        self._observation_spaces = {agent: space for agent in self.possible_agents}
        self._action_spaces = {agent: gymnasium.spaces.Discrete(actions) for agent in self.possible_agents}
        self._initial = self.game.new_initial_state()
        self.state_now: State = self._initial.clone()
        self.np_random = np.random.default_rng()

    def observation_space(self, agent: str) -> gymnasium.spaces.Space[Any]:
        return self._observation_spaces[self._known(agent)]

    def action_space(self, agent: str) -> gymnasium.spaces.Space[Any]:
        return self._action_spaces[self._known(agent)]

    def _known(self, agent: str) -> str:
        if agent not in self.possible_agents:
            raise ValueError(
                f"no agent {agent!r} in this game: its agents are {', '.join(self.possible_agents)}"
            )
        return agent

    def _started(self) -> None:
        if not hasattr(self, "agent_selection"):
            raise RuntimeError("the environment has no game yet: call reset() first")

    # ------------------------------------------------------------------ the loop
    def reset(self, seed: int | None = None, options: dict[str, Any] | None = None) -> None:
        if seed is not None:
            self.np_random = np.random.default_rng(seed)
        self.state_now = self._initial.clone()
        self.agents = list(self.possible_agents)
        self.rewards = {agent: 0.0 for agent in self.agents}
        self._cumulative_rewards = {agent: 0.0 for agent in self.agents}
        self.terminations = {agent: False for agent in self.agents}
        self.truncations = {agent: False for agent in self.agents}
        self.infos: dict[str, dict[str, Any]] = {agent: {} for agent in self.agents}
        self._play_chance()
        self._select()

    def step(self, action: Any) -> None:
        self._started()
        agent = self.agent_selection
        if self.terminations[agent] or self.truncations[agent]:
            self._was_dead_step(action)
            return
        # (a whole number only: int() would take 33.9 or "33" for 33; an illegal one changes nothing)
        action = whole_number(action, "an action")
        before = self.state_now.clone()
        try:
            self.state_now.apply_action(action)
            self._play_chance()
        except GameError:  # (the rules failed on it, or on the chance after it: the step is not taken)
            self.state_now = before
            raise
        self._cumulative_rewards[agent] = 0.0
        self._clear_rewards()
        if self.state_now.is_terminal():
            returns = self.state_now.returns()
            for i, side in enumerate(self.possible_agents):
                self.rewards[side] = returns[i]
                self.terminations[side] = True
        self._select()
        self._accumulate_rewards()

    def _play_chance(self) -> None:
        state = self.state_now
        while state.is_chance_node():
            state.apply_action(int(self.np_random.integers(len(state.chance_outcomes()))))

    def _select(self) -> None:
        state = self.state_now
        if state.is_terminal():
            # (each agent is told the end in turn, and leaves by stepping with None)
            self.agent_selection = next(
                (a for a in self.agents if self.terminations[a]), self.possible_agents[0]
            )
        else:
            self.agent_selection = self.possible_agents[state.current_player()]

    def last(self, observe: bool = True) -> tuple[Any, float, bool, bool, dict[str, Any]]:
        self._started()
        return super().last(observe)  # type: ignore[no-any-return]

    def observe(self, agent: str) -> dict[str, Any]:
        player = self.possible_agents.index(self._known(agent))
        mask = np.zeros(self.game.num_distinct_actions(), np.int8)
        mask[self.state_now.legal_actions(player)] = 1
        return {
            "observation": np.asarray(self.state_now.observation_tensor(player), np.float32),
            "action_mask": mask,
        }

    def render(self) -> str | None:
        """The state in one line: given back ("ansi") or printed ("human")."""
        if self.render_mode == "ansi":
            return str(self.state_now)
        if self.render_mode == "human":
            print(self.state_now)
        return None

    def close(self) -> None:
        pass
