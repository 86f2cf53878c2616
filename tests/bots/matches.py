"""A minimal game driver for the bot tests: bots see views only, chance is drawn by the driver."""

from __future__ import annotations

import random
from collections.abc import Sequence

from magnates.core.bot import Bot
from magnates.core.chance import sample
from magnates.core.game import Game, State


def play(game: Game, bots: Sequence[Bot], seed: int) -> State:
    """One game; seat i is played by bots[i], each with its own random stream."""
    chance_rng = random.Random(f"chance-{seed}")
    bot_rngs = [random.Random(f"bot-{seed}-{seat}") for seat in range(len(bots))]
    state = game.new_initial_state()
    while not state.is_terminal():
        if state.is_chance_node():
            action = sample(state.chance_outcomes(), chance_rng)
        else:
            seat = state.current_player()
            action = bots[seat].choose(game, state.view(seat), list(state.legal_actions()), bot_rngs[seat])
        state.apply_action(action)
    return state


def score_against(game: Game, bot: Bot, opponent: Bot, games: int, seed: int = 0) -> float:
    """Mean return of `bot` against `opponent` (two seats), seats swapped every other game."""
    total = 0.0
    for index in range(games):
        seat = index % 2
        bots = [opponent, opponent]
        bots[seat] = bot
        total += play(game, bots, seed * 100_000 + index).returns()[seat]
    return total / games
