"""Self-play games as training samples: observations, legal masks, policy and value targets.

Every sample is one seat's observation at a sampled decision point of a game: the encoder reads
that seat's view only, as a player would. The value target is the game's final returns seen from
that seat's chair (index 0 itself, 1 the next seat round the table...): Monte Carlo targets, the
TD(1) end of TD(lambda), which need no bootstrapping from a network still learning. At each
sampled point every seat's view is kept, not only the decider's, so the network also learns to
judge positions where another seat is to act (the leaves of an own-moves search). The policy
target exists for the decider only: the actor's move (a one-hot) or, for a searching actor, the
share of the root's visits each move got (AlphaZero's target).

Actors:
- `rollout`: the game's own rollout policy (`greedy` in Magnate), a uniformly random legal move
  with probability `explore`. Cheap (tens of games a second), so the value sees many games.
  `policy` names the game's hook it plays: `rollout_action`, or the sharper `check_action` where a
  game offers one (Magnate's `SHARP` rules of thumb), so the value learns positions and outcomes
  of stronger play at the same cost.
- `search`: the learned search bot itself with a small budget (true self-play: its moves improve
  as the network does), slower by two orders of magnitude.
- `easy`, `medium`, `hard`: the game's search bot of that level (`magnates.bots.presets`), with
  `explore` random moves like the rollout actor. Slower than the rollout policy (Magnate's `easy`
  plays a game in about a second), but its positions are those a searching player reaches, the
  leaves `expert`'s search asks its judge about. The policy target is its move. A level with a
  time limit (every game's `hard`) makes the games depend on the machine's speed, so such a run is
  reproducible only where no search hits it; `easy` and `medium` count simulations only.
"""

from __future__ import annotations

import random
from dataclasses import dataclass, field

import numpy as np
import numpy.typing as npt

import magnates
from magnates.bots.budget import Budget
from magnates.bots.learned import LearnedSearchBot, NumpyNet
from magnates.bots.observation import Observer
from magnates.bots.playout import rollout_policy
from magnates.bots.presets import search_bot
from magnates.core.bot import Bot
from magnates.core.chance import sample
from magnates.core.game import Game

PRESET_ACTORS = ("easy", "medium", "hard")
"""Search levels that can play the self-play games (`actor`), besides `rollout` and `search`."""


@dataclass
class Samples:
    """Training samples as arrays (observations stored as float16 to halve memory).

    Legal moves and policy targets are sparse (a few dozen legal moves among thousands of ids):
    sample i's legal ids are `legal[ptr[i]:ptr[i + 1]]` and its target shares `target[...]` beside
    them. A seat that was not deciding has an empty range: it teaches the value only.
    """

    obs: npt.NDArray[np.float16]
    values: npt.NDArray[np.float32]
    ptr: npt.NDArray[np.int64]
    legal: npt.NDArray[np.int32]
    target: npt.NDArray[np.float32]

    def __len__(self) -> int:
        return int(self.obs.shape[0])

    @staticmethod
    def concat(parts: list[Samples]) -> Samples:
        ptrs, offset = [np.zeros(1, dtype=np.int64)], 0
        for part in parts:
            ptrs.append(part.ptr[1:] + offset)
            offset += int(part.ptr[-1])
        return Samples(
            np.concatenate([p.obs for p in parts]),
            np.concatenate([p.values for p in parts]),
            np.concatenate(ptrs),
            np.concatenate([p.legal for p in parts]),
            np.concatenate([p.target for p in parts]),
        )

    def dense_policy(
        self, rows: npt.NDArray[np.int64], actions: int
    ) -> tuple[npt.NDArray[np.float32], npt.NDArray[np.bool_]]:
        """The policy targets and legal masks of `rows`, dense over the action space."""
        target = np.zeros((len(rows), actions), dtype=np.float32)
        mask = np.zeros((len(rows), actions), dtype=np.bool_)
        for b, i in enumerate(rows):
            lo, hi = self.ptr[i], self.ptr[i + 1]
            ids = self.legal[lo:hi]
            mask[b, ids] = True
            target[b, ids] = self.target[lo:hi]
        return target, mask


@dataclass
class GameLog:
    """What one game taught: its samples and how it went."""

    samples: Samples
    decisions: int
    returns: list[float] = field(default_factory=list)


