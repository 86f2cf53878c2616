"""Self-play with masked PPO, in numpy alone: a league, a curriculum, checkpoints that play as bots.

    python -m magnates.learn.ppo magnate --minutes 60 --out runs/magnate-ppo

One learner plays every game at a seat drawn at random; every other seat is taken by an opponent
drawn from a **league**: the bot of the current curriculum stage, the learner's own past snapshots,
and the bots of the stages already passed. The **curriculum** runs random (without concessions) ->
greedy -> hard: the learner moves on when its mean return against the stage's bot over its last
`stage_games` games against it reaches `advance_at`. The learner is trained by **PPO** with masked
actions (illegal ids get no probability, in the loss as in play), GAE on the learner's own decisions,
and the game's own return at the end as the reward; with `--reward shaped` each decision also gets
gamma * Phi(next) - Phi(now), Phi being the game's potential of the learner's own view (its search
heuristic, `GameEntry.potential`): shaping that leaves the best policy unchanged (Ng, Harada and
Russell, 1999) and tells a learner something before the end of a long game. With more than two players the return is
the game's (`State.returns()`: the mean over the opponents of +1 beaten, 0 tied, -1 lost), so the
same recipe runs every game at any player count. `--never KIND` keeps an action kind out of the
learner's choices unless nothing else is legal (Galactic Magnate learns with `--never trade-with`,
docs/studies/self-play-ppo.md); the weights record it and the learned bot plays by it.

The network is the platform's policy-value MLP (`magnates.bots.learned.NumpyNet`: a ReLU layer, a
value per side, a policy logit per action), written by hand with its gradients so that training
needs numpy only (no torch). Every `checkpoint_every` updates the weights are saved as
`OUT/checkpoints/update-N.npz` and `OUT/weights.npz`, each playable at once as the bot
`learned:PATH` (`magnates play GAME --vs learned:OUT/weights.npz`, `magnates arena`, `make_bot`).
Every `eval_every` updates the greedy policy plays `eval_games` games against `random-no-concede`
and against `greedy` (seats rotating, the same seeds each time); `OUT/log.csv` keeps the figures
and `OUT/curve.png` plots them.

Games are played on the simulator's backends: in this process (`workers=1`), on a pool of worker
processes (`--workers N`), or on a Ray cluster (`--backend ray`, the `ray` extra), so a bigger
machine or cluster trains faster with no change. The league is drawn here, in waves of `wave`
games, and each game's dice and sampling come from its own number in the run, so a seed gives the
same run whatever the backend and the number of workers.
"""

from __future__ import annotations

import argparse
import csv
import json
import random
import time
from collections import deque
from dataclasses import asdict, dataclass, field
from pathlib import Path
from typing import Any

import numpy as np
from matplotlib.backends.backend_agg import FigureCanvasAgg
from matplotlib.figure import Figure

import magnates
from magnates.bots.learned import FORMAT, NumpyNet
from magnates.bots.observation import Observer
from magnates.bots.policy import PolicyBot
from magnates.bots.registry import make_bot
from magnates.core.bot import Bot
from magnates.core.chance import sample
from magnates.core.game import CHANCE, Game, State
from magnates.games import entry
from magnates.games.registry import Potential
from magnates.sim.batch import WorkerPool
from magnates.sim.stats import wilson_interval

REWARDS = ("terminal", "shaped")

EVAL_SEED_OFFSET = 7_777_777
"""Evaluation game i of a run with seed S has the seeds S + EVAL_SEED_OFFSET + i (and + 10,000)."""

STAGES = ("random-no-concede", "greedy", "hard")
"""The curriculum: the bot each stage's games are mostly against, weakest first."""


