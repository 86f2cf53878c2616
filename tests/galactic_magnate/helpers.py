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


def money_steps(amount: int) -> list[int]:
    """`amount` as the fewest steps of MONEY_STEPS (largest first)."""
    from magnates.games.galactic_magnate.actions import MONEY_STEPS

    steps = []
    for step in sorted(MONEY_STEPS, reverse=True):
        while amount >= step:
            steps.append(step)
            amount -= step
    assert amount == 0, "amounts in tests are multiples of the smallest step"
    return steps


def build_offer(
    state: GalacticState,
    partner: int,
    give: tuple[str, ...] = (),
    take: tuple[str, ...] = (),
    pay: int = 0,
    ask: int = 0,
    *,
    propose: bool = True,
) -> None:
    """Build an offer to `partner` step by step, by the actions' texts, and propose it."""
    if state.phase_name != "offer":
        state.apply_action(f"Make an offer to Player {partner + 1}")
    for name in give:
        state.apply_action(f"Put my {name} in the offer")
    for name in take:
        state.apply_action(f"Ask for {name}")
    for step in money_steps(pay):
        state.apply_action(f"Offer {step} more in cash")
    for step in money_steps(ask):
        state.apply_action(f"Ask {step} more in cash")
    if propose:
        state.apply_action("Propose the offer")
