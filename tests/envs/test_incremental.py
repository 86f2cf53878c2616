"""The tracked encoders' parts keep to what they declare (`magnates.core.incremental`).

A tracker rewrites a part only when a field it declares reading changed, and zeroes only the slices
it declares writing (all of them first, unless it is dense: it writes them whole): a part that read
another field, wrote outside its slices, or left part of a dense slice unwritten, would leave stale
numbers behind on some step. These tests hold every part of every game to its declaration, and
check the seat-axis permutations and the tracker's own guards. Equality with the view path, for
states in any order, is tests/envs/test_fast_encoding.py.
"""

from __future__ import annotations

import math
import pickle
import random
from array import array
from collections.abc import Iterator, Mapping
from typing import Any

import numpy as np
import pytest

from magnates.bots.observation import Observer
from magnates.core.chance import sample
from magnates.core.encoding import SEAT, Layout
from magnates.core.game import Game, State
from magnates.core.incremental import Field, Part, PartsEncoder, Tracker, rows, seat_counts
from magnates.envs.concessions import concession_ids, without_concessions

from .env_cases import CASES, loaded


def _states(game: Game, seed: int, count: int) -> list[State]:
    """`count` states of one random game (concessions masked), a few steps apart."""
    rng = random.Random(seed)
    masked = concession_ids(game)
    state = game.new_initial_state()
    states = []
    while not state.is_terminal() and len(states) < count:
        if state.is_chance_node():
            state.apply_action(sample(state.chance_outcomes(), rng))
            continue
        if rng.random() < 0.3:
            states.append(state.clone())
        legal = without_concessions(state.legal_actions(), masked)
        state.apply_action(legal[rng.randrange(len(legal))])
    return states


class OnlyDeclared(Mapping[str, Any]):
    """The fields a part declares reading, and a KeyError naming any other it asks for."""

    def __init__(self, values: Mapping[str, Any], part: Part) -> None:
        self.values, self.part = values, part

    def __getitem__(self, name: str) -> Any:
        if name not in self.part.reads:
            raise KeyError(f"part {self.part.name!r} reads {name!r}, which it does not declare")
        return self.values[name]

    def get(self, name: str, default: Any = None) -> Any:
        return self[name]  # an undeclared name raises here too, not quietly the default

    def __iter__(self) -> Iterator[str]:
        return iter(self.part.reads)

    def __len__(self) -> int:
        return len(self.part.reads)


@pytest.mark.parametrize(("game", "players"), CASES)
def test_every_part_reads_and_writes_only_what_it_declares(game: str, players: int) -> None:
    engine = loaded(game, players=players)
    encoder: Any = engine.observation_encoder()
    assert isinstance(encoder, PartsEncoder)
    fields = {f.name: f for f in encoder.fields()}
    checked = 0
    for state in _states(engine, players, 12):
        for seat in [*range(engine.num_players), None]:
            values = {name: (f.get(state, seat) if f.get else getattr(state, name)) for name, f in fields.items()}
            for part in encoder.parts():
                spans = [encoder.slices[name] for name in part.writes]
                out = [math.nan] * encoder.size
                if not part.dense:  # a dense part's slices are not zeroed first: it writes them whole
                    for start, stop in spans:
                        out[start:stop] = [0.0] * (stop - start)
                private = any(fields[name].private for name in part.reads)
                chair = encoder.chair(seat) if private else 0  # what the tracker writes it from
                part.write(OnlyDeclared(values, part), chair, out)
                inside = {at for start, stop in spans for at in range(start, stop)}
                outside = [at for at, x in enumerate(out) if at not in inside and not math.isnan(x)]
                assert not outside, f"part {part.name!r} wrote outside its slices at {outside[:5]}"
                unwritten = [at for at in sorted(inside) if math.isnan(out[at])]
                assert not unwritten, f"part {part.name!r} is dense but left {unwritten[:5]} of its slices unwritten"
                checked += 1
    assert checked > 50


def test_a_seat_axis_moves_numbers_to_the_chairs_order() -> None:
    layout = Layout()
    layout.add("fixed", 2)
    layout.add("seat", 3, seats=(SEAT,))
    layout.add("winner", 5, seats=(SEAT,))  # three seats, then two outcomes that do not move
    assert layout.permutation(3, 0) == list(range(layout.size))
    moved = layout.permutation(3, 1)
    assert moved[:2] == [0, 1]
    assert moved[2:5] == [3, 4, 2]  # chair 1 sees seat 1 first: chair 0's second number
    assert moved[5:10] == [6, 7, 5, 8, 9]
    two = Layout()
    two.add("per_tile", 4, seats=(2, SEAT))  # two tiles, one number per seat
    two.add("both", 4, seats=(SEAT, SEAT))
    assert two.permutation(2, 1) == [1, 0, 3, 2, 7, 6, 5, 4]


