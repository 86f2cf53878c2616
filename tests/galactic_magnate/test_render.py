"""The Rich renderer draws any view (spectator or seat) within 80 columns."""

from __future__ import annotations

from rich.console import Console

from magnates.games.galactic_magnate.bots import GreedyBot
from magnates.games.galactic_magnate.render import render

from .helpers import own, playout, started


def draw(state, seat):
    console = Console(width=80, record=True, color_system=None)
    console.print(render(state.game, state.view(seat)))
    return console.export_text()


def test_render_shows_economy_players_board_and_pending_auction():
    s = started(3)
    own(s, 1, "Ceres Outpost", "Ceres Harbor")
    s.level[0] = 2
    s.apply_action("Roll the dice")
    s.apply_action("Dice 2+3")
    s.apply_action("Start an auction")
    text = draw(s, 0)
    assert "Salary: 300" in text and "Ceres Harbor P2 L2" in text
    assert "Auction of Luna Mine" in text and "(you)" in text
    assert max(len(line) for line in text.splitlines()) <= 80


def test_render_a_finished_game_for_a_spectator():
    s = playout(started(2), [GreedyBot(), GreedyBot()], 4)
    text = draw(s, None)
    assert "resigned" in text
