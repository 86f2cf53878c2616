"""The phases of a Galactic Magnate state: who is asked what."""

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
