"""The training loop behind `magnates train`: self-play, learning, checkpoints, log, plot, export.

One round: play `chunk_games` self-play games (`magnates.learn.selfplay`, on `workers` processes),
add their samples to a window of the last `window` rounds' samples, and take `updates` Adam steps
on minibatches drawn from that window (by default one pass over the new samples: see "Learning the
game, not the games" in docs/reference/learned-bots.md). Every `checkpoint_every` games the whole run is saved
(network, optimizer, random streams, counters and the sample window) to `OUT/checkpoint.pt`, the
network is exported to `OUT/weights.npz` (and a copy under `OUT/snapshots/`), and a row goes to
`OUT/log.csv` with the training losses and the value loss on held-out games; every `eval_every`
games the network's `expert` plays `eval_games` games against `eval_against` (seats alternated,
the same seeds each time) and its win rate joins the log. `OUT/training.png` plots it.

A run is reproducible from its seed up to floating-point noise: game i is seeded from (seed, i),
whichever worker plays it; minibatches use a numpy generator and the initial weights torch's
generator, both saved in the checkpoint, so a resumed run continues exactly where it stopped (at
the last checkpoint: games played since are played again).
"""

from __future__ import annotations

import csv
import json
import random
import subprocess
import time
from collections.abc import Callable
from dataclasses import asdict, dataclass, field
from pathlib import Path
from typing import Any

import numpy as np
import torch

import magnates
from magnates.bots.learned import NumpyNet, expert_bot
from magnates.bots.playout import rollout_policy
from magnates.bots.registry import make_bot
from magnates.core.game import Game
from magnates.learn.network import PolicyValueNet, load_numpy, losses, to_numpy
from magnates.learn.selfplay import PRESET_ACTORS, GameLog, Samples, SelfPlayJob, make_actor, play_game, play_games
from magnates.sim.batch import WorkerPool, chunked
from magnates.sim.runner import derive_seed
from magnates.sim.runner import play_game as play_match
from magnates.sim.stats import wilson_interval

LOG_FIELDS = (
    "games",
    "samples",
    "updates",
    "seconds",
    "value_loss",
    "policy_loss",
    "holdout_value_loss",
    "eval_games",
    "eval_win_rate",
    "eval_low",
    "eval_high",
)

ACTORS = ("rollout", "search", *PRESET_ACTORS)
"""Who can play the self-play games (`TrainConfig.actor`)."""

OLDER_DEFAULTS: dict[str, Any] = {"policy": "rollout_action", "init": None}
"""Learning settings added since the first checkpoints, as runs saved before them had them."""


@dataclass
class TrainConfig:
    """Everything that decides what a run learns (saved with it, checked on `--resume`)."""

    game: str
    options: dict[str, Any]
    seed: int = 0
    games: int | None = None
    """Stop after this many self-play games in all (counting those before a resume)."""
    hours: float | None = None
    """Stop after this much training time in all (counting the time before a resume)."""
    chunk_games: int = 500
    updates: int = 0
    """Minibatch updates after each round; 0: one pass over that round's new samples."""
    batch: int = 256
    lr: float = 1e-3
    weight_decay: float = 1e-5
    hidden: int = 128
    layers: int = 2
    window: int = 1
    holdout_games: int = 100
    """Games of the rollout policy never trained on, whose value loss the log shows beside the
    training loss (a training loss far below it means the network learns the games by heart)."""
    sample_rate: float = 0.05
    """Share of a game's decisions kept as samples. Few per game: every sample of a game shares its
    outcome, and a network shown many of them learns the games by heart instead of the game."""
    explore: float = 0.05
    actor: str = "rollout"
    """Who plays the self-play and held-out games: `rollout` (the game's `policy`), `search` (the
    learned search with `actor_simulations`) or a search level (`PRESET_ACTORS`)."""
    actor_simulations: int = 16
    init: str | None = None
    """Exported weights (`.npz`) the network starts from instead of random ones: the same game,
    options, encoder and layer sizes."""
    policy: str = "rollout_action"
    """The game's hook that plays the `rollout` actor's games and the held-out games."""
    checkpoint_every: int = 500
    eval_every: int = 2000
    eval_games: int = 10
    eval_against: str = "hard"
    eval_simulations: int | None = None
    """A fixed search budget for the measured bot; None: `expert`'s own (time-limited) budget."""
    threads: int = 1
    workers: int = 1
    """Processes playing the self-play and evaluation games (each game seeded alone, so the
    samples do not depend on the worker count)."""
    command: str = ""

    def __post_init__(self) -> None:
        if self.games is None and self.hours is None:
            raise ValueError("say how long to train: --games N or --hours H")
        if self.actor not in ACTORS:
            raise ValueError(f"unknown actor {self.actor!r}; choose one of {', '.join(ACTORS)}")
        if not self.lr > 0.0:
            raise ValueError(f"the learning rate must be above 0, not {self.lr}")
        if not 0.0 < self.sample_rate <= 1.0:
            raise ValueError(f"sample_rate must be above 0 and at most 1, not {self.sample_rate}")
        if self.updates < 0 or self.workers < 1:
            raise ValueError("updates cannot be negative and workers must be at least 1")
        for name in ("chunk_games", "batch", "window", "checkpoint_every"):
            if getattr(self, name) < 1:
                raise ValueError(f"{name} must be at least 1")

    def learning_fields(self) -> dict[str, Any]:
        """The fields a resumed run must share with the one it resumes (stopping rules may change)."""
        data = asdict(self)
        for name in (
            "games",
            "hours",
            "command",
            "threads",
            "workers",
            "eval_every",
            "eval_games",
            "checkpoint_every",
            "holdout_games",
        ):
            data.pop(name)
        return json.loads(json.dumps(data, default=str))  # type: ignore[no-any-return]


