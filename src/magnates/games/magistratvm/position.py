"""Where everything is in a Magistratvm game: plain lists of integers, copied by hand.

Everything is public in Magistratvm (the face-down tiles are only an unordered
pile whose contents everyone can deduce), so the position and every view hold
the same facts. What may happen to them lives in the phase modules (setup,
income, bidding, action_phase, elections, end_of_turn), which all read and write
a `Position`; `flow` strings the phases together, and `state.MagistratvmState`
is a `Position` that answers the engine contract with them.
"""

from __future__ import annotations

from typing import Any, Self

from magnates.core.game import CHANCE, TERMINAL, Game, State
from magnates.core.native import mypyc_attr
from magnates.games.magistratvm import phases
from magnates.games.magistratvm.actions import ActionIndex
from magnates.games.magistratvm.components import (
    DIE_START,
    NUM_SLOTS,
    NUM_TILES,
    PATRICIANS_PER_PLAYER,
    TOKENS_PER_PLAYER,
)
from magnates.games.magistratvm.ledger import empty_tally
from magnates.games.magistratvm.offices import NUM_OFFICES

# Fields written as-is to JSON; clone() copies each by name, and a test checks that it covers them all.
FLAT_INT_LISTS = (
    "gold",
    "dice",
    "estate_tokens",
    "slots",
    "pile",
    "tile_owner",
    "tile_gold",
    "patricians",
    "rollers",
    "rolls",
    "passed",
    "gifted",
    "circuit",
    "elected",
    "support",
    "support_done",
    "refill_slots",
)
NESTED_INT_LISTS = ("tokens", "active", "inactive", "redistribution")
BOOL_LISTS = ("governed", "discarded")
SCALARS = (
    "phase",
    "turn",
    "final",
    "prefect",
    "decider",
    "bank",
    "prefect_gold",
    "income_done",
    "high_bid",
    "high_bidder",
    "consecutive_passes",
    "disp_office",
    "disp_active",
    "circuit_pos",
    "pending_tile",
    "actor",
    "turn_limit",
)


