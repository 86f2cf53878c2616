"""The terminal picture and the heuristic bots (which must clearly beat random play)."""

from __future__ import annotations

import random

from rich.console import Console

import magnates
from magnates.bots import make_bot
from magnates.games.magistrate.cheatsheet import render_options
from magnates.games.magistrate.components import components
from magnates.games.magistrate.render import render
from magnates.studies.magistrate_balance import play, win_share

from .helpers import dealt


def test_render_draws_a_seat_view_and_never_its_rivals_hands():
    state = dealt(3)
    game = state.game
    console = Console(width=160, record=True)
    console.print(render(game, state.view(0)))
    text = console.export_text()
    assert "Judges' path" in text and "Your hand" in text and "Agent Ops board" in text
    console = Console(width=160, record=True)
    console.print(render(game, state.view(None)))
    assert "Your hand" not in console.export_text()


def test_every_bot_style_is_found_by_name_and_only_chooses_legal_actions():
    game = magnates.load("magistrate", players=4)
    bots = [make_bot(name, game) for name in ("greedy", "people", "military", "agent")]
    state = game.new_initial_state()
    rng = random.Random(7)
    while not state.is_terminal():
        if state.is_chance_node():
            state.apply_action(magnates.sample(state.chance_outcomes(), rng))
            continue
        seat = state.current_player()
        legal = state.legal_actions()
        action = bots[seat].choose(game, state.view(seat), legal, rng)
        assert action in legal
        state.apply_action(action)


def test_greedy_clearly_beats_random_in_two_player_games():
    games = 30
    wins = 0.0
    for index in range(games):
        names = ["greedy", "random"] if index % 2 == 0 else ["random", "greedy"]
        stats = play(2, names, seed=index)
        wins += win_share(stats, names.index("greedy"))
    assert wins / games >= 0.8


def test_the_cheatsheet_shows_the_engines_numbers_and_only_open_cells():
    comp = components()
    two = render_options({"players": 2})
    four = render_options({"players": 4})
    assert "Favours:" not in two and "Favours:" in four
    assert f"{comp.start_cards} cards" in two and "sole most" in four and "sole most" not in two
