"""One seat's observation vector of a state, by the encoder's fastest exact path.

Every game's encoder turns a seat's view into floats (`Encoder.encode`). Most also offer faster
forms that give the same numbers: `fill(view, out)` writes into a zeroed numpy array, and
`fill_state(state, seat, out)` reads the state's fields the view would show that seat, without
building the view (tests/envs/test_fast_encoding.py proves it equal to the view path, so it sees
nothing the seat may not). An encoder that builds its vector as a Python list offers
`encode_state(state, seat)`, the list `fill_state` would write: it is packed straight into a fresh
float32 array in one call (no zeroed array, no float64 buffer, no cast copy). The RL driver and
the learned bots' judges both ask for vectors this way; a leaf judge that built the view first
spent three quarters of its time there.
"""

from __future__ import annotations

import struct
from typing import Any

import numpy as np
import numpy.typing as npt

from magnates.core.encoding import Encoder
from magnates.core.game import State

FloatArray = npt.NDArray[np.float32]


class Observer:
    """`observer(state, seat)`: the float32 vector of `seat`'s view of `state` (None: a spectator)."""

    def __init__(self, encoder: Encoder) -> None:
        self.encoder = encoder
        self.size = encoder.size
        self._fill: Any = getattr(encoder, "fill", None)
        self._fill_state: Any = getattr(encoder, "fill_state", None)
        self._encode_state: Any = getattr(encoder, "encode_state", None)
        self._format = f"={self.size}f"
        """`struct` format of the vector as float32: each float rounded to nearest, as numpy's cast
        rounds it (a format string, not a Struct, so that an observer pickles)."""

    def __call__(self, state: State, seat: int | None) -> FloatArray:
        if self._encode_state is not None:
            out = np.empty(self.size, dtype=np.float32)
            struct.pack_into(self._format, out, 0, *self._encode_state(state, seat))  # type: ignore[arg-type]
            return out
        if self._fill_state is not None:
            out = np.zeros(self.size, dtype=np.float32)
            self._fill_state(state, seat, out)
            return out
        view = state.view(seat)
        if self._fill is not None:
            out = np.zeros(self.size, dtype=np.float32)
            self._fill(view, out)
            return out
        return np.fromiter(self.encoder.encode(view), dtype=np.float32, count=self.size)
