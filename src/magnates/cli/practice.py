"""`magnates review --practice`: a seat's mistakes and blunders, tried again in the terminal.

After the review, each of the seat's mistakes and blunders comes back at the position where it was
chosen, drawn from that seat's view as `play` draws it, with the moves the coach judged there
(`DecisionReview.choices`, listed by action id so their order says nothing of their worth). A try
is answered from the review's own chances (`practice_verdict`), as the web's "Learn from your
mistakes" answers it.
"""

from __future__ import annotations

from collections.abc import Callable

from rich.console import Console
from rich.markup import escape

from magnates.analysis import Review
from magnates.analysis.review import game_of, practice_verdict, practisable, side_names
from magnates.core.record import Record, replay_on

from .view import find_renderer, show_view

HELP = "Type the number of a move, 'answer' for the coach's move, 'next' to go on, or 'quit'."


def practise(
    review: Review, record: Record, seat: int, console: Console, read_line: Callable[[str], str | None]
) -> tuple[int, int]:
    """Go through `seat`'s mistakes and blunders; (found, offered). `read_line(prompt)` gives the
    person's answer, None when the input has ended."""
    todo = practisable(review, seat)
    name = side_names(review)[seat]
    if not todo:
        console.print(f"No mistakes or blunders of {name}'s to practise in this review.")
        return 0, 0
    game = game_of(record)
    states = replay_on(game, record.actions, all_states=True)
    renderer = find_renderer(game.name)
    found = 0
    for number, decision in enumerate(todo, 1):
        state = states[decision.step]
        console.rule(f"Learn from your mistakes: {number} of {len(todo)}")
        console.print(show_view(game, state.view(seat), renderer, f"{name}, before action {decision.step + 1}"))
        console.print(
            f"At action {decision.step + 1} {name} played [bold]{escape(decision.action_text)}[/] "
            f"({decision.label}). Find a better move:"
        )
        for index, choice in enumerate(decision.choices, 1):
            console.print(f"  {index}) {escape(choice.text)}")
        while True:
            line = read_line("Your move> ")
            if line is None or line.strip().lower() in ("quit", "q"):
                console.print(f"You found {found} of {len(todo)} (stopped at {number}).")
                return found, len(todo)
            answer = line.strip().lower()
            if answer in ("next", "n", ""):
                break
            if answer in ("answer", "a"):
                console.print(f"The coach's move: [bold]{escape(decision.best_text)}[/].")
                break
            if answer.isdigit() and 1 <= int(answer) <= len(decision.choices):
                solved, said = practice_verdict(decision, decision.choices[int(answer) - 1].action)
                console.print(("[green]" if solved else "[yellow]") + escape(said) + "[/]")
                if solved:
                    found += 1
                    break
                continue
            console.print(HELP)
    console.print(f"You found {found} of {len(todo)}.")
    return found, len(todo)
