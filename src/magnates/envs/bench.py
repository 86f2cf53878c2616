"""How fast an agent can play through the PettingZoo env, beside the raw engine in the same run.

An agent step is one decision taken through the AEC API as a learner would: `last()` (the
observation vector, the action mask and the info), a uniformly random legal action, and `step()`
(which resolves the chance that follows). The raw engine's figure counts the same decisions in
random playouts on action ids (no view, no encoding), so the ratio is the wrapper's cost. Both
agents pick the same way, `random.Random.randrange` over a list of the legal ids: the raw loop's
from the engine, the env's from `info["legal_actions"]` (what the env hands every deciding agent),
so the agent's own cost is the same on both sides and the difference is the env's. Only whole
games are counted.
"""

from __future__ import annotations

import random
import time
from collections.abc import Callable
from dataclasses import dataclass
from typing import Any

from magnates.core.chance import sample
from magnates.core.game import CHANCE, TERMINAL, Game
from magnates.envs.aec import MagnatesAECEnv, aec_env
from magnates.envs.concessions import concession_ids, without_concessions


@dataclass(frozen=True)
class EnvBenchResult:
    game: str
    options: dict[str, Any]
    concessions: bool
    env_games: int
    env_steps: int
    env_seconds: float
    raw_games: int
    raw_decisions: int
    raw_seconds: float
    env_rates: tuple[float, ...] = ()
    """Every run's env steps/s when the benchmark was repeated (the best is the one reported)."""
    raw_rates: tuple[float, ...] = ()
    """Every run's raw decisions/s when repeated."""

    @property
    def env_steps_per_second(self) -> float:
        return self.env_steps / self.env_seconds if self.env_seconds > 0 else 0.0

    @property
    def raw_decisions_per_second(self) -> float:
        return self.raw_decisions / self.raw_seconds if self.raw_seconds > 0 else 0.0

    @property
    def slowdown(self) -> float:
        """How many times slower a decision is through the env than in the raw engine."""
        env = self.env_steps_per_second
        return self.raw_decisions_per_second / env if env > 0 else 0.0

    def to_json(self) -> dict[str, Any]:
        return {
            "game": self.game,
            "options": self.options,
            "concessions": self.concessions,
            "env_games": self.env_games,
            "env_steps": self.env_steps,
            "env_seconds": self.env_seconds,
            "env_steps_per_second": self.env_steps_per_second,
            "env_steps_per_game": self.env_steps / self.env_games if self.env_games else 0.0,
            "raw_games": self.raw_games,
            "raw_decisions": self.raw_decisions,
            "raw_seconds": self.raw_seconds,
            "raw_decisions_per_second": self.raw_decisions_per_second,
            "slowdown": self.slowdown,
            "repeat": max(1, len(self.env_rates)),
            "env_rates": list(self.env_rates),
            "raw_rates": list(self.raw_rates),
        }


CLOCKS: dict[str, Callable[[], float]] = {"wall": time.perf_counter, "cpu": time.process_time}
"""What a benchmark's seconds are: wall-clock, or this process's CPU time (steadier on a shared machine)."""


def raw_decisions(
    game: Game, seconds: float, seed: int, concessions: bool = False, clock: str = "wall"
) -> tuple[int, int, float]:
    """Random playouts on action ids for about `seconds`: (games, decisions, seconds)."""
    rng = random.Random(seed)
    masked = frozenset() if concessions else concession_ids(game)
    games = decisions = 0
    timer = CLOCKS[clock]
    started = timer()
    elapsed = 0.0
    while games < 1 or elapsed < seconds:
        decisions += raw_game(game, masked, rng)
        games += 1
        elapsed = timer() - started
    return games, decisions, elapsed


