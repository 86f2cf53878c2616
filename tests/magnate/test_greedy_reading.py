"""`greedy` reads the same facts whether it is given a view (a real game) or a state (a rollout)."""

from __future__ import annotations

import random

import pytest

from magnates.core.chance import sample
from magnates.games import load
from magnates.games.magnate.bots import GreedyBot, Seen
from magnates.games.magnate.state import MagnateState


@pytest.mark.parametrize("options", [{}, {"players": 3}, {"players": 1, "automa": "hard"}, {"mega": True}])
def test_a_state_and_the_deciding_seats_view_give_the_same_reading_and_move(options: dict[str, object]) -> None:
    game = load("magnate", **options)
    bot = GreedyBot()
    rng = random.Random(7)
    state: MagnateState = game.new_initial_state()  # type: ignore[assignment]
    decisions = 0
    while not state.is_terminal():
        if state.is_chance_node():
            state.apply_action(sample(state.chance_outcomes(), rng))
            continue
        seat = state.current_player()
        from_view = Seen.from_view(game, state.view(seat))  # type: ignore[arg-type]
        from_state = Seen.from_state(state)
        board, seen_board = from_state.board, from_view.board
        assert (board.lanes, board.deeds, board.paid, board.values) == (
            seen_board.lanes,
            seen_board.deeds,
            seen_board.paid,
            seen_board.values,
        )
        assert (from_state.seat, from_state.tokens, sorted(from_state.hand), from_state.plays_left) == (
            from_view.seat,
            from_view.tokens,
            sorted(from_view.hand),
            from_view.plays_left,
        )
        assert from_state.turns_left == from_view.turns_left
        legal = state.legal_actions()
        move = bot.decide(game, from_state, legal)  # type: ignore[arg-type]
        assert move == bot.choose(game, state.view(seat), legal, rng)
        state.apply_action(move)
        decisions += 1
    assert decisions > 50
