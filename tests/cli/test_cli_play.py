"""`magnates play` driven through piped input, on the test-only toy game."""

from __future__ import annotations

import json
import re
from pathlib import Path

import pytest
from dice_cards_toy import HighBot, ToyGame
from typer.testing import CliRunner

from magnates.bots import RandomBot
from magnates.cli.main import app
from magnates.cli.play import match_dice
from magnates.sim import play_game

runner = CliRunner()


def play(*args: str, input: str = "") -> tuple[int, str]:
    result = runner.invoke(app, ["play", "toy", *args], input=input)
    assert "Traceback" not in result.output
    assert result.exception is None or isinstance(result.exception, SystemExit), result.exception
    return result.exit_code, result.output


def test_a_whole_game_through_piped_input() -> None:
    code, out = play("--vs", "high", "--seed", "3", input="1\n" * 100)
    assert code == 0
    assert "Game over" in out and "decided by:" in out
    assert re.search(r"Player [12] wins|A draw", out)


def test_everything_fits_80_columns() -> None:
    _, out = play("--vs", "random", "--seed", "8", input="1\n" * 100)
    assert max(len(line) for line in out.splitlines()) <= 80


def test_the_screen_shows_the_log_the_view_and_the_grouped_menu() -> None:
    _, out = play("--vs", "high", "--seed", "3", input="quit\n")
    first = out.split("your choice")[0]
    assert "What happened:" in first and "Chance: draw a" in first
    assert "You are Player 1" in first and "hand:" in first
    assert re.search(r"Play\n\s+1\) play \d", first) or "Respond\n" in first


def test_end_of_input_leaves_cleanly_with_a_message() -> None:
    code, out = play("--vs", "random", "--seed", "1", input="")
    assert code == 0
    assert "End of input" in out


def test_bad_input_says_what_is_wrong_and_asks_again() -> None:
    code, out = play("--vs", "random", "--seed", "1", input="fly away\n99\n1\nquit\n")
    assert code == 0
    assert "No action is written 'fly away'" in out
    assert "There is no action 99" in out
    assert "You left the game" in out


def test_an_action_can_be_typed_as_its_text_or_a_unique_start() -> None:
    for typed in ("bank the die", "BANK"):
        _, out = play("--seed", "1", "--seats", "human,human", input=f"{typed}\n" * 30)
        assert "Player 1: bank the die" in out or "Player 2: bank the die" in out


def test_help_lists_the_commands() -> None:
    _, out = play("--vs", "random", "--seed", "1", input="help\nquit\n")
    assert "save FILE" in out and "quit" in out


def test_bots_only_play_the_same_game_as_the_simulator(tmp_path: Path) -> None:
    path = tmp_path / "game.json"
    code, out = play("--seats", "high,random", "--seed", "5", "--save", str(path))
    assert code == 0 and "Game over" in out
    saved = json.loads(path.read_text())
    expected = play_game(ToyGame(), [HighBot(), RandomBot()], 5, keep_actions=True)
    assert saved["actions"] == expected.actions
    assert saved["meta"]["seats"] == ["high", "random"]


def test_save_then_load_continues_the_game(tmp_path: Path) -> None:
    path = tmp_path / "saved.json"
    code, out = play("--vs", "random", "--seed", "2", input=f"1\nsave {path}\nquit\n")
    assert code == 0 and f"Saved to {path}" in out
    saved = json.loads(path.read_text())
    result = runner.invoke(app, ["play", "--load", str(path)], input="1\n" * 100)
    assert result.exit_code == 0, result.output
    assert "Game over" in result.output
    final = tmp_path / "final.json"
    result = runner.invoke(app, ["play", "--load", str(path), "--save", str(final)], input="1\n" * 100)
    assert json.loads(final.read_text())["actions"][: len(saved["actions"])] == saved["actions"]
    # a person's finished, saved game ends with how to review it; a game only bots played does not
    assert f"magnates review {final} --seat 1" in result.output and "--practice" in result.output
    _, bots_only = play("--seats", "high,random", "--seed", "5", "--save", str(tmp_path / "bots.json"))
    assert "magnates review" not in bots_only


