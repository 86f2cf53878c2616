"""Magistrate's observation encoder: one seat's view as a fixed-length list of floats.

A Magistrate view shows the whole table, the seat's own hand and secret evidence, and only the
sizes of the other hands, the other secret evidence and the deck; the encoder reads that view and
the fixed components (cards, provinces, Agent Ops cells), never the state. Seats are numbered from
the encoding seat's chair (relative seat 0 is "me", 1 the next seat, ...), so one learned policy
can play any seat; a spectator's view (seat None) is encoded from seat 0's chair with no hand.

Cards are encoded as counts over the deck list (card id = position in `deck.json`), never as
positions in a hidden order. Slices, with S seats, P = 12 provinces, C = 48 cards, K = 8 Agent Ops
cells, J = 3 Judges on a path of W = 10 spaces (lengths in docs/envs.md): `stage` 4, `phase` 6,
`to_act` S, `turn_player` S, `first_player` S, `counters` 9, `hand` C, `my_secret` C, `discard` C,
`hand_sizes` S, `secret_sizes` S, `vp` S, `soldiers` S*P, `stock_soldiers` S, `forts` P*S,
`stock_forts` S, `homes` P*S, `rings` S, `header` S, `agents.placed` S*K, `stock_agents` S,
`supply` S*3, `evidence` S*3, `stockpile` 3, `judges` J*W, `judges.scored` J, `judges.passed_home`
J, `ops_used` K, `most_at_start` P, `draws_owed` S, `battle.attacker` S, `battle.defender` S,
`battle.province` P, `battle.pot` 1, `last_battle.attacker` S, `last_battle.defender` S,
`last_battle.province` P, `last_battle.winner` S + 2 (a seat, both wiped out, abandoned).

The blocked Agent Ops cells are fixed by the player count and the income ledger is statistics of
the past, so neither is encoded.

`fill_state` is the RL layer's fast path: the same `encode` on `seen(state, seat)`, the
view's fields read from the state without copies (the seat's own hand and secret evidence, only
the sizes of the others and of the deck), proven equal to the view path and blind to re-dealt
hidden cards by tests/envs/test_fast_encoding.py.
"""

from __future__ import annotations

import struct
from collections.abc import Callable, Mapping
from itertools import chain
from typing import TYPE_CHECKING, Any

import numpy as np

from magnates.core.encoding import INF, Encoder
from magnates.core.native import read_fields
from magnates.games.magistrate.components import Components
from magnates.games.magistrate.phases import ACTIONS, INFLUENCE, MATERIAL, OVER, PHASES

if TYPE_CHECKING:
    from magnates.games.magistrate.position import Position

STAGES = (MATERIAL, ACTIONS, INFLUENCE, OVER)
SOLDIER_SCALE = 10.0
"""Soldiers in one province: a large army (each player owns 30 in all)."""
CUBE_SCALE = 10.0
"""Cubes of one colour in a supply or a Home (4 evidence cubes score 1 VP)."""
HAND_SCALE = 10.0
"""Cards in a hand or in secret evidence: a large holding (4 are dealt at the start)."""
VP_SCALE = 40.0
"""Victory points: a winning total is usually in the twenties or thirties."""
COUNTERS = (
    "round",
    "scoring_rounds",
    "removals",
    "placing",
    "flips_left",
    "material_left",
    "assigned",
    "deck_size",
    "turn",
)

PUBLIC_FIELDS = (
    "round",
    "first",
    "stage",
    "phase",
    "turn",
    "soldiers",
    "stock_soldiers",
    "forts",
    "stock_forts",
    "rings",
    "header",
    "placed",
    "stock_agents",
    "supply",
    "evidence",
    "stockpile",
    "discard",
    "judges",
    "scoring_rounds",
    "scored",
    "vp",
    "draws",
    "battle",
    "removals",
    "placing",
    "flips_left",
    "passed_home",
    "material_left",
    "ops_used",
    "assigned",
    "most_at_start",
    "last_battle",
)
"""The state's fields the encoder reads as they are: all on the table, in every seat's view."""


def per(scale: float) -> Callable[[float], float]:
    """Multiplication by 1/scale as a C-level callable, for `map` over a row (no Python frame per value)."""
    return (1.0 / scale).__mul__


