"""Magistratvm's observation encoder: one seat's view as a fixed-length list of floats.

Nothing in Magistratvm is hidden: the face-down tiles are an unordered pile whose contents anyone
can deduce, so the pile is encoded as a set of tiles (never in its stored order). The encoder reads
the view alone, never the state. Seats are numbered from the encoding seat's chair (relative seat 0
is "me", 1 the next seat, ...), so one learned policy can play any seat; a spectator's view (seat
None) is encoded from seat 0's chair.

Slices, with S seats, 6 Province places on the circuit, T = 24 tiles, O = 7 offices (lengths in
docs/envs.md): `phase` 14, `to_act` S, `actor` S, `prefect` S, `counters` 8, `bid.high` 1,
`bid.bidder` S, `displaced.office` O, `pending_tile` T, `gold` S, `available_gold` S,
`influence` S, `income_die` S*6, `estate_tokens` S, `patricians` S, `passed` S, `gifted` S,
`support` S, `support_done` S, `places.tile` 6*T, `places.gold` 6, `places.tokens` 6*S,
`places.elected` 6, `places.refill` 6, `circuit.order` 6*6 (each place's position in the electoral
circuit), `circuit.now` 6 (the place voting now), `tiles.owner` T*S, `tiles.governed` T,
`tiles.discarded` T, `tiles.in_pile` T, `tiles.gold` T, `offices.active` O*S, `offices.inactive`
O*S, `redistribution.seat` S, `redistribution.tokens` 1, `redistribution.queue` 1.

The Prefect's setup rolls happen inside chance nodes (nobody decides then) and the income ledger is
statistics of the past, so neither is encoded.

`fill_state` is the RL layer's fast path: the same `encode` on `seen(state, seat)`, the
view's fields read from the state without copies, proven equal to the view path by
tests/envs/test_fast_encoding.py.
"""

from __future__ import annotations

import struct
from collections.abc import Callable, Mapping
from typing import TYPE_CHECKING, Any

import numpy as np

from magnates.core.encoding import INF, Encoder
from magnates.core.native import read_fields
from magnates.games.magistratvm import phases
from magnates.games.magistratvm.components import (
    NUM_SLOTS,
    NUM_TILES,
    PATRICIANS_PER_PLAYER,
    TILE_VALUES,
    TOKENS_PER_PLAYER,
)
from magnates.games.magistratvm.offices import NUM_OFFICES, OFFICES, seats

if TYPE_CHECKING:
    from magnates.games.magistratvm.position import Position

GOLD_SCALE = 30.0
"""Gold held, on a Province or bid: a rich turn (gold piles up on Provinces nobody wins)."""
TOKENS_SCALE = 6.0
"""Influence tokens on one Province: the highest Province value (a null tile needs 6)."""
INFLUENCE_SCALE = 40.0
"""A seat's influence (score): Provinces' values plus Magistrates' influence."""
SUPPORT_SCALE = 10.0
"""Influence added by Magistrates to the Province voting now."""
COUNTERS = (
    "turn",
    "final",
    "prefect_gold",
    "income_done",
    "consecutive_passes",
    "displaced.active",
    "circuit_pos",
    "pile_size",
)

PUBLIC_FIELDS = (
    "phase",
    "decider",
    "actor",
    "prefect",
    "pile",
    "turn",
    "final",
    "prefect_gold",
    "income_done",
    "consecutive_passes",
    "disp_active",
    "circuit_pos",
    "high_bid",
    "high_bidder",
    "disp_office",
    "pending_tile",
    "gold",
    "estate_tokens",
    "patricians",
    "passed",
    "gifted",
    "support",
    "support_done",
    "dice",
    "slots",
    "tokens",
    "elected",
    "tile_gold",
    "refill_slots",
    "circuit",
    "tile_owner",
    "governed",
    "discarded",
    "active",
    "inactive",
    "redistribution",
)
"""The state's fields the encoder reads as they are (nothing in Magistratvm is hidden; the pile is
read as a set of tiles, never in its stored order)."""


