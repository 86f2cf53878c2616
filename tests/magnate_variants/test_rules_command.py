"""`magnates rules magnate`: the cheatsheet for the given options, and clean refusals."""

from __future__ import annotations

import pytest
from typer.testing import CliRunner

from magnates.cli.main import app
from magnates.core.errors import OptionError
from magnates.games.magnate.cheatsheet import config_for, render, render_options

runner = CliRunner()


def test_plain_output_is_the_rendered_sheet_for_those_options() -> None:
    done = runner.invoke(app, ["rules", "magnate", "--plain", "-o", "mega=true", "-o", "players=3"])
    assert done.exit_code == 0, done.output
    assert done.output == render(config_for({"mega": True, "players": 3}))
    assert "two Decktets" in done.output and "Y shape" in done.output


def test_formatted_output_shows_the_sheet() -> None:
    done = runner.invoke(app, ["rules", "magnate", "--option", "districts=4"])
    assert done.exit_code == 0, done.output
    assert "four districts" in done.output and "Excuse is not a district" in done.output


def test_players_flag_is_the_players_option() -> None:
    done = runner.invoke(app, ["rules", "magnate", "--plain", "--players", "1", "-o", "automa=hard"])
    assert done.exit_code == 0, done.output
    assert "Hard automa" in done.output


@pytest.mark.parametrize(
    ("options", "message"),
    [
        (["players=3", "districts=4"], "districts=5"),
        (["automa=hard"], "players=1"),
        (["mega=maybe"], "true or false"),
        (["districts=6"], "must be one of 5, 4"),
        (["colour=red"], "valid options"),
        (["mega"], "NAME=VALUE"),
    ],
)
def test_bad_options_give_the_engines_message_and_exit_2(options: list[str], message: str) -> None:
    args = ["rules", "magnate"]
    for pair in options:
        args += ["--option", pair]
    done = runner.invoke(app, args)
    assert done.exit_code == 2
    assert message in done.output
    if "=" in options[0]:
        with pytest.raises(OptionError) as err:
            render_options(dict(pair.split("=") for pair in options))
        assert message in str(err.value)


def test_unknown_game_exits_2() -> None:
    done = runner.invoke(app, ["rules", "chess"])
    assert done.exit_code == 2 and "no game" in done.output


def test_rules_finds_a_cheatsheet_through_the_registry_even_with_a_hyphenated_name():
    result = runner.invoke(app, ["rules", "galactic-magnate", "--plain"])
    assert result.exit_code == 0, result.output
    assert "Galactic Magnate" in result.output
