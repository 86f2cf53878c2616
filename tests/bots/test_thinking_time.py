"""Thinking time as a setting of every search bot (`magnates.bots.thinking`, `Preset.timed`).

No test here times anything on the real clock: a fake clock, advanced by a fixed step at every
reading, stands in for `time.perf_counter` in the search and the check. That makes a timed bot a
pure function of its view and random stream (so the determinization test applies to it) and lets
a test read how much of the clock a decision used, whatever the machine's load.
"""

from __future__ import annotations

import random
from types import SimpleNamespace
from typing import Any

import pytest
from test_determinization import as_json, cases, decisions, make_game

from magnates.bots import budget as budget_module
from magnates.bots import plan_check as plan_check_module
from magnates.bots.budget import Budget
from magnates.bots.ismcts import ISMCTSBot
from magnates.bots.mcts import MCTSBot
from magnates.bots.plan_check import PlanCheckBot
from magnates.bots.presets import LEVELS, preset
from magnates.bots.registry import available, make_bot, thinking_bots
from magnates.bots.thinking import MAX_SECONDS, THINKING, decision_seconds, parse_settings
from magnates.core.bot import Bot
from magnates.core.errors import OptionError
from magnates.games import load

STEP = 0.001
"""Fake seconds that pass at every reading of the clock."""


class FakeClock:
    """`time.perf_counter` that moves on by `STEP` at every reading (never by the real time)."""

    def __init__(self) -> None:
        self.now = 1000.0

    def perf_counter(self) -> float:
        self.now += STEP
        return self.now


@pytest.fixture
def clock(monkeypatch: pytest.MonkeyPatch) -> FakeClock:
    fake = FakeClock()
    namespace = SimpleNamespace(perf_counter=fake.perf_counter)
    monkeypatch.setattr(budget_module, "time", namespace)
    monkeypatch.setattr(plan_check_module, "time", namespace)
    return fake


def thinkers(game: Any) -> list[str]:
    """The bots of `game` that take a thinking time, as the registry offers them."""
    offered = available(game)
    return sorted(name for name in thinking_bots(game) if name in offered)


# -- settings ----------------------------------------------------------------------------
@pytest.mark.parametrize(
    ("settings", "expected"),
    [
        ({}, None),
        ({"seconds": "1.5"}, 1.5),
        ({"seconds": 0.05}, 0.05),
        ({"thinking": "long"}, 1.0),
        ({"thinking": "Very-Long"}, 5.0),
        ({"thinking": "normal"}, None),
    ],
)
def test_a_setting_names_the_seconds_of_a_decision(settings: dict[str, Any], expected: float | None) -> None:
    assert decision_seconds(settings) == expected


@pytest.mark.parametrize(
    ("settings", "message"),
    [
        ({"seconds": "soon"}, "number of seconds"),
        ({"seconds": "0"}, "between"),
        ({"seconds": "-1"}, "between"),
        ({"seconds": "nan"}, "between"),
        ({"seconds": str(MAX_SECONDS * 2)}, "between"),
        ({"seconds": True}, "number of seconds"),
        ({"thinking": "forever"}, "choose from: quick, normal, long, very long"),
        ({"thinking": "lng"}, "did you mean 'long'"),
        ({"seconds": "1", "thinking": "long"}, "not both"),
        ({"speed": "1"}, "no bot setting 'speed'"),
    ],
)
def test_a_bad_setting_is_refused_with_what_is_wrong(settings: dict[str, Any], message: str) -> None:
    with pytest.raises(OptionError, match=message):
        decision_seconds(settings)


@pytest.mark.parametrize(
    ("pairs", "message"),
    [
        (["seconds"], "NAME=VALUE"),
        (["=1"], "NAME=VALUE"),
        (["secnds=1"], "did you mean 'seconds'"),
        (["seconds=1", "seconds=2"], "twice"),
    ],
)
def test_bad_setting_pairs_are_refused(pairs: list[str], message: str) -> None:
    with pytest.raises(OptionError, match=message):
        parse_settings(pairs)


def test_a_bot_that_does_not_search_refuses_a_thinking_time() -> None:
    game = load("magnate")
    with pytest.raises(OptionError, match=r"greedy bot does not search.*hard"):
        make_bot("greedy", game, {"seconds": "1"})


