"""One bot alone against a field of another (usually `greedy`): its win share and time per decision.

`magnates arena` with two bots and more than two seats plays every mix (in four seats 3+1, 2+2,
1+3); a strength study asks a narrower question: how does one search bot fare alone against the
field? Game i uses seed i and gives the studied bot seat i % players, so every seat is played
equally often. A shared first place counts as that share of a win. Decisions with a single legal
action are not timed (a search bot does not think about them); the times depend on the machine's
load, so they are reported with it (`benchmarks/search_bots.py` prints both).

The streams are `random.Random("chance-<i>")` for chance and `random.Random("bot-<i>-<seat>")` for
the bot at each seat: the figures in `magnates.bots.presets` were measured with them.
"""

from __future__ import annotations

import random
import time
from collections.abc import Iterable, Mapping, Sequence
from dataclasses import dataclass, field
from typing import Any

from magnates.core.bot import Bot
from magnates.core.chance import sample
from magnates.core.game import Game, State


class Timed:
    """Wraps a bot and records how long each decision with a real choice took."""

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


def play(game: Game, bots: Sequence[Any], seed: int) -> State:
    """Play the game of `seed` between `bots` (one per seat) to the end."""
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


@dataclass
class GameLine:
    """One game of a study: which seat the studied bot had, its share of first place, its time."""

    index: int
    seat: int
    share: float
    scores: list[float]
    decisions: int
    seconds: float
    slowest: float

    def __str__(self) -> str:
        return (
            f"{self.index} {self.seat} {self.share:g} {self.scores} {self.decisions} "
            f"{self.seconds:.3f} {self.slowest:.3f}"
        )


@dataclass
class Study:
    """All games of one study; `times` holds every timed decision of the studied bot."""

    players: int
    games: list[GameLine] = field(default_factory=list)
    times: list[float] = field(default_factory=list)

    @property
    def wins(self) -> float:
        return sum(line.share for line in self.games)

    @property
    def played(self) -> int:
        return len(self.games)

    def wins_by_seat(self) -> list[float]:
        return [sum(line.share for line in self.games if line.seat == seat) for seat in range(self.players)]


def study(game: Game, bot: Bot, field_bot: Bot, indexes: Iterable[int], *, echo: bool = False) -> Study:
    """Play `bot` alone against `field_bot` in every other seat, game by game over `indexes`."""
    players = game.num_players
    timed = Timed(bot)
    result = Study(players)
    for index in indexes:
        seat = index % players
        bots: list[Any] = [field_bot] * players
        bots[seat] = timed
        before = len(timed.times)
        final = play(game, bots, index).result()
        firsts = [s for s, place in enumerate(final.ranking) if place == 1]
        spent = timed.times[before:]
        line = GameLine(
            index,
            seat,
            1.0 / len(firsts) if seat in firsts else 0.0,
            list(final.scores),
            len(spent),
            sum(spent),
            max(spent, default=0.0),
        )
        result.games.append(line)
        if echo:
            print(line, flush=True)
    result.times = timed.times
    return result