def test_manual_dice_use_the_typed_roll() -> None:
    code, out = play("--vs", "high", "--seed", "4", "--dice", "manual", input="2\n" * 100)
    assert code == 0 and "Game over" in out
    rolls = re.findall(r"Chance: roll (\d)", out)
    assert rolls and set(rolls) == {"2"}
    assert "Chance: draw a" in out  # cards are still drawn at random


def test_manual_dice_reject_an_impossible_roll() -> None:
    _, out = play("--vs", "high", "--seed", "4", "--dice", "manual", input="9\n#3\nquit\n")
    assert "'9' is not a possible roll" in out
    assert "Chance: roll 3" in out or "roll 3" in out


def test_match_dice_reads_numbers_text_and_list_positions() -> None:
    outcomes = [10, 11, 12]
    texts = ["Dice 1 and 2", "Dice 2 and 1", "Dice 3 and 3"]
    assert match_dice("3 3", outcomes, texts) == 12
    assert match_dice("2 1", outcomes, texts) == 11
    assert match_dice("dice 1 and 2", outcomes, texts) == 10
    assert match_dice("#2", outcomes, texts) == 11
    assert match_dice("4 4", outcomes, texts) is None
    assert match_dice("#9", outcomes, texts) is None
    assert match_dice("1", outcomes, texts) == 11  # the only roll whose last die is 1
    # Two rolls end in 3: a bare number is refused, never read as the 3rd outcome listed.
    assert match_dice("3", outcomes, ["roll 7 3", "roll 9 3", "roll 4 4"]) is None
    assert match_dice("5", outcomes, ["roll 3 2", "roll 9 3", "roll 4 4"]) is None  # not "roll 3 2", 5 matches none


def test_match_dice_reads_an_unordered_pair_and_a_word() -> None:
    outcomes = [1, 2, 3, 4]
    assert match_dice("3 7", outcomes, ["roll 7 3", "roll 7 7", "roll 3 3", "roll 9 1"]) == 1
    assert match_dice("Suns", outcomes, ["tax Moons", "tax Suns", "tax Waves", "tax Knots"]) == 2
    # A lone number is a die's face, never a place in the list (the game's aliases read faces).
    assert match_dice("4", outcomes, ["tax Moons", "tax Suns", "tax Waves", "tax Knots"]) is None
    assert match_dice("stars", outcomes, ["tax Moons", "tax Suns", "tax Waves", "tax Knots"]) is None


@pytest.mark.parametrize(
    ("args", "message"),
    [
        (["--option", "nope=1"], "has no option 'nope'"),
        (["--option", "turns=3"], "must be one of"),
        (["--vs", "nobody"], "no bot 'nobody'"),
        (["--seats", "human"], "--seats names 1 seats"),
        (["--seats", "human,high", "--vs", "high"], "not both"),
        (["--players", "3"], "must be one of"),
        (["--dice", "loaded"], "--dice takes auto or manual"),
    ],
)
def test_bad_arguments_exit_2_with_a_clear_message(args: list[str], message: str) -> None:
    code, out = play(*args)
    assert code == 2
    assert message in " ".join(out.split())


def test_an_unknown_game_or_broken_save_is_a_clear_error(tmp_path: Path) -> None:
    result = runner.invoke(app, ["play", "chess"])
    assert result.exit_code == 2 and "there is no game 'chess'" in result.output
    broken = tmp_path / "broken.json"
    broken.write_text("{not json")
    result = runner.invoke(app, ["play", "--load", str(broken)])
    assert result.exit_code == 2 and "not valid JSON" in result.output
    assert "Traceback" not in result.output


def test_without_vs_the_other_seats_get_greedy_or_else_random() -> None:
    _, out = play("--seed", "1", input="quit\n")
    assert "Player 1 human, Player 2 random" in out  # the toy has no greedy bot