@dataclass
class PPOConfig:
    game: str
    options: dict[str, Any] = field(default_factory=dict)
    seed: int = 0
    minutes: float = 60.0
    max_updates: int | None = None
    hidden: int = 128
    steps_per_update: int = 2048
    epochs: int = 4
    minibatch: int = 256
    lr: float = 3e-4
    gamma: float = 0.99
    lam: float = 0.95
    clip: float = 0.2
    value_coef: float = 0.5
    entropy_coef: float = 0.01
    stage_games: int = 60
    advance_at: float = 0.2
    snapshot_every: int = 5
    snapshots_kept: int = 5
    league_snapshot_share: float = 0.25
    league_past_share: float = 0.15
    checkpoint_every: int = 5
    eval_every: int = 5
    eval_games: int = 40
    workers: int = 1
    backend: str = "local"
    reward: str = "terminal"
    """"terminal" (the game's return at the end) or "shaped" (plus the potential's differences)."""
    wave: int = 16
    """Games whose opponents are drawn together and played in parallel before the league counts them."""
    never: tuple[str, ...] = ()
    """Action kinds the learner never takes unless nothing else is legal (Galactic Magnate's
    `trade-with`: without it, a learner spends its decisions building offers nobody accepts).
    Kept in the weights' metadata, so the learned bot plays by the same rule."""


# -- the network -------------------------------------------------------------------------------
class MaskedPolicy:
    """The policy-value MLP's parameters, its masked forward pass and the PPO gradients by hand."""

    def __init__(self, inputs: int, hidden: int, sides: int, actions: int, rng: np.random.Generator) -> None:
        scale = np.sqrt(2.0 / inputs)
        self.params: dict[str, np.ndarray] = {
            "t0_w": (rng.standard_normal((hidden, inputs)) * scale).astype(np.float32),
            "t0_b": np.zeros(hidden, np.float32),
            "v_w": (rng.standard_normal((sides, hidden)) * 0.01).astype(np.float32),
            "v_b": np.zeros(sides, np.float32),
            "p_w": (rng.standard_normal((actions, hidden)) * 0.01).astype(np.float32),
            "p_b": np.zeros(actions, np.float32),
        }
        self.moments = {k: (np.zeros_like(v), np.zeros_like(v)) for k, v in self.params.items()}
        self.steps = 0

    @classmethod
    def playing(cls, params: dict[str, np.ndarray]) -> MaskedPolicy:
        """A policy that only plays (a worker's copy of the learner): its parameters, no optimiser."""
        policy = cls.__new__(cls)
        policy.params, policy.moments, policy.steps = params, {}, 0
        return policy

    def act(self, x: np.ndarray, legal: list[int], rng: np.random.Generator) -> tuple[int, float, float]:
        """Sample a legal action: (its index in `legal`, its log-probability, the value of `x`)."""
        p = self.params
        h = np.maximum(p["t0_w"] @ x + p["t0_b"], 0.0)
        logits = p["p_w"][legal] @ h + p["p_b"][legal]
        logits -= logits.max()
        probs = np.exp(logits)
        probs /= probs.sum()
        index = int(rng.choice(len(legal), p=probs))
        value = float(np.tanh(p["v_w"][0] @ h + p["v_b"][0]))
        return index, float(np.log(probs[index] + 1e-12)), value

    def update(self, batch: dict[str, np.ndarray], config: PPOConfig) -> dict[str, float]:
        """One Adam step on the clipped PPO loss (policy, value, entropy) over `batch`."""
        p = self.params
        x, mask, action = batch["obs"], batch["mask"], batch["action"]
        n = len(x)
        pre = x @ p["t0_w"].T + p["t0_b"]
        h = np.maximum(pre, 0.0)
        logits = h @ p["p_w"].T + p["p_b"]
        logits = np.where(mask, logits, -1e9)
        logits -= logits.max(axis=1, keepdims=True)
        exp = np.exp(logits) * mask
        probs = exp / exp.sum(axis=1, keepdims=True)
        logp_all = np.where(mask, np.log(probs + 1e-12), 0.0)
        rows = np.arange(n)
        logp = logp_all[rows, action]
        ratio = np.exp(logp - batch["logp"])
        adv = batch["adv"]
        clipped = ((adv > 0) & (ratio > 1 + config.clip)) | ((adv < 0) & (ratio < 1 - config.clip))
        coef = np.where(clipped, 0.0, -adv * ratio) / n  # d(policy loss)/d(log-prob of the action)
        entropy = -(probs * logp_all).sum(axis=1)
        dlogits = -coef[:, None] * probs
        dlogits[rows, action] += coef
        dlogits += config.entropy_coef / n * probs * (logp_all + entropy[:, None])
        dlogits *= mask
        value = np.tanh(h @ p["v_w"][0] + p["v_b"][0])
        dz = 2 * config.value_coef * (value - batch["ret"]) / n * (1 - value**2)
        dh = dlogits @ p["p_w"] + dz[:, None] * p["v_w"][0][None, :]
        dpre = dh * (pre > 0)
        grads = {
            "t0_w": dpre.T @ x,
            "t0_b": dpre.sum(axis=0),
            "p_w": dlogits.T @ h,
            "p_b": dlogits.sum(axis=0),
            "v_w": np.zeros_like(p["v_w"]),
            "v_b": np.zeros_like(p["v_b"]),
        }
        grads["v_w"][0] = dz @ h
        grads["v_b"][0] = dz.sum()
        self._adam(grads, config.lr)
        surrogate = np.minimum(ratio * adv, np.clip(ratio, 1 - config.clip, 1 + config.clip) * adv)
        return {
            "policy_loss": float(-surrogate.mean()),
            "value_loss": float(((value - batch["ret"]) ** 2).mean()),
            "entropy": float(entropy.mean()),
            "clipped": float(clipped.mean()),
        }

    def _adam(self, grads: dict[str, np.ndarray], lr: float, b1: float = 0.9, b2: float = 0.999) -> None:
        self.steps += 1
        for key, grad in grads.items():
            m, v = self.moments[key]
            m *= b1
            m += (1 - b1) * grad
            v *= b2
            v += (1 - b2) * grad * grad
            m_hat = m / (1 - b1**self.steps)
            v_hat = v / (1 - b2**self.steps)
            self.params[key] -= (lr * m_hat / (np.sqrt(v_hat) + 1e-8)).astype(np.float32)

    def to_net(self, game: Game, meta: dict[str, Any]) -> NumpyNet:
        arrays = {k: v.copy() for k, v in self.params.items()}
        full = {
            **meta,
            "format": FORMAT,
            "layers": 1,
            "game": game.name,
            "options": dict(game.options),
            "inputs": int(arrays["t0_w"].shape[1]),
            "sides": game.num_players,
            "actions": game.num_distinct_actions,
        }
        return NumpyNet(arrays, full)


