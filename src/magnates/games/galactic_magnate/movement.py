"""Rolling and moving: 2d6 clockwise, doubles, Start, and what each location does to a visitor.

Each step answers what follows (`phases.Then`): a decision on the spot, a draw, or the roll is over.
"""

from __future__ import annotations

from typing import TYPE_CHECKING

from magnates.games.galactic_magnate import debts, economy, income, monopolies
from magnates.games.galactic_magnate.board import (
    BOARD_SIZE,
    EXTRACTOR,
    KIND,
    UTILITY,
)
from magnates.games.galactic_magnate.phases import ROLL_OVER, TO_BUY, TO_FORTUNE, TURN_OVER, Then
from magnates.games.galactic_magnate.prison import go_to_prison, is_prisoner
from magnates.games.galactic_magnate.seating import alive_seats

if TYPE_CHECKING:
    from magnates.games.galactic_magnate.state import GalacticState

BANK = -1


def roll(s: GalacticState, first: int, second: int) -> Then:
    """The dice are cast: the third double in a row goes straight to Prison."""
    seat = s.order[s.turn]
    s.last_double = first == second
    if s.last_double:
        s.doubles += 1
        if s.doubles == 3:
            go_to_prison(s, seat)
            return TURN_OVER
    return move(s, seat, first + second)


def move(s: GalacticState, seat: int, steps: int) -> Then:
    target = s.pos[seat] + steps
    if target >= BOARD_SIZE:
        s.pos[seat] = target - BOARD_SIZE
        if not debts.pass_start(s, seat):
            return ROLL_OVER
    else:
        s.pos[seat] = target
    return land(s, seat)


def land(s: GalacticState, seat: int) -> Then:
    """Whatever the location does; then the roll ends unless a decision or a draw is pending."""
    loc = s.pos[seat]
    kind = KIND[loc]
    if kind == "monopoly" or kind == UTILITY or kind == EXTRACTOR:
        owner = s.owner[loc]
        if owner == -1:
            if economy.means(s, seat) >= s.tables.price[loc]:
                return TO_BUY
        elif kind == EXTRACTOR:
            if not is_prisoner(s, owner):
                economy.transfer(s, BANK, owner, monopolies.extractor_profit(s, owner), income.EXTRACTORS)
        elif owner != seat and not is_prisoner(s, owner):
            if kind == UTILITY:
                debts.charge(s, seat, monopolies.utility_fee(s, owner), owner, income.UTILITY_FEES)
            else:
                debts.charge(s, seat, monopolies.monopoly_fee(s, loc), owner, income.MONOPOLY_FEES)
    elif kind == "bonus":
        economy.change_salary(s, s.tables.bonus_salary_change)
        living = alive_seats(s)
        gift = s.tables.bonus_money[len(living)]
        for other in living:
            economy.transfer(s, BANK, other, gift, income.BONUS)
    elif kind == "meteor":
        economy.change_salary(s, s.tables.meteor_salary_change)
    elif kind == "prison":
        go_to_prison(s, seat)
    elif kind == "fortune":
        return TO_FORTUNE
    return ROLL_OVER
