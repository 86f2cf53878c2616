"""For every game: a sampled determinization agrees with the view it came from, and a search bot
decides from the view alone (two states with the same view get the same move from the same stream).

Games are taken from the registry, so each game is covered as soon as it is registered; the Sealed
Bids test game stands in for a game with secret draws.
"""

from __future__ import annotations

import json
import random
from collections.abc import Iterator
from typing import Any

import pytest
from hypothesis import HealthCheck, given, settings
from hypothesis import strategies as st
from sealed_bids import SealedBidsGame

from magnates.bots import search_bot
from magnates.bots.search_expert import CANDIDATES, candidate_preset
from magnates.core.chance import sample
from magnates.core.game import Game, State
from magnates.games import REGISTRY, game_class, load

CHECKS_PER_GAME = 12


def option_sets() -> list[tuple[str, dict[str, Any]]]:
    """Each registered game with each of its player counts (the default options otherwise)."""
    found: list[tuple[str, dict[str, Any]]] = []
    for name in sorted(REGISTRY):
        declared = {o.name: o for o in game_class(name).options_declared}
        players = declared.get("players")
        counts = list(players.choices) if players is not None and players.choices else [None]
        found.extend((name, {} if n is None else {"players": n}) for n in counts)
    return found


def make_game(name: str, options: dict[str, Any]) -> Game:
    if name == "sealed-bids":
        return SealedBidsGame(**options)
    return load(name, **options)


KNOWN_BUGS: dict[str, pytest.MarkDecorator] = {}
"""Games whose sampling is known to be broken, with the mark that says so (none at the moment)."""


def cases(only_two_players: bool = False) -> list[Any]:
    every = [("sealed-bids", {"players": 2}), ("sealed-bids", {"players": 3}), *option_sets()]
    if only_two_players:
        every = [(name, options) for name, options in every if options.get("players", 2) == 2]
    return [
        pytest.param(
            name,
            options,
            id=f"{name}-{'-'.join(f'{k}={v}' for k, v in options.items()) or 'default'}",
            marks=[KNOWN_BUGS[name]] if name in KNOWN_BUGS else [],
        )
        for name, options in every
    ]


def decisions(game: Game, seed: int, every: float) -> Iterator[State]:
    """Decision points of one random game (a random share `every` of them), up to CHECKS_PER_GAME."""
    rng = random.Random(seed)
    state = game.new_initial_state()
    shown = 0
    while not state.is_terminal() and shown < CHECKS_PER_GAME:
        if state.is_chance_node():
            action = sample(state.chance_outcomes(), rng)
        else:
            if rng.random() < every:
                shown += 1
                yield state
            legal = state.legal_actions()
            action = legal[rng.randrange(len(legal))]
        state.apply_action(action)


def as_json(data: Any) -> str:
    return json.dumps(data, sort_keys=True)


@pytest.mark.parametrize(("name", "options"), cases())
@given(seed=st.integers(0, 2**31))
@settings(max_examples=4, deadline=None, suppress_health_check=[HealthCheck.too_slow])
def test_every_determinization_agrees_with_its_view(name: str, options: dict[str, Any], seed: int) -> None:
    game = make_game(name, options)
    sampler = random.Random(seed + 1)
    for state in decisions(game, seed, every=0.2):
        seat = state.current_player()
        view = state.view(seat)
        for _ in range(2):
            world = game.sample_state(view, sampler)
            assert as_json(world.view(seat)) == as_json(view)
            assert world.current_player() == seat
            assert sorted(world.legal_actions()) == sorted(state.legal_actions())


@pytest.mark.parametrize(("name", "options"), cases(only_two_players=True))
@pytest.mark.parametrize("level", ["mcts", "ismcts"])
def test_a_search_bot_decides_from_the_view_alone(name: str, options: dict[str, Any], level: str) -> None:
    game = make_game(name, options)
    bot = search_bot(level, game, simulations=12, seconds=None, rollout_depth=4)  # no clock: the same moves under load
    same_move_for_the_same_view(game, bot, seed=7, bot_seed=99)


def same_move_for_the_same_view(game: Any, bot: Any, seed: int, bot_seed: int, decisions_checked: int = 3) -> int:
    """At the first decisions with a choice of a seeded game, the bot plays a legal move, leaves the
    view it was given as it was, and plays the same move in a state with other hidden cards behind
    the same view. Returns how many decisions were checked."""
    checked = 0
    for state in decisions(game, seed=seed, every=0.1):
        legal = list(state.legal_actions())
        if len(legal) < 2:
            continue
        seat = state.current_player()
        view = state.view(seat)
        before = as_json(view)
        other = game.sample_state(view, random.Random(checked))  # other hidden cards, same view
        choice = bot.choose(game, view, legal, random.Random(bot_seed))
        assert choice in legal
        assert as_json(view) == before, "the bot changed the view it was given"
        assert bot.choose(game, other.view(seat), list(other.legal_actions()), random.Random(bot_seed)) == choice
        checked += 1
        if checked == decisions_checked:
            break
    return checked


def search_expert_cases() -> list[Any]:
    """Every game and player count a search-only `expert` is made for (`magnates.bots.search_expert`)."""
    found: list[Any] = []
    for name in sorted(CANDIDATES):
        players = {o.name: o for o in game_class(name).options_declared}["players"].choices or ()
        found.extend(pytest.param(name, n, id=f"{name}-players={n}") for n in players)
    return found


@pytest.mark.parametrize(("name", "players"), search_expert_cases())
def test_the_search_only_expert_decides_from_the_view_alone(name: str, players: int) -> None:
    game = load(name, players=players)
    bot = candidate_preset(game, simulations=10, seconds=None).build("expert")  # no clock: the same moves under load
    assert same_move_for_the_same_view(game, bot, seed=11, bot_seed=5) == 3, "too few decisions with a choice to check"
