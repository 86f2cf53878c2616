"""One seat's observation vector of a state, by the encoder's fastest exact path.

Every game's encoder turns a seat's view into floats (`Encoder.encode`). An encoder written as parts
also offers `tracker()` (`magnates.core.incremental`): each observer keeps its own, which brings the
vector up to date from the state, writing again only the parts whose fields changed since the last
call, once for every seat (from chair 0) and per seat for the parts only that seat sees (its hand),
into one buffer; one numpy gather takes the seat's vector from it, moved to the seat's chair (seat
0's lies there in order, and is copied as one slice).
tests/envs/test_fast_encoding.py proves it equal to encoding the view, for states visited in any
order, so it sees nothing the seat may not. Other encoders are asked for `fill(view, out)` (writing
into a zeroed numpy array) or `encode(view)`. The RL driver and the learned bots' judges both ask for
vectors this way.
"""

from __future__ import annotations

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
        make_tracker = getattr(encoder, "tracker", None)
        self._tracker: Any = make_tracker() if make_tracker is not None else None
        self._numbers: FloatArray | None = None
        """The tracker's buffer as a numpy array sharing its memory (made on first use: a tracker keeps
        its buffer, never resized, for as long as it lives)."""
        self._positions: dict[int | None, npt.NDArray[np.intp] | slice] = {}
        """Per seat: where in the buffer each number of its vector is (a slice where they lie in
        order, as seat 0's do: one copy instead of a gather)."""
        self._fill: Any = getattr(encoder, "fill", None)

    def __getstate__(self) -> dict[str, Any]:
        """Pickled without the numpy view of the tracker's buffer (an unpickled tracker is fresh)."""
        return {**self.__dict__, "_numbers": None}

    def __call__(self, state: State, seat: int | None) -> FloatArray:
        tracker = self._tracker
        if tracker is not None:
            tracker(state, seat)
            numbers = self._numbers
            if numbers is None:
                numbers = self._numbers = np.frombuffer(tracker.buffer, dtype=np.float32)
            at = self._positions.get(seat)
            if at is None:
                at = self._positions[seat] = _gather(tracker.positions(seat))
            if type(at) is slice:
                return numbers[at].copy()
            return numbers.take(at)
        view = state.view(seat)
        if self._fill is not None:
            out = np.zeros(self.size, dtype=np.float32)
            self._fill(view, out)
            return out
        return np.fromiter(self.encoder.encode(view), dtype=np.float32, count=self.size)


def _gather(positions: list[int]) -> npt.NDArray[np.intp] | slice:
    """How to take a vector from the tracker's buffer: one slice where its numbers lie in order,
    else numpy's gather by index (a slice's copy costs about a third of the gather's instructions)."""
    start = positions[0] if positions else 0
    if positions == list(range(start, start + len(positions))):
        return slice(start, start + len(positions))
    return np.array(positions, dtype=np.intp)
