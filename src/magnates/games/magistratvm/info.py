"""What a table drawing of Magistratvm needs to know from the box: the fixed part of `Game.info()`.

The Table of Offices is given as the seed draws it (rows from the Prefect and Dictator at the top
down to the Family Estates, the arrows with their promotion costs), the Provinces as the 24
piecepack tiles, and the circuit's two columns of three places numbered clockwise. Nothing here
changes during a game or depends on a seat.
"""

from __future__ import annotations

from typing import Any

from magnates.games.magistratvm.components import (
    DIE_START,
    NUM_SLOTS,
    NUM_TILES,
    PATRICIANS_PER_PLAYER,
    SLOT_GRID,
    SUITS,
    TOKENS_PER_PLAYER,
    VALUE_NAMES,
    tile_name,
    tile_suit,
    tile_value,
)
from magnates.games.magistratvm.offices import NUM_OFFICES, OFFICES, seats

SPECIALS: dict[str, str] = {
    "Quaestor": "take 3 gold in the income phase",
    "Tribune": "place one influence token at any Province, free",
    "Aedile": "move one token of any player from one Province of the circuit to another",
    "Praetor": "return up to 2 tokens (any players') from one Province to their owners",
    "Consul": "recall a Magistrate (not a Censor or Dictator) or a Governor to its Family Estate",
    "Censor": "no special action: its influence only",
    "Dictator": "in the election phase, wins outright one Province where it has a token",
}
"""Each office's special action, in the words of the seed's summary sheet."""

DIAGRAM_ROWS: tuple[tuple[str, ...], ...] = (
    ("Prefect", "Dictator", "Censor"),
    ("Consul",),
    ("Praetor",),
    ("Aedile",),
    ("Quaestor", "Tribune"),
    ("Family Estates",),
)
"""The seed's Table of Offices, top to bottom, each row left to right."""

SUIT_COLOURS: dict[str, str] = {"Suns": "#c0392b", "Moons": "#2b2b33", "Crowns": "#2e7d32", "Arms": "#1f5fa8"}
"""The usual piecepack suit inks: red suns, black moons, green crowns, blue arms."""


def _arrows() -> list[dict[str, Any]]:
    """Every arrow of the diagram: from an office (or the Family Estates) one level up, with its cost."""
    out: list[dict[str, Any]] = []
    for office in OFFICES:
        sources = [OFFICES[b].name for b in office.below] or ["Family Estates"]
        out.extend({"from": source, "to": office.name, "cost": office.up_cost} for source in sources)
    return out


def static_info(players: int) -> dict[str, Any]:
    return {
        "offices": [
            {
                "index": i,
                "name": o.name,
                "influence": o.influence,
                "seats": seats(i, players),
                "seats_drawn": o.seats_4p,
                "cost": o.up_cost,
                "below": [OFFICES[b].name for b in o.below],
                "rank": o.rank,
                "recallable": o.recallable,
                "special": SPECIALS[o.name],
            }
            for i, o in enumerate(OFFICES)
        ],
        "office_rows": [list(row) for row in DIAGRAM_ROWS],
        "office_arrows": _arrows(),
        "tiles": [
            {
                "tile": t,
                "name": tile_name(t),
                "suit": tile_suit(t),
                "value": tile_value(t),
                "face": VALUE_NAMES[tile_value(t)],
            }
            for t in range(NUM_TILES)
        ],
        "piecepack_suits": [{"name": s, "colour": SUIT_COLOURS[s]} for s in SUITS],
        "circuit_grid": [list(row) for row in SLOT_GRID],
        "circuit_places": NUM_SLOTS,
        "tokens_per_player": TOKENS_PER_PLAYER,
        "patricians_per_player": PATRICIANS_PER_PLAYER,
        "die_start": DIE_START,
        "num_offices": NUM_OFFICES,
    }
