"""Instructions an env step executes, against a raw engine decision: the steadiest speed figure.

On a shared machine, timings of the same code swing by half between runs; the number of machine
instructions a step executes does not. This script runs N seeded whole games under valgrind's
callgrind twice, through the AEC env (`last()` for the observation, mask and infos, a random legal
action from `info["legal_actions"]`, `step()`) and through the raw engine (the same random pick from
the engine's legal list, chance sampled alike; as in `magnates bench GAME --env`, the env's legal
ids come sorted, so the two play the same seeds but not move for move the same games), and once more
each with no game, to subtract the start-up. It prints instructions a decision for both and their
ratio. An instruction of the env costs more time than one of the engine (numpy calls, new arrays),
so the ratio in instructions is lower than the ratio in time that `magnates bench GAME --env`
prints; what it gives is a figure that moves only when the code does, for comparing two versions.

    python benchmarks/env_instructions.py magnate --games 10
    python benchmarks/env_instructions.py magistrate --games 10 --players 3

Needs valgrind (Debian: `apt-get install valgrind`). Each run takes a minute or two: callgrind runs
the interpreter some 50 times slower.
"""

from __future__ import annotations

import argparse
import os
import random
import re
import shutil
import subprocess
import sys

from magnates.envs.aec import aec_env
from magnates.envs.bench import env_game, raw_game
from magnates.envs.concessions import concession_ids
from magnates.games import load

COLLECTED = re.compile(r"Collected\s*:\s*(\d+)")
STEADY = {"PYTHONHASHSEED": "0", "OPENBLAS_NUM_THREADS": "1", "OMP_NUM_THREADS": "1", "MKL_NUM_THREADS": "1"}
"""The runs' environment: hashing fixed, and no BLAS thread pool. numpy's OpenBLAS starts one thread
per core on import, and their spinning while idle counted millions of instructions that varied from
run to run with the timing (two runs of the same games differed by up to 3% a decision)."""


def play(mode: str, game_name: str, games: int, players: int | None) -> int:
    """Play `games` seeded games in `mode` ("env" or "raw"); the number of decisions made."""
    options = {} if players is None else {"players": players}
    rng = random.Random(1)
    if mode == "env":
        env = aec_env(game_name, **options)
        return sum(env_game(env, seed, rng) for seed in range(games))
    game = load(game_name, **options)
    masked = concession_ids(game)
    return sum(raw_game(game, masked, rng, random.Random(seed)) for seed in range(games))


def counted(mode: str, game: str, games: int, players: int | None) -> tuple[int, int]:
    """(instructions, decisions) of one run of `play` under callgrind."""
    command = [
        "valgrind",
        "--tool=callgrind",
        "--callgrind-out-file=/dev/null",
        sys.executable,
        __file__,
        game,
        "--play",
        mode,
        "--games",
        str(games),
    ]
    if players is not None:
        command += ["--players", str(players)]
    done = subprocess.run(command, capture_output=True, text=True, env={**os.environ, **STEADY})
    found = COLLECTED.search(done.stderr)
    if done.returncode != 0 or found is None:
        raise SystemExit(f"callgrind run failed ({' '.join(command)}):\n{done.stderr[-2000:]}")
    steps = int(done.stdout.split()[-1]) if done.stdout.strip() else 0
    return int(found.group(1)), steps


def main() -> None:
    parser = argparse.ArgumentParser(description=__doc__.split("\n\n")[0])
    parser.add_argument("game")
    parser.add_argument("--games", type=int, default=10, help="seeded whole games (seeds 0 to N-1)")
    parser.add_argument("--players", type=int, default=None, help="seats (default: the game's default)")
    parser.add_argument("--play", choices=("env", "raw"), help=argparse.SUPPRESS)  # the run under valgrind
    args = parser.parse_args()
    if args.play:
        print(play(args.play, args.game, args.games, args.players))
        return
    if shutil.which("valgrind") is None:
        raise SystemExit("valgrind is not installed (Debian: apt-get install valgrind)")
    if args.games < 1:
        raise SystemExit("--games must be at least 1")
    per_step = {}
    for mode in ("env", "raw"):
        start, _ = counted(mode, args.game, 0, args.players)
        total, steps = counted(mode, args.game, args.games, args.players)
        per_step[mode] = (total - start) / steps
        print(f"{mode:>4}: {per_step[mode]:,.0f} instructions a decision ({steps:,} decisions, {args.games} games)")
    print(f"ratio: {per_step['env'] / per_step['raw']:.2f}")


if __name__ == "__main__":
    main()
