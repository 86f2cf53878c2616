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

What follows an auction depends on what it interrupted, which the state keeps
in `a_player` (so its JSON form needs nothing more): a player's auction came
before his roll, and he is asked again (`TO_ROLL`); the middleman's ended his
turn (`TURN_OVER`).
"""

from __future__ import annotations

from typing import TYPE_CHECKING

from magnates.games.galactic_magnate import economy, income
from magnates.games.galactic_magnate.board import START
from magnates.games.galactic_magnate.phases import STAY, TO_AUCTION, TO_ROLL, TURN_OVER, Then
from magnates.games.galactic_magnate.seating import ring_after

if TYPE_CHECKING:
    from magnates.games.galactic_magnate.state import GalacticState

BANK = -1


def buy_choices(s: GalacticState) -> list[int]:
    """The turn holder on a free property he could pay for: the middleman's auction, or nothing."""
    ids = s.ids
    return [ids.start_auction, ids.do_nothing]


def start_bank_auction(s: GalacticState) -> Then:
    seat = s.order[s.turn]
    s.a_loc = s.pos[seat]
    s.a_seller = seat
    s.a_player = False
    s.a_bid = s.tables.price[s.a_loc]
    s.a_high = seat
    s.a_ring = ring_after(s, seat, include_seat=True)
    return TO_AUCTION


def open_bidding(s: GalacticState) -> Then:
    """As an auction begins: its bidders (`a_ring`, listed by whoever started it) are asked in turn."""
    ring = s.a_ring
    s.a_out = [False] * s.n
    s.a_next = ring[-1]
    return _ask_next(s)


def _ask_next(s: GalacticState) -> Then:
    """The next bidder after the one who just acted who is still in and not the high bidder."""
    ring = s.a_ring
    k = len(ring)
    at = ring.index(s.a_next)
    for step in range(1, k + 1):
        seat = ring[(at + step) % k]
        if not s.a_out[seat] and seat != s.a_high:
            s.a_next = seat
            return STAY
    return _finish(s)


def legal_bids(s: GalacticState, seat: int) -> list[int]:
    ids = s.ids
    money = economy.means(s, seat)
    if s.a_high == -1:
        return [ids.opening_bid, ids.pass_] if money >= s.tables.player_auction_opening else [ids.pass_]
    bid = s.a_bid
    legal = [a for a, amount in ids.raises.items() if bid + amount <= money]
    legal.append(ids.pass_)
    return legal


def bid(s: GalacticState, seat: int, action: int) -> Then:
    ids = s.ids
    if action == ids.pass_:
        s.a_out[seat] = True
    elif action == ids.opening_bid:
        s.a_bid = s.tables.player_auction_opening
        s.a_high = seat
    else:
        s.a_bid += ids.raises[action]
        s.a_high = seat
    return _ask_next(s)


def _finish(s: GalacticState) -> Then:
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
            economy.transfer(
                s, BANK, seller, price * s.tables.player_auction_seller_percent // 100, income.AUCTION_SALES
            )
        else:
            economy.transfer(s, BANK, seller, price * s.tables.middleman_percent // 100, income.MIDDLEMAN)
        s.owner[loc] = winner
    if player_auction:
        return TO_ROLL
    s.pos[seller] = START
    return TURN_OVER