class MagistrateEncoder(Encoder):
    """The encoder of one Magistrate option set (lengths depend on the player count)."""

    def __init__(self, comp: Components, players: int) -> None:
        super().__init__()
        self.sides = n = players
        self.provinces = p = len(comp.provinces)
        self.cards = c = len(comp.cards)
        self.cells = k = len(comp.cells)
        self.path = w = comp.path_spaces
        self.homes = comp.homes[players]
        self.round_scale = float(comp.round_limit)
        self.scoring_scale = float(comp.scoring_rounds_to_end)
        self.soldiers_total = float(comp.soldiers)
        self.forts_total = float(comp.forts)
        self.rings_total = float(comp.rings)
        self.agents_total = float(comp.agents)
        self.stockpile_total = float(comp.central_cubes)
        self.flips_scale = float(comp.flips_per_round)
        self.stage_index = {name: i for i, name in enumerate(STAGES)}
        add = self.layout.add
        self.s_stage = add("stage", len(STAGES))[0]
        self.s_phase = add("phase", len(PHASES))[0]
        self.s_to_act = add("to_act", n)[0]
        self.s_turn = add("turn_player", n)[0]
        self.s_first = add("first_player", n)[0]
        # every Judge passing Home in the last round scores: the count may pass the target by two
        most_scorings = (comp.scoring_rounds_to_end + 2) / self.scoring_scale
        self.s_counters = add("counters", len(COUNTERS), high=[1, most_scorings, 1, 1, 1, 1, 1, 1, 1])[0]
        self.s_hand = add("hand", c)[0]
        self.s_secret = add("my_secret", c)[0]
        self.s_discard = add("discard", c)[0]
        every_card = c / HAND_SCALE  # a hand, a secret pile or a debt of draws holds at most every card
        self.s_hand_sizes = add("hand_sizes", n, high=every_card)[0]
        self.s_secret_sizes = add("secret_sizes", n, high=every_card)[0]
        self.s_vp = add("vp", n, high=INF)[0]  # victory points have no cap in the rules
        self.s_soldiers = add("soldiers", n * p, high=self.soldiers_total / SOLDIER_SCALE)[0]
        self.s_stock_soldiers = add("stock_soldiers", n)[0]
        self.s_forts = add("forts", p * n)[0]
        self.s_stock_forts = add("stock_forts", n)[0]
        self.s_homes = add("homes", p * n)[0]
        self.s_rings = add("rings", n)[0]
        self.s_header = add("header", n)[0]
        self.s_placed = add("agents.placed", n * k, high=self.agents_total)[0]
        self.s_stock_agents = add("stock_agents", n)[0]
        self.s_supply = add("supply", n * 3, high=INF)[0]  # cubes gained by rules without a stated cap
        self.s_evidence = add("evidence", n * 3, high=INF)[0]
        self.s_stockpile = add("stockpile", 3)[0]
        self.s_judges = add("judges", 3 * w)[0]
        self.s_scored = add("judges.scored", 3, high=most_scorings)[0]
        self.s_passed = add("judges.passed_home", 3)[0]
        self.s_ops_used = add("ops_used", k)[0]
        self.s_most = add("most_at_start", p)[0]
        self.s_draws = add("draws_owed", n, high=every_card)[0]
        self.s_b_att = add("battle.attacker", n)[0]
        self.s_b_def = add("battle.defender", n)[0]
        self.s_b_prov = add("battle.province", p)[0]
        self.s_b_pot = add("battle.pot", 1, high=INF)[0]
        self.s_lb_att = add("last_battle.attacker", n)[0]
        self.s_lb_def = add("last_battle.defender", n)[0]
        self.s_lb_prov = add("last_battle.province", p)[0]
        self.s_lb_win = add("last_battle.winner", n + 2)[0]
        self.per_seat: tuple[tuple[int, str, Callable[[float], float]], ...] = (
            (self.s_hand_sizes, "hand_sizes", per(HAND_SCALE)),
            (self.s_secret_sizes, "secret_sizes", per(HAND_SCALE)),
            (self.s_vp, "vp", per(VP_SCALE)),
            (self.s_stock_soldiers, "stock_soldiers", per(self.soldiers_total)),
            (self.s_stock_forts, "stock_forts", per(self.forts_total)),
            (self.s_rings, "rings", per(self.rings_total)),
            (self.s_header, "header", per(self.agents_total)),
            (self.s_stock_agents, "stock_agents", per(self.agents_total)),
        )
        """Per-seat counts written as one rotated slice each: (start, view key, scaling)."""
        self.per_seat_rows: tuple[tuple[int, int, str, Callable[[float], float]], ...] = tuple(
            (*self.slices[name], key, per(scale))
            for name, key, scale in (
                ("soldiers", "soldiers", SOLDIER_SCALE),
                ("agents.placed", "placed", 1.0),
                ("supply", "supply", CUBE_SCALE),
                ("evidence", "evidence", CUBE_SCALE),
            )
        )
        """Per-seat rows, written as one slice of seat-major blocks: (start, stop, view key, scaling)."""
        self.rels = [[(q - me) % self.sides for q in range(self.sides)] for me in range(self.sides)]
        """Per chair: each seat's number seen from it (0 is the chair itself)."""
        self.home_ones = [[self.s_homes + home * n + rel[q] for q, home in enumerate(self.homes)] for rel in self.rels]
        self._pack_format = f"{self.size}d"
        """`struct` format of the vector as float64 (struct keeps its compiled form; a Struct would not pickle)."""

    def seen(self, state: Position, seat: int | None) -> dict[str, Any]:
        """What `encode` reads of `state.view(seat)`, taken from the state without copying: the
        table (`PUBLIC_FIELDS`), the sizes of every hand, secret evidence and the deck, and the
        seat's own hand and secret evidence only (None for a spectator). Hands are in the order
        held, not sorted as the view sorts them: the encoder counts cards, so order is not read."""
        seen = read_fields(state, PUBLIC_FIELDS)
        seen["you"] = seat
        seen["current_player"] = state.current_player()
        seen["deck_size"] = len(state.deck)
        seen["hand_sizes"] = [len(hand) for hand in state.hands]
        seen["secret_sizes"] = [len(held) for held in state.secret]
        seen["hand"] = None if seat is None else state.hands[seat]
        seen["my_secret"] = None if seat is None else state.secret[seat]
        return seen

    def fill_state(self, state: Position, seat: int | None, out: Any) -> None:
        """The fast path of `encode(state.view(seat))` into `out`, a float32 numpy array: the same
        encoding of `seen(state, seat)`, which spares the view's copies, and one packing of the
        list into the array (cheaper than numpy's conversion of a list). Proven equal to the view
        path, and blind to the hidden parts, by tests/envs/test_fast_encoding.py."""
        out[:] = np.frombuffer(struct.pack(self._pack_format, *self.encode_state(state, seat)), dtype=np.float64)

    def encode_state(self, state: Position, seat: int | None) -> list[float]:
        """`encode(state.view(seat))` read from the state (`seen`): the list `fill_state` writes,
        which the RL layer packs straight into a float32 array (`magnates.bots.observation`)."""
        return self.encode(self.seen(state, seat))

    def encode(self, view: Mapping[str, Any]) -> list[float]:
        out = [0.0] * self.layout.size
        n = self.sides
        seat = view["you"]
        me = seat if seat is not None and 0 <= seat < n else 0
        rel = self.rels[me]

        stage = view["stage"]
        out[self.s_stage + self.stage_index[stage]] = 1.0
        if stage == ACTIONS:
            out[self.s_phase + view["phase"]] = 1.0
        to_act = view["current_player"]
        if 0 <= to_act < n:
            out[self.s_to_act + rel[to_act]] = 1.0
        first = view["first"]
        out[self.s_turn + rel[(first + view["turn"]) % n]] = 1.0
        out[self.s_first + rel[first]] = 1.0
        base = self.s_counters
        out[base] = view["round"] / self.round_scale
        out[base + 1] = view["scoring_rounds"] / self.scoring_scale
        out[base + 2] = view["removals"] / self.rings_total
        out[base + 3] = 1.0 if view["placing"] else 0.0
        out[base + 4] = view["flips_left"] / self.flips_scale
        out[base + 5] = view["material_left"] / self.rings_total
        out[base + 6] = 1.0 if view["assigned"] else 0.0
        out[base + 7] = view["deck_size"] / self.cards
        out[base + 8] = view["turn"] / n

        hand = view["hand"]
        if hand is not None:
            base = self.s_hand
            for card in hand:
                out[base + card] += 1.0
            base = self.s_secret
            for card in view["my_secret"]:
                out[base + card] += 1.0
        base = self.s_discard
        for card in view["discard"]:
            out[base + card] += 1.0

        for start, key, times in self.per_seat:  # rotated so that "me" comes first, one slice each
            values = view[key]
            out[start : start + n] = map(times, values[me:] + values[:me])
        for start, stop, key, times in self.per_seat_rows:  # one block per seat, "me" first
            rows = view[key]
            out[start:stop] = map(times, chain.from_iterable(rows[me:] + rows[:me]))
        for at in self.home_ones[me]:  # where each seat's Home is: fixed by the player count
            out[at] = 1.0
        base = self.s_forts
        for province, q in enumerate(view["forts"]):
            if q >= 0:
                out[base + province * n + rel[q]] = 1.0
        stockpile = view["stockpile"]
        for colour in range(3):
            out[self.s_stockpile + colour] = stockpile[colour] / self.stockpile_total

        self._judges(view, out)
        base = self.s_ops_used
        for cell in view["ops_used"]:
            out[base + cell] = 1.0
        base = self.s_most
        for province in view["most_at_start"]:
            out[base + province] = 1.0
        for q, count in view["draws"]:
            out[self.s_draws + rel[q]] += count / HAND_SCALE
        battle = view["battle"]
        if battle:
            attacker, defender, province, pot = battle
            out[self.s_b_att + rel[attacker]] = 1.0
            out[self.s_b_def + rel[defender]] = 1.0
            out[self.s_b_prov + province] = 1.0
            out[self.s_b_pot] = pot / CUBE_SCALE
        last = view["last_battle"]
        if last:
            attacker, defender, province, winner = last
            out[self.s_lb_att + rel[attacker]] = 1.0
            out[self.s_lb_def + rel[defender]] = 1.0
            out[self.s_lb_prov + province] = 1.0
            # winner: a seat, -1 when both sides were wiped out, -2 when the battle was abandoned
            out[self.s_lb_win + (rel[winner] if winner >= 0 else n - 1 - winner)] = 1.0
        return out

    def _judges(self, view: Mapping[str, Any], out: list[float]) -> None:
        """Each Judge's space on the path, how often each has scored, who passed Home this round."""
        w = self.path
        for judge, space in enumerate(view["judges"]):
            out[self.s_judges + judge * w + space] = 1.0
        for judge in view["scored"]:
            out[self.s_scored + judge] += 1.0 / self.scoring_scale
        for judge in view["passed_home"]:
            out[self.s_passed + judge] += 1.0
