"""Money: the bank as an account, credit, the salary and the collapse, the end of the game.

Every change of cash goes through `transfer`, so the bank's balance plus all
players' cash is always zero: that is the money-conservation property the tests
check. A payment the rules impose goes through `debts.charge`, which sells
upgrades and declares bankruptcy when the payer's debt would pass his credit;
this module is below it and below `monopolies` (it sells nothing itself).
"""

from __future__ import annotations

from typing import TYPE_CHECKING

from magnates.games.galactic_magnate.board import TABLES, Tables
from magnates.games.galactic_magnate.phases import OVER

if TYPE_CHECKING:
    from magnates.games.galactic_magnate.state import GalacticState

BANK = -1


def transfer(s: GalacticState, payer: int, payee: int, amount: int, source: int | None = None) -> None:
    """Move money between two accounts (a seat, or BANK).

    `source` (an `income` index) says what a seat receiving money earned it by; the
    tally feeds the income-by-source report. Without one (test set-ups) nothing is tallied.
    """
    if payer == BANK:
        s.bank -= amount
    else:
        s.cash[payer] -= amount
    if payee == BANK:
        s.bank += amount
    else:
        s.cash[payee] += amount
        if source is not None and amount > 0:
            s.income[payee][source] += amount


def credit(s: GalacticState, seat: int) -> int:
    """The sum of the mortgage values of everything the seat owns: the most it may owe."""
    owner = s.owner
    total = 0
    for loc, mortgage in s.tables.property_mortgages:
        if owner[loc] == seat:
            total += mortgage
    return total


def credits(s: GalacticState) -> list[int]:
    """Every seat's credit in one pass over the board."""
    out = [0] * s.n
    owner = s.owner
    for loc, mortgage in s.tables.property_mortgages:
        seat = owner[loc]
        if seat >= 0:
            out[seat] += mortgage
    return out


def means(s: GalacticState, seat: int) -> int:
    """What the seat can still spend without its debt passing its credit."""
    return s.cash[seat] + credit(s, seat)


def interest(debt: int, tables: Tables = TABLES) -> int:
    """20% of the debt (the shipped rate), rounded up to a whole unit."""
    return -(-debt * tables.interest_percent // 100)


def change_salary(s: GalacticState, delta: int) -> None:
    """Progress raises the salary, meteor showers and recessions lower it.

    At 0 the economy collapses for good: from then on passing Start costs the
    expenses, which move the opposite way of what the salary would have done.
    """
    if not s.collapsed:
        s.salary += delta
        if s.salary <= 0:
            s.salary = 0
            s.collapsed = True
            s.expenses = s.tables.collapse_expenses
    else:
        s.expenses = max(0, s.expenses - delta)


def finish(s: GalacticState, reason: str) -> None:
    """The game is over (the last bankruptcy, or the round limit): the flow stops at once."""
    s.phase = OVER
    s.end_reason = reason
    s.a_ring = []
