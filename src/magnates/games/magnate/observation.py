"""Magnate's observation encoder: one seat's view as a fixed-length list of floats.

Everything is seen from the seat's chair: sides are numbered relative to it (0 is the seat itself,
1 the next side round the table, ...), so one learned policy can play any seat. In the solo game
side 1 is the automa. The encoder reads the view alone (card names, district names, counts) and
the fixed data of the option set (which cards exist, their suits and ranks), so it encodes only
what the seat may know. A spectator's view (seat None) is encoded from side 0's chair with an empty
hand. `fill_state` is the RL layer's fast path: the same numbers read from the state's fields that
the view would hold, proven equal to `fill(view)` by tests/envs/test_fast_encoding.py.

Slices (names and lengths, documented in docs/envs.md), with C cards in play, D districts, S sides:
`phase` 9, `to_act` S, `turn_player` S, `dice_high` 10, `dice_low` 10, `taxed` 6, `counters` 9,
`pending_income` S + 6 + 1, `hand` C, `hand_sizes` S, `discard` C, `sold_card` C, `tokens` S*6,
`crowns` S*6, `lanes` D*S*C, `deeds` C, `deed_paid` D*S*6, `deed_missing` D*S (tokens a deed still needs),
`district_values` D*S, `district_leaders` D*S, `districts_led` S, `district_open` D*S.
"""

from __future__ import annotations

from collections.abc import Mapping, MutableSequence
from typing import TYPE_CHECKING, Any

import numpy as np

from magnates.core.encoding import INF, Encoder
from magnates.decktet import SUITS, Kind
from magnates.games.magnate.state import PHASE_NAMES

if TYPE_CHECKING:
    from magnates.games.magnate.game import MagnateGame
    from magnates.games.magnate.state import MagnateState

SUIT_NAMES = tuple(s.title for s in SUITS)
TOKEN_SCALE = 10.0  # a typical large holding of one suit
VALUE_SCALE = 30.0  # a strong district total
LANE_CACHE = 65_536  # lane values remembered by `fill_state` before the memo starts afresh
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


DistrictBlock = tuple[list[list[int]], list[int], list[list[int]], list[int], list[int], list[float], int]
"""One district as `fill_state` last saw it: its lanes, deed cards and deed payments as copied, then
what they encode from side 0's chair: the positions that hold 1, the other positions and their
values, and the leading side (-1: none)."""


