"""Prison: reached by landing on it, by a third double in a row, or by Fortune.

The prisoner's turn ends at once and he skips his next three turns; while he
still has turns to skip he collects no fees from monopolies or utilities and no
profit from extractors (`movement.land` asks `is_prisoner`).
"""

from __future__ import annotations

from typing import TYPE_CHECKING

from magnates.games.galactic_magnate.board import PRISON

if TYPE_CHECKING:
    from magnates.games.galactic_magnate.state import GalacticState


def go_to_prison(s: GalacticState, seat: int) -> None:
    """Straight to Prison, never over Start (so no salary and no interest)."""
    s.pos[seat] = PRISON
    s.prison[seat] = s.tables.prison_turns


def is_prisoner(s: GalacticState, seat: int) -> bool:
    return s.prison[seat] > 0


def skips_turn(s: GalacticState, seat: int) -> bool:
    """Called when the seat's turn comes: True (and one skip fewer) if he must skip it."""
    if s.prison[seat] > 0:
        s.prison[seat] -= 1
        return True
    return False