# -- playing --------------------------------------------------------------------------------
def masked_actions(game: Game, never: tuple[str, ...] = ()) -> frozenset[int]:
    """The concession ids (left out unless forced, as in the environments), and those of the
    action kinds in `never`."""
    return frozenset(i for i, action in enumerate(game.action_space) if action.concedes or action.kind in never)


def check_never(game: Game, never: tuple[str, ...]) -> None:
    """Refuse a `never` kind the game does not have (a typo would otherwise restrict nothing)."""
    kinds = sorted({action.kind for action in game.action_space})
    unknown = [kind for kind in never if kind not in kinds]
    if unknown:
        raise ValueError(f"{game.name} has no action kind {', '.join(unknown)}; its kinds: {', '.join(kinds)}")


def legal_of(state: State, masked: frozenset[int]) -> list[int]:
    legal = state.legal_actions()
    kept = [a for a in legal if a not in masked]
    return kept or list(legal)


@dataclass
class Episode:
    obs: list[np.ndarray]
    legal: list[list[int]]
    action: list[int]
    logp: list[float]
    value: list[float]
    reward: float = 0.0
    phi: list[float] = field(default_factory=list)
    """With shaping: the potential of the learner's view at each of its decisions."""


def play_episode(
    game: Game,
    policy: MaskedPolicy,
    observer: Observer,
    opponents: dict[int, Bot],
    seat: int,
    seed: int,
    rng: np.random.Generator,
    potential: Potential | None = None,
    never: tuple[str, ...] = (),
) -> Episode:
    """One game: the learner at `seat` sampling from its policy, the opponents from their views."""
    chance, bots_rng = random.Random(seed), random.Random(seed + 1)
    masked, learner_masked = masked_actions(game), masked_actions(game, never)
    episode = Episode([], [], [], [], [])
    state = game.new_initial_state()
    while not state.is_terminal():
        player = state.current_player()
        if player == CHANCE:
            state.apply_action(sample(state.chance_outcomes(), chance))
            continue
        if player == seat:
            legal = legal_of(state, learner_masked)
            x = observer(state, seat)
            if potential is not None:
                episode.phi.append(potential(game, state.view(seat), seat))
            index, logp, value = policy.act(x, legal, rng)
            episode.obs.append(x)
            episode.legal.append(legal)
            episode.action.append(legal[index])
            episode.logp.append(logp)
            episode.value.append(value)
            state.apply_action(legal[index])
        else:
            legal = legal_of(state, masked)
            state.apply_action(opponents[player].choose(game, state.view(player), legal, bots_rng))
    episode.reward = float(state.returns()[seat])
    return episode


