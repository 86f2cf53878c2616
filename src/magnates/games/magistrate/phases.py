"""The stages of a game round and the six action phases, in the sheet's order, and what an action
leaves of a player's turn.

A state records where the round stands in two fields: `stage` (Update Resources, the Action
Phases, Apply Influence, or the game is over) and, during the Action Phases, `phase` (an index
into `PHASES`). `flow.py` holds the table that says which phase follows which.
"""

from enum import Enum

MATERIAL, ACTIONS, INFLUENCE, OVER = "material", "actions", "influence", "over"
OPS_PEOPLE, PEOPLE, MARCH, OPS_MILITARY, ATTACKS, AGENTS = range(6)
PHASES = (
    "Agent Ops: People",
    "People Actions",
    "Military March/Fortify",
    "Agent Ops: Military",
    "Military Attacks",
    "Add/Assign Agents",
)


class Then(Enum):
    """What a phase's `apply` returns: the same player acts again, or his turn in this phase is over.

    A phase never names the phase after it: once every player has ended his turn, `flow` looks
    the next phase up in its table.
    """

    SAME_PLAYER = "same player"
    NEXT_PLAYER = "next player"


SAME_PLAYER = Then.SAME_PLAYER
NEXT_PLAYER = Then.NEXT_PLAYER
