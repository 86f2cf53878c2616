"""One game from one seed: reproducible, chance independent of the bots, crashes contained."""

from __future__ import annotations

import pytest
from dice_cards_toy import HighBot, ToyGame

import magnates
from magnates.bots import RandomBot
from magnates.core import Record
from magnates.sim import derive_seed, play_game


def test_the_same_seed_plays_the_same_game() -> None:
    game = ToyGame()
    first = play_game(game, [RandomBot(), HighBot()], 11, keep_actions=True)
    again = play_game(game, [RandomBot(), HighBot()], 11, keep_actions=True)
    assert first.actions == again.actions
    assert first.to_json() == again.to_json()


def test_different_seeds_play_different_games() -> None:
    game = ToyGame()
    games = {tuple(play_game(game, [RandomBot(), RandomBot()], seed, keep_actions=True).actions) for seed in range(20)}
    assert len(games) > 10


def test_the_chance_stream_does_not_depend_on_the_bots() -> None:
    """The deal and the first roll (five chance outcomes before any decision) are the bots' business not."""
    game = ToyGame()
    for seed in range(10):
        a = play_game(game, [RandomBot(), RandomBot()], seed, keep_actions=True)
        b = play_game(game, [HighBot(), HighBot()], seed, keep_actions=True)
        assert a.actions[:5] == b.actions[:5]


def test_an_outcome_replays_to_its_result() -> None:
    game = ToyGame()
    outcome = play_game(game, [RandomBot(), HighBot()], 5, keep_actions=True)
    state = magnates.replay(Record("toy", game.version, dict(game.options), outcome.actions))
    assert outcome.result is not None
    assert state.result() == outcome.result
    assert outcome.num_actions == len(outcome.actions)
    assert outcome.decisions == sum(1 for a in outcome.actions if game.action(a).kind in ("play", "bank", "respond"))


def test_turns_come_from_the_result_when_the_game_counts_them() -> None:
    outcome = play_game(ToyGame(turns=4), [RandomBot(), RandomBot()], 1)
    assert outcome.turns == 4


def test_a_game_that_raises_becomes_an_error_not_a_crash() -> None:
    outcome = play_game(ToyGame(crash=True), [HighBot(), HighBot()], 3)
    assert outcome.result is None
    assert outcome.error is not None and "crashed on purpose" in outcome.error


def test_a_bot_that_cheats_becomes_an_error() -> None:
    class Cheat:
        name = "cheat"

        def choose(self, game, view, legal, rng):  # type: ignore[no-untyped-def]
            return max(range(game.num_distinct_actions), key=lambda a: a not in legal)

    outcome = play_game(ToyGame(), [Cheat(), Cheat()], 3)
    assert outcome.result is None and outcome.error is not None and "IllegalAction" in outcome.error


def test_a_game_that_never_ends_is_stopped() -> None:
    outcome = play_game(ToyGame(), [RandomBot(), RandomBot()], 3, max_actions=5)
    assert outcome.error is not None and "did not end within 5 actions" in outcome.error


def test_the_number_of_bots_must_match_the_seats() -> None:
    with pytest.raises(ValueError, match="2 seats but 1 bots"):
        play_game(ToyGame(), [RandomBot()], 1)


def test_derived_seeds_are_stable_and_distinct() -> None:
    assert derive_seed(1, "game", 2) == derive_seed(1, "game", 2)
    seeds = {derive_seed(s, "game", i) for s in range(10) for i in range(100)}
    assert len(seeds) == 1000
