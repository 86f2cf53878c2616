"""PettingZoo's AEC API over any game: one agent per seat, chance resolved inside.

Agents are `player_0`, `player_1`, ... (seat numbers). The agent selected is the seat that decides
now, which is not always the turn holder (an income choice, a bid, a vote). Each observation is
`{"observation": float32 vector of the seat's view, "action_mask": int8 mask over the game's fixed
action space}`, the vector bounded as the encoder declares (`magnates.envs.spaces`). Rewards are
zero until the end, then the game's `returns()`. Every agent is terminated together when the game
ends; nothing truncates (every game ends by its rules). Each agent's `info` holds `to_play` (the
seat that decides now, -1 once the game is over) and `legal_actions` (its legal ids: empty for an
agent that does not decide now).

An action of the action space that the rules do not allow now ends the game (`illegal_action=
"lose"`, the default, as PettingZoo's TerminateIllegalWrapper does): the actor's reward is -1,
every other agent's 0, and the actor's `info["illegal_action"]` says why; with
`illegal_action="raise"` it raises `IllegalAction` and changes nothing (`magnates.envs.illegal`).
"""

from __future__ import annotations

from typing import Any

import numpy as np
from gymnasium import spaces
from pettingzoo import AECEnv

from magnates.core.errors import IllegalAction, OptionError
from magnates.core.game import TERMINAL
from magnates.envs.driver import Driver, load_for_env
from magnates.envs.illegal import ILLEGAL_PENALTY, checked_mode
from magnates.envs.render import RENDER_MODES, render_rgb, render_text
from magnates.envs.spaces import observation_box


def observation_space(driver: Driver) -> spaces.Dict:
    """The space of one agent's observation dict (the same for every seat)."""
    return spaces.Dict(
        {
            "observation": observation_box(driver.encoder),
            "action_mask": spaces.Box(0, 1, shape=(driver.num_actions,), dtype=np.int8),
        }
    )


