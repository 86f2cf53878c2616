"""`max_game_length` is true: the OpenSpiel wrapper ends a game that reaches it (a draw), and random
play over many seeds ends far below the default cap on its own, so the cap never changes a game."""

from __future__ import annotations

import random

import pytest

pyspiel = pytest.importorskip("pyspiel")

from magnates.core.chance import sample  # noqa: E402
from magnates.core.game import CHANCE, TERMINAL  # noqa: E402
from magnates.envs.concessions import concession_ids, without_concessions  # noqa: E402
from magnates.envs.openspiel import MAX_GAME_LENGTH, short_name  # noqa: E402

from .env_cases import PLAYER_COUNTS, loaded  # noqa: E402

SEEDS: dict[str, int] = {"magnate": 30, "galactic-magnate": 4, "magistrate": 20, "magistratvm": 6}
"""Random games per game and player count (Galactic Magnate's and Magistratvm's run longest)."""


def random_length(game: object, seed: int) -> int:
    """Actions (chance included) of one random game, concessions masked as OpenSpiel's default has them."""
    rng = random.Random(seed)
    masked = concession_ids(game)  # type: ignore[arg-type]
    state = game.new_initial_state()  # type: ignore[attr-defined]
    while state.current_player() != TERMINAL:
        if state.current_player() == CHANCE:
            state.apply_action(sample(state.chance_outcomes(), rng))
        else:
            legal = without_concessions(state.legal_actions(), masked)
            state.apply_action(legal[rng.randrange(len(legal))])
        assert len(state.history) < MAX_GAME_LENGTH
    return len(state.history)


@pytest.mark.parametrize("game", list(PLAYER_COUNTS))
def test_random_games_end_by_their_rules_far_below_the_cap(game: str) -> None:
    longest = 0
    for players in (min(PLAYER_COUNTS[game]), max(PLAYER_COUNTS[game])):
        engine = loaded(game, players=players)
        for seed in range(SEEDS[game]):
            longest = max(longest, random_length(engine, seed))
    assert 0 < longest < MAX_GAME_LENGTH // 10, longest  # a tenth: the cap is never near a real game


@pytest.mark.parametrize("game", list(PLAYER_COUNTS))
def test_a_game_that_reaches_max_game_length_ends_there_as_a_draw(game: str) -> None:
    cap = 40
    spiel = pyspiel.load_game(short_name(game), {"max_game_length": cap})
    assert spiel.max_game_length() == cap
    state = spiel.new_initial_state()
    rng = random.Random(1)
    while not state.is_terminal():
        if state.is_chance_node():
            outcomes, weights = zip(*state.chance_outcomes(), strict=True)
            state.apply_action(rng.choices(outcomes, weights)[0])
        else:
            state.apply_action(rng.choice(state.legal_actions()))
    assert len(state.history()) == cap  # none of these games ends by its rules within 40 actions
    assert state.truncated and state.current_player() == pyspiel.PlayerId.TERMINAL
    assert state.returns() == [0.0] * spiel.num_players()
    assert state.legal_actions() == [] and state.chance_outcomes() == []
    again = spiel.deserialize_state(state.serialize())
    assert again.is_terminal() and again.returns() == state.returns()
    with pytest.raises(Exception, match="max_game_length"):
        state.apply_action(0)


def test_the_default_cap_is_declared_and_a_bad_one_refused() -> None:
    assert pyspiel.load_game("python_magnate").max_game_length() == MAX_GAME_LENGTH
    with pytest.raises(Exception, match="max_game_length is at least 1"):
        pyspiel.load_game("python_magnate", {"max_game_length": 0})
