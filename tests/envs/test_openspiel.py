"""The games as OpenSpiel Python games: OpenSpiel's random simulation test and its MCTS bot."""

from __future__ import annotations

import numpy as np
import pytest

pyspiel = pytest.importorskip("pyspiel")
from open_spiel.python.algorithms import mcts, outcome_sampling_mccfr  # noqa: E402

from magnates.envs.openspiel import short_name  # noqa: E402

from .env_cases import GAMES, loaded  # noqa: E402

MCTS_DECISIONS = 3
"""Decisions the MCTS test plays per game: its rollouts run random games to the end through
pyspiel, which takes seconds a game, so the default run plays the opening and `slow` a whole game."""


SIM_OPTIONS: dict[str, dict[str, int]] = {"magistratvm": {"players": 3, "turn_limit": 12}}
"""Magistratvm's random game is the longest to check at every state (hundreds of actions, a view
per seat each): its simulation runs a shorter game (the final circuit forced after 12 turns)."""


@pytest.mark.parametrize("game", GAMES)
def test_random_sim_test_with_serialization(game: str) -> None:
    loaded(game)
    spiel = pyspiel.load_game(short_name(game), SIM_OPTIONS.get(game, {}))
    pyspiel.random_sim_test(spiel, num_sims=1, serialize=True, verbose=False)


@pytest.mark.slow
@pytest.mark.parametrize("game", GAMES)
def test_random_sim_test_default_options_many_games(game: str) -> None:
    spiel = pyspiel.load_game(short_name(game))
    pyspiel.random_sim_test(spiel, num_sims=5, serialize=True, verbose=False)


@pytest.mark.parametrize("game", GAMES)
def test_game_type_tells_the_truth(game: str) -> None:
    engine = loaded(game)
    spiel = pyspiel.load_game(short_name(game))
    kind = spiel.get_type()
    assert kind.chance_mode == pyspiel.GameType.ChanceMode.EXPLICIT_STOCHASTIC
    # A game hides something exactly when a seat's view can differ from what a spectator sees
    # beyond the seat number: Magnate and Magistrate deal hands, the other two hide nothing.
    hidden = game in ("magnate", "magistrate")
    expected = (
        pyspiel.GameType.Information.IMPERFECT_INFORMATION
        if hidden
        else pyspiel.GameType.Information.PERFECT_INFORMATION
    )
    assert kind.information == expected
    assert spiel.num_distinct_actions() == engine.num_distinct_actions
    assert spiel.observation_tensor_size() == engine.observation_encoder().size
    assert not kind.provides_information_state_tensor


def test_chance_nodes_map_one_to_one() -> None:
    spiel = pyspiel.load_game("python_magnate", {"players": 3})
    state = spiel.new_initial_state()
    outcomes = state.chance_outcomes()
    assert outcomes == sorted(state.inner.chance_outcomes())
    assert abs(sum(p for _, p in outcomes) - 1) < 1e-9
    action = outcomes[4][0]
    state.apply_action(action)
    assert state.inner.history == [action]


def test_clone_is_independent_and_keeps_the_history() -> None:
    spiel = pyspiel.load_game("python_magnate")
    state = spiel.new_initial_state()
    rng = np.random.default_rng(0)
    for _ in range(40):
        actions = [a for a, _ in state.chance_outcomes()] if state.is_chance_node() else state.legal_actions()
        state.apply_action(int(rng.choice(actions)))
    copy = state.clone()
    assert copy.history() == state.history() and str(copy) == str(state)
    copy.apply_action(copy.legal_actions()[0] if not copy.is_chance_node() else copy.chance_outcomes()[0][0])
    assert len(copy.history()) == len(state.history()) + 1
    assert state.inner.history == state.history()


def play_with_mcts(game: str, decisions: int | None, seed: int = 0) -> tuple[int, bool]:
    spiel = pyspiel.load_game(short_name(game))
    rs = np.random.RandomState(seed)
    evaluator = mcts.RandomRolloutEvaluator(n_rollouts=1, random_state=rs)
    bot = mcts.MCTSBot(spiel, uct_c=2.0, max_simulations=2, evaluator=evaluator, random_state=rs)
    state = spiel.new_initial_state()
    played = 0
    while not state.is_terminal() and (decisions is None or played < decisions):
        if state.is_chance_node():
            actions, probabilities = zip(*state.chance_outcomes(), strict=True)
            state.apply_action(int(rs.choice(actions, p=probabilities)))
        else:
            action = bot.step(state)
            assert action in state.legal_actions()
            state.apply_action(action)
            played += 1
    return played, state.is_terminal()


@pytest.mark.parametrize("game", GAMES)
def test_openspiel_mcts_bot_plays_through_it(game: str) -> None:
    loaded(game)
    played, _ = play_with_mcts(game, MCTS_DECISIONS)
    assert played == MCTS_DECISIONS