def per(scale: float) -> Callable[[float], float]:
    """Multiplication by 1/scale as a C-level callable, for `map` over a row (no Python frame per value)."""
    return (1.0 / scale).__mul__


class MagistratvmEncoder(Encoder):
    """The encoder of one Magistratvm option set (lengths depend on the player count)."""

    def __init__(self, players: int, turn_limit: int) -> None:
        super().__init__()
        self.sides = n = players
        self.turn_scale = float(turn_limit if turn_limit > 0 else 40)
        self.office_seats = [float(seats(o, players)) for o in range(NUM_OFFICES)]
        self.office_influence = [office.influence for office in OFFICES]
        add = self.layout.add
        self.s_phase = add("phase", len(phases.NAMES))[0]
        self.s_to_act = add("to_act", n)[0]
        self.s_actor = add("actor", n)[0]
        self.s_prefect = add("prefect", n)[0]
        # the turn count and the Prefect's gold have no cap in the rules; the rest are flags and fractions
        self.s_counters = add("counters", len(COUNTERS), high=[INF, 1, INF, 1, 1, 1, 1, 1])[0]
        self.s_bid = add("bid.high", 1, high=INF)[0]
        self.s_bidder = add("bid.bidder", n)[0]
        self.s_disp_office = add("displaced.office", NUM_OFFICES)[0]
        self.s_pending = add("pending_tile", NUM_TILES)[0]
        self.s_gold = add("gold", n, high=INF)[0]  # gold and influence grow without a cap in the rules
        self.s_available = add("available_gold", n, high=INF)[0]
        self.s_influence = add("influence", n, high=INF)[0]
        self.s_dice = add("income_die", n * 6)[0]
        self.s_tokens_home = add("estate_tokens", n)[0]
        self.s_patricians = add("patricians", n)[0]
        self.s_passed = add("passed", n)[0]
        self.s_gifted = add("gifted", n)[0]
        self.s_support = add("support", n, high=INF)[0]
        self.s_support_done = add("support_done", n)[0]
        self.s_place_tile = add("places.tile", NUM_SLOTS * NUM_TILES)[0]
        self.s_place_gold = add("places.gold", NUM_SLOTS, high=INF)[0]
        # a seat places at most all its tokens on one Province
        self.s_place_tokens = add("places.tokens", NUM_SLOTS * n, high=TOKENS_PER_PLAYER / TOKENS_SCALE)[0]
        self.s_place_elected = add("places.elected", NUM_SLOTS)[0]
        self.s_place_refill = add("places.refill", NUM_SLOTS)[0]
        self.s_circuit = add("circuit.order", NUM_SLOTS * NUM_SLOTS)[0]
        self.s_circuit_now = add("circuit.now", NUM_SLOTS)[0]
        self.s_tile_owner = add("tiles.owner", NUM_TILES * n)[0]
        self.s_governed = add("tiles.governed", NUM_TILES)[0]
        self.s_discarded = add("tiles.discarded", NUM_TILES)[0]
        self.s_in_pile = add("tiles.in_pile", NUM_TILES)[0]
        self.s_tile_gold = add("tiles.gold", NUM_TILES, high=INF)[0]
        self.s_active = add("offices.active", NUM_OFFICES * n)[0]
        # an office's inactive Magistrates may outnumber its seats, up to all of a seat's Patricians
        every_patrician = [PATRICIANS_PER_PLAYER / self.office_seats[o] for o in range(NUM_OFFICES) for _ in range(n)]
        self.s_inactive = add("offices.inactive", NUM_OFFICES * n, high=every_patrician)[0]
        self.s_redis_seat = add("redistribution.seat", n)[0]
        self.s_redis_tokens = add("redistribution.tokens", 1)[0]
        self.s_redis_queue = add("redistribution.queue", 1)[0]
        self.per_seat: tuple[tuple[int, str, Callable[[float], float]], ...] = (
            (self.s_gold, "gold", per(GOLD_SCALE)),
            (self.s_tokens_home, "estate_tokens", per(TOKENS_PER_PLAYER)),
            (self.s_patricians, "patricians", per(PATRICIANS_PER_PLAYER)),
            (self.s_passed, "passed", per(1.0)),
            (self.s_gifted, "gifted", per(1.0)),
            (self.s_support, "support", per(SUPPORT_SCALE)),
            (self.s_support_done, "support_done", per(1.0)),
        )
        """Per-seat counts written as one rotated slice each: (start, view key, scaling)."""
        self.rels = [[(q - me) % self.sides for q in range(self.sides)] for me in range(self.sides)]
        """Per chair: each seat's number seen from it (0 is the chair itself)."""
        self._pack_format = f"{self.size}d"
        """`struct` format of the vector as float64 (struct keeps its compiled form; a Struct would not pickle)."""

    def seen(self, state: Position, seat: int | None) -> dict[str, Any]:
        """What `encode` reads of `state.view(seat)`, taken from the state without copying: the
        fields in `PUBLIC_FIELDS`, and each estate's available gold and influence (the only
        numbers of the view's `estates` the encoder reads, summed here in one pass over the tiles
        and offices as `scoring.scores` and `Position.available_gold` sum them: the equality test
        with the view path pins the two together)."""
        seen = read_fields(state, PUBLIC_FIELDS)
        seen["seat"] = seat
        n = self.sides
        influence = [0] * n
        gold = state.gold[:]
        owner, governed, discarded, tile_gold = state.tile_owner, state.governed, state.discarded, state.tile_gold
        for tile, value in enumerate(TILE_VALUES):  # `scoring.scores` and `available_gold`, in one pass
            q = owner[tile]
            if q >= 0:
                if not discarded[tile]:
                    influence[q] += value
                if governed[tile]:
                    influence[q] += value
                    gold[q] += tile_gold[tile]
        for weight, active, inactive in zip(self.office_influence, state.active, state.inactive, strict=True):
            for q in range(n):
                influence[q] += weight * (active[q] + inactive[q])
        seen["estates"] = [{"available_gold": gold[q], "influence": influence[q]} for q in range(n)]
        return seen

    def fill_state(self, state: Position, seat: int | None, out: Any) -> None:
        """The fast path of `encode(state.view(seat))` into `out`, a float32 numpy array: the same
        encoding of `seen(state, seat)`, which spares the view's copies and names, and one packing
        of the list into the array (cheaper than numpy's conversion of a list). Proven equal to the
        view path by tests/envs/test_fast_encoding.py."""
        out[:] = np.frombuffer(struct.pack(self._pack_format, *self.encode_state(state, seat)), dtype=np.float64)

    def encode_state(self, state: Position, seat: int | None) -> list[float]:
        """`encode(state.view(seat))` read from the state (`seen`): the list `fill_state` writes,
        which the RL layer packs straight into a float32 array (`magnates.bots.observation`)."""
        return self.encode(self.seen(state, seat))

    def encode(self, view: Mapping[str, Any]) -> list[float]:
        out = [0.0] * self.layout.size
        n = self.sides
        seat = view["seat"]
        me = seat if seat is not None and 0 <= seat < n else 0
        rel = self.rels[me]

        out[self.s_phase + view["phase"]] = 1.0
        for q, start in ((view["decider"], self.s_to_act), (view["actor"], self.s_actor)):
            if 0 <= q < n:
                out[start + rel[q]] = 1.0
        q = view["prefect"]
        if 0 <= q < n:
            out[self.s_prefect + rel[q]] = 1.0
        pile = view["pile"]
        base = self.s_counters
        out[base] = view["turn"] / self.turn_scale
        out[base + 1] = float(view["final"])
        out[base + 2] = view["prefect_gold"] / GOLD_SCALE
        out[base + 3] = view["income_done"] / n
        out[base + 4] = view["consecutive_passes"] / n
        out[base + 5] = float(view["disp_active"])
        out[base + 6] = view["circuit_pos"] / NUM_SLOTS
        out[base + 7] = len(pile) / NUM_TILES
        if view["high_bid"] >= 0:
            out[self.s_bid] = view["high_bid"] / GOLD_SCALE
        q = view["high_bidder"]
        if 0 <= q < n:
            out[self.s_bidder + rel[q]] = 1.0
        office = view["disp_office"]
        if office >= 0:
            out[self.s_disp_office + office] = 1.0
        tile = view["pending_tile"]
        if tile >= 0:
            out[self.s_pending + tile] = 1.0

        for start, key, times in self.per_seat:  # rotated so that "me" comes first, one slice each
            values = view[key]
            out[start : start + n] = map(times, values[me:] + values[:me])
        estates = view["estates"]
        estates = estates[me:] + estates[:me]
        start = self.s_available
        out[start : start + n] = [e["available_gold"] / GOLD_SCALE for e in estates]
        start = self.s_influence
        out[start : start + n] = [e["influence"] / INFLUENCE_SCALE for e in estates]
        dice = view["dice"]
        base = self.s_dice - 1
        for r, face in enumerate(dice[me:] + dice[:me]):
            out[base + r * 6 + face] = 1.0

        self._places(view, me, out)
        self._tiles(view, rel, out)
        self._offices(view, me, out)
        redistribution = view["redistribution"]
        if redistribution:
            q, count = redistribution[0]
            out[self.s_redis_seat + rel[q]] = 1.0
            out[self.s_redis_tokens] = count / TOKENS_PER_PLAYER
            out[self.s_redis_queue] = len(redistribution) / n
        return out

    def _places(self, view: Mapping[str, Any], me: int, out: list[float]) -> None:
        """The six Provinces face up on the circuit: tile, gold, tokens, and the circuit's order."""
        n = self.sides
        slots, tokens, elected, tile_gold = view["slots"], view["tokens"], view["elected"], view["tile_gold"]
        for slot in range(NUM_SLOTS):
            tile = slots[slot]
            if tile >= 0:
                out[self.s_place_tile + slot * NUM_TILES + tile] = 1.0
                out[self.s_place_gold + slot] = tile_gold[tile] / GOLD_SCALE
            row = tokens[slot]
            if any(row):
                base = self.s_place_tokens + slot * n
                out[base : base + n] = [x / TOKENS_SCALE for x in row[me:] + row[:me]]
            if elected[slot]:
                out[self.s_place_elected + slot] = 1.0
        for slot in view["refill_slots"]:
            out[self.s_place_refill + slot] = 1.0
        circuit = view["circuit"]
        for position, slot in enumerate(circuit):
            out[self.s_circuit + slot * NUM_SLOTS + position] = 1.0
        pos = view["circuit_pos"]
        if 0 <= pos < len(circuit) and view["phase"] in (phases.SUPPORT, phases.REDISTRIBUTE):
            out[self.s_circuit_now + circuit[pos]] = 1.0

    def _tiles(self, view: Mapping[str, Any], rel: list[int], out: list[float]) -> None:
        """Every tile: who owns it, governed, discarded, still in the face-down pile, its gold."""
        n = self.sides
        owner, governed, discarded = view["tile_owner"], view["governed"], view["discarded"]
        base, s_governed, s_discarded, s_gold = self.s_tile_owner, self.s_governed, self.s_discarded, self.s_tile_gold
        for tile, gold in enumerate(view["tile_gold"]):
            q = owner[tile]
            if q >= 0:
                out[base + tile * n + rel[q]] = 1.0
            if governed[tile]:
                out[s_governed + tile] = 1.0
            if discarded[tile]:
                out[s_discarded + tile] = 1.0
            if gold:
                out[s_gold + tile] = gold / GOLD_SCALE
        base = self.s_in_pile
        for tile in view["pile"]:
            out[base + tile] = 1.0

    def _offices(self, view: Mapping[str, Any], me: int, out: list[float]) -> None:
        """Magistrates in each office, active and inactive, as a share of the office's seats."""
        n = self.sides
        office_seats = self.office_seats
        for start, key in ((self.s_active, "active"), (self.s_inactive, "inactive")):
            for office, row in enumerate(view[key]):
                if any(row):
                    scale = office_seats[office]
                    base = start + office * n
                    out[base : base + n] = [x / scale for x in row[me:] + row[:me]]