def advantages(episode: Episode, gamma: float, lam: float) -> tuple[np.ndarray, np.ndarray]:
    """GAE over the learner's decisions; the game's return comes at the last one, and with shaping
    each decision also gets gamma * Phi(next) - Phi(now) (Phi = 0 once the game is over). The
    value head's targets are held to its range, [-1, 1]."""
    values = np.array([*episode.value, 0.0], dtype=np.float64)
    n = len(episode.value)
    rewards = np.zeros(n)
    if n:
        rewards[-1] = episode.reward
    if episode.phi:
        phi = np.array([*episode.phi, 0.0], dtype=np.float64)
        rewards += gamma * phi[1:] - phi[:-1]
    adv = np.zeros(n)
    running = 0.0
    for t in range(n - 1, -1, -1):
        delta = rewards[t] + gamma * values[t + 1] - values[t]
        running = delta + gamma * lam * running
        adv[t] = running
    ret = adv + values[:-1]
    return adv, np.clip(ret, -1.0, 1.0) if episode.phi else ret


@dataclass(frozen=True)
class EpisodePlan:
    """One self-play game as the league drew it: its number in the run, the learner's seat, whom it meets."""

    number: int
    seat: int
    opponent: str
    """A bot name, or `snapshot-K` (the learner's K-th kept snapshot)."""


@dataclass
class RolloutJob:
    """What a worker needs to play some of a wave's games: everything pickles."""

    game: str
    options: dict[str, Any]
    seed: int
    params: dict[str, np.ndarray]
    snapshots: list[NumpyNet]
    plans: list[EpisodePlan]
    reward: str = "terminal"
    never: tuple[str, ...] = ()


_WORKER_GAMES: dict[str, tuple[Game, Observer, dict[str, Bot]]] = {}
"""Per process: the game, its observer and its named bots, built once."""


def _worker_game(name: str, options: dict[str, Any]) -> tuple[Game, Observer, dict[str, Bot]]:
    key = json.dumps([name, options], sort_keys=True, default=str)
    if key not in _WORKER_GAMES:
        game = magnates.load(name, **options)
        _WORKER_GAMES.clear()
        _WORKER_GAMES[key] = (game, Observer(game.observation_encoder()), {})
    return _WORKER_GAMES[key]


def episode_seed(seed: int, number: int) -> int:
    """The chance seed of game `number` of a run: its dice do not depend on who played it where."""
    return seed * 1_000_003 + number


