"""Galactic Magnate, 5 players: price paid / minimum price of bank auctions by round and middleman.

python gm_prices.py RECORDS.jsonl ...
"""

import statistics
import sys
from collections import defaultdict

from gm_replay import auctions

from magnates.games.galactic_magnate.board import PRICE

ratio: defaultdict[tuple[int, int, bool], list[float]] = defaultdict(list)
for auction in auctions(sys.argv[1:]):
    if auction.winner is not None:
        key = (min(auction.round, 2), auction.middleman_position, auction.winner == auction.middleman)
        ratio[key].append(auction.paid / PRICE[auction.location])
for k in sorted(ratio):
    print(k, len(ratio[k]), round(statistics.fmean(ratio[k]), 2))
