"""Gold moves: the bank never runs out, so it is an account that may go negative.

Invariant (tested): bank + players' gold + the Prefect space + gold on tiles == 0.
"""

from __future__ import annotations

from magnates.games.magistratvm.components import NUM_TILES
from magnates.games.magistratvm.position import Position


def earn(state: Position, seat: int, amount: int) -> None:
    """The bank pays a player (income)."""
    state.gold[seat] += amount
    state.bank -= amount


def take(state: Position, seat: int, amount: int) -> None:
    """Take gold from a player, the turn's gold first and then governed Provinces' gold.

    The turn's gold goes back to the bank at the end of the turn anyway, so
    spending it first is never worse for the player; that is why this is not
    a choice offered to the player.
    """
    from_hand = min(amount, state.gold[seat])
    state.gold[seat] -= from_hand
    amount -= from_hand
    tile = 0
    while amount > 0 and tile < NUM_TILES:
        if state.governed[tile] and state.tile_owner[tile] == seat and state.tile_gold[tile] > 0:
            used = min(amount, state.tile_gold[tile])
            state.tile_gold[tile] -= used
            amount -= used
        tile += 1
    if amount:
        raise AssertionError("took more gold than the player had; the rules checked this first")


def pay_bank(state: Position, seat: int, amount: int) -> None:
    take(state, seat, amount)
    state.bank += amount


def surrender_unused_gold(state: Position) -> None:
    """End of turn: the turn's gold goes back to the bank (governed Provinces keep theirs)."""
    state.bank += sum(state.gold)
    state.gold = [0] * state.n


def total_gold(state: Position) -> int:
    """Everything the bank has paid out and not got back; always 0 with the bank included."""
    return state.bank + sum(state.gold) + state.prefect_gold + sum(state.tile_gold)
