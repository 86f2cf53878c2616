"""Every game's log says no more than the views: a generic property over all registered games.

If two possible actions at a node lead to different positions that a seat sees
as the same view, that seat cannot tell them apart, so its log line
(`State.describe`) must not either. (Actions that lead to the very same
position, such as dice 1+2 and 2+1 where order does not matter, may be worded
as they were rolled.)
"""

from __future__ import annotations

import json
import random

import pytest

import magnates
from magnates.core import sample
from magnates.core.game import State

PLAYER_COUNTS = {"magnate": [2, 3], "galactic-magnate": [2, 4], "magistrate": [2, 3], "magistratvm": [3, 4]}


def _key(data: dict) -> str:
    return json.dumps(data, sort_keys=True)


def _position(state: State) -> str:
    data = state.to_json()
    data.pop("history", None)
    return _key(data)


def _check_node(state: State, seats: range) -> None:
    actions = state.legal_actions()
    if len(actions) < 2:
        return
    actions = actions[:40]
    children = {a: state.child(a) for a in actions}
    for seat in seats:
        if seat == state.current_player():
            continue  # the decider knows what it chose
        groups: dict[str, dict[str, str]] = {}  # the seat's view -> {position: log text}
        for action, child in children.items():
            groups.setdefault(_key(child.view(seat)), {})[_position(child)] = state.describe(action, seat)
        for by_position in groups.values():
            texts = set(by_position.values())
            if len(by_position) > 1:
                assert len(texts) == 1, f"seat {seat} cannot tell apart positions whose logs differ: {sorted(texts)}"


@pytest.mark.parametrize("name", sorted(PLAYER_COUNTS))
def test_log_lines_reveal_nothing_the_view_hides(name: str) -> None:
    for players in PLAYER_COUNTS[name]:
        if name not in magnates.game_names():
            pytest.skip(f"{name} is not registered")
        game = magnates.load(name, players=players)
        for seed in range(3):
            rng = random.Random(seed)
            state = game.new_initial_state()
            for step in range(400):
                if state.is_terminal():
                    break
                if step % 7 == 0 or (state.is_chance_node() and step < 40):
                    _check_node(state, range(game.num_players))
                if state.is_chance_node():
                    action = sample(state.chance_outcomes(), rng)
                else:
                    legal = state.legal_actions()
                    action = legal[rng.randrange(len(legal))]
                state.apply_action(action)
