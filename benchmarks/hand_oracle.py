"""How much the hidden hands are worth in Magnate: a bot that is shown them, against `hard`.

    python benchmarks/hand_oracle.py expert --opponent hard --start 0 --games 200

A diagnostic, never a player: the studied bot (a search level or `expert`) is given the other
seats' true hands every time it guesses at the hidden cards (each determinization of its search and
of its plan check), while the order of the draw pile and the undealt Crowns stay hidden and are
sampled as usual. Its opponents guess honestly. The gap between this bot's win rate and the honest
one's on the same games bounds what any inference of the opponent's hand (a belief model instead of
uniform guesses) could add. Game i uses seed i and seat i % 2 and the streams of
`magnates.sim.strength`; one line per game in the format of `benchmarks/search_bots.py`, so
`benchmarks/compare_matches.py` reads them.
"""

from __future__ import annotations

import argparse
import random
import time
from collections.abc import Mapping
from typing import Any

import magnates
from magnates.bots import make_bot
from magnates.core.bot import Bot
from magnates.core.chance import sample
from magnates.core.game import Game, State
from magnates.games.magnate import view as views
from magnates.games.magnate.state import MagnateState
from magnates.sim.strength import GameLine

_truth: list[MagnateState] = []
"""The true state while the studied bot decides (empty otherwise: every other bot guesses honestly)."""

_honest_sample = views.sample_state


def sample_with_true_hands(game: Any, data: Mapping[str, Any], rng: random.Random) -> MagnateState:
    """An honest guess, then the other seats' hands replaced by the true ones (the pile keeps the rest)."""
    state = _honest_sample(game, data, rng)
    if not _truth:
        return state
    truth, seat = _truth[0], data["seat"]
    others = [side for side in range(len(state.hands)) if side != seat]
    pool = set(state.pile).union(*(state.hands[side] for side in others))
    true_cards = set().union(*(truth.hands[side] for side in others))
    if not true_cards <= pool:
        raise AssertionError("the true hands hold a card the view says is elsewhere")
    for side in others:
        state.hands[side] = list(truth.hands[side])
    state.pile = sorted(pool - true_cards)
    return state


def play(game: Game, bots: list[Bot], studied: int, seed: int) -> tuple[State, list[float]]:
    """The game of `seed`; the bot in seat `studied` is shown the true hands. Returns its decision times."""
    chance = random.Random(f"chance-{seed}")
    rngs = [random.Random(f"bot-{seed}-{seat}") for seat in range(len(bots))]
    state = game.new_initial_state()
    times: list[float] = []
    while not state.is_terminal():
        if state.is_chance_node():
            state.apply_action(sample(state.chance_outcomes(), chance))
            continue
        seat = state.current_player()
        legal = list(state.legal_actions())
        start = time.perf_counter()
        if seat == studied:
            _truth.append(state)  # type: ignore[arg-type]
        try:
            action = bots[seat].choose(game, state.view(seat), legal, rngs[seat])
        finally:
            _truth.clear()
        if seat == studied and len(legal) > 1:
            times.append(time.perf_counter() - start)
        state.apply_action(action)
    return state, times


def main() -> None:
    parser = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    parser.add_argument("bot", help="the bot shown the hands (a search level or expert)")
    parser.add_argument("--opponent", default="hard")
    parser.add_argument("--start", type=int, default=0)
    parser.add_argument("--games", type=int, default=100, help="play games --start .. --games - 1")
    args = parser.parse_args()
    views.sample_state = sample_with_true_hands  # type: ignore[assignment]
    game = magnates.load("magnate")
    studied_bot, opponent = make_bot(args.bot, game), make_bot(args.opponent, game)
    for index in range(args.start, args.games):
        seat = index % 2
        bots = [opponent, opponent]
        bots[seat] = studied_bot
        final, times = play(game, bots, seat, index)
        result = final.result()
        firsts = [s for s, place in enumerate(result.ranking) if place == 1]
        share = 1.0 / len(firsts) if seat in firsts else 0.0
        line = GameLine(index, seat, share, list(result.scores), len(times), sum(times), max(times, default=0.0))
        print(line, flush=True)


if __name__ == "__main__":
    main()
