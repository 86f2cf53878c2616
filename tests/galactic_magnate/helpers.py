"""Building Galactic Magnate positions for scenario tests."""

from __future__ import annotations

import random
from typing import Any

import magnates
from magnates.core.chance import sample
from magnates.games.galactic_magnate import economy
from magnates.games.galactic_magnate.actions import Dice, PlayingOrder
from magnates.games.galactic_magnate.board import LOCATIONS
from magnates.games.galactic_magnate.state import GalacticState

BANK = -1


def started(players: int = 2, order: tuple[int, ...] | None = None, **options: Any) -> GalacticState:
    """A game past character choice and seating, in the first player's roll phase."""
    game = magnates.load("galactic-magnate", players=players, **options)
    state = game.new_initial_state()
    while state.phase_name == "characters":
        state.apply_action(state.legal_actions()[0])
    state.apply_action(PlayingOrder(order or tuple(range(players))))
    assert isinstance(state, GalacticState)
    return state


def loc(name: str) -> int:
    return next(location.index for location in LOCATIONS if location.name == name)


def give(state: GalacticState, seat: int, amount: int) -> None:
    """Set up money through the bank so the accounts still balance."""
    economy.transfer(state, BANK, seat, amount)


def set_cash(state: GalacticState, seat: int, amount: int) -> None:
    give(state, seat, amount - state.cash[seat])


def own(state: GalacticState, seat: int, *names: str) -> None:
    for name in names:
        state.owner[loc(name)] = seat
    state._legal = None


def roll(state: GalacticState, first: int, second: int) -> None:
    state.apply_action("Roll the dice")
    state.apply_action(Dice(first, second))


def legal_texts(state: GalacticState) -> list[str]:
    return [state.game.action_to_string(a) for a in state.legal_actions()]


def playout(state: GalacticState, bots: list[Any], seed: int, max_steps: int = 200_000) -> GalacticState:
    rng = random.Random(seed)
    seat_rngs = [random.Random(seed * 31 + k) for k in range(state.n)]
    for _ in range(max_steps):
        player = state.current_player()
        if player == magnates.TERMINAL:
            return state
        if player == magnates.CHANCE:
            state.apply_action(sample(state.chance_outcomes(), rng))
        else:
            legal = state.legal_actions()
            state.apply_action(bots[player].choose(state.game, state.view(player), legal, seat_rngs[player]))
    raise AssertionError("the game did not end")
