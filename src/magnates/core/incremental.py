"""An observation encoder as parts, so that a vector can be brought up to date instead of rewritten.

An encoder that offers `parts()` says, for each part of its vector, which fields of a seat's view it
reads and which slices it writes, and gives the function that writes them. Encoding a view runs every
part (`write_parts`). A `Tracker` does the same from the state, as an environment or a learned bot
asks, and keeps the vector it last wrote and a copy of every field it read then: a field that
compares equal to its copy leaves the parts that read only unchanged fields as they were. Most steps
of a game change a few fields (whose turn it is, one player's money, one province), so most of the
vector is not written again. What every seat sees alike is kept once, written from chair 0 (a
seat's vector is that one with its numbers moved to the seat's chair); the parts that read a seat's
own cards are kept per seat, in a region of the same buffer, so that a seat's vector is one gather.

The numbers are the same as a fresh encoding's, whatever order states come in (a tracker compares
values, never identities, and a part's slices are zeroed before it writes them again), and a seat's
vector is made only from what that seat's view holds: the fields a tracker reads are the view's own,
read from the state by getters that tests/envs/test_fast_encoding.py proves equal to the view path
and blind to hidden parts. The buffer is an `array('f')`, the float32 numbers of the observation space:
a writer computes each number as a Python float (float64) and the buffer keeps it rounded once, as
numpy's cast of the whole vector would (a writer that sums several numbers into one place sums them
first, and stores the total). Standard library only.
"""

from __future__ import annotations

from array import array
from collections.abc import Callable, Mapping, MutableSequence, Sequence
from dataclasses import dataclass
from functools import cached_property
from types import MethodType
from typing import Any, Final, cast

from magnates.core.encoding import Encoder

TYPECODE: Final = "f"
"""The array type of a tracker's buffers (float32), and of the arrays a writer assigns to slices."""

Writer = Callable[[Mapping[str, Any], int, MutableSequence[float]], None]
"""`write(values, chair, out)`: write a part's slices of `out` (zeroed) from the view's fields."""
Getter = Callable[[Any, "int | None"], Any]
"""`get(state, seat)`: one field of `state.view(seat)`, read from the state."""


def same(value: Any) -> Any:
    """The copy of a field that is never changed in place (a number, a string, a tuple, a fresh value)."""
    return value


def shallow(values: list[Any]) -> list[Any]:
    """The copy of a list of numbers (or of values never changed in place)."""
    return values[:]


def maybe_shallow(values: list[Any] | None) -> list[Any] | None:
    """The copy of a list of numbers that may be None (a hand a spectator does not see)."""
    return None if values is None else values[:]


def rows(values: list[list[Any]]) -> list[list[Any]]:
    """The copy of a list of lists of numbers (each row a list: a tuple is refused, not copied as
    something that would never compare equal to it)."""
    return list(map(list.copy, values))


@dataclass(frozen=True)
class Field:
    """A field of the view a part reads: its name, how a tracker copies it, how it is read from the
    state (None: the state's attribute of the same name, which holds what every view shows), and
    whether it is the seat's own (`private`: a hand; the parts reading it are kept per seat)."""

    name: str
    copy: Callable[[Any], Any] = same
    get: Getter | None = None
    private: bool = False
    after: tuple[str, ...] = ()
    """For a field the getter derives from others (a sum): those fields. It is read again only
    when one of them changed (they must be read by the same parts' tracker, listed before it)."""
    kept: bool = True
    """False: the tracker keeps no copy of this field and does not compare it; every update hands
    it to the parts that read it, which compare it with copies of their own (finer ones, as
    Magnate's districts keep lane by lane) and must write their slices whole (`Part.dense`)."""


@dataclass(frozen=True)
class Part:
    """Some slices of the vector (by name), the view's fields they depend on, and how to write them."""

    name: str
    reads: tuple[str, ...]
    writes: tuple[str, ...]
    write: Writer
    dense: bool = False
    """True when the writer writes every number of its slices: a tracker need not zero them first."""


