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

`fill_state` is the RL layer's fast path: the same `encode` on `seen(state, seat)`, the
view's numbers read from the state without its copies and offer texts, proven equal to the view
path by tests/envs/test_fast_encoding.py.
"""

from __future__ import annotations

import struct
from collections.abc import Mapping
from typing import TYPE_CHECKING, Any

import numpy as np

from magnates.core.encoding import INF, Encoder
from magnates.core.native import read_fields
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


OWNERS_MEMO = 4096
"""Distinct ownerships of the board whose credits and encodings an encoder remembers before starting afresh."""


class GalacticMagnateEncoder(Encoder):
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
        self.s_to_act = add("to_act", sides)[0]
        self.s_turn_holder = add("turn_holder", sides)[0]
        self.s_order = add("order", sides * sides)[0]
        # salary, expenses and the turn count have no cap in the rules; the rest are flags and fractions
        self.s_counters = add("counters", len(COUNTERS), high=[INF, 1, INF, 1, 1, 1, 1, 1, INF, 1])[0]
        self.s_event = add("event", len(EVENTS))[0]
        self.s_alive = add("alive", sides)[0]
        self.s_cash = add("cash", sides, low=-INF, high=INF)[0]  # debt makes cash negative
        all_mortgages = sum(mortgage for _, mortgage in tables.property_mortgages) / MONEY_SCALE
        self.s_credit = add("credit", sides, high=all_mortgages)[0]  # at most every mortgage value
        self.s_prison = add("prison", sides)[0]
        self.s_pos = add("position", sides * BOARD_SIZE)[0]
        self.s_owner = add("owner", props * sides)[0]
        self.s_level = add("level", len(GROUPS))[0]
        self.s_a_loc = add("auction.location", props)[0]
        self.s_a_seller = add("auction.seller", sides)[0]
        self.s_a_kind = add("auction.kind", 2)[0]
        self.s_a_bid = add("auction.bid", 1, high=INF)[0]
        self.s_a_high = add("auction.high", sides)[0]
        self.s_a_next = add("auction.next", sides)[0]
        self.s_a_in = add("auction.in", sides)[0]
        self.s_trade_with = add("trade_with", sides)[0]
        self.s_off_to = add("offers.to", sides * sides)[0]
        self.s_off_give = add("offers.give", sides * props)[0]
        self.s_off_take = add("offers.take", sides * props)[0]
        self.s_off_money = add("offers.money", sides, low=-INF, high=INF)[0]  # signed: who pays whom
        self.s_draft_to = add("draft.to", sides)[0]
        self.s_draft_give = add("draft.give", props)[0]
        self.s_draft_take = add("draft.take", props)[0]
        self.s_draft_money = add("draft.money", 1, low=-INF, high=INF)[0]
        self.s_draft_steps = add("draft.steps_left", 1)[0]
        self.rels = [[(q - me) % self.sides for q in range(self.sides)] for me in range(self.sides)]
        """Per chair: each seat's number seen from it (0 is the chair itself)."""
        self._pack_format = f"{self.size}d"
        """`struct` format of the vector as float64 (struct keeps its compiled form; a Struct would not pickle)."""
        self._owned: dict[tuple[int, ...], tuple[list[int], list[list[int]]]] = {}
        """Who owns what (`owner` as a tuple) -> every seat's credit and, per chair, the positions of
        `owner` that hold 1: both pure functions of the owners, which change on few steps."""

    def seen(self, state: GalacticState, seat: int | None) -> dict[str, Any]:
        """What `encode` reads of `state.view(seat)`, taken from the state without copying: the
        fields in `PUBLIC_FIELDS`, the deciding seat, every seat's credit, and the open offers and
        the offer being built as the view shows them (without their text)."""
        seen = read_fields(state, PUBLIC_FIELDS)
        seen["seat"] = seat
        seen["decider"] = state.current_player()
        seen["credit"] = self._owners(state.owner)[0]
        offers = []
        for offerer in range(state.n):
            offer = trading.open_offer(state, offerer)
            if offer is not None:
                offers.append({"from": offerer, **bundles(offer)})
        seen["offers"] = offers
        seen["draft"] = None
        if state.trade_with >= 0:
            seen["draft"] = {
                **bundles(trading.draft(state)),
                "steps_left": max(0, trading.MAX_BUILD_STEPS - state.draft_steps),
            }
        return seen

    def fill_state(self, state: GalacticState, seat: int | None, out: Any) -> None:
        """The fast path of `encode(state.view(seat))` into `out`, a float32 numpy array: the same
        encoding of `seen(state, seat)`, which spares the view's copies and offer texts, and one
        packing of the list into the array (cheaper than numpy's conversion of a list). Proven
        equal to the view path by tests/envs/test_fast_encoding.py."""
        out[:] = np.frombuffer(struct.pack(self._pack_format, *self.encode_state(state, seat)), dtype=np.float64)

    def encode_state(self, state: GalacticState, seat: int | None) -> list[float]:
        """`encode(state.view(seat))` read from the state (`seen`): the list `fill_state` writes,
        which the RL layer packs straight into a float32 array (`magnates.bots.observation`)."""
        return self.encode(self.seen(state, seat))

    def encode(self, view: Mapping[str, Any]) -> list[float]:
        out = [0.0] * self.layout.size
        n = self.sides
        seat = view["seat"]
        me = seat if seat is not None and 0 <= seat < n else 0
        rel = self.rels[me]
        prop_index = self.prop_index
        phase = view["phase"]

        out[self.s_phase + phase] = 1.0
        decider = view["decider"]
        if 0 <= decider < n:
            out[self.s_to_act + rel[decider]] = 1.0
        order = view["order"]
        if PHASE_NAMES[phase] not in ("characters", "order"):
            out[self.s_turn_holder + rel[order[view["turn"]]]] = 1.0
            base = self.s_order
            for place, q in enumerate(order):
                out[base + rel[q] * n + place] = 1.0
        base = self.s_counters
        out[base] = view["salary"] / SALARY_SCALE
        out[base + 1] = 1.0 if view["collapsed"] else 0.0
        out[base + 2] = view["expenses"] / SALARY_SCALE
        out[base + 3] = view["doubles"] / 3.0
        out[base + 4] = 1.0 if view["last_double"] else 0.0
        out[base + 5] = 1.0 if view["auctioned"] else 0.0
        out[base + 6] = 1.0 if view["offered"] else 0.0
        rounds = view["rounds"]
        out[base + 7] = rounds / self.max_rounds
        out[base + 8] = view["turns"] / (n * 100.0)
        out[base + 9] = 1.0 if self.max_rounds - rounds <= 1 else 0.0
        event = view["event"]
        if event >= 0:
            out[self.s_event + event] = 1.0

        alive, cash, credit, prison, pos = view["alive"], view["cash"], view["credit"], view["prison"], view["pos"]
        for q in range(n):
            r = rel[q]
            if alive[q]:
                out[self.s_alive + r] = 1.0
                out[self.s_pos + r * BOARD_SIZE + pos[q]] = 1.0
            out[self.s_cash + r] = cash[q] / MONEY_SCALE
            out[self.s_credit + r] = credit[q] / MONEY_SCALE
            out[self.s_prison + r] = prison[q] / self.prison_scale

        for at in self._owners(view["owner"])[1][me]:
            out[at] = 1.0
        base = self.s_level
        for g, level in enumerate(view["level"]):
            out[base + g] = level / self.level_scale

        loc = view["a_loc"]
        if loc >= 0:
            out[self.s_a_loc + prop_index[loc]] = 1.0
            out[self.s_a_kind + (1 if view["a_player"] else 0)] = 1.0
            out[self.s_a_bid] = view["a_bid"] / MONEY_SCALE
            for q, name in ((view["a_seller"], self.s_a_seller), (view["a_high"], self.s_a_high)):
                if q >= 0:
                    out[name + rel[q]] = 1.0
            q = view["a_next"]
            if q >= 0:
                out[self.s_a_next + rel[q]] = 1.0
            a_out = view["a_out"]
            for q in view["a_ring"]:
                if not a_out[q]:
                    out[self.s_a_in + rel[q]] = 1.0
        q = view["trade_with"]
        if q >= 0:
            out[self.s_trade_with + rel[q]] = 1.0
        self._offers(view["offers"], rel, out)
        draft = view.get("draft")
        if draft:
            self._draft(draft, rel, out)
        return out

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

    def _offers(self, offers: list[Mapping[str, Any]], rel: list[int], out: list[float]) -> None:
        """Open offers, each in the block of its maker: receiver, what changes hands, the money."""
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

    def _draft(self, draft: Mapping[str, Any], rel: list[int], out: list[float]) -> None:
        """The offer being built: its receiver, both bundles, the money and the steps still allowed."""
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
