"""Actions: small immutable values with a readable text, a JSON form and a stable id.

A game enumerates every action it can ever offer, once per option set, into an
`ActionSpace`. The position in that list is the action's integer id, which is
what states exchange (fast, hashable, usable as an RL action mask index); the
`Action` object gives the text shown to people and the JSON kept in records.
"""

from __future__ import annotations

import dataclasses
import json
from collections.abc import Iterable, Iterator
from typing import Any, ClassVar

from magnates.core.errors import IllegalAction


@dataclasses.dataclass(frozen=True)
class Action:
    """Base of every game's action types: subclass as a frozen dataclass.

    `kind` names the type in JSON (`{"type": kind, ...fields}`); `is_dice` marks
    chance outcomes that a person at a real table may type in from real dice;
    `concedes` marks actions that give the game away (resigning), which learning
    environments and the `random-no-concede` bot leave out unless forced.
    """

    kind: ClassVar[str] = "action"
    is_dice: ClassVar[bool] = False
    concedes: ClassVar[bool] = False

    def to_json(self) -> dict[str, Any]:
        data: dict[str, Any] = {"type": self.kind}
        for field in dataclasses.fields(self):
            value = getattr(self, field.name)
            if isinstance(value, tuple):
                value = list(value)
            data[field.name] = value
        return data


def _json_key(data: Any) -> str:
    return json.dumps(data, sort_keys=True, separators=(",", ":"))


class ActionSpace:
    """The fixed, ordered list of all actions of one game with one option set."""

    def __init__(self, actions: Iterable[Action]) -> None:
        self._actions: list[Action] = list(actions)
        self._ids: dict[Action, int] = {}
        self._by_text: dict[str, int] = {}
        self._by_json: dict[str, int] = {}
        for index, action in enumerate(self._actions):
            if action in self._ids:
                raise ValueError(f"action {action!r} is listed twice in the action space")
            self._ids[action] = index
            self._by_text.setdefault(str(action).lower(), index)
            for alias in getattr(action, "aliases", lambda: [])():
                self._by_text.setdefault(alias.lower(), index)
            self._by_json[_json_key(action.to_json())] = index

    def __len__(self) -> int:
        return len(self._actions)

    def __getitem__(self, action_id: int) -> Action:
        return self._actions[action_id]

    def __iter__(self) -> Iterator[Action]:
        return iter(self._actions)

    def id_of(self, action: Action) -> int:
        try:
            return self._ids[action]
        except KeyError:
            raise IllegalAction(f"{action} is not an action of this game") from None

    def parse(self, value: int | str | dict[str, Any] | Action) -> int:
        """Accept an id, an Action, its text or its JSON form; return the id."""
        if isinstance(value, bool):
            raise IllegalAction(f"{value!r} is not an action")
        if isinstance(value, int):
            if 0 <= value < len(self._actions):
                return value
            raise IllegalAction(f"action id {value} is outside this game's action space 0..{len(self._actions) - 1}")
        if isinstance(value, Action):
            return self.id_of(value)
        if isinstance(value, str):
            found = self._by_text.get(value.strip().lower())
            if found is None:
                raise IllegalAction(f"no action is written {value!r}")
            return found
        if isinstance(value, dict):
            found = self._by_json.get(_json_key(value))
            if found is None:
                raise IllegalAction(f"no action has the JSON form {value!r}")
            return found
        raise IllegalAction(f"{value!r} is not an action (give an id, a text or a JSON object)")
