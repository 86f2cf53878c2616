"""Views: nothing in Magistratvm is hidden, so every seat sees the same facts.

The face-down tiles form an unordered pile whose contents anyone can deduce from
the table; which one comes next is not decided until a chance node draws it. So
a view is the whole state, in readable JSON, plus whose view it is, and
`sample_state` only has to rebuild the state from it.
"""

from __future__ import annotations

from typing import Any

from magnates.games.magistratvm import phases
from magnates.games.magistratvm.components import NUM_SLOTS, tile_name, tile_value
from magnates.games.magistratvm.offices import OFFICES, seats
from magnates.games.magistratvm.position import Position as MagistratvmState  # state.py imports this module
from magnates.games.magistratvm.scoring import scores


def view(state: MagistratvmState, player: int | None) -> dict[str, Any]:
    data = state.to_json()
    del data["history"]
    data["seat"] = player
    data["phase_name"] = phases.NAMES[state.phase]
    data["provinces"] = [
        None
        if state.slots[s] < 0
        else {
            "place": s + 1,
            "tile": tile_name(state.slots[s]),
            "value": tile_value(state.slots[s]),
            "tokens": list(state.tokens[s]),
            "gold": state.tile_gold[state.slots[s]],
            "voted": bool(state.elected[s]) and state.phase in (phases.SUPPORT, phases.REDISTRIBUTE),
        }
        for s in range(NUM_SLOTS)
    ]
    data["offices"] = [
        {
            "office": o.name,
            "seats": seats(i, state.n),
            "influence": o.influence,
            "active": list(state.active[i]),
            "inactive": list(state.inactive[i]),
        }
        for i, o in enumerate(OFFICES)
    ]
    influence = scores(state)
    data["estates"] = [
        {
            "provinces": [
                {
                    "tile": tile_name(t),
                    "value": tile_value(t),
                    "gold": state.tile_gold[t],
                    "governor": state.governed[t],
                }
                for t in range(len(state.tile_owner))
                if state.tile_owner[t] == q
            ],
            "available_gold": state.available_gold(q),
            "influence": influence[q],
        }
        for q in range(state.n)
    ]
    return data
