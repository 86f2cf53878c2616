"""The terminal picture draws every part of the view within 80 columns."""

from __future__ import annotations

import random

from rich.console import Console

import magnates
from magnates.games.magistratvm.render import render


def test_render_shows_circuit_offices_and_players_in_80_columns():
    game = magnates.load("magistratvm", players=3)
    state = game.new_initial_state()
    rng = random.Random(3)
    for _ in range(300):
        legal = state.legal_actions()
        state.apply_action(legal[rng.randrange(len(legal))])
    console = Console(width=80, record=True)
    console.print(render(game, state.view(1)))
    text = console.export_text()
    assert max(len(line) for line in text.splitlines()) <= 80
    assert "Electoral circuit" in text and "Quaestor" in text and "(you)" in text
    for cell in state.view(1)["provinces"]:
        if cell is not None:
            assert cell["tile"] in text


def test_cheatsheet_uses_the_engines_tables_for_the_player_count():
    from magnates.games.magistratvm.cheatsheet import render_options

    three = render_options({"players": 3, "turn_limit": 40})
    four = render_options({"players": 4, "turn_limit": 0})
    assert "| Praetor | 3 | 3 | 4 (Aedile) |" in three and "| Praetor | 3 | 4 | 4 (Aedile) |" in four
    assert "forced after turn 40" in three and "forced after" not in four
