"""The reference sheet for `magnates rules magistrate`, written from the very tables the engine plays by.

Costs come from the rule modules' constants and the component files, so the
sheet a table reads and the game the computer runs cannot drift apart.
"""

from __future__ import annotations

from typing import Any

from magnates.games.magistrate.components import components
from magnates.games.magistrate.design import load as load_design
from magnates.games.magistrate.military import ATTACK_COST, FORTIFY_COST
from magnates.games.magistrate.people import CONSCRIPTS_PER_CUBE, INFLUENCE_COST, POPULARITY_COST
from magnates.games.magistrate.phases import PHASES
from magnates.games.magistrate.scoring import CUBES_PER_VP, END_CUBES_PER_VP, TIE_BREAKERS


def render_options(options: dict[str, Any]) -> str:
    comp = load_design(options["design"]).built if options.get("design") is not None else components()
    players = int(options.get("players", 3))
    homes = ", ".join(f"Player {i + 1}: {comp.provinces[h].name}" for i, h in enumerate(comp.homes[players]))
    chips = comp.blocking_chips[players]
    blocked = [comp.cells[c].name for c in chips]
    ops = "\n".join(f"- {cell.row.title()} row: {cell.describe()}" for cell in comp.cells if cell.id not in chips)
    most = " (3-4 players: +1 VP more for the sole most)" if players >= 3 else ""
    return f"""# Magistrate: rules cheatsheet

*{players} players*

**Setup.** Each player: Flag with 1 Ring and a Fort in his Home ({homes}); 1 Agent on the Header;
{comp.start_cards} cards; {comp.start_cubes[0]} purple, {comp.start_cubes[1]} green, {comp.start_cubes[2]} orange cubes.
Judges on the Judges' Home (a loop of {comp.path_spaces} spaces, Home included).
Blocking chips: {", ".join(blocked) or "none"}.

**Round.** 1. Update Resources: 1 card per Fort; discard 1 card per Ring for its corner; 1 card may go
face down as secret evidence. 2. Action phases, once around the table each: {"; ".join(PHASES)}.
3. Apply Influence: flip {comp.flips_per_round} cards, Judges move forward; a Judge reaching or passing
Home scores. 4. First Player token passes left. The game ends after {comp.scoring_rounds_to_end}+ scoring rounds.

**People** (purple): Conscript 1 -> {CONSCRIPTS_PER_CUBE} soldiers at Home · Production 1 (to Home) -> 1 card, or
trade a "2"/"3" card · Popularity {POPULARITY_COST} -> +1 Ring, remove 1 map soldier per existing Ring ·
Influence Judges {INFLUENCE_COST} (to Home) + discard a card: move its Judges all forward or all back,
never onto Home.

**Military** (green): March 1 (to Home if it wins a new majority) · Fortify {FORTIFY_COST} where you have the
most soldiers (1 soldier -> Fort) · Attack {ATTACK_COST}: flip cards until one side is gone; winner takes the
cubes as evidence (1 each if both are wiped out); a Fort is the defender's last stand.

**Agents** (orange): Add Agent: 1 per Agent already on the board · Assign Agents: free, one of yours per open cell.
{ops}

**Scoring round** (secret evidence revealed first): People 1 VP/Ring, Military 1 VP/Fort, Agent 1 VP/Agent,
+1 VP per {CUBES_PER_VP} evidence cubes of the Judge's colour (returned).

**End.** +1 VP per {END_CUBES_PER_VP} evidence cubes; Rings, Forts, Agents: +1 VP for more than at least one
other player{most}. Ties: {", ".join(TIE_BREAKERS)}.
"""
