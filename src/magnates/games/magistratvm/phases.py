"""The steps of a Magistratvm turn, as small integers (a position's `phase`), and what a step returns.

Each step belongs to one phase of the rules' turn (income, bidding, actions,
elections, end of turn); `flow.TURN` groups them and says which phase follows
which. The numbers are saved in states and records, so they never change.
"""

from __future__ import annotations

from enum import Enum

SETUP_DRAW = 0  # chance: the six face-up Provinces are drawn
SETUP_ROLL = 1  # chance: each player rolls for Prefect once
INCOME = 2  # each player chooses Quaestors and the income die
BIDDING = 3  # the auction for Prefect
ACTIONS = 4  # the action phase, until all pass in succession
DISPLACE = 5  # a displaced Magistrate's chain: the chooser names the next victim
DISPLACE_INTO = 6  # a displaced Aedile's owner chooses the Quaestor or Tribune row
DICTATOR = 7  # the Dictator chooses the Province it takes
DICTATOR_GOVERN = 8  # the Dictator governs that Province or goes home
START = 9  # the Prefect chooses where the circuit starts
SUPPORT = 10  # players add Magistrates' influence to the Province voting now
REDISTRIBUTE = 11  # removed tokens are moved to later Provinces or sent home
REFILL = 12  # chance: new Provinces fill the places of decided ones
GAME_OVER = 13
SETUP_TIE = 14  # chance: the players tied for the highest roll re-roll; one node says who wins (D24)

NAMES: tuple[str, ...] = (
    "setup: provinces",
    "setup: prefect roll",
    "income",
    "bidding",
    "actions",
    "displacement",
    "displacement row",
    "dictator",
    "dictator governor",
    "circuit start",
    "magistrate support",
    "redistribution",
    "new provinces",
    "game over",
    "setup: prefect re-roll",
)
CHANCE_PHASES = frozenset({SETUP_DRAW, SETUP_ROLL, SETUP_TIE, REFILL})


class Then(Enum):
    """What a phase module's step returns: its phase goes on, or it is over.

    A phase module never begins another phase: when its phase is over it says so, and
    `flow` begins the phase its table names next.
    """

    STAY = "the phase goes on: a player or chance acts next in it"
    DONE = "the phase is over: the flow table says what follows"


STAY = Then.STAY
DONE = Then.DONE
