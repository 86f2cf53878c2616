"""How much the hidden hands are worth in Magnate: a bot that is shown them, against `hard`.

    python benchmarks/hand_oracle.py expert --opponent hard --start 0 --games 200

A diagnostic, never a player: the studied bot (a search level or `expert`) is given the other
seats' true hands every time it guesses at the hidden cards (each determinization of its search and
of its plan check), while the order of the draw pile and the undealt Crowns stay hidden and are
sampled as usual. Its opponents guess honestly. The gap between this bot's win rate and the honest
one's on the same games bounds what any inference of the opponent's hand (a belief model instead of
uniform guesses) could add. The games are `magnates.sim.strength`'s study (game i: seed i, seat
i % 2), one line per game as `benchmarks/search_bots.py` prints them, so
`benchmarks/compare_matches.py` reads them.
"""

from __future__ import annotations

import argparse
import random
from collections.abc import Mapping
from typing import Any

import magnates
from magnates.bots import make_bot
from magnates.core.bot import Bot
from magnates.core.game import Game, State
from magnates.games.magnate import view as views
from magnates.games.magnate.state import MagnateState
from magnates.sim.strength import study

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


class ShownHands:
    """Wraps a bot: while it decides, every guess it makes at the hidden cards holds the other seats'
    true hands, read from the live state of the game being played (`watch`)."""

    def __init__(self, bot: Bot, live: list[State]) -> None:
        self.bot, self.live, self.name = bot, live, bot.name

    def choose(self, game: Game, view: Mapping[str, Any], legal: list[int], rng: random.Random) -> int:
        _truth.append(self.live[-1])  # type: ignore[arg-type]
        try:
            return self.bot.choose(game, view, legal, rng)
        finally:
            _truth.clear()


def watch(game: Game) -> list[State]:
    """The state of the game being played, kept up to date: each new game's initial state is put in
    the returned list (play applies every move to that one object)."""
    live: list[State] = []
    new_state = game.new_initial_state

    def start() -> State:
        live[:] = [new_state()]
        return live[0]

    game.new_initial_state = start  # type: ignore[method-assign]
    return live


def main() -> None:
    parser = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    parser.add_argument("bot", help="the bot shown the hands (a search level or expert)")
    parser.add_argument("--opponent", default="hard")
    parser.add_argument("--start", type=int, default=0)
    parser.add_argument("--games", type=int, default=100, help="play games --start .. --games - 1")
    args = parser.parse_args()
    views.sample_state = sample_with_true_hands  # type: ignore[assignment]
    game = magnates.load("magnate")
    shown = ShownHands(make_bot(args.bot, game), watch(game))
    study(game, shown, make_bot(args.opponent, game), range(args.start, args.games), echo=True)


if __name__ == "__main__":
    main()
