"""The Magistratvm game: options, action space, states from JSON, bots."""

from __future__ import annotations

import random
from collections.abc import Mapping
from functools import cached_property
from typing import Any

from magnates.core.actions import Action
from magnates.core.bot import BotFactory
from magnates.core.encoding import Encoder
from magnates.core.errors import OptionError, RecordError
from magnates.core.game import Game, require
from magnates.core.options import Option
from magnates.games.magistratvm import consistency, phases
from magnates.games.magistratvm.actions import ActionIndex
from magnates.games.magistratvm.bots import GreedyBot
from magnates.games.magistratvm.components import NUM_SLOTS, NUM_TILES, PATRICIANS_PER_PLAYER, TOKENS_PER_PLAYER
from magnates.games.magistratvm.info import static_info
from magnates.games.magistratvm.ledger import SOURCES, empty_tally
from magnates.games.magistratvm.observation import MagistratvmEncoder
from magnates.games.magistratvm.offices import NUM_OFFICES
from magnates.games.magistratvm.position import BOOL_LISTS, FLAT_INT_LISTS, NESTED_INT_LISTS, SCALARS
from magnates.games.magistratvm.state import MagistratvmState
from magnates.games.magistratvm.treasury import total_gold
from magnates.games.magistratvm.upgrade import actions_of_version_1


class MagistratvmGame(Game):
    name = "magistratvm"
    title = "Magistratvm"
    version = "2"  # 2: the tied re-roll for Prefect is one chance outcome (D24); records of 1 are upgraded
    options_declared = (
        Option("players", 4, (3, 4), "3 or 4 players; with 3 the gray office seats are out of play"),
        Option(
            "turn_limit",
            40,
            None,
            "force the final circuit after this many turns (0: never); a safety net, real games end far sooner",
        ),
    )

    def check_options(self, options: dict[str, Any]) -> None:
        if options["turn_limit"] < 0:
            raise OptionError("option 'turn_limit' must be 0 (no limit) or a positive number of turns")

    @property
    def num_players(self) -> int:
        return int(self.options["players"])

    @cached_property
    def index(self) -> ActionIndex:
        return ActionIndex(self.num_players)

    def build_action_space(self) -> list[Action]:
        return list(self.index.actions)

    def upgrade_actions(self, version: str, actions: list[int]) -> list[int]:
        """A record's actions made by rules `version`, as this version plays them (RecordError if it cannot)."""
        if version == "1":
            return actions_of_version_1(self, actions)
        raise RecordError(
            f"this record was made by magistratvm rules version {version}; this installation has {self.version}"
        )

    def observation_encoder(self) -> Encoder:
        """Built once per option set (and kept): the slices' lengths depend on the player count."""
        encoder: Encoder | None = self.__dict__.get("_encoder")
        if encoder is None:
            encoder = self.__dict__["_encoder"] = MagistratvmEncoder(self.num_players, int(self.options["turn_limit"]))
        return encoder

    def new_initial_state(self) -> MagistratvmState:
        return MagistratvmState(self, self.index)

    def state_from_json(self, data: Mapping[str, Any]) -> MagistratvmState:
        state = self._read_fields(data)
        consistency.check(state, data)
        return state

    def _read_fields(self, data: Mapping[str, Any]) -> MagistratvmState:
        """The state `data` describes, each field checked alone (a view, with its extra fields, reads too)."""
        if not isinstance(data, Mapping):
            raise RecordError("a Magistratvm state is a JSON object")
        require(
            data.get("players") == self.num_players,
            f"the state is for {data.get('players')!r} players, this game has {self.num_players}",
        )
        state = MagistratvmState(self, self.index, empty=True)
        n = self.num_players
        sizes = {
            "gold": n,
            "dice": n,
            "estate_tokens": n,
            "slots": NUM_SLOTS,
            "tile_owner": NUM_TILES,
            "tile_gold": NUM_TILES,
            "patricians": n,
            "passed": n,
            "gifted": n,
            "elected": NUM_SLOTS,
            "support": n,
            "support_done": n,
            "governed": NUM_TILES,
            "discarded": NUM_TILES,
        }
        for name in SCALARS:
            value: Any = data.get(name)
            require(type(value) is int, f"state field {name!r} must be a whole number, not {value!r}")
            setattr(state, name, value)
        for name in FLAT_INT_LISTS:
            value = data.get(name)
            require(
                isinstance(value, list) and all(type(x) is int for x in value),
                f"state field {name!r} must be a list of whole numbers",
            )
            require(
                name not in sizes or len(value) == sizes[name],
                f"state field {name!r} must have {sizes.get(name)} entries",
            )
            setattr(state, name, list(value))
        for name in BOOL_LISTS:
            value = data.get(name)
            require(
                isinstance(value, list) and len(value) == sizes[name] and all(type(x) is bool for x in value),
                f"state field {name!r} must be a list of {sizes[name]} true/false values",
            )
            setattr(state, name, list(value))
        rows = {"tokens": (NUM_SLOTS, n), "active": (NUM_OFFICES, n), "inactive": (NUM_OFFICES, n)}
        for name in NESTED_INT_LISTS:
            value = data.get(name)
            require(
                isinstance(value, list) and all(isinstance(r, list) and all(type(x) is int for x in r) for r in value),
                f"state field {name!r} must be a list of lists of whole numbers",
            )
            if name in rows:
                require(
                    len(value) == rows[name][0] and all(len(r) == n for r in value),
                    f"state field {name!r} must be {rows[name][0]} rows of {n}",
                )
            setattr(state, name, [list(r) for r in value])
        state.income = _income_from_json(data.get("income"), n)
        require(0 <= state.phase < len(phases.NAMES), f"unknown phase {state.phase}")
        history = data.get("history", [])
        require(
            isinstance(history, list) and all(type(a) is int for a in history), "history must be a list of action ids"
        )
        require(
            all(0 <= a < self.num_distinct_actions for a in history), "history holds an id outside the action space"
        )
        state.history = list(history)
        _check_ranges(state)
        _check_conservation(state)
        return state

    def sample_state(self, view: Mapping[str, Any], rng: random.Random) -> MagistratvmState:
        """Nothing is hidden: the view rebuilds the state exactly (rng unused)."""
        return self._read_fields(view)

    def static_info(self) -> dict[str, Any]:
        """The offices, the Table of Offices as the seed draws it, the tiles and the circuit's layout."""
        return static_info(self.num_players)

    def bot_factories(self) -> dict[str, BotFactory]:
        return {"greedy": lambda game: GreedyBot()}