class MagnatesAECEnv(AECEnv):  # type: ignore[misc]
    """A game of `magnates` as a PettingZoo AEC environment (build it with `aec_env`)."""

    metadata: dict[str, Any] = {  # noqa: RUF012  (PettingZoo reads and replaces it per instance)
        "render_modes": list(RENDER_MODES),
        "name": "magnates",
        "is_parallelizable": False,
    }

    def __init__(
        self,
        game_name: str,
        *,
        concessions: bool = False,
        illegal_action: str = "lose",
        render_mode: str | None = None,
        **options: Any,
    ) -> None:
        super().__init__()
        if render_mode is not None and render_mode not in RENDER_MODES:
            raise OptionError(f"render_mode must be one of {', '.join(RENDER_MODES)} or None, not {render_mode!r}")
        self.illegal_action = checked_mode(illegal_action)
        self.game = load_for_env(game_name, **options)
        self.driver = Driver(self.game, concessions=concessions)
        self.render_mode = render_mode
        self.metadata = {**self.metadata, "name": f"magnates_{game_name.replace('-', '_')}"}
        self.possible_agents = [f"player_{seat}" for seat in range(self.game.num_players)]
        self.agent_name_mapping = {name: seat for seat, name in enumerate(self.possible_agents)}
        space = observation_space(self.driver)
        self.observation_spaces = {agent: space for agent in self.possible_agents}
        action = spaces.Discrete(self.driver.num_actions)
        self.action_spaces = {agent: action for agent in self.possible_agents}
        self.agents: list[str] = []
        self.rewards: dict[str, float] = {}
        self._cumulative_rewards: dict[str, float] = {}
        self.terminations: dict[str, bool] = {}
        self.truncations: dict[str, bool] = {}
        self.infos: dict[str, dict[str, Any]] = {}
        self.agent_selection = self.possible_agents[0]
        self._stopped = False
        """True once an illegal action has ended the game (the engine's state is not terminal then)."""

    def observation_space(self, agent: str) -> spaces.Space:
        return self.observation_spaces[agent]

    def action_space(self, agent: str) -> spaces.Space:
        return self.action_spaces[agent]

    # -- the episode -------------------------------------------------------------------------------
    def reset(self, seed: int | None = None, options: dict[str, Any] | None = None) -> None:
        self.driver.reset(seed)
        self._stopped = False
        self.agents = list(self.possible_agents)
        self.rewards = dict.fromkeys(self.agents, 0.0)
        self._cumulative_rewards = dict.fromkeys(self.agents, 0.0)
        self.terminations = dict.fromkeys(self.agents, False)
        self.truncations = dict.fromkeys(self.agents, False)
        self.infos = {agent: {} for agent in self.agents}
        self._after_move()

    def observe(self, agent: str) -> dict[str, np.ndarray]:
        seat = self.agent_name_mapping[agent]
        driver = self.driver
        mask = driver.mask(seat) if not self._stopped else np.zeros(driver.num_actions, dtype=np.int8)
        return {"observation": driver.observation(seat), "action_mask": mask}

    def step(self, action: Any) -> None:
        agent = self.agent_selection
        if self.terminations.get(agent) or self.truncations.get(agent):
            self._was_dead_step(action)
            return
        driver = self.driver
        legal = driver.legal()
        if type(action) is int and action in legal:  # the common case: a legal Python int
            driver.play_legal(action)
        else:
            if self.illegal_action == "lose" and driver.action_id(action) not in legal:
                try:
                    driver.check(action)
                except IllegalAction as err:
                    self._end_by_illegal_action(agent, str(err))
                    return
            driver.play(action)  # in "raise" mode an illegal action raises IllegalAction here, before any change
        self._after_move()
        if self.render_mode == "human":
            self.render()

    def _after_move(self) -> None:
        """Select the deciding seat, or end the game for everyone with its returns.

        Before the end every reward is zero: `reset` zeroes them and nothing else changes them, so a
        move in the middle of a game only selects the next agent (no per-agent bookkeeping).
        """
        driver = self.driver
        seat = driver.current_player()
        if seat == TERMINAL:
            for agent, value in zip(self.possible_agents, driver.returns(), strict=True):
                self.rewards[agent] = float(value)
                self.terminations[agent] = True
            self.agent_selection = self.agents[0]
            self._accumulate_rewards()
            self._set_infos(-1)
        else:
            self.agent_selection = self.possible_agents[seat]
            self._set_infos(seat)

    def _set_infos(self, seat: int) -> None:
        """Every agent's `to_play` and `legal_actions` (the deciding agent's ids, others' empty)."""
        infos = self.infos
        for agent in self.possible_agents:
            infos[agent] = {"to_play": seat, "legal_actions": []}
        if seat >= 0:
            infos[self.possible_agents[seat]]["legal_actions"] = sorted(self.driver.legal())

    def _end_by_illegal_action(self, agent: str, message: str) -> None:
        """End the game now: the actor loses `ILLEGAL_PENALTY`, the others get 0 (the engine's state
        is left as it was before the action)."""
        self.rewards = dict.fromkeys(self.agents, 0.0)
        self.rewards[agent] = ILLEGAL_PENALTY
        self.terminations = dict.fromkeys(self.agents, True)
        self._set_infos(-1)
        self.infos[agent]["illegal_action"] = message
        self._accumulate_rewards()
        self.agent_selection = self.agents[0]
        self._stopped = True

    # -- people ---------------------------------------------------------------------------------
    def render(self) -> str | np.ndarray | None:
        if self.render_mode is None:
            return None
        text = render_text(self.game, self.driver.state.view(None))
        if self.render_mode == "human":
            print(text)
            return None
        if self.render_mode == "rgb_array":
            return render_rgb(text)
        return text

    def close(self) -> None:
        """Nothing to release: the game lives in memory."""

    def __str__(self) -> str:
        return str(self.metadata["name"])


def aec_env(
    game: str,
    *,
    concessions: bool = False,
    illegal_action: str = "lose",
    render_mode: str | None = None,
    **options: Any,
) -> MagnatesAECEnv:
    """A PettingZoo AEC env of `game` with its options, e.g. `aec_env("magnate", players=2)`.

    `concessions=False` (the default) masks resigning unless it is the only legal action, so random
    play and early training see whole games; the rules themselves keep it. `illegal_action` is
    "lose" (the default: an illegal action ends the game with -1 for its actor) or "raise".
    """
    return MagnatesAECEnv(
        game, concessions=concessions, illegal_action=illegal_action, render_mode=render_mode, **options
    )
