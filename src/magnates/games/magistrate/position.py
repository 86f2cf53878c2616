"""Where everything is in a Magistrate game: plain lists of ints, copied by hand.

The map, the Agent Ops board, the cubes in each place, the cards in each pile,
and where the round stands (`stage`, and within the Action Phases `phase`).
What may happen to them lives in the rule modules (resources, people, military,
battle, agents, judges, scoring), which all read and write a `Position`; `flow`
strings the phases together, and `state.MagistrateState` is a `Position` that
answers the engine contract with them.
"""

from __future__ import annotations

from typing import Any, Self

from magnates.core.game import CHANCE, TERMINAL, Game, State
from magnates.core.native import mypyc_attr
from magnates.games.magistrate.actions import ActionIds
from magnates.games.magistrate.components import Components
from magnates.games.magistrate.layout import Layout
from magnates.games.magistrate.phases import INFLUENCE, OVER

# Fields written by `to_json` and read by the loader: (name, depth of list nesting); `clone` copies each
# by name, and a test checks that it covers them all.
FIELDS: tuple[tuple[str, int], ...] = (
    ("round", 0),
    ("first", 0),
    ("stage", 0),
    ("phase", 0),
    ("turn", 0),
    ("soldiers", 2),
    ("stock_soldiers", 1),
    ("forts", 1),
    ("stock_forts", 1),
    ("rings", 1),
    ("header", 1),
    ("placed", 2),
    ("stock_agents", 1),
    ("supply", 2),
    ("evidence", 2),
    ("stockpile", 1),
    ("hands", 2),
    ("secret", 2),
    ("deck", 1),
    ("discard", 1),
    ("judges", 1),
    ("scoring_rounds", 0),
    ("scored", 1),
    ("vp", 1),
    ("draws", 2),
    ("battle", 1),
    ("removals", 0),
    ("placing", 0),
    ("flips_left", 0),
    ("passed_home", 1),
    ("material_left", 0),
    ("ops_used", 1),
    ("assigned", 0),
    ("most_at_start", 1),
    ("end_reason", 0),
    ("last_battle", 1),
    ("income", 2),
)


@mypyc_attr(allow_interpreted_subclasses=True)  # compiled: Python code constructing it runs __init__ (see State)
class Position(State):
    """A Magistrate state without its rules: the fields, whose move it is, counting, copying and saving."""

    layout: Layout
    comp: Components
    ids: ActionIds
    n: int
    home: tuple[int, ...]
    blocked: tuple[int, ...]

    round: int
    first: int
    stage: str
    phase: int
    turn: int
    soldiers: list[list[int]]
    stock_soldiers: list[int]
    forts: list[int]
    stock_forts: list[int]
    rings: list[int]
    header: list[int]
    placed: list[list[int]]
    stock_agents: list[int]
    supply: list[list[int]]
    evidence: list[list[int]]
    stockpile: list[int]
    hands: list[list[int]]
    secret: list[list[int]]
    deck: list[int]
    discard: list[int]
    judges: list[int]
    scoring_rounds: int
    scored: list[int]
    vp: list[int]
    draws: list[list[int]]
    battle: list[int]
    removals: int
    placing: bool
    flips_left: int
    passed_home: list[int]
    material_left: int
    ops_used: list[int]
    assigned: bool
    most_at_start: list[int]
    end_reason: str
    last_battle: list[int]
    income: list[list[int]]

    def __init__(self, game: Game, layout: Layout) -> None:
        self.game = game
        self.layout = layout
        self.comp = layout.comp
        self.ids = layout.ids
        self.n = layout.players
        self.home = layout.homes
        self.blocked = layout.blocked
        self.history = []
        self._legal = None

    # -- whose move ----------------------------------------------------------------
    @property
    def decider(self) -> int:
        """The seat whose turn it is in the current phase (also the decider at decision nodes)."""
        return (self.first + self.turn) % self.n

    def current_player(self) -> int:
        """Pending chance events come before any decision: owed draws, a running battle, the influence flips."""
        if self.stage == OVER:
            return TERMINAL
        if self.draws or self.battle or self.stage == INFLUENCE:
            return CHANCE
        return (self.first + self.turn) % self.n

    # -- counting (used by scoring, views and bots) ----------------------------------
    def forts_on_map(self, player: int) -> int:
        return self.forts.count(player)

    def agents_on_board(self, player: int) -> int:
        return self.header[player] + sum(self.placed[player])

    def soldiers_off_home(self, player: int) -> int:
        row = self.soldiers[player]
        return sum(row) - row[self.home[player]]

    def has_most(self, player: int, province: int) -> bool:
        """Strictly more soldiers there than every other player (a tie is not "the most")."""
        mine = self.soldiers[player][province]
        if mine == 0:
            return False
        return all(self.soldiers[q][province] < mine for q in range(self.n) if q != player)

    # -- copying and saving ------------------------------------------------------------
    def clone(self) -> Self:
        # Field by field (not through __dict__), so the class can also be compiled (scripts/build_compiled.sh);
        # tests/magistrate/test_round.py checks that it copies every field of FIELDS.
        other = type(self)(self.game, self.layout)
        other.history = self.history[:]
        other._legal = self._legal
        other.round = self.round
        other.first = self.first
        other.stage = self.stage
        other.phase = self.phase
        other.turn = self.turn
        other.soldiers = [row[:] for row in self.soldiers]
        other.stock_soldiers = self.stock_soldiers[:]
        other.forts = self.forts[:]
        other.stock_forts = self.stock_forts[:]
        other.rings = self.rings[:]
        other.header = self.header[:]
        other.placed = [row[:] for row in self.placed]
        other.stock_agents = self.stock_agents[:]
        other.supply = [row[:] for row in self.supply]
        other.evidence = [row[:] for row in self.evidence]
        other.stockpile = self.stockpile[:]
        other.hands = [row[:] for row in self.hands]
        other.secret = [row[:] for row in self.secret]
        other.deck = self.deck[:]
        other.discard = self.discard[:]
        other.judges = self.judges[:]
        other.scoring_rounds = self.scoring_rounds
        other.scored = self.scored[:]
        other.vp = self.vp[:]
        other.draws = [row[:] for row in self.draws]
        other.battle = self.battle[:]
        other.removals = self.removals
        other.placing = self.placing
        other.flips_left = self.flips_left
        other.passed_home = self.passed_home[:]
        other.material_left = self.material_left
        other.ops_used = self.ops_used[:]
        other.assigned = self.assigned
        other.most_at_start = self.most_at_start[:]
        other.end_reason = self.end_reason
        other.last_battle = self.last_battle[:]
        other.income = [row[:] for row in self.income]
        return other

    def to_json(self) -> dict[str, Any]:
        data: dict[str, Any] = {"players": self.n}
        for name, depth in FIELDS:
            value = getattr(self, name)
            data[name] = value if depth == 0 else [row[:] for row in value] if depth == 2 else value[:]
        data["history"] = self.history[:]
        return data
