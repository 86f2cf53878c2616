"""A search bot against a game's greedy bot: win rate with seats swapped, and time per decision.

    python benchmarks/search_bots.py magnate hard --games 400 [--start 0] [--step 1] [--set simulations=400]

Game i uses seed i and gives the search bot seat i % 2 (run two copies with --start 0/1 --step 2
to use two cores). One line per game (index, seat, return, decisions, seconds, slowest decision),
then a summary. Decisions with a single legal action are not timed (the bot does not search them).
`magnates arena GAME --bots hard,greedy` gives the same win rates without the timing.
`--set field=value` (repeatable) changes a field of the search preset for a study; tune on games
other than those of a measurement you report (for example `--start 10000 --games 10200`).
"""

from __future__ import annotations

import argparse
import math
import random
import time
from collections.abc import Mapping
from typing import Any

import magnates
from magnates.bots import make_bot
from magnates.bots.presets import LEVELS, search_bot
from magnates.core.bot import Bot
from magnates.core.chance import sample
from magnates.core.game import Game, State


class Timed:
    """Wraps a bot and records how long each real decision took."""

    def __init__(self, bot: Bot) -> None:
        self.bot = bot
        self.name = bot.name
        self.times: list[float] = []

    def choose(self, game: Game, view: Mapping[str, Any], legal: list[int], rng: random.Random) -> int:
        start = time.perf_counter()
        action = self.bot.choose(game, view, legal, rng)
        if len(legal) > 1:
            self.times.append(time.perf_counter() - start)
        return action


def play(game: Game, bots: list[Any], seed: int) -> State:
    chance = random.Random(f"chance-{seed}")
    rngs = [random.Random(f"bot-{seed}-{seat}") for seat in range(len(bots))]
    state = game.new_initial_state()
    while not state.is_terminal():
        if state.is_chance_node():
            action = sample(state.chance_outcomes(), chance)
        else:
            seat = state.current_player()
            action = bots[seat].choose(game, state.view(seat), list(state.legal_actions()), rngs[seat])
        state.apply_action(action)
    return state


def wilson(wins: int, n: int, z: float = 1.96) -> tuple[float, float]:
    p = wins / n
    centre = (p + z * z / (2 * n)) / (1 + z * z / n)
    half = z * math.sqrt(p * (1 - p) / n + z * z / (4 * n * n)) / (1 + z * z / n)
    return centre - half, centre + half


def parse_change(text: str) -> tuple[str, object]:
    """`simulations=400` -> ("simulations", 400): ints, floats, None, else the text itself."""
    field, sep, raw = text.partition("=")
    if not sep:
        raise SystemExit(f"--set wants FIELD=VALUE, not {text!r}")
    value: object = raw
    if raw == "None":
        value = None
    else:
        for kind in (int, float):
            try:
                value = kind(raw)
                break
            except ValueError:
                continue
    return field.strip(), value


def main() -> None:
    parser = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    parser.add_argument("game")
    parser.add_argument("bot")
    parser.add_argument("--opponent", default="greedy")
    parser.add_argument("--games", type=int, default=100)
    parser.add_argument("--start", type=int, default=0)
    parser.add_argument("--step", type=int, default=1)
    parser.add_argument("--set", action="append", default=[], metavar="FIELD=VALUE", help="change a preset field")
    args = parser.parse_args()
    game = magnates.load(args.game)
    changes = dict(parse_change(text) for text in args.set)
    if changes and args.bot not in LEVELS:
        parser.error(f"--set changes a search preset; {args.bot!r} is not one of {', '.join(LEVELS)}")
    timed = Timed(search_bot(args.bot, game, **changes) if changes else make_bot(args.bot, game))
    opponent = make_bot(args.opponent, game)
    wins = played = 0
    for index in range(args.start, args.games, args.step):
        seat = index % 2
        bots: list[Any] = [opponent, opponent]
        bots[seat] = timed
        before = len(timed.times)
        state = play(game, bots, index)
        result = state.returns()[seat]
        spent = timed.times[before:]
        wins += result > 0
        played += 1
        print(index, seat, result, len(spent), round(sum(spent), 3), round(max(spent, default=0.0), 3), flush=True)
    low, high = wilson(wins, played)
    times = sorted(timed.times)
    label = args.bot + "".join(f" {text}" for text in args.set)
    print(
        f"{label} vs {args.opponent}: {wins}/{played} wins ({wins / played:.1%}, 95% CI {low:.1%}-{high:.1%}); "
        f"{len(times)} decisions, mean {sum(times) / len(times):.3f} s, "
        f"median {times[len(times) // 2]:.3f} s, max {times[-1]:.3f} s"
    )


if __name__ == "__main__":
    main()
