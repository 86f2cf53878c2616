"""Magistratvm: who is Prefect each turn, and influence by order from the die-roll Prefect.

python mgv_first_turn.py PLAYERS RECORDS.jsonl ...
"""

import statistics
import sys
from collections import Counter, defaultdict

from magnates.games import load
from magnates.games.magistratvm import phases
from magnates.games.magistratvm.scoring import scores
from magnates.sim.report import recorded_actions

game = load("magistratvm", players=int(sys.argv[1]))
n = game.num_players
prefect_t1 = Counter()
bid_t1 = []
score_by = defaultdict(list)
won_by = Counter()
prefects = defaultdict(Counter)
for acts in recorded_actions(sys.argv[2:]):
    st = game.new_initial_state()
    first = None
    seen = set()
    for a in acts:
        st.apply_action(a)
        if first is None and st.phase == phases.INCOME and st.prefect >= 0:
            first = st.prefect
        if first is not None and st.phase == phases.ACTIONS and ("act", st.turn) not in seen:
            seen.add(("act", st.turn))
            prefects[st.turn][(st.prefect - first) % n] += 1
            if len([k for k in seen if k[0] == "act"]) == 1:  # the first action phase
                prefect_t1[(st.prefect - first) % n] += 1
                bid_t1.append(st.prefect_gold)
        for t in (1, 2, 3, 5, 8):
            if first is not None and st.turn == t and ("sc", t) not in seen:
                seen.add(("sc", t))
                sc = scores(st)
                for q in range(n):
                    score_by[(t, (q - first) % n)].append(sc[q])
    r = st.result().ranking
    for q in range(n):
        if r[q] == 1 and r.count(1) == 1:
            won_by[(q - first) % n] += 1
print(
    "first action phase: Prefect by order from the die-roll Prefect:",
    dict(prefect_t1),
    "mean prefect gold",
    statistics.fmean(bid_t1),
)
for t in sorted(prefects)[:6]:
    print(" turn", t, "prefect by order:", [prefects[t][k] for k in range(n)])
for t in (1, 2, 3, 5, 8):
    print(
        "influence at start of turn",
        t,
        [round(statistics.fmean(score_by[(t, k)]), 1) if score_by[(t, k)] else None for k in range(n)],
    )
print("wins by order:", [won_by[k] for k in range(n)])