def _income_from_json(value: Any, players: int) -> list[list[int]]:
    """The income tally; states saved before it was kept load with nothing counted."""
    if value is None:
        return empty_tally(players)
    width = len(SOURCES)
    require(
        isinstance(value, list)
        and len(value) == players
        and all(isinstance(r, list) and len(r) == width and all(type(x) is int and x >= 0 for x in r) for r in value),
        f"state field 'income' must be {players} rows of {width} whole numbers, not negative ({', '.join(SOURCES)})",
    )
    return [list(r) for r in value]


def _check_ranges(state: MagistratvmState) -> None:
    """Every number within its range, so a loaded state can never crash the rules later."""
    n = state.n
    seats = range(n)
    require(all(-1 <= t < NUM_TILES for t in state.slots), "a circuit place holds an unknown tile")
    require(all(0 <= t < NUM_TILES for t in state.pile), "the face-down pile holds an unknown tile")
    require(all(-1 <= q < n for q in state.tile_owner), "a tile belongs to an unknown player")
    for t in range(NUM_TILES):
        places = (t in state.pile) + state.slots.count(t) + (state.tile_owner[t] >= 0) + state.discarded[t]
        require(places == 1, f"tile {t} must be in exactly one place (pile, circuit, an estate or discarded)")
        require(not state.governed[t] or state.tile_owner[t] >= 0, f"tile {t} has a Governor but no owner")
    counts = [*state.gold, *state.estate_tokens, *state.patricians, *state.tile_gold, state.prefect_gold]
    counts += [c for row in state.tokens + state.active + state.inactive for c in row]
    require(all(c >= 0 for c in counts), "gold, tokens and Magistrates cannot be negative")
    require(all(1 <= d <= 6 for d in state.dice), "an income die shows 1 to 6")
    for name in ("prefect", "decider", "actor", "high_bidder"):
        require(-1 <= getattr(state, name) < n, f"state field {name!r} must name a seat or be -1")
    if state.phase not in phases.CHANCE_PHASES and state.phase != phases.GAME_OVER:
        require(state.decider in seats, "a player must be deciding in this phase")
    require(
        all(len(e) == 2 and e[0] in seats and e[1] >= 0 for e in state.redistribution),
        "redistribution entries are [seat, tokens]",
    )
    require(all(0 <= s < NUM_SLOTS for s in state.circuit + state.refill_slots), "unknown circuit place")
    require(0 <= state.circuit_pos <= len(state.circuit), "the circuit position is past its end")
    require(-1 <= state.disp_office < NUM_OFFICES, "unknown office in the displacement")
    require(-1 <= state.pending_tile < NUM_TILES, "unknown tile taken by the Dictator")
    require(all(q in seats for q in state.rollers), "an unknown player is rolling")
    _check_phase(state)


