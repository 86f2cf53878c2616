"""A Magistrate design from a file: the map, the Judges' path, the stocks, the deck and the Agent Ops board.

The design file has the shape of `components.shipped_data()` (what `magnates design magistrate`
exports): one object per data file, `map`, `judges`, `stocks`, `deck` and `agent_ops`. Any part may
be left out and keeps the shipped value (objects merge key by key, a list replaces the shipped list).
The merged design is checked here before a game uses it: every field's type, then every reference
(a neighbour, a Home, a blocked cell is a province or cell that exists), every count (a Home per
seat, enough cards to deal) and the rules' invariants (two-way roads, battles that end), each
refusal naming its field (`map.provinces[3].neighbours[1]: 14 is not a province (0 to 11)`).
"""

from __future__ import annotations

import json
from typing import Any

from magnates.core import design
from magnates.core.errors import did_you_mean
from magnates.core.json_check import Bool, Int, ListOf, Name, Shape, Str
from magnates.games.magistrate.components import COLOURS, JUDGES, Components, build, shipped_data

PLAYER_COUNTS = ("2", "3", "4")
ROWS = ("people", "military")
"""The Agent Ops board's rows: each has its own phase in the round."""
EFFECTS = ("gain_cubes", "draw_cards", "add_soldiers", "move_judge", "build_fort", "sabotage")
CUBES = ListOf(Int(0, 99), 3)

REF = design.Either((Int(), Str()))
"""A province or cell named by its id (its place in the list) or by its name."""
PROVINCE = design.Obj(
    {
        "id": Int(0),
        "name": Str(),
        "ring": Name(("outer", "inner"), "ring (outer or inner)"),
        "neighbours": ListOf(REF),
    }
)
CARD = design.Obj(
    {
        "id": Int(0),
        "resources": design.Either((design.Obj({"cubes": CUBES}), design.Obj({"cards": Int(2, 3)}))),
        "battle": design.Obj({"attacker_loses": Int(0, 30), "defender_loses": Int(0, 30)}),
        "agent_op": Int(0, 30),
        "influence": ListOf(ListOf(Int(0, len(JUDGES) - 1), 2)),
    }
)
EFFECT = design.Obj(
    {
        "kind": Name(EFFECTS, "kind of effect"),
        "colour": Int(0, len(COLOURS) - 1),
        "amount": design.Either((Int(1, 99), Name(("card",), 'whole number or "card"'))),
    },
    optional=frozenset({"colour", "amount"}),
)
CELL = design.Obj(
    {
        "id": Int(0),
        "row": Name(ROWS, "row (people or military)"),
        "name": Str(),
        "pay_stockpile": CUBES,
        "pay_home": CUBES,
        "discard": Bool(),
        "effect": EFFECT,
    }
)
SHAPE: Shape = design.Obj(
    {
        "map": design.Obj({"provinces": ListOf(PROVINCE), "homes": design.Keyed(PLAYER_COUNTS, ListOf(REF))}),
        "judges": design.Obj({"spaces": Int(3, 100), "judges": ListOf(Str(), 3), "scoring_rounds_to_end": Int(1, 100)}),
        "stocks": design.Obj(
            {
                "soldiers": Int(1, 100),
                "forts": Int(1, 50),
                "rings": Int(1, 50),
                "agents": Int(1, 50),
                "central_cubes_per_colour": Int(1, 10_000),
                "start_cards": Int(0, 20),
                "start_cubes": CUBES,
                "flips_per_round": Int(0, 20),
                "round_limit": Int(1, 1000),
            }
        ),
        "deck": design.Obj({"cards": ListOf(CARD)}),
        "agent_ops": design.Obj({"cells": ListOf(CELL), "blocking_chips": design.Keyed(PLAYER_COUNTS, ListOf(REF))}),
    }
)


def _names(items: list[dict[str, Any]]) -> str:
    return f"0 to {len(items) - 1}" if items else "there are none"


def _ids_in_order(items: list[dict[str, Any]], path: str) -> None:
    for index, item in enumerate(items):
        if item["id"] != index:
            design.refuse(f"{path}[{index}].id", f"is {item['id']}; ids count 0, 1, 2... in the order listed")


def _resolve(refs: list[Any], names: list[str], path: str, what: str) -> None:
    """Names in a list of references become ids, in place; a name that is not one is refused."""
    for k, ref in enumerate(refs):
        if isinstance(ref, str):
            if names.count(ref) != 1:
                design.refuse(f"{path}[{k}]", f"{json.dumps(ref)} is not a {what}{did_you_mean(ref, names)}")
            refs[k] = names.index(ref)