def play_rollouts(job: RolloutJob) -> list[Episode]:
    """Play a job's games (on a worker or here), each from its own seeds, in the job's order."""
    game, observer, bots = _worker_game(job.game, job.options)
    policy = MaskedPolicy.playing(job.params)
    potential = entry(job.game).potential if job.reward == "shaped" else None
    snapshots = [PolicyBot(net, game, sample=True, name="snapshot") for net in job.snapshots]
    episodes = []
    for plan in job.plans:
        if plan.opponent.startswith("snapshot-"):
            bot: Bot = snapshots[int(plan.opponent.split("-", 1)[1])]
        else:
            bot = bots.setdefault(plan.opponent, make_bot(plan.opponent, game))
        opponents = {s: bot for s in range(game.num_players) if s != plan.seat}
        rng = np.random.default_rng([job.seed, plan.number])
        episodes.append(
            play_episode(
                game,
                policy,
                observer,
                opponents,
                plan.seat,
                episode_seed(job.seed, plan.number),
                rng,
                potential,
                job.never,
            )
        )
    return episodes


class Rollouts:
    """Where self-play games are played: here, on a pool of processes, or on a Ray cluster."""

    def __init__(self, workers: int, backend: str) -> None:
        if backend not in ("local", "ray"):
            raise ValueError(f"unknown backend {backend!r}; choose local or ray")
        self.workers, self.backend = max(1, workers), backend
        self.pool = WorkerPool(self.workers if backend == "local" else 1)

    def play(self, jobs: list[RolloutJob]) -> list[Episode]:
        if self.backend == "ray":
            from magnates.sim.ray_backend import map_tasks

            done = map_tasks(play_rollouts, [(job,) for job in jobs], self.workers)
        else:
            done = self.pool.map(play_rollouts, jobs)
        return [episode for episodes in done for episode in episodes]

    def close(self, *, at_once: bool = False) -> None:
        self.pool.close(at_once=at_once)


# -- the league and the curriculum -----------------------------------------------------------------
class League:
    """Who the learner meets: the stage's bot, its past snapshots, the bots of passed stages."""

    def __init__(self, game: Game, config: PPOConfig) -> None:
        self.game = game
        self.config = config
        self.stage = 0
        for name in STAGES:
            make_bot(name, game)  # a stage bot the game lacks is refused before any game
        self.snapshots: deque[NumpyNet] = deque(maxlen=config.snapshots_kept)
        self.recent: deque[float] = deque(maxlen=config.stage_games)

    @property
    def stage_bot(self) -> str:
        return STAGES[self.stage]

    def draw(self, rng: random.Random) -> str:
        """The opponent of the next game: a bot name, or `snapshot-K`."""
        roll = rng.random()
        if self.snapshots and roll < self.config.league_snapshot_share:
            return f"snapshot-{rng.randrange(len(self.snapshots))}"
        if self.stage and roll < self.config.league_snapshot_share + self.config.league_past_share:
            return STAGES[rng.randrange(self.stage)]
        return self.stage_bot

    def record(self, opponent: str, reward: float) -> bool:
        """Count a game against the stage's bot; True when the learner moves to the next stage."""
        if opponent != self.stage_bot:
            return False
        self.recent.append(reward)
        full = len(self.recent) == self.recent.maxlen
        if full and self.stage + 1 < len(STAGES) and float(np.mean(self.recent)) >= self.config.advance_at:
            self.stage += 1
            self.recent.clear()
            return True
        return False

    def add_snapshot(self, net: NumpyNet) -> None:
        self.snapshots.append(net)


@dataclass
class EvalJob:
    game: str
    options: dict[str, Any]
    net: NumpyNet
    opponent: str
    seed: int
    games: list[int]


