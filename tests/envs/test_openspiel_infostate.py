"""Magnate's information-state tensor through OpenSpiel: its shape, perfect recall both ways.

Perfect recall means two histories get the same tensor exactly when the seat cannot tell them
apart. One way is checked by twins: a history is rewritten so that the other seat drew different
cards that it has not shown (swapped with cards still unseen in the draw pile), which leaves the
seat's every view the same, and must leave its tensor and string the same too. The other way by
histories a seat can tell apart: another card of its own drawn, and two public moves in the
other order (the same position reached, so the same observation, but not the same history).
"""

from __future__ import annotations

import random
from typing import Any

import numpy as np
import pytest

pyspiel = pytest.importorskip("pyspiel")

from magnates.envs.openspiel import MAX_GAME_LENGTH, short_name  # noqa: E402
from magnates.envs.step_recall import MEGA_STEPS, SLOT, STEPS  # noqa: E402
from magnates.games.magnate.space import OP_DEED, OP_DEVELOP, OP_DRAW, OP_SELL  # noqa: E402

from .env_cases import GAMES, loaded  # noqa: E402

OPTIONS = {"perfect_recall": True}

CARD_OPS = (OP_DRAW, OP_DEVELOP, OP_DEED, OP_SELL)
"""The actions whose first argument is a card."""


def spiel_game(**params: object) -> Any:
    return pyspiel.load_game("python_magnate", {**OPTIONS, **params})


def random_history(game: Any, seed: int, length: int) -> Any:
    """A state after `length` random actions (or the end) from a seeded uniform player."""
    rng = random.Random(seed)
    state = game.new_initial_state()
    while not state.is_terminal() and len(state.history()) < length:
        if state.is_chance_node():
            outcomes, weights = zip(*state.chance_outcomes(), strict=True)
            state.apply_action(rng.choices(outcomes, weights)[0])
        else:
            state.apply_action(rng.choice(state.legal_actions()))
    return state


def replayed(game: Any, actions: list[int]) -> Any:
    state = game.new_initial_state()
    for action in actions:
        state.apply_action(action)
    return state


def tensor(state: Any, player: int) -> np.ndarray:
    return np.asarray(state.information_state_tensor(player), np.float32)


@pytest.mark.parametrize("game", GAMES)
def test_the_tensor_is_offered_exactly_where_it_is_provided(game: str) -> None:
    loaded(game)
    kind = pyspiel.load_game(short_name(game), OPTIONS).get_type()
    assert kind.provides_information_state_string
    assert kind.provides_information_state_tensor == (game == "magnate")
    plain = pyspiel.load_game(short_name(game)).get_type()
    assert not plain.provides_information_state_string and not plain.provides_information_state_tensor
    if game != "magnate":
        state = pyspiel.load_game(short_name(game), OPTIONS).new_initial_state()
        assert len(state.information_state_string(0)) == 64  # the RecallChain digest
        with pytest.raises(ValueError, match="no information-state tensor"):
            state.information_state_tensor(0)


@pytest.mark.parametrize(
    ("options", "steps"),
    [
        ({}, STEPS),
        ({"players": 3}, STEPS),
        ({"players": 1}, STEPS),
        ({"mega": True}, MEGA_STEPS),
        ({"max_game_length": 50}, 50),
    ],
)
def test_shape_is_the_observation_then_a_slot_per_step(options: dict[str, int], steps: int) -> None:
    game = spiel_game(**options)
    assert game.max_game_length() == steps  # the slots are the cap the wrapper enforces
    observation = game.observation_tensor_size()
    assert game.information_state_tensor_shape() == [observation + steps * SLOT]
    assert game.information_state_tensor_size() == observation + steps * SLOT
    state = random_history(game, 0, 40)
    for player in range(game.num_players()):
        values = tensor(state, player)
        assert values.shape == (game.information_state_tensor_size(),) and np.isfinite(values).all()
        assert np.array_equal(values[:observation], np.asarray(state.observation_tensor(player), np.float32))
        slots = values[observation:].reshape(steps, SLOT)
        used = len(state.history())
        assert (slots[:used, 1:13].sum(axis=1) == 1).all()  # each step has its kind
        assert slots[:used, 0].tolist() == [float(actor == player) for actor in state.steps.actors]  # own steps
        assert 0 < slots[:used, 0].sum() < used
        assert not slots[used:].any()  # and the unused slots are zeros
    assert pyspiel.load_game("python_magnate").max_game_length() == MAX_GAME_LENGTH  # no tensor, no smaller cap
    again = pyspiel.load_game(str(game))  # the game's string names its cap: the same tensor
    assert again.information_state_tensor_size() == game.information_state_tensor_size()
    table = game.steps.table  # one slot per action id, and one for an unseen draw: all different
    assert table.shape == (game.num_distinct_actions() + 1, SLOT)
    assert len(np.unique(table, axis=0)) == len(table) and table.any(axis=1).all()


def test_pyspiel_random_sim_test_with_serialization_at_the_cap() -> None:
    """OpenSpiel's own checks (tensor and string at every state, serialization), in games stopped
    at 60 actions so that every slot is filled."""
    game = spiel_game(max_game_length=60)
    pyspiel.random_sim_test(game, num_sims=2, serialize=True, verbose=False)
    pyspiel.random_sim_test(spiel_game(max_game_length=60, players=3), num_sims=1, serialize=True, verbose=False)
    state = random_history(game, 2, 60)
    assert state.is_terminal() and state.truncated
    again = game.deserialize_state(state.serialize())
    for player in (0, 1):
        assert np.array_equal(tensor(again, player), tensor(state, player))
        assert again.information_state_string(player) == state.information_state_string(player)
        assert tensor(state, player)[-SLOT:].any()  # the last slot holds the 60th action


