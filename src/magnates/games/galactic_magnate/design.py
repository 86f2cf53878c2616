"""A Galactic Magnate design from a file: the designed tables, over the seed's fixed board.

The design file has the shape of `board.shipped_data()` (what `magnates design galactic-magnate`
exports): `board` (characters, start cash, salary and Bonus money per player count, utility fees,
extractor profits, the rule constants, the eight monopolies and the 40 locations) and `fortune`
(the events). Any part may be left out and keeps the shipped value: objects merge key by key, a
list given replaces the shipped list, so a changed location or monopoly is given with all 40 or 8.

What a design may change: names, colours, prices, mortgages, upgrade prices, fees, the money
tables and rule constants, and the Fortune events' texts, weights and effects. What it may not:
the board's layout (which location is a monopoly of which group, a utility, an extractor; the
seed fixes it), the number of upgrade levels, the bid raises and offer steps (they are the action
space), and the events' keys. Each refusal names its field (`board.groups[2].fees: ...`).
"""

from __future__ import annotations

from typing import Any

from magnates.core import design
from magnates.core.json_check import Bool, Int, ListOf, Name, Shape, Str
from magnates.games.galactic_magnate.board import (
    EFFECT_TYPES,
    PROPERTY_KINDS,
    TABLES,
    Tables,
    build,
    shipped_data,
)

MONEY = Int(0, 1_000_000)
CHANGE = Int(-10_000, 10_000)
PLAYER_COUNTS = ("2", "3", "4", "5")
KINDS = ("start", "monopoly", "utility", "fortune", "extractor", "bonus", "dormitory", "meteor", "prison")
WITH_AMOUNT = ("cash", "per_upgrade", "salary", "each_player")

LOCATION = design.Obj(
    {
        "name": Str(),
        "kind": Name(KINDS, "kind of location"),
        "group": Int(0, 7),
        "price": Int(1, 1_000_000),
        "mortgage": Int(0, 1_000_000),
    },
    optional=frozenset({"group", "price", "mortgage"}),
)
GROUP = design.Obj(
    {"name": Str(), "color": Str(), "upgrade_price": Int(1, 1_000_000), "fees": ListOf(MONEY, TABLES.max_upgrade_level)}
)
RULES = design.Obj(
    {
        "collapse_expenses": MONEY,
        "interest_percent": Int(0, 1000),
        "middleman_percent": Int(0, 100),
        "player_auction_opening": Int(1, 1_000_000),
        "player_auction_seller_percent": Int(0, 100),
        "resign_gift": MONEY,
        "resign_salary_change": CHANGE,
        "meteor_salary_change": CHANGE,
        "bonus_salary_change": CHANGE,
        "prison_turns": Int(1, 20),
        "max_upgrade_level": Int(),
        "raises": ListOf(Int()),
        "offer_percents": ListOf(Int()),
        "recession_every_rounds": Int(1, 1000),
        "recession_salary_change": CHANGE,
    }
)
EFFECT = design.Obj(
    {"type": Name(tuple(sorted(EFFECT_TYPES)), "Fortune effect"), "amount": CHANGE}, optional=frozenset({"amount"})
)
EVENT = design.Obj(
    {
        "key": Str(),
        "title": Str(),
        "text": Str(),
        "choice": Bool(),
        "weight": Int(0, 1000),
        "effects": ListOf(EFFECT),
    }
)
SHAPE: Shape = design.Obj(
    {
        "board": design.Obj(
            {
                "characters": ListOf(Str(), len(TABLES.characters)),
                "start_cash": design.Keyed(PLAYER_COUNTS, MONEY),
                "start_salary": design.Keyed(PLAYER_COUNTS, MONEY),
                "bonus_money": design.Keyed(PLAYER_COUNTS, MONEY),
                "utility_fees": ListOf(MONEY, 4),
                "extractor_profits": ListOf(MONEY, 4),
                "rules": RULES,
                "groups": ListOf(GROUP, len(TABLES.groups)),
                "locations": ListOf(LOCATION, len(TABLES.locations)),
            }
        ),
        "fortune": design.Obj({"events": ListOf(EVENT, len(TABLES.events))}),
    }
)


def _a(word: str) -> str:
    return f"an {word}" if word[0] in "aeiou" else f"a {word}"


def check_rules(data: dict[str, Any]) -> None:
    """The seed's fixed layout, the action space's fixed parts, and prices that make sense."""
    board = data["board"]
    rules = board["rules"]
    for name in ("max_upgrade_level", "raises", "offer_percents"):
        shipped = getattr(TABLES, name)
        if rules[name] != (list(shipped) if isinstance(shipped, tuple) else shipped):
            design.refuse(
                f"board.rules.{name}",
                f"is fixed at {shipped if not isinstance(shipped, tuple) else list(shipped)} "
                "(it shapes the moves a player has); a design changes the numbers of the tables",
            )
    names = board["characters"]
    for k, name in enumerate(names):
        if names.count(name) > 1:
            design.refuse(f"board.characters[{k}]", f"{name!r} is listed twice")
    for index, (loc, shipped) in enumerate(zip(board["locations"], TABLES.locations, strict=True)):
        path = f"board.locations[{index}]"
        if loc["kind"] != shipped.kind:
            design.refuse(
                f"{path}.kind",
                f"is {loc['kind']!r}, but location {index} is {_a(shipped.kind)} on the seed's board; "
                "a design changes names, prices and mortgages, not the layout",
            )
        if loc.get("group", -1) != shipped.group:
            where = f"monopoly {shipped.group}" if shipped.group >= 0 else "no monopoly"
            design.refuse(f"{path}.group", f"location {index} belongs to {where} on the seed's board")
        if shipped.kind in PROPERTY_KINDS:
            for field in ("price", "mortgage"):
                if field not in loc:
                    design.refuse(f"{path}.{field}", f"{_a(shipped.kind)} needs a {field}")
            if loc["mortgage"] > loc["price"]:
                design.refuse(
                    f"{path}.mortgage",
                    f"is {loc['mortgage']}, more than the price {loc['price']} (buying would add credit)",
                )
        else:
            for field in ("price", "mortgage"):
                if field in loc:
                    design.refuse(f"{path}.{field}", f"{_a(shipped.kind)} location is not for sale")
    events = data["fortune"]["events"]
    for index, (event, shipped_event) in enumerate(zip(events, TABLES.events, strict=True)):
        path = f"fortune.events[{index}]"
        if event["key"] != shipped_event.key:
            design.refuse(
                f"{path}.key", f"is {event['key']!r}; the events keep their keys ({shipped_event.key!r} here)"
            )
        for k, effect in enumerate(event["effects"]):
            has = "amount" in effect
            if effect["type"] in WITH_AMOUNT and not has:
                design.refuse(f"{path}.effects[{k}].amount", f"a {effect['type']} effect needs an amount")
            if effect["type"] not in WITH_AMOUNT and has:
                design.refuse(f"{path}.effects[{k}].amount", f"a {effect['type']} effect has no amount")
    if not any(event["weight"] for event in events):
        design.refuse("fortune.events", "every weight is 0: a Fortune location needs an event that can be drawn")


def load(value: Any) -> design.Loaded[Tables]:
    """The design of a path or of a design object (what a record keeps), read and checked."""
    label, override = design.read(value)
    override = design.without_game_key(label, override, "galactic-magnate")
    merged = design.checked(label, shipped_data(), override, SHAPE, check_rules)
    return design.Loaded(override, merged, build(merged))
