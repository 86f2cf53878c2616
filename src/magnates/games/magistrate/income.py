"""Income by source: the cubes each seat gained over the game, and where they came from.

Cubes are Magistrate's currency: action cubes buy every action, evidence cubes in a Home buy
victory points at scoring. A designer asks which part of the economy feeds the players, so a
cube counts as income when it reaches a seat from outside (the Central Stockpile, or a battle's
pot), by the rule that gave it:

- `material`: the resource corner of a card discarded in Update Resources (into the supply);
- `informants`, `press`, `quartermaster`: the Agent Ops that gain cubes (into the supply);
- `secret evidence`: the cubes a revealed secret card brings into the Home at a scoring round;
- `battles`: the pot of 2 green cubes the winner of a battle takes home as evidence.

Cubes a player pays from his supply into his own Home (Production, Influence, a March that wins
a majority, the Clerk of the Court) only move between his own places and are not income; nor
are the starting cubes. Every amount is what was actually received: when the stockpile runs
short a gain counts only the cubes that were left. All of it is public (corners, ops and
revealed evidence are face up), so the views show it.
"""

from __future__ import annotations

from typing import TYPE_CHECKING

if TYPE_CHECKING:
    from magnates.games.magistrate.position import Position

SOURCES = ("material", "informants", "press", "quartermaster", "secret evidence", "battles")
MATERIAL, INFORMANTS, PRESS, QUARTERMASTER, SECRET_EVIDENCE, BATTLES = range(len(SOURCES))
OP_SOURCES = {"Informants": INFORMANTS, "Press": PRESS, "Quartermaster": QUARTERMASTER}
"""The Agent Ops cells that gain cubes, by their name on the board (`data/agent_ops.json`)."""


def empty(players: int) -> list[list[int]]:
    """No income yet: one count per source for every seat (also what an old save loads as)."""
    return [[0] * len(SOURCES) for _ in range(players)]


def earn(s: Position, player: int, source: int, cubes: int) -> None:
    s.income[player][source] += cubes


def by_source(s: Position) -> dict[str, dict[str, int]]:
    """`Result.details["income"]`: {seat as str: {source: cubes}} (the report's convention)."""
    return {str(p): dict(zip(SOURCES, s.income[p], strict=True)) for p in range(s.n)}