def hidden_twin(game: Any, state: Any, seat: int, rng: random.Random) -> list[int] | None:
    """The history of `state` with the other seats' unshown draws swapped for cards still unseen
    in the draw pile: a history `seat` cannot tell from the first (None when nothing can swap)."""
    inner = state.inner
    draws = inner.game.space.draw
    card_of = {action: card for card, action in enumerate(draws)}
    others = {c for side, hand in enumerate(inner.hands) if side != seat for c in hand}
    decode = inner.game.space.decode
    seen = {  # every card named by an action this seat saw: its draws, and the plays of a card
        decode[action][1]
        for action, only in zip(state.steps.actions, state.steps.seen_by, strict=True)
        if only in (-1, seat) and decode[action][0] in CARD_OPS
    }
    unseen_pile = [c for c in inner.pile if c not in seen]
    kept = [c for c in others if c not in seen]
    if not kept or not unseen_pile:
        return None
    rng.shuffle(unseen_pile)
    swap = dict(zip(kept, unseen_pile, strict=False))
    swap |= {v: k for k, v in swap.items()}
    twin = []
    for action, only in zip(state.steps.actions, state.steps.seen_by, strict=True):
        if only >= 0 and only != seat:
            twin.append(draws[swap.get(card_of[action], card_of[action])])
        else:
            twin.append(action)
    return twin


@pytest.mark.parametrize("seed", [0, 1, 2])
def test_histories_differing_in_the_other_hand_give_the_same_information_state(seed: int) -> None:
    game = spiel_game()
    rng = random.Random(seed)
    twins = 0
    for length in (12, 90, 200, 330):
        state = random_history(game, seed, length)
        for seat in (0, 1):
            actions = hidden_twin(game, state, seat, rng)
            if actions is None:
                continue
            twin = replayed(game, actions)  # the engine refuses an illegal move or draw
            assert twin.inner.hands[1 - seat] != state.inner.hands[1 - seat]
            assert twin.inner.hands[seat] == state.inner.hands[seat]
            assert twin.view(seat) == state.view(seat)
            assert np.array_equal(tensor(twin, seat), tensor(state, seat))
            assert twin.information_state_string(seat) == state.information_state_string(seat)
            other = 1 - seat  # who drew other cards knows it
            assert not np.array_equal(tensor(twin, other), tensor(state, other))
            assert twin.information_state_string(other) != state.information_state_string(other)
            twins += 1
    assert twins >= 4, "too few twins: the test would prove little"


def test_another_own_draw_is_another_information_state() -> None:
    game = spiel_game()
    state = game.new_initial_state()
    while state.inner.crowns_to_deal:  # the Crowns: public
        state.apply_action(state.chance_outcomes()[0][0])
    first, second = state.chance_outcomes()[0][0], state.chance_outcomes()[1][0]
    mine, other = state.child(first), state.child(second)  # seat 0's first card
    assert not np.array_equal(tensor(mine, 0), tensor(other, 0))
    assert mine.information_state_string(0) != other.information_state_string(0)
    assert np.array_equal(tensor(mine, 1), tensor(other, 1))  # seat 1 saw a card drawn, not which
    assert mine.information_state_string(1) == other.information_state_string(1)


def commuting_moves(state: Any) -> tuple[int, int] | None:
    """Two legal moves of the player to act that reach the same position in either order."""
    legal = state.legal_actions()
    for i, a in enumerate(legal):
        after_a = state.child(a)
        if after_a.current_player() != state.current_player():
            continue
        for b in legal[i + 1 :]:
            if b not in after_a.legal_actions():
                continue
            after_b = state.child(b)
            if a in after_b.legal_actions() and after_a.child(b).view(None) == after_b.child(a).view(None):
                return a, b
    return None


def test_public_moves_in_another_order_are_another_information_state() -> None:
    game = spiel_game()
    found = None
    for seed in range(20):
        state = random_history(game, seed, 0)
        while not state.is_terminal() and found is None:
            if not state.is_chance_node() and len(state.legal_actions()) < 60:
                found = commuting_moves(state)
                if found is not None:
                    break
            outcomes = [a for a, _ in state.chance_outcomes()] if state.is_chance_node() else state.legal_actions()
            state.apply_action(random.Random(len(state.history()) + seed).choice(outcomes))
        if found is not None:
            break
    assert found is not None, "no two commuting moves in 20 random games"
    a, b = found
    one, two = state.child(a).child(b), state.child(b).child(a)
    for seat in (0, 1):
        assert one.view(seat) == two.view(seat)  # the same position
        observation = game.observation_tensor_size()
        assert np.array_equal(tensor(one, seat)[:observation], tensor(two, seat)[:observation])
        assert not np.array_equal(tensor(one, seat), tensor(two, seat))  # but not the same history
        assert one.information_state_string(seat) != two.information_state_string(seat)


def test_string_and_tensor_split_the_same_histories() -> None:
    """Over many states of a few games, both seats: equal strings exactly when equal tensors."""
    game = spiel_game()
    by_string: dict[str, bytes] = {}
    by_tensor: dict[bytes, str] = {}
    for seed in range(3):
        state = random_history(game, seed, 0)
        rng = random.Random(seed)
        while not state.is_terminal() and len(state.history()) < 150:
            for seat in (0, 1):
                text, values = state.information_state_string(seat), tensor(state, seat).tobytes()
                assert by_string.setdefault(text, values) == values
                assert by_tensor.setdefault(values, text) == text
            outcomes = [a for a, _ in state.chance_outcomes()] if state.is_chance_node() else state.legal_actions()
            state.apply_action(rng.choice(outcomes))
    assert len(by_string) > 300
