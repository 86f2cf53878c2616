"""One bot alone against a field (magnates.sim.strength): seats rotate, shares add up, replays agree."""

from __future__ import annotations

import magnates
from magnates.bots import make_bot
from magnates.sim.strength import play, study


def test_the_studied_bot_takes_every_seat_in_turn_and_its_shares_match_the_results() -> None:
    game = magnates.load("toy")
    done = study(game, make_bot("random", game), make_bot("high", game), range(6))
    assert [line.seat for line in done.games] == [0, 1, 0, 1, 0, 1]
    for line in done.games:
        bots = [make_bot("high", game)] * 2
        bots[line.seat] = make_bot("random", game)
        final = play(game, bots, line.index).result()  # the same seed plays the same game again
        firsts = [seat for seat, place in enumerate(final.ranking) if place == 1]
        assert line.share == (1 / len(firsts) if line.seat in firsts else 0.0)
        assert line.scores == list(final.scores)
    assert done.wins == sum(done.wins_by_seat())
    assert len(done.times) == sum(line.decisions for line in done.games)
