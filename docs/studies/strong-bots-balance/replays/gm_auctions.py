"""Galactic Magnate, 5 players: bank auctions by round and middleman position, and how many the middleman won.

python gm_auctions.py RECORDS.jsonl ...
"""

import sys
from collections import defaultdict

from magnates.core.game import CHANCE
from magnates.games import load
from magnates.sim.report import recorded_actions

game = load("galactic-magnate", players=5)
kind_of = game.ids.kind_of
stats = defaultdict(lambda: [0, 0, []])  # (round bucket, middleman pos) -> [auctions, middleman won, price ratios]
for actions in recorded_actions(sys.argv[1:]):
    st = game.new_initial_state()
    cur = None
    for a in actions:
        p = st.current_player()
        if p != CHANCE and kind_of[a] == "start-auction":
            pos = st.order.index(p)
            cur = (min(st.rounds, 4), pos, p, st.pos[p])
        before = list(st.owner)
        st.apply_action(a)
        if cur is not None:
            loc = cur[3]
            if st.owner[loc] != before[loc] or (st.a_loc == -1 and st.owner[loc] == before[loc] and False):
                s = stats[(cur[0], cur[1])]
                s[0] += 1
                s[1] += st.owner[loc] == cur[2]
                cur = None
            elif st.a_loc == -1 and kind_of[a] != "start-auction":
                s = stats[(cur[0], cur[1])]
                s[0] += 1
                cur = None  # ended unsold?
print("round bucket, middleman position: auctions, middleman won")
for r in range(5):
    print(r, [(stats[(r, i)][0], stats[(r, i)][1]) for i in range(5)])
