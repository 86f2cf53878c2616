"""Magistrate, 3 players: Agent Ops uses per cell by the winner and the others, and how often the top user won.

python magistrate_cells.py RECORDS.jsonl ...
"""

import sys
from collections import Counter, defaultdict
from pathlib import Path

from magnates.core.game import CHANCE
from magnates.games import load
from magnates.games.magistrate.actions import AgentOp, cell_name
from magnates.sim.report import read_lines, split_line

game = load("magistrate", players=3)
uses = defaultdict(
    lambda: [0, 0, 0, 0]
)  # cell -> [uses by winners, uses by others, games where winner used most, games with a sole top user]
games = 0
for f in sys.argv[1:]:
    for _, data in read_lines(Path(f)):
        record, meta = split_line(data)
        acts = record["actions"]
        if any("+" in b for b in meta.get("bots", [])):
            continue  # skip narrowed games
        st = game.new_initial_state()
        per = defaultdict(Counter)
        for a in acts:
            p = st.current_player()
            if p != CHANCE:
                act = game.action(a)
                if isinstance(act, AgentOp):
                    per[act.cell][p] += 1
            st.apply_action(a)
        r = st.result().ranking
        games += 1
        w = r.index(1) if r.count(1) == 1 else None
        for cell, c in per.items():
            for q in range(3):
                uses[cell][0 if q == w else 1] += c[q]
            top = max(c.values())
            tops = [q for q in range(3) if c[q] == top]
            if len(tops) == 1:
                uses[cell][3] += 1
                uses[cell][2] += tops[0] == w
print("games", games)
for cell in sorted(uses):
    u = uses[cell]
    print(
        f"{cell_name(cell):30s} uses/game winner {u[0] / games:.2f} others {u[1] / games / 2:.2f} top won {u[2]}/{u[3]}"
    )