class PartsEncoder(Encoder):
    """An encoder written as parts, which a `Tracker` can keep up to date. Its slices declare their
    seat axes (`Layout.add(..., seats=...)`), so that a vector written from chair 0 becomes any
    chair's by moving numbers (`Layout.permutation`)."""

    sides: int
    """How many seats the vector has numbers for."""

    def parts(self) -> Sequence[Part]:
        raise NotImplementedError

    def fields(self) -> Sequence[Field]:
        """Every field some part reads, with how to copy and read it."""
        raise NotImplementedError

    def chair(self, seat: int | None) -> int:
        """The chair a seat's vector is written from (a spectator's: 0)."""
        raise NotImplementedError

    def tracker(self) -> Tracker:
        return Tracker(self)

    @cached_property
    def _parts(self) -> Sequence[Part]:
        """`parts()`, made once (for `encode`)."""
        return self.parts()

    def __getstate__(self) -> dict[str, Any]:
        """Pickled without the parts (functions made from this encoder, made again on demand)."""
        return {key: value for key, value in self.__dict__.items() if key != "_parts"}


def seat_counts(key: str, start: int, stop: int, factor: float = 1.0) -> Writer:
    """The writer of a per-seat list of counts (`v[key]`) into `out[start:stop]`, rotated so that
    the chair's own number comes first, each multiplied by `factor`."""

    def write(v: Mapping[str, Any], me: int, out: MutableSequence[float]) -> None:
        values = v[key]
        if me:
            values = values[me:] + values[:me]
        at = start  # a few numbers: written one by one (cheaper than an array made for them)
        for count in values:
            out[at] = count * factor
            at += 1

    return write


def write_parts(
    parts: Sequence[Part],
    values: Mapping[str, Any],
    chair: int,
    out: MutableSequence[float],
) -> None:
    """Every part written into `out` (zeroed) from `values` (a view, or the fields read from a state)."""
    for part in parts:
        part.write(values, chair, out)


class _Memo:
    """Some parts of the vector, kept up to date from the fields they read: the region of the
    tracker's buffer they were last written into (written from `chair`), and copies of those fields
    as they were then.

    `update` is written out for this memo's fields and parts when it is made (`_update_source`):
    one comparison per field with its copy, then each part whose fields changed, with no loop,
    list or set per call. It is what a hand-written tracker for the encoder would be, made from the
    encoder's declarations; its text is `self.source`."""

    def __init__(
        self,
        encoder: PartsEncoder,
        fields: Sequence[Field],
        parts: Sequence[Part],
        out: MutableSequence[float],
        chair: int,
    ) -> None:
        plain = [f for f in fields if f.get is None]
        special = [f for f in fields if f.get is not None and not f.after]
        derived = [f for f in fields if f.get is not None and f.after]
        ordered = plain + special + derived
        self.names = tuple(f.name for f in ordered)
        position = {name: i for i, name in enumerate(self.names)}
        for f in derived:
            if any(name not in position or position[name] >= len(plain) + len(special) for name in f.after):
                raise ValueError(f"derived field {f.name!r} must come after fields read directly: {f.after}")
        self.fields = tuple(ordered)
        self.parts = tuple(parts)
        for part in parts:
            handed = [f.name for f in ordered if not f.kept and f.name in part.reads]
            if handed and not part.dense:
                names = ", ".join(handed)
                raise ValueError(f"part {part.name!r} reads {names} (not kept) and must write its slices whole")
        self.spans = tuple(
            tuple(
                (start, stop, array(TYPECODE, bytes(4 * (stop - start))))
                for start, stop in (encoder.slices[name] for name in part.writes)
            )
            for part in parts
        )
        self.out = out
        self.chair = chair
        self.last: list[Any] = [None] * len(ordered)
        self.named: dict[str, Any] = {}
        self.source = _update_source(self.fields, self.parts, position)
        namespace: dict[str, Any] = {
            "getters": [f.get for f in ordered],
            "copies": [f.copy for f in ordered],
            "writers": [part.write for part in parts],
            "spans": self.spans,
        }
        exec(compile(self.source, f"<tracker of {type(encoder).__name__}>", "exec"), namespace)
        self._update: Callable[[Any, Any, int | None], MutableSequence[float]] = namespace["update"]

    def update(self, state: Any, seat: int | None) -> MutableSequence[float]:
        """The buffer brought up to date for `state`. The first call reads every field and writes
        every part (some read no field); from then on this memo's `update` is the generated one."""
        last, named = self.last, self.named
        for i, f in enumerate(self.fields):
            value = getattr(state, f.name) if f.get is None else f.get(state, seat)
            last[i] = named[f.name] = f.copy(value) if f.kept else value
        for part in self.parts:
            part.write(named, self.chair, self.out)
        self.update = MethodType(self._update, self)  # type: ignore[method-assign]
        return self.out


