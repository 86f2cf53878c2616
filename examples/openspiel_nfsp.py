"""Train OpenSpiel's NFSP (PyTorch) at two-player Magnate on its information-state tensor, and
measure the average policy against the uniformly random player.

Install (torch is in the `train` extra; take the CPU build first, see pyproject.toml):

    pip install 'magnates[rl,train]'
    python examples/openspiel_nfsp.py --episodes 300 --eval-games 200   # docs/envs.md's run
    python examples/openspiel_nfsp.py --episodes 20 --eval-games 20      # a quick look

Both seats are NFSP agents learning in self-play (neural fictitious self-play: a DQN best response
and a supervised average policy per seat) on `python_magnate` loaded with `perfect_recall=True`,
whose information-state tensor is the seat's observation plus every step of the game as the seat
saw it (the other seat's draws blanked; docs/envs.md). OpenSpiel's `rl_environment` samples the
dice and the draws and checks every move's legality. Before and after training, each seat's
average policy (sampling its moves) plays `--eval-games` games against the random player, half of
them in each chair, and after training its best response (the DQN's greedy move) too; the script
prints each win rate with its 95% Wilson interval, the training losses, the game lengths and the
time an information-state tensor takes.
"""

from __future__ import annotations

import argparse
import math
import sys
import time
from dataclasses import dataclass, field
from typing import Any

try:
    import numpy as np
    import pyspiel
    import torch
    from open_spiel.python import rl_environment
    from open_spiel.python.pytorch import nfsp
except ImportError as err:  # pragma: no cover - an example's own install line
    sys.exit(f"this example needs: pip install 'magnates[rl,train]' (torch, open-spiel) ({err})")

import magnates.envs.openspiel  # noqa: F401 - registers python_magnate
from magnates.sim.stats import wilson_interval


@dataclass
class Settings:
    """NFSP's knobs, sized for a CPU run of minutes (the tensor has about 13,500 floats, and every
    buffered transition holds one or two of them in float32)."""

    hidden: tuple[int, ...] = (128,)
    reservoir_capacity: int = 10_000
    replay_capacity: int = 5_000
    min_buffer_to_learn: int = 1_000
    batch_size: int = 128
    learn_every: int = 64
    anticipatory: float = 0.1
    rl_learning_rate: float = 0.01
    sl_learning_rate: float = 0.01
    epsilon_start: float = 0.06
    epsilon_end: float = 0.001
    epsilon_decay: int = 200_000
    seed: int = 0


@dataclass
class Training:
    """What a training run did."""

    episodes: int = 0
    decisions: int = 0
    lengths: list[int] = field(default_factory=list)
    truncated: int = 0  # games stopped at max_game_length (a draw)
    seconds: float = 0.0
    sl_losses: list[float] = field(default_factory=list)
    rl_losses: list[float] = field(default_factory=list)


@dataclass
class Evaluation:
    """Games of the average policy against the random player."""

    wins: int = 0
    draws: int = 0
    losses: int = 0
    truncated: int = 0  # of the draws, games stopped at max_game_length
    seconds: float = 0.0

    @property
    def games(self) -> int:
        return self.wins + self.draws + self.losses


def load_game(**params: Any) -> pyspiel.Game:
    """Two-player Magnate (official options) with the information-state tensor."""
    return pyspiel.load_game("python_magnate", {"players": 2, "perfect_recall": True, **params})


def make_agents(game: pyspiel.Game, settings: Settings) -> list[nfsp.NFSP]:
    size = game.information_state_tensor_size()
    return [
        nfsp.NFSP(
            player,
            size,
            game.num_distinct_actions(),
            list(settings.hidden),
            reservoir_buffer_capacity=settings.reservoir_capacity,
            anticipatory_param=settings.anticipatory,
            batch_size=settings.batch_size,
            rl_learning_rate=settings.rl_learning_rate,
            sl_learning_rate=settings.sl_learning_rate,
            min_buffer_size_to_learn=settings.min_buffer_to_learn,
            learn_every=settings.learn_every,
            replay_buffer_capacity=settings.replay_capacity,
            epsilon_start=settings.epsilon_start,
            epsilon_end=settings.epsilon_end,
            epsilon_decay_duration=settings.epsilon_decay,
            seed=settings.seed + 100 * player,
        )
        for player in range(game.num_players())
    ]


def train(game: pyspiel.Game, agents: list[nfsp.NFSP], episodes: int, seed: int = 0) -> Training:
    """Self-play episodes; every move is checked legal (by the environment and here)."""
    env = rl_environment.Environment(game, enable_legality_check=True)
    env.seed(seed)
    stats = Training()
    start = time.perf_counter()
    for _ in range(episodes):
        time_step = env.reset()
        while not time_step.last():
            player = time_step.observations["current_player"]
            output = agents[player].step(time_step)
            if output.action not in time_step.observations["legal_actions"][player]:
                raise RuntimeError(f"seat {player} chose the illegal action {output.action}")
            time_step = env.step([output.action])
            stats.decisions += 1
        for agent in agents:  # each seat sees the end (its reward)
            agent.step(time_step)
        state = env.get_state
        stats.lengths.append(len(state.history()))
        stats.truncated += int(state.truncated)
        stats.episodes += 1
        for agent in agents:
            sl, rl = agent.loss
            if sl is not None:
                stats.sl_losses.append(float(sl))
            if rl is not None:
                stats.rl_losses.append(float(rl))
    stats.seconds = time.perf_counter() - start
    return stats


