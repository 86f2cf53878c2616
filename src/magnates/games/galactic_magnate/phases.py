"""The phases of a Galactic Magnate state (who is asked what), and what a phase module's step returns.

A state records its phase as one of the small integers below (`phase`); they are saved in states
and records, so they never change. `flow.PHASES` says who acts in each and what may follow it.
"""

from __future__ import annotations

from enum import Enum

CHARACTERS = 0
"""Seats choose their characters one by one."""
ORDER = 1
"""Chance: the random playing order."""
ROLL = 2
"""The turn holder, before a roll: roll, upgrade, trade, auction a property, resign."""
DICE = 3
"""Chance: two six-sided dice."""
BUY = 4
"""The turn holder stands on a free property: start an auction or do nothing."""
AUCTION = 5
"""A bidder raises or passes."""
FORTUNE = 6
"""Chance: a Fortune event."""
EVENT_CHOICE = 7
"""The turn holder takes or refuses a Fortune event that offers a choice."""
OVER = 8
OFFER = 9
"""The turn holder, having chosen a trading partner, picks an offer from the menu or makes none."""

PHASE_NAMES = ("characters", "order", "roll", "dice", "buy", "auction", "fortune", "event-choice", "over", "offer")


class Then(Enum):
    """What happens next, as a phase module's step returns it.

    A phase module never enters another phase: it says what follows, and `flow` carries that out as
    its `TRANSITIONS` table says. Whenever the game has ended meanwhile (a bankruptcy left one player,
    or the round limit came: `economy.finish`), nothing follows.
    """

    STAY = "the phase goes on: the same player, or the next one in it, is asked"
    TO_ORDER = "every character is chosen: the playing order is drawn (chance)"
    FIRST_TURN = "the first player in the playing order begins the first turn"
    TO_ROLL = "the turn holder is asked again before a roll (after a double, an offer, his own auction)"
    TO_DICE = "the dice are cast (chance)"
    TO_BUY = "the turn holder, on a free property he could pay for, starts an auction or not"
    TO_AUCTION = "bidding opens among the seats listed in `a_ring`"
    TO_FORTUNE = "a Fortune event is drawn (chance)"
    TO_EVENT_CHOICE = "the turn holder takes or refuses the event drawn"
    TO_OFFER = "the turn holder builds an offer to the partner he chose"
    ROLL_OVER = "the roll is over: the turn holder rolls again after a double, else the turn passes"
    TURN_OVER = "the turn passes along the playing order"
    NEW_TURN = "the next player's turn begins: offers gone stale are withdrawn, he is asked before his roll"
    GAME_OVER = "the game is over (the round limit): nothing follows"

    # The flow looks each step's answer up in its table: hashed by identity, that costs what an
    # int's lookup does (Enum's own __hash__, a Python function, costs four times as much).
    __hash__ = object.__hash__


# Read once per step in the rules' hot paths: module constants cost less than `Then.X` each time.
STAY = Then.STAY
TO_ORDER = Then.TO_ORDER
FIRST_TURN = Then.FIRST_TURN
TO_ROLL = Then.TO_ROLL
TO_DICE = Then.TO_DICE
TO_BUY = Then.TO_BUY
TO_AUCTION = Then.TO_AUCTION
TO_FORTUNE = Then.TO_FORTUNE
TO_EVENT_CHOICE = Then.TO_EVENT_CHOICE
TO_OFFER = Then.TO_OFFER
ROLL_OVER = Then.ROLL_OVER
TURN_OVER = Then.TURN_OVER
NEW_TURN = Then.NEW_TURN
GAME_OVER = Then.GAME_OVER
