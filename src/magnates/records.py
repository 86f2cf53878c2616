"""Replaying a record by the game's name: the one place that joins records to the game registry.

The core's records (`magnates.core.record`) replay on a game they are given; here the game is
looked up by the name the record carries, so the core stays below the games.
"""

from __future__ import annotations

from pathlib import Path
from typing import Any

from magnates.core.errors import MagnatesError, RecordError
from magnates.core.game import Game, State
from magnates.core.record import Record, load_record, replay_on
from magnates.games import load


def replay(record: Record | dict[str, Any], *, all_states: bool = False) -> Any:
    """Rebuild the final state (or every state, with `all_states=True`) from a record."""
    if isinstance(record, dict):
        record = Record.from_json(record)
    game = load(record.game, **record.options)
    return replay_on(game, upgraded_actions(game, record), all_states=all_states)


def upgraded_actions(game: Game, record: Record) -> list[int]:
    """The record's actions, rewritten for this installation's rules version where the game knows how
    (its `upgrade_actions(version, actions)`), else a RecordError naming both versions."""
    if str(record.version) == str(game.version):
        return list(record.actions)
    upgrade = getattr(game, "upgrade_actions", None)
    if upgrade is None:
        raise RecordError(
            f"this record was made by {record.game} rules version {record.version}; "
            f"this installation has version {game.version}"
        )
    return upgrade(str(record.version), list(record.actions))  # type: ignore[no-any-return]


def load_game(path: str | Path) -> State:
    """Load a saved game and replay it to where it was."""
    try:
        return replay(load_record(path))  # type: ignore[no-any-return]
    except RecordError:
        raise
    except MagnatesError as err:
        raise RecordError(f"saved game {path} cannot be loaded: {err}") from None
