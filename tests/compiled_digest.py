"""A digest of seeded random games of every game, for comparing the compiled build with the package.

    PYTHONPATH=build/compiled python tests/compiled_digest.py    # prints one JSON object

For each game and player count: a few games with chance drawn from a seeded generator and random
legal actions (concessions masked), every action id, the deciding seat's observation vector at every
decision (through the RL observer's tracked fast path), the returns and the final state's JSON, each
hashed; and whether a final state survives a pickle round trip unchanged. tests/test_compiled_build.py
runs it on the compiled copy and compares with the same digest of the pure-Python package: the build
changes how the rules run, never what they do.
"""

from __future__ import annotations

import hashlib
import json
import pickle
import random
from typing import Any

from magnates import load
from magnates.bots.observation import Observer
from magnates.core.chance import sample
from magnates.envs.concessions import concession_ids, without_concessions
from magnates.sim.compiled import compiled_modules

CASES: tuple[tuple[str, int], ...] = (
    ("magnate", 2),
    ("magnate", 3),
    ("galactic-magnate", 3),
    ("magistrate", 3),
    ("magistrate", 4),
    ("magistratvm", 4),
)
GAMES_EACH = 3


def digest(games_each: int = GAMES_EACH) -> dict[str, Any]:
    """{"compiled": how many modules run compiled, "games": {case: digest}}."""
    out: dict[str, Any] = {}
    for name, players in CASES:
        game = load(name, players=players)
        observe = Observer(game.observation_encoder())
        masked = concession_ids(game)
        actions, vectors, ends = hashlib.sha256(), hashlib.sha256(), hashlib.sha256()
        pickles = True
        for seed in range(games_each):
            rng = random.Random(seed)
            state = game.new_initial_state()
            while not state.is_terminal():
                if state.is_chance_node():
                    state.apply_action(sample(state.chance_outcomes(), rng))
                    continue
                vectors.update(observe(state, state.current_player()).tobytes())
                legal = without_concessions(state.legal_actions(), masked)
                action = legal[rng.randrange(len(legal))]
                actions.update(action.to_bytes(4, "little"))
                state.apply_action(action)
            record = json.dumps({"returns": state.returns(), "state": state.to_json()}, sort_keys=True, default=str)
            ends.update(record.encode())
            pickles = pickles and pickle.loads(pickle.dumps(state)).to_json() == state.to_json()
        out[f"{name}-{players}p"] = {
            "actions": actions.hexdigest(),
            "observations": vectors.hexdigest(),
            "ends": ends.hexdigest(),
            "pickles": pickles,
        }
    return {"compiled": len(compiled_modules()), "games": out}


if __name__ == "__main__":
    print(json.dumps(digest()))
