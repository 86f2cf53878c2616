"""Concessions: actions that give a game away, masked in the environments unless forced.

A uniformly random player of Galactic Magnate resigns within its first few decisions (Resign is
legal at every roll), so random baselines and a fresh agent's first games would measure nothing.
The rules keep every concession; the environments (and the `random-no-concede` bot) leave them out
of the legal set unless one is the only way to go on. An action type says it concedes with the
class attribute `Action.concedes`.
"""

from __future__ import annotations

from magnates.core.game import Game


def concession_ids(game: Game) -> frozenset[int]:
    """The ids of this option set's concession actions (empty for most games)."""
    return frozenset(i for i, action in enumerate(game.action_space) if getattr(action, "concedes", False))


def without_concessions(legal: list[int], concessions: frozenset[int]) -> list[int]:
    """`legal` less its concessions, or `legal` itself when a concession is all there is."""
    if not concessions:
        return legal
    kept = [a for a in legal if a not in concessions]
    return kept or legal
