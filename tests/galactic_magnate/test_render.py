"""The Rich renderer draws any view (spectator or seat) within 80 columns."""

from __future__ import annotations

from rich.console import Console

from magnates.games.galactic_magnate.bots import GreedyBot
from magnates.games.galactic_magnate.render import render

from .helpers import build_offer, own, playout, started


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


def test_render_shows_the_offer_being_built_and_the_open_offer():
    s = started(2)
    own(s, 0, "Ceres Outpost")
    own(s, 1, "Titan Port")
    build_offer(s, 1, give=("Ceres Outpost",), take=("Titan Port",), ask=50, propose=False)
    text = " ".join(draw(s, 0).split())
    assert "Offer being built (13 steps left): Player 1 offers Ceres Outpost to Player 2 for Titan Port and 50" in text
    s.apply_action("Propose the offer")
    text = " ".join(draw(s, 1).split())
    assert "Open offer: Player 1 offers Ceres Outpost to Player 2 for Titan Port and 50" in text
