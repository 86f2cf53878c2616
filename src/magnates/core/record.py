"""Game records: `(game, version, options, actions)`, chance outcomes included.

A record replays every state exactly, and is the saved-game format. Replaying needs the game:
`replay_on(game, actions)` takes it; `magnates.records.replay(record)` finds it by name in the
registry (which lives above the core, so the core imports no game).
"""

from __future__ import annotations

import json
from dataclasses import dataclass, field
from pathlib import Path
from typing import TYPE_CHECKING, Any

from magnates.core.errors import IllegalAction, RecordError

if TYPE_CHECKING:
    from magnates.core.game import Game, State

FORMAT = "magnates-record/1"


@dataclass
class Record:
    game: str
    version: str
    options: dict[str, Any]
    actions: list[int]
    meta: dict[str, Any] = field(default_factory=dict)

    def to_json(self) -> dict[str, Any]:
        return {
            "format": FORMAT,
            "game": self.game,
            "version": self.version,
            "options": self.options,
            "actions": self.actions,
            "meta": self.meta,
        }

    @classmethod
    def from_json(cls, data: Any) -> Record:
        if not isinstance(data, dict):
            raise RecordError("a record is a JSON object")
        if data.get("format", FORMAT) != FORMAT:
            raise RecordError(f"unknown record format {data.get('format')!r}; expected {FORMAT!r}")
        missing = [k for k in ("game", "options", "actions") if k not in data]
        if missing:
            raise RecordError(f"the record lacks {', '.join(missing)}")
        actions = data["actions"]
        if not isinstance(actions, list) or not all(type(a) is int for a in actions):
            raise RecordError("the record's actions must be a list of integer action ids")
        if not isinstance(data["options"], dict):
            raise RecordError("the record's options must be a JSON object")
        return cls(
            game=str(data["game"]),
            version=str(data.get("version", "1")),
            options=dict(data["options"]),
            actions=list(actions),
            meta=dict(data.get("meta") or {}),
        )


def replay_on(game: Game, actions: list[int], *, all_states: bool = False) -> Any:
    state: State = game.new_initial_state()
    states = [state.clone()] if all_states else []
    for index, action in enumerate(actions):
        try:
            state.apply_action(action)
        except IllegalAction as err:
            raise RecordError(f"action {index + 1} of the record cannot be replayed: {err}") from None
        if all_states:
            states.append(state.clone())
    return states if all_states else state


def save(state_or_record: State | Record, path: str | Path, **meta: Any) -> Path:
    """Write a game (a state's record, or a record) as JSON; returns the path."""
    record = state_or_record if isinstance(state_or_record, Record) else state_or_record.record()
    record.meta.update(meta)
    path = Path(path)
    tmp = path.with_name(path.name + ".tmp")
    tmp.write_text(json.dumps(record.to_json(), indent=1))
    tmp.replace(path)  # never leave a half-written save
    return path


def load_record(path: str | Path) -> Record:
    """Read a saved game; a missing, malformed or broken file raises RecordError."""
    try:
        text = Path(path).read_text()
    except OSError as err:
        raise RecordError(f"cannot read saved game {path}: {err.strerror}") from None
    try:
        data = json.loads(text)
    except json.JSONDecodeError as err:
        raise RecordError(f"saved game {path} is not valid JSON: {err}") from None
    return Record.from_json(data)
