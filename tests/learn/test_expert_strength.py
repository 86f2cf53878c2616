"""Every shipped `expert` beats the greedy bots of its game (slow: whole games of a searching bot).

A guard, not the measurement: the figures against `hard` come from benchmarks/search_bots.py and
are in docs/studies/. Here `expert` searches a fixed budget of 24 simulations (no time limits, so
the games do not depend on the machine's speed) in seat i % K of games 0..GAMES-1 against greedy
bots, and must take more than its fair share of the wins; `hard` takes 77-98% of them in every
game. About 10 minutes on 2 cores (`scripts/test.sh -m slow tests/learn`), most of it Galactic
Magnate's long games.
"""

from __future__ import annotations

import pytest
from shipped_weights import shipped_game

from magnates.bots.learned import SHIPPED, expert_bot
from magnates.bots.registry import make_bot
from magnates.sim.strength import study

GAMES = 20
SIMULATIONS = 24


@pytest.mark.slow
@pytest.mark.parametrize("file", SHIPPED["expert"])
def test_shipped_expert_beats_greedy(file: str) -> None:
    net, game = shipped_game(file)
    done = study(game, expert_bot(net, game, simulations=SIMULATIONS), make_bot("greedy", game), range(GAMES))
    assert done.played == GAMES
    assert done.wins / done.played > 1 / game.num_players, f"{file}: expert won {done.wins:g} of {GAMES}"
