"""The Galactic Magnate state: plain lists of numbers, a hand-written clone, JSON.

The rules themselves live in the sibling modules (movement, auctions, economy,
fortune, monopolies, trading, turns), strung together by `flow.py`'s tables;
this class holds the data, answers "who decides now", and hands the rest to
`flow`. Everything in the game is public, so the view is the whole state and
`sample_state` is exact.
"""

from __future__ import annotations

from typing import TYPE_CHECKING, Any, cast

from magnates.core.game import CHANCE, TERMINAL, Result, State, ranking_from_keys
from magnates.core.native import mypyc_attr
from magnates.games.galactic_magnate import economy, explain, flow, income, monopolies, views
from magnates.games.galactic_magnate.board import BOARD_SIZE, GROUPS, START, Tables
from magnates.games.galactic_magnate.phases import (
    AUCTION,
    BUY,
    CHARACTERS,
    DICE,
    EVENT_CHOICE,
    FORTUNE,
    OFFER,
    ORDER,
    OVER,
    PHASE_NAMES,
    ROLL,
)

if TYPE_CHECKING:
    from magnates.games.galactic_magnate.actions import ActionIds
    from magnates.games.galactic_magnate.game import GalacticMagnateGame


# Scalar fields as to_json() writes them (lists are listed apart); clone() copies each by name, and a
# test checks that these lists and clone() cover every field of the state.
SCALARS = (
    "phase",
    "chooser",
    "turn",
    "salary",
    "collapsed",
    "expenses",
    "bank",
    "doubles",
    "last_double",
    "event",
    "a_loc",
    "a_seller",
    "a_player",
    "a_bid",
    "a_high",
    "a_next",
    "auctioned",
    "offered",
    "trade_with",
    "draft_money",
    "draft_steps",
    "turns",
    "rounds",
    "end_reason",
)
LISTS = (
    "characters",
    "order",
    "cash",
    "pos",
    "prison",
    "alive",
    "owner",
    "level",
    "a_ring",
    "a_out",
    "draft_give",
    "draft_take",
    "offer_to",
    "offer_money",
    "eliminated",
)
NESTED = ("offer_give", "offer_take")
"""Lists of lists (one list of locations per seat), copied row by row."""