def _update_source(fields: Sequence[Field], parts: Sequence[Part], position: Mapping[str, int]) -> str:
    """The text of `update(memo, state, seat)` for these fields and parts: each field read
    (an attribute, or its getter), compared with its copy and, if it differs, copied and its bit
    set in `changed` (a field not kept: read, and its bit always set); a derived field read again
    only when a field it comes from changed; then each part whose fields changed has its slices
    zeroed (unless it writes them whole) and is written."""
    handed = sum(1 << i for i, f in enumerate(fields) if not f.kept)
    lines = [
        "def update(memo, state, seat):",
        "    last = memo.last",
        "    named = memo.named",
        f"    changed = {handed}",
    ]
    for i, f in enumerate(fields):
        read = f"state.{f.name}" if f.get is None else f"getters[{i}](state, seat)"
        if not f.kept:
            lines.append(f"    named[{f.name!r}] = {read}")
            continue
        after = sum(1 << position[name] for name in f.after)
        indent = "    "
        if f.after:
            lines.append(f"    if changed & {after}:")
            indent = "        "
        copy = "value" if f.copy is same else f"copies[{i}](value)"
        lines += [
            f"{indent}value = {read}",
            f"{indent}if value != last[{i}]:",
            f"{indent}    last[{i}] = named[{f.name!r}] = {copy}",
            f"{indent}    changed |= {1 << i}",
        ]
    lines += ["    out = memo.out", "    if not changed:", "        return out", "    chair = memo.chair"]
    for p, part in enumerate(parts):
        mask = sum(1 << position[name] for name in part.reads)
        if not mask:
            continue  # a part reading no field: written once, with the first vector
        lines.append(f"    if changed & {mask}:")
        for k in range(0 if part.dense else len(part.writes)):
            lines.append(f"        start, stop, zeros = spans[{p}][{k}]")
            lines.append("        out[start:stop] = zeros")
        lines.append(f"        writers[{p}](named, chair, out)")
    lines.append("    return out")
    return "\n".join(lines) + "\n"


