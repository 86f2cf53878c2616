"""Player auctions: on his turn a player may put one of his properties up for auction, once a turn.

The monopoly of the property loses its upgrades first (sold to the bank at half
price, for him). The opening bid is 300 and nobody holds it: the first bidder
must "bid the opening price"; then bidding goes round as in every auction
(`auctions.py`). "All players participate in player auctions", the initiator
too: he is asked last in each round and may buy his property back at his own
price. The winner pays the bank; the initiator receives 80% and the auction
house (the bank) keeps 20%, so buying back costs him a fifth of the price. If
everybody passes, the property stays with him. His turn goes on afterwards.
"""

from __future__ import annotations

from typing import TYPE_CHECKING

from magnates.games.galactic_magnate import economy, monopolies
from magnates.games.galactic_magnate.board import TABLES, Tables
from magnates.games.galactic_magnate.phases import TO_AUCTION, Then
from magnates.games.galactic_magnate.seating import ring_after

if TYPE_CHECKING:
    from magnates.games.galactic_magnate.state import GalacticState


def can_auction_own(money: int, loc: int, tables: Tables = TABLES) -> bool:
    """Selling for the lowest possible bid must keep the seller's debt within his new credit."""
    seller_gets_at_least = tables.player_auction_opening * tables.player_auction_seller_percent // 100
    return money - tables.mortgage[loc] + seller_gets_at_least >= 0


def legal_player_auctions(s: GalacticState, seat: int) -> list[int]:
    if s.auctioned:
        return []
    ids = s.ids
    owner = s.owner
    money = economy.means(s, seat)
    t = s.tables
    return [ids.auction_property[loc] for loc in t.properties if owner[loc] == seat and can_auction_own(money, loc, t)]


def start_player_auction(s: GalacticState, seat: int, loc: int) -> Then:
    monopolies.sell_upgrades_of_location(s, loc)
    s.auctioned = True
    s.a_loc = loc
    s.a_seller = seat
    s.a_player = True
    s.a_bid = 0
    s.a_high = -1
    s.a_ring = ring_after(s, seat, include_seat=True)
    return TO_AUCTION