@dataclass
class Progress:
    games: int = 0
    samples: int = 0
    updates: int = 0
    seconds: float = 0.0
    last_value_loss: float = float("nan")
    last_policy_loss: float = float("nan")
    holdout_value_loss: float = float("nan")
    evals: list[dict[str, float]] = field(default_factory=list)


def code_version() -> str:
    """`magnates.__version__` and the git commit of the source tree when there is one."""
    version = getattr(magnates, "__version__", "unknown")
    try:
        commit = subprocess.run(
            ["git", "rev-parse", "--short", "HEAD"],
            cwd=Path(__file__).resolve().parent,
            capture_output=True,
            text=True,
            timeout=5,
            check=False,
        ).stdout.strip()
    except (OSError, subprocess.SubprocessError):
        commit = ""
    return f"{version}+{commit}" if commit else str(version)


class Trainer:
    """One training run in `out`; `resume=True` continues its last checkpoint."""

    def __init__(self, config: TrainConfig, out: Path, *, resume: bool = False) -> None:
        self.config = config
        self.out = Path(out)
        self.game: Game = magnates.load(config.game, **config.options)
        self.encoder = self.game.observation_encoder()
        torch.set_num_threads(max(1, config.threads))
        torch.manual_seed(config.seed)
        self.net = PolicyValueNet(
            self.encoder.size,
            self.game.num_players,
            self.game.num_distinct_actions,
            hidden=config.hidden,
            layers=config.layers,
        )
        self.optimizer = torch.optim.Adam(self.net.parameters(), lr=config.lr, weight_decay=config.weight_decay)
        self.batches = np.random.default_rng(config.seed)
        self.window: list[Samples] = []
        self.progress = Progress()
        self.code = code_version()
        self.pool: WorkerPool | None = None
        rollout_policy(self.game, config.policy)  # a policy the game lacks is refused before any game
        self.start: dict[str, Any] = {}
        """What made the weights the run started from (`init`), for the exported weights' record."""
        if config.init is not None:
            start = NumpyNet.load(config.init)  # WeightsError (a ValueError) names what is wrong
            start.check(self.game, self.encoder)
            keys = ("command", "seed", "code_version", "training_seconds", "games", "actor", "policy")
            self.start = {key: start.meta[key] for key in keys if key in start.meta}
            if not resume:
                load_numpy(self.net, start)
        if not resume and (self.out / "checkpoint.pt").exists():
            raise FileExistsError(f"{self.out} already holds a training run; resume it with --resume or pick --out")
        self.holdout = self._holdout()
        if resume:
            self._load()

    # -- the loop --------------------------------------------------------------------------
    def done(self) -> bool:
        c, p = self.config, self.progress
        return (c.games is not None and p.games >= c.games) or (c.hours is not None and p.seconds >= c.hours * 3600)

    def run(self, on_round: Callable[[Progress], None] | None = None) -> Progress:
        self.out.mkdir(parents=True, exist_ok=True)
        (self.out / "config.json").write_text(json.dumps(asdict(self.config), indent=2, default=str) + "\n")
        with WorkerPool(self.config.workers) as pool:  # Ctrl-C or a failure ends the workers at once
            self.pool = pool
            try:
                self._rounds(on_round)
            finally:
                self.pool = None
        return self.progress

    def _map(self, work: Callable[[Any], list[Any]], jobs: list[Any]) -> list[Any]:
        """`work` over `jobs` (each a list of results), on the run's workers; results in job order."""
        if self.pool is None:
            return [result for job in jobs for result in work(job)]
        return [result for results in self.pool.map(work, jobs) for result in results]

    def _rounds(self, on_round: Callable[[Progress], None] | None) -> None:
        c = self.config
        while not self.done():
            started = time.perf_counter()
            count = c.chunk_games if c.games is None else min(c.chunk_games, c.games - self.progress.games)
            self._self_play(count)
            self._learn()
            self.progress.seconds += time.perf_counter() - started
            before = self.progress.games - count
            crossed = c.eval_every and self.progress.games // c.eval_every > before // c.eval_every
            evaluated = bool(c.eval_games and crossed)
            if evaluated:
                self.evaluate()
            if evaluated or self.progress.games // c.checkpoint_every > before // c.checkpoint_every or self.done():
                self.checkpoint()
            if on_round is not None:
                on_round(self.progress)

    def _self_play(self, count: int) -> None:
        c = self.config
        net = self.numpy_net() if c.actor == "search" else None
        seeds = [derive_seed(c.seed, "self-play", self.progress.games + k) for k in range(count)]
        jobs = [
            SelfPlayJob(
                c.game, c.options, part, c.sample_rate, c.explore, net, c.actor_simulations, c.policy, self.level
            )
            for part in chunked(seeds, c.workers)
        ]
        logs: list[GameLog] = self._map(play_games, jobs)
        chunk = Samples.concat([log.samples for log in logs])
        self.window = [*self.window, chunk][-c.window :]
        self.progress.games += count
        self.progress.samples += len(chunk)

    def _learn(self) -> None:
        c = self.config
        data = Samples.concat(self.window)
        if len(data) == 0:
            return
        obs_all = torch.from_numpy(data.obs.astype(np.float32))
        values_all = torch.from_numpy(data.values)
        self.net.train()
        value_sum = policy_sum = 0.0
        updates = c.updates or max(1, -(-len(self.window[-1]) // c.batch))
        order = self.batches.permutation(len(data)) if not c.updates else None
        for step in range(updates):
            if order is None:
                rows = self.batches.integers(0, len(data), size=min(c.batch, len(data)))
            else:  # a pass's worth of updates: no sample twice in a round
                rows = np.sort(order[step * c.batch : (step + 1) * c.batch])
            target, mask = data.dense_policy(rows, self.game.num_distinct_actions)
            index = torch.from_numpy(rows)
            value_loss, policy_loss = losses(
                self.net, obs_all[index], values_all[index], torch.from_numpy(target), torch.from_numpy(mask)
            )
            loss = value_loss + policy_loss
            self.optimizer.zero_grad()
            loss.backward()  # type: ignore[no-untyped-call]
            self.optimizer.step()
            value_sum += value_loss.item()
            policy_sum += policy_loss.item()
        self.progress.updates += updates
        self.progress.last_value_loss = value_sum / updates
        self.progress.last_policy_loss = policy_sum / updates

    # -- measuring -------------------------------------------------------------------------
    def _holdout(self) -> Samples | None:
        """Samples of `holdout_games` games of the run's rollout policy (or its search level) from a
        stream of their own (never trained on)."""
        c = self.config
        if c.holdout_games < 1:
            return None
        rng = random.Random(derive_seed(c.seed, "holdout", 0))
        actor = make_actor(self.game, None, c.actor_simulations, self.level)
        return Samples.concat(
            [
                play_game(
                    self.game, rng, sample_rate=c.sample_rate, explore=c.explore, actor=actor, policy_hook=c.policy
                ).samples
                for _ in range(c.holdout_games)
            ]
        )

    @property
    def level(self) -> str | None:
        """The search level that plays the self-play games, if a preset does."""
        return self.config.actor if self.config.actor in PRESET_ACTORS else None

    def holdout_value_loss(self) -> float:
        """The value loss (MSE) on the held-out games."""
        if self.holdout is None or len(self.holdout) == 0:
            return float("nan")
        self.net.eval()
        with torch.no_grad():
            predicted, _ = self.net(torch.from_numpy(self.holdout.obs.astype(np.float32)))
            return float(torch.mean((predicted - torch.from_numpy(self.holdout.values)) ** 2))

    def evaluate(self) -> dict[str, float]:
        """Win rate of the current network's search against `eval_against`, seats alternated.

        Game i has seed derive_seed(seed, "eval", i) in every evaluation, so successive rows of the
        log compare networks on the same deals and dice.
        """
        c = self.config
        net = self.numpy_net()
        seats = self.game.num_players
        jobs = [
            EvalJob(
                c.game, c.options, net, c.eval_simulations, c.eval_against, i % seats, derive_seed(c.seed, "eval", i)
            )
            for i in range(c.eval_games)
        ]
        wins = float(sum(self._map(play_eval_game, jobs)))
        low, high = wilson_interval(wins, c.eval_games)
        row = {"games": float(self.progress.games), "rate": wins / c.eval_games, "low": low, "high": high}
        self.progress.evals.append(row)
        return row

    # -- files -----------------------------------------------------------------------------
    def meta(self) -> dict[str, Any]:
        c = self.config
        return {
            "game": c.game,
            "options": dict(self.game.options),
            "seed": c.seed,
            "command": c.command,
            "code_version": self.code,
            "training_seconds": round(self.progress.seconds, 1),
            "games": self.progress.games,
            "samples": self.progress.samples,
            "actor": c.actor,
            "policy": c.policy,
            "encoder_size": self.encoder.size,
            **({"init": c.init, "init_meta": self.start} if c.init is not None else {}),
        }

    def numpy_net(self) -> NumpyNet:
        self.net.eval()
        return to_numpy(self.net, self.meta())

    def export(self, path: Path | None = None) -> Path:
        target = path or self.out / "weights.npz"
        self.numpy_net().save(target)
        return target

    def checkpoint(self) -> None:
        p = self.progress
        p.holdout_value_loss = self.holdout_value_loss()
        state = {
            "config": self.config.learning_fields(),
            "net": self.net.state_dict(),
            "optimizer": self.optimizer.state_dict(),
            "numpy_rng": self.batches.bit_generator.state,
            "torch_rng": torch.get_rng_state(),
            "progress": asdict(p),
            "window": [asdict(chunk) for chunk in self.window],
        }
        tmp = self.out / "checkpoint.pt.tmp"
        torch.save(state, tmp)
        tmp.replace(self.out / "checkpoint.pt")  # a run stopped mid-save keeps its previous checkpoint
        self.export()
        self.export(self.out / "snapshots" / f"weights-g{p.games:07d}.npz")
        self._write_log()
        self.plot()

    def _load(self) -> None:
        path = self.out / "checkpoint.pt"
        if not path.exists():
            raise FileNotFoundError(f"no checkpoint to resume in {self.out}")
        state = torch.load(path, weights_only=False)
        saved, now = {**OLDER_DEFAULTS, **state["config"]}, self.config.learning_fields()
        if saved != now:
            changed = sorted(k for k in set(saved) | set(now) if saved.get(k) != now.get(k))
            raise ValueError(f"--resume with other training settings than the run in {self.out}: {', '.join(changed)}")
        self.net.load_state_dict(state["net"])
        self.optimizer.load_state_dict(state["optimizer"])
        self.batches.bit_generator.state = state["numpy_rng"]
        torch.set_rng_state(state["torch_rng"])
        self.progress = Progress(**state["progress"])
        self.window = [Samples(**chunk) for chunk in state["window"]]

    def _write_log(self) -> None:
        """The log as CSV: one row per checkpoint (losses) and per evaluation (win rate)."""
        path = self.out / "log.csv"
        rows = self._rows()
        with path.open("w", newline="") as handle:
            writer = csv.DictWriter(handle, fieldnames=LOG_FIELDS)
            writer.writeheader()
            writer.writerows(rows)

    def _rows(self) -> list[dict[str, Any]]:
        history_path = self.out / "history.json"
        history: list[dict[str, Any]] = json.loads(history_path.read_text()) if history_path.exists() else []
        p = self.progress
        history = [row for row in history if row["games"] < p.games]
        row: dict[str, Any] = {
            "games": p.games,
            "samples": p.samples,
            "updates": p.updates,
            "seconds": round(p.seconds, 1),
            "value_loss": round(p.last_value_loss, 5),
            "policy_loss": round(p.last_policy_loss, 5),
            "holdout_value_loss": round(p.holdout_value_loss, 5),
            "eval_games": "",
            "eval_win_rate": "",
            "eval_low": "",
            "eval_high": "",
        }
        last = p.evals[-1] if p.evals else None
        if last is not None and int(last["games"]) == p.games:
            row.update(
                eval_games=self.config.eval_games,
                eval_win_rate=round(last["rate"], 4),
                eval_low=round(last["low"], 4),
                eval_high=round(last["high"], 4),
            )
        history.append(row)
        history_path.write_text(json.dumps(history) + "\n")
        return history

    def plot(self) -> Path | None:
        """Losses and win rate against training time, as `training.png` (None without rows yet)."""
        history_path = self.out / "history.json"
        if not history_path.exists():
            return None
        rows = json.loads(history_path.read_text())
        import matplotlib

        matplotlib.use("Agg")
        import matplotlib.pyplot as plt

        fig, (left, right) = plt.subplots(1, 2, figsize=(10, 4))
        minutes = [r["seconds"] / 60 for r in rows]
        left.plot(minutes, [r["value_loss"] for r in rows], ".-", label="value loss (MSE)")  # a dot: one row shows
        held = [(m, r["holdout_value_loss"]) for m, r in zip(minutes, rows, strict=True) if "holdout_value_loss" in r]
        if held:
            left.plot([m for m, _ in held], [v for _, v in held], ".-", label="value loss, held-out games")
        left.plot(minutes, [r["policy_loss"] for r in rows], ".-", label="policy loss (cross-entropy)")
        left.set_xlabel("training time (minutes)")
        left.legend()
        evals = [r for r in rows if r["eval_win_rate"] != ""]
        if evals:
            rates = [r["eval_win_rate"] for r in evals]
            lows = [r["eval_win_rate"] - r["eval_low"] for r in evals]
            highs = [r["eval_high"] - r["eval_win_rate"] for r in evals]
            right.errorbar([r["seconds"] / 60 for r in evals], rates, yerr=[lows, highs], marker="o", capsize=3)
        else:
            why = "switched off (--eval-games 0)" if self.config.eval_games < 1 else "not measured yet"
            right.text(0.5, 0.6, f"win rate: {why}", ha="center", transform=right.transAxes, color="grey")
        right.set_xlim(left.get_xlim())  # the same time axis on both sides
        right.axhline(1 / self.game.num_players, color="grey", linestyle=":", label="fair share")
        right.set_ylim(0, 1)
        right.set_xlabel("training time (minutes)")
        right.set_ylabel(f"win rate against {self.config.eval_against} (95% CI)")
        right.legend()
        fig.suptitle(f"magnates train {self.config.game}")
        fig.tight_layout()
        path = self.out / "training.png"
        fig.savefig(path, dpi=100)
        plt.close(fig)
        return path


@dataclass
class EvalJob:
    """One measuring game: the network's `expert` in `seat`, `against` in the others."""

    game: str
    options: dict[str, Any]
    net: NumpyNet
    simulations: int | None
    against: str
    seat: int
    seed: int


def play_eval_game(job: EvalJob) -> list[float]:
    """[1.0] when the measured bot alone won the game, else [0.0] (run in a worker process or here)."""
    game = magnates.load(job.game, **job.options)
    seats = game.num_players
    bots = [
        expert_bot(job.net, game, "learned", job.simulations) if s == job.seat else make_bot(job.against, game)
        for s in range(seats)
    ]
    outcome = play_match(game, bots, job.seed)
    return [1.0 if outcome.result is not None and outcome.result.winners == [job.seat] else 0.0]
