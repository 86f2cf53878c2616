"""One game in progress as the environments see it: chance resolved inside, masks and observations.

Every adapter (PettingZoo, Gymnasium, the benchmark) drives a game through this one class, so the
rules of the wrapper are written once: chance nodes are sampled with the driver's own seeded
generator, the deciding seat's legal actions (concessions masked unless forced, when asked) become
an int8 mask over the fixed action space, and an observation is the game's encoder applied to the
seat's view (or to the state through a fast path proven equal to it, reading only what the view holds).
"""

from __future__ import annotations

import random
from typing import Any

import numpy as np

from magnates.bots.observation import Observer
from magnates.core.chance import sample
from magnates.core.encoding import Encoder
from magnates.core.errors import IllegalAction, OptionError
from magnates.core.game import CHANCE, Game, State
from magnates.envs.concessions import concession_ids, without_concessions
from magnates.games import load

MASK_MEMO = 4096
"""Distinct legal-action lists whose masks a driver remembers before it starts afresh."""
FANCY_INDEX_FROM = 16
"""From this many legal ids a new mask is set by one numpy index from the list; fewer are set one by
one, which costs less (most decisions have a handful: Magnate's median is 4)."""


def load_for_env(name: str, **options: Any) -> Game:
    """The game with validated options, with a clear error if it has no observation encoder."""
    game = load(name, **options)
    try:
        game.observation_encoder()
    except NotImplementedError as err:
        raise OptionError(f"{name} cannot be used as an environment yet: {err}") from None
    return game


class Driver:
    """A game, its current state and the generator its chance events are drawn from."""

    def __init__(self, game: Game, *, concessions: bool = False) -> None:
        self.game = game
        self.encoder: Encoder = game.observation_encoder()
        self.num_actions = game.num_distinct_actions
        self.observation_size = self.encoder.size
        self._observe = Observer(self.encoder)
        self.concessions = concessions
        self.masked = frozenset() if concessions else concession_ids(game)
        self.rng = random.Random()
        self.state: State = game.new_initial_state()
        """The game now: changed only by `reset` and `play` (what this driver knows of it follows)."""
        self._player = self.state.current_player()
        """`state.current_player()`, as the last change left it."""
        self._legal: list[int] | None = None
        self._zeros = np.zeros(self.num_actions, dtype=np.int8)
        self._masks: dict[tuple[int, ...], np.ndarray] = {}
        """Legal id lists seen -> their mask (a game has few distinct ones; copies are handed out)."""

    # -- the game --------------------------------------------------------------------------
    def reset(self, seed: int | None) -> None:
        """A new game; `seed` fixes every chance event of it (None: a fresh draw from the last stream)."""
        self.rng = random.Random(seed if seed is not None else self.rng.getrandbits(64))
        self.state = self.game.new_initial_state()
        self._legal = None
        self.resolve_chance()

    def resolve_chance(self) -> None:
        """Play chance nodes until a seat must decide or the game ends."""
        state, rng = self.state, self.rng
        player = state.current_player()
        while player == CHANCE:
            state.apply_action(sample(state.chance_outcomes(), rng))
            player = state.current_player()
        self._player = player

    def current_player(self) -> int:
        return self._player

    def is_over(self) -> bool:
        return self.state.is_terminal()

    def returns(self) -> list[float]:
        return self.state.returns()

    # -- what the deciding seat may do ---------------------------------------------------------
    def legal(self) -> list[int]:
        """The deciding seat's legal actions, concessions left out unless forced (when masked)."""
        if self._legal is None:
            self._legal = without_concessions(self.state.legal_actions(), self.masked)
        return self._legal

    def mask(self, seat: int | None = None) -> np.ndarray:
        """A fresh int8 mask over the action space: 1 for each legal action of `seat` (default: the
        deciding seat; all zeros for a seat that does not decide now)."""
        if seat is not None and seat != self._player:
            return self._zeros.copy()
        legal = self.legal()
        key = tuple(legal)
        mask = self._masks.get(key)
        if mask is None:
            if len(self._masks) >= MASK_MEMO:
                self._masks.clear()
            mask = self._masks[key] = self._zeros.copy()
            if len(legal) < FANCY_INDEX_FROM:
                for action_id in legal:  # a few ids: set one by one (numpy's index from a list costs more)
                    mask[action_id] = 1
            else:
                mask[legal] = 1
        return mask.copy()

    def observation(self, seat: int | None) -> np.ndarray:
        """The encoder's float32 vector of `seat`'s view (None: a spectator), by its fastest exact
        path (`magnates.bots.observation.Observer`: from the state where the encoder can, which
        tests/envs/test_fast_encoding.py proves equal to encoding the view)."""
        return self._observe(self.state, seat)

    # -- acting ------------------------------------------------------------------------------------
    def action_id(self, action: Any) -> int:
        """The action as an int id of the action space (legal now or not), else a clear IllegalAction:
        what an environment must accept, as Gymnasium's contract is any action of `action_space`."""
        if isinstance(action, np.ndarray) and action.shape in ((), (1,)) and action.dtype.kind in "iu":
            action = action.reshape(()).item()  # what vectorised learners pass for one Discrete action
        if isinstance(action, bool | np.bool_) or not isinstance(action, int | np.integer):
            raise IllegalAction(f"an action must be an integer id in 0..{self.num_actions - 1}, not {action!r}")
        action_id = int(action)
        if not 0 <= action_id < self.num_actions:
            raise IllegalAction(f"action id {action_id} is outside this game's action space 0..{self.num_actions - 1}")
        return action_id

    def check(self, action: Any) -> int:
        """The action as an int id if the deciding seat may play it now, else a clear IllegalAction."""
        legal = self._legal
        if type(action) is int and legal is not None and action in legal:
            return action  # the common case: a Python int among the legal ids already listed
        action_id = self.action_id(action)
        if self.state.is_terminal():
            raise IllegalAction("the game is over; reset the environment to play again")
        if action_id in self.legal():
            return action_id
        if action_id in self.masked:
            raise IllegalAction(
                f"{self.game.action_to_string(action_id)!r} concedes the game, and concessions are masked "
                "(create the environment with concessions=True to allow them)"
            )
        raise IllegalAction(self.state._illegal_message(action_id, self.legal()))

    def play(self, action: Any) -> int:
        """Apply the deciding seat's action (checked first: an illegal one changes nothing), then
        resolve chance; return the id played."""
        action_id = self.check(action)
        self.play_legal(action_id)
        return action_id

    def play_legal(self, action_id: int) -> None:
        """Apply an action id the caller has found among `legal()`, then resolve chance."""
        self.state.apply_action(action_id)
        self._legal = None
        self.resolve_chance()