def play_game(
    game: Game,
    rng: random.Random,
    *,
    sample_rate: float = 0.2,
    explore: float = 0.05,
    actor: Bot | None = None,
    policy_hook: str = "rollout_action",
) -> GameLog:
    """Play one game with the actor (the game's `policy_hook` when None) and return its samples.
    The learned search (`LearnedSearchBot`) leaves its root's visit shares as the policy target and
    plays no random moves; any other bot (a search preset) plays `explore` random moves as the
    rollout policy does, and its move is the target."""
    encoder = game.observation_encoder()
    policy = rollout_policy(game, policy_hook)
    sides = game.num_players
    observe = Observer(encoder)
    obs: list[npt.NDArray[np.float32]] = []
    seats: list[int] = []
    targets: list[list[tuple[int, float]]] = []
    masks: list[list[int]] = []
    state = game.new_initial_state()
    decisions = 0
    while not state.is_terminal():
        if state.is_chance_node():
            state.apply_action(sample(state.chance_outcomes(), rng))
            continue
        player = state.current_player()
        legal = state.legal_actions()
        decisions += 1
        keep = len(legal) > 1 and rng.random() < sample_rate
        if isinstance(actor, LearnedSearchBot) and len(legal) > 1:
            action = actor.choose(game, state.view(player), legal, rng)
            target = list(zip(legal, actor.visit_shares(legal), strict=True))
        else:
            if len(legal) > 1 and rng.random() < explore:
                action = legal[int(rng.random() * len(legal))]
            elif actor is not None and len(legal) > 1:
                action = actor.choose(game, state.view(player), legal, rng)
            elif policy is not None:
                action = policy(state, rng)
            else:
                action = legal[int(rng.random() * len(legal))]
            target = [(action, 1.0)]
        if keep:
            for seat in range(sides):  # every seat's view of this moment; the decider's with a target
                obs.append(observe(state, seat))
                seats.append(seat)
                targets.append(target if seat == player else [])
                masks.append(legal if seat == player else [])
        state.apply_action(action)
    returns = [float(r) for r in state.returns()]
    count = len(obs)
    values = np.zeros((count, sides), dtype=np.float32)
    ptr = np.zeros(count + 1, dtype=np.int64)
    legal_ids: list[int] = []
    shares: list[float] = []
    for i, seat in enumerate(seats):
        values[i] = [returns[(seat + k) % sides] for k in range(sides)]
        chosen = dict(targets[i])
        legal_ids.extend(masks[i])
        shares.extend(chosen.get(a, 0.0) for a in masks[i])
        ptr[i + 1] = len(legal_ids)
    obs_arr = np.asarray(obs, dtype=np.float16).reshape(count, encoder.size)
    samples = Samples(obs_arr, values, ptr, np.asarray(legal_ids, dtype=np.int32), np.asarray(shares, dtype=np.float32))
    return GameLog(samples, decisions, returns)


@dataclass
class SelfPlayJob:
    """Games for one worker: each game's own seed, so a game does not depend on who played it."""

    game: str
    options: dict[str, object]
    seeds: list[int]
    sample_rate: float
    explore: float
    net: NumpyNet | None = None
    """With a network, the learned search plays (`simulations` a decision); else the rollout policy."""
    simulations: int = 16
    policy: str = "rollout_action"
    """The game's hook that plays the games when there is no network and no `level`."""
    level: str | None = None
    """A search level (`PRESET_ACTORS`) that plays the games instead of the rollout policy."""


def make_actor(game: Game, net: NumpyNet | None, simulations: int, level: str | None) -> Bot | None:
    """Who plays the self-play games: the learned search with `net`, the search bot of `level`, or
    (None) the game's rollout policy."""
    if net is not None:
        return LearnedSearchBot(net, game, Budget(simulations=simulations))
    if level is not None:
        return search_bot(level, game)
    return None


def play_games(job: SelfPlayJob) -> list[GameLog]:
    """The job's games, in the order of its seeds (run in a worker process or here)."""
    game = magnates.load(job.game, **job.options)
    actor = make_actor(game, job.net, job.simulations, job.level)
    rate, hook = job.sample_rate, job.policy
    return [
        play_game(game, random.Random(seed), sample_rate=rate, explore=job.explore, actor=actor, policy_hook=hook)
        for seed in job.seeds
    ]
