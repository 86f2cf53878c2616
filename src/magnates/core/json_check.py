"""Checks shared by the games' strict loaders (`games/<game>/consistency.py`).

A position built by hand is `state.to_json()` edited and read back by `game.state_from_json()`.
Two checks here are the same for every game:

* `Shape` objects describe what a JSON value must look like (a record with these fields, a list
  of whole numbers, a name from a list) and `check_shape` refuses anything else, naming the field
  by its path (`sides[1].tokens.Knots`);
* `check_round_trip` compares the JSON that was read with the JSON the rebuilt state writes: a
  field the state does not have, or one that says something else than the rest of the position
  (a stale count, a cached copy that contradicts the board, `"3"` where `3` is meant), is refused
  with its path.

Both raise `RecordError`, the error of a saved game or record that cannot be read.
"""

from __future__ import annotations

from collections.abc import Iterable, Mapping, Sequence
from dataclasses import dataclass, field
from typing import Any

from magnates.core.errors import RecordError, did_you_mean


def join(path: str, key: str | int) -> str:
    """`players` + 1 -> `players[1]`; `players[1]` + `money` -> `players[1].money`."""
    if isinstance(key, int):
        return f"{path}[{key}]"
    return f"{path}.{key}" if path else key


def kind_of(value: object) -> str:
    """How a JSON value reads to a person: "a whole number", "a list", "null"."""
    if value is None:
        return "null"
    if isinstance(value, bool):
        return "true/false"
    if isinstance(value, int):
        return "a whole number"
    if isinstance(value, str):
        return "a string"
    if isinstance(value, Mapping):
        return "an object"
    if isinstance(value, list | tuple):
        return "a list"
    return type(value).__name__


class Shape:
    """What one JSON value must look like; `check` raises RecordError naming `path`."""

    def check(self, value: Any, path: str) -> None:
        raise NotImplementedError


@dataclass(frozen=True)
class Int(Shape):
    """A whole number (true/false is not one), optionally within low..high."""

    low: int | None = None
    high: int | None = None

    def check(self, value: Any, path: str) -> None:
        if type(value) is not int:
            raise RecordError(f"{path} must be a whole number, not {kind_of(value)} ({value!r})")
        if (self.low is not None and value < self.low) or (self.high is not None and value > self.high):
            low = "" if self.low is None else self.low
            high = "" if self.high is None else self.high
            raise RecordError(f"{path} is {value}, outside {low}..{high}")


@dataclass(frozen=True)
class Str(Shape):
    def check(self, value: Any, path: str) -> None:
        if not isinstance(value, str):
            raise RecordError(f"{path} must be a string, not {kind_of(value)} ({value!r})")


@dataclass(frozen=True)
class Bool(Shape):
    def check(self, value: Any, path: str) -> None:
        if not isinstance(value, bool):
            raise RecordError(f"{path} must be true or false, not {value!r}")


@dataclass(frozen=True)
class Name(Shape):
    """A string that is one of `names` (a phase, a suit, a card label)."""

    names: tuple[str, ...]
    what: str = "name"

    def check(self, value: Any, path: str) -> None:
        if value not in self.names:
            raise RecordError(f"{path}: {value!r} is not a {self.what}{did_you_mean(value, self.names)}")


@dataclass(frozen=True)
class Maybe(Shape):
    """null or `inner`."""

    inner: Shape

    def check(self, value: Any, path: str) -> None:
        if value is not None:
            self.inner.check(value, path)


@dataclass(frozen=True)
class ListOf(Shape):
    """A list of `item`s, of exactly `length` entries when given."""

    item: Shape
    length: int | None = None

    def check(self, value: Any, path: str) -> None:
        if not isinstance(value, list | tuple):
            raise RecordError(f"{path} must be a list, not {kind_of(value)}")
        if self.length is not None and len(value) != self.length:
            raise RecordError(f"{path} must have {self.length} entries, not {len(value)}")
        for i, item in enumerate(value):
            self.item.check(item, join(path, i))


@dataclass(frozen=True)
class Record(Shape):
    """An object with exactly these fields; those in `optional` may be left out."""

    fields: Mapping[str, Shape]
    optional: frozenset[str] = field(default_factory=frozenset)

    whole = "the state"
    """What the outermost object is called in a refusal."""

    def check(self, value: Any, path: str) -> None:
        if not isinstance(value, Mapping):
            raise RecordError(f"{path or self.whole} must be a JSON object, not {kind_of(value)}")
        self.refuse_unknown(value, path)
        for name, shape in self.fields.items():
            if name not in value:
                if name in self.optional:
                    continue
                raise RecordError(f"{join(path, name)} is missing")
            shape.check(value[name], join(path, name))

    def refuse_unknown(self, value: Mapping[str, Any], path: str) -> None:
        refuse_unknown(value, self.fields, path)


def check_shape(value: Any, shape: Shape, path: str = "") -> None:
    shape.check(value, path)


def refuse(field: str, message: str) -> None:
    """Refuse a saved state: RecordError naming the field path (`players[1].money`) and what is wrong."""
    raise RecordError(f"{field}: {message}")


def refuse_unknown(data: Mapping[str, Any], known: Iterable[str], path: str = "") -> None:
    """RecordError naming the first field of `data` that is not one of `known`."""
    names = list(known)
    for key in data:
        if key not in names:
            raise RecordError(f"{join(path, str(key))} is not a field of this state{did_you_mean(key, names)}")


MISSING = object()
"""Stands in `first_difference`'s answer for a field one side lacks."""


def first_difference(got: Any, want: Any, path: str = "") -> tuple[str, Any, Any] | None:
    """The path and both values where `got` first differs from `want`, or None if they agree.

    Types count (3 is not 3.0, nor "3", nor true); a tuple and a list with the same items agree.
    A field only one side has is answered with `MISSING` on the other side.
    """
    if isinstance(got, Mapping) and isinstance(want, Mapping):
        for key in want:
            if key not in got:
                return join(path, str(key)), MISSING, want[key]
            found = first_difference(got[key], want[key], join(path, str(key)))
            if found:
                return found
        for key in got:
            if key not in want:
                return join(path, str(key)), got[key], MISSING
        return None
    if isinstance(got, list | tuple) and isinstance(want, list | tuple):
        if len(got) != len(want):
            return path, got, want
        for i, (a, b) in enumerate(zip(got, want, strict=True)):
            found = first_difference(a, b, join(path, i))
            if found:
                return found
        return None
    if type(got) is not type(want) or got != want:
        return path, got, want
    return None


def check_round_trip(data: Mapping[str, Any], again: Mapping[str, Any], optional: Sequence[str] = ()) -> None:
    """Refuse `data` where it says something else than `again`, the JSON of the state rebuilt from it.

    Fields in `optional` may be absent from `data` (states saved before they existed); anything
    else that differs is named with its path and both values.
    """
    refuse_unknown(data, again, "")
    present = {key: value for key, value in again.items() if key in data or key not in optional}
    found = first_difference(dict(data), present)
    if found is None:
        return
    path, got, want = found
    if got is MISSING:
        raise RecordError(f"{path} is missing")
    if want is MISSING:
        raise RecordError(f"{path} is not a field here (the rest of the position has no such field)")
    raise RecordError(
        f"{path} is {_short(got)} but the rest of the position makes it {_short(want)} "
        "(a stale copy, a wrong type, or a count that does not add up)"
    )


def _short(value: Any) -> str:
    text = repr(value)
    return text if len(text) <= 80 else text[:77] + "..."