class MagnateEncoder(Encoder):
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
        """A lane's developed cards -> its value (a pure function of the cards, for `fill_state`)."""
        if list(self.card_index.values()) != list(range(cards)) or tuple(self.phase_index) != PHASE_NAMES:
            raise ValueError("fill_state reads card ids and phase numbers as the encoder's indices")
        self.contested = [tuple(d.contested_by) for d in game.districts]
        self.hand_scale = float(config.cards_dealt)
        self.plays_scale = float(config.plays_per_turn)
        self.final_scale = float(config.players)
        self.crowns_total = float(len(deck.crowns))
        add = self.layout.add
        self.s_phase = add("phase", len(PHASE_NAMES))[0]
        self.s_to_act = add("to_act", sides)[0]
        self.s_turn_player = add("turn_player", sides)[0]
        self.s_dice_high = add("dice_high", 10)[0]
        self.s_dice_low = add("dice_low", 10)[0]
        self.s_taxed = add("taxed", 6, high=2.0)[0]  # two tax dice can name the same suit
        # exhaustions and the turn number have no cap in the rules; the rest are fractions of totals
        self.s_counters = add("counters", len(COUNTERS), high=[1.0, 1.0, 1.0, 1.0, INF, 1.0, 1.0, INF, 1.0])[0]
        self.s_pending = add("pending_income", sides + 6 + 1, high=[1.0] * (sides + 6) + [INF])[0]
        self.s_hand = add("hand", cards)[0]
        self.s_hand_sizes = add("hand_sizes", sides, high=cards / self.hand_scale)[0]  # at most every card
        self.s_discard = add("discard", cards)[0]
        self.s_sold = add("sold_card", cards)[0]
        self.s_tokens = add("tokens", sides * 6, high=INF)[0]  # the bank of tokens has no limit
        crowns_of_a_suit = max([sum(1 for c in deck.crowns if int(c.suits[0]) == s) for s in range(6)], default=0)
        self.s_crowns = add("crowns", sides * 6, high=float(max(crowns_of_a_suit, 1)))[0]
        self.s_lanes = add("lanes", districts * sides * cards)[0]
        self.s_deeds = add("deeds", cards)[0]
        deed_cost = max(self.develop_cost, default=0) / TOKEN_SCALE  # a deed is paid up to its cost
        self.s_deed_paid = add("deed_paid", districts * sides * 6, high=deed_cost)[0]
        self.s_deed_missing = add("deed_missing", districts * sides, high=deed_cost)[0]
        self.s_values = add("district_values", districts * sides, high=INF)[0]
        self.s_leaders = add("district_leaders", districts * sides)[0]
        self.s_led = add("districts_led", sides)[0]
        self.s_open = add("district_open", districts * sides)[0]
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
        self._blocks: list[DistrictBlock | None] = [None] * districts
        """Per district: what `fill_state` last made of it, and the public fields it came from."""
        self._seen: tuple[list[list[list[int]]], list[list[int]], list[list[list[int]]]] | None = None
        """Copies of `lanes`, `deed_card` and `deed_paid` as the blocks were last made from."""
        self._block_arrays: tuple[Any, Any, list[int]] = (
            np.zeros(0, dtype=np.intp),
            np.zeros(0, dtype=np.float32),
            [0] * sides,
        )
        """The districts' blocks joined as numpy arrays (positions from side 0's chair, their
        values) and how many districts each side leads; rebuilt when a district changes."""
        self._version = 0
        """Bumped each time the joined blocks are rebuilt (a chair's gathered copy is then stale)."""
        self._chair_arrays: list[tuple[int, Any, Any] | None] = [None] * sides
        """Per chair: `_chair_block(me)` as of `_version`."""
        self.chair_positions = [self._chair_positions(me) for me in range(sides)]
        """Per chair: a numpy map from a position seen from side 0's chair to the same number seen
        from this chair (only the side-indexed district slices move)."""
        self.open_positions = [np.array(ids, dtype=np.intp) for ids in self.open_ids]
        self.led_positions = np.arange(self.s_led, self.s_led + sides, dtype=np.intp)
        self.open_ones = [np.ones(len(ids), dtype=np.float32) for ids in self.open_ids]
        self.value_positions = np.array(
            [
                *range(self.s_counters, self.s_counters + len(COUNTERS)),
                *range(self.s_hand_sizes, self.s_hand_sizes + sides),
                *range(self.s_tokens, self.s_tokens + 6 * sides),
            ],
            dtype=np.intp,
        )
        """Where `fill_state` writes counters, hand sizes and tokens (chair order), in one write."""
        self._discard_seen: list[int] = []
        self._discard_at = np.zeros(0, dtype=np.intp)
        """The discard pile `fill_state` last saw, and the positions its cards set to 1."""

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

    def fill_state(self, state: MagnateState, seat: int | None, out: Any) -> None:
        """The fast path of `fill(state.view(seat), out)`: the same numbers, read from the state.

        It reads exactly the fields `view` exposes to `seat` (the seat's own hand, never another
        hand, the draw pile's order or the undealt Crowns), by card id instead of by name, which
        spares building the view. `out` is a zeroed float32 numpy array. One write per number into a
        numpy array costs more than the Python that computes it, so the numbers are gathered: the
        positions that hold 1 in one list (one fancy-index write), the contiguous slices (counters,
        tokens, Crowns, hand sizes) as one slice write each. The district slices, the largest
        part and one that changes on few steps (a card played, a deed paid), are remembered
        district by district with exact copies of the public fields they are made from (`lanes`,
        `deed_card`, `deed_paid`; see `_fill_districts`), so a step re-encodes only the district
        that changed, and none on most steps. `fill` on the view stays the reference: property
        tests (tests/envs/test_fast_encoding.py) prove the two equal for every seat of random
        states, visited in any order.
        """
        sides = self.sides
        me = seat if seat is not None and seat < sides else 0
        ones = [self.s_phase + state.phase, self.s_turn_player + (state.turn_player - me) % sides]
        to_act = state.current_player()
        if to_act >= 0:
            ones.append(self.s_to_act + (to_act - me) % sides)
        dice = state.dice
        if dice:
            ones.append(self.s_dice_high + dice[0] - 1)
            ones.append(self.s_dice_low + dice[1] - 1)
        final = state.final_turns_left
        chairs = self.chairs[me]  # the sides in chair order: me first
        hands, tokens = state.hands, state.tokens
        values = [  # counters, hand sizes and tokens: one write at `value_positions`
            state.plays_left / self.plays_scale,
            state.draws_left / self.hand_scale,
            state.tax_dice_left / 2.0,
            len(state.pile) / self.deck_size,
            float(state.exhaustions),
            0.0 if final < 0 else 1.0,
            0.0 if final < 0 else final / self.final_scale,
            state.turn_number / 100.0,
            len(state.crowns_to_deal) / self.crowns_total,
            *[len(hands[side]) / self.hand_scale for side in chairs],
            *[count / TOKEN_SCALE for side in chairs for count in tokens[side]],
        ]
        out[self.value_positions] = values
        if state.taxed:
            taxed = [0.0] * 6
            for suit in state.taxed:
                taxed[suit] += 1.0
            base = self.s_taxed
            out[base : base + 6] = taxed
        pending = state.pending_income
        if pending:
            player, card = pending[0]
            base = self.s_pending
            ones.append(base + (player - me) % sides)
            ones.extend([base + sides + suit for suit in self.card_suits[card]])
            out[base + sides + 6] = len(pending) / 4.0
        if state.sold_card >= 0:
            ones.append(self.s_sold + state.sold_card)
        discard = state.discard
        if discard:
            if discard != self._discard_seen:  # the discard pile only grows: remembered as an array
                self._discard_seen = discard[:]
                self._discard_at = np.array(discard, dtype=np.intp) + self.s_discard
            out[self._discard_at] = 1.0
        if seat is not None and seat < sides and state.hands[seat]:  # the seat's own hand: the one its view holds
            ones.extend(map(self.s_hand.__add__, state.hands[seat]))
        crowns = state.crowns
        if any(crowns):
            held = [0.0] * (6 * sides)
            crown_suit = self.crown_suit_by_id
            for rel, side in enumerate(chairs):
                for crown in crowns[side]:
                    held[6 * rel + crown_suit[crown]] += 1.0
            base = self.s_crowns
            out[base : base + 6 * sides] = held
        out[ones] = 1.0
        self._fill_districts(state, me, out)

    def _chair_positions(self, me: int) -> Any:
        """The map `chair_positions[me]`: identity, but for the district slices indexed by side."""
        sides, cards = self.sides, self.cards
        moved = np.arange(self.layout.size, dtype=np.intp)
        for d in range(self.n_districts):
            for side in range(sides):
                slot, rel_slot = d * sides + side, d * sides + (side - me) % sides
                for width, start in ((cards, self.s_lanes), (6, self.s_deed_paid), (1, self.s_deed_missing)):
                    moved[start + slot * width : start + (slot + 1) * width] = np.arange(
                        start + rel_slot * width, start + (rel_slot + 1) * width
                    )
                for start in (self.s_values, self.s_leaders):
                    moved[start + slot] = start + rel_slot
        return moved

    def _fill_districts(self, state: MagnateState, me: int, out: Any) -> None:
        """The district slices of `fill_state`. Each district's numbers are remembered with an exact
        copy of the public fields they are made from (its lanes, deed cards and deed payments) and
        made again only when those differ, from side 0's chair; `chair_positions` turns them to
        the seat's chair in one numpy gather, itself remembered per chair until a district changes.
        While nothing changed (most steps: a draw, a roll, an income choice) two writes suffice."""
        lanes, deed_card, deed_paid = state.lanes, state.deed_card, state.deed_paid
        seen = self._seen
        if seen is None or seen[0] != lanes or seen[1] != deed_card or seen[2] != deed_paid:
            self._refresh_districts(state)
        chair = self._chair_arrays[me]
        if chair is None or chair[0] != self._version:
            chair = self._chair_arrays[me] = self._chair_block(me)
        out[chair[1]] = chair[2]

    def _refresh_districts(self, state: MagnateState) -> None:
        """Make again the blocks of the districts that changed, and join them (side 0's chair)."""
        lanes, deed_card, deed_paid = state.lanes, state.deed_card, state.deed_paid
        blocks = self._blocks
        joined: list[DistrictBlock] = []
        for d, block in enumerate(blocks):
            if block is None or block[0] != lanes[d] or block[1] != deed_card[d] or block[2] != deed_paid[d]:
                block = blocks[d] = self._district_block(state, d)
            joined.append(block)
        at: list[int] = []
        values_at: list[float] = []
        led = [0] * self.sides
        for block in joined:
            at.extend(block[3])  # the positions that hold 1 ...
            values_at.extend([1.0] * len(block[3]))
            at.extend(block[4])  # ... and the others
            values_at.extend(block[5])
            if block[6] >= 0:
                led[block[6]] += 1
        self._seen = ([row[0] for row in joined], [row[1] for row in joined], [row[2] for row in joined])
        self._block_arrays = (np.array(at, dtype=np.intp), np.array(values_at, dtype=np.float32), led)
        self._version += 1

    def _chair_block(self, me: int) -> tuple[int, Any, Any]:
        """The joined district block seen from chair `me`, with the open districts and the districts
        led: (version, positions, values)."""
        at, values, led = self._block_arrays
        n_districts = float(self.n_districts)
        led_values = [led[side] / n_districts for side in self.chairs[me]]
        return (
            self._version,
            np.concatenate((self.chair_positions[me][at], self.open_positions[me], self.led_positions)),
            np.concatenate((values, self.open_ones[me], np.array(led_values, dtype=np.float32))),
        )

    def _district_block(self, state: MagnateState, d: int) -> DistrictBlock:
        """District `d` encoded from side 0's chair, with copies of the fields it is made from."""
        sides, cards = self.sides, self.cards
        row, deeds, paid_row = state.lanes[d], state.deed_card[d], state.deed_paid[d]
        ones: list[int] = []
        at: list[int] = []
        values_at: list[float] = []
        leader = -1
        if any(row):  # an empty district: no card, no value, no leader
            score_rank, masks = self.score_rank, self.suit_mask
            official_aces, is_ace, develop_cost = self.official_aces, self.is_ace, self.develop_cost
            lane_totals = self._lane_totals
            values = [0] * sides
            for side, lane in enumerate(row):
                if not lane:
                    continue
                slot = d * sides + side
                ones.extend(map((self.s_lanes + slot * cards).__add__, lane))
                deed = deeds[side]
                developed = lane
                if deed in lane:
                    ones.append(self.s_deeds + deed)
                    paid = paid_row[side]
                    pbase = self.s_deed_paid + slot * 6
                    at.extend(range(pbase, pbase + 6))
                    values_at.extend([got / TOKEN_SCALE for got in paid])
                    at.append(self.s_deed_missing + slot)
                    values_at.append((develop_cost[deed] - sum(paid)) / TOKEN_SCALE)
                    developed = [card for card in lane if card != deed]
                key = tuple(developed)
                total = lane_totals.get(key, -1)
                if total < 0:
                    total = 0
                    for card in developed:
                        if official_aces and is_ace[card]:
                            bit = masks[card]
                            total += sum(1 for other in developed if masks[other] & bit)
                        else:
                            total += score_rank[card]
                    if len(lane_totals) > LANE_CACHE:
                        lane_totals.clear()
                    lane_totals[key] = total
                values[side] = total
                at.append(self.s_values + slot)
                values_at.append(total / VALUE_SCALE)
            best = max(values)
            if best > 0 and values.count(best) == 1:
                leader = values.index(best)
                ones.append(self.s_leaders + d * sides + leader)
        return ([lane[:] for lane in row], deeds[:], [paid[:] for paid in paid_row], ones, at, values_at, leader)

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
