"""What a seat may know. Galactic Magnate has no hidden information, so a view is the
whole public state plus the viewer's seat and a few derived numbers a player would
compute at the table (credit, what the open offers say, the event waiting for a choice).
"""

from __future__ import annotations

from typing import TYPE_CHECKING, Any

from magnates.games.galactic_magnate import economy, trading
from magnates.games.galactic_magnate.board import EVENTS
from magnates.games.galactic_magnate.phases import PHASE_NAMES

if TYPE_CHECKING:
    from magnates.games.galactic_magnate.state import GalacticState


def make_view(s: GalacticState, player: int | None) -> dict[str, Any]:
    data = s.public_json()
    data["seat"] = player
    data["max_rounds"] = s.max_rounds
    data["phase_name"] = PHASE_NAMES[s.phase]
    data["decider"] = s.current_player()
    data["credit"] = economy.credits(s)
    data["event_key"] = EVENTS[s.event].key if s.event >= 0 else None
    offers = []
    for offerer in range(s.n):
        action = s.offer_action[offerer]
        if action != -1:
            offer = trading.decode(s, offerer, action)
            offers.append(
                {
                    "from": offerer,
                    "to": s.offer_to[offerer],
                    "give": list(offer.give),
                    "take": list(offer.take),
                    "money": offer.money,
                    "text": s.game.action_to_string(action),
                }
            )
    data["offers"] = offers
    return data
