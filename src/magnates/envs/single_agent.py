"""Gymnasium's single-agent API: one seat learns, bots play every other seat.

The opponents are bots of the platform chosen by name (`random`, `random-no-concede`, `greedy`,
a search level such as `hard`, ...) and they receive views only, like any player. The observation
is the learner's float32 vector, in a Box bounded as the encoder declares (`magnates.envs.spaces`);
`action_masks()` (the method sb3-contrib's MaskablePPO calls), `info["action_mask"]` and
`info["legal_actions"]` (the legal ids) give the legal actions, and `info["to_play"]` the seat that
decides now (the learner's, or -1 once the episode is over). An action of the action space that
is not legal now ends the episode with a penalty of -1 and `info["illegal_action"]` saying why, as
PettingZoo's TerminateIllegalWrapper does (`magnates.envs.illegal`); `illegal_action="raise"`
raises `IllegalAction` instead and changes nothing, for debugging. `render_mode` is "ansi" (the
terminal drawing as text), "human" (printed) or "rgb_array" (that drawing as a picture, for
Gymnasium's RecordVideo and SB3's `make_vec_env`).

The reward is the learner's return when the game ends, else 0 (`reward="terminal"`, the default).
With `reward="shaped"` each step also gets `shaping_gamma * Phi(s') - Phi(s)`, where Phi is the
game's `potential` (its registry entry's) of the learner's own view at its decisions, and 0 once
the game is over: potential-based shaping (Ng, Harada and Russell, 1999), which keeps the best
policy and gives a learner a signal at every decision instead of one at the end of a long game.
"""

from __future__ import annotations

import random
from collections.abc import Sequence
from typing import Any

import gymnasium as gym
import numpy as np
from gymnasium import spaces

from magnates.bots import make_bot
from magnates.core.bot import Bot
from magnates.core.errors import IllegalAction, OptionError
from magnates.envs.driver import Driver, load_for_env
from magnates.envs.illegal import ILLEGAL_PENALTY, checked_mode
from magnates.envs.render import RENDER_MODES, render_rgb, render_text
from magnates.envs.spaces import observation_box
from magnates.games import entry_of
from magnates.games.registry import Potential

REWARD_MODES = ("terminal", "shaped")


