"""Galactic Magnate, 5 players: bank auctions by round and middleman position, and how many the middleman won.

python gm_auctions.py RECORDS.jsonl ...
"""

import sys
from collections import Counter

from gm_replay import auctions

held: Counter[tuple[int, int]] = Counter()  # (round bucket, middleman position) -> auctions
kept: Counter[tuple[int, int]] = Counter()  # ... -> auctions the middleman won
for auction in auctions(sys.argv[1:]):
    key = (min(auction.round, 4), auction.middleman_position)
    held[key] += 1
    kept[key] += auction.winner == auction.middleman
print("round bucket, middleman position: auctions, middleman won")
for r in range(5):
    print(r, [(held[(r, i)], kept[(r, i)]) for i in range(5)])
