"""Matches for the bot tests, on the strength studies' driver (bots see views only; chance is drawn by it)."""

from __future__ import annotations

import random

from magnates.core.bot import Bot
from magnates.core.chance import sample
from magnates.core.game import Game
from magnates.sim.strength import play


def score_against(game: Game, bot: Bot, opponent: Bot, games: int, seed: int = 0) -> float:
    """Mean return of `bot` against `opponent` (two seats), seats swapped every other game."""
    total = 0.0
    for index in range(games):
        seat = index % 2
        bots = [opponent, opponent]
        bots[seat] = bot
        total += play(game, bots, seed * 100_000 + index).returns()[seat]
    return total / games


def first_decisions(game: Game, bot: Bot, count: int, rng: random.Random, seat: int = 0) -> int:
    """Play a game from its start, `bot` taking `seat`'s decisions that have a choice (each checked
    legal) and random moves the rest, until `bot` has decided `count` times or the game ends; how
    many times it decided."""
    state = game.new_initial_state()
    decided = 0
    while not state.is_terminal() and decided < count:
        if state.is_chance_node():
            state.apply_action(sample(state.chance_outcomes(), rng))
            continue
        legal = list(state.legal_actions())
        if state.current_player() == seat and len(legal) > 1:
            action = bot.choose(game, state.view(seat), legal, rng)
            assert action in legal, (action, legal)
            decided += 1
        else:
            action = legal[rng.randrange(len(legal))]
        state.apply_action(action)
    return decided
