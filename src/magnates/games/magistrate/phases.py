"""The stages of a game round and the six action phases, in the sheet's order."""

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
