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

The vector is written part by part (`parts()`, `magnates.core.incremental`): each part reads a few
of the view's fields and writes its own slices. `encode(view)` writes every part; the RL layer's
tracker reads the same fields from the state (the seat's own hand and secret evidence, only the
sizes of the others and of the deck) and writes again only the parts whose fields changed since
that seat's last vector, proven equal to the view path and blind to re-dealt hidden cards by
tests/envs/test_fast_encoding.py.
"""

from __future__ import annotations

from array import array
from collections.abc import Mapping, MutableSequence
from typing import Any

from magnates.core.encoding import INF, SEAT
from magnates.core.incremental import (
    TYPECODE,
    Field,
    Part,
    PartsEncoder,
    Writer,
    maybe_shallow,
    rows,
    same,
    seat_counts,
    shallow,
    write_parts,
)
from magnates.games.magistrate.components import Components
from magnates.games.magistrate.phases import ACTIONS, INFLUENCE, MATERIAL, OVER, PHASES
from magnates.games.magistrate.position import FIELDS, Position

Out = MutableSequence[float]

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

COUNTER_FIELDS = ("round", "scoring_rounds", "removals", "placing", "flips_left", "material_left", "assigned")
"""The table's fields the `counters` slice is written from (with the deck's size and the turn)."""
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


def per(scale: float) -> float:
    """The factor a count is multiplied by (1/scale: the same float64 product in every path)."""
    return 1.0 / scale


class MagistrateEncoder(PartsEncoder):
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
        self.s_to_act = add("to_act", n, seats=(SEAT,))[0]
        self.s_turn = add("turn_player", n, seats=(SEAT,))[0]
        self.s_first = add("first_player", n, seats=(SEAT,))[0]
        # every Judge passing Home in the last round scores: the count may pass the target by two
        most_scorings = (comp.scoring_rounds_to_end + 2) / self.scoring_scale
        self.s_counters = add("counters", len(COUNTERS), high=[1, most_scorings, 1, 1, 1, 1, 1, 1, 1])[0]
        self.s_hand = add("hand", c)[0]
        self.s_secret = add("my_secret", c)[0]
        self.s_discard = add("discard", c)[0]
        every_card = c / HAND_SCALE  # a hand, a secret pile or a debt of draws holds at most every card
        self.s_hand_sizes = add("hand_sizes", n, high=every_card, seats=(SEAT,))[0]
        self.s_secret_sizes = add("secret_sizes", n, high=every_card, seats=(SEAT,))[0]
        self.s_vp = add("vp", n, high=INF, seats=(SEAT,))[0]  # victory points have no cap in the rules
        self.s_soldiers = add("soldiers", n * p, high=self.soldiers_total / SOLDIER_SCALE, seats=(SEAT, p))[0]
        self.s_stock_soldiers = add("stock_soldiers", n, seats=(SEAT,))[0]
        self.s_forts = add("forts", p * n, seats=(p, SEAT))[0]
        self.s_stock_forts = add("stock_forts", n, seats=(SEAT,))[0]
        self.s_homes = add("homes", p * n, seats=(p, SEAT))[0]
        self.s_rings = add("rings", n, seats=(SEAT,))[0]
        self.s_header = add("header", n, seats=(SEAT,))[0]
        self.s_placed = add("agents.placed", n * k, high=self.agents_total, seats=(SEAT, k))[0]
        self.s_stock_agents = add("stock_agents", n, seats=(SEAT,))[0]
        self.s_supply = add("supply", n * 3, high=INF, seats=(SEAT, 3))[0]  # cubes gained by rules without a stated cap
        self.s_evidence = add("evidence", n * 3, high=INF, seats=(SEAT, 3))[0]
        self.s_stockpile = add("stockpile", 3)[0]
        self.s_judges = add("judges", 3 * w)[0]
        self.s_scored = add("judges.scored", 3, high=most_scorings)[0]
        self.s_passed = add("judges.passed_home", 3)[0]
        self.s_ops_used = add("ops_used", k)[0]
        self.s_most = add("most_at_start", p)[0]
        self.s_draws = add("draws_owed", n, high=every_card, seats=(SEAT,))[0]
        self.s_b_att = add("battle.attacker", n, seats=(SEAT,))[0]
        self.s_b_def = add("battle.defender", n, seats=(SEAT,))[0]
        self.s_b_prov = add("battle.province", p)[0]
        self.s_b_pot = add("battle.pot", 1, high=INF)[0]
        self.s_lb_att = add("last_battle.attacker", n, seats=(SEAT,))[0]
        self.s_lb_def = add("last_battle.defender", n, seats=(SEAT,))[0]
        self.s_lb_prov = add("last_battle.province", p)[0]
        self.s_lb_win = add("last_battle.winner", n + 2, seats=(SEAT,))[0]
        self.per_seat: tuple[tuple[int, str, float], ...] = (
            (self.s_hand_sizes, "hand_sizes", per(HAND_SCALE)),
            (self.s_secret_sizes, "secret_sizes", per(HAND_SCALE)),
            (self.s_vp, "vp", per(VP_SCALE)),
            (self.s_stock_soldiers, "stock_soldiers", per(self.soldiers_total)),
            (self.s_stock_forts, "stock_forts", per(self.forts_total)),
            (self.s_rings, "rings", per(self.rings_total)),
            (self.s_header, "header", per(self.agents_total)),
            (self.s_stock_agents, "stock_agents", per(self.agents_total)),
        )
        """Per-seat counts written as one rotated slice each: (start, view key, factor)."""
        self.per_seat_rows: tuple[tuple[int, int, str, float], ...] = tuple(
            (*self.slices[name], key, per(scale))
            for name, key, scale in (
                ("soldiers", "soldiers", SOLDIER_SCALE),
                ("agents.placed", "placed", 1.0),
                ("supply", "supply", CUBE_SCALE),
                ("evidence", "evidence", CUBE_SCALE),
            )
        )
        """Per-seat rows, written as one slice of seat-major blocks: (start, stop, view key, factor)."""
        self.rels = [[(q - me) % self.sides for q in range(self.sides)] for me in range(self.sides)]
        """Per chair: each seat's number seen from it (0 is the chair itself)."""
        self.home_ones = [[self.s_homes + home * n + rel[q] for q, home in enumerate(self.homes)] for rel in self.rels]

    # -- the parts of the vector (magnates.core.incremental) ----------------------------------------
    def chair(self, seat: int | None) -> int:
        return seat if seat is not None and 0 <= seat < self.sides else 0

    def fields(self) -> tuple[Field, ...]:
        """The view's fields the parts read: the table as the state holds it (`FIELDS` gives each
        one's nesting), the deciding seat, the sizes of every hand, secret evidence and the deck, and
        the seat's own hand and secret evidence only (None for a spectator)."""
        copies = {0: same, 1: shallow, 2: rows}
        return (
            *(Field(name, copies[depth]) for name, depth in FIELDS if name in PUBLIC_FIELDS),
            Field("current_player", get=_deciding_seat),
            Field("deck_size", get=_deck_size),
            Field("hand_sizes", get=_hand_sizes),
            Field("secret_sizes", get=_secret_sizes),
            Field("hand", maybe_shallow, get=_own_hand, private=True),
            Field("my_secret", maybe_shallow, get=_own_secret, private=True),
        )

    def parts(self) -> tuple[Part, ...]:
        per_seat = [
            Part(name, (name,), (name,), seat_counts(name, start, start + self.sides, factor), dense=True)
            for start, name, factor in self.per_seat
        ]
        per_seat_rows = [
            Part(name, (key,), (name,), self._seat_rows(start, stop, key, factor), dense=True)
            for (name, (start, stop, key, factor)) in zip(
                ("soldiers", "agents.placed", "supply", "evidence"), self.per_seat_rows, strict=True
            )
        ]
        return (
            Part("stage", ("stage", "phase"), ("stage", "phase"), self._stage),
            Part("to_act", ("current_player",), ("to_act",), self._to_act),
            Part("turn", ("first", "turn"), ("turn_player", "first_player"), self._turn),
            Part(
                "counters",
                (*COUNTER_FIELDS, "deck_size", "turn"),
                ("counters",),
                self._counters,
                dense=True,
            ),
            Part("hand", ("hand", "my_secret"), ("hand", "my_secret"), self._hand),
            Part("discard", ("discard",), ("discard",), self._discard),
            *per_seat,
            *per_seat_rows,
            Part("homes", (), ("homes",), self._homes),
            Part("forts", ("forts",), ("forts",), self._forts),
            Part("stockpile", ("stockpile",), ("stockpile",), self._stockpile),
            Part(
                "judges",
                ("judges", "scored", "passed_home"),
                ("judges", "judges.scored", "judges.passed_home"),
                self._judges,
            ),
            Part("ops_used", ("ops_used",), ("ops_used",), self._ops_used),
            Part("most_at_start", ("most_at_start",), ("most_at_start",), self._most_at_start),
            Part("draws", ("draws",), ("draws_owed",), self._draws),
            Part(
                "battle",
                ("battle",),
                ("battle.attacker", "battle.defender", "battle.province", "battle.pot"),
                self._battle,
            ),
            Part(
                "last_battle",
                ("last_battle",),
                ("last_battle.attacker", "last_battle.defender", "last_battle.province", "last_battle.winner"),
                self._last_battle,
            ),
        )

    def encode(self, view: Mapping[str, Any]) -> list[float]:
        out = [0.0] * self.layout.size
        write_parts(self._parts, view, self.chair(view["you"]), out)
        return out

    # -- writing each part (`v`: the view, or the same fields read from the state) --------------------
    def _stage(self, v: Mapping[str, Any], me: int, out: Out) -> None:
        stage = v["stage"]
        out[self.s_stage + self.stage_index[stage]] = 1.0
        if stage == ACTIONS:
            out[self.s_phase + v["phase"]] = 1.0

    def _to_act(self, v: Mapping[str, Any], me: int, out: Out) -> None:
        to_act = v["current_player"]
        if 0 <= to_act < self.sides:
            out[self.s_to_act + self.rels[me][to_act]] = 1.0

    def _turn(self, v: Mapping[str, Any], me: int, out: Out) -> None:
        rel, first = self.rels[me], v["first"]
        out[self.s_turn + rel[(first + v["turn"]) % self.sides]] = 1.0
        out[self.s_first + rel[first]] = 1.0

    def _counters(self, v: Mapping[str, Any], me: int, out: Out) -> None:
        base = self.s_counters
        out[base] = v["round"] / self.round_scale
        out[base + 1] = v["scoring_rounds"] / self.scoring_scale
        out[base + 2] = v["removals"] / self.rings_total
        out[base + 3] = 1.0 if v["placing"] else 0.0
        out[base + 4] = v["flips_left"] / self.flips_scale
        out[base + 5] = v["material_left"] / self.rings_total
        out[base + 6] = 1.0 if v["assigned"] else 0.0
        out[base + 7] = v["deck_size"] / self.cards
        out[base + 8] = v["turn"] / self.sides

    def _hand(self, v: Mapping[str, Any], me: int, out: Out) -> None:
        hand = v["hand"]
        if hand is not None:
            base = self.s_hand
            for card in hand:
                out[base + card] += 1.0
            base = self.s_secret
            for card in v["my_secret"]:
                out[base + card] += 1.0

    def _discard(self, v: Mapping[str, Any], me: int, out: Out) -> None:
        base = self.s_discard
        for card in v["discard"]:
            out[base + card] += 1.0

    def _seat_rows(self, start: int, stop: int, key: str, factor: float) -> Writer:
        """A per-seat row of counts, one block per seat, "me" first, each multiplied by `factor`."""

        def write(v: Mapping[str, Any], me: int, out: Out) -> None:
            rows_ = v[key]
            if me:
                rows_ = rows_[me:] + rows_[:me]
            out[start:stop] = array(TYPECODE, [count * factor for row in rows_ for count in row])

        return write

    def _homes(self, v: Mapping[str, Any], me: int, out: Out) -> None:
        for at in self.home_ones[me]:  # where each seat's Home is: fixed by the player count
            out[at] = 1.0

    def _forts(self, v: Mapping[str, Any], me: int, out: Out) -> None:
        base, n, rel = self.s_forts, self.sides, self.rels[me]
        for province, q in enumerate(v["forts"]):
            if q >= 0:
                out[base + province * n + rel[q]] = 1.0

    def _stockpile(self, v: Mapping[str, Any], me: int, out: Out) -> None:
        stockpile = v["stockpile"]
        for colour in range(3):
            out[self.s_stockpile + colour] = stockpile[colour] / self.stockpile_total

    def _ops_used(self, v: Mapping[str, Any], me: int, out: Out) -> None:
        base = self.s_ops_used
        for cell in v["ops_used"]:
            out[base + cell] = 1.0

    def _most_at_start(self, v: Mapping[str, Any], me: int, out: Out) -> None:
        base = self.s_most
        for province in v["most_at_start"]:
            out[base + province] = 1.0

    def _draws(self, v: Mapping[str, Any], me: int, out: Out) -> None:
        rel, drawn = self.rels[me], [0.0] * self.sides
        for q, count in v["draws"]:
            drawn[rel[q]] += count / HAND_SCALE  # summed first, then stored: one rounding to float32
        for r, total in enumerate(drawn):
            if total:
                out[self.s_draws + r] = total

    def _battle(self, v: Mapping[str, Any], me: int, out: Out) -> None:
        battle = v["battle"]
        if battle:
            rel = self.rels[me]
            attacker, defender, province, pot = battle
            out[self.s_b_att + rel[attacker]] = 1.0
            out[self.s_b_def + rel[defender]] = 1.0
            out[self.s_b_prov + province] = 1.0
            out[self.s_b_pot] = pot / CUBE_SCALE

    def _last_battle(self, v: Mapping[str, Any], me: int, out: Out) -> None:
        last = v["last_battle"]
        if last:
            rel, n = self.rels[me], self.sides
            attacker, defender, province, winner = last
            out[self.s_lb_att + rel[attacker]] = 1.0
            out[self.s_lb_def + rel[defender]] = 1.0
            out[self.s_lb_prov + province] = 1.0
            # winner: a seat, -1 when both sides were wiped out, -2 when the battle was abandoned
            out[self.s_lb_win + (rel[winner] if winner >= 0 else n - 1 - winner)] = 1.0

    def _judges(self, v: Mapping[str, Any], me: int, out: Out) -> None:
        """Each Judge's space on the path, how often each has scored, who passed Home this round."""
        w = self.path
        for judge, space in enumerate(v["judges"]):
            out[self.s_judges + judge * w + space] = 1.0
        scored = [0.0] * len(v["judges"])
        for judge in v["scored"]:
            scored[judge] += 1.0 / self.scoring_scale  # summed first, then stored: one rounding
        for judge, total in enumerate(scored):
            if total:
                out[self.s_scored + judge] = total
        for judge in v["passed_home"]:
            out[self.s_passed + judge] += 1.0


def _deciding_seat(state: Position, seat: int | None) -> int:
    return state.current_player()


def _deck_size(state: Position, seat: int | None) -> int:
    return len(state.deck)


def _hand_sizes(state: Position, seat: int | None) -> list[int]:
    return list(map(len, state.hands))


def _secret_sizes(state: Position, seat: int | None) -> list[int]:
    return list(map(len, state.secret))


def _own_hand(state: Position, seat: int | None) -> list[int] | None:
    """The seat's own hand, in the order held (the view sorts it; the encoder only counts cards)."""
    return None if seat is None else state.hands[seat]


def _own_secret(state: Position, seat: int | None) -> list[int] | None:
    return None if seat is None else state.secret[seat]
