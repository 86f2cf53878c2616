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

The vector is written part by part (`parts()`, `magnates.core.incremental`): each part reads a few
of the view's fields and writes its own slices. `encode(view)` writes every part; the RL layer's
tracker reads the same fields from the state and writes again only the parts whose fields changed
since that seat's last vector, proven equal to the view path by tests/envs/test_fast_encoding.py.
"""

from __future__ import annotations

from array import array
from collections.abc import Callable, Mapping, MutableSequence
from typing import Any

from magnates.core.encoding import INF, SEAT
from magnates.core.incremental import (
    TYPECODE,
    Field,
    Part,
    PartsEncoder,
    Writer,
    rows,
    same,
    seat_counts,
    shallow,
    write_parts,
)
from magnates.games.magistratvm import phases
from magnates.games.magistratvm.components import (
    NUM_SLOTS,
    NUM_TILES,
    PATRICIANS_PER_PLAYER,
    TILE_VALUES,
    TOKENS_PER_PLAYER,
)
from magnates.games.magistratvm.offices import NUM_OFFICES, OFFICES, seats

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

COUNTER_FIELDS = (
    "turn",
    "final",
    "prefect_gold",
    "income_done",
    "consecutive_passes",
    "disp_active",
    "circuit_pos",
    "pile",
)
"""The view's fields the `counters` slice is written from (the pile by its size)."""
PUBLIC_FIELDS = (
    "phase",
    "decider",
    "actor",
    "prefect",
    *COUNTER_FIELDS,
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
ROW_FIELDS = ("tokens", "active", "inactive", "redistribution")
"""Of `PUBLIC_FIELDS`, the lists of lists (the others are numbers or lists of numbers)."""

Out = MutableSequence[float]


def per(scale: float) -> float:
    """The factor a count is multiplied by (1/scale: the same float64 product in every path)."""
    return 1.0 / scale


class MagistratvmEncoder(PartsEncoder):
    """The encoder of one Magistratvm option set (lengths depend on the player count)."""

    def __init__(self, players: int, turn_limit: int) -> None:
        super().__init__()
        self.sides = n = players
        self.turn_scale = float(turn_limit if turn_limit > 0 else 40)
        self.office_seats = [float(seats(o, players)) for o in range(NUM_OFFICES)]
        self.office_influence = [office.influence for office in OFFICES]
        add = self.layout.add
        self.s_phase = add("phase", len(phases.NAMES))[0]
        self.s_to_act = add("to_act", n, seats=(SEAT,))[0]
        self.s_actor = add("actor", n, seats=(SEAT,))[0]
        self.s_prefect = add("prefect", n, seats=(SEAT,))[0]
        # the turn count and the Prefect's gold have no cap in the rules; the rest are flags and fractions
        self.s_counters = add("counters", len(COUNTERS), high=[INF, 1, INF, 1, 1, 1, 1, 1])[0]
        self.s_bid = add("bid.high", 1, high=INF)[0]
        self.s_bidder = add("bid.bidder", n, seats=(SEAT,))[0]
        self.s_disp_office = add("displaced.office", NUM_OFFICES)[0]
        self.s_pending = add("pending_tile", NUM_TILES)[0]
        self.s_gold = add("gold", n, high=INF, seats=(SEAT,))[0]  # gold and influence grow without a cap in the rules
        self.s_available = add("available_gold", n, high=INF, seats=(SEAT,))[0]
        self.s_influence = add("influence", n, high=INF, seats=(SEAT,))[0]
        self.s_dice = add("income_die", n * 6, seats=(SEAT, 6))[0]
        self.s_tokens_home = add("estate_tokens", n, seats=(SEAT,))[0]
        self.s_patricians = add("patricians", n, seats=(SEAT,))[0]
        self.s_passed = add("passed", n, seats=(SEAT,))[0]
        self.s_gifted = add("gifted", n, seats=(SEAT,))[0]
        self.s_support = add("support", n, high=INF, seats=(SEAT,))[0]
        self.s_support_done = add("support_done", n, seats=(SEAT,))[0]
        self.s_place_tile = add("places.tile", NUM_SLOTS * NUM_TILES)[0]
        self.s_place_gold = add("places.gold", NUM_SLOTS, high=INF)[0]
        # a seat places at most all its tokens on one Province
        self.s_place_tokens = add(
            "places.tokens", NUM_SLOTS * n, high=TOKENS_PER_PLAYER / TOKENS_SCALE, seats=(NUM_SLOTS, SEAT)
        )[0]
        self.s_place_elected = add("places.elected", NUM_SLOTS)[0]
        self.s_place_refill = add("places.refill", NUM_SLOTS)[0]
        self.s_circuit = add("circuit.order", NUM_SLOTS * NUM_SLOTS)[0]
        self.s_circuit_now = add("circuit.now", NUM_SLOTS)[0]
        self.s_tile_owner = add("tiles.owner", NUM_TILES * n, seats=(NUM_TILES, SEAT))[0]
        self.s_governed = add("tiles.governed", NUM_TILES)[0]
        self.s_discarded = add("tiles.discarded", NUM_TILES)[0]
        self.s_in_pile = add("tiles.in_pile", NUM_TILES)[0]
        self.s_tile_gold = add("tiles.gold", NUM_TILES, high=INF)[0]
        self.s_active = add("offices.active", NUM_OFFICES * n, seats=(NUM_OFFICES, SEAT))[0]
        # an office's inactive Magistrates may outnumber its seats, up to all of a seat's Patricians
        every_patrician = [PATRICIANS_PER_PLAYER / self.office_seats[o] for o in range(NUM_OFFICES) for _ in range(n)]
        self.s_inactive = add("offices.inactive", NUM_OFFICES * n, high=every_patrician, seats=(NUM_OFFICES, SEAT))[0]
        self.s_redis_seat = add("redistribution.seat", n, seats=(SEAT,))[0]
        self.s_redis_tokens = add("redistribution.tokens", 1)[0]
        self.s_redis_queue = add("redistribution.queue", 1)[0]
        self.per_seat: tuple[tuple[int, str, float], ...] = (
            (self.s_gold, "gold", per(GOLD_SCALE)),
            (self.s_tokens_home, "estate_tokens", per(TOKENS_PER_PLAYER)),
            (self.s_patricians, "patricians", per(PATRICIANS_PER_PLAYER)),
            (self.s_passed, "passed", per(1.0)),
            (self.s_gifted, "gifted", per(1.0)),
            (self.s_support, "support", per(SUPPORT_SCALE)),
            (self.s_support_done, "support_done", per(1.0)),
        )
        """Per-seat counts written as one rotated slice each: (start, view key, factor)."""
        self.rels = [[(q - me) % self.sides for q in range(self.sides)] for me in range(self.sides)]
        """Per chair: each seat's number seen from it (0 is the chair itself)."""

    # -- the parts of the vector (magnates.core.incremental) ----------------------------------------
    def chair(self, seat: int | None) -> int:
        return seat if seat is not None and 0 <= seat < self.sides else 0

    def fields(self) -> tuple[Field, ...]:
        """The state's public fields as they are, and each estate's available gold and influence."""
        return (*(Field(name, _copy_of(name)) for name in PUBLIC_FIELDS),)

    def parts(self) -> tuple[Part, ...]:
        return (
            Part("phase", ("phase",), ("phase",), self._phase),
            Part("to_act", ("decider",), ("to_act",), self._seat_mark("decider", self.s_to_act)),
            Part("actor", ("actor",), ("actor",), self._seat_mark("actor", self.s_actor)),
            Part("prefect", ("prefect",), ("prefect",), self._seat_mark("prefect", self.s_prefect)),
            Part("counters", COUNTER_FIELDS, ("counters",), self._counters, dense=True),
            Part("bid", ("high_bid", "high_bidder"), ("bid.high", "bid.bidder"), self._bid),
            Part("displaced", ("disp_office",), ("displaced.office",), self._displaced),
            Part("pending_tile", ("pending_tile",), ("pending_tile",), self._pending_tile),
            *(
                Part(key, (key,), (key,), seat_counts(key, start, start + self.sides, factor), dense=True)
                for start, key, factor in self.per_seat
            ),
            Part(
                "available_gold",
                ("gold", "tile_owner", "governed", "tile_gold"),
                ("available_gold",),
                self._available_gold_part,
                dense=True,
            ),
            Part(
                "influence",
                ("tile_owner", "governed", "discarded", "active", "inactive"),
                ("influence",),
                self._influence_part,
                dense=True,
            ),
            Part("dice", ("dice",), ("income_die",), self._dice),
            Part("places", ("slots", "tile_gold"), ("places.tile", "places.gold"), self._places),
            Part("place_tokens", ("tokens",), ("places.tokens",), self._place_tokens, dense=True),
            Part("elected", ("elected",), ("places.elected",), self._elected),
            Part("refill", ("refill_slots",), ("places.refill",), self._refill),
            Part("circuit", ("circuit",), ("circuit.order",), self._circuit),
            Part("circuit_now", ("circuit", "circuit_pos", "phase"), ("circuit.now",), self._circuit_now),
            Part(
                "tiles",
                ("tile_owner", "governed", "discarded", "tile_gold"),
                ("tiles.owner", "tiles.governed", "tiles.discarded", "tiles.gold"),
                self._tiles,
            ),
            Part("pile", ("pile",), ("tiles.in_pile",), self._pile),
            Part("active", ("active",), ("offices.active",), self._offices(self.s_active, "active"), dense=True),
            Part(
                "inactive", ("inactive",), ("offices.inactive",), self._offices(self.s_inactive, "inactive"), dense=True
            ),
            Part(
                "redistribution",
                ("redistribution",),
                ("redistribution.seat", "redistribution.tokens", "redistribution.queue"),
                self._redistribution,
            ),
        )

    def encode(self, view: Mapping[str, Any]) -> list[float]:
        out = [0.0] * self.layout.size
        write_parts(self._parts, view, self.chair(view["seat"]), out)
        return out

    def available_gold(self, v: Mapping[str, Any]) -> list[int]:
        """Each seat's gold to spend, as `Position.available_gold` counts it: the turn's gold and the
        gold on the Provinces it governs (the view's `estates` say the same; a test pins the two)."""
        gold = list(v["gold"])
        for q, governed, tile_gold in zip(v["tile_owner"], v["governed"], v["tile_gold"], strict=True):
            if governed and q >= 0:
                gold[q] += tile_gold
        return gold

    def influence(self, v: Mapping[str, Any]) -> list[int]:
        """Each seat's influence, as `scoring.scores` counts it: its Provinces not discarded, its
        governed Provinces once more, and its Magistrates by the weight of their office (the view's
        `estates` say the same; a test pins the two)."""
        influence = [0] * self.sides
        for q, value, governed, discarded in zip(
            v["tile_owner"], TILE_VALUES, v["governed"], v["discarded"], strict=True
        ):
            if q >= 0:
                if not discarded:
                    influence[q] += value
                if governed:
                    influence[q] += value
        seats = range(self.sides)
        for weight, active, inactive in zip(self.office_influence, v["active"], v["inactive"], strict=True):
            for q in seats:
                influence[q] += weight * (active[q] + inactive[q])
        return influence

    # -- writing each part (`v`: the view, or the same fields read from the state) --------------------
    def _phase(self, v: Mapping[str, Any], me: int, out: Out) -> None:
        out[self.s_phase + v["phase"]] = 1.0

    def _seat_mark(self, key: str, start: int) -> Writer:
        """A one-hot of the seat in `key` (the decider, the actor, the Prefect), if there is one."""
        n, rels = self.sides, self.rels

        def write(v: Mapping[str, Any], me: int, out: Out) -> None:
            q = v[key]
            if 0 <= q < n:
                out[start + rels[me][q]] = 1.0

        return write

    def _counters(self, v: Mapping[str, Any], me: int, out: Out) -> None:
        n = self.sides
        base = self.s_counters
        out[base] = v["turn"] / self.turn_scale
        out[base + 1] = float(v["final"])
        out[base + 2] = v["prefect_gold"] / GOLD_SCALE
        out[base + 3] = v["income_done"] / n
        out[base + 4] = v["consecutive_passes"] / n
        out[base + 5] = float(v["disp_active"])
        out[base + 6] = v["circuit_pos"] / NUM_SLOTS
        out[base + 7] = len(v["pile"]) / NUM_TILES

    def _bid(self, v: Mapping[str, Any], me: int, out: Out) -> None:
        if v["high_bid"] >= 0:
            out[self.s_bid] = v["high_bid"] / GOLD_SCALE
        q = v["high_bidder"]
        if 0 <= q < self.sides:
            out[self.s_bidder + self.rels[me][q]] = 1.0

    def _displaced(self, v: Mapping[str, Any], me: int, out: Out) -> None:
        office = v["disp_office"]
        if office >= 0:
            out[self.s_disp_office + office] = 1.0

    def _pending_tile(self, v: Mapping[str, Any], me: int, out: Out) -> None:
        tile = v["pending_tile"]
        if tile >= 0:
            out[self.s_pending + tile] = 1.0

    def _available_gold_part(self, v: Mapping[str, Any], me: int, out: Out) -> None:
        gold = self.available_gold(v)
        start = self.s_available
        for r, amount in enumerate(gold[me:] + gold[:me]):
            out[start + r] = amount / GOLD_SCALE

    def _influence_part(self, v: Mapping[str, Any], me: int, out: Out) -> None:
        influence = self.influence(v)
        start = self.s_influence
        for r, amount in enumerate(influence[me:] + influence[:me]):
            out[start + r] = amount / INFLUENCE_SCALE

    def _dice(self, v: Mapping[str, Any], me: int, out: Out) -> None:
        dice = v["dice"]
        base = self.s_dice - 1
        for r, face in enumerate(dice[me:] + dice[:me]):
            out[base + r * 6 + face] = 1.0

    def _redistribution(self, v: Mapping[str, Any], me: int, out: Out) -> None:
        redistribution = v["redistribution"]
        if redistribution:
            q, count = redistribution[0]
            out[self.s_redis_seat + self.rels[me][q]] = 1.0
            out[self.s_redis_tokens] = count / TOKENS_PER_PLAYER
            out[self.s_redis_queue] = len(redistribution) / self.sides

    def _places(self, v: Mapping[str, Any], me: int, out: Out) -> None:
        """The six Provinces face up on the circuit: which tile, and the gold on it."""
        slots, tile_gold = v["slots"], v["tile_gold"]
        for slot, tile in enumerate(slots):
            if tile >= 0:
                out[self.s_place_tile + slot * NUM_TILES + tile] = 1.0
                out[self.s_place_gold + slot] = tile_gold[tile] / GOLD_SCALE

    def _place_tokens(self, v: Mapping[str, Any], me: int, out: Out) -> None:
        """Each seat's influence tokens on each Province (the whole slice)."""
        start, stop = self.slices["places.tokens"]
        rows_ = v["tokens"] if me == 0 else [row[me:] + row[:me] for row in v["tokens"]]
        out[start:stop] = array(TYPECODE, [x / TOKENS_SCALE for row in rows_ for x in row])

    def _elected(self, v: Mapping[str, Any], me: int, out: Out) -> None:
        base = self.s_place_elected
        for slot, elected in enumerate(v["elected"]):
            if elected:
                out[base + slot] = 1.0

    def _refill(self, v: Mapping[str, Any], me: int, out: Out) -> None:
        for slot in v["refill_slots"]:
            out[self.s_place_refill + slot] = 1.0

    def _circuit(self, v: Mapping[str, Any], me: int, out: Out) -> None:
        """Each place's position in the electoral circuit."""
        for position, slot in enumerate(v["circuit"]):
            out[self.s_circuit + slot * NUM_SLOTS + position] = 1.0

    def _circuit_now(self, v: Mapping[str, Any], me: int, out: Out) -> None:
        """The place voting now (while Magistrates support and tokens are redistributed)."""
        circuit, pos = v["circuit"], v["circuit_pos"]
        if 0 <= pos < len(circuit) and v["phase"] in (phases.SUPPORT, phases.REDISTRIBUTE):
            out[self.s_circuit_now + circuit[pos]] = 1.0

    def _tiles(self, v: Mapping[str, Any], me: int, out: Out) -> None:
        """Every tile: who owns it, governed, discarded, its gold."""
        n, rel = self.sides, self.rels[me]
        owner, governed, discarded = v["tile_owner"], v["governed"], v["discarded"]
        base, s_governed, s_discarded, s_gold = self.s_tile_owner, self.s_governed, self.s_discarded, self.s_tile_gold
        for tile, gold in enumerate(v["tile_gold"]):
            q = owner[tile]
            if q >= 0:
                out[base + tile * n + rel[q]] = 1.0
            if governed[tile]:
                out[s_governed + tile] = 1.0
            if discarded[tile]:
                out[s_discarded + tile] = 1.0
            if gold:
                out[s_gold + tile] = gold / GOLD_SCALE

    def _pile(self, v: Mapping[str, Any], me: int, out: Out) -> None:
        """The tiles still in the face-down pile (a set: never its order)."""
        base = self.s_in_pile
        for tile in v["pile"]:
            out[base + tile] = 1.0

    def _offices(self, start: int, key: str) -> Writer:
        """Magistrates in each office (active or inactive), as a share of the office's seats (the
        whole slice)."""
        stop = start + NUM_OFFICES * self.sides
        office_seats = self.office_seats

        def write(v: Mapping[str, Any], me: int, out: Out) -> None:
            rows_ = v[key] if me == 0 else [row[me:] + row[:me] for row in v[key]]
            out[start:stop] = array(
                TYPECODE, [x / seats for seats, row in zip(office_seats, rows_, strict=True) for x in row]
            )

        return write


LIST_FIELDS = frozenset(
    (
        *("pile", "gold", "estate_tokens", "patricians", "passed", "gifted", "support", "support_done", "dice"),
        *("slots", "tokens", "elected", "tile_gold", "refill_slots", "circuit", "tile_owner", "governed", "discarded"),
        *("active", "inactive", "redistribution"),
    )
)
"""Of `PUBLIC_FIELDS`, those holding lists."""


def _copy_of(name: str) -> Callable[[Any], Any]:
    """How a tracker copies a public field: a list of lists, a list, or a number as it is."""
    return rows if name in ROW_FIELDS else shallow if name in LIST_FIELDS else same
