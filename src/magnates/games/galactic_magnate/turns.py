"""The turn cycle: rolls within a turn, doubles, skipping prisoners, rounds, the slow recession, the round limit.

The slow recession (every few completed rounds the salary falls by 10) is the
clock that makes every game end: it drives the economy to collapse, and after
the collapse it keeps raising the expenses paid at Start until only one player
can pay them. The round limit is only a safety net behind it.

Each function here answers what follows (`phases.Then`); `flow` carries it out.
"""

from __future__ import annotations

from typing import TYPE_CHECKING

from magnates.games.galactic_magnate import economy, prison
from magnates.games.galactic_magnate.phases import GAME_OVER, NEW_TURN, TO_ROLL, TURN_OVER, Then

if TYPE_CHECKING:
    from magnates.games.galactic_magnate.state import GalacticState


def start_game(s: GalacticState) -> Then:
    """After the random playing order: the first player in it starts his first turn."""
    s.turn = 0
    s.turns = 1
    return TO_ROLL


def end_roll(s: GalacticState) -> Then:
    """A roll is over: roll again after doubles, unless the turn holder fell or went to Prison."""
    seat = s.order[s.turn]
    if s.alive[seat] and s.prison[seat] == 0 and s.last_double:
        return TO_ROLL
    return TURN_OVER


def pass_turn(s: GalacticState) -> Then:
    """Pass the turn along the playing order, skipping the dead and counting down prisoners' skips."""
    s.doubles = 0
    s.last_double = False
    s.auctioned = False
    s.offered = False
    n = s.n
    while True:
        s.turn += 1
        if s.turn == n:
            s.turn = 0
            s.rounds += 1
            if s.rounds >= s.max_rounds:
                economy.finish(s, "round limit: net worth")
                return GAME_OVER
            if s.rounds % s.tables.recession_every_rounds == 0:
                economy.change_salary(s, s.tables.recession_salary_change)
        seat = s.order[s.turn]
        if not s.alive[seat]:
            continue
        s.turns += 1
        if prison.skips_turn(s, seat):
            continue
        return NEW_TURN