def raw_game(game: Game, masked: frozenset[int], rng: random.Random, chance: random.Random | None = None) -> int:
    """One whole game of random legal action ids on the engine (concessions `masked` unless forced),
    chance drawn from `chance` (default: `rng`); the number of decisions."""
    chance = rng if chance is None else chance
    state = game.new_initial_state()
    decisions = 0
    while True:
        player = state.current_player()
        if player == TERMINAL:
            return decisions
        if player == CHANCE:
            state.apply_action(sample(state.chance_outcomes(), chance))
            continue
        legal = without_concessions(state.legal_actions(), masked)
        state.apply_action(legal[rng.randrange(len(legal))])
        decisions += 1


def env_steps(
    name: str,
    options: dict[str, Any],
    seconds: float,
    seed: int,
    concessions: bool = False,
    clock: str = "wall",
    observe: bool = True,
) -> tuple[int, int, float]:
    """Random legal actions from the infos' legal ids through the AEC env: (games, agent steps, seconds).

    `observe=False` makes only the deciding agent's mask instead of `last()`: the same games without
    the observation vector, so that the difference is what the observation costs."""
    env = aec_env(name, concessions=concessions, **options)
    rng = random.Random(seed)
    games = steps = 0
    timer = CLOCKS[clock]
    started = timer()
    elapsed = 0.0
    while games < 1 or elapsed < seconds:
        steps += env_game(env, rng.getrandbits(31), rng, observe)
        games += 1
        elapsed = timer() - started
    return games, steps, elapsed


def env_game(env: MagnatesAECEnv, seed: int, rng: random.Random, observe: bool = True) -> int:
    """One whole game through the AEC env from `reset(seed=seed)`: `last()` (or, without `observe`,
    only the deciding agent's mask), a random id of the info's `legal_actions`, `step()`; the number
    of agent steps."""
    env.reset(seed=seed)
    steps = 0
    for agent in env.agent_iter():
        if observe:
            _observation, _reward, terminated, truncated, info = env.last()
        else:
            terminated, truncated, info = env.terminations[agent], env.truncations[agent], env.infos[agent]
            env.driver.mask(env.agent_name_mapping[agent])
        if terminated or truncated:
            env.step(None)
            continue
        legal = info["legal_actions"]
        env.step(legal[rng.randrange(len(legal))])
        steps += 1
    return steps


def bench_env(
    name: str,
    options: dict[str, Any],
    seconds: float = 5.0,
    seed: int = 0,
    concessions: bool = False,
    clock: str = "wall",
    repeat: int = 1,
) -> EnvBenchResult:
    """The env's agent steps/s and the raw engine's decisions/s, each for about `seconds` of `clock`
    ("wall" or "cpu"). With `repeat` above 1 the two alternate that many times, each run playing the
    same games (same seed), and the fastest run of each is kept: on a shared machine other jobs only
    ever slow a run down, so the best of several is the steadiest figure of the code itself."""
    if clock not in CLOCKS:
        raise ValueError(f"clock must be one of {', '.join(CLOCKS)}, not {clock!r}")
    if repeat < 1:
        raise ValueError(f"repeat must be at least 1, not {repeat}")
    game = aec_env(name, concessions=concessions, **options).game
    env_runs: list[tuple[int, int, float]] = []
    raw_runs: list[tuple[int, int, float]] = []
    for _ in range(repeat):
        env_runs.append(env_steps(name, options, seconds, seed, concessions, clock))
        raw_runs.append(raw_decisions(game, seconds, seed, concessions, clock))
    env_games, steps, env_seconds = max(env_runs, key=_rate)
    raw_games, decisions, raw_seconds = max(raw_runs, key=_rate)
    return EnvBenchResult(
        game=name,
        options=dict(game.options),
        concessions=concessions,
        env_games=env_games,
        env_steps=steps,
        env_seconds=env_seconds,
        raw_games=raw_games,
        raw_decisions=decisions,
        raw_seconds=raw_seconds,
        env_rates=tuple(_rate(run) for run in env_runs) if repeat > 1 else (),
        raw_rates=tuple(_rate(run) for run in raw_runs) if repeat > 1 else (),
    )


def _rate(run: tuple[int, int, float]) -> float:
    """Steps (or decisions) per second of one run (games, steps, seconds)."""
    return run[1] / run[2] if run[2] > 0 else 0.0
