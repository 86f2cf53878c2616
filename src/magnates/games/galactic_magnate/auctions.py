"""Auctions: the bidding protocol, and the middleman's auction of a free property.

(A player's auction of his own property starts in `player_auctions.py` and then
uses the same bidding.)

The protocol (the seed leaves it open):
- the bidders sit in playing order, starting with the seat after the middleman
  (or initiator); they are asked one at a time, round and round;
- each asked bidder raises the high bid by one of the fixed steps (10, 50, 100,
  250, 500; 10 is the smallest raise) or passes; a pass is final;
- nobody may bid more than he can spend (cash plus credit);
- in the middleman's auction the middleman opens at the minimum price and holds
  that bid, so when nobody raises he buys at the minimum price; he may raise
  again when outbid. The auction ends when everyone else has passed;
- in a player auction the opening bid is 300 and nobody holds it: the first
  bidder must "bid the opening price"; the initiator bids too, asked last in
  each round ("All players participate"); if everybody passes, the property
  stays with him.
The middleman receives 20% of the final bid (also when he wins), goes back to
Start without passing it, and his turn ends. The initiator receives 80%; the
other 20% goes to the bank (the auction house).
"""

from __future__ import annotations

from typing import TYPE_CHECKING

from magnates.games.galactic_magnate import economy, income, turns
from magnates.games.galactic_magnate.board import PRICE, START, TABLES
from magnates.games.galactic_magnate.phases import AUCTION, ROLL

if TYPE_CHECKING:
    from magnates.games.galactic_magnate.state import GalacticState

BANK = -1
OPENING = TABLES.player_auction_opening


def ring_after(s: GalacticState, seat: int, *, include_seat: bool) -> list[int]:
    """Living seats in playing order, starting with the one after `seat`."""
    n = s.n
    start = s.order.index(seat)
    ring = [s.order[(start + k) % n] for k in range(1, n)]
    ring = [x for x in ring if s.alive[x]]
    if include_seat:
        ring.append(seat)
    return ring


def start_bank_auction(s: GalacticState) -> None:
    seat = s.order[s.turn]
    s.a_loc = s.pos[seat]
    s.a_seller = seat
    s.a_player = False
    s.a_bid = PRICE[s.a_loc]
    s.a_high = seat
    open_bidding(s, ring_after(s, seat, include_seat=True))


def open_bidding(s: GalacticState, ring: list[int]) -> None:
    s.phase = AUCTION
    s.a_ring = ring
    s.a_out = [False] * s.n
    s.a_next = ring[-1]
    _ask_next(s)


def _ask_next(s: GalacticState) -> None:
    """The next bidder after the one who just acted who is still in and not the high bidder."""
    ring = s.a_ring
    k = len(ring)
    at = ring.index(s.a_next)
    for step in range(1, k + 1):
        seat = ring[(at + step) % k]
        if not s.a_out[seat] and seat != s.a_high:
            s.a_next = seat
            return
    _finish(s)


def legal_bids(s: GalacticState, seat: int) -> list[int]:
    ids = s.ids
    money = economy.means(s, seat)
    if s.a_high == -1:
        return [ids.opening_bid, ids.pass_] if money >= OPENING else [ids.pass_]
    bid = s.a_bid
    legal = [a for a, amount in ids.raises.items() if bid + amount <= money]
    legal.append(ids.pass_)
    return legal


def bid(s: GalacticState, seat: int, action: int) -> None:
    ids = s.ids
    if action == ids.pass_:
        s.a_out[seat] = True
    elif action == ids.opening_bid:
        s.a_bid = OPENING
        s.a_high = seat
    else:
        s.a_bid += ids.raises[action]
        s.a_high = seat
    _ask_next(s)


def _finish(s: GalacticState) -> None:
    loc, seller, winner, price = s.a_loc, s.a_seller, s.a_high, s.a_bid
    player_auction = s.a_player
    s.a_ring = []
    s.a_out = [False] * s.n
    s.a_loc = s.a_seller = s.a_high = s.a_next = -1
    s.a_bid = 0
    s.a_player = False
    if winner != -1:
        economy.transfer(s, winner, BANK, price)
        if player_auction:
            economy.transfer(s, BANK, seller, price * TABLES.player_auction_seller_percent // 100, income.AUCTION_SALES)
        else:
            economy.transfer(s, BANK, seller, price * TABLES.middleman_percent // 100, income.MIDDLEMAN)
        s.owner[loc] = winner
    if player_auction:
        s.phase = ROLL
        return
    s.pos[seller] = START
    turns.end_turn(s)
