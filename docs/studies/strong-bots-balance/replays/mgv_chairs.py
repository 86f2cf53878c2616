"""Magistratvm: the die-roll Prefect by chair, and wins by order and chair.

python mgv_chairs.py PLAYERS RECORDS.jsonl ...
"""

import sys
from collections import Counter

from magnates.games import load
from magnates.sim.report import recorded_actions

n = int(sys.argv[1])
game = load("magistratvm", players=n)
first_chair = Counter()
wins = Counter()
for acts in recorded_actions(sys.argv[2:]):
    st = game.new_initial_state()
    first = None
    for a in acts:
        st.apply_action(a)
        if first is None and st.prefect >= 0:
            first = st.prefect
    first_chair[first] += 1
    r = st.result().ranking
    if r.count(1) == 1:
        wins[(r.index(1) - first) % n, r.index(1)] += 1
print("die-roll Prefect by chair:", [first_chair[c] for c in range(n)])
for o in range(n):
    print("order", o + 1, "wins by chair:", [wins[(o, c)] for c in range(n)])