class Pair(PartsEncoder):
    """Two seats' counts, and whose turn it is: the smallest encoder with a seat axis."""

    def __init__(self) -> None:
        super().__init__()
        self.sides = 2
        self.s_counts = self.layout.add("counts", 2, seats=(SEAT,))[0]
        self.s_turn = self.layout.add("turn", 2, seats=(SEAT,))[0]

    def fields(self) -> tuple[Field, ...]:
        return (Field("counts", list.copy), Field("turn", get=lambda state, seat: state.turn))

    def parts(self) -> tuple[Part, ...]:
        return (
            Part("counts", ("counts",), ("counts",), seat_counts("counts", self.s_counts, self.s_counts + 2)),
            Part("turn", ("turn",), ("turn",), self._turn),
        )

    def _turn(self, v: Mapping[str, Any], me: int, out: Any) -> None:
        out[self.s_turn + (v["turn"] - me) % 2] = 1.0

    def chair(self, seat: int | None) -> int:
        return seat or 0


def test_a_state_without_an_instance_dict_is_read_alike() -> None:
    """A compiled state has no `__dict__`: the tracker reads its fields by attribute all the same."""

    class Plain:
        def __init__(self, counts: list[int], turn: int) -> None:
            self.counts, self.turn = counts, turn

    class Slotted:
        __slots__ = ("counts", "turn")

        def __init__(self, counts: list[int], turn: int) -> None:
            self.counts, self.turn = counts, turn

    plain, slotted = Tracker(Pair()), Tracker(Pair())
    for counts, turn in (([3, 1], 0), ([3, 2], 1), ([3, 2], 0), ([0, 0], 1)):
        for seat in (0, 1):
            buffer = plain(Plain(counts, turn), seat)
            assert list(buffer) == list(slotted(Slotted(counts, turn), seat))
            assert plain.positions(seat) == slotted.positions(seat) == plain.permutations[seat]
            mine = [buffer[at] for at in plain.positions(seat)]
            assert mine[:2] == [float(counts[seat]), float(counts[1 - seat])]  # "me" first
            assert mine[2:] == ([1.0, 0.0] if turn == seat else [0.0, 1.0])
    with pytest.raises(AttributeError):
        Tracker(Pair())(Slotted.__new__(Slotted), 0)  # a field the state lacks is an error, not a zero


class PairWithHands(Pair):
    """`Pair` and each seat's own hand of two cards (a spectator sees none)."""

    def __init__(self) -> None:
        super().__init__()
        self.s_hand = self.layout.add("hand", 2)[0]

    def fields(self) -> tuple[Field, ...]:
        own = Field("hand", get=lambda state, seat: None if seat is None else state.hands[seat], private=True)
        return (*super().fields(), own)

    def parts(self) -> tuple[Part, ...]:
        return (*super().parts(), Part("hand", ("hand",), ("hand",), self._hand))

    def _hand(self, v: Mapping[str, Any], me: int, out: Any) -> None:
        for card in v["hand"] or ():
            out[self.s_hand + card] = 1.0


def test_each_seat_reads_its_own_hand_from_its_own_region_and_other_seats_are_refused() -> None:
    class Table:
        def __init__(self, hands: list[list[int]]) -> None:
            self.counts, self.turn, self.hands = [2, 5], 1, hands

    tracker = Tracker(PairWithHands())
    for hands in ([[0], [1]], [[0, 1], []], [[], [0]]):
        state = Table(hands)
        for seat in (0, 1, None):
            buffer = tracker(state, seat)
            vector = [buffer[at] for at in tracker.positions(seat)]
            mine = [] if seat is None else hands[seat]
            assert vector[4:] == [1.0 if card in mine else 0.0 for card in (0, 1)]
            assert vector[:2] == ([5.0, 2.0] if seat == 1 else [2.0, 5.0])
    assert len({tuple(tracker.positions(seat)[4:]) for seat in (0, 1, None)}) == 3  # a region each
    with pytest.raises(ValueError, match="seat 2 is not a seat"):
        tracker(Table([[0], [1]]), 2)
    with pytest.raises(ValueError, match="seat 2 is not a seat"):
        Tracker(Pair()).positions(2)  # an encoder without a seat's own parts refuses it alike


