"""Money: the bank as an account, credit and debt, salary and collapse, bankruptcy, resigning.

Every change of cash goes through `transfer`, so the bank's balance plus all
players' cash is always zero: that is the money-conservation property the tests
check. A payment the rules impose goes through `charge`, which sells upgrades
and declares bankruptcy when the payer's debt would pass his credit.
"""

from __future__ import annotations

from typing import TYPE_CHECKING

from magnates.games.galactic_magnate import income, monopolies
from magnates.games.galactic_magnate.board import MORTGAGE, PROPERTIES, TABLES
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
    for loc, mortgage in PROPERTY_MORTGAGES:
        if owner[loc] == seat:
            total += mortgage
    return total


PROPERTY_MORTGAGES = tuple((loc, MORTGAGE[loc]) for loc in PROPERTIES)


def credits(s: GalacticState) -> list[int]:
    """Every seat's credit in one pass over the board."""
    out = [0] * s.n
    owner = s.owner
    for loc, mortgage in PROPERTY_MORTGAGES:
        seat = owner[loc]
        if seat >= 0:
            out[seat] += mortgage
    return out


def means(s: GalacticState, seat: int) -> int:
    """What the seat can still spend without its debt passing its credit."""
    return s.cash[seat] + credit(s, seat)


def interest(debt: int) -> int:
    """20% of the debt, rounded up to a whole unit."""
    return -(-debt * TABLES.interest_percent // 100)


def charge(s: GalacticState, seat: int, amount: int, payee: int, source: int | None = None) -> bool:
    """Make the seat pay a bill; False if it went bankrupt (and resigned) instead.

    Upgrades are sold automatically, the highest-level monopoly first, until the
    bill fits within credit; if it still does not, the seat pays what it can
    afford (credit minus debt) and resigns.
    """
    if amount <= 0:
        return True
    limit = credit(s, seat)
    if s.cash[seat] - amount < -limit:
        while s.cash[seat] - amount < -limit and monopolies.sell_one_for_debt(s, seat):
            pass
        if s.cash[seat] - amount < -limit:
            transfer(s, seat, payee, max(0, s.cash[seat] + limit), source)
            resign(s, seat)
            return False
    transfer(s, seat, payee, amount, source)
    return True


def pass_start(s: GalacticState, seat: int) -> bool:
    """Interest on debt first, then salary (or, after the collapse, expenses); False if bankrupt."""
    if s.cash[seat] < 0 and not charge(s, seat, interest(-s.cash[seat]), BANK):
        return False
    if s.collapsed:
        return charge(s, seat, s.expenses, BANK)
    transfer(s, BANK, seat, s.salary, income.SALARY)
    return True


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
            s.expenses = TABLES.collapse_expenses
    else:
        s.expenses = max(0, s.expenses - delta)


def alive_seats(s: GalacticState) -> list[int]:
    return [seat for seat in s.order if s.alive[seat]]


def resign(s: GalacticState, seat: int) -> None:
    """Leave the game: upgrades sold, properties freed, cash or debt settled with the bank.

    Pending bills were paid by `charge` before this. Every other player then
    receives 500 and the salary falls by 20; the last player left wins.
    """
    monopolies.sell_all_of(s, seat)
    owner = s.owner
    for loc in PROPERTIES:
        if owner[loc] == seat:
            owner[loc] = -1
    transfer(s, seat, BANK, s.cash[seat])
    s.alive[seat] = False
    s.prison[seat] = 0
    s.eliminated.append(seat)
    for other in range(s.n):
        if s.offer_to[other] != -1 and (other == seat or s.offer_to[other] == seat):
            s.clear_offer(other)
    if s.a_ring:
        s.a_out[seat] = True
    for other in alive_seats(s):
        transfer(s, BANK, other, TABLES.resign_gift, income.RESIGNATIONS)
    change_salary(s, TABLES.resign_salary_change)
    if len(alive_seats(s)) <= 1:
        finish(s, "last player standing")


def finish(s: GalacticState, reason: str) -> None:
    s.phase = OVER
    s.end_reason = reason
    s.a_ring = []
