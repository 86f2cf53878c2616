"""Who is still playing, in playing order: the living seats, and the ring of seats after one."""

from __future__ import annotations

from typing import TYPE_CHECKING

if TYPE_CHECKING:
    from magnates.games.galactic_magnate.state import GalacticState


def alive_seats(s: GalacticState) -> list[int]:
    """The seats still in the game, in playing order."""
    return [seat for seat in s.order if s.alive[seat]]


def ring_after(s: GalacticState, seat: int, *, include_seat: bool) -> list[int]:
    """Living seats in playing order, starting with the one after `seat` (and `seat` itself last, if asked)."""
    n = s.n
    start = s.order.index(seat)
    ring = [s.order[(start + k) % n] for k in range(1, n)]
    ring = [x for x in ring if s.alive[x]]
    if include_seat:
        ring.append(seat)
    return ring
