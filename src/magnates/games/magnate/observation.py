"""Magnate's observation encoder: one seat's view as a fixed-length list of floats.

Everything is seen from the seat's chair: sides are numbered relative to it (0 is the seat itself,
1 the next side round the table, ...), so one learned policy can play any seat. In the solo game
side 1 is the automa. The encoder reads the view alone (card names, district names, counts) and
the fixed data of the option set (which cards exist, their suits and ranks), so it encodes only
what the seat may know. A spectator's view (seat None) is encoded from side 0's chair with an empty
hand. The RL layer's fast path is a tracker (`magnates.core.incremental`): the vector in parts, each
written from the state's fields that the view would hold (by card id instead of by name), and
written again only when those fields change; proven equal to `fill(view)` by
tests/envs/test_fast_encoding.py.

Slices (names and lengths, documented in docs/envs.md), with C cards in play, D districts, S sides:
`phase` 9, `to_act` S, `turn_player` S, `dice_high` 10, `dice_low` 10, `taxed` 6, `counters` 9,
`pending_income` S + 6 + 1, `hand` C, `hand_sizes` S, `discard` C, `sold_card` C, `tokens` S*6,
`crowns` S*6, `lanes` D*S*C, `deeds` C, `deed_paid` D*S*6, `deed_missing` D*S (tokens a deed still needs),
`district_values` D*S, `district_leaders` D*S, `districts_led` S, `district_open` D*S.
"""

from __future__ import annotations

import weakref
from array import array
from collections.abc import Mapping, MutableSequence
from typing import TYPE_CHECKING, Any

from magnates.core.encoding import INF, SEAT
from magnates.core.incremental import TYPECODE, Field, Part, PartsEncoder, maybe_shallow, rows, shallow
from magnates.decktet import SUITS, Kind
from magnates.games.magnate.state import PHASE_NAMES

if TYPE_CHECKING:
    from magnates.games.magnate.game import MagnateGame
    from magnates.games.magnate.state import MagnateState

SUIT_NAMES = tuple(s.title for s in SUITS)
TOKEN_SCALE = 10.0  # a typical large holding of one suit
VALUE_SCALE = 30.0  # a strong district total
LANE_CACHE = 65_536  # lane values remembered by the tracker before the memo starts afresh
COUNTERS = (
    "plays_left",
    "draws_left",
    "tax_dice_left",
    "draw_pile",
    "exhaustions",
    "final_turns",
    "final_turns_left",
    "turn",
    "crowns_to_deal",
)


Out = MutableSequence[float]


