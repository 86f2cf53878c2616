"""What a hand-edited Magistrate position may not get wrong (the strict loader, docs/positions.md).

`MagistrateGame.state_from_json` already refuses lists of the wrong shape and counts that break
conservation (soldiers, forts, agents, cubes, every card once). `check` runs on the state it
built: no field it does not know and none of the wrong type, and what the round implies: the
turn-start copy `most_at_start` only in a march turn, Agent Ops used only by the player's own
Agents, one entry in `scored` per scoring round, a battle between two players over a province.
Each refusal is a `RecordError` naming the field (`most_at_start`, `battle[2]`).
"""

from __future__ import annotations

from collections.abc import Mapping
from typing import TYPE_CHECKING, Any

from magnates.core.json_check import check_round_trip, kind_of, refuse
from magnates.games.magistrate.phases import ACTIONS, MARCH, OPS_MILITARY, OPS_PEOPLE, OVER

if TYPE_CHECKING:
    from magnates.games.magistrate.position import Position

SCALAR_TYPES: dict[str, type] = {
    "round": int,
    "first": int,
    "stage": str,
    "phase": int,
    "turn": int,
    "scoring_rounds": int,
    "removals": int,
    "placing": bool,
    "flips_left": int,
    "material_left": int,
    "assigned": bool,
    "end_reason": str,
}
OPTIONAL = ("income",)
"""States saved before income was tracked load with nothing received."""


def check(state: Position, data: Mapping[str, Any]) -> None:
    """Refuse `data` if the state rebuilt from it contradicts it or the rules (RecordError naming the field)."""
    for name, kind in SCALAR_TYPES.items():
        value = data[name]
        if type(value) is not kind:
            want = {int: "a whole number", str: "a string", bool: "true or false"}[kind]
            refuse(name, f"must be {want}, not {kind_of(value)} ({value!r})")
    check_round_trip(data, state.to_json(), optional=OPTIONAL)
    _turn(state)
    _judges(state)
    _battles(state)


def _turn(s: Position) -> None:
    """The turn's allowances and its turn-start copy agree with the phase and the board."""
    comp = s.comp
    provinces = range(len(comp.provinces))
    cells = range(len(comp.cells))
    if s.round > comp.round_limit:
        refuse("round", f"{s.round} is past the round limit {comp.round_limit}")
    if not all(0 <= h <= comp.agents for h in s.header):
        refuse("header", f"a player has 0 to {comp.agents} Agents on the header")
    marching = s.stage == ACTIONS and s.phase == MARCH
    if len(set(s.most_at_start)) != len(s.most_at_start) or any(p not in provinces for p in s.most_at_start):
        refuse("most_at_start", "lists provinces, each once")
    if s.most_at_start and not marching:
        refuse("most_at_start", "the turn-start majorities are kept only during a march turn")
    if len(set(s.ops_used)) != len(s.ops_used) or any(c not in cells for c in s.ops_used):
        refuse("ops_used", "lists Agent Ops cells, each once")
    if s.ops_used and not (s.stage == ACTIONS and s.phase in (OPS_PEOPLE, OPS_MILITARY)):
        refuse("ops_used", "Agent Ops are used only in the two Agent Ops phases")
    player = s.decider
    for cell in s.ops_used:
        if not s.placed[player][cell]:
            refuse("ops_used", f"{s.comp.cells[cell].name} is used by Player {player + 1}, who has no Agent there")
    if s.stage == ACTIONS and not 0 <= s.material_left <= s.rings[player]:
        refuse("material_left", f"Player {player + 1} discards at most one card per Ring ({s.rings[player]})")
    if min(s.removals, s.flips_left, s.material_left) < 0:
        refuse("removals", "removals, flips_left and material_left are never negative")
    if (s.stage == OVER) != bool(s.end_reason):
        refuse("end_reason", "the game has an end reason exactly when it is over")


def _judges(s: Position) -> None:
    if len(s.scored) != s.scoring_rounds:
        refuse("scored", f"lists {len(s.scored)} scoring rounds, but scoring_rounds is {s.scoring_rounds}")
    judges = range(len(s.judges))
    if any(j not in judges for j in s.scored):
        refuse("scored", "names a Judge that does not exist")
    if len(set(s.passed_home)) != len(s.passed_home) or any(j not in judges for j in s.passed_home):
        refuse("passed_home", "lists Judges, each once")


def _battles(s: Position) -> None:
    seats = range(s.n)
    provinces = range(len(s.comp.provinces))
    if s.battle:
        attacker, defender, province, cubes = s.battle
        if attacker not in seats or defender not in seats or attacker == defender:
            refuse("battle[0]", "a battle is between two different players")
        if province not in provinces:
            refuse("battle[2]", f"{province} is not a province")
        if cubes < 0:
            refuse("battle[3]", "the pot of cubes is never negative")
    if s.last_battle:
        if len(s.last_battle) != 4:
            refuse("last_battle", "is [attacker, defender, province, winner] or empty")
        attacker, defender, province, winner = s.last_battle
        if attacker not in seats or defender not in seats or province not in provinces:
            refuse("last_battle", "names a player or province that does not exist")
        if not -2 <= winner < s.n:
            refuse("last_battle[3]", "the winner is a seat, -1 (both wiped out) or -2 (abandoned)")
