"""Searching to win rather than to rank well (`magnates.core.first_place`, `objective="win"`): the
values of a finished game and of a forecast, the games' hooks, and the search that uses them."""

from __future__ import annotations

import random
from dataclasses import replace

import pytest
from matches import first_decisions

import magnates
from magnates.bots.playout import Playout
from magnates.bots.presets import preset
from magnates.core.chance import sample
from magnates.core.first_place import win_returns, win_values
from magnates.core.game import State

GAMES = [pytest.param(name, n, id=f"{name}-{n}p") for name in ("magistrate", "magistratvm") for n in (3, 4)]


class _Finished:
    """A finished game's places, as `win_returns` reads them."""

    def __init__(self, ranking: list[int]) -> None:
        self.ranking = ranking

    def result(self) -> _Finished:
        return self


@pytest.mark.parametrize(
    ("ranking", "values"),
    [
        ([1, 2, 3], [1.0, -1.0, -1.0]),
        ([2, 1, 2, 4], [-1.0, 1.0, -1.0, -1.0]),
        ([1, 1, 3], [0.0, 0.0, -1.0]),
        ([1, 1, 1, 1], [-0.5, -0.5, -0.5, -0.5]),
    ],
)
def test_a_finished_game_is_worth_something_only_to_its_winners(ranking: list[int], values: list[float]) -> None:
    assert win_returns(_Finished(ranking)) == values  # type: ignore[arg-type]


def test_a_second_place_is_worth_no_more_than_a_last_one() -> None:
    """What `State.returns()` scores 0 (second of three) and -1 (last) are both a loss here."""
    assert win_returns(_Finished([2, 1, 3]))[0] == win_returns(_Finished([3, 1, 2]))[0]  # type: ignore[arg-type]


def test_the_chances_of_first_place_add_up_to_one() -> None:
    ahead = [[0.5, 0.8, 0.9], [0.2, 0.5, 0.6], [0.1, 0.4, 0.5]]
    values = win_values(ahead)
    chances = [(v + 1.0) / 2.0 for v in values]
    assert sum(chances) == pytest.approx(1.0)
    assert chances[0] > chances[1] > chances[2]
    assert chances[0] == pytest.approx(0.72 / (0.72 + 0.12 + 0.04))


def test_even_seats_have_even_chances() -> None:
    assert win_values([[0.5] * 4 for _ in range(4)]) == pytest.approx([-0.5] * 4)


def test_a_seat_sure_to_be_beaten_has_no_chance() -> None:
    values = win_values([[0.5, 0.0, 0.7], [1.0, 0.5, 0.9], [0.3, 0.1, 0.5]])
    assert values[0] == -1.0 and values[1] > values[2]


def _positions(name: str, players: int, count: int) -> list[State]:
    """States along a game played at random, with the finished one last."""
    game = magnates.load(name, players=players)
    rng = random.Random(11)
    state = game.new_initial_state()
    seen: list[State] = []
    while not state.is_terminal():
        if state.is_chance_node():
            state.apply_action(sample(state.chance_outcomes(), rng))
            continue
        legal = list(state.legal_actions())
        if rng.random() < 0.05 and len(seen) < count:
            seen.append(state.clone())
        state.apply_action(legal[rng.randrange(len(legal))])
    return [*seen, state]


@pytest.mark.parametrize(("name", "players"), GAMES)
def test_the_games_first_place_values_follow_their_forecast(name: str, players: int) -> None:
    """Every seat's first-place value lies in [-1, 1], the chances add up to one, and the seats
    agree with the game's own (rank-scored) leaf values on who leads (both grow with the seat's
    forecast); at the end they are the win returns."""
    game = magnates.load(name, players=players)
    playout = Playout(game, 0, objective="win")
    ranked = Playout(game, 0)
    *middle, end = _positions(name, players, 12)
    assert middle
    for state in middle:
        values = playout.estimate(state)
        assert len(values) == players and all(-1.0 <= v <= 1.0 for v in values)
        assert sum((v + 1.0) / 2.0 for v in values) == pytest.approx(1.0)
        rank_values = ranked.estimate(state)
        leader = max(range(players), key=lambda seat: rank_values[seat])
        assert values[leader] == pytest.approx(max(values))
    assert playout.final(end) == win_returns(end)
    assert playout.values(end.clone(), random.Random(0)) == win_returns(end)


def test_a_game_without_first_place_values_cannot_be_played_to_win() -> None:
    game = magnates.load("galactic-magnate")
    with pytest.raises(ValueError, match="galactic-magnate offers no first-place values"):
        Playout(game, 0, objective="win")


def test_an_unknown_objective_is_refused() -> None:
    game = magnates.load("magistrate")
    with pytest.raises(ValueError, match="a search plays for one of rank, win, not 'money'"):
        Playout(game, 0, objective="money")
    with pytest.raises(ValueError, match="not 'money'"):
        replace(preset(game, "hard"), objective="money").build("hard")


@pytest.mark.parametrize(("name", "players"), GAMES)
def test_a_search_playing_to_win_plays_legal_moves(name: str, players: int) -> None:
    game = magnates.load(name, players=players)
    bot = replace(preset(game, "hard"), simulations=8, seconds=None, objective="win").build("hard")
    assert first_decisions(game, bot, 10, random.Random(5)) == 10
