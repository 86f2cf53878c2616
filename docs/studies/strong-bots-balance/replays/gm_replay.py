"""Galactic Magnate bank auctions, read from game records (shared by gm_auctions.py and gm_prices.py)."""

from collections.abc import Iterable, Iterator
from dataclasses import dataclass

from magnates.core.game import CHANCE
from magnates.games import load
from magnates.sim.report import recorded_actions


@dataclass(frozen=True)
class Auction:
    round: int
    middleman_position: int  # in the playing order
    middleman: int
    location: int
    winner: int | None  # None: it ended unsold
    paid: int  # what the winner paid (0 when unsold)


def auctions(sources: Iterable[str], players: int = 5) -> Iterator[Auction]:
    """Every auction a player started on landing, in the records of these files, as it ended."""
    game = load("galactic-magnate", players=players)
    kind_of = game.ids.kind_of
    for actions in recorded_actions(sources):
        state = game.new_initial_state()
        started = None
        for action in actions:
            seat = state.current_player()
            if seat != CHANCE and kind_of[action] == "start-auction":
                started = (state.rounds, state.order.index(seat), seat, state.pos[seat])
            owners, cash = list(state.owner), list(state.cash)
            state.apply_action(action)
            if started is None:
                continue
            location = started[3]
            if state.owner[location] != owners[location]:
                winner = state.owner[location]
                yield Auction(*started, winner, cash[winner] - state.cash[winner])
                started = None
            elif state.a_loc == -1 and kind_of[action] != "start-auction":
                yield Auction(*started, None, 0)
                started = None
