"""Magnate's turn as a table: its phases, who decides in each, and which phases may follow.

| phase       | who decides                 | what may follow                                              |
|-------------|-----------------------------|--------------------------------------------------------------|
| deal crowns | chance (the Crowns' order)  | deal hands, once every Crown is dealt                        |
| deal hands  | chance (the draw pile)      | roll (Player 1's first turn), once every hand is full        |
| roll        | chance (two d10)            | tax on a 1 on the lower die; else income (a two-suit deed    |
|             |                             | produced) or main                                            |
| tax         | chance (a d6 per tax die)   | income or main, once every tax die is rolled                 |
| income      | each producing deed's owner | main, once every deed has produced                           |
| main        | the turn player             | automa (solo: a sold card it can build), draw (to refill the |
|             |                             | hand), roll (the next player's turn) or over (last turn)     |
| draw        | chance (the draw pile)      | roll (the next player's turn), once the hand is refilled     |
| automa      | the turn player             | main                                                         |
| over        | nobody                      |                                                              |

Magnate has one turn structure, so the steps stay methods of `MagnateState` (state.py), which
set the next phase from this table; the rules they apply are pure functions in income.py,
deeds.py, placement.py and scoring.py. `FOLLOWS` is checked against random playouts of every
variant (tests/magnate/test_flow.py), so a step that moves elsewhere fails a test.
"""

from __future__ import annotations

from magnates.core.game import CHANCE, TERMINAL

SETUP_CROWNS, SETUP_HANDS, ROLL, TAX, INCOME, MAIN, DRAW, AUTOMA, OVER = range(9)
PHASE_NAMES = ("deal crowns", "deal hands", "roll", "tax", "income", "main", "draw", "automa", "over")

TURN_PLAYER = 0
"""In `DECIDES`: the seat whose turn it is."""
DEED_OWNER = 1
"""In `DECIDES`: the owner of the first deed waiting to choose the suit it produces."""

DECIDES: tuple[int, ...] = (CHANCE, CHANCE, CHANCE, CHANCE, DEED_OWNER, TURN_PLAYER, CHANCE, TURN_PLAYER, TERMINAL)
"""Who decides in each phase: CHANCE, TERMINAL, TURN_PLAYER or DEED_OWNER."""

FOLLOWS: dict[int, frozenset[int]] = {
    SETUP_CROWNS: frozenset({SETUP_HANDS}),
    SETUP_HANDS: frozenset({ROLL}),
    ROLL: frozenset({TAX, INCOME, MAIN}),
    TAX: frozenset({INCOME, MAIN}),
    INCOME: frozenset({MAIN}),
    MAIN: frozenset({AUTOMA, DRAW, ROLL, OVER}),
    DRAW: frozenset({ROLL}),
    AUTOMA: frozenset({MAIN}),
    OVER: frozenset(),
}
"""The phases each phase may hand over to (staying in the same phase is always allowed)."""
