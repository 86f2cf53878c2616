"""Positions from seeded random playouts, for the strict-loader and numbering tests of every game."""

from __future__ import annotations

import copy
import json
import random
from collections.abc import Callable, Iterator
from typing import Any

import pytest

from magnates.core.errors import RecordError
from magnates.core.game import Game, State


def playout(game: Game, seed: int, steps: int = 5000) -> Iterator[State]:
    """Each state of one seeded random game, the first included.

    Chance by its odds, decisions uniformly, a resignation only when nothing else is legal.
    """
    rng = random.Random(seed)
    state = game.new_initial_state()
    yield state
    for _ in range(steps):
        if state.is_terminal():
            return
        if state.is_chance_node():
            actions, odds = zip(*state.chance_outcomes(), strict=True)
            action = rng.choices(actions, odds)[0]
        else:
            legal = state.legal_actions()
            staying = [a for a in legal if not game.action_to_string(a).lower().startswith("resign")]
            action = rng.choice(staying or legal)
        state.apply_action(action)
        yield state


def sampled(game: Game, seeds: range, every: int, phase: Callable[[State], object]) -> Iterator[State]:
    """Every `every`-th state of the seeded games, the first of each phase, and each game's last state."""
    seen: set[object] = set()
    for seed in seeds:
        last = None
        for step, state in enumerate(playout(game, seed)):
            last = state
            if step % every == 0 or phase(state) not in seen:
                seen.add(phase(state))
                yield state
        if last is not None:
            yield last


def round_trips(game: Game, state: State) -> None:
    """to_json -> (through text) -> state_from_json -> to_json gives the same JSON."""
    data = json.loads(json.dumps(state.to_json()))
    assert game.state_from_json(data).to_json() == data


def refused(game: Game, state: State, edit: Callable[[dict[str, Any]], object], field: str) -> str:
    """Edit a copy of the state's JSON; the loader must refuse it with a message naming `field`."""
    data = copy.deepcopy(json.loads(json.dumps(state.to_json())))
    game.state_from_json(data)  # the unedited copy loads
    edit(data)
    with pytest.raises(RecordError) as caught:
        game.state_from_json(data)
    message = str(caught.value)
    assert field in message, f"the message does not name {field!r}: {message}"
    return message


CACHES = {"_legal", "_outcomes"}
"""A state's caches: rebuilt on demand, so a clone may share them (they are never changed in place)."""


def check_clone_copies_every_field(state: State, fields: set[str]) -> None:
    """`clone()` written field by field (so that the state class compiles, scripts/build_compiled.sh)
    copies every field of `state`, and those are exactly `fields` (the caches aside): a field added
    to the state but not to its field lists would be silently shared or lost. On the compiled build
    the class itself fixes the fields and mypyc checks them, so there the test skips."""
    if not hasattr(state, "__dict__"):
        pytest.skip("compiled (scripts/build_compiled.sh): the class itself fixes the fields, mypyc checks them")
    assert set(vars(state)) - CACHES == fields
    twin = state.clone()
    assert set(vars(twin)) - CACHES == fields, "the copy has other fields than the original"
    for name, value in vars(state).items():
        if name in CACHES:
            continue
        assert getattr(twin, name) == value, name
        if isinstance(value, list):
            assert getattr(twin, name) is not value, f"{name} is shared with the original"
            if value and isinstance(value[0], list):
                assert getattr(twin, name)[0] is not value[0], f"{name}'s rows are shared with the original"