def play_evaluation(job: EvalJob) -> list[float]:
    """The learner's score in each of a job's evaluation games (a win 1, a two-player tie a half)."""
    game, _, bots = _worker_game(job.game, job.options)
    learner = PolicyBot(job.net, game)
    other = bots.setdefault(job.opponent, make_bot(job.opponent, game))
    masked = masked_actions(game)
    scores = []
    for i in job.games:
        seat = i % game.num_players
        chance, bots_rng = random.Random(job.seed + i), random.Random(job.seed + i + 10_000)
        state = game.new_initial_state()
        while not state.is_terminal():
            player = state.current_player()
            if player == CHANCE:
                state.apply_action(sample(state.chance_outcomes(), chance))
                continue
            bot = learner if player == seat else other
            state.apply_action(bot.choose(game, state.view(player), legal_of(state, masked), bots_rng))
        value = state.returns()[seat]
        scores.append(1.0 if value >= 1.0 else 0.5 if value == 0.0 and game.num_players == 2 else 0.0)
    return scores


def evaluate(
    game: Game, net: NumpyNet, opponent: str, games: int, seed: int, pool: WorkerPool | None = None
) -> tuple[float, float, float]:
    """The greedy policy's win share against `opponent` everywhere else, with its 95% interval;
    game i has the same seeds in every evaluation, so the log's rows compare networks on the same dice."""
    workers = pool.workers if pool is not None else 1
    jobs = [
        EvalJob(game.name, dict(game.options), net, opponent, seed, list(range(k, games, workers)))
        for k in range(workers)
    ]
    done = pool.map(play_evaluation, jobs) if pool is not None else [play_evaluation(job) for job in jobs]
    score = sum(sum(scores) for scores in done)
    low, high = wilson_interval(score, games)
    return score / games, low, high


# -- the run ------------------------------------------------------------------------------------
LOG_FIELDS = (
    "update",
    "games",
    "decisions",
    "seconds",
    "stage",
    "mean_return",
    "policy_loss",
    "value_loss",
    "entropy",
    "eval_random",
    "eval_random_low",
    "eval_random_high",
    "eval_greedy",
    "eval_greedy_low",
    "eval_greedy_high",
)