@mypyc_attr(allow_interpreted_subclasses=True)  # compiled: Python code constructing it runs __init__ (see State)
class Position(State):
    """One position without its rules. Lists are indexed by seat, Province place (slot), tile or office."""

    ids: ActionIndex
    """The game's action ids, kept here so that the rules find them without knowing the game's class."""

    def __init__(self, game: Game, ids: ActionIndex, *, empty: bool = False) -> None:
        self.game = game
        self.ids = ids
        self.n = n = game.num_players
        self.history = []
        self._legal = None
        if empty:
            return
        self.phase = phases.SETUP_DRAW
        self.turn = 0
        self.final = 0
        """1 during the final electoral circuit (plurality wins, a tie discards)."""
        self.prefect = -1
        self.decider = -1
        self.bank = 0
        """The bank's balance: minus the gold it has paid out net. Gold is conserved with it."""
        self.prefect_gold = 0
        self.gold = [0] * n
        self.dice = [DIE_START] * n
        self.estate_tokens = [TOKENS_PER_PLAYER] * n
        self.tokens = [[0] * n for _ in range(NUM_SLOTS)]
        self.slots = [-1] * NUM_SLOTS
        self.pile = list(range(NUM_TILES))
        self.tile_owner = [-1] * NUM_TILES
        self.tile_gold = [0] * NUM_TILES
        self.governed = [False] * NUM_TILES
        self.discarded = [False] * NUM_TILES
        self.patricians = [PATRICIANS_PER_PLAYER] * n
        self.active = [[0] * n for _ in range(NUM_OFFICES)]
        self.inactive = [[0] * n for _ in range(NUM_OFFICES)]
        self.rollers = list(range(n))
        self.rolls: list[int] = []
        self.income_done = 0
        self.high_bid = -1
        self.high_bidder = -1
        self.passed = [0] * n
        self.consecutive_passes = 0
        self.gifted = [0] * n
        self.disp_office = -1
        self.disp_active = 0
        self.circuit: list[int] = []
        self.circuit_pos = 0
        self.elected = [0] * NUM_SLOTS
        self.support = [0] * n
        self.support_done = [0] * n
        self.redistribution: list[list[int]] = []
        """Queue of [seat, tokens in hand] still to be redistributed, the current one first."""
        self.pending_tile = -1
        """The tile the Dictator just took, while it decides where its Magistrate goes."""
        self.actor = -1
        """Whose turn it is in the action phase (a displacement chain lends the decision to others)."""
        self.refill_slots = list(range(NUM_SLOTS))
        self.turn_limit = int(game.options["turn_limit"])
        self.income = empty_tally(n)
        """Gold each seat has gained so far, by source (`ledger.SOURCES`); only counted, never read."""

    # -- whose move, copying and saving ----------------------------------------------
    def current_player(self) -> int:
        phase = self.phase
        if phase in phases.CHANCE_PHASES:
            return CHANCE
        if phase == phases.GAME_OVER:
            return TERMINAL
        return self.decider

    def to_json(self) -> dict[str, Any]:
        data: dict[str, Any] = {"players": self.n, "history": list(self.history)}
        for name in SCALARS:
            data[name] = getattr(self, name)
        for name in FLAT_INT_LISTS:
            data[name] = list(getattr(self, name))
        for name in NESTED_INT_LISTS:
            data[name] = [list(row) for row in getattr(self, name)]
        for name in BOOL_LISTS:
            data[name] = list(getattr(self, name))
        data["income"] = [list(row) for row in self.income]
        return data

    def clone(self) -> Self:
        # Field by field (not through __dict__), so the class can also be compiled (scripts/build_compiled.sh);
        # tests/magistratvm/test_mv_properties.py checks that it copies every field the position has.
        other = type(self)(self.game, self.ids, empty=True)
        other.history = self.history[:]
        other._legal = self._legal
        other.phase = self.phase
        other.turn = self.turn
        other.final = self.final
        other.prefect = self.prefect
        other.decider = self.decider
        other.bank = self.bank
        other.prefect_gold = self.prefect_gold
        other.income_done = self.income_done
        other.high_bid = self.high_bid
        other.high_bidder = self.high_bidder
        other.consecutive_passes = self.consecutive_passes
        other.disp_office = self.disp_office
        other.disp_active = self.disp_active
        other.circuit_pos = self.circuit_pos
        other.pending_tile = self.pending_tile
        other.actor = self.actor
        other.turn_limit = self.turn_limit
        other.gold = self.gold[:]
        other.dice = self.dice[:]
        other.estate_tokens = self.estate_tokens[:]
        other.slots = self.slots[:]
        other.pile = self.pile[:]
        other.tile_owner = self.tile_owner[:]
        other.tile_gold = self.tile_gold[:]
        other.patricians = self.patricians[:]
        other.rollers = self.rollers[:]
        other.rolls = self.rolls[:]
        other.passed = self.passed[:]
        other.gifted = self.gifted[:]
        other.circuit = self.circuit[:]
        other.elected = self.elected[:]
        other.support = self.support[:]
        other.support_done = self.support_done[:]
        other.refill_slots = self.refill_slots[:]
        other.governed = self.governed[:]
        other.discarded = self.discarded[:]
        other.tokens = [row[:] for row in self.tokens]
        other.active = [row[:] for row in self.active]
        other.inactive = [row[:] for row in self.inactive]
        other.redistribution = [row[:] for row in self.redistribution]
        other.income = [row[:] for row in self.income]
        return other

    # -- small queries the rules and bots share ----------------------------------------
    def office_count(self, office: int) -> int:
        return sum(self.active[office]) + sum(self.inactive[office])

    def occupied_slots(self) -> list[int]:
        return [s for s in range(NUM_SLOTS) if self.slots[s] >= 0]

    def available_gold(self, seat: int) -> int:
        """Gold a player may spend now: the turn's gold plus gold on Provinces it governs."""
        total = self.gold[seat]
        for tile in range(NUM_TILES):
            if self.governed[tile] and self.tile_owner[tile] == seat:
                total += self.tile_gold[tile]
        return total

    def in_transit(self, seat: int) -> int:
        """1 while this seat's displaced Aedile waits for its owner to choose a row."""
        return 1 if self.phase == phases.DISPLACE_INTO and self.decider == seat else 0

    def governors(self, seat: int) -> int:
        return sum(1 for t in range(NUM_TILES) if self.governed[t] and self.tile_owner[t] == seat)
