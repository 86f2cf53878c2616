"""Speed of `expert`'s leaf judge, and how many simulations its search fits in its time cap.

    python benchmarks/judge_speed.py magnate [--games 4] [--weights FILE]

`expert` judges every leaf of its search with a value network (`magnates.bots.learned.ValueJudge`),
so a leaf costs the network's input vector, its forward pass and the heuristic it is blended with.
The input can be encoded from the seat's view (build the view, then encode it) or straight from the
state by the encoder's exact fast path (`magnates.bots.observation.Observer`; the two are proven
equal in tests/envs/test_fast_encoding.py). This prints both judges' time per call on the decision
points of a few greedy games, then runs `expert`'s own search (its `hard` preset's simulations and
time cap, without the plan check) at each of those points with each judge: mean simulations done,
how many searches reached the full budget, and mean seconds. The search stops at a wall-clock cap,
so run it on an idle core.
"""

from __future__ import annotations

import argparse
import random
import statistics
import time
from dataclasses import replace

import numpy as np

import magnates
from magnates.bots.ismcts import ISMCTSBot
from magnates.bots.learned import EXPERT_HEURISTIC_WEIGHT, NumpyNet, ValueJudge, expert_preset, shipped_net
from magnates.bots.playout import rollout_policy
from magnates.core.chance import sample
from magnates.core.game import Game, State


def view_judge(net: NumpyNet, game: Game) -> ValueJudge:
    """`expert`'s judge reading the network's input from the seat's view (the slower path)."""
    judge = ValueJudge(net, game, EXPERT_HEURISTIC_WEIGHT)
    encoder = judge.encoder
    judge.observe = lambda state, seat: np.asarray(encoder.encode(state.view(seat)), dtype=np.float32)
    return judge


def decision_points(game: Game, games: int, every: int = 5) -> list[State]:
    """Every `every`-th real choice of `games` games played by the game's rollout policy."""
    policy = rollout_policy(game, "rollout_action")
    found: list[State] = []
    for seed in range(games):
        rng = random.Random(seed)
        state = game.new_initial_state()
        count = 0
        while not state.is_terminal():
            if state.is_chance_node():
                state.apply_action(sample(state.chance_outcomes(), rng))
                continue
            if len(state.legal_actions()) > 1:
                count += 1
                if count % every == 0:
                    found.append(state.clone())
            state.apply_action(policy(state, rng))
    return found


def main() -> None:
    parser = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    parser.add_argument("game")
    parser.add_argument("--games", type=int, default=4)
    parser.add_argument("--weights", help="a .npz to judge with instead of the shipped expert's")
    args = parser.parse_args()
    game = magnates.load(args.game)
    net = NumpyNet.load(args.weights) if args.weights else shipped_net("expert", game)
    if net is None:
        parser.error(f"no shipped expert weights fit {game.name}; name a file with --weights")
    points = decision_points(game, args.games)
    judges = {
        "view, then encode": view_judge(net, game),
        "from the state": ValueJudge(net, game, EXPERT_HEURISTIC_WEIGHT),
    }
    print(f"{game.name}: {len(points)} decision points of {args.games} greedy games")
    for label, judge in judges.items():
        start = time.perf_counter()
        calls = 0
        for _ in range(3):
            for state in points:
                for seat in range(game.num_players):
                    judge(state, seat)
                    calls += 1
        print(f"  judge, {label}: {1e6 * (time.perf_counter() - start) / calls:.0f} us a call")
    search = replace(expert_preset(game), check_plans=0)
    for label, judge in judges.items():
        bot = search.build("expert-search", judge)
        if not isinstance(bot, ISMCTSBot):
            parser.error(f"{game.name}'s expert does not search with ISMCTS")
        done, seconds = [], []
        for index, state in enumerate(points):
            player = state.current_player()
            start = time.perf_counter()
            bot.search(game, state.view(player), state.legal_actions(), random.Random(index))
            seconds.append(time.perf_counter() - start)
            done.append(bot.last_simulations)
        full = sum(n >= (search.simulations or 0) for n in done)
        print(
            f"  search, judge {label}: {statistics.mean(done):.0f} simulations a search "
            f"(budget {search.simulations}, cap {search.seconds} s; {full} of {len(done)} searches reached it), "
            f"mean {statistics.mean(seconds):.3f} s"
        )


if __name__ == "__main__":
    main()
