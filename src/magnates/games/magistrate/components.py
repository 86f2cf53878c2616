"""The designed components of Magistrate, read from the JSON files in `data/`.

The prototype's map, Judges' path, Agent Ops board and deck were never
published; this project designed them (docs/rules/magistrate.md says why).
Keeping them as data means a redesign is an edit of a table, not of the rules.
"""

from __future__ import annotations

import json
from dataclasses import dataclass
from functools import cache
from importlib import resources
from typing import Any

from magnates.core.errors import MagnatesError

PURPLE, GREEN, ORANGE = 0, 1, 2
COLOURS = ("purple", "green", "orange")
"""Cube colours; index c is also the Judge of that colour (People, Military, Agent)."""
JUDGES = ("People", "Military", "Agent")


def _load(name: str) -> Any:
    return json.loads(resources.files("magnates.games.magistrate").joinpath("data", name).read_text())


@dataclass(frozen=True)
class Province:
    id: int
    name: str
    inner: bool
    neighbours: tuple[int, ...]


@dataclass(frozen=True)
class Card:
    """One card's four uses: resource corner, battle result, agent-op value, Judge influence."""

    id: int
    cubes: tuple[int, int, int]
    """Cubes in the upper-right corner (all zero for a "2"/"3" card)."""
    cards: int
    """2 or 3 for a card-corner card, else 0."""
    attacker_loses: int
    defender_loses: int
    agent_op: int
    influence: tuple[tuple[int, int], ...]
    """(judge, spaces) pairs, all moved in one direction."""

    def corner_text(self) -> str:
        if self.cards:
            return f'"{self.cards}" cards'
        return " ".join(f"{n} {COLOURS[c]}" for c, n in enumerate(self.cubes) if n)

    def influence_text(self) -> str:
        return "+".join(f"{JUDGES[j]}{'x2' if s == 2 else ''}" for j, s in self.influence)

    def __str__(self) -> str:
        return (
            f"#{self.id} [{self.corner_text()} | battle A-{self.attacker_loses} D-{self.defender_loses}"
            f" | op {self.agent_op} | {self.influence_text()}]"
        )


@dataclass(frozen=True)
class OpCell:
    """A cell of the Agent Ops board: what an agent there may pay and do once per Agent Ops phase."""

    id: int
    row: str
    name: str
    pay_stockpile: tuple[int, int, int]
    pay_home: tuple[int, int, int]
    discard: bool
    effect: str
    colour: int
    amount: int | str

    def describe(self) -> str:
        costs = []
        if any(self.pay_stockpile):
            costs.append("pay " + _cubes(self.pay_stockpile))
        if any(self.pay_home):
            costs.append("pay " + _cubes(self.pay_home) + " to Home as evidence")
        if self.discard:
            costs.append("discard a card")
        amount = "the card's op value" if self.amount == "card" else str(self.amount)
        effects = {
            "gain_cubes": f"gain {amount} {COLOURS[self.colour]}",
            "draw_cards": f"draw {amount} card(s)",
            "add_soldiers": f"add {amount} soldiers to Home",
            "move_judge": "move one Judge 1 space either way",
            "build_fort": "build a Fort where you have the most soldiers (no soldier lost)",
            "sabotage": f"remove up to {amount} soldiers of the strongest rival in a province you share",
        }
        return f"{self.name}: {', '.join(costs)} -> {effects[self.effect]}"


def _cubes(counts: tuple[int, int, int]) -> str:
    return ", ".join(f"{n} {COLOURS[c]}" for c, n in enumerate(counts) if n)


@dataclass(frozen=True)
class Components:
    provinces: tuple[Province, ...]
    homes: dict[int, tuple[int, ...]]
    path_spaces: int
    scoring_rounds_to_end: int
    cards: tuple[Card, ...]
    cells: tuple[OpCell, ...]
    blocking_chips: dict[int, tuple[int, ...]]
    soldiers: int
    forts: int
    rings: int
    agents: int
    central_cubes: int
    start_cards: int
    start_cubes: tuple[int, int, int]
    flips_per_round: int
    round_limit: int

    def adjacent(self, a: int, b: int) -> bool:
        return b in self.provinces[a].neighbours


