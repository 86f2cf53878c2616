"""benchmarks/search_bots.py: `--set seconds=S` gives a search level the thinking-time setting's
whole-decision time, as it does `expert`, rather than only its search's wall-clock limit."""

from __future__ import annotations

from benchmark_scripts import load_script

from magnates.bots.budget import Budget
from magnates.bots.ismcts import ISMCTSBot
from magnates.bots.plan_check import PlanCheckBot
from magnates.bots.presets import preset
from magnates.bots.registry import make_bot
from magnates.games import load

search_bots = load_script("search_bots", "search_bots_benchmark")


def test_seconds_is_the_whole_decision_as_the_thinking_time_setting_gives_it() -> None:
    game = load("magnate")
    bot = search_bots.level_bot("hard", game, {"seconds": 2})
    setting = make_bot("hard", game, {"seconds": 2})  # what the lobby's and `play`'s thinking time make
    assert isinstance(bot, PlanCheckBot) and isinstance(setting, PlanCheckBot)
    assert bot.decision_seconds == setting.decision_seconds == 2
    shipped = preset(game, "hard")
    assert shipped.decision_seconds != 2  # not the preset's own limits


def test_other_changes_stay_field_changes() -> None:
    game = load("magistrate", players=3)
    bot = search_bots.level_bot("hard", game, {"simulations": 800, "seconds": None, "cpu_seconds": 0.45})
    assert isinstance(bot, ISMCTSBot)
    assert bot.budget == Budget(simulations=800, seconds=None, cpu_seconds=0.45)
    assert search_bots.level_bot("hard", game, {}).name == make_bot("hard", game).name
