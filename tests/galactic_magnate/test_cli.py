"""`magnates play`, `simulate` and `bench` work for Galactic Magnate."""

from __future__ import annotations

import json
import re

from typer.testing import CliRunner

from magnates.cli.main import app

runner = CliRunner()


def test_play_against_random_to_the_end_choosing_option_one():
    result = runner.invoke(app, ["play", "galactic-magnate", "--vs", "random", "--seed", "3"], input="1\n" * 3000)
    assert result.exit_code == 0, result.output[-3000:]
    assert "Game over" in result.output
    assert re.search(r"Player [12] wins", result.output)
    assert "Salary" in result.output  # the game's own renderer was used


def test_play_with_bots_only():
    result = runner.invoke(app, ["play", "galactic-magnate", "--seats", "greedy,greedy", "--seed", "5"])
    assert result.exit_code == 0, result.output[-3000:]
    assert "Game over" in result.output


def test_simulate_greedy_against_random():
    args = ["simulate", "galactic-magnate", "--games", "10", "--bots", "greedy,random", "--workers", "1", "--json"]
    result = runner.invoke(app, args)
    assert result.exit_code == 0, result.output
    data = json.loads(result.output)
    assert data["games"] == 10 and data["errors"] == 0
    assert data["wins_by_bot"]["greedy"] > data["wins_by_bot"]["random"]


def test_bench_runs_random_playouts():
    result = runner.invoke(app, ["bench", "galactic-magnate", "--seconds", "0.5", "--players", "3", "--json"])
    assert result.exit_code == 0, result.output
    assert json.loads(result.output)["steps"] > 0


def test_play_takes_the_cash_of_an_offer_as_one_typed_amount():
    """ "ask 230" sets the offer's cash in one go (its steps played in order); a sum beyond the means is refused."""
    typed = "Make an offer to Player 2\nask 230\noffer 10000\nquit\n"
    result = runner.invoke(app, ["play", "galactic-magnate", "--vs", "random", "--seed", "3"], input=typed)
    assert result.exit_code == 0, result.output[-3000:]
    assert "Player 1 offers nothing to Player 2 for 230" in result.output
    assert "you can give at most 3900 in cash now" in result.output
    assert 'type "offer 230", "ask 120" or "no cash"' in result.output
