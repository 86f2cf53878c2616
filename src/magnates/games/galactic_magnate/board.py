"""The board and every table of Galactic Magnate, loaded once from `data/*.json`.

The numbers live in JSON so that balancing the game is editing data, not code;
this module only gives them types and checks that the board has the shape the
seed describes (40 locations, corners, one utility/fortune/extractor per side).
"""

from __future__ import annotations

import json
from dataclasses import dataclass
from functools import cached_property
from pathlib import Path
from typing import Any

DATA = Path(__file__).with_name("data")

START = 0
BONUS = 7
DORMITORY = 10
METEOR_SHOWER = 20
PRISON = 30
BOARD_SIZE = 40

MONOPOLY = "monopoly"
UTILITY = "utility"
EXTRACTOR = "extractor"
FORTUNE = "fortune"
PROPERTY_KINDS = (MONOPOLY, UTILITY, EXTRACTOR)
EFFECT_TYPES = frozenset({"cash", "per_upgrade", "salary", "each_player", "advance_to_start", "go_to_prison"})
"""What a Fortune event may do (see fortune.py)."""


@dataclass(frozen=True)
class Location:
    index: int
    name: str
    kind: str
    group: int = -1
    price: int = 0
    mortgage: int = 0

    @property
    def is_property(self) -> bool:
        return self.kind in PROPERTY_KINDS


@dataclass(frozen=True)
class Group:
    """A monopoly: its locations, the price of one upgrade and the fee at levels 1..5."""

    index: int
    name: str
    color: str
    locations: tuple[int, ...]
    upgrade_price: int
    fees: tuple[int, ...]


@dataclass(frozen=True)
class FortuneEvent:
    index: int
    key: str
    title: str
    text: str
    choice: bool
    weight: int
    effects: tuple[dict[str, Any], ...]


@dataclass(frozen=True)
class Tables:
    characters: tuple[str, ...]
    start_cash: dict[int, int]
    start_salary: dict[int, int]
    bonus_money: dict[int, int]
    utility_fees: tuple[int, ...]
    extractor_profits: tuple[int, ...]
    collapse_expenses: int
    interest_percent: int
    middleman_percent: int
    player_auction_opening: int
    player_auction_seller_percent: int
    resign_gift: int
    resign_salary_change: int
    meteor_salary_change: int
    bonus_salary_change: int
    recession_every_rounds: int
    recession_salary_change: int
    prison_turns: int
    max_upgrade_level: int
    raises: tuple[int, ...]
    offer_percents: tuple[int, ...]
    locations: tuple[Location, ...]
    groups: tuple[Group, ...]
    events: tuple[FortuneEvent, ...]

    @cached_property
    def properties(self) -> tuple[int, ...]:
        return tuple(loc.index for loc in self.locations if loc.is_property)

    @cached_property
    def price(self) -> tuple[int, ...]:
        """Each location's price, by index (0 where it cannot be bought)."""
        return tuple(loc.price for loc in self.locations)

    @cached_property
    def mortgage(self) -> tuple[int, ...]:
        return tuple(loc.mortgage for loc in self.locations)

    @cached_property
    def property_mortgages(self) -> tuple[tuple[int, int], ...]:
        """(location, mortgage) of every property, for the credit sums of the hot path."""
        return tuple((loc, self.mortgage[loc]) for loc in self.properties)


def _read(name: str) -> dict[str, Any]:
    data: dict[str, Any] = json.loads((DATA / name).read_text())
    data.pop("_about", None)
    return data


def shipped_data() -> dict[str, Any]:
    """The shipped tables as one object (a fresh copy): what `magnates design galactic-magnate` exports."""
    return {"board": _read("board.json"), "fortune": _read("fortune.json")}


def _load() -> Tables:
    return build(shipped_data())