def _check_phase(state: MagistratvmState) -> None:
    """The phase's own bookkeeping must be there, so the next action finds what it needs."""
    phase = state.phase
    name = phases.NAMES[phase]
    if phase >= phases.INCOME and phase != phases.SETUP_TIE:
        require(0 <= state.prefect < state.n, "after setup there is always a Prefect")
    if phase in (phases.SETUP_DRAW, phases.REFILL):
        require(
            0 < len(state.refill_slots) <= len(state.pile) and all(state.slots[x] < 0 for x in state.refill_slots),
            f"the {name} phase needs empty places to fill and tiles to fill them",
        )
    if phase == phases.SETUP_DRAW:
        require(state.rollers == list(range(state.n)) and not state.rolls, "nobody has rolled before the setup draw")
    if phase == phases.SETUP_ROLL:
        require(0 <= len(state.rolls) < len(state.rollers), "the prefect roll needs players still to roll")
    if phase == phases.SETUP_TIE:
        require(len(state.rollers) >= 2 and not state.rolls, "the re-roll for Prefect needs two or more tied players")
    if phase == phases.BIDDING and state.high_bidder >= 0:
        require(
            0 <= state.high_bid <= state.available_gold(state.high_bidder), "the high bid exceeds the bidder's gold"
        )
    if phase in (phases.SUPPORT, phases.REDISTRIBUTE):
        require(state.circuit_pos < len(state.circuit), f"the {name} phase needs a Province voting")
    if phase == phases.SUPPORT:
        require(state.slots[state.circuit[state.circuit_pos]] >= 0, "the Province voting must be in the circuit")
    if phase == phases.REDISTRIBUTE:
        require(
            bool(state.redistribution) and state.redistribution[0][0] == state.decider,
            "the player redistributing must have tokens in hand",
        )
    if phase == phases.DISPLACE:
        require(state.disp_office >= 0, "a displacement needs its office")
    if phase == phases.DICTATOR_GOVERN:
        require(state.pending_tile >= 0, "the Dictator must have taken a Province")
    if phase in (phases.DICTATOR, phases.START):
        require(bool(state.occupied_slots()), f"the {name} phase needs Provinces in the circuit")


def _check_conservation(state: MagistratvmState) -> None:
    for q in range(state.n):
        tokens = (
            state.estate_tokens[q]
            + sum(row[q] for row in state.tokens)
            + sum(c for seat, c in state.redistribution if seat == q)
        )
        require(tokens == TOKENS_PER_PLAYER, f"player {q + 1} has {tokens} influence tokens; there must be 20")
        patricians = state.patricians[q] + sum(state.active[o][q] + state.inactive[o][q] for o in range(NUM_OFFICES))
        patricians += sum(1 for t in range(NUM_TILES) if state.governed[t] and state.tile_owner[t] == q)
        patricians += state.in_transit(q)
        require(patricians == PATRICIANS_PER_PLAYER, f"player {q + 1} has {patricians} patricians; there must be 6")
    require(total_gold(state) == 0, "the gold does not add up: bank + players + prefect space + provinces must be 0")
