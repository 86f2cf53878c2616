"""The three Judges on their path: influence by players (which may not reach Home) and the
end-of-round flips (which may, and so trigger scoring rounds)."""

from __future__ import annotations

from typing import TYPE_CHECKING

if TYPE_CHECKING:
    from magnates.games.magistrate.position import Position

HOME = 0


def player_target(position: int, steps: int, forward: bool, spaces: int) -> int | None:
    """Where a player's influence takes a Judge, or None when the sheet says to ignore it.

    A Judge may not move onto (or past) the Judges' Home, and one standing on Home
    may only move forward.
    """
    if forward:
        target = position + steps
        return target if target < spaces else None
    if position == HOME:
        return None
    target = position - steps
    return target if target > HOME else None


def player_moves(s: Position, influence: tuple[tuple[int, int], ...], forward: bool) -> list[tuple[int, int]]:
    """(judge, new position) for each Judge on the card that is able to move."""
    moves = []
    for judge, steps in influence:
        target = player_target(s.judges[judge], steps, forward, s.comp.path_spaces)
        if target is not None:
            moves.append((judge, target))
    return moves


def apply_player_influence(s: Position, influence: tuple[tuple[int, int], ...], forward: bool) -> None:
    for judge, target in player_moves(s, influence, forward):
        s.judges[judge] = target


ALL_JUDGES_ONE_SPACE = ((0, 1), (1, 1), (2, 1))
"""What a flip does when every card is held in hands or secret evidence (the court sits anyway)."""


def begin_influence(s: Position) -> None:
    """Apply Influence: the round's flips (4 cards) are to come, and no Judge has passed Home yet."""
    s.flips_left = s.comp.flips_per_round
    s.passed_home = []


def influence_flip(s: Position, card: int) -> None:
    """A flipped card goes to the discard pile and moves the Judges it shows forward."""
    s.discard.append(card)
    move_forward(s, s.comp.cards[card].influence)
    s.flips_left -= 1


def missing_flip(s: Position) -> None:
    """No card left to flip: every Judge moves one space, so hoarding cards cannot stop the game."""
    move_forward(s, ALL_JUDGES_ONE_SPACE)
    s.flips_left -= 1


def move_forward(s: Position, influence: tuple[tuple[int, int], ...]) -> None:
    """Influence flips move Judges forward; reaching or passing Home queues a scoring round."""
    spaces = s.comp.path_spaces
    for judge, steps in influence:
        target = s.judges[judge] + steps
        if target >= spaces:
            target -= spaces
            s.passed_home.append(judge)
        s.judges[judge] = target
