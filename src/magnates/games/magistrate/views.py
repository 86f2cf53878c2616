"""What each seat may know: everything on the table, its own hand and secret evidence,
and only the sizes of other hands, other secret evidence and the deck.

The deck's contents are not shown either: with one's hand and the discard pile
they would reveal what the others hold.
"""

from __future__ import annotations

from typing import TYPE_CHECKING, Any

from magnates.games.magistrate.phases import PHASES

if TYPE_CHECKING:
    from magnates.games.magistrate.position import Position as MagistrateState

HIDDEN = ("hands", "secret", "deck", "history")


def view(s: MagistrateState, player: int | None) -> dict[str, Any]:
    data = s.to_json()
    for key in HIDDEN:
        del data[key]
    data["you"] = player
    data["hand_sizes"] = [len(h) for h in s.hands]
    data["secret_sizes"] = [len(e) for e in s.secret]
    data["deck_size"] = len(s.deck)
    data["hand"] = sorted(s.hands[player]) if player is not None else None
    data["my_secret"] = sorted(s.secret[player]) if player is not None else None
    data["homes"] = list(s.home)
    data["blocked"] = list(s.blocked)
    data["phase_name"] = PHASES[s.phase] if s.stage == "actions" else s.stage
    data["current_player"] = s.current_player()
    return data
