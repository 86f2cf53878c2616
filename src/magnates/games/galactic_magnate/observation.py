"""Galactic Magnate's observation encoder: one seat's view as a fixed-length list of floats.

Nothing in Galactic Magnate is hidden, so the view is the whole position; the encoder still reads
the view alone (never the state), as every encoder does. Seats are numbered from the encoding
seat's chair: relative seat 0 is "me", 1 the next seat clockwise, and so on, so one learned policy
can play any seat. A spectator's view (seat None) is encoded from seat 0's chair.

Money is divided by `MONEY_SCALE` (a little above the largest starting cash) and may go below zero
(debt) or above one (a rich player); counts are divided by their largest possible value. Slices,
with S seats, L = 40 locations, P = 31 properties, G = 8 monopolies, E Fortune events (lengths in
docs/envs.md): `phase` 10, `to_act` S, `turn_holder` S, `order` S*S (one-hot of each seat's place
in the playing order), `counters` 10, `event` E, `alive` S, `cash` S, `credit` S, `prison` S,
`position` S*L, `owner` P*S, `level` G, `auction.location` P, `auction.seller` S,
`auction.kind` 2 (bank sale or a player's sale), `auction.bid` 1, `auction.high` S, `auction.next` S,
`auction.in` S (seats still bidding), `trade_with` S, `offers.to` S*S, `offers.give` S*P,
`offers.take` S*P, `offers.money` S (offers are indexed by their maker, relative to me),
`draft.to` S, `draft.give` P, `draft.take` P, `draft.money` 1, `draft.steps_left` 1 (the offer the
turn holder is building, step by step, before proposing it).

Characters are names only in these rules (no effect on play) and the income ledger is statistics
of the past, so neither is encoded. The bank's balance is minus the sum of the cash, so it is left
out too.

The vector is written part by part (`parts()`, `magnates.core.incremental`): each part reads a few
of the view's fields and writes its own slices. `encode(view)` writes every part; the RL layer's
tracker reads the same fields from the state (offers without their texts, every seat's credit
from the board's ownership) and writes again only the parts whose fields changed, proven equal to
the view path by tests/envs/test_fast_encoding.py.
"""

from __future__ import annotations

from collections.abc import Mapping, MutableSequence
from typing import TYPE_CHECKING, Any

from magnates.core.encoding import INF, SEAT
from magnates.core.incremental import Field, Part, PartsEncoder, rows, same, shallow, write_parts
from magnates.games.galactic_magnate import trading
from magnates.games.galactic_magnate.board import BOARD_SIZE, EVENTS, GROUPS, PROPERTIES, TABLES, Tables
from magnates.games.galactic_magnate.phases import PHASE_NAMES
from magnates.games.galactic_magnate.views import bundles

if TYPE_CHECKING:
    from magnates.games.galactic_magnate.state import GalacticState

MONEY_SCALE = 5000.0
"""Cash, credit, bids and offer money: a little above the largest starting cash (3,900)."""
SALARY_SCALE = 500.0
"""Salary and, after the collapse, expenses: both start near 300 and drift slowly."""
DRAFT_STEPS_SCALE = float(trading.MAX_BUILD_STEPS)
"""Building steps left for the offer being built: at most `trading.MAX_BUILD_STEPS` (16)."""
COUNTERS = (
    "salary",
    "collapsed",
    "expenses",
    "doubles",
    "last_double",
    "auctioned",
    "offered",
    "rounds",
    "turns",
    "round_limit_near",
)
"""Scalars of the turn and the game; `rounds` is a fraction of the round limit."""
PUBLIC_FIELDS = (
    "phase",
    "order",
    "turn",
    "salary",
    "collapsed",
    "expenses",
    "doubles",
    "last_double",
    "auctioned",
    "offered",
    "rounds",
    "turns",
    "event",
    "alive",
    "cash",
    "prison",
    "pos",
    "owner",
    "level",
    "a_loc",
    "a_player",
    "a_bid",
    "a_seller",
    "a_high",
    "a_next",
    "a_out",
    "a_ring",
    "trade_with",
)
"""The state's fields the encoder reads as they are (nothing in Galactic Magnate is hidden)."""
LIST_FIELDS = frozenset(("order", "alive", "cash", "prison", "pos", "owner", "level", "a_out", "a_ring"))
"""Of `PUBLIC_FIELDS`, those holding lists of numbers (the others hold numbers)."""
OFFER_SOURCES = ("offer_to", "offer_give", "offer_take", "offer_money")
"""The state's fields the open offers are read from."""
DRAFT_SOURCES = ("trade_with", "draft_give", "draft_take", "draft_money", "draft_steps")
"""The state's fields the offer being built is read from."""

