"""`magnates bots`: every bot a game offers, with its line, and the run behind each shipped weights file."""

from __future__ import annotations

import json

from typer.testing import CliRunner

import magnates
from magnates.bots.learned import shipped_net
from magnates.bots.registry import available, describe
from magnates.bots.thinking import STRONGEST
from magnates.cli.main import app

runner = CliRunner()


def test_lists_every_bot_of_the_game_with_its_line() -> None:
    result = runner.invoke(app, ["bots", "magistrate", "--players", "3"])
    assert result.exit_code == 0, result.output
    assert "magistrate (3 players)" in result.output
    for name in available(magnates.load("magistrate", players=3)):
        assert name in result.output
    assert "Greedy, leaning toward military strength." in result.output  # a game's own bot, described


def test_hard_and_experts_lines_say_how_they_search_in_each_game() -> None:
    """Magnate's `hard` plays its plans out, Galactic Magnate's trusts its search and its `expert`
    checks plans with the network, Magistratvm's `hard` searches the whole table."""
    magnate, galactic = magnates.load("magnate", players=2), magnates.load("galactic-magnate", players=2)
    assert "checks its plans by playing them out" in describe("hard", magnate)
    assert "judging each plan by a network" in describe("expert", magnate)
    assert "deep search" in describe("hard", galactic) and "playing them out" not in describe("hard", galactic)
    assert "checks its best plans a turn ahead with a network" in describe("expert", galactic)
    assert "every player's moves" in describe("hard", magnates.load("magistratvm"))
    assert describe("greedy", galactic) == describe("greedy")
    result = runner.invoke(app, ["bots", "galactic-magnate"])
    assert result.exit_code == 0, result.output
    text = " ".join(result.output.replace("│", " ").split())  # the table's wrapped lines joined
    assert describe("hard", galactic) in text and describe("expert", galactic) in text


def test_shipped_weights_say_what_made_them() -> None:
    net = shipped_net("expert", magnates.load("magnate", players=2))
    result = runner.invoke(app, ["bots", "magnate"], terminal_width=400)
    assert result.exit_code == 0, result.output
    assert "Learned weights shipped with magnates" in result.output
    if net is None:
        assert "not installed" in result.output
        return
    assert "expert" in result.output.split("Learned weights")[0]  # offered for official 2p Magnate
    assert f"made by: {net.meta['command']}" in result.output
    assert f"seed {net.meta['seed']}, code {net.meta['code_version']}" in result.output


def test_expert_is_not_offered_where_its_weights_do_not_fit() -> None:
    result = runner.invoke(app, ["bots", "magnate", "--option", "mega=true"], terminal_width=400)
    assert result.exit_code == 0, result.output
    table = result.output.split("Learned weights")[0].split("expert: No expert")[0]  # the reason follows the table
    assert "expert" not in table


def test_a_wrong_game_is_one_clear_error() -> None:
    result = runner.invoke(app, ["bots", "monopoly"])
    assert result.exit_code == 2
    assert "no game 'monopoly'" in result.output


def test_options_without_a_game_are_refused_not_ignored() -> None:
    result = runner.invoke(app, ["bots", "--players", "3"])
    assert result.exit_code == 2
    assert "need a GAME" in result.output


def test_the_strongest_measured_setting_is_named_only_where_a_study_measured_it() -> None:
    official = runner.invoke(app, ["bots", "magnate"], terminal_width=400)
    assert official.exit_code == 0, official.output
    bot, thinking, figures = STRONGEST[("magnate", 2)]
    assert f"The strongest measured: {bot} with thinking={thinking} (1 s a decision): {figures}" in official.output
    for args in (["magnate", "--option", "courts=false"], ["magistrate", "--players", "4"], ["magistratvm"]):
        other = runner.invoke(app, ["bots", *args], terminal_width=400)
        assert other.exit_code == 0 and "strongest measured" not in other.output
    for (name, players), (bot, thinking, figures) in STRONGEST.items():  # every measured one, with its figures
        named = runner.invoke(app, ["bots", name, "--players", str(players)], terminal_width=1000)
        assert f"The strongest measured: {bot} with thinking={thinking}" in named.output, named.output
        assert figures in named.output
    listed = json.loads(runner.invoke(app, ["bots", "magnate", "--json"]).output)["games"][0]
    assert listed["strongest"].startswith("the strongest measured: expert")
