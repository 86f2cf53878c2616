"""Hot seat at the terminal: two or more people sharing one screen and keyboard.

When the decision passes from one person to another, the screen is cleared (so the next person
does not see the previous one's hand) and the next person is asked to take the keyboard and press
Enter; only then is their view drawn. Bots' and chance's moves in between change nothing: the
screen is handed over only between people.
"""

from __future__ import annotations

from collections.abc import Callable, Sequence

from rich.console import Console

from .view import seat_name


class HotSeat:
    """Who saw the screen last, among the people at this terminal."""

    def __init__(self, people: Sequence[int]) -> None:
        self.shared = len(people) > 1  # one person alone never hands the screen over
        self.last: int | None = None

    def hand_over(self, player: int, console: Console, read_line: Callable[[], str | None]) -> bool:
        """Before `player` decides: if another person had the screen, clear it and wait for Enter.

        Returns False when input ended while waiting (the caller leaves the game as on any end of input).
        """
        previous, self.last = self.last, player
        if not self.shared or previous is None or previous == player:
            return True
        name = seat_name(player)
        console.clear()  # a no-op where the output is not a terminal (a pipe, a file)
        console.print(f"[bold]Pass the keyboard to {name}.[/]")
        console.print(f"{seat_name(previous)}'s hand is hidden. {name}: press Enter when you are ready> ", end="")
        console.file.flush()
        if read_line() is None:
            return False
        console.clear()
        return True
