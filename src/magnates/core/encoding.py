"""Observation encoders: one seat's view as a fixed-length vector of floats, for learning agents.

Each game package owns its encoder (it knows its view); `Game.observation_encoder()` returns it.
An encoder reads a view only, never a state, so what it encodes is what that seat may know: the
wall around hidden information holds for learned players as it does for people. The core stays
standard-library only: `encode` returns a plain list, and the RL layer turns it into a float32
array.
"""

from __future__ import annotations

import math
from collections.abc import Mapping, Sequence
from dataclasses import dataclass, field
from itertools import product
from typing import Any

INF = math.inf
"""The bound of a feature the rules do not cap (money, turns): said as infinite rather than guessed."""

Bound = float | Sequence[float]
"""One bound for every number of a slice, or one per number."""
SEAT = "seat"
"""In a slice's `seats` shape: an axis with one entry per seat, numbered from the encoding chair."""


@dataclass
class Layout:
    """Named slices of the vector, in order: built once per option set by `add`.

    Each slice also declares the range of its numbers (`low`, `high`: by default 0 and 1, what a
    one-hot, a flag or a fraction of a fixed total takes). A count scaled by a typical magnitude
    declares the largest value the rules allow, divided by that scale, or `INF` where the rules set
    no cap; the RL layer turns them into the observation space's bounds, and
    tests/envs/test_bounds.py checks random and bot games against them.
    """

    slices: dict[str, tuple[int, int]] = field(default_factory=dict)
    size: int = 0
    lows: list[float] = field(default_factory=list)
    highs: list[float] = field(default_factory=list)
    seats: dict[str, tuple[int | str, ...]] = field(default_factory=dict)
    """Per slice whose numbers move with the chair: its shape, `SEAT` marking the axes of seats
    (e.g. `(SEAT, 6)`: six numbers per seat; `(24, SEAT)`: one per seat for each of 24 tiles).
    Numbers after the shaped block do not move (`(SEAT,)` on a slice of S + 2: two fixed ones)."""

    def add(
        self,
        name: str,
        length: int,
        *,
        low: Bound = 0.0,
        high: Bound = 1.0,
        seats: tuple[int | str, ...] | None = None,
    ) -> tuple[int, int]:
        if name in self.slices:
            raise ValueError(f"observation slice {name!r} is declared twice")
        if length < 0:
            raise ValueError(f"observation slice {name!r} has a negative length")
        if seats is not None:
            self.seats[name] = seats
        lows, highs = _spread(name, low, length), _spread(name, high, length)
        if any(a > b for a, b in zip(lows, highs, strict=True)):
            raise ValueError(f"observation slice {name!r} has a low bound above its high bound")
        span = (self.size, self.size + length)
        self.slices[name] = span
        self.size += length
        self.lows.extend(lows)
        self.highs.extend(highs)
        return span

    def permutation(self, sides: int, chair: int) -> list[int]:
        """Where each number of `chair`'s vector is in chair 0's vector of the same view: a chair
        sees seat q as seat (q - chair) mod `sides`, so along every seat axis its entry r is chair
        0's entry (r + chair) mod `sides`. Slices without `seats` do not move."""
        at = list(range(self.size))
        for name, shape in self.seats.items():
            start, stop = self.slices[name]
            dims = [sides if d == SEAT else int(d) for d in shape]
            block = math.prod(dims)
            if block > stop - start:
                raise ValueError(f"observation slice {name!r} is shorter than its seats shape {shape}")
            for offset, index in enumerate(product(*(range(d) for d in dims))):
                flat = 0
                for d, (size, i) in enumerate(zip(dims, index, strict=True)):
                    flat = flat * size + ((i + chair) % sides if shape[d] == SEAT else i)
                at[start + offset] = start + flat
        return at


def _spread(name: str, bound: Bound, length: int) -> list[float]:
    """One bound per number of a slice of `length`, from one bound for all or a list of them."""
    if isinstance(bound, int | float):
        return [float(bound)] * length
    values = [float(b) for b in bound]
    if len(values) != length:
        raise ValueError(f"observation slice {name!r} has {length} numbers but {len(values)} bounds")
    return values


class Encoder:
    """Base of every game's encoder: subclasses declare their slices in `__init__` and fill `encode`.

    `describe()` lists (name, start, stop) for the documentation; `encode(view)` must return exactly
    `size` floats, every one finite, and must depend on the view alone.
    """

    def __init__(self) -> None:
        self.layout = Layout()

    @property
    def size(self) -> int:
        return self.layout.size

    @property
    def slices(self) -> dict[str, tuple[int, int]]:
        return self.layout.slices

    def describe(self) -> list[tuple[str, int, int]]:
        return [(name, start, stop) for name, (start, stop) in self.layout.slices.items()]

    def bounds(self) -> tuple[list[float], list[float]]:
        """The lowest and highest value of every number of the vector, as the slices declare them."""
        return list(self.layout.lows), list(self.layout.highs)

    def encode(self, view: Mapping[str, Any]) -> list[float]:
        raise NotImplementedError


def one_hot(index: int, length: int) -> list[float]:
    """`length` zeros with a one at `index` (all zeros when `index` is out of range, e.g. -1 for none)."""
    out = [0.0] * length
    if 0 <= index < length:
        out[index] = 1.0
    return out


def scaled(values: Sequence[float], scale: float) -> list[float]:
    """Each value divided by `scale`, so that typical magnitudes sit near [0, 1]."""
    return [float(v) / scale for v in values]
