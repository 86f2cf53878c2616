"""What a hand-edited Galactic Magnate position may not get wrong (the strict loader, docs/positions.md).

`serial.state_from_json` already checks each field's type and range and that the money adds up
(the bank plus all cash is 0). `check` runs on the state it built: no field it does not know,
nothing written twice that disagrees (the state's own JSON must say the same), and what the
board implies: a prisoner stands in Prison, a resigned player owns nothing and holds no cash, an
upgraded monopoly has one owner, an open offer is between two players still in the game.
Each refusal is a `RecordError` naming the field (`prison[2]`, `level[4]`).
"""

from __future__ import annotations

from collections.abc import Mapping
from typing import TYPE_CHECKING, Any

from magnates.core.json_check import check_round_trip, refuse
from magnates.games.galactic_magnate.board import GROUPS, PRISON, PROPERTIES
from magnates.games.galactic_magnate.phases import AUCTION, OVER

if TYPE_CHECKING:
    from magnates.games.galactic_magnate.state import GalacticState

OPTIONAL = ("income", "history")
"""Fields a state saved before they existed may lack (income starts from nothing, history empty)."""


def check(state: GalacticState, data: Mapping[str, Any]) -> None:
    """Refuse `data` if the state rebuilt from it contradicts it or the rules (RecordError naming the field)."""
    check_round_trip(data, state.to_json(), optional=OPTIONAL)
    _seats(state)
    _monopolies(state)
    _auction(state)
    _offers(state)
    _progress(state)


def _seats(s: GalacticState) -> None:
    for seat in range(s.n):
        if s.prison[seat] > 0 and s.pos[seat] != PRISON:
            refuse(f"prison[{seat}]", f"a prisoner stands in Prison, not on {s.tables.locations[s.pos[seat]].name}")
        if s.alive[seat]:
            continue
        if s.cash[seat] != 0:
            refuse(f"cash[{seat}]", "a player who left the game holds no cash")
        if s.prison[seat] != 0:
            refuse(f"prison[{seat}]", "a player who left the game is not in Prison")
        owned = [loc for loc in PROPERTIES if s.owner[loc] == seat]
        if owned:
            refuse(f"owner[{owned[0]}]", f"Player {seat + 1} left the game and owns nothing")
    if s.history and s.characters.count(-1) == 0 and len(set(s.characters)) != s.n:
        refuse("characters", "each player has a different character")


def _monopolies(s: GalacticState) -> None:
    for group, info in enumerate(GROUPS):
        if s.level[group] == 0:
            continue
        owners = {s.owner[loc] for loc in info.locations}
        if len(owners) != 1 or -1 in owners:
            refuse(f"level[{group}]", f"{info.name} is upgraded but no one player owns all of it")


def _auction(s: GalacticState) -> None:
    if len(set(s.a_ring)) != len(s.a_ring):
        refuse("a_ring", "a bidder is listed twice")
    if s.phase != AUCTION:
        return
    if s.a_high >= 0 and s.a_high not in s.a_ring:
        refuse("a_high", f"the high bidder {s.a_high} is not among the bidders")
    if any(not s.alive[seat] and not s.a_out[seat] for seat in s.a_ring):
        refuse("a_ring", "a player who left the game is still bidding")


def _offers(s: GalacticState) -> None:
    for seat in range(s.n):
        to = s.offer_to[seat]
        if to < 0:
            continue
        if not (s.alive[seat] and s.alive[to]):
            refuse(f"offer_to[{seat}]", "an open offer is between two players still in the game")


def _progress(s: GalacticState) -> None:
    if (s.phase == OVER) != bool(s.end_reason):
        refuse("end_reason", "the game has an end reason exactly when it is over")
    if s.rounds > s.max_rounds:
        refuse("rounds", f"{s.rounds} is past the game's round limit {s.max_rounds}")
    if not 0 <= s.doubles <= 2:
        refuse("doubles", "a third double in a row goes to Prison: at most 2 are counted")
    if s.turns < 0 or s.rounds < 0:
        refuse("turns", "turns and rounds are counted from 0")