def test_seat_0s_vector_lies_in_order_in_the_buffer_and_the_observer_copies_it_as_one_slice() -> None:
    """Seat 0's own parts share the first region with the shared parts (their slices differ), so
    its vector is buffer[0:size]; the other seats and the spectator are gathered. Both ways give
    the vectors the view path does (checked number for number in tests/envs/test_fast_encoding.py)."""

    class Table:
        def __init__(self, hands: list[list[int]]) -> None:
            self.counts, self.turn, self.hands = [2, 5], 0, hands

    encoder = PairWithHands()
    tracker = Tracker(encoder)
    assert tracker.positions(0) == list(range(encoder.size))
    assert tracker.positions(1) != list(range(encoder.size))
    assert len(tracker.buffer) == encoder.size * 3  # the first region (with seat 0's hand), seat 1's, the spectator's
    observer = Observer(encoder)
    state = Table([[1], [0]])
    for seat in (0, 1, None):
        vector = observer(state, seat).tolist()
        mine = [] if seat is None else state.hands[seat]
        assert vector[4:] == [1.0 if card in mine else 0.0 for card in (0, 1)]
    assert isinstance(observer._positions[0], slice)
    assert not isinstance(observer._positions[1], slice)


def test_a_slice_written_by_a_shared_part_and_by_a_seats_own_part_is_refused() -> None:
    """Seat 0's own parts are written beside the shared ones: a slice both write would mix them."""

    class Clash(PairWithHands):
        def parts(self) -> tuple[Part, ...]:
            return (*super().parts(), Part("turn again", ("hand",), ("turn",), lambda v, me, out: None))

    with pytest.raises(ValueError, match="shared part and by a seat's own part: turn"):
        Tracker(Clash())


def test_a_part_reading_an_undeclared_field_is_refused() -> None:
    class Broken(PartsEncoder):
        def __init__(self) -> None:
            super().__init__()
            self.sides = 2
            self.layout.add("x", 1)

        def fields(self) -> tuple[Field, ...]:
            return (Field("a"),)

        def parts(self) -> tuple[Part, ...]:
            return (Part("x", ("a", "b"), ("x",), lambda v, me, out: None),)

        def chair(self, seat: int | None) -> int:
            return 0

    with pytest.raises(ValueError, match="undeclared fields: b"):
        Tracker(Broken())


class HandedCounts(Pair):
    """`Pair` with its counts not kept by the tracker (`Field.kept`): the counts' part is handed them
    at every update and counts the calls."""

    def __init__(self, dense: bool = True) -> None:
        super().__init__()
        self.dense, self.calls = dense, 0

    def fields(self) -> tuple[Field, ...]:
        return (Field("counts", kept=False), *super().fields()[1:])

    def parts(self) -> tuple[Part, ...]:
        return (Part("counts", ("counts",), ("counts",), self._counts, dense=self.dense), *super().parts()[1:])

    def _counts(self, v: Mapping[str, Any], me: int, out: Any) -> None:
        self.calls += 1
        counts = v["counts"]
        out[self.s_counts : self.s_counts + 2] = array("f", counts[me:] + counts[:me])


def test_a_field_not_kept_is_handed_to_its_parts_at_every_update_and_only_to_whole_writers() -> None:
    class Table:
        def __init__(self, counts: list[int], turn: int) -> None:
            self.counts, self.turn = counts, turn

    encoder = HandedCounts()
    tracker, kept = Tracker(encoder), Tracker(Pair())
    counts = [3, 1]
    table = Table(counts, 0)
    for change in (None, None, 7, None, 2):
        if change is not None:
            counts[0] = change  # changed in place: a kept field's copy notices, a handed one is read anew
        for seat in (0, 1):
            assert list(tracker(table, seat)) == list(kept(table, seat))
    assert encoder.calls == 10  # every update, changed or not (a kept field's part: only on a change)
    with pytest.raises(ValueError, match="reads counts \\(not kept\\) and must write its slices whole"):
        Tracker(HandedCounts(dense=False))


@pytest.mark.parametrize("game", ["magnate", "galactic-magnate", "magistrate", "magistratvm"])
def test_an_observer_pickles_with_a_fresh_tracker_that_agrees(game: str) -> None:
    engine = loaded(game)
    observer = Observer(engine.observation_encoder())
    states = _states(engine, 3, 6)
    for state in states:
        observer(state, 0)
    copy = pickle.loads(pickle.dumps(observer))
    for state in reversed(states):
        for seat in (0, 1, None):
            assert np.array_equal(copy(state, seat), observer(state, seat))


def test_a_row_copy_is_a_fresh_list_of_lists_and_refuses_tuples() -> None:
    """A tracker compares a field with its copy: a copy must be equal, not shared, and a row that is
    not a list is refused (a list copy of a tuple row would never compare equal to it)."""
    table = [[1, 2], [3]]
    copy = rows(table)
    assert copy == table and copy is not table and all(a is not b for a, b in zip(copy, table, strict=True))
    table[0].append(4)
    assert copy == [[1, 2], [3]]
    with pytest.raises(TypeError):
        rows([(1, 2)])  # type: ignore[list-item]
