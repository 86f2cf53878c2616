"""How long the search-only `expert` (`magnates.bots.search_expert`) takes a decision on one core.

    python benchmarks/search_expert_time.py magistrate --players 3 --games 2 [--start 0]

Plays games with the expert as `magnates.bots.search_expert.CANDIDATES` makes it (its simulations,
and a limit of 0.45 s of its thread's CPU time) in one seat, `greedy` in the others, game i from
seed i, the seat i % players. Prints per decision the CPU time of this process
(`time.process_time`: the core's work, whatever else the machine runs) and the wall time, mean and
slowest of each. Decisions with a single legal action are not counted.
"""

from __future__ import annotations

import argparse
import os
import random
import time

import magnates
from magnates.bots import make_bot
from magnates.bots.search_expert import candidate_preset
from magnates.core.chance import sample


def main() -> None:
    parser = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    parser.add_argument("game")
    parser.add_argument("--players", type=int, default=None)
    parser.add_argument("--games", type=int, default=2)
    parser.add_argument("--start", type=int, default=0)
    args = parser.parse_args()
    game = magnates.load(args.game) if args.players is None else magnates.load(args.game, players=args.players)
    expert = candidate_preset(game).build("expert")
    greedy = make_bot("greedy", game)
    cpu: list[float] = []
    wall: list[float] = []
    for index in range(args.start, args.start + args.games):
        rng = random.Random(index)
        seat = index % game.num_players
        state = game.new_initial_state()
        while not state.is_terminal():
            if state.is_chance_node():
                state.apply_action(sample(state.chance_outcomes(), rng))
                continue
            player = state.current_player()
            legal = list(state.legal_actions())
            if player != seat or len(legal) == 1:
                state.apply_action(legal[0] if len(legal) == 1 else greedy.choose(game, state.view(player), legal, rng))
                continue
            began_cpu, began_wall = time.process_time(), time.perf_counter()
            action = expert.choose(game, state.view(player), legal, rng)
            cpu.append(time.process_time() - began_cpu)
            wall.append(time.perf_counter() - began_wall)
            state.apply_action(action)
        print(f"game {index}: seat {seat}, {len(cpu)} decisions so far", flush=True)
    if not cpu:
        parser.error("no decisions timed")
    print(
        f"{game.name} {game.num_players} players, expert {candidate_preset(game).simulations} simulations: "
        f"{len(cpu)} decisions; CPU s mean {sum(cpu) / len(cpu):.3f}, slowest {max(cpu):.3f}; "
        f"wall s mean {sum(wall) / len(wall):.3f}, slowest {max(wall):.3f}; load average {os.getloadavg()[0]:.1f}"
    )


if __name__ == "__main__":
    main()