def train(config: PPOConfig, out: Path, say: Any = print) -> Path:
    """Run the recipe until `minutes` or `max_updates`; return the path of the last weights."""
    game = magnates.load(config.game, **config.options)
    if config.reward not in REWARDS:
        raise ValueError(f"unknown reward {config.reward!r}; choose {' or '.join(REWARDS)}")
    if config.reward == "shaped" and entry(config.game).potential is None:
        raise ValueError(f"{config.game} has no potential to shape rewards with; use --reward terminal")
    check_never(game, config.never)
    encoder = game.observation_encoder()
    rng = np.random.default_rng(config.seed)
    py_rng = random.Random(config.seed)
    policy = MaskedPolicy(encoder.size, config.hidden, game.num_players, game.num_distinct_actions, rng)
    league = League(game, config)
    out.mkdir(parents=True, exist_ok=True)
    (out / "checkpoints").mkdir(exist_ok=True)
    (out / "config.json").write_text(json.dumps(asdict(config), indent=1))
    log_path = out / "log.csv"
    with open(log_path, "w", newline="") as handle:
        csv.writer(handle).writerow(LOG_FIELDS)
    started = time.perf_counter()
    games = decisions = update = 0
    weights = out / "weights.npz"
    meta: dict[str, Any] = {"trainer": "magnates.learn.ppo", "seed": config.seed}
    if config.never:
        meta["never"] = list(config.never)
    rollouts = Rollouts(config.workers, config.backend)
    try:
        while True:
            elapsed = time.perf_counter() - started
            if elapsed > config.minutes * 60 or (config.max_updates is not None and update >= config.max_updates):
                break
            batch: dict[str, list[Any]] = {k: [] for k in ("obs", "legal", "action", "logp", "adv", "ret")}
            returns: list[float] = []
            while len(batch["obs"]) < config.steps_per_update:
                plans = [
                    EpisodePlan(games + k, py_rng.randrange(game.num_players), league.draw(py_rng))
                    for k in range(config.wave)
                ]
                parts = [plans[k :: rollouts.workers] for k in range(min(rollouts.workers, len(plans)))]
                jobs = [
                    RolloutJob(
                        config.game,
                        config.options,
                        config.seed,
                        policy.params,
                        list(league.snapshots),
                        part,
                        config.reward,
                        config.never,
                    )
                    for part in parts
                ]
                played = dict(zip([p.number for part in parts for p in part], rollouts.play(jobs), strict=True))
                for plan in plans:  # counted in the order drawn, whoever played them
                    episode = played[plan.number]
                    games += 1
                    returns.append(episode.reward)
                    if league.record(plan.opponent, episode.reward):
                        say(f"game {games}: the learner moves on to the {league.stage_bot} stage")
                    adv, ret = advantages(episode, config.gamma, config.lam)
                    for key, values in (
                        ("obs", episode.obs),
                        ("legal", episode.legal),
                        ("action", episode.action),
                        ("logp", episode.logp),
                        ("adv", adv),
                        ("ret", ret),
                    ):
                        batch[key].extend(values)
            stats = _learn(policy, batch, game.num_distinct_actions, config, rng)
            decisions += len(batch["obs"])
            update += 1
            row: dict[str, Any] = {
                "update": update,
                "games": games,
                "decisions": decisions,
                "seconds": round(time.perf_counter() - started, 1),
                "stage": league.stage_bot,
                "mean_return": round(float(np.mean(returns)), 4),
                **{k: round(v, 5) for k, v in stats.items() if k in LOG_FIELDS},
            }
            net = policy.to_net(game, {**meta, "update": update, "games": games})
            if update % config.snapshot_every == 0:
                league.add_snapshot(net)
            if update % config.checkpoint_every == 0:
                net.save(out / "checkpoints" / f"update-{update}.npz")
                net.save(weights)
            if update % config.eval_every == 0 or update == 1:
                for opponent, key in (("random-no-concede", "eval_random"), ("greedy", "eval_greedy")):
                    share, low, high = evaluate(
                        game, net, opponent, config.eval_games, config.seed + EVAL_SEED_OFFSET, rollouts.pool
                    )
                    row.update({key: round(share, 4), f"{key}_low": round(low, 4), f"{key}_high": round(high, 4)})
            with open(log_path, "a", newline="") as handle:
                csv.writer(handle).writerow([row.get(k, "") for k in LOG_FIELDS])
            evaluated = (
                f", vs random {row['eval_random']:.0%}, vs greedy {row['eval_greedy']:.0%}"
                if "eval_greedy" in row
                else ""
            )
            say(
                f"update {update}: {games} games, {decisions} decisions, {row['seconds']:.0f} s, stage "
                f"{league.stage_bot}, mean return {row['mean_return']:+.3f}{evaluated}"
            )
    except BaseException:  # Ctrl-C or a failure: end the workers now, not after their games
        rollouts.close(at_once=True)
        raise
    rollouts.close()
    policy.to_net(game, {**meta, "update": update, "games": games}).save(weights)
    plot(log_path, out / "curve.png", config.game)
    return weights


def _learn(
    policy: MaskedPolicy, batch: dict[str, list[Any]], actions: int, config: PPOConfig, rng: np.random.Generator
) -> dict[str, float]:
    n = len(batch["obs"])
    obs = np.stack(batch["obs"]).astype(np.float32)
    mask = np.zeros((n, actions), dtype=bool)
    for i, legal in enumerate(batch["legal"]):
        mask[i, legal] = True
    action = np.array(batch["action"])
    logp = np.array(batch["logp"])
    adv = np.array(batch["adv"])
    adv = (adv - adv.mean()) / (adv.std() + 1e-8)
    ret = np.array(batch["ret"])
    totals: dict[str, float] = {}
    count = 0
    for _ in range(config.epochs):
        order = rng.permutation(n)
        for start in range(0, n, config.minibatch):
            part = order[start : start + config.minibatch]
            stats = policy.update(
                {"obs": obs[part], "mask": mask[part], "action": action[part], "logp": logp[part],
                 "adv": adv[part], "ret": ret[part]},
                config,
            )  # fmt: skip
            for k, v in stats.items():
                totals[k] = totals.get(k, 0.0) + v
            count += 1
    return {k: v / count for k, v in totals.items()}