class MagnateEncoder(PartsEncoder):
    """The encoder of one Magnate option set (the slices' lengths depend on it)."""

    def __init__(self, game: MagnateGame) -> None:
        super().__init__()
        config = game.config
        deck = game.deck
        self.sides = sides = config.sides
        self.cards = cards = len(deck)
        self.n_districts = districts = len(game.districts)
        self.deck_size = float(cards)
        self.card_index = dict(game.card_index)
        self.district_index = {d.name: i for i, d in enumerate(game.districts)}
        self.phase_index = {name: i for i, name in enumerate(PHASE_NAMES)}
        self.score_rank = list(deck.score_rank)
        self.suit_mask = list(deck.mask)
        self.card_suits = [tuple(int(s) for s in c.suits) for c in deck.cards]
        self.develop_cost = list(deck.develop_cost)
        self.official_aces = config.aces == "official"
        self.is_ace = [c.kind is Kind.ACE for c in deck.cards]
        self.crown_suit = {c.label: int(c.suits[0]) for c in deck.crowns}
        self.crown_suit_by_id = [self.crown_suit[label] for label in game.crown_labels]
        self._lane_totals: dict[tuple[int, ...], int] = {}
        """A lane's developed cards -> its value (a pure function of the cards, for the tracker)."""
        if list(self.card_index.values()) != list(range(cards)) or tuple(self.phase_index) != PHASE_NAMES:
            raise ValueError("the tracker reads card ids and phase numbers as the encoder's indices")
        self.contested = [tuple(d.contested_by) for d in game.districts]
        self.hand_scale = float(config.cards_dealt)
        self.plays_scale = float(config.plays_per_turn)
        self.final_scale = float(config.players)
        self.crowns_total = float(len(deck.crowns))
        add = self.layout.add
        self.s_phase = add("phase", len(PHASE_NAMES))[0]
        self.s_to_act = add("to_act", sides, seats=(SEAT,))[0]
        self.s_turn_player = add("turn_player", sides, seats=(SEAT,))[0]
        self.s_dice_high = add("dice_high", 10)[0]
        self.s_dice_low = add("dice_low", 10)[0]
        self.s_taxed = add("taxed", 6, high=2.0)[0]  # two tax dice can name the same suit
        # exhaustions and the turn number have no cap in the rules; the rest are fractions of totals
        self.s_counters = add("counters", len(COUNTERS), high=[1.0, 1.0, 1.0, 1.0, INF, 1.0, 1.0, INF, 1.0])[0]
        self.s_pending = add("pending_income", sides + 6 + 1, high=[1.0] * (sides + 6) + [INF], seats=(SEAT,))[0]
        self.s_hand = add("hand", cards)[0]
        # a hand holds at most every card
        self.s_hand_sizes = add("hand_sizes", sides, high=cards / self.hand_scale, seats=(SEAT,))[0]
        self.s_discard = add("discard", cards)[0]
        self.s_sold = add("sold_card", cards)[0]
        self.s_tokens = add("tokens", sides * 6, high=INF, seats=(SEAT, 6))[0]  # the bank of tokens has no limit
        crowns_of_a_suit = max([sum(1 for c in deck.crowns if int(c.suits[0]) == s) for s in range(6)], default=0)
        self.s_crowns = add("crowns", sides * 6, high=float(max(crowns_of_a_suit, 1)), seats=(SEAT, 6))[0]
        self.s_lanes = add("lanes", districts * sides * cards, seats=(districts, SEAT, cards))[0]
        self.s_deeds = add("deeds", cards)[0]
        deed_cost = max(self.develop_cost, default=0) / TOKEN_SCALE  # a deed is paid up to its cost
        self.s_deed_paid = add("deed_paid", districts * sides * 6, high=deed_cost, seats=(districts, SEAT, 6))[0]
        self.s_deed_missing = add("deed_missing", districts * sides, high=deed_cost, seats=(districts, SEAT))[0]
        self.s_values = add("district_values", districts * sides, high=INF, seats=(districts, SEAT))[0]
        self.s_leaders = add("district_leaders", districts * sides, seats=(districts, SEAT))[0]
        self.s_led = add("districts_led", sides, seats=(SEAT,))[0]
        self.s_open = add("district_open", districts * sides, seats=(districts, SEAT))[0]
        self.open_ids = [
            [
                self.s_open + d * sides + (side - me) % sides
                for d, sides_in in enumerate(self.contested)
                for side in sides_in
            ]
            for me in range(sides)
        ]
        """Per chair: the `district_open` entries that are 1 (which sides may build where is fixed)."""
        self.chairs = [[(me + rel) % sides for rel in range(sides)] for me in range(sides)]
        """Per chair: the sides in relative order (the chair's own side first)."""
        self._kept: dict[int, _Kept] = {}
        """Per tracker buffer (by its id, dropped when the buffer goes): what the districts' and tokens'
        parts wrote into it and from which fields (`_Kept`). Each tracker has its own, so trackers of
        this encoder (one per observer, in any thread) never disturb each other's."""
        self._last: tuple[Any, _Kept | None] = (None, None)
        """The buffer asked for last and its `_Kept` (one tuple, so a thread reads both as one)."""
        self._lane_at = [
            [
                (
                    self.s_lanes + (d * sides + side) * cards,
                    self.s_deeds,
                    self.s_deed_paid + (d * sides + side) * 6,
                    self.s_deed_missing + d * sides + side,
                    self.s_values + d * sides + side,
                )
                for side in range(sides)
            ]
            for d in range(districts)
        ]
        """Per district and side, where in the vector its lane's numbers go: its cards (plus the
        card's id), the deeds (plus the card's id), its deed's payments, what the deed still needs,
        its value."""
        self._district_zeros = array(TYPECODE, bytes(4 * (self.s_led + sides - self.s_lanes)))
        """The district slices (`lanes` to `districts_led`, end to end) as zeros."""

    def __getstate__(self) -> dict[str, Any]:
        """Pickled without what trackers' buffers hold (a buffer is not pickled with the encoder)."""
        return {**super().__getstate__(), "_kept": {}, "_last": (None, None)}

    def _kept_for(self, out: Out) -> _Kept:
        """What the districts' and tokens' parts keep for this buffer (made empty on its first use).
        A buffer that cannot be weakly referenced (a plain list) gets a fresh one each call."""
        last_out, kept = self._last
        if last_out is out and kept is not None:
            return kept
        key = id(out)
        kept = self._kept.get(key)
        if kept is None:
            kept = _Kept(self)
            try:
                weakref.finalize(out, self._kept.pop, key, None)
            except TypeError:
                return kept
            self._kept[key] = kept
        self._last = (out, kept)
        return kept

    def encode(self, view: Mapping[str, Any]) -> list[float]:
        out = [0.0] * self.layout.size
        self.fill(view, out)
        return out

    def fill(self, view: Mapping[str, Any], out: MutableSequence[float]) -> None:
        """Write the encoding into `out`, a zeroed sequence of `size` floats (a list, or an array
        the RL layer owns, which spares it a copy: most of the vector stays zero)."""
        sides = self.sides
        seat = view["seat"]
        me = seat if seat is not None and seat < sides else 0
        card_index = self.card_index

        out[self.s_phase + self.phase_index[view["phase"]]] = 1.0
        to_act = view["to_act"]
        if to_act is not None:
            out[self.s_to_act + (to_act - me) % sides] = 1.0
        out[self.s_turn_player + (view["turn_player"] - me) % sides] = 1.0
        dice = view["dice"]
        if dice:
            out[self.s_dice_high + dice[0] - 1] = 1.0
            out[self.s_dice_low + dice[1] - 1] = 1.0
        base = self.s_taxed
        for suit in view["taxed"]:
            out[base + SUIT_NAMES.index(suit)] += 1.0
        base = self.s_counters
        final = view["final_turns_left"]
        out[base] = view["plays_left"] / self.plays_scale
        out[base + 1] = view["draws_left"] / self.hand_scale
        out[base + 2] = view["tax_dice_left"] / 2.0
        out[base + 3] = view["draw_pile"] / self.deck_size
        out[base + 4] = float(view["exhaustions"])
        out[base + 5] = 0.0 if final is None else 1.0
        out[base + 6] = 0.0 if final is None else final / self.final_scale
        out[base + 7] = view["turn"] / 100.0
        out[base + 8] = view["crowns_to_deal"] / self.crowns_total
        pending = view["pending_income"]
        if pending:
            first = pending[0]
            base = self.s_pending
            out[base + (first["player"] - me) % sides] = 1.0
            for suit in self.card_suits[card_index[first["card"]]]:
                out[base + sides + suit] = 1.0
            out[base + sides + 6] = len(pending) / 4.0
        sold = view["sold_card"]
        if sold is not None:
            out[self.s_sold + card_index[sold]] = 1.0
        base = self.s_discard
        for label in view["discard"]:
            out[base + card_index[label]] = 1.0

        for side, info in enumerate(view["sides"]):
            rel = (side - me) % sides
            out[self.s_hand_sizes + rel] = info["hand_size"] / self.hand_scale
            tokens = info["tokens"]
            base = self.s_tokens + rel * 6
            out[base : base + 6] = [tokens[name] / TOKEN_SCALE for name in SUIT_NAMES]
            base = self.s_crowns + rel * 6
            crown_suit = self.crown_suit
            for label in info["crowns"]:
                out[base + crown_suit[label]] += 1.0
            if side == seat and info["hand"] is not None:
                base = self.s_hand
                for label in info["hand"]:
                    out[base + card_index[label]] = 1.0

        self._districts(view["districts"], me, out)

    # -- the tracked fast path (magnates.core.incremental) --------------------------------------------
    def chair(self, seat: int | None) -> int:
        return seat if seat is not None and 0 <= seat < self.sides else 0

    def fields(self) -> tuple[Field, ...]:
        """The state's fields that every view shows (cards by id), the deciding side, the sizes of
        the draw pile, the Crowns still to deal and every hand, and the seat's own hand only (the
        draw pile's order, the undealt Crowns and the other hands are never read)."""
        return (
            *(Field(name) for name in ("phase", "turn_player", "dice", "plays_left", "draws_left", "tax_dice_left")),
            *(Field(name) for name in ("exhaustions", "final_turns_left", "turn_number", "sold_card")),
            Field("taxed", shallow),
            Field("pending_income", shallow),
            Field("discard", shallow),
            Field("tokens", kept=False),  # compared side by side with `_Kept.tokens_seen` by the tokens' part
            Field("crowns", rows),
            Field("lanes", kept=False),  # compared lane by lane with `_seen` by the districts' part
            Field("deed_card", kept=False),
            Field("deed_paid", kept=False),
            Field("to_act", get=_deciding_side),
            Field("draw_pile", get=_draw_pile_size),
            Field("crowns_left", get=_crowns_left),
            Field("hand_sizes", get=_hand_sizes),
            Field("hand", maybe_shallow, get=_own_hand, private=True),
        )

    def parts(self) -> tuple[Part, ...]:
        counters = ("plays_left", "draws_left", "tax_dice_left", "draw_pile", "exhaustions", "final_turns_left")
        district_slices = ("lanes", "deeds", "deed_paid", "deed_missing", "district_values", "district_leaders")
        return (
            Part("phase", ("phase",), ("phase",), self._phase),
            Part("to_act", ("to_act",), ("to_act",), self._to_act),
            Part("turn_player", ("turn_player",), ("turn_player",), self._turn_player),
            Part("dice", ("dice",), ("dice_high", "dice_low"), self._dice),
            Part("taxed", ("taxed",), ("taxed",), self._taxed),
            Part("counters", (*counters, "turn_number", "crowns_left"), ("counters",), self._counters, dense=True),
            Part("pending_income", ("pending_income",), ("pending_income",), self._pending),
            Part("sold_card", ("sold_card",), ("sold_card",), self._sold),
            Part("discard", ("discard",), ("discard",), self._discard),
            Part("hand", ("hand",), ("hand",), self._hand),
            Part("hand_sizes", ("hand_sizes",), ("hand_sizes",), self._hand_sizes, dense=True),
            Part("tokens", ("tokens",), ("tokens",), self._tokens, dense=True),
            Part("crowns", ("crowns",), ("crowns",), self._crowns),
            Part(
                "districts",
                ("lanes", "deed_card", "deed_paid"),
                (*district_slices, "districts_led"),
                self._districts_part,
                dense=True,
            ),
            Part("district_open", (), ("district_open",), self._open),
        )

    # -- writing each part from the state's fields (`v`), as `fill` writes it from the view -------------
    def _phase(self, v: Mapping[str, Any], me: int, out: Out) -> None:
        out[self.s_phase + v["phase"]] = 1.0

    def _to_act(self, v: Mapping[str, Any], me: int, out: Out) -> None:
        to_act = v["to_act"]
        if to_act >= 0:
            out[self.s_to_act + (to_act - me) % self.sides] = 1.0

    def _turn_player(self, v: Mapping[str, Any], me: int, out: Out) -> None:
        out[self.s_turn_player + (v["turn_player"] - me) % self.sides] = 1.0

    def _dice(self, v: Mapping[str, Any], me: int, out: Out) -> None:
        dice = v["dice"]
        if dice:
            out[self.s_dice_high + dice[0] - 1] = 1.0
            out[self.s_dice_low + dice[1] - 1] = 1.0

    def _taxed(self, v: Mapping[str, Any], me: int, out: Out) -> None:
        base = self.s_taxed
        for suit in v["taxed"]:
            out[base + suit] += 1.0

    def _counters(self, v: Mapping[str, Any], me: int, out: Out) -> None:
        base = self.s_counters
        final = v["final_turns_left"]
        out[base] = v["plays_left"] / self.plays_scale
        out[base + 1] = v["draws_left"] / self.hand_scale
        out[base + 2] = v["tax_dice_left"] / 2.0
        out[base + 3] = v["draw_pile"] / self.deck_size
        out[base + 4] = float(v["exhaustions"])
        out[base + 5] = 0.0 if final < 0 else 1.0
        out[base + 6] = 0.0 if final < 0 else final / self.final_scale
        out[base + 7] = v["turn_number"] / 100.0
        out[base + 8] = v["crowns_left"] / self.crowns_total

    def _pending(self, v: Mapping[str, Any], me: int, out: Out) -> None:
        pending = v["pending_income"]
        if pending:
            sides, base = self.sides, self.s_pending
            player, card = pending[0]
            out[base + (player - me) % sides] = 1.0
            for suit in self.card_suits[card]:
                out[base + sides + suit] = 1.0
            out[base + sides + 6] = len(pending) / 4.0

    def _sold(self, v: Mapping[str, Any], me: int, out: Out) -> None:
        if v["sold_card"] >= 0:
            out[self.s_sold + v["sold_card"]] = 1.0

    def _discard(self, v: Mapping[str, Any], me: int, out: Out) -> None:
        base = self.s_discard
        for card in v["discard"]:
            out[base + card] = 1.0

    def _hand(self, v: Mapping[str, Any], me: int, out: Out) -> None:
        """The seat's own hand: the one its view holds (a spectator's: none)."""
        hand = v["hand"]
        if hand:
            base = self.s_hand
            for card in hand:
                out[base + card] = 1.0

    def _hand_sizes(self, v: Mapping[str, Any], me: int, out: Out) -> None:
        base, scale, sizes = self.s_hand_sizes, self.hand_scale, v["hand_sizes"]
        for rel, side in enumerate(self.chairs[me]):
            out[base + rel] = sizes[side] / scale

    def _tokens(self, v: Mapping[str, Any], me: int, out: Out) -> None:
        """Every side's tokens, from side 0's chair: a side's six numbers are written again only when
        its tokens differ from the buffer's copy of them (`_Kept.tokens_seen`; most steps change one
        side's)."""
        if me != 0:
            raise ValueError("Magnate's tokens part is written from side 0's chair only")
        seen = self._kept_for(out).tokens_seen
        base = self.s_tokens
        for side, row in enumerate(v["tokens"]):
            if row != seen[side]:
                at = base + 6 * side
                for count in row:
                    out[at] = count / TOKEN_SCALE
                    at += 1
                seen[side] = row[:]

    def _crowns(self, v: Mapping[str, Any], me: int, out: Out) -> None:
        crowns, crown_suit = v["crowns"], self.crown_suit_by_id
        for rel, side in enumerate(self.chairs[me]):
            base = self.s_crowns + 6 * rel
            for crown in crowns[side]:
                out[base + crown_suit[crown]] += 1.0

    def _open(self, v: Mapping[str, Any], me: int, out: Out) -> None:
        """Where each side may build: fixed by the option set."""
        for index in self.open_ids[me]:
            out[index] = 1.0

    def _districts_part(self, v: Mapping[str, Any], me: int, out: Out) -> None:
        """Every district, from side 0's chair (the tracker's chair for everything it shares between
        seats), kept in the buffer lane by lane: each lane's numbers are remembered with exact
        copies of what they are made from (its cards, its deed, the deed's payments, in
        `_Kept.seen`) and written again only when those differ, so a step that plays one card
        rewrites one lane. A buffer's first call zeroes the district slices (`lanes` to
        `districts_led`, end to end) and writes every lane. The tracker hands this part the three
        fields at every step without copies of its own (`Field.kept`): `_Kept.seen` is the one
        copy, compared whole first."""
        if me != 0:
            raise ValueError("Magnate's district part is written from side 0's chair only")
        kept = self._kept_for(out)
        if not kept.zeroed:
            out[self.s_lanes : self.s_led + self.sides] = self._district_zeros
            kept.zeroed = True
        lanes, deed_card, deed_paid = v["lanes"], v["deed_card"], v["deed_paid"]
        seen_lanes, seen_deeds, seen_paid = kept.seen
        if lanes != seen_lanes or deed_card != seen_deeds or deed_paid != seen_paid:
            for d, (row, deeds, paid_row, seen_row, seen_drow, seen_prow) in enumerate(
                zip(lanes, deed_card, deed_paid, seen_lanes, seen_deeds, seen_paid, strict=True)
            ):
                if seen_row == row and seen_drow == deeds and seen_prow == paid_row:
                    continue
                values_changed = False
                for side, lane in enumerate(row):
                    if seen_row[side] != lane or seen_drow[side] != deeds[side]:
                        self._lane(kept, out, d, side, lane, deeds[side], paid_row[side])
                        values_changed = True
                    elif seen_prow[side] != paid_row[side]:  # only payments into its deed: its value stays
                        self._payments(kept, out, d, side, lane, deeds[side], paid_row[side])
                if values_changed:
                    self._lead(kept, out, d)

    def _lane(self, kept: _Kept, out: Out, d: int, side: int, lane: list[int], deed: int, paid: list[int]) -> None:
        """Side `side`'s lane in district `d` written again into the buffer `out` (its cards, its
        deed's payments and what it still needs, its value; and the deeds shown), over what its
        copies in `kept.seen` wrote, and those copies made anew."""
        deeds_held = kept.deeds_held
        first, deeds_at, paid_at, missing_at, value_at = self._lane_at[d][side]
        seen_lanes, seen_deeds, seen_paid = kept.seen
        seen_row, seen_drow, seen_prow = seen_lanes[d], seen_deeds[d], seen_paid[d]
        before, shown = seen_row[side], seen_drow[side]
        for card in before:
            out[first + card] = 0.0
        if before:
            out[value_at] = 0.0
        if shown in before:
            deeds_held[shown] -= 1
            if not deeds_held[shown]:
                out[deeds_at + shown] = 0.0
            out[paid_at : paid_at + 6] = array(TYPECODE, bytes(24))
            out[missing_at] = 0.0
        for card in lane:
            out[first + card] = 1.0
        developed = lane
        if deed in lane:
            deeds_held[deed] += 1
            out[deeds_at + deed] = 1.0
            self._write_paid(out, paid_at, missing_at, deed, paid)
            developed = [card for card in lane if card != deed]
        total = self._lane_value(developed)
        kept.lane_values[d][side] = total
        if lane:
            out[value_at] = total / VALUE_SCALE
        seen_row[side], seen_drow[side], seen_prow[side] = lane[:], deed, paid[:]

    def _payments(self, kept: _Kept, out: Out, d: int, side: int, lane: list[int], deed: int, paid: list[int]) -> None:
        """Side `side`'s lane in district `d`, whose cards and deed are as `kept.seen` has them, with
        new payments into its deed: the payments and what the deed still needs written again."""
        if deed in lane:
            _first, _deeds_at, paid_at, missing_at, _value_at = self._lane_at[d][side]
            self._write_paid(out, paid_at, missing_at, deed, paid)
        kept.seen[2][d][side] = paid[:]

    def _write_paid(self, out: Out, paid_at: int, missing_at: int, deed: int, paid: list[int]) -> None:
        """A deed's payments, and what it still needs, written into the buffer."""
        at = paid_at
        for got in paid:
            out[at] = got / TOKEN_SCALE
            at += 1
        out[missing_at] = (self.develop_cost[deed] - sum(paid)) / TOKEN_SCALE

    def _lane_value(self, developed: list[int]) -> int:
        """The value of a lane's developed cards (remembered in `_lane_totals`: a pure function of
        the cards)."""
        key = tuple(developed)
        total = self._lane_totals.get(key, -1)
        if total >= 0:
            return total
        total = 0
        masks, is_ace = self.suit_mask, self.is_ace
        for card in developed:
            if self.official_aces and is_ace[card]:
                bit = masks[card]
                total += sum(1 for other in developed if masks[other] & bit)
            else:
                total += self.score_rank[card]
        if len(self._lane_totals) > LANE_CACHE:
            self._lane_totals.clear()
        self._lane_totals[key] = total
        return total

    def _lead(self, kept: _Kept, out: Out, d: int) -> None:
        """District `d`'s leader (the one side with the highest value above 0) written again into
        the buffer `out`, with how many districts each side leads."""
        values = kept.lane_values[d]
        best = max(values)
        leader = values.index(best) if best > 0 and values.count(best) == 1 else -1
        before = kept.leaders[d]
        if leader == before:
            return
        led, sides = kept.led, self.sides
        for side, step, mark in ((before, -1, 0.0), (leader, 1, 1.0)):
            if side >= 0:
                out[self.s_leaders + d * sides + side] = mark
                led[side] += step
                out[self.s_led + side] = led[side] / self.n_districts
        kept.leaders[d] = leader

    def _districts(self, districts: list[dict[str, Any]], me: int, out: MutableSequence[float]) -> None:
        sides, cards = self.sides, self.cards
        card_index, score_rank, masks = self.card_index, self.score_rank, self.suit_mask
        leaders_count = [0] * sides
        for index in self.open_ids[me]:
            out[index] = 1.0
        s_lanes, s_deeds, s_deed_paid, s_values = self.s_lanes, self.s_deeds, self.s_deed_paid, self.s_values
        official_aces, is_ace = self.official_aces, self.is_ace
        for d, district in enumerate(districts):
            values = [0] * sides
            for side, lane in enumerate(district["lanes"]):
                if not lane:
                    continue
                rel = (side - me) % sides
                slot = d * sides + rel
                base = s_lanes + slot * cards
                developed: list[int] = []
                for entry in lane:
                    card = card_index[entry["card"]]
                    out[base + card] = 1.0
                    if entry["deed"]:
                        out[s_deeds + card] = 1.0
                        paid = [entry["paid"][name] for name in SUIT_NAMES]
                        pbase = s_deed_paid + slot * 6
                        out[pbase : pbase + 6] = [got / TOKEN_SCALE for got in paid]
                        out[self.s_deed_missing + slot] = (self.develop_cost[card] - sum(paid)) / TOKEN_SCALE
                    else:
                        developed.append(card)
                total = 0
                for card in developed:
                    if official_aces and is_ace[card]:
                        bit = masks[card]
                        total += sum(1 for other in developed if masks[other] & bit)
                    else:
                        total += score_rank[card]
                values[rel] = total
                out[s_values + slot] = total / VALUE_SCALE
            best = max(values)
            if best > 0 and values.count(best) == 1:
                leader = values.index(best)
                out[self.s_leaders + d * sides + leader] = 1.0
                leaders_count[leader] += 1
        for rel, count in enumerate(leaders_count):
            out[self.s_led + rel] = count / float(self.n_districts)


