"""benchmarks/search_disagreement.py: two settings of a search asked on the same positions."""

from __future__ import annotations

from collections import Counter

import pytest
from benchmark_scripts import load_script as benchmark

import magnates
from magnates.bots import make_bot
from magnates.bots.presets import search_bot

benchmark("search_bots")  # the script imports its --set parser from there
disagreement = benchmark("search_disagreement")


def test_the_same_settings_never_disagree_and_every_asked_position_counts() -> None:
    game = magnates.load("magistrate", players=3)
    fixed = {"simulations": 12, "seconds": None}
    a, b = search_bot("hard", game, **fixed), search_bot("hard", game, **fixed)
    found = disagreement.compare(game, a, b, make_bot("greedy", game), range(1), every=40)
    assert found.asked >= 3
    assert found.differ == []
    assert found.cpu[0] > 0 and found.cpu[1] > 0


def test_other_settings_are_asked_on_the_same_positions_and_kinds_are_first_words() -> None:
    game = magnates.load("magistrate", players=3)
    few = search_bot("hard", game, simulations=2, seconds=None)
    more = search_bot("hard", game, simulations=60, seconds=None)
    found = disagreement.compare(game, few, more, make_bot("greedy", game), range(1), every=20)
    again = disagreement.compare(game, few, more, make_bot("greedy", game), range(1), every=20)
    assert found.asked == again.asked and found.differ == again.differ  # seeded: the same positions, the same answers
    other = disagreement.compare(game, few, few, make_bot("greedy", game), range(1), every=20, other_draws=True)
    assert other.asked == found.asked  # the same positions, B asked with other draws
    for _game, seat, a, b in found.differ:
        assert 0 <= seat < 3 and a != b
    differ = [(0, 1, "march 3 from A to B", "pass"), (0, 2, "pass", "produce")]
    made = disagreement.Disagreements(asked=3, differ=differ)
    assert made.kinds() == Counter({("march", "pass"): 1, ("pass", "produce"): 1})


def test_every_must_be_positive() -> None:
    game = magnates.load("magistrate", players=3)
    bot = make_bot("greedy", game)
    with pytest.raises(ValueError, match="at least 1"):
        disagreement.compare(game, bot, bot, bot, range(1), every=0)