@pytest.mark.slow
def test_openspiel_mcts_bot_plays_a_whole_magnate_game() -> None:
    _, over = play_with_mcts("magnate", None)
    assert over


@pytest.mark.parametrize("game", GAMES)
def test_serialize_writes_the_history_not_the_game(game: str) -> None:
    """A state serializes as its moves (the game is found again by name): a few bytes an action,
    and reading it back replays them to the same position."""
    loaded(game)
    spiel = pyspiel.load_game(short_name(game))
    state = spiel.new_initial_state()
    rng = np.random.default_rng(1)
    for _ in range(120):
        actions = [a for a, _ in state.chance_outcomes()] if state.is_chance_node() else state.legal_actions()
        state.apply_action(int(rng.choice(actions)))
    text = state.serialize()
    assert len(text) < 600 + 16 * len(state.history())  # the game itself pickled was 50-600 KB
    again = spiel.deserialize_state(text)
    assert again.history() == state.history() and str(again) == str(state)
    assert again.inner.to_json() == state.inner.to_json()
    assert again.legal_actions() == state.legal_actions()
    copy = pyspiel.deserialize_game_and_state(pyspiel.serialize_game_and_state(spiel, state))[1]
    assert copy.inner.to_json() == state.inner.to_json()


def test_perfect_recall_information_state_strings() -> None:
    spiel = pyspiel.load_game("python_magnate", {"perfect_recall": True})
    assert spiel.get_type().provides_information_state_string
    assert spiel.get_type().provides_information_state_tensor  # Magnate's steps: test_openspiel_infostate.py
    pyspiel.random_sim_test(spiel, num_sims=1, serialize=True, verbose=False)
    state = spiel.new_initial_state()
    while state.is_chance_node():
        state.apply_action(state.chance_outcomes()[0][0])
    seat = state.current_player()
    before = state.information_state_string(seat)
    assert before != state.information_state_string(1 - seat)  # each seat's own hand and chair
    children = [state.child(action) for action in state.legal_actions()[:2]]
    mine = {child.information_state_string(seat) for child in children}
    assert len(mine) == 2 and before not in mine  # a seat remembers its own moves
    for child in children:  # and the other seat saw them too (moves are public in Magnate)
        assert child.information_state_string(1 - seat) != state.information_state_string(1 - seat)
    with pytest.raises(ValueError, match="perfect_recall=True"):
        pyspiel.load_game("python_magnate").new_initial_state().information_state_string(0)


def test_the_hidden_hand_does_not_split_an_information_set() -> None:
    """Two deals that differ only in seat 1's hand give seat 0 the same information state (and
    seat 1 different ones): what a seat never saw cannot tell its information sets apart."""
    spiel = pyspiel.load_game("python_magnate", {"perfect_recall": True})
    first, twin = spiel.new_initial_state(), spiel.new_initial_state()
    while first.is_chance_node():
        action = first.chance_outcomes()[0][0]
        theirs = len(first.inner.hands[1])
        first.apply_action(action)
        if len(first.inner.hands[1]) > theirs:
            twin.apply_action(twin.chance_outcomes()[-1][0])  # seat 1 is dealt another card
        else:
            twin.apply_action(action)  # the Crowns, seat 0's cards, the dice: the same in both
    assert not twin.is_chance_node()
    assert twin.inner.hands[0] == first.inner.hands[0] and twin.inner.hands[1] != first.inner.hands[1]
    assert twin.information_state_string(0) == first.information_state_string(0)
    assert twin.information_state_string(1) != first.information_state_string(1)


@pytest.mark.filterwarnings("ignore::RuntimeWarning")  # the reach underflow late in a game (see above)
def test_outcome_sampling_mccfr_runs_on_magnate() -> None:
    """A CFR-family smoke test: a few iterations of OpenSpiel's outcome-sampling MCCFR over the
    perfect-recall information states, and its average policy is a distribution over legal moves."""
    spiel = pyspiel.load_game("python_magnate", {"perfect_recall": True})
    solver = outcome_sampling_mccfr.OutcomeSamplingSolver(spiel)
    np.random.seed(0)
    for _ in range(2):
        solver.iteration()
    assert len(solver._infostates) > 50
    policy = solver.average_policy()  # (deep in a game the sampling reach underflows: docs/envs.md)
    state = spiel.new_initial_state()
    while state.is_chance_node():
        state.apply_action(state.chance_outcomes()[0][0])
    probabilities = policy.action_probabilities(state)
    assert set(probabilities) <= set(state.legal_actions())
    assert all(np.isfinite(p) for p in probabilities.values())
    assert abs(sum(probabilities.values()) - 1) < 1e-6
