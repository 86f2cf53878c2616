"""Promotions in the Table of Offices, and displacement chains.

A Magistrate arriving at a full office pushes one rival Magistrate down one
level; the player whose Magistrate arrived chooses which (any rival at that
level, active or inactive; displaced Magistrates keep their status). If that
makes the lower office overfull, the displaced Magistrate's owner chooses the
next victim, and so on. Displaced Quaestors and Tribunes go home; a displaced
Aedile's owner chooses the Quaestor or the Tribune row. Only when every
Magistrate at the level is the chooser's own (a chain can end up there) must the
chooser push down one of its own.
"""

from __future__ import annotations

from magnates.core.errors import InvariantError
from magnates.games.magistratvm import phases
from magnates.games.magistratvm.offices import AEDILE, OFFICES, QUAESTOR, TRIBUNE, promotion_cost, seats
from magnates.games.magistratvm.position import Position
from magnates.games.magistratvm.treasury import pay_bank


def has_vacancy(state: Position, office: int) -> bool:
    return state.office_count(office) < seats(office, state.n)


def has_rival(state: Position, office: int, seat: int) -> bool:
    active, inactive = state.active[office], state.inactive[office]
    return any(active[q] or inactive[q] for q in range(state.n) if q != seat)


def can_enter(state: Position, office: int, seat: int) -> bool:
    """A promotion needs a vacant seat or a rival Magistrate to displace (never one's own)."""
    return has_vacancy(state, office) or has_rival(state, office, seat)


def promote_patrician(state: Position, seat: int, office: int) -> None:
    cost = promotion_cost(None, office)
    if cost is None:
        raise InvariantError(f"a Patrician cannot be promoted from the Family Estate to {OFFICES[office].name}")
    pay_bank(state, seat, cost)
    state.patricians[seat] -= 1
    state.inactive[office][seat] += 1


def promote(state: Position, seat: int, start: int, target: int) -> bool:
    """Pay and move an active Magistrate up, inactive. True if a displacement choice follows."""
    cost = promotion_cost(start, target)
    if cost is None:
        raise InvariantError(f"no promotion leads from {OFFICES[start].name} up to {OFFICES[target].name}")
    pay_bank(state, seat, cost)
    state.active[start][seat] -= 1
    return arrive(state, seat, target, active=False)


def arrive(state: Position, owner: int, office: int, *, active: bool) -> bool:
    """Seat a Magistrate; if the office is now overfull its owner must choose a victim."""
    (state.active if active else state.inactive)[office][owner] += 1
    if state.office_count(office) <= seats(office, state.n):
        return False
    state.phase = phases.DISPLACE
    state.disp_office = office
    state.decider = owner
    return True


def victims(state: Position) -> list[tuple[int, bool]]:
    """Whom the chooser may push down: rivals if any, else its own."""
    office, chooser = state.disp_office, state.decider
    found = [
        (q, act)
        for q in range(state.n)
        for act in (True, False)
        if q != chooser and (state.active if act else state.inactive)[office][q] > 0
    ]
    if found:
        return found
    return [(chooser, act) for act in (True, False) if (state.active if act else state.inactive)[office][chooser] > 0]


def displace(state: Position, owner: int, active: bool) -> bool:
    """Push one Magistrate down a level. True if another choice follows."""
    office = state.disp_office
    (state.active if active else state.inactive)[office][owner] -= 1
    if office in (QUAESTOR, TRIBUNE):
        state.patricians[owner] += 1
        return False
    if office == AEDILE:
        state.phase = phases.DISPLACE_INTO
        state.decider = owner
        state.disp_active = int(active)
        return True
    return arrive(state, owner, OFFICES[office].below[0], active=active)


def displace_into(state: Position, office: int) -> bool:
    return arrive(state, state.decider, office, active=bool(state.disp_active))