def policy_action(
    agent: nfsp.NFSP, state: pyspiel.State, rng: np.random.Generator, mode: nfsp.MODE = nfsp.MODE.AVERAGE_POLICY
) -> int:
    """A move of the agent from its information-state tensor: its average policy's, sampled, or
    its best response's (the DQN's greedy move)."""
    player = state.current_player()
    legal = state.legal_actions(player)
    observations: dict[str, Any] = {
        "info_state": [None] * state.num_players(),
        "legal_actions": [[] for _ in range(state.num_players())],
        "current_player": player,
    }
    observations["info_state"][player] = state.information_state_tensor(player)
    observations["legal_actions"][player] = legal
    step = rl_environment.TimeStep(observations=observations, rewards=None, discounts=None, step_type=None)
    with agent.temp_mode_as(mode):
        probs = np.asarray(agent.step(step, is_evaluation=True).probs, np.float64)[legal]
    if not np.isfinite(probs).all() or probs.sum() <= 0:
        raise RuntimeError(f"the average policy gave no distribution over the legal moves: {probs}")
    action = int(rng.choice(legal, p=probs / probs.sum()))
    return action


def evaluate(
    game: pyspiel.Game,
    agents: list[nfsp.NFSP],
    games: int,
    seed: int = 0,
    mode: nfsp.MODE = nfsp.MODE.AVERAGE_POLICY,
) -> Evaluation:
    """`games` games against the uniformly random player, the learner in each chair by turns
    (seat s is played by agent s, which learned that chair), in `mode`."""
    rng = np.random.default_rng(seed)
    result = Evaluation()
    start = time.perf_counter()
    for index in range(games):
        seat = index % 2
        state = game.new_initial_state()
        while not state.is_terminal():
            if state.is_chance_node():
                outcomes, probabilities = zip(*state.chance_outcomes(), strict=True)
                state.apply_action(int(rng.choice(outcomes, p=probabilities)))
            elif state.current_player() == seat:
                action = policy_action(agents[seat], state, rng, mode)
                if action not in state.legal_actions():
                    raise RuntimeError(f"the {mode.name} policy chose the illegal action {action}")
                state.apply_action(action)
            else:
                state.apply_action(int(rng.choice(state.legal_actions())))
        mine = state.returns()[seat]
        result.wins += mine > 0
        result.draws += mine == 0
        result.losses += mine < 0
        result.truncated += int(state.truncated)
    result.seconds = time.perf_counter() - start
    return result


def tensor_cost(game: pyspiel.Game, calls: int = 200, seed: int = 0) -> float:
    """Seconds an information-state tensor takes (the returned list included), over the states
    of a random game."""
    rng = np.random.default_rng(seed)
    state, spent, made = game.new_initial_state(), 0.0, 0
    while not state.is_terminal() and made < calls:
        if state.is_chance_node():
            outcomes, probabilities = zip(*state.chance_outcomes(), strict=True)
            state.apply_action(int(rng.choice(outcomes, p=probabilities)))
            continue
        begin = time.perf_counter()
        state.information_state_tensor(state.current_player())
        spent += time.perf_counter() - begin
        made += 1
        state.apply_action(int(rng.choice(state.legal_actions())))
    return spent / max(made, 1)


def report(label: str, result: Evaluation) -> str:
    low, high = wilson_interval(result.wins, result.games)
    return (
        f"{label}: won {result.wins} of {result.games} against random "
        f"({result.wins / max(result.games, 1):.1%}, 95% CI {low:.1%}-{high:.1%}), "
        f"{result.draws} drawn ({result.truncated} at the cap), {result.seconds / max(result.games, 1):.2f} s a game"
    )


def mean(values: list[float]) -> float:
    return sum(values) / len(values) if values else math.nan


def main(argv: list[str] | None = None) -> None:
    parser = argparse.ArgumentParser(description=__doc__, formatter_class=argparse.RawDescriptionHelpFormatter)
    parser.add_argument("--episodes", type=int, default=300, help="self-play training games")
    parser.add_argument("--eval-games", type=int, default=200, help="games against random, before and after")
    parser.add_argument("--hidden", type=int, nargs="+", default=[128], help="hidden layer sizes")
    parser.add_argument("--seed", type=int, default=0)
    parser.add_argument(
        "--threads", type=int, default=1, help="torch threads (1: small networks run faster on one core)"
    )
    args = parser.parse_args(argv)
    torch.set_num_threads(args.threads)
    settings = Settings(hidden=tuple(args.hidden), seed=args.seed)
    game = load_game()
    print(
        f"{game}: information-state tensor of {game.information_state_tensor_size():,} floats "
        f"({game.observation_tensor_size()} observation + {game.max_game_length()} step slots), "
        f"{tensor_cost(game) * 1e3:.2f} ms a tensor",
        flush=True,
    )
    agents = make_agents(game, settings)
    print(report("untrained", evaluate(game, agents, args.eval_games, seed=args.seed + 1)), flush=True)
    stats = train(game, agents, args.episodes, seed=args.seed)
    tail = max(1, len(stats.sl_losses) // 10)
    print(
        f"trained {stats.episodes} episodes ({stats.decisions} decisions) in {stats.seconds:.0f} s "
        f"({stats.seconds / max(stats.episodes, 1):.2f} s an episode); game length mean "
        f"{mean([float(n) for n in stats.lengths]):.0f}, longest {max(stats.lengths, default=0)}, "
        f"{stats.truncated} stopped at the cap; last losses: average-policy (cross-entropy) "
        f"{mean(stats.sl_losses[-tail:]):.3f}, best-response (DQN) {mean(stats.rl_losses[-tail:]):.4f}",
        flush=True,
    )
    print(report("trained, average policy", evaluate(game, agents, args.eval_games, seed=args.seed + 1)), flush=True)
    best = evaluate(game, agents, args.eval_games, seed=args.seed + 1, mode=nfsp.MODE.BEST_RESPONSE)
    print(report("trained, best response (greedy DQN)", best), flush=True)


if __name__ == "__main__":
    main()