Out = MutableSequence[float]


OWNERS_MEMO = 4096
"""Distinct ownerships of the board whose credits and encodings an encoder remembers before starting afresh."""


class GalacticMagnateEncoder(PartsEncoder):
    """The encoder of one Galactic Magnate option set (lengths depend on the player count)."""

    def __init__(self, players: int, max_rounds: int, tables: Tables = TABLES) -> None:
        super().__init__()
        self.sides = sides = players
        self.max_rounds = float(max_rounds)
        self.prop_index = {loc: i for i, loc in enumerate(PROPERTIES)}
        props = len(PROPERTIES)
        self.prison_scale = float(tables.prison_turns)
        self.mortgages = tuple(tables.property_mortgages)
        self.level_scale = float(TABLES.max_upgrade_level)
        add = self.layout.add
        self.s_phase = add("phase", len(PHASE_NAMES))[0]
        self.s_to_act = add("to_act", sides, seats=(SEAT,))[0]
        self.s_turn_holder = add("turn_holder", sides, seats=(SEAT,))[0]
        self.s_order = add("order", sides * sides, seats=(SEAT, sides))[0]
        # salary, expenses and the turn count have no cap in the rules; the rest are flags and fractions
        self.s_counters = add("counters", len(COUNTERS), high=[INF, 1, INF, 1, 1, 1, 1, 1, INF, 1])[0]
        self.s_event = add("event", len(EVENTS))[0]
        self.s_alive = add("alive", sides, seats=(SEAT,))[0]
        self.s_cash = add("cash", sides, low=-INF, high=INF, seats=(SEAT,))[0]  # debt makes cash negative
        all_mortgages = sum(mortgage for _, mortgage in tables.property_mortgages) / MONEY_SCALE
        self.s_credit = add("credit", sides, high=all_mortgages, seats=(SEAT,))[0]  # at most every mortgage value
        self.s_prison = add("prison", sides, seats=(SEAT,))[0]
        self.s_pos = add("position", sides * BOARD_SIZE, seats=(SEAT, BOARD_SIZE))[0]
        self.s_owner = add("owner", props * sides, seats=(props, SEAT))[0]
        self.s_level = add("level", len(GROUPS))[0]
        self.s_a_loc = add("auction.location", props)[0]
        self.s_a_seller = add("auction.seller", sides, seats=(SEAT,))[0]
        self.s_a_kind = add("auction.kind", 2)[0]
        self.s_a_bid = add("auction.bid", 1, high=INF)[0]
        self.s_a_high = add("auction.high", sides, seats=(SEAT,))[0]
        self.s_a_next = add("auction.next", sides, seats=(SEAT,))[0]
        self.s_a_in = add("auction.in", sides, seats=(SEAT,))[0]
        self.s_trade_with = add("trade_with", sides, seats=(SEAT,))[0]
        self.s_off_to = add("offers.to", sides * sides, seats=(SEAT, SEAT))[0]
        self.s_off_give = add("offers.give", sides * props, seats=(SEAT, props))[0]
        self.s_off_take = add("offers.take", sides * props, seats=(SEAT, props))[0]
        self.s_off_money = add("offers.money", sides, low=-INF, high=INF, seats=(SEAT,))[0]  # signed: who pays whom
        self.s_draft_to = add("draft.to", sides, seats=(SEAT,))[0]
        self.s_draft_give = add("draft.give", props)[0]
        self.s_draft_take = add("draft.take", props)[0]
        self.s_draft_money = add("draft.money", 1, low=-INF, high=INF)[0]
        self.s_draft_steps = add("draft.steps_left", 1)[0]
        self.rels = [[(q - me) % self.sides for q in range(self.sides)] for me in range(self.sides)]
        """Per chair: each seat's number seen from it (0 is the chair itself)."""
        self._owned: dict[tuple[int, ...], tuple[list[int], list[list[int]]]] = {}
        """Who owns what (`owner` as a tuple) -> every seat's credit and, per chair, the positions of
        `owner` that hold 1: both pure functions of the owners, which change on few steps."""

    # -- the parts of the vector (magnates.core.incremental) ----------------------------------------
    def chair(self, seat: int | None) -> int:
        return seat if seat is not None and 0 <= seat < self.sides else 0

    def fields(self) -> tuple[Field, ...]:
        """The public fields as the state holds them, the deciding seat, every seat's credit (from
        the board's ownership), and the open offers and the offer being built as the view shows them
        (without their text, read again only when the fields they come from change)."""
        return (
            *(Field(name, shallow if name in LIST_FIELDS else same) for name in PUBLIC_FIELDS),
            Field("offer_to", shallow),
            Field("offer_give", rows),
            Field("offer_take", rows),
            Field("offer_money", shallow),
            Field("draft_give", shallow),
            Field("draft_take", shallow),
            Field("draft_money"),
            Field("draft_steps"),
            Field("decider", get=_deciding_seat),
            Field("credit", get=self._credit, after=("owner",)),
            Field("offers", get=_offers, after=OFFER_SOURCES),
            Field("draft", get=_draft, after=DRAFT_SOURCES),
        )

    def parts(self) -> tuple[Part, ...]:
        return (
            Part("phase", ("phase",), ("phase",), self._phase),
            Part("to_act", ("decider",), ("to_act",), self._to_act),
            Part("order", ("phase", "order", "turn"), ("turn_holder", "order"), self._order),
            Part("counters", COUNTER_FIELDS, ("counters",), self._counters, dense=True),
            Part("event", ("event",), ("event",), self._event),
            Part("players", ("alive", "pos"), ("alive", "position"), self._players),
            *(
                Part(key, (key,), (key,), self._seat_values(key, start, scale), dense=True)
                for key, start, scale in (
                    ("cash", self.s_cash, MONEY_SCALE),
                    ("credit", self.s_credit, MONEY_SCALE),
                    ("prison", self.s_prison, self.prison_scale),
                )
            ),
            Part("owner", ("owner",), ("owner",), self._owner),
            Part("level", ("level",), ("level",), self._level),
            Part(
                "auction",
                ("a_loc", "a_player", "a_bid", "a_seller", "a_high", "a_next", "a_out", "a_ring"),
                AUCTION_SLICES,
                self._auction,
            ),
            Part("trade_with", ("trade_with",), ("trade_with",), self._trade_with),
            Part("offers", ("offers",), ("offers.to", "offers.give", "offers.take", "offers.money"), self._offers),
            Part(
                "draft",
                ("draft",),
                ("draft.to", "draft.give", "draft.take", "draft.money", "draft.steps_left"),
                self._draft,
            ),
        )

    def _credit(self, state: GalacticState, seat: int | None) -> list[int]:
        return self._owners(state.owner)[0]

    def encode(self, view: Mapping[str, Any]) -> list[float]:
        out = [0.0] * self.layout.size
        write_parts(self._parts, view, self.chair(view["seat"]), out)
        return out

    # -- writing each part (`v`: the view, or the same fields read from the state) --------------------
    def _phase(self, v: Mapping[str, Any], me: int, out: Out) -> None:
        out[self.s_phase + v["phase"]] = 1.0

    def _to_act(self, v: Mapping[str, Any], me: int, out: Out) -> None:
        decider = v["decider"]
        if 0 <= decider < self.sides:
            out[self.s_to_act + self.rels[me][decider]] = 1.0

    def _order(self, v: Mapping[str, Any], me: int, out: Out) -> None:
        """The turn holder and each seat's place in the playing order (once the order is drawn)."""
        if PHASE_NAMES[v["phase"]] not in ("characters", "order"):
            n, rel, order = self.sides, self.rels[me], v["order"]
            out[self.s_turn_holder + rel[order[v["turn"]]]] = 1.0
            base = self.s_order
            for place, q in enumerate(order):
                out[base + rel[q] * n + place] = 1.0

    def _counters(self, v: Mapping[str, Any], me: int, out: Out) -> None:
        base = self.s_counters
        out[base] = v["salary"] / SALARY_SCALE
        out[base + 1] = 1.0 if v["collapsed"] else 0.0
        out[base + 2] = v["expenses"] / SALARY_SCALE
        out[base + 3] = v["doubles"] / 3.0
        out[base + 4] = 1.0 if v["last_double"] else 0.0
        out[base + 5] = 1.0 if v["auctioned"] else 0.0
        out[base + 6] = 1.0 if v["offered"] else 0.0
        rounds = v["rounds"]
        out[base + 7] = rounds / self.max_rounds
        out[base + 8] = v["turns"] / (self.sides * 100.0)
        out[base + 9] = 1.0 if self.max_rounds - rounds <= 1 else 0.0

    def _event(self, v: Mapping[str, Any], me: int, out: Out) -> None:
        event = v["event"]
        if event >= 0:
            out[self.s_event + event] = 1.0

    def _players(self, v: Mapping[str, Any], me: int, out: Out) -> None:
        """Who is still in the game, and where each of them stands."""
        rel, alive, pos = self.rels[me], v["alive"], v["pos"]
        for q in range(self.sides):
            if alive[q]:
                r = rel[q]
                out[self.s_alive + r] = 1.0
                out[self.s_pos + r * BOARD_SIZE + pos[q]] = 1.0

    def _seat_values(self, key: str, start: int, scale: float) -> Any:
        """A per-seat number divided by `scale`, rotated so that "me" comes first."""

        def write(v: Mapping[str, Any], me: int, out: Out) -> None:
            values = v[key]
            if me:
                values = values[me:] + values[:me]
            at = start
            for value in values:
                out[at] = value / scale
                at += 1

        return write

    def _owner(self, v: Mapping[str, Any], me: int, out: Out) -> None:
        for at in self._owners(v["owner"])[1][me]:
            out[at] = 1.0

    def _level(self, v: Mapping[str, Any], me: int, out: Out) -> None:
        base = self.s_level
        for g, level in enumerate(v["level"]):
            out[base + g] = level / self.level_scale

    def _auction(self, v: Mapping[str, Any], me: int, out: Out) -> None:
        """The property on auction, its seller, the kind of sale, the bid, and who still bids."""
        loc = v["a_loc"]
        if loc >= 0:
            rel = self.rels[me]
            out[self.s_a_loc + self.prop_index[loc]] = 1.0
            out[self.s_a_kind + (1 if v["a_player"] else 0)] = 1.0
            out[self.s_a_bid] = v["a_bid"] / MONEY_SCALE
            for q, name in ((v["a_seller"], self.s_a_seller), (v["a_high"], self.s_a_high)):
                if q >= 0:
                    out[name + rel[q]] = 1.0
            q = v["a_next"]
            if q >= 0:
                out[self.s_a_next + rel[q]] = 1.0
            a_out = v["a_out"]
            for q in v["a_ring"]:
                if not a_out[q]:
                    out[self.s_a_in + rel[q]] = 1.0

    def _trade_with(self, v: Mapping[str, Any], me: int, out: Out) -> None:
        q = v["trade_with"]
        if q >= 0:
            out[self.s_trade_with + self.rels[me][q]] = 1.0

    def _owners(self, owner: list[int]) -> tuple[list[int], list[list[int]]]:
        """Every seat's credit (as `economy.credits` sums it) and, per chair, the positions of the
        `owner` slice that hold 1, remembered by the owners (a property changes hands on few steps)."""
        key = tuple(owner)
        known = self._owned.get(key)
        if known is None:
            n = self.sides
            credit = [0] * n
            for loc, mortgage in self.mortgages:
                q = owner[loc]
                if q >= 0:
                    credit[q] += mortgage
            chairs = []
            for me in range(n):
                ones = []
                for p, loc in enumerate(PROPERTIES):
                    q = owner[loc]
                    if q >= 0:
                        ones.append(self.s_owner + p * n + (q - me) % n)
                chairs.append(ones)
            if len(self._owned) >= OWNERS_MEMO:
                self._owned.clear()
            known = self._owned[key] = (credit, chairs)
        return known

    def _offers(self, v: Mapping[str, Any], me: int, out: Out) -> None:
        """Open offers, each in the block of its maker: receiver, what changes hands, the money."""
        offers: list[Mapping[str, Any]] = v["offers"]
        rel = self.rels[me]
        n = self.sides
        props = len(self.prop_index)
        prop_index = self.prop_index
        for offer in offers:
            maker = rel[offer["from"]]
            to = offer["to"]
            if to >= 0:
                out[self.s_off_to + maker * n + rel[to]] = 1.0
            base = self.s_off_give + maker * props
            for loc in offer["give"]:
                out[base + prop_index[loc]] = 1.0
            base = self.s_off_take + maker * props
            for loc in offer["take"]:
                out[base + prop_index[loc]] = 1.0
            out[self.s_off_money + maker] = offer["money"] / MONEY_SCALE

    def _draft(self, v: Mapping[str, Any], me: int, out: Out) -> None:
        """The offer being built: its receiver, both bundles, the money and the steps still allowed."""
        draft: Mapping[str, Any] | None = v.get("draft")
        if not draft:
            return
        rel = self.rels[me]
        prop_index = self.prop_index
        to = draft["to"]
        if to >= 0:
            out[self.s_draft_to + rel[to]] = 1.0
        base = self.s_draft_give
        for loc in draft["give"]:
            out[base + prop_index[loc]] = 1.0
        base = self.s_draft_take
        for loc in draft["take"]:
            out[base + prop_index[loc]] = 1.0
        out[self.s_draft_money] = draft["money"] / MONEY_SCALE
        out[self.s_draft_steps] = draft.get("steps_left", 0) / DRAFT_STEPS_SCALE


COUNTER_FIELDS = COUNTERS[:-1]
"""The view's fields the `counters` slice is written from (`round_limit_near` comes from `rounds`)."""
AUCTION_SLICES = (
    "auction.location",
    "auction.seller",
    "auction.kind",
    "auction.bid",
    "auction.high",
    "auction.next",
    "auction.in",
)


def _deciding_seat(state: GalacticState, seat: int | None) -> int:
    return state.current_player()


def _offers(state: GalacticState, seat: int | None) -> list[dict[str, Any]]:
    """The open offers as the view shows them, without their text."""
    offers = []
    for offerer in range(state.n):
        offer = trading.open_offer(state, offerer)
        if offer is not None:
            offers.append({"from": offerer, **bundles(offer)})
    return offers


def _draft(state: GalacticState, seat: int | None) -> dict[str, Any] | None:
    """The offer being built as the view shows it (None when no trade is being built)."""
    if state.trade_with < 0:
        return None
    return {**bundles(trading.draft(state)), "steps_left": max(0, trading.MAX_BUILD_STEPS - state.draft_steps)}
