"""Hot seat at the terminal (issue 46): between two people's turns the screen is cleared and the next
person is asked to take the keyboard; their view (with their hand) is drawn only after Enter."""

from __future__ import annotations

import io
import re

from rich.console import Console
from typer.testing import CliRunner

from magnates.cli.hot_seat import HotSeat
from magnates.cli.main import app

runner = CliRunner()


def test_two_people_hand_the_terminal_over_and_the_hand_waits_for_enter() -> None:
    lines = "\n".join(["1", "", "1", "", "1", "", "1", "", "quit"]) + "\n"
    result = runner.invoke(app, ["play", "toy", "--seats", "human,human", "--seed", "3"], input=lines)
    assert "Traceback" not in result.output
    out = result.output
    assert "Pass the keyboard to" in out
    # Every change of person at the screen goes through a hand-over, and the view comes after Enter.
    events = re.findall(r"You are (Player \d)|Pass the keyboard to (Player \d)|(press Enter)", out)
    shown, waiting = None, None
    for view, passed, enter in events:
        if passed:
            waiting = passed
        elif enter:
            assert waiting, "Enter is asked for only after a hand-over"
        else:
            assert shown in (None, view) or waiting == view, f"{view}'s view drawn without a hand-over from {shown}"
            shown, waiting = view, None
    assert len({view for view, _, _ in events if view}) == 2


def test_one_person_against_bots_is_never_asked_to_pass() -> None:
    result = runner.invoke(app, ["play", "toy", "--vs", "random", "--seed", "3"], input="1\n" * 40)
    assert "Pass the keyboard" not in result.output


def test_the_screen_is_cleared_on_a_terminal_and_input_ending_is_reported() -> None:
    out = io.StringIO()
    console = Console(file=out, force_terminal=True, width=80)
    seat = HotSeat([0, 1])
    assert seat.hand_over(0, console, lambda: "")  # the first person: nothing to hide yet
    assert out.getvalue() == ""
    assert seat.hand_over(1, console, lambda: "")
    assert "\x1b[2J" in out.getvalue(), "the previous person's screen is cleared"
    assert not seat.hand_over(0, console, lambda: None), "input ended while waiting"
