"""Galactic Magnate, 5 players: auctions, properties and net worth by place in the playing order.

python gm_first_mover.py RECORDS.jsonl ...
"""

import statistics
import sys
from collections import defaultdict

from magnates.core.game import CHANCE
from magnates.games import load
from magnates.sim.report import recorded_actions

files = sys.argv[1:]
game = load("galactic-magnate", players=5)
kind_of = game.ids.kind_of
marks = (1, 2, 3, 5, 8, 12, 20)
worth = defaultdict(list)
props = defaultdict(list)
cash = defaultdict(list)
middle = defaultdict(int)
bought = defaultdict(int)
paid = defaultdict(int)
minp = defaultdict(int)
elim_pos = defaultdict(list)
games = 0
starts_by_pos_round = defaultdict(int)
first_buy = defaultdict(int)

for actions in recorded_actions(files):
    st = game.new_initial_state()
    games += 1
    seen = set()
    owner_before = None
    first_done = False
    for a in actions:
        p = st.current_player()
        if st.rounds >= 1 and st.order and st.phase != 0:
            pos = {seat: i for i, seat in enumerate(st.order)}
        if p != CHANCE and kind_of[a] == "start-auction":
            middle[pos[p]] += 1
            starts_by_pos_round[(pos[p], min(st.rounds, 3))] += 1
        before = list(st.owner)
        st.apply_action(a)
        if st.order:
            pos = {seat: i for i, seat in enumerate(st.order)}
            for o0, o1 in zip(before, st.owner, strict=True):
                if o0 == -1 and o1 >= 0:
                    bought[pos[o1]] += 1
                    if not first_done:
                        first_done = True
                        first_buy[pos[o1]] += 1
            r = st.rounds
            if r in marks and (r, "done") not in seen:
                seen.add((r, "done"))
                for seat in range(5):
                    worth[(r, pos[seat])].append(st.net_worth(seat))
                    cash[(r, pos[seat])].append(st.cash[seat] if st.alive[seat] else 0)
                    props[(r, pos[seat])].append(sum(1 for o in st.owner if o == seat))
    for k, seat in enumerate(st.eliminated):
        elim_pos[pos[seat]].append(k + 1)
print("games", games)
print("auctions started as middleman by position:", [middle[i] for i in range(5)])
print(
    "middleman starts in round 0/1/2/3+ by position:",
    [[starts_by_pos_round[(i, r)] for r in range(4)] for i in range(5)],
)
print("properties gained (any way) by position:", [bought[i] for i in range(5)])
print("first property by position:", [first_buy[i] for i in range(5)])
for r in marks:
    print(
        f"round {r:2d} net worth by pos:",
        [round(statistics.fmean(worth[(r, i)])) if worth[(r, i)] else None for i in range(5)],
        "props:",
        [round(statistics.fmean(props[(r, i)]), 2) if props[(r, i)] else None for i in range(5)],
        "cash:",
        [round(statistics.fmean(cash[(r, i)])) if cash[(r, i)] else None for i in range(5)],
    )
print(
    "mean elimination place (1 = first out) by position:",
    [round(statistics.fmean(elim_pos[i]), 2) if elim_pos[i] else None for i in range(5)],
    [len(elim_pos[i]) for i in range(5)],
)
print("first eliminated by position:", [sum(1 for v in elim_pos[i] if v == 1) for i in range(5)])
