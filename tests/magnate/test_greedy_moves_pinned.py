"""`greedy`'s moves are pinned: a speed-up of its rules of thumb must not change one move.

The digest below is of every action (chance draws and moves) of a few whole games played by the
`rollout_action` (`GREEDY`) and `check_action` (`SHARP`) policies for every seat, in four option
sets, recorded at commit 6b590a1. These policies are the inner loop of every plan check, so they
are where speed-ups get tried; one that changes a move fails here. A change meant to alter the
bots' play, or the rules, changes the digest too: record the new one in the same commit and say
why.
"""

from __future__ import annotations

import hashlib
import random

from magnates.bots.playout import game_hooks
from magnates.core.chance import sample
from magnates.games import load

OPTION_SETS: list[dict[str, object]] = [{}, {"players": 3}, {"players": 1, "automa": "hard"}, {"mega": True}]
GAMES = 6
DIGEST = "efed98c09d82b852b710b378bc01ea71788c299a518f266952ce6e878e23b199"


def played_digest() -> str:
    digest = hashlib.sha256()
    for options in OPTION_SETS:
        game = load("magnate", **options)
        hooks = game_hooks(game)
        for policy_name in ("rollout_action", "check_action"):
            policy = hooks[policy_name]
            for seed in range(GAMES):
                rng = random.Random(seed)
                state = game.new_initial_state()
                while not state.is_terminal():
                    action = sample(state.chance_outcomes(), rng) if state.is_chance_node() else policy(state, rng)
                    digest.update(action.to_bytes(4, "little"))
                    state.apply_action(action)
    return digest.hexdigest()


def test_greedy_and_sharp_play_the_recorded_moves() -> None:
    assert played_digest() == DIGEST