def build(data: dict[str, Any]) -> Tables:
    """Tables from an object of `shipped_data`'s shape (the shipped one, or a design's, checked)."""
    board, fortune = data["board"], data["fortune"]
    rules = board["rules"]
    locations = tuple(
        Location(
            index=i,
            name=loc["name"],
            kind=loc["kind"],
            group=loc.get("group", -1),
            price=loc.get("price", 0),
            mortgage=loc.get("mortgage", 0),
        )
        for i, loc in enumerate(board["locations"])
    )
    groups = tuple(
        Group(
            index=g,
            name=grp["name"],
            color=grp["color"],
            locations=tuple(loc.index for loc in locations if loc.kind == MONOPOLY and loc.group == g),
            upgrade_price=grp["upgrade_price"],
            fees=tuple(grp["fees"]),
        )
        for g, grp in enumerate(board["groups"])
    )
    events = tuple(
        FortuneEvent(i, e["key"], e["title"], e["text"], bool(e["choice"]), int(e["weight"]), tuple(e["effects"]))
        for i, e in enumerate(fortune["events"])
    )
    tables = Tables(
        characters=tuple(board["characters"]),
        start_cash={int(k): v for k, v in board["start_cash"].items()},
        start_salary={int(k): v for k, v in board["start_salary"].items()},
        bonus_money={int(k): v for k, v in board["bonus_money"].items()},
        utility_fees=tuple(board["utility_fees"]),
        extractor_profits=tuple(board["extractor_profits"]),
        collapse_expenses=rules["collapse_expenses"],
        interest_percent=rules["interest_percent"],
        middleman_percent=rules["middleman_percent"],
        player_auction_opening=rules["player_auction_opening"],
        player_auction_seller_percent=rules["player_auction_seller_percent"],
        resign_gift=rules["resign_gift"],
        resign_salary_change=rules["resign_salary_change"],
        meteor_salary_change=rules["meteor_salary_change"],
        bonus_salary_change=rules["bonus_salary_change"],
        recession_every_rounds=rules["recession_every_rounds"],
        recession_salary_change=rules["recession_salary_change"],
        prison_turns=rules["prison_turns"],
        max_upgrade_level=rules["max_upgrade_level"],
        raises=tuple(rules["raises"]),
        offer_percents=tuple(rules["offer_percents"]),
        locations=locations,
        groups=groups,
        events=events,
    )
    check_shape(tables)
    return tables


def _need(condition: bool, message: str) -> None:
    if not condition:
        raise ValueError(f"data/board.json does not match the seed's board: {message}")


def check_shape(t: Tables) -> None:
    """The seed's board: fail loudly at import if the data file drifts from it."""
    locs = t.locations
    _need(len(locs) == BOARD_SIZE, "the board has 40 locations")
    corners = {START: "start", DORMITORY: "dormitory", METEOR_SHOWER: "meteor", PRISON: "prison"}
    for index, kind in corners.items():
        _need(locs[index].kind == kind, f"location {index} must be {kind}")
    _need(locs[BONUS].kind == "bonus", "Bonus is the seventh location after Start")
    for side in range(4):
        kinds = [locs[side * 10 + k].kind for k in range(1, 10)]
        for kind in (FORTUNE, UTILITY, EXTRACTOR):
            _need(kinds.count(kind) == 1, f"side {side + 1} has exactly one {kind}")
        _need(kinds[4] == EXTRACTOR, f"the extractor is in the middle of side {side + 1}")
        groups = {locs[side * 10 + k].group for k in range(1, 10) if kinds[k - 1] == MONOPOLY}
        _need(len(groups) == 2, f"side {side + 1} holds two monopolies")
    _need(len(t.groups) == 8, "there are eight monopolies")
    _need(all(len(g.fees) == t.max_upgrade_level for g in t.groups), "one fee per upgrade level")
    _need(len(t.utility_fees) == 4 and len(t.extractor_profits) == 4, "four utility fees and four extractor profits")
    _need(len(set(t.characters)) == 15, "15 different characters")
    for event in t.events:
        for effect in event.effects:
            _need(effect.get("type") in EFFECT_TYPES, f"Fortune event {event.key} has an unknown effect {effect}")


TABLES = _load()
LOCATIONS = TABLES.locations
GROUPS = TABLES.groups
EVENTS = TABLES.events
PROPERTIES = TABLES.properties
KIND = tuple(loc.kind for loc in LOCATIONS)
GROUP_OF = tuple(loc.group for loc in LOCATIONS)
PRICE = tuple(loc.price for loc in LOCATIONS)
MORTGAGE = tuple(loc.mortgage for loc in LOCATIONS)
UTILITIES = tuple(loc.index for loc in LOCATIONS if loc.kind == UTILITY)
EXTRACTORS = tuple(loc.index for loc in LOCATIONS if loc.kind == EXTRACTOR)
