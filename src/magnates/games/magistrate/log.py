"""The log line for an action, worded as one seat may read it.

The log must say no more than the views (`views.py`): hands and secret evidence
are private. So a card drawn into a hand is named only to the player who draws
it, and a card placed as secret evidence only to the player who places it;
everyone else (and a spectator) reads that it happened, not which card.
Everything else goes face up onto the table or the discard pile (material and
trade discards, influence cards, battle and influence flips) and is logged as
it is.
"""

from __future__ import annotations

from typing import TYPE_CHECKING

from magnates.games.magistrate.actions import card_name

if TYPE_CHECKING:
    from magnates.games.magistrate.position import Position


def describe(s: Position, action_id: int, text: str, viewer: int | None) -> str:
    """The log line for `action_id` (whose full text is `text`), about to be applied to `s`, as `viewer`
    (a seat, or None) may read it."""
    action = s.ids.actions[action_id]
    if s.draws and action.kind == "draw":
        return _draw_into_hand(s.draws[0][0], action.card, viewer)  # type: ignore[attr-defined]
    if action.kind == "secret":
        return _secret_evidence(s.decider, text, viewer)
    return text


def _draw_into_hand(receiver: int, card: int, viewer: int | None) -> str:
    """Owed draws are resolved before battle and influence flips, so this card goes into `receiver`'s hand."""
    if viewer == receiver:
        return f"you draw {card_name(card)}"
    return f"Player {receiver + 1} draws a card"


def _secret_evidence(player: int, text: str, viewer: int | None) -> str:
    """The log shows who acted beside each line ("Player 3: ..."), so the line does not name them again."""
    if viewer == player:
        return text
    return "places a card as secret evidence"