def _deciding_side(state: MagnateState, seat: int | None) -> int:
    return state.current_player()


def _draw_pile_size(state: MagnateState, seat: int | None) -> int:
    return len(state.pile)


def _crowns_left(state: MagnateState, seat: int | None) -> int:
    return len(state.crowns_to_deal)


def _hand_sizes(state: MagnateState, seat: int | None) -> list[int]:
    return list(map(len, state.hands))


def _own_hand(state: MagnateState, seat: int | None) -> list[int] | None:
    """The seat's own hand (a spectator, or the solo game's automa side: none)."""
    return state.hands[seat] if seat is not None and 0 <= seat < len(state.hands) else None


class _Kept:
    """What Magnate's districts' and tokens' parts keep for one tracker buffer: exact copies of the
    fields its district slices (side 0's chair) were last written from, what those slices hold
    (lane values, leaders), and whether they have been zeroed yet; and a copy of each side's tokens
    as the buffer shows them. At first every district is empty (which encodes as nothing) and no
    side's tokens are written."""

    def __init__(self, encoder: MagnateEncoder) -> None:
        sides, districts = encoder.sides, encoder.n_districts
        self.seen: tuple[list[list[list[int]]], list[list[int]], list[list[Any]]] = (
            [[[] for _ in range(sides)] for _ in range(districts)],
            [[-1] * sides for _ in range(districts)],
            [[None] * sides for _ in range(districts)],
        )
        """Copies of every district's lanes, deed cards and deed payments as the buffer shows them
        (shaped as the state's `lanes`, `deed_card` and `deed_paid`)."""
        self.zeroed = False
        """Whether the buffer's district slices have been zeroed, so that they show `seen`."""
        self.lane_values = [[0] * sides for _ in range(districts)]
        """Per district and side: its lane's value."""
        self.leaders = [-1] * districts
        """Per district: the side that leads it (-1: none)."""
        self.deeds_held = [0] * encoder.cards
        """Per card: how many lanes show it as a deed (one at most, in any one state)."""
        self.led = [0] * sides
        """Per side: how many districts it leads."""
        self.tokens_seen: list[list[int] | None] = [None] * sides
        """Per side: a copy of its tokens as the buffer shows them (None: not written yet)."""
