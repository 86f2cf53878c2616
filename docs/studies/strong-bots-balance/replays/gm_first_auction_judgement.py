"""Galactic Magnate, 5 players: what `hard`'s leaf judgement says when the first mover, as the
game's first middleman, is outbid in round 0: the value of each legal answer for him.

    python gm_first_auction_judgement.py RECORDS.jsonl [GAMES]
"""

import sys

from magnates.core.game import CHANCE
from magnates.games import load
from magnates.games.galactic_magnate.board import PRICE
from magnates.games.galactic_magnate.heuristic import leaf_values
from magnates.sim.report import recorded_actions

game = load("galactic-magnate", players=5)
kind_of = game.ids.kind_of
limit = int(sys.argv[2]) if len(sys.argv) > 2 else 40
for actions in list(recorded_actions(sys.argv[1:2]))[:limit]:
    state = game.new_initial_state()
    middleman = None
    for action in actions:
        player = state.current_player()
        if player != CHANCE and kind_of[action] == "start-auction" and state.rounds == 0:
            middleman = player if state.order.index(player) == 0 else None
        if middleman is not None and player == middleman and kind_of[action] in ("raise", "pass"):
            values = {
                game.action_to_string(b): round(leaf_values(state.child(b))[middleman], 3)
                for b in state.legal_actions()
            }
            print(
                f"bid {state.a_bid} on a lot of price {PRICE[state.a_loc]}:"
                f" chose {game.action_to_string(action)}; {values}"
            )
            middleman = None
        state.apply_action(action)