@mypyc_attr(allow_interpreted_subclasses=True)  # compiled: Python code constructing it runs __init__ (see State)
class GalacticState(State):
    ids: ActionIds
    tables: Tables

    def __init__(self, game: GalacticMagnateGame, *, empty: bool = False) -> None:
        self.game = game
        self.ids = game.ids
        self.tables = game.tables
        """The board's numbers and names: the shipped tables, or a design's (`--option design=`)."""
        self.n = game.num_players
        self.max_rounds: int = game.options["max_rounds"]
        self.history = []
        self._legal = None
        if empty:
            return
        n = self.n
        self.phase = CHARACTERS
        self.chooser = 0
        self.characters: list[int] = [-1] * n
        if game.options["characters"] == "dealt":
            # Characters are names only (no ability), so a default game deals them and starts at
            # the playing order; `characters=pick` keeps the seed's choice, seat by seat.
            self.characters = list(range(n))
            self.chooser = n
            self.phase = ORDER
        self.order: list[int] = list(range(n))
        self.turn = 0
        self.cash: list[int] = [self.tables.start_cash[n]] * n
        self.bank = -sum(self.cash)
        """The bank is an account: bank + sum(cash) is 0 for the whole game."""
        self.pos: list[int] = [START] * n
        self.prison: list[int] = [0] * n
        """Turns still to skip in Prison; above zero the player is a prisoner."""
        self.alive: list[bool] = [True] * n
        self.owner: list[int] = [-1] * BOARD_SIZE
        self.level: list[int] = [0] * len(GROUPS)
        self.salary = self.tables.start_salary[n]
        self.collapsed = False
        self.expenses = 0
        self.doubles = 0
        self.last_double = False
        self.event = -1
        self.a_loc = -1
        self.a_seller = -1
        self.a_player = False
        self.a_bid = 0
        self.a_high = -1
        self.a_next = -1
        self.a_ring: list[int] = []
        self.a_out: list[bool] = [False] * n
        self.auctioned = False
        self.offered = False
        self.trade_with = -1
        """The partner chosen for the offer being built (phase OFFER), else -1."""
        self.draft_give: list[int] = []
        self.draft_take: list[int] = []
        self.draft_money = 0
        """The offer being built: my properties, theirs, and money they pay me (negative: I pay)."""
        self.draft_steps = 0
        self.offer_to: list[int] = [-1] * n
        """Each seat's open offer: its receiver (-1: none), what it gives, takes, and the money."""
        self.offer_give: list[list[int]] = [[] for _ in range(n)]
        self.offer_take: list[list[int]] = [[] for _ in range(n)]
        self.offer_money: list[int] = [0] * n
        self.turns = 0
        self.rounds = 0
        self.eliminated: list[int] = []
        self.end_reason = ""
        self.income: list[list[int]] = income.empty(n)
        """What each seat has received so far, one column per `income.SOURCES` entry."""

    @property
    def galactic(self) -> GalacticMagnateGame:
        """`game`, typed as the Galactic Magnate game it is (the engine's `State` types it as any game)."""
        return cast("GalacticMagnateGame", self.game)

    # -- whose move ----------------------------------------------------------------
    def turn_holder(self) -> int:
        return self.order[self.turn]

    def current_player(self) -> int:
        phase = self.phase
        if phase == ROLL or phase == BUY or phase == EVENT_CHOICE or phase == OFFER:
            return self.order[self.turn]
        if phase == AUCTION:
            return self.a_next
        if phase == DICE or phase == FORTUNE or phase == ORDER:
            return CHANCE
        if phase == CHARACTERS:
            return self.chooser
        return TERMINAL

    # -- what may happen (flow.py: the phases as a table) ---------------------------
    def _chance_outcomes(self) -> list[tuple[int, float]]:
        return flow.chance_outcomes(self)

    def _legal_actions(self) -> list[int]:
        return flow.legal_actions(self)

    def _apply(self, action: int) -> None:
        flow.apply(self, action)

    def explain_illegal(self, action_id: int) -> str:
        return explain.why_illegal(self, action_id)

    def describe(self, action_id: int, viewer: int | None) -> str:
        """Proposals and acceptances are logged with both bundles (nothing here is hidden)."""
        return explain.describe(self, action_id)

    def clear_offer(self, offerer: int) -> None:
        """The seat's open offer is gone (recalled, rejected, accepted, or its parties left)."""
        self.offer_to[offerer] = -1
        self.offer_give[offerer] = []
        self.offer_take[offerer] = []
        self.offer_money[offerer] = 0

    # -- copies ----------------------------------------------------------------------
    def clone(self) -> GalacticState:
        # Field by field (not through __dict__), so the class can also be compiled (scripts/build_compiled.sh);
        # tests/galactic_magnate/test_rules.py checks that it copies every field the state has.
        other = GalacticState(self.galactic, empty=True)
        other.phase = self.phase
        other.chooser = self.chooser
        other.turn = self.turn
        other.salary = self.salary
        other.collapsed = self.collapsed
        other.expenses = self.expenses
        other.bank = self.bank
        other.doubles = self.doubles
        other.last_double = self.last_double
        other.event = self.event
        other.a_loc = self.a_loc
        other.a_seller = self.a_seller
        other.a_player = self.a_player
        other.a_bid = self.a_bid
        other.a_high = self.a_high
        other.a_next = self.a_next
        other.auctioned = self.auctioned
        other.offered = self.offered
        other.trade_with = self.trade_with
        other.draft_money = self.draft_money
        other.draft_steps = self.draft_steps
        other.turns = self.turns
        other.rounds = self.rounds
        other.end_reason = self.end_reason
        other.characters = self.characters[:]
        other.order = self.order[:]
        other.cash = self.cash[:]
        other.pos = self.pos[:]
        other.prison = self.prison[:]
        other.alive = self.alive[:]
        other.owner = self.owner[:]
        other.level = self.level[:]
        other.a_ring = self.a_ring[:]
        other.a_out = self.a_out[:]
        other.draft_give = self.draft_give[:]
        other.draft_take = self.draft_take[:]
        other.offer_to = self.offer_to[:]
        other.offer_money = self.offer_money[:]
        other.eliminated = self.eliminated[:]
        other.offer_give = [row[:] for row in self.offer_give]
        other.offer_take = [row[:] for row in self.offer_take]
        other.income = [row[:] for row in self.income]
        other.history = self.history[:]
        other._legal = None
        return other

    # -- the end ---------------------------------------------------------------------
    def net_worth(self, seat: int) -> int:
        """Cash, plus credit, plus what the upgrades would sell for: the round-limit score."""
        if not self.alive[seat]:
            return 0
        return self.cash[seat] + economy.credit(self, seat) + monopolies.upgrade_value(self, seat)

    def result(self) -> Result:
        if self.phase != OVER:
            raise ValueError("the game is not over yet")
        n = self.n
        worth = [self.net_worth(seat) for seat in range(n)]
        keys = []
        for seat in range(n):
            if self.alive[seat]:
                keys.append((1, worth[seat]))
            else:
                keys.append((0, self.eliminated.index(seat)))
        return Result(
            ranking=ranking_from_keys(keys),
            scores=[float(w) for w in worth],
            reason=self.end_reason,
            details={
                "turns": self.turns,
                "rounds": self.rounds,
                "eliminated": list(self.eliminated),
                "salary": self.salary,
                "collapsed": self.collapsed,
                "expenses": self.expenses,
                "income": income.by_source(self),
            },
        )

    # -- information -------------------------------------------------------------------
    def view(self, player: int | None) -> dict[str, Any]:
        return views.make_view(self, player)

    def public_json(self) -> dict[str, Any]:
        """Every field of the position (all of it is public), without the history."""
        data: dict[str, Any] = {name: getattr(self, name) for name in SCALARS}
        for name in LISTS:
            data[name] = getattr(self, name)[:]
        for name in NESTED:
            data[name] = [row[:] for row in getattr(self, name)]
        data["income"] = [row[:] for row in self.income]
        data["players"] = self.n
        return data

    def to_json(self) -> dict[str, Any]:
        data = self.public_json()
        data["history"] = list(self.history)
        return data

    @property
    def phase_name(self) -> str:
        return PHASE_NAMES[self.phase]