def _cell(data: dict[str, Any]) -> OpCell:
    effect = data["effect"]
    return OpCell(
        id=data["id"],
        row=data["row"],
        name=data["name"],
        pay_stockpile=tuple(data["pay_stockpile"]),  # type: ignore[arg-type]
        pay_home=tuple(data["pay_home"]),  # type: ignore[arg-type]
        discard=bool(data["discard"]),
        effect=effect["kind"],
        colour=int(effect.get("colour", -1)),
        amount=effect.get("amount", 0),
    )


def _card(data: dict[str, Any]) -> Card:
    corner = data["resources"]
    return Card(
        id=data["id"],
        cubes=tuple(corner.get("cubes", (0, 0, 0))),  # type: ignore[arg-type]
        cards=int(corner.get("cards", 0)),
        attacker_loses=data["battle"]["attacker_loses"],
        defender_loses=data["battle"]["defender_loses"],
        agent_op=data["agent_op"],
        influence=tuple((j, s) for j, s in data["influence"]),
    )


SHIPPED_FILES = ("map", "judges", "stocks", "deck", "agent_ops")
"""The data files of the designed components; a design file has one object per file, by these names."""


@cache
def _shipped_text() -> str:
    return json.dumps({name: _load(f"{name}.json") for name in SHIPPED_FILES})


def shipped_data() -> dict[str, Any]:
    """The shipped components as one object (a fresh copy): what `magnates design magistrate` exports."""
    data: dict[str, Any] = json.loads(_shipped_text())
    return data


@cache
def components() -> Components:
    """The shipped components, loaded once and checked for the invariants the rules rely on."""
    return build(shipped_data())


def build(data: dict[str, Any]) -> Components:
    """Components from the object of `shipped_data`'s shape (the shipped one, or a design's, checked)."""
    board = data["map"]
    judges = data["judges"]
    stocks = data["stocks"]
    deck = data["deck"]
    ops = data["agent_ops"]
    provinces = tuple(
        Province(p["id"], p["name"], p["ring"] == "inner", tuple(p["neighbours"])) for p in board["provinces"]
    )
    comp = Components(
        provinces=provinces,
        homes={int(k): tuple(v) for k, v in board["homes"].items()},
        path_spaces=judges["spaces"],
        scoring_rounds_to_end=judges["scoring_rounds_to_end"],
        cards=tuple(_card(c) for c in deck["cards"]),
        cells=tuple(_cell(c) for c in ops["cells"]),
        blocking_chips={int(k): tuple(v) for k, v in ops["blocking_chips"].items()},
        soldiers=stocks["soldiers"],
        forts=stocks["forts"],
        rings=stocks["rings"],
        agents=stocks["agents"],
        central_cubes=stocks["central_cubes_per_colour"],
        start_cards=stocks["start_cards"],
        start_cubes=tuple(stocks["start_cubes"]),  # type: ignore[arg-type]
        flips_per_round=stocks["flips_per_round"],
        round_limit=stocks["round_limit"],
    )
    _check(comp)
    return comp


class DesignError(MagnatesError, ValueError):
    """A designed component (map, deck, Agent Ops board) breaks a property the rules rely on.

    Raised rather than asserted: the check must hold under `python -O` too, since a
    one-way adjacency or an endless battle card would corrupt games silently.
    """


def _require(condition: bool, message: str) -> None:
    if not condition:
        raise DesignError(f"Magistrate components: {message}")


def _check(comp: Components) -> None:
    for index, p in enumerate(comp.provinces):
        _require(p.id == index, f"province {p.name} is listed out of order")
        for q in p.neighbours:
            _require(index in comp.provinces[q].neighbours, f"adjacency {p.name}-{comp.provinces[q].name} is one-way")
    for index, card in enumerate(comp.cards):
        _require(card.id == index, f"card {index} is listed out of order")
        _require(card.attacker_loses + card.defender_loses > 0, f"card {index} would let a battle last forever")
        _require((card.cards in (2, 3)) != any(card.cubes), f"card {index} needs one kind of resource corner")
        _require(all(s > 0 for _, s in card.influence), f"card {index} has an influence that moves nothing")
    for index, cell in enumerate(comp.cells):
        _require(cell.id == index, f"agent-ops cell {index} is listed out of order")
