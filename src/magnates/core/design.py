"""Design data from a file: the `design` option of games whose designed tables are data.

A designer tries a change without editing the package: `--option design=cheap.json` names a JSON
file that overrides any part of the game's designed data (its shape is what `magnates design
GAME` exports). Objects merge key by key with the shipped data; a list given replaces the shipped
list whole. The merged design is checked completely, and every refusal names the file and the
field by its JSON path (`cheap.json: map.provinces[3].neighbours[1]: 14 is not a province`).

What the game keeps is the file's content, not its path: `game.options["design"]` is the
override object itself, so a record made with a design replays after the file is gone, and two
runs with the same content are the same game. A game without a design has no `design` key in
its options at all, so records, option sets and learned bots of the shipped game are unchanged.

The option is given only on the command line and in Python: a server must refuse it, since its
value read as a path would open a file of the server's disk (see `magnates.server.catalog`).
"""

from __future__ import annotations

import copy
import hashlib
import json
from collections.abc import Callable, Mapping, Sequence
from dataclasses import dataclass
from pathlib import Path
from typing import Any, Generic, TypeVar

from magnates.core.errors import OptionError, RecordError, did_you_mean
from magnates.core.json_check import Record, Shape, join, kind_of

DESIGN = "design"
"""The option's name."""

MAX_DESIGN_BYTES = 1_000_000
"""A design file is a few kilobytes; anything near a megabyte is not one."""


Built = TypeVar("Built")


@dataclass(frozen=True)
class Loaded(Generic[Built]):
    """A design read and checked: what the options keep, the whole design it makes, the game's objects."""

    override: dict[str, Any]
    """The file's content (less its `game` key): what `game.options["design"]` and records keep."""
    merged: dict[str, Any]
    """The shipped data with the override laid over it, names resolved: the whole design played."""
    built: Built
    """What the game plays by (Galactic Magnate's `Tables`, Magistrate's `Components`)."""


class DesignError(OptionError):
    """A design file (or design object in a record) that cannot be used, with the field named."""


SHIPPED = "shipped"
"""`design=shipped` names the shipped design itself: the game as if no design were given (so that
`magnates compare GAME --variant design=shipped --variant design=mine.json` has both columns)."""


def split(options: Mapping[str, Any]) -> tuple[Any, dict[str, Any]]:
    """The `design` value given (None when not given, or `shipped`) and the other options."""
    rest = dict(options)
    given = rest.pop(DESIGN, None)
    if isinstance(given, str) and given.strip().lower() == SHIPPED:
        given = None
    return given, rest


def read(value: Any) -> tuple[str, dict[str, Any]]:
    """(what to call it in errors, the override object) from a path or an object already read.

    A string is a path to a JSON file; an object is the content itself (what a record keeps).
    """
    if isinstance(value, Mapping):  # a record's options: errors name the field where the record has it
        return "options.design", dict(value)
    if isinstance(value, Path):
        value = str(value)
    if not isinstance(value, str) or not value.strip():
        raise DesignError(f"option 'design' takes the path of a JSON design file, not {value!r}")
    path = Path(value.strip()).expanduser()
    label = path.name
    try:
        if path.stat().st_size > MAX_DESIGN_BYTES:
            raise DesignError(f"{label}: a design file is at most {MAX_DESIGN_BYTES} bytes")
        text = path.read_text(encoding="utf-8")
    except FileNotFoundError:
        raise DesignError(f"design file {value} does not exist") from None
    except IsADirectoryError:
        raise DesignError(f"design file {value} is a folder, not a JSON file") from None
    except UnicodeDecodeError:
        raise DesignError(f"{label}: not a text file (JSON is UTF-8 text)") from None
    except OSError as err:
        raise DesignError(f"design file {value} cannot be read: {(err.strerror or str(err)).lower()}") from None
    try:
        data = json.loads(text)
    except json.JSONDecodeError as err:
        raise DesignError(f"{label}: not JSON: {err.msg} at line {err.lineno}, column {err.colno}") from None
    if not isinstance(data, dict):
        raise DesignError(f"{label}: a design file holds one JSON object, not {kind_of(data)}")
    return label, data


def merge(shipped: Any, override: Any) -> Any:
    """`override` laid over `shipped`: objects merge key by key, anything else replaces whole.

    Keys that `shipped` lacks are kept, so that the check that follows names them as unknown.
    """
    if isinstance(shipped, Mapping) and isinstance(override, Mapping):
        merged = dict(shipped)
        for key, value in override.items():
            merged[key] = merge(shipped[key], value) if key in shipped else value
        return merged
    return override


def is_note(key: object) -> bool:
    """A key starting with `_` is a note for people (JSON has no comments): kept, never read."""
    return isinstance(key, str) and key.startswith("_")


def without_notes(value: Any) -> Any:
    """`value` with every note (a key starting with `_`) left out, at every depth."""
    if isinstance(value, Mapping):
        return {key: without_notes(item) for key, item in value.items() if not is_note(key)}
    if isinstance(value, list):
        return [without_notes(item) for item in value]
    return value


