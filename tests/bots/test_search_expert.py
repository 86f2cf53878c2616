"""The search-only `expert` of Magistrate and Magistratvm (`magnates.bots.search_expert`): legal
moves at 3 and 4 players, offered by the registry exactly where a match measured it, and the
`hard` search it is made from. (Same view, same move: tests/bots/test_determinization.py.)"""

from __future__ import annotations

import random
from typing import Any

import pytest
from matches import first_decisions

import magnates
from magnates.bots import search_expert
from magnates.bots.ismcts import ISMCTSBot
from magnates.bots.presets import preset
from magnates.bots.registry import available, describe, make_bot, thinking_bots, unavailable
from magnates.bots.search_expert import CANDIDATES, DECISION_SECONDS, candidate_preset, search_expert_preset

CASES = [pytest.param(name, n, id=f"{name}-{n}p") for name in ("magistrate", "magistratvm") for n in (3, 4)]


@pytest.mark.parametrize(("name", "players"), CASES)
def test_it_plays_legal_moves_through_a_game(name: str, players: int) -> None:
    """The expert's search (a small budget, no clock) takes every decision of the seat it holds
    for the first stretch of a game; the others play at random, so it meets many positions."""
    game = magnates.load(name, players=players)
    bot = candidate_preset(game, simulations=8, seconds=None).build("expert")
    assert first_decisions(game, bot, 12, random.Random(3)) == 12


@pytest.mark.parametrize("name", sorted(CANDIDATES))
def test_it_is_hards_search_with_more_simulations_under_half_a_second(name: str) -> None:
    game = magnates.load(name)
    hard, expert = preset(game, "hard"), candidate_preset(game)
    assert expert.algorithm == hard.algorithm and expert.horizon == hard.horizon
    assert expert.rollout_depth == hard.rollout_depth and expert.exploration == hard.exploration
    assert expert.simulations is not None and hard.simulations is not None
    assert expert.simulations > hard.simulations
    assert expert.cpu_seconds == DECISION_SECONDS < 0.5 and expert.seconds is None


def test_a_game_without_a_candidate_is_refused() -> None:
    with pytest.raises(KeyError, match="no search-only expert candidate for magnate"):
        candidate_preset(magnates.load("magnate", players=2))


@pytest.mark.parametrize(("name", "players"), CASES)
def test_the_registry_offers_it_exactly_where_it_was_measured(name: str, players: int) -> None:
    game = magnates.load(name, players=players)
    measured = (name, players) in search_expert.SEARCH_EXPERTS
    assert ("expert" in available(game)) == measured
    assert ("expert" in thinking_bots(game)) == measured
    if measured:
        bot = make_bot("expert", game)
        assert isinstance(bot, ISMCTSBot) and bot.budget.simulations == CANDIDATES[name]["simulations"]
        assert "expert" not in unavailable(game)
    else:
        assert search_expert_preset(game) is None
        assert "Play hard" in unavailable(game)["expert"]


def test_a_measured_entry_offers_it_with_its_line_and_a_thinking_time(monkeypatch: pytest.MonkeyPatch) -> None:
    """The registry's side, whatever the table holds: offered at the listed player count with the
    default options only, and the other counts say where it is."""
    monkeypatch.setattr(search_expert, "SEARCH_EXPERTS", {("magistratvm", 4): "a match"})
    four, three = magnates.load("magistratvm", players=4), magnates.load("magistratvm", players=3)
    bot: Any = make_bot("expert", four)
    assert isinstance(bot, ISMCTSBot) and bot.name == "expert"
    assert bot.budget.simulations == CANDIDATES["magistratvm"]["simulations"]
    assert bot.budget.cpu_seconds == DECISION_SECONDS and bot.budget.seconds is None
    timed: Any = make_bot("expert", four, {"seconds": "1.5"})
    assert timed.budget.seconds == 1.5 and timed.budget.simulations is None and timed.budget.cpu_seconds is None
    assert "half a second" in describe("expert", four)
    assert "expert" not in available(three)
    assert "measured stronger than hard only for 4 players" in unavailable(three)["expert"]
    shorter = magnates.load("magistratvm", players=4, turn_limit=20)
    assert "expert" not in available(shorter) and "default options" in unavailable(shorter)["expert"]
