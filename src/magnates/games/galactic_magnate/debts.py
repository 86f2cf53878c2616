"""Bills the rules impose, and what happens when one cannot be paid: interest at Start, bankruptcy, resigning.

A bill goes through `charge`: the payer's upgrades are sold until it fits within his credit,
and if it still does not, he pays what he can and leaves the game (`resign`). Leaving may
end the game (`economy.finish`) in the middle of anything: a roll, a Fortune event, a turn.
"""

from __future__ import annotations

from typing import TYPE_CHECKING

from magnates.games.galactic_magnate import economy, income, monopolies
from magnates.games.galactic_magnate.seating import alive_seats

if TYPE_CHECKING:
    from magnates.games.galactic_magnate.state import GalacticState

BANK = economy.BANK


def charge(s: GalacticState, seat: int, amount: int, payee: int, source: int | None = None) -> bool:
    """Make the seat pay a bill; False if it went bankrupt (and resigned) instead.

    Upgrades are sold automatically, the highest-level monopoly first, until the
    bill fits within credit; if it still does not, the seat pays what it can
    afford (credit minus debt) and resigns.
    """
    if amount <= 0:
        return True
    limit = economy.credit(s, seat)
    if s.cash[seat] - amount < -limit:
        while s.cash[seat] - amount < -limit and monopolies.sell_one_for_debt(s, seat):
            pass
        if s.cash[seat] - amount < -limit:
            economy.transfer(s, seat, payee, max(0, s.cash[seat] + limit), source)
            resign(s, seat)
            return False
    economy.transfer(s, seat, payee, amount, source)
    return True


def pass_start(s: GalacticState, seat: int) -> bool:
    """Interest on debt first, then salary (or, after the collapse, expenses); False if bankrupt."""
    if s.cash[seat] < 0 and not charge(s, seat, economy.interest(-s.cash[seat], s.tables), BANK):
        return False
    if s.collapsed:
        return charge(s, seat, s.expenses, BANK)
    economy.transfer(s, BANK, seat, s.salary, income.SALARY)
    return True


def resign(s: GalacticState, seat: int) -> None:
    """Leave the game: upgrades sold, properties freed, cash or debt settled with the bank.

    Pending bills were paid by `charge` before this. Every other player then
    receives 500 and the salary falls by 20; the last player left wins.
    """
    monopolies.sell_all_of(s, seat)
    owner = s.owner
    for loc in s.tables.properties:
        if owner[loc] == seat:
            owner[loc] = -1
    economy.transfer(s, seat, BANK, s.cash[seat])
    s.alive[seat] = False
    s.prison[seat] = 0
    s.eliminated.append(seat)
    for other in range(s.n):
        if s.offer_to[other] != -1 and (other == seat or s.offer_to[other] == seat):
            s.clear_offer(other)
    if s.a_ring:
        s.a_out[seat] = True
    for other in alive_seats(s):
        economy.transfer(s, BANK, other, s.tables.resign_gift, income.RESIGNATIONS)
    economy.change_salary(s, s.tables.resign_salary_change)
    if len(alive_seats(s)) <= 1:
        economy.finish(s, "last player standing")