@dataclass(frozen=True)
class Obj(Record):
    """A design object with these fields and no other (`_` notes aside); all but those in `optional`
    must be present."""

    whole = "the design"

    def refuse_unknown(self, value: Mapping[str, Any], path: str) -> None:
        for key in value:
            if key not in self.fields and not is_note(key):
                where = f" of {path}" if path else ""
                raise RecordError(
                    f"{join(path, str(key))}: there is no field {key!r}{where}{did_you_mean(key, self.fields)}; "
                    f"the fields are {', '.join(self.fields)}"
                )


@dataclass(frozen=True)
class Keyed(Shape):
    """An object whose keys are exactly `keys` (player counts written as strings), each an `item`."""

    keys: tuple[str, ...]
    item: Shape

    def check(self, value: Any, path: str) -> None:
        if not isinstance(value, Mapping):
            raise RecordError(f"{path} must be a JSON object, not {kind_of(value)}")
        keys = [key for key in value if not is_note(key)]
        if sorted(keys) != sorted(self.keys):
            raise RecordError(f"{path} must have exactly the keys {', '.join(self.keys)}, not {', '.join(keys)}")
        for key in self.keys:
            self.item.check(value[key], join(path, key))


@dataclass(frozen=True)
class Number(Shape):
    """A whole number or a decimal (not true/false), optionally at least `low`."""

    low: float | None = None

    def check(self, value: Any, path: str) -> None:
        if isinstance(value, bool) or not isinstance(value, int | float):
            raise RecordError(f"{path} must be a number, not {kind_of(value)} ({value!r})")
        if self.low is not None and value < self.low:
            raise RecordError(f"{path} is {value}, below {self.low}")


@dataclass(frozen=True)
class Either(Shape):
    """One of several shapes; the message of the first is given when none fits."""

    shapes: Sequence[Shape]

    def check(self, value: Any, path: str) -> None:
        first: RecordError | None = None
        for shape in self.shapes:
            try:
                shape.check(value, path)
                return
            except RecordError as err:
                first = first or err
        if first is not None:
            raise first


def checked(
    label: str,
    shipped: Mapping[str, Any],
    override: Mapping[str, Any],
    shape: Shape,
    rules: Callable[[dict[str, Any]], None],
) -> dict[str, Any]:
    """The shipped data with `override` laid over it, checked by `shape` then by the game's `rules`.

    Any refusal (RecordError from a shape or the rules) becomes a DesignError starting with `label`.
    """
    merged = copy.deepcopy(merge(shipped, override))  # the rules may rewrite it (names to ids), never the override
    try:
        shape.check(merged, "")
        merged = without_notes(merged)
        rules(merged)
    except RecordError as err:
        raise DesignError(f"{label}: {err}") from None
    return dict(merged)


def refuse(path: str, message: str) -> None:
    """Refuse the design at this field (the game's reference and count checks)."""
    raise RecordError(f"{path}: {message}")


def export(shipped: Mapping[str, Any], game: str) -> str:
    """The shipped design as the text of a design file (what `magnates design GAME` writes)."""
    return json.dumps({"game": game, **shipped}, indent=1, ensure_ascii=False) + "\n"


def without_game_key(label: str, data: Mapping[str, Any], game: str) -> dict[str, Any]:
    """An exported file names its game: refuse one written for another game, then drop the key."""
    rest = dict(data)
    named = rest.pop("game", game)
    if named != game:
        raise DesignError(f"{label}: game: this design is for {named!r}, not {game!r}")
    return rest


def changes(shipped: Any, override: Any, path: str = "") -> list[str]:
    """The fields (JSON paths) where `override` says something else than `shipped`, deepest first found."""
    if isinstance(shipped, Mapping) and isinstance(override, Mapping):
        found: list[str] = []
        for key, value in override.items():
            if is_note(key):
                continue
            where = join(path, str(key))
            found += changes(shipped[key], value, where) if key in shipped else [where]
        return found
    if isinstance(shipped, list) and isinstance(override, list) and len(shipped) == len(override):
        return [
            item
            for i, (a, b) in enumerate(zip(shipped, override, strict=True))
            for item in changes(a, b, join(path, i))
        ]
    return [] if shipped == override else [path or "the design"]


def fingerprint(content: Mapping[str, Any]) -> str:
    """A short name for a design's content (the first 12 hex digits of the SHA-256 of its canonical JSON)."""
    text = json.dumps(content, sort_keys=True, separators=(",", ":"), ensure_ascii=False)
    return hashlib.sha256(text.encode("utf-8")).hexdigest()[:12]


def shown(options: Mapping[str, Any]) -> dict[str, Any]:
    """Options as a person reads them: a design's content stands as `design <fingerprint>`."""
    out = dict(options)
    value = out.get(DESIGN)
    if isinstance(value, Mapping):
        out[DESIGN] = f"design {fingerprint(value)}"
    return out
