"""Properties over thousands of random games: termination, legality, conservation,
views that leak nothing, JSON round trips, determinism."""

from __future__ import annotations

import json
import random

import pytest
from hypothesis import HealthCheck, given, settings
from hypothesis import strategies as st

import magnates
from magnates.core import sample
from magnates.games.magnate import space as S
from magnates.games.magnate.flow import DRAW
from magnates.games.magnate.state import MagnateState

GAMES = 2000


def _card_count(state: MagnateState) -> int:
    cards = [c for h in state.hands for c in h] + state.pile + state.discard
    cards += [c for row in state.lanes for lane in row for c in lane]
    if state.sold_card >= 0:
        cards.append(state.sold_card)
    assert len(cards) == len(set(cards)), "a card is in two places"
    return len(cards)


def _tokens(state: MagnateState) -> int:
    """Tokens held plus tokens resting on deeds."""
    return sum(map(sum, state.tokens)) + sum(sum(p) for row in state.deed_paid for p in row)


def _expected_token_change(state: MagnateState, action: int) -> int | None:
    """How many tokens an action creates or destroys by the rules (None: checked from the tallies)."""
    op, a, _b, _c = state.space.decode[action]
    deck = state.deck
    if op == S.OP_DEAL_CROWN:  # a player (not the automa) takes a token of each Crown's suit
        side = (len(deck.crowns) - len(state.crowns_to_deal)) % state.config.sides
        return 1 if side < state.config.players else 0
    if op == S.OP_TRADE:
        return -2
    if op == S.OP_DEVELOP:
        return -deck.develop_cost[a]
    if op == S.OP_DEED:
        return -len(deck.deed_cost[a])
    if op == S.OP_SELL:
        return len(deck.sale[a])
    if op == S.OP_IMPROVE:
        card = state.deed_card[a][state.turn_player]
        paid = sum(state.deed_paid[a][state.turn_player])
        # A finished deed's tokens are spent: they leave the deed when it completes.
        return -deck.develop_cost[card] if paid + 1 == deck.develop_cost[card] else 0
    return None


def play_random(seed: int, check_every_step: bool = True, **options) -> MagnateState:
    game = magnates.load("magnate", **options)
    rng = random.Random(seed)
    state = game.new_initial_state()
    n_cards = len(game.deck)
    steps = 0
    while not state.is_terminal():
        steps += 1
        assert steps < 5000, "the game does not end"
        if state.is_chance_node():
            outcomes = state.chance_outcomes()
            assert abs(sum(p for _, p in outcomes) - 1) < 1e-9
            action = sample(outcomes, rng)
        else:
            legal = state.legal_actions()
            assert legal, "a player must act but has no legal action"
            action = legal[rng.randrange(len(legal))]
        if check_every_step:
            before = _tokens(state)
            expected = _expected_token_change(state, action)
            income_before = sum(map(sum, state.income)) - sum(map(sum, state.taxed_away))
        state.apply_action(action)
        if check_every_step:
            assert _card_count(state) == n_cards
            change = _tokens(state) - before
            if expected is None:  # chance and income: exactly what the tallies say was collected or taxed
                expected = sum(map(sum, state.income)) - sum(map(sum, state.taxed_away)) - income_before
            assert change == expected, f"tokens changed by {change}, rules say {expected}"
            assert min(min(t) for t in state.tokens) >= 0
    return state


@pytest.mark.parametrize("chunk", [0, *(pytest.param(c, marks=pytest.mark.slow) for c in range(1, 4))])
def test_two_thousand_random_games_end_legally_and_conserve_cards_and_tokens(chunk):
    """2,000 games in four chunks of 500 (so test workers share them); every step checked in 300.
    The default run plays the first chunk; `-m slow` the other three."""
    reasons: dict[str, int] = {}
    size = GAMES // 4
    for seed in range(chunk * size, (chunk + 1) * size):
        state = play_random(seed, check_every_step=seed % size < 75)
        final_hands = [len(h) for h in state.hands]
        assert final_hands == [2, 2], "each player ends with two cards after the final turns"
        assert state.exhaustions == 2
        reason = state.result().reason
        reasons[reason] = reasons.get(reason, 0) + 1
    assert set(reasons) <= {"districts", "tiebreak: total rank", "tiebreak: resources", "draw"}
    assert reasons["districts"] > size / 2


def test_each_player_gets_exactly_one_final_turn_after_the_second_exhaustion():
    for seed in range(50):
        game = magnates.load("magnate")
        rng = random.Random(seed)
        state = game.new_initial_state()
        turns_at_exhaustion = None
        while not state.is_terminal():
            if state.is_chance_node():
                state.apply_action(sample(state.chance_outcomes(), rng))
            else:
                legal = state.legal_actions()
                state.apply_action(legal[rng.randrange(len(legal))])
            if state.exhaustions == 2 and turns_at_exhaustion is None:
                turns_at_exhaustion = state.turn_number
        assert turns_at_exhaustion is not None
        assert state.turn_number - turns_at_exhaustion == 1  # the turn after the one that drew the last card
        # The drawer's turn ended with the draw; the opponent and then the drawer play once more.


