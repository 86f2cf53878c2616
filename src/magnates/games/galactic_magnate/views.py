"""What a seat may know. Galactic Magnate has no hidden information, so a view is the
whole public state plus the viewer's seat and a few derived numbers a player would
compute at the table (credit, both bundles of every open offer and of the offer being
built, the event waiting for a choice).

The offer being built is shown to every seat, not only to its builder: nobody else acts
while it is built, everything else in the game is public, and keeping the view equal to
the whole state keeps `sample_state` exact.
"""

from __future__ import annotations

from typing import TYPE_CHECKING, Any

from magnates.games.galactic_magnate import economy, trading
from magnates.games.galactic_magnate.actions import Offer
from magnates.games.galactic_magnate.board import EVENTS
from magnates.games.galactic_magnate.explain import offer_text
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
        offer = trading.open_offer(s, offerer)
        if offer is not None:
            offers.append({"from": offerer, **bundles(offer), "text": offer_text(offerer, offer, s.tables)})
    data["offers"] = offers
    data["draft"] = None
    if s.trade_with >= 0:
        builder = s.order[s.turn]
        offer = trading.draft(s)
        data["draft"] = {
            "from": builder,
            **bundles(offer),
            "steps_left": max(0, trading.MAX_BUILD_STEPS - s.draft_steps),
            "text": offer_text(builder, offer, s.tables),
        }
    return data


def bundles(offer: Offer) -> dict[str, Any]:
    """Both sides of an offer: the offerer's properties (give), the receiver's (take), and the money.

    `money` is what the receiver pays the offerer (negative: the offerer pays); `give_money` and
    `take_money` say the same as two amounts of at least 0, one per side.
    """
    return {
        "to": offer.receiver,
        "give": list(offer.give),
        "take": list(offer.take),
        "money": offer.money,
        "give_money": max(0, -offer.money),
        "take_money": max(0, offer.money),
    }
