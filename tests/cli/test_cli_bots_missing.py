"""`magnates bots`: where no expert is measured for a game or option set, it says so and why."""

from __future__ import annotations

import pytest
from typer.testing import CliRunner

import magnates
from magnates.bots import learned
from magnates.bots.learned import missing_learned_bots, shipped_file, shipped_net
from magnates.bots.registry import available, describe, unavailable
from magnates.cli.main import app

runner = CliRunner()

VARIANTS = [
    ("players=3", "players=3"),
    ("mega=true", "mega=true"),
]


@pytest.mark.parametrize(("option", "named"), VARIANTS)
def test_a_magnate_variant_without_a_measured_expert_says_why(option: str, named: str) -> None:
    result = runner.invoke(app, ["bots", "magnate", "--option", option], terminal_width=400)
    assert result.exit_code == 0, result.output
    bots_part = result.output.split("Learned weights")[0]
    line = next(line for line in bots_part.splitlines() if line.strip().startswith("expert:"))
    assert f"No expert for these options ({named})" in line
    assert "Play hard, the strongest bot here." in line


def test_the_official_game_offers_expert_and_names_nothing_missing() -> None:
    game = magnates.load("magnate", players=2)
    if shipped_net("expert", game) is None:
        pytest.skip("the shipped Magnate weights are not installed")
    assert "expert" in available(game) and unavailable(game) == {}


@pytest.mark.parametrize(
    ("file", "option", "value"),
    [("magnate-2p-no-courts.npz", "courts", False), ("magnate-2p-4-districts.npz", "districts", 4)],
)
def test_a_variant_with_its_own_network_offers_expert_thinking_a_second_a_move(
    file: str, option: str, value: object
) -> None:
    if shipped_file(file) is None:
        pytest.skip("the shipped Magnate weights are not installed")
    game = magnates.load("magnate", players=2, **{option: value})
    net = shipped_net("expert", game)
    assert net is not None, f"the network for {option}={value} no longer fits it"
    assert net.meta["options"][option] == value and unavailable(game) == {}
    assert learned.shipped_seconds("expert", game) == 1.0
    assert learned.shipped_seconds("expert", magnates.load("magnate", players=2)) is None  # its own limits
    shown = str(value).lower()
    result = runner.invoke(app, ["bots", "magnate", "--option", f"{option}={shown}"], terminal_width=400)
    assert result.exit_code == 0, result.output
    assert file in result.output
    assert describe("expert", game).endswith("(up to 1 s a move here).")
    assert "a move here" not in describe("expert", magnates.load("magnate", players=2))


def test_a_game_with_no_expert_at_all_says_so() -> None:
    result = runner.invoke(app, ["bots", "magistratvm"], terminal_width=400)
    assert result.exit_code == 0, result.output
    assert "expert: No expert for Magistratvm yet" in result.output
    assert "--set thinking=NAME, one of quick (0.1 s), normal (default), long (1 s), very long (5 s)" in result.output


def test_a_variant_names_every_option_set_expert_was_trained_for() -> None:
    if shipped_file("magnate-2p-official.npz") is None or shipped_file("magnate-2p-no-courts.npz") is None:
        pytest.skip("the shipped Magnate weights are not installed")

    reasons = missing_learned_bots(magnates.load("magnate", districts=4, courts=False))

    assert reasons["expert"] == (
        "No expert for these options (districts=4): it is measured only for the 2-player game "
        "with the default options, the 2-player game with courts=false, the 2-player game with districts=4, "
        "the 2-player game with aces=original and the 2-player game with taxation=double."
    )


@pytest.mark.parametrize(("option", "value"), [("aces", "original"), ("taxation", "double")])
def test_a_variant_measured_with_the_official_network_offers_it_thinking_a_second_a_move(
    option: str, value: str
) -> None:
    if shipped_file("magnate-2p-official.npz") is None:
        pytest.skip("the shipped Magnate weights are not installed")
    game = magnates.load("magnate", players=2, **{option: value})
    assert "expert" in available(game) and unavailable(game) == {}
    assert learned.shipped_seconds("expert", game) == 1.0
    assert describe("expert", game).endswith("(up to 1 s a move here).")
    result = runner.invoke(app, ["bots", "magnate", "--option", f"{option}={value}"], terminal_width=400)
    assert result.exit_code == 0, result.output
    assert f"plays up to 1 s a move with {option}={value} (measured so against hard)" in result.output