class MagnatesGymEnv(gym.Env):  # type: ignore[misc]
    """One seat of a game against bots (build it with `gymnasium.make("magnates/Magnate-v0", ...)`)."""

    metadata: dict[str, Any] = {"render_modes": list(RENDER_MODES), "render_fps": 4}  # noqa: RUF012  (Gymnasium)

    def __init__(
        self,
        game: str = "magnate",
        *,
        opponents: str | Sequence[str | Bot] | Bot = "random",
        seat: int = 0,
        concessions: bool = False,
        illegal_action: str = "lose",
        reward: str = "terminal",
        shaping_gamma: float = 1.0,
        render_mode: str | None = None,
        **options: Any,
    ) -> None:
        super().__init__()
        if render_mode is not None and render_mode not in self.metadata["render_modes"]:
            raise OptionError(f"render_mode must be one of {', '.join(RENDER_MODES)} or None, not {render_mode!r}")
        checked_mode(illegal_action)
        if reward not in REWARD_MODES:
            raise OptionError(f"reward must be one of {', '.join(REWARD_MODES)}, not {reward!r}")
        if isinstance(shaping_gamma, bool) or not isinstance(shaping_gamma, int | float) or not 0 < shaping_gamma <= 1:
            raise OptionError(f"shaping_gamma must be a number in (0, 1], not {shaping_gamma!r}")
        self.game = load_for_env(game, **options)
        self.potential: Potential | None = None
        if reward == "shaped":
            found = entry_of(self.game)
            if found is None or found.potential is None:
                raise OptionError(f"{game} has no potential to shape rewards with; use reward='terminal'")
            self.potential = found.potential
        self.shaping_gamma = float(shaping_gamma)
        self._phi = 0.0
        players = self.game.num_players
        if not isinstance(seat, int) or not 0 <= seat < players:
            raise OptionError(
                f"seat must be a seat number 0..{players - 1} of this {players}-player game, not {seat!r}"
            )
        self.seat = seat
        self.bots = self._opponents(opponents)
        self.driver = Driver(self.game, concessions=concessions)
        self.illegal_action = illegal_action
        self.render_mode = render_mode
        self.observation_space = observation_box(self.driver.encoder)
        self.action_space = spaces.Discrete(self.driver.num_actions)
        self._bot_rng = random.Random()
        self._done = True

    def _opponents(self, opponents: str | Sequence[str | Bot] | Bot) -> dict[int, Bot]:
        others = [s for s in range(self.game.num_players) if s != self.seat]
        if isinstance(opponents, str) or not isinstance(opponents, Sequence):
            chosen: list[str | Bot] = [opponents] * len(others)  # type: ignore[list-item]
        else:
            chosen = list(opponents)
            if len(chosen) != len(others):
                raise OptionError(
                    f"give one opponent for each of the {len(others)} other seats, or one name for all,"
                    f" not {len(chosen)}"
                )
        return {s: make_bot(o, self.game) if isinstance(o, str) else o for s, o in zip(others, chosen, strict=True)}

    # -- the episode -------------------------------------------------------------------------------
    def reset(self, *, seed: int | None = None, options: dict[str, Any] | None = None) -> tuple[np.ndarray, dict]:
        super().reset(seed=seed)
        game_seed, bot_seed = (int(x) for x in self.np_random.integers(0, 2**63 - 1, size=2))
        self.driver.reset(game_seed)
        self._bot_rng = random.Random(bot_seed)
        self._done = False
        self._play_opponents()
        self._phi = self._potential()
        return self._observe(), self._info()

    def step(self, action: Any) -> tuple[np.ndarray, float, bool, bool, dict]:
        if self._done:
            raise IllegalAction("the episode is over; call reset() to play again")
        driver = self.driver
        legal = driver.legal()
        if (
            not (type(action) is int and action in legal)
            and self.illegal_action == "lose"
            and driver.action_id(action) not in legal
        ):
            try:
                driver.check(action)
            except IllegalAction as err:
                self._done = True
                info = self._info()
                info["illegal_action"] = str(err)
                return self._observe(), ILLEGAL_PENALTY + self._shaping(), True, False, info
        driver.play(action)
        self._play_opponents()
        reward = 0.0
        if driver.is_over():
            self._done = True
            reward = float(driver.returns()[self.seat])
        reward += self._shaping()
        if self.render_mode == "human":
            self.render()
        return self._observe(), reward, self._done, False, self._info()

    def _play_opponents(self) -> None:
        """Let the bots decide until the learner must, or the game ends."""
        driver, game = self.driver, self.game
        while not driver.is_over():
            seat = driver.current_player()
            if seat == self.seat:
                return
            view = driver.state.view(seat)
            driver.play(self.bots[seat].choose(game, view, driver.legal(), self._bot_rng))
        self._done = True

    def _potential(self) -> float:
        """Phi of the learner's own view now (0 without shaping, and once the episode is over)."""
        if self.potential is None or self._done:
            return 0.0
        return self.potential(self.game, self.driver.state.view(self.seat), self.seat)

    def _shaping(self) -> float:
        """`shaping_gamma * Phi(s') - Phi(s)` for the step just taken (s' is the position now)."""
        if self.potential is None:
            return 0.0
        before, self._phi = self._phi, self._potential()
        return self.shaping_gamma * self._phi - before

    def _observe(self) -> np.ndarray:
        return self.driver.observation(self.seat)

    def _info(self) -> dict[str, Any]:
        """The legal actions (as a mask and as ids) and the seat that decides now (-1: none)."""
        mask = self.action_masks()
        return {
            "action_mask": mask.astype(np.int8),
            "legal_actions": np.flatnonzero(mask).tolist(),
            "to_play": -1 if self._done else self.seat,
        }

    def action_masks(self) -> np.ndarray:
        """The learner's legal actions as booleans (all False once the episode is over)."""
        if self._done:
            return np.zeros(self.driver.num_actions, dtype=bool)
        return self.driver.mask(self.seat).astype(bool)

    # -- people ---------------------------------------------------------------------------------
    def render(self) -> str | np.ndarray | None:
        if self.render_mode is None:
            return None
        text = render_text(self.game, self.driver.state.view(self.seat))
        if self.render_mode == "human":
            print(text)
            return None
        if self.render_mode == "rgb_array":
            return render_rgb(text)
        return text