# -- the budget the search gets is the setting -------------------------------------------
@pytest.mark.parametrize(("name", "options"), cases(only_two_players=True))
def test_every_search_bot_gets_the_setting_as_its_decision_time(name: str, options: dict[str, Any]) -> None:
    game = make_game(name, options)
    names = thinkers(game)
    assert set(LEVELS) <= set(names)
    for bot_name in names:
        bot = make_bot(bot_name, game, {"seconds": "2.5"})
        if isinstance(bot, PlanCheckBot):  # search and check share the decision's time
            assert bot.decision_seconds == 2.5
            assert bot.seconds is None
            assert bot.search.budget.simulations is None
            assert bot.search.budget.seconds is not None and 0 < bot.search.budget.seconds < 2.5
        else:
            assert isinstance(bot, ISMCTSBot | MCTSBot)
            assert bot.budget == Budget(None, 2.5)


def test_expert_and_hard_split_a_decision_as_their_own_presets_do() -> None:
    game = load("magnate")
    expert = make_bot("expert", game, {"seconds": "1.2"})
    hard = make_bot("hard", game, {"seconds": "1.6"})
    assert isinstance(expert, PlanCheckBot) and isinstance(hard, PlanCheckBot)
    assert expert.search.budget.seconds == pytest.approx(1.2 * 0.03 / 0.18)  # expert: 0.03 s of 0.18 s
    own = preset(game, "hard")
    assert own.seconds is not None and own.check_seconds is not None
    assert hard.search.budget.seconds == pytest.approx(1.6 * own.seconds / (own.seconds + own.check_seconds))


def test_a_named_thinking_time_is_its_seconds_and_normal_is_the_default() -> None:
    game = load("magnate")
    for label, seconds in THINKING.items():
        bot = make_bot("hard", game, {"thinking": label})
        assert isinstance(bot, PlanCheckBot)
        if seconds is None:
            default = make_bot("hard", game)
            assert isinstance(default, PlanCheckBot)
            assert (bot.decision_seconds, bot.search.budget) == (default.decision_seconds, default.search.budget)
        else:
            assert bot.decision_seconds == seconds


# -- timed bots play legal moves, from the view alone, within their time -----------------
def timed(bot_name: str, game: Any, seconds: float) -> Bot:
    return make_bot(bot_name, game, {"seconds": str(seconds)})


@pytest.mark.parametrize(("name", "options"), cases())
def test_every_timed_search_bot_plays_legal_moves_from_the_view_alone(
    name: str, options: dict[str, Any], clock: FakeClock
) -> None:
    game = make_game(name, options)
    seconds = 0.012  # a dozen readings of the fake clock: a few simulations and worlds
    for bot_name in thinkers(game):
        checked = 0
        for state in decisions(game, seed=11, every=0.15):
            legal = list(state.legal_actions())
            if len(legal) < 2:
                continue
            seat = state.current_player()
            view = state.view(seat)
            other = game.sample_state(view, random.Random(checked))  # other hidden cards, same view
            before = as_json(view)
            choice = timed(bot_name, game, seconds).choose(game, view, legal, random.Random(5))
            assert choice in legal, (bot_name, choice)
            assert as_json(view) == before, f"{bot_name} changed the view it was given"
            again = timed(bot_name, game, seconds).choose(
                game, other.view(seat), list(other.legal_actions()), random.Random(5)
            )
            assert again == choice, f"{bot_name} chose differently for the same view"
            checked += 1
            if checked == 2:
                break


@pytest.mark.parametrize(
    ("game_name", "bot_name"),
    [
        ("magnate", "expert"),
        ("magnate", "hard"),
        ("galactic-magnate", "expert"),
        ("magistratvm", "hard"),
        ("magistrate", "medium"),
    ],
)
@pytest.mark.parametrize("seconds", [0.01, 0.03])  # 10 and 30 readings of the fake clock
def test_a_timed_decision_ends_within_its_time_on_the_clock(
    game_name: str, bot_name: str, seconds: float, clock: FakeClock
) -> None:
    game = load(game_name)
    bot = timed(bot_name, game, seconds)
    decided = 0
    for state in decisions(game, seed=3, every=0.5):
        legal = list(state.legal_actions())
        if len(legal) < 2:
            continue
        seat = state.current_player()
        start = clock.now
        bot.choose(game, state.view(seat), legal, random.Random(decided))
        used = clock.now - start
        # The search reads the clock once a simulation and stops at its deadline; the check starts
        # no world that its pace says would end late: a couple of readings past is the most.
        assert used <= seconds + 3 * STEP, (used, seconds)
        decided += 1
        if decided == 2:
            break
    assert decided
