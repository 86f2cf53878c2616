"""Build Magnate positions by playing real actions (deals and dice chosen by name)."""

from __future__ import annotations

from typing import Any

import magnates
from magnates.games.magnate import MagnateGame, MagnateState
from magnates.games.magnate.state import MAIN, ROLL


def start(crowns: list[list[str]], hands: list[list[str]], **options: Any) -> MagnateState:
    """Deal the named Crowns and hands (crowns and cards are dealt round the table)."""
    game: MagnateGame = magnates.load("magnate", **options)  # type: ignore[assignment]
    state = game.new_initial_state()
    per_side = [list(c) for c in crowns]
    while any(per_side):
        for side in range(len(per_side)):
            if per_side[side]:
                state.apply_action(f"deal crown {per_side[side].pop(0)}")
    per_player = [list(h) for h in hands]
    while any(per_player):
        for player in range(len(per_player)):
            if per_player[player]:
                state.apply_action(f"draw {per_player[player].pop(0)}")
    assert state.phase == ROLL
    return state


def official(hands: list[list[str]] | None = None, **options: Any) -> MagnateState:
    """A two-player game: Player 1 holds Huntress, Bard, Sea; Player 2 End, Calamity, Windfall."""
    hands = hands or [["The Mill", "The Author", "Ace of Moons"], ["The Pact", "The Origin", "The Savage"]]
    return start(
        [["The Huntress", "The Bard", "The Sea"], ["The End", "The Calamity", "The Windfall"]], hands, **options
    )


def roll(state: MagnateState, high: int, low: int, *tax: str) -> None:
    state.apply_action(f"roll {high} {low}")
    for suit in tax:
        state.apply_action(f"tax {suit}")


def to_main(state: MagnateState, high: int = 5, low: int = 3) -> None:
    roll(state, high, low)
    while state.phase != MAIN:
        state.apply_action(state.legal_actions()[0])


def set_tokens(state: MagnateState, side: int, **counts: int) -> None:
    """Give a side an exact token count per suit (others zero): a test's starting position."""
    state.tokens[side] = [counts.get(s, 0) for s in ("moons", "suns", "waves", "leaves", "wyrms", "knots")]
    state._legal = None


def texts(state: MagnateState) -> list[str]:
    return [state.game.action_to_string(a) for a in state.legal_actions()]
