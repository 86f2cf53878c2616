"""Galactic Magnate, 5 players: price paid / minimum price of bank auctions by round and middleman.

python gm_prices.py RECORDS.jsonl ...
"""

import statistics
import sys
from collections import defaultdict

from magnates.core.game import CHANCE
from magnates.games import load
from magnates.games.galactic_magnate.board import PRICE
from magnates.sim.report import recorded_actions

game = load("galactic-magnate", players=5)
kind_of = game.ids.kind_of
ratio = defaultdict(list)
for actions in recorded_actions(sys.argv[1:]):
    st = game.new_initial_state()
    cur = None
    for a in actions:
        p = st.current_player()
        if p != CHANCE and kind_of[a] == "start-auction":
            cur = (min(st.rounds, 2), st.order.index(p), p, st.pos[p])
        cash_before = list(st.cash)
        before = list(st.owner)
        st.apply_action(a)
        if cur is not None and st.owner[cur[3]] != before[cur[3]]:
            w = st.owner[cur[3]]
            paid = cash_before[w] - st.cash[w]
            ratio[(cur[0], cur[1], w == cur[2])].append(paid / PRICE[cur[3]])
            cur = None
for k in sorted(ratio):
    print(k, len(ratio[k]), round(statistics.fmean(ratio[k]), 2))
