"""The phases of a Magistratvm game, as small integers (the state's `phase`)."""

from __future__ import annotations

SETUP_DRAW = 0  # chance: the six face-up Provinces are drawn
SETUP_ROLL = 1  # chance: each player rolls for Prefect (ties re-roll)
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
)
CHANCE_PHASES = frozenset({SETUP_DRAW, SETUP_ROLL, REFILL})