def plot(log_path: Path, png: Path, game: str) -> None:
    """The learning curve: win share against random and greedy (95% intervals) by games played."""
    with open(log_path, newline="") as handle:
        rows = [r for r in csv.DictReader(handle) if r["eval_greedy"]]
    figure = Figure(figsize=(7, 4))
    FigureCanvasAgg(figure)
    axis = figure.add_subplot()
    for key, label in (("eval_random", "vs random-no-concede"), ("eval_greedy", "vs greedy")):
        x = [int(r["games"]) for r in rows]
        y = [float(r[key]) for r in rows]
        low = [float(r[f"{key}_low"]) for r in rows]
        high = [float(r[f"{key}_high"]) for r in rows]
        axis.plot(x, y, marker="o", label=label)
        axis.fill_between(x, low, high, alpha=0.2)
    axis.set_xlabel("self-play games")
    axis.set_ylabel("win share (the policy's top move)")
    axis.set_ylim(0, 1)
    axis.set_title(f"{game}: masked PPO with a league")
    axis.legend()
    figure.tight_layout()
    figure.savefig(png, dpi=100)


def main(argv: list[str] | None = None) -> None:
    parser = argparse.ArgumentParser(prog="python -m magnates.learn.ppo", description=__doc__.split("\n")[0])
    parser.add_argument("game")
    parser.add_argument("--players", type=int, default=None)
    parser.add_argument("--out", type=Path, required=True, help="folder for the log, plot and weights")
    parser.add_argument("--minutes", type=float, default=60.0)
    parser.add_argument("--updates", type=int, default=None, help="stop after this many PPO updates")
    parser.add_argument("--seed", type=int, default=0)
    parser.add_argument("--steps", type=int, default=2048, help="learner decisions per update")
    parser.add_argument("--hidden", type=int, default=128)
    parser.add_argument("--eval-games", type=int, default=40)
    parser.add_argument("--eval-every", type=int, default=5)
    parser.add_argument("--workers", type=int, default=1, help="processes playing the games (or Ray workers)")
    parser.add_argument("--backend", choices=("local", "ray"), default="local", help="local processes, or Ray")
    parser.add_argument(
        "--reward", choices=REWARDS, default="terminal", help="the game's return only, or shaped by its potential"
    )
    parser.add_argument(
        "--never",
        action="append",
        default=[],
        metavar="KIND",
        help="an action kind the learner never takes unless nothing else is legal (repeatable)",
    )
    parser.add_argument("--gamma", type=float, default=0.99, help="the discount of future rewards")
    args = parser.parse_args(argv)
    options = {} if args.players is None else {"players": args.players}
    config = PPOConfig(
        game=args.game,
        options=options,
        seed=args.seed,
        minutes=args.minutes,
        max_updates=args.updates,
        hidden=args.hidden,
        steps_per_update=args.steps,
        eval_games=args.eval_games,
        eval_every=args.eval_every,
        checkpoint_every=args.eval_every,
        workers=args.workers,
        backend=args.backend,
        reward=args.reward,
        never=tuple(args.never),
        gamma=args.gamma,
    )
    try:
        weights = train(config, args.out)
    except (ValueError, OSError) as error:  # a bad game, option or folder: say what, not a traceback
        parser.exit(2, f"{parser.prog}: error: {error}\n")
    except KeyboardInterrupt:
        parser.exit(130, f"{parser.prog}: stopped; the last checkpoint is in {args.out / 'checkpoints'}\n")
    print(f"weights: {weights} (play them as the bot learned:{weights}); curve: {args.out / 'curve.png'}")


if __name__ == "__main__":
    main()