def _random_state(seed: int, steps: int, **options) -> MagnateState:
    game = magnates.load("magnate", **options)
    rng = random.Random(seed)
    state = game.new_initial_state()
    for _ in range(steps):
        if state.is_terminal():
            break
        if state.is_chance_node():
            state.apply_action(sample(state.chance_outcomes(), rng))
        else:
            legal = state.legal_actions()
            state.apply_action(legal[rng.randrange(len(legal))])
    return state


OPTION_SETS = [{}, {"players": 3}, {"players": 1}, {"mega": True}, {"districts": 4, "courts": False}]


@settings(max_examples=150, deadline=None, suppress_health_check=[HealthCheck.too_slow])
@given(seed=st.integers(0, 10**6), steps=st.integers(0, 400), options=st.sampled_from(OPTION_SETS))
def test_views_do_not_change_when_hidden_parts_change(seed, steps, options):
    state = _random_state(seed, steps, **options)
    rng = random.Random(seed)
    for seat in range(state.config.players):
        view = state.view(seat)
        json.dumps(view)
        # Shuffle everything this seat cannot see: other hands and the draw pile.
        other = state.clone()
        hidden = [c for s, h in enumerate(other.hands) if s != seat for c in h] + other.pile
        rng.shuffle(hidden)
        for s, hand in enumerate(other.hands):
            if s != seat:
                other.hands[s], hidden = hidden[: len(hand)], hidden[len(hand) :]
        other.pile = hidden
        assert other.view(seat) == view
        # And a state sampled from the view (ISMCTS's determinization) shows the same view.
        sampled = state.game.sample_state(view, rng)
        assert sampled.view(seat) == view
        assert sampled.legal_actions() == state.legal_actions() or state.current_player() != seat
        for s, hand in enumerate(state.hands):
            if s != seat:
                assert not (
                    {state.game.card_labels[c] for c in hand}
                    & set(json.dumps(view).split('"')) - set(json.dumps(state.view(None)).split('"'))
                )


@settings(max_examples=100, deadline=None)
@given(seed=st.integers(0, 10**6), steps=st.integers(0, 500), options=st.sampled_from(OPTION_SETS))
def test_states_and_records_round_trip_through_json(seed, steps, options):
    state = _random_state(seed, steps, **options)
    data = json.loads(json.dumps(state.to_json()))
    again = state.game.state_from_json(data)
    assert again.to_json() == state.to_json()
    assert again.legal_actions() == state.legal_actions()
    record = magnates.Record.from_json(json.loads(json.dumps(state.record().to_json())))
    replayed = magnates.replay(record)
    assert replayed.to_json() == state.to_json()


def test_same_seed_same_game():
    a = play_random(7, check_every_step=False)
    b = play_random(7, check_every_step=False)
    assert a.history == b.history and a.result() == b.result()


def test_save_and_load_a_game(tmp_path):
    state = _random_state(3, 200)
    path = magnates.save(state, tmp_path / "game.json")
    loaded = magnates.load_game(path)
    assert loaded.to_json() == state.to_json()


@pytest.mark.parametrize(
    "text, message",
    [
        ("not json", "not valid JSON"),
        ('{"game": "magnate"}', "lacks"),
        ('{"game": "magnate", "options": {}, "actions": [0, 999999]}', "cannot be replayed"),
        ('{"game": "magnate", "options": {"districts": 9}, "actions": []}', "one of 5, 4"),
    ],
)
def test_a_broken_saved_game_gives_a_clear_error(tmp_path, text, message):
    path = tmp_path / "broken.json"
    path.write_text(text)
    with pytest.raises(magnates.MagnatesError, match=message):
        magnates.load_game(path)


def test_broken_state_json_is_refused():
    state = _random_state(5, 100)
    data = state.to_json()
    data["hidden"]["pile"] = data["hidden"]["pile"][1:]
    with pytest.raises(magnates.RecordError, match="do not add up"):
        state.game.state_from_json(data)


def test_draws_are_chance_nodes_over_the_pile():
    state = _random_state(11, 60)
    while state.phase != DRAW:
        if state.is_chance_node():
            state.apply_action(state.chance_outcomes()[0][0])
        else:
            state.apply_action(state.legal_actions()[-1])
    outcomes = state.chance_outcomes()
    assert len(outcomes) == len(state.pile)
    assert all(abs(p - 1 / len(state.pile)) < 1e-12 for _, p in outcomes)
