"""Observation encoders: one seat's view as a fixed-length vector of floats, for learning agents.

Each game package owns its encoder (it knows its view); `Game.observation_encoder()` returns it.
An encoder reads a view only, never a state, so what it encodes is what that seat may know: the
wall around hidden information holds for learned players as it does for people. The core stays
standard-library only: `encode` returns a plain list, and the RL layer turns it into a float32
array.
"""

from __future__ import annotations

from collections.abc import Mapping, Sequence
from dataclasses import dataclass, field
from typing import Any


@dataclass
class Layout:
    """Named slices of the vector, in order: built once per option set by `add`."""

    slices: dict[str, tuple[int, int]] = field(default_factory=dict)
    size: int = 0

    def add(self, name: str, length: int) -> tuple[int, int]:
        if name in self.slices:
            raise ValueError(f"observation slice {name!r} is declared twice")
        if length < 0:
            raise ValueError(f"observation slice {name!r} has a negative length")
        span = (self.size, self.size + length)
        self.slices[name] = span
        self.size += length
        return span


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