def check_rules(data: dict[str, Any]) -> None:
    """References, counts and the invariants the rules rely on, each refusal naming its field."""
    provinces = data["map"]["provinces"]
    cards = data["deck"]["cards"]
    cells = data["agent_ops"]["cells"]
    stocks = data["stocks"]
    if len(provinces) < 4:
        design.refuse("map.provinces", f"has {len(provinces)} provinces; the map needs at least 4 (a Home per seat)")
    _ids_in_order(provinces, "map.provinces")
    names = [p["name"] for p in provinces]
    for index, province in enumerate(provinces):
        if names.count(province["name"]) > 1:
            design.refuse(f"map.provinces[{index}].name", f"{province['name']!r} names two provinces")
        _resolve(province["neighbours"], names, f"map.provinces[{index}].neighbours", "province")
    for seats, homes in data["map"]["homes"].items():
        _resolve(homes, names, f"map.homes.{seats}", "province")
    cell_names = [cell["name"] for cell in cells]
    for seats, chips in data["agent_ops"]["blocking_chips"].items():
        _resolve(chips, cell_names, f"agent_ops.blocking_chips.{seats}", "Agent Ops cell")
    for index, province in enumerate(provinces):
        path = f"map.provinces[{index}].neighbours"
        if not province["neighbours"]:
            design.refuse(path, f"{province['name']} has no neighbour: soldiers could never leave it")
        for k, other in enumerate(province["neighbours"]):
            if not 0 <= other < len(provinces):
                design.refuse(f"{path}[{k}]", f"{other} is not a province ({_names(provinces)})")
            if other == index:
                design.refuse(f"{path}[{k}]", f"{province['name']} cannot neighbour itself")
            if province["neighbours"].count(other) > 1:
                design.refuse(f"{path}[{k}]", f"{names[other]} is listed twice")
            if index not in provinces[other]["neighbours"]:
                design.refuse(
                    f"{path}[{k}]",
                    f"{province['name']} lists {names[other]} but {names[other]} does not list {province['name']} "
                    "(roads go both ways)",
                )
    for seats, homes in data["map"]["homes"].items():
        path = f"map.homes.{seats}"
        if len(homes) != int(seats):
            design.refuse(path, f"has {len(homes)} Homes; a {seats}-player game needs one per seat, {seats}")
        for k, home in enumerate(homes):
            if not 0 <= home < len(provinces):
                design.refuse(f"{path}[{k}]", f"{home} is not a province ({_names(provinces)})")
            if homes.count(home) > 1:
                design.refuse(f"{path}[{k}]", f"{names[home]} is the Home of two seats")
    _ids_in_order(cards, "deck.cards")
    for index, card in enumerate(cards):
        path = f"deck.cards[{index}]"
        battle = card["battle"]
        if battle["attacker_loses"] + battle["defender_loses"] == 0:
            design.refuse(f"{path}.battle", "a battle card must cost someone a soldier, or a battle could last forever")
        cubes = card["resources"].get("cubes")
        if cubes is not None and not any(cubes):
            design.refuse(f"{path}.resources.cubes", "a resource corner gives at least one cube")
        if not card["influence"]:
            design.refuse(f"{path}.influence", "a card moves at least one Judge")
        for k, (_judge, spaces) in enumerate(card["influence"]):
            if spaces not in (1, 2):
                design.refuse(f"{path}.influence[{k}][1]", f"a Judge moves 1 or 2 spaces, not {spaces}")
    players = max(int(n) for n in PLAYER_COUNTS)
    needed = players * stocks["start_cards"] + stocks["flips_per_round"]
    if len(cards) < needed:
        design.refuse(
            "deck.cards",
            f"has {len(cards)} cards; dealing {stocks['start_cards']} to each of {players} seats and flipping "
            f"{stocks['flips_per_round']} needs at least {needed}",
        )
    _ids_in_order(cells, "agent_ops.cells")
    for index, cell in enumerate(cells):
        _check_effect(cell["effect"], cell["discard"], f"agent_ops.cells[{index}]")
    for seats, chips in data["agent_ops"]["blocking_chips"].items():
        for k, chip in enumerate(chips):
            if not 0 <= chip < len(cells):
                design.refuse(
                    f"agent_ops.blocking_chips.{seats}[{k}]", f"{chip} is not an Agent Ops cell ({_names(cells)})"
                )
    for row in ROWS:
        if not any(cell["row"] == row for cell in cells):
            design.refuse("agent_ops.cells", f"the {row} row has no cell")
    if data["judges"]["judges"] != list(JUDGES):
        design.refuse("judges.judges", f"the Judges are the rules' own, {', '.join(JUDGES)}, in that order")
    for colour, count in enumerate(stocks["start_cubes"]):
        if count * players > stocks["central_cubes_per_colour"]:
            design.refuse(
                f"stocks.start_cubes[{colour}]",
                f"{players} seats starting with {count} {COLOURS[colour]} need more than the "
                f"{stocks['central_cubes_per_colour']} cubes of the stockpile",
            )


def _check_effect(effect: dict[str, Any], discard: bool, path: str) -> None:
    kind = effect["kind"]
    amount = effect.get("amount")
    if kind == "gain_cubes" and "colour" not in effect:
        design.refuse(f"{path}.effect.colour", "gain_cubes needs the colour of the cubes gained (0, 1 or 2)")
    if kind != "gain_cubes" and "colour" in effect:
        design.refuse(f"{path}.effect.colour", f"only gain_cubes has a colour, not {kind}")
    if kind in ("gain_cubes", "draw_cards", "add_soldiers", "sabotage") and amount is None:
        design.refuse(f"{path}.effect.amount", f'{kind} needs an amount (a whole number, or "card")')
    if amount == "card" and not discard:
        design.refuse(f"{path}.effect.amount", '"card" is the discarded card\'s op value: the cell must discard a card')


def load(value: Any) -> design.Loaded[Components]:
    """The design of a path or of a design object (what a record keeps), read and checked."""
    label, override = design.read(value)
    override = design.without_game_key(label, override, "magistrate")
    merged = design.checked(label, shipped_data(), override, SHAPE, check_rules)
    return design.Loaded(override, merged, build(merged))