class Tracker:
    """`tracker(state, seat)`: the encoding of `seat`'s view of `state`, brought up to date from the
    last one in `buffer`, from which the seat's vector is gathered: its number i is
    `buffer[positions(seat)[i]]` (the RL layer gathers them with numpy).

    The buffer holds, one `encoder.size` region after another:

    - every part that reads no private field, written from chair 0 and kept across seats (so a
      step that changes one field rewrites its parts once, whichever seat asks next); a seat takes
      these numbers moved to its chair (`permutations`);
    - per seat (spectator last), the parts reading the seat's own fields (a hand), written from its
      chair; they fill the positions `private_positions` of its vector. Seat 0's are written in
      the first region, in the slices no shared part writes, so that its whole vector lies there in
      order (`positions(0)` is 0, 1, 2, ...: a gatherer may copy it as one slice).

    The buffer is the tracker's own and changes on the next call: copy what is gathered from it."""

    def __init__(self, encoder: PartsEncoder) -> None:
        self.encoder = encoder
        fields = list(encoder.fields())
        names = [f.name for f in fields]
        if len(set(names)) != len(names):
            raise ValueError("a field is declared twice")
        by_name = {f.name: f for f in fields}
        parts = list(encoder.parts())
        for part in parts:
            unknown = [name for name in part.reads if name not in by_name]
            if unknown:
                raise ValueError(f"part {part.name!r} reads undeclared fields: {', '.join(unknown)}")
        private = [part for part in parts if any(by_name[name].private for name in part.reads)]
        public = [part for part in parts if part not in private]
        shared = {name for part in public for name in part.writes} & {name for part in private for name in part.writes}
        if shared:
            raise ValueError(f"slices written by a shared part and by a seat's own part: {', '.join(sorted(shared))}")
        size = self.size = encoder.size
        self.buffer = array(TYPECODE, bytes(4 * size * (1 + (encoder.sides if private else 0))))
        self._regions = cast("MutableSequence[float]", memoryview(self.buffer))
        """The buffer's float32 numbers, as regions for the memos to write in (`memoryview` slices share it)."""
        self._public = _Memo(encoder, _read_by(fields, public), public, self._regions[:size], 0)
        self._fields_private, self._private_parts = _read_by(fields, private), private
        self._private: dict[int | None, _Memo] = {}
        """Per seat: the parts only that seat sees."""
        self.permutations = [encoder.layout.permutation(encoder.sides, chair) for chair in range(encoder.sides)]
        self.private_positions = sorted(
            at for part in private for name in part.writes for at in range(*encoder.slices[name])
        )

    def __call__(self, state: Any, seat: int | None) -> array[float]:
        """`buffer`, brought up to date for `seat`'s view of `state`."""
        self._public.update(state, seat)
        if self._private_parts:
            memo = self._private.get(seat)
            if memo is None:
                memo = self._private_memo(seat)
            memo.update(state, seat)
        return self.buffer

    def positions(self, seat: int | None) -> list[int]:
        """Where in `buffer` each number of `seat`'s vector is (a seat the encoder does not have is
        refused, as `_region` says)."""
        region = self._region(seat)
        at = list(self.permutations[self.encoder.chair(seat)])
        if self._private_parts:
            base = self.size * region
            for i in self.private_positions:
                at[i] = base + i
        return at

    def _region(self, seat: int | None) -> int:
        """The buffer region of `seat`'s own parts: 0 (beside the shared parts) to `sides` - 1 for the
        seats, then the spectator's."""
        sides = self.encoder.sides
        if seat is None:
            return sides
        if 0 <= seat < sides:
            return int(seat)
        raise ValueError(f"seat {seat!r} is not a seat of this encoder (0 to {sides - 1}, or None for a spectator)")

    def _private_memo(self, seat: int | None) -> _Memo:
        size, region = self.size, self._region(seat)
        out = self._regions[size * region : size * (region + 1)]
        memo = self._private[seat] = _Memo(
            self.encoder, self._fields_private, self._private_parts, out, self.encoder.chair(seat)
        )
        return memo

    def __reduce__(self) -> tuple[Any, ...]:
        """Pickled as a fresh tracker of the same encoder (what it remembers is only a shortcut)."""
        return (Tracker, (self.encoder,))


def _read_by(fields: Sequence[Field], parts: Sequence[Part]) -> list[Field]:
    """The fields some of `parts` read, and those the derived ones among them are summed from."""
    read = {name for part in parts for name in part.reads}
    for f in fields:
        if f.name in read:
            read.update(f.after)
    return [f for f in fields if f.name in read]


__all__ = [
    "TYPECODE",
    "Field",
    "Part",
    "PartsEncoder",
    "Tracker",
    "maybe_shallow",
    "rows",
    "same",
    "seat_counts",
    "shallow",
    "write_parts",
]
