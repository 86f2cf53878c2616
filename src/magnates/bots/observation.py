"""One seat's observation vector of a state, by the encoder's fastest exact path.

Every game's encoder turns a seat's view into floats (`Encoder.encode`). An encoder written as parts
also offers `tracker()` (`magnates.core.incremental`): each observer keeps its own, which brings the
vector up to date from the state, writing again only the parts whose fields changed since the last
call, once for every seat (from chair 0, then turned to the seat's chair by one numpy gather) and per
seat for the parts only that seat sees (its hand). tests/envs/test_fast_encoding.py proves it equal
to encoding the view, for states visited in any order, so it sees nothing the seat may not. Other
encoders are asked for `fill(view, out)` (writing into a zeroed numpy array) or `encode(view)`. The
RL driver and the learned bots' judges both ask for vectors this way.
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
        tracker = self._tracker
        if tracker is not None:
            self._permutations = [np.array(at, dtype=np.intp) for at in tracker.permutations]
            self._private = _runs(tracker.private_positions)
            """The positions the seat's own parts fill, as (start, stop) runs."""
            self._views: dict[int, tuple[Any, FloatArray]] = {}
        self._fill: Any = getattr(encoder, "fill", None)

    def __getstate__(self) -> dict[str, Any]:
        """Pickled without the numpy views of the tracker's buffers (an unpickled tracker is fresh)."""
        return {**self.__dict__, "_views": {}} if "_views" in self.__dict__ else dict(self.__dict__)

    def _numbers(self, buffer: Any) -> FloatArray:
        """A tracker's buffer as a numpy array sharing its memory, made once per buffer (a tracker
        keeps its buffers, and never resizes them, for as long as it lives)."""
        known = self._views.get(id(buffer))
        if known is None or known[0] is not buffer:
            known = self._views[id(buffer)] = (buffer, np.frombuffer(buffer, dtype=np.float32))
        return known[1]

    def __call__(self, state: State, seat: int | None) -> FloatArray:
        if self._tracker is not None:
            chair, public, private = self._tracker(state, seat)
            vector = self._numbers(public).take(self._permutations[chair])
            if private is not None:
                mine = self._numbers(private)
                for start, stop in self._private:
                    vector[start:stop] = mine[start:stop]
            return vector
        view = state.view(seat)
        if self._fill is not None:
            out = np.zeros(self.size, dtype=np.float32)
            self._fill(view, out)
            return out
        return np.fromiter(self.encoder.encode(view), dtype=np.float32, count=self.size)


def _runs(positions: list[int]) -> list[tuple[int, int]]:
    """Sorted positions as runs of consecutive ones, (start, stop) each."""
    runs: list[tuple[int, int]] = []
    for at in positions:
        if runs and runs[-1][1] == at:
            runs[-1] = (runs[-1][0], at + 1)
        else:
            runs.append((at, at + 1))
    return runs
